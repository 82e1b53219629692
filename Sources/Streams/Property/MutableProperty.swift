/// A thread-safe value that can be set and observed.
///
/// ```swift
/// let name = MutableProperty("")
/// name.producer.startWithValues { print("name: \($0)") }
/// name.value = "Ada"
/// // Prints: name: , then name: Ada
/// ```
///
/// - ``producer`` sends the current value on start, then every change; ``signal`` sends the
///   changes from now on. Both complete when the property is deinitialized.
/// - Every set (`value = `, ``modify(_:)``, ``swap(_:)``) is atomic, and observers see the
///   values in the order they were stored, each once, one at a time.
/// - Setting the property from inside one of its own observers queues the change: it is
///   delivered to every observer right after the current delivery, in order. The getter already
///   returns the new value.
/// - Can be used as a property wrapper: `@MutableProperty var count = 0` exposes the property
///   itself as `$count`.
@propertyWrapper
public final class MutableProperty<Value>: ComposableMutablePropertyProtocol {
    @usableFromInline let core: PropertyCore<Value>
    @usableFromInline let token: Lifetime.Token

    /// The lifetime of the property, which ends when it is deinitialized.
    public let lifetime: Lifetime

    /// The changes from now on; completes when the property is deinitialized.
    public let signal: Signal<Value, Never>

    /// Creates a property holding `initialValue`.
    ///
    /// - Parameter initialValue: The first value.
    @inlinable
    public init(_ initialValue: Value) {
        core = PropertyCore(initialValue)
        (lifetime, token) = Lifetime.make()
        signal = core.changes
    }

    /// Creates a property holding `wrappedValue`; used by the property-wrapper syntax.
    ///
    /// - Parameter wrappedValue: The first value.
    @inlinable
    public convenience init(wrappedValue: Value) {
        self.init(wrappedValue)
    }

    deinit {
        core.finish()
    }

    /// The current value. Setting it stores the new value and sends it to observers.
    @inlinable
    public var value: Value {
        get { core.value }
        set { core.modify { $0 = newValue } }
    }

    /// The current value, for the property-wrapper syntax.
    @inlinable
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The property itself, for the property-wrapper syntax (`$name`).
    public var projectedValue: MutableProperty<Value> { self }

    /// A producer sending the current value when started, then each change; it completes
    /// when the property is deinitialized. Starting it does not keep the property alive.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        core.producer()
    }

    /// Sets `newValue` and returns the value it replaced, atomically.
    ///
    /// - Parameter newValue: The new value.
    /// - Returns: The previous value.
    @inlinable @discardableResult
    public func swap(_ newValue: Value) -> Value {
        core.swap(newValue)
    }

    /// Changes the value in place, atomically, then sends the new value to observers.
    ///
    /// - Parameter action: Mutates the value. It runs under the property's lock: it must not
    ///   read or set this property.
    /// - Returns: What `action` returns.
    @inlinable @discardableResult
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        try core.modify(action)
    }

    /// Calls `action` with the current value while no other thread can change it.
    ///
    /// - Parameter action: Reads the value. It runs under the property's lock: it must not set
    ///   this property.
    /// - Returns: What `action` returns.
    @inlinable
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try core.withValue(action)
    }
}

/// A mutable property is shared between threads only when its values may be: its state is
/// behind a lock, but the values it hands out are the caller's.
extension MutableProperty: @unchecked Sendable where Value: Sendable {}
