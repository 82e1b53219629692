import Dispatch
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

/// A task executor that runs each job on a dispatch queue of its own, whose threads are not the
/// cooperative pool's.
final class DedicatedExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor whose queue is labelled `label`.
    init(label: String) {
        queue = DispatchQueue(label: "OffCooperativePool: \(label)", attributes: .concurrent)
    }

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
