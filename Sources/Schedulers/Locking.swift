#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if os(Linux)
import CFutexLock
#endif

/// The one lock primitive of the package: an unfair mutex on Apple platforms, a futex mutex on
/// Linux (`CFutexLock`: one atomic instruction to lock and one to unlock when nobody waits), a
/// pthread mutex elsewhere. It is not reentrant and must be unlocked by the thread that locked it.
///
/// Only a signal's send lock (`SignalCoreBase.sendLock`) uses it directly: that lock is held
/// across the delivery of an event, a call into user code by design, which ``Locked``'s rules
/// forbid. Every other lock that signals, runs, operators and schedulers take is a ``Locked``,
/// and a flag read on every value (a synchronous run's interruption state, the delivering thread
/// of a signal) is a `Synchronization.Atomic` rather than locked state.
///
/// This is package API: Streams and Schedulers share it; it is not part of the public surface.
@usableFromInline
package struct PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline package typealias Primitive = os_unfair_lock
    #elseif os(Linux)
    @usableFromInline package typealias Primitive = cfutex_lock_t
    #else
    @usableFromInline package typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let primitive: UnsafeMutablePointer<Primitive>

    /// Allocates an unlocked lock. Call `deallocate()` exactly once when done.
    @usableFromInline
    package init() {
        primitive = .allocate(capacity: 1)
        Self.initialize(primitive)
    }

    /// Frees the lock. It must not be held.
    @usableFromInline
    package func deallocate() {
        Self.destroy(primitive)
        primitive.deallocate()
    }

    /// Blocks until the lock is acquired.
    @inlinable @inline(__always)
    package func lock() {
        Self.lock(primitive)
    }

    /// Releases the lock.
    @inlinable @inline(__always)
    package func unlock() {
        Self.unlock(primitive)
    }

    /// Acquires the lock if no thread holds it, without waiting; returns whether it did.
    @inlinable @inline(__always)
    package func tryLock() -> Bool {
        #if canImport(Darwin)
        return os_unfair_lock_trylock(primitive)
        #elseif os(Linux)
        return cfutex_trylock(primitive) != 0
        #else
        return pthread_mutex_trylock(primitive) == 0
        #endif
    }

    /// Initializes the primitive at `primitive`, unlocked.
    @usableFromInline
    static func initialize(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
        #elseif os(Linux)
        primitive.initialize(to: cfutex_lock_t())
        #else
        let result = pthread_mutex_init(primitive, nil)
        precondition(result == 0, "PlatformLock: pthread_mutex_init failed with \(result)")
        #endif
    }

    /// Deinitializes the primitive at `primitive`, which must not be held.
    @usableFromInline
    static func destroy(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if !canImport(Darwin) && !os(Linux)
        pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
    }

    /// Acquires the primitive at `primitive`.
    @inlinable @inline(__always)
    static func lock(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        #elseif os(Linux)
        cfutex_lock(primitive)
        #else
        pthread_mutex_lock(primitive)
        #endif
    }

    /// Releases the primitive at `primitive`.
    @inlinable @inline(__always)
    static func unlock(_ primitive: UnsafeMutablePointer<Primitive>) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
        #elseif os(Linux)
        cfutex_unlock(primitive)
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
/// Signals, runs, operators and schedulers keep the state that needs a lock in a `Locked`: no
/// bare `lock()` / `unlock()` pairs. The closure must be short and must never call out to user
/// code or to an observer, take another lock, or release anything whose deinitializer might: the
/// package rule is that nothing downstream is ever called while a lock is held. A transition
/// returns what is to be done (send, schedule, cancel, dispose, release), and that is done after
/// the lock is released. The public `Atomic` of Streams is a `Locked` for users.
///
/// The state and the lock live in one heap object, a `ManagedBuffer` whose element is the lock
/// primitive (which needs a fixed address) and whose header is the state: one allocation at
/// creation, and the state is reached through the buffer's pointer while the lock is held.
///
/// Such a lock is a leaf of ``LockOrder``: in debug builds, taking any lock of the package while
/// holding one stops the program, naming both by the place where they were created.
@usableFromInline
package struct Locked<State> {
    @usableFromInline let storage: LockedStorage<State>
    #if DEBUG
    /// Where the lock was created, to name it in a lock-order failure.
    @usableFromInline let site: LockOrder.Site
    #endif

    /// Creates the box holding `initial`; `file` and `line` name it in debug builds.
    @inlinable
    package init(_ initial: State, file: StaticString = #fileID, line: UInt = #line) {
        storage = LockedStorage.make(initial)
        #if DEBUG
        site = LockOrder.Site(file: file, line: line)
        #endif
    }

    /// Runs `body` with exclusive access to the state and returns its result.
    @inlinable
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        #if DEBUG
        LockOrder.willTake(.state(site))
        defer { LockOrder.didRelease(.state(site)) }
        #endif
        return try withLockCallingUserCode(body)
    }

    /// Runs `body`, which calls a closure of the user's, with exclusive access to the state.
    ///
    /// For the public API that runs the caller's closure under the lock, as ReactiveSwift's does:
    /// `Atomic.modify` and `withValue`, and a property's `modify` and `withValue`. There the lock
    /// is not a leaf (the closure may read another property or modify another `Atomic`, which
    /// ReactiveSwift allows), so ``LockOrder`` neither checks nor records it. Locks the closure
    /// takes are checked as usual. ``withLock(_:)`` is this, with the check.
    @inlinable
    package func withLockCallingUserCode<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, lock in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&state.pointee)
        }
    }
}

/// The order in which the package's locks may be taken, and, in debug builds, its check.
///
/// | Lock | Held | May take, while holding it |
/// | --- | --- | --- |
/// | A signal's delivery lock (`SignalCore.sendLock`) | for a whole delivery, the observers' callbacks included | any lock: state locks, and the delivery locks of the signals downstream, which are taken in the direction events flow |
/// | A state lock (``Locked``) | for a few instructions: a transition of its state, never a callback | no lock at all |
/// | A lock around the caller's closure (``Locked/withLockCallingUserCode(_:)``: `Atomic.modify`, a property's `modify` and `withValue`) | while that closure runs, as in ReactiveSwift | what the closure takes; not checked |
///
/// A state lock is a leaf: whatever a transition decides to do (send an event, schedule or cancel
/// an action, dispose something) is returned from `withLock` and done after the lock is
/// released. So no thread can wait for a lock while holding a state lock, and the only waits
/// for locks are along the direction of delivery, which has no cycle. Trying a lock without
/// waiting (`tryLock`) cannot deadlock and is not checked.
///
/// In debug builds each thread records the state lock it holds; taking a state lock, or waiting
/// for a delivery lock, while holding one stops the program with both locks named, where a
/// release build could hang.
@usableFromInline
package enum LockOrder {
    /// Where a lock was created.
    @usableFromInline
    package struct Site: Sendable {
        @usableFromInline let file: StaticString
        @usableFromInline let line: UInt

        @usableFromInline
        package init(file: StaticString, line: UInt) {
            self.file = file
            self.line = line
        }
    }

    /// A lock, as the check names it.
    @usableFromInline
    package enum Lock {
        /// The lock of a ``Locked`` created at a site.
        case state(Site)
        /// A signal's delivery lock.
        case delivery

        var name: String {
            switch self {
            case let .state(site): return "the state lock created at \(site.file):\(site.line)"
            case .delivery: return "a signal's delivery lock"
            }
        }
    }

    #if DEBUG
    /// Stops the program if this thread holds a state lock; then records `lock` if it is one.
    @usableFromInline
    package static func willTake(_ lock: Lock) {
        let held = heldStateLock
        if let held = held.pointee {
            fatalError(
                "lock order: \(lock.name) was taken while holding \(Lock.state(held).name); a state lock is a "
                    + "leaf: return what must be done from withLock and do it after the lock is released")
        }
        if case let .state(site) = lock { held.pointee = site }
    }

    /// Records that this thread released `lock`.
    @usableFromInline
    package static func didRelease(_ lock: Lock) {
        if case .state = lock { heldStateLock.pointee = nil }
    }

    /// The state lock the current thread holds, in storage of its own freed with the thread.
    private static var heldStateLock: UnsafeMutablePointer<Site?> {
        if let existing = pthread_getspecific(key) {
            return existing.assumingMemoryBound(to: Site?.self)
        }
        let created = UnsafeMutablePointer<Site?>.allocate(capacity: 1)
        created.initialize(to: nil)
        pthread_setspecific(key, created)
        return created
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, freeHeldStateLock)
        precondition(status == 0, "LockOrder: pthread_key_create failed with \(status)")
        return key
    }()
    #else
    /// Does nothing: the order is checked in debug builds only.
    @inlinable @inline(__always)
    package static func willTake(_ lock: Lock) {}

    /// Does nothing: the order is checked in debug builds only.
    @inlinable @inline(__always)
    package static func didRelease(_ lock: Lock) {}
    #endif
}

#if DEBUG
#if canImport(Darwin)
private func freeHeldStateLock(_ pointer: UnsafeMutableRawPointer) {
    pointer.assumingMemoryBound(to: LockOrder.Site?.self).deallocate()
}
#else
private func freeHeldStateLock(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.assumingMemoryBound(to: LockOrder.Site?.self).deallocate()
}
#endif
#endif

/// The heap object behind ``Locked``: the state as header, the lock primitive as the one element.
@usableFromInline
package final class LockedStorage<State>: ManagedBuffer<State, PlatformLock.Primitive> {
    @inlinable
    static func make(_ initial: State) -> LockedStorage<State> {
        let buffer = create(minimumCapacity: 1) { _ in initial }
        buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
        return unsafeDowncast(buffer, to: LockedStorage<State>.self)
    }

    deinit {
        withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
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

extension Locked: @unchecked Sendable where State: Sendable {}

/// Lets other threads run, for a thread waiting a few instructions for another to release a lock
/// (see `SignalCore.commitInterrupt`).
@inlinable
package func yieldProcessor() {
    sched_yield()
}
