#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one lock primitive of the package: an unfair mutex on Apple platforms, a pthread mutex
/// elsewhere. It is not reentrant and must be unlocked by the thread that locked it.
///
/// This is package API: Streams and Schedulers share it; it is not part of the public surface.
package struct PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let primitive: UnsafeMutablePointer<Primitive>

    /// Allocates an unlocked lock. Call `deallocate()` exactly once when done.
    package init() {
        primitive = .allocate(capacity: 1)
        #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
        #else
        let result = pthread_mutex_init(primitive, nil)
        precondition(result == 0, "PlatformLock: pthread_mutex_init failed with \(result)")
        #endif
    }

    /// Frees the lock. It must not be held.
    package func deallocate() {
        #if !canImport(Darwin)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Blocks until the lock is acquired.
    @inlinable @inline(__always)
    package func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        #else
        pthread_mutex_lock(primitive)
        #endif
    }

    /// Releases the lock.
    @inlinable @inline(__always)
    package func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
        #else
        pthread_mutex_unlock(primitive)
        #endif
    }

    /// Runs `body` while holding the lock.
    @inlinable @inline(__always)
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// State guarded by a lock, reached only through `withLock { (inout State) -> R }`.
///
/// The closure must be short and must never call out to user code or to an observer: the package
/// rule is that nothing downstream is ever called while a lock is held.
package final class Locked<State>: @unchecked Sendable {
    @usableFromInline let lock = PlatformLock()
    @usableFromInline var state: State

    /// Creates the box holding `initial`.
    package init(_ initial: State) {
        state = initial
    }

    deinit {
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the state and returns its result.
    @inlinable
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// An identifier of the calling thread, stable while the thread lives and never zero.
@inlinable @inline(__always)
package func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
