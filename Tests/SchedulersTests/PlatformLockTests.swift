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
    @Test("threads incrementing under the lock lose no increment", .timeLimit(.minutes(1)), .offCooperativePool)
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

    @Test("Locked state changed from several threads keeps every change", .timeLimit(.minutes(1)), .offCooperativePool)
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

    @Test("tryLock fails while another thread holds the lock and succeeds once it lets go", .timeLimit(.minutes(1)), .offCooperativePool)
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

    @Test("a thread waiting in lock() is woken when the holder unlocks", .timeLimit(.minutes(1)), .offCooperativePool)
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
