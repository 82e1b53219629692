/// A value guarded by a lock, readable and writable from any thread.
///
/// Prefer ``modify(_:)`` for read-modify-write: reading ``value`` and then setting it is two
/// separate critical sections. The closures run while the lock is held; keep them short and do
/// not touch the same `Atomic` from inside them.
public final class Atomic<Value> {
    private let storage: Locked<Value>

    /// The current value. Setting replaces it atomically.
    public var value: Value {
        get { storage.withLock { $0 } }
        set { swap(newValue) }
    }

    /// Creates an atomic box holding `value`.
    public init(_ value: Value) {
        storage = Locked(value)
    }

    /// Mutates the value in place, atomically, and returns what `action` returns.
    @discardableResult
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLockCallingUserCode(action)
    }

    /// Reads the value, atomically, and returns what `action` returns.
    @discardableResult
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try storage.withLockCallingUserCode { try action($0) }
    }

    /// Replaces the value with `newValue` and returns the old one, atomically. The old value is
    /// released outside the lock.
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        storage.withLock { value in
            defer { value = newValue }
            return value
        }
    }
}

extension Atomic: @unchecked Sendable where Value: Sendable {}
