import Dispatch
import Foundation
import Testing

/// Runs a test, or each test of a suite, on an executor of its own instead of Swift's cooperative
/// thread pool.
///
/// The pool has one thread per core. Swift Testing starts every test as a task at once, and a
/// test with a synchronous body holds a pool thread until it returns: on a loaded machine, or
/// under a sanitizer, the pool's queue holds minutes of such work. A test that awaits an event
/// coming from another thread (a timer, a queue, a semaphore) resumes only when a pool thread
/// reaches its turn in that queue, and a time limit counted from its start expires while it
/// waits behind work that is not its own. With this trait its task runs on threads of its own:
/// a resumption runs as soon as its event arrives. A long synchronous test given the trait
/// leaves the pool to the others.
///
/// Structured child tasks (`async let`, task groups) inherit the executor; unstructured tasks
/// (`Task { }`) run on the pool as before.
public struct OffCooperativePool: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite it is given to.
    public var isRecursive: Bool { true }

    /// Runs `function` with a task executor of its own as the preferred executor.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else {
            try await function()
            return
        }
        try await withTaskExecutorPreference(DedicatedExecutor(label: test.name)) {
            try await function()
        }
    }
}

extension Trait where Self == OffCooperativePool {
    /// Runs the test, or each test of the suite, on threads of its own rather than on the
    /// cooperative pool (see ``OffCooperativePool``).
    public static var offCooperativePool: Self { Self() }
}

/// A task executor that runs each job on threads of its own: neither the cooperative pool's nor
/// dispatch's global pool, which long synchronous tests would otherwise hold and starve the work
/// other tests send to `DispatchQueue.global()`.
///
/// A job waiting for a thread wakes an idle one, or starts one when none is idle, so that jobs
/// of one test that block on each other (structured child tasks) never wait for a thread. A
/// thread idle for a second ends.
final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    private let label: String
    private let condition = NSCondition()
    /// Jobs not yet taken by a thread, oldest first; guarded by `condition`.
    private var jobs: [UnownedJob] = []
    /// Threads waiting for a job; guarded by `condition`.
    private var idle = 0

    /// An executor whose threads are named after `label`.
    init(label: String) {
        self.label = "OffCooperativePool: \(label)"
    }

    /// Runs `job` on an idle thread of the executor, or on a new one.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let startsThread = jobs.count > idle
        condition.signal()
        condition.unlock()
        if startsThread {
            let thread = Thread { [self] in work() }
            thread.name = label
            thread.start()
        }
    }

    /// Takes and runs jobs until none comes for a second.
    private func work() {
        let executor = asUnownedTaskExecutor()
        condition.lock()
        while true {
            if !jobs.isEmpty {
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: executor)
                condition.lock()
                continue
            }
            idle += 1
            let signalled = condition.wait(until: Date(timeIntervalSinceNow: 1))
            idle -= 1
            if !signalled && jobs.isEmpty { break }
        }
        condition.unlock()
    }
}
