import Dispatch
import Foundation
@testable import Schedulers
import Testing
import TestSupport

/// Runs `body` on a thread of its own and returns a semaphore signalled when it is done. Threads,
/// not dispatch queues: these tests block their threads, and blocking the shared pool would
/// starve the tests running beside them.
private func onNewThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done
}

/// A counter that is not atomic: only a working lock keeps its increments from being lost.
private final class UnguardedCounter: @unchecked Sendable {
    var value = 0
}

@Suite("PlatformLock Concurrency")
struct PlatformLockConcurrencyTests {
    @Test("threads incrementing under the lock lose no increment", .timeLimit(.minutes(5)), .offCooperativePool)
    func mutualExclusion() {
        let lock = PlatformLock()
        defer { lock.deallocate() }
        let counter = UnguardedCounter()
        let threads = 4
        let increments = 100_000
        let done = (0..<threads).map { _ in
            onNewThread {
                for _ in 0..<increments {
                    lock.lock()
                    counter.value += 1
                    lock.unlock()
                }
            }
        }
        for thread in done { thread.wait() }
        #expect(counter.value == threads * increments)
    }

    @Test("Locked state changed from several threads keeps every change", .timeLimit(.minutes(5)), .offCooperativePool)
    func lockedState() {
        let state = Locked([Int]())
        let threads = 4
        let appends = 20_000
        let done = (0..<threads).map { thread in
            onNewThread {
                for index in 0..<appends {
                    state.withLock { $0.append(thread * appends + index) }
                }
            }
        }
        for thread in done { thread.wait() }
        let values = state.withLock { $0 }
        #expect(values.count == threads * appends)
        #expect(Set(values).count == threads * appends)
    }

    @Test("tryLock fails while another thread holds the lock and succeeds once it lets go", .timeLimit(.minutes(5)), .offCooperativePool)
    func tryLock() {
        let lock = PlatformLock()
        defer { lock.deallocate() }
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = onNewThread {
            lock.lock()
            held.signal()
            release.wait()
            lock.unlock()
        }
        held.wait()
        #expect(!lock.tryLock())
        release.signal()
        released.wait()
        #expect(lock.tryLock())
        #expect(!lock.tryLock(), "the lock is not reentrant: a second try by its holder fails")
        lock.unlock()
    }

    @Test("a thread waiting in lock() is woken when the holder unlocks", .timeLimit(.minutes(5)), .offCooperativePool)
    func waiterIsWoken() {
        let lock = PlatformLock()
        defer { lock.deallocate() }
        let counter = UnguardedCounter()
        let waiters = 3
        let started = DispatchSemaphore(value: 0)
        lock.lock()
        let done = (0..<waiters).map { _ in
            onNewThread {
                started.signal()
                lock.lock()
                counter.value += 1
                lock.unlock()
            }
        }
        for _ in 0..<waiters { started.wait() }
        // The waiters are blocked (or about to block) in lock(): none can have counted yet.
        #expect(counter.value == 0)
        lock.unlock()
        var woken = 0
        for thread in done where thread.wait(timeout: .now() + 30) == .success { woken += 1 }
        #expect(woken == waiters, "a waiter was never woken")
        lock.withLock { #expect(counter.value == waiters) }
    }
}

#if DEBUG
@Suite("Lock order")
struct LockOrderTests {
    @Test("a state lock taken while holding another stops the program, naming both")
    func nestedStateLocksStop() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let outer = Locked(0)
            let inner = Locked(0)
            outer.withLock { _ in inner.withLock { _ in } }
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("lock order: the state lock created at SchedulersTests/LockingTests.swift:"))
        #expect(message.contains("was taken while holding the state lock created at SchedulersTests/LockingTests.swift:"))
    }

    @Test("waiting for a delivery lock while holding a state lock stops the program")
    func deliveryLockUnderStateLockStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let state = Locked(0)
            state.withLock { _ in LockOrder.willTake(.delivery) }
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("lock order: a signal's delivery lock was taken while holding the state lock"))
    }

    @Test("the closure run by withLockCallingUserCode may take other locks, and leaves nothing recorded")
    func userCodeLockIsNotALeaf() async {
        await #expect(processExitsWith: .success) {
            let outer = Locked(1)
            let inner = Locked(2)
            let sum = outer.withLockCallingUserCode { value in value + inner.withLock { $0 } }
            // Nested the other way, and a state lock taken afterwards: still in order.
            inner.withLock { _ in }
            precondition(sum == 3)
        }
    }

    @Test("state locks taken one after the other, and under a delivery lock, are in order")
    func locksInOrderPass() {
        let first = Locked(1)
        let second = Locked(2)
        LockOrder.willTake(.delivery)
        let sum = first.withLock { $0 } + second.withLock { $0 }
        first.withLock { value in value += 1 }
        #expect(sum == 3)
        #expect(first.withLock { $0 } == 2)
    }
}
#endif
