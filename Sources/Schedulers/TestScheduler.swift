import Dispatch
import Foundation
import Synchronization

/// A scheduler with virtual time, for deterministic tests of time-based code.
///
/// Nothing runs until the test moves time with `advance()`, `advance(by:)`, `advance(to:)` or
/// `run()`. Actions run on the thread that advances, in order of their due date; actions due at
/// the same instant run in the order they were scheduled. An action scheduled while time is being
/// advanced runs in the same advance if it falls due before the target date.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    /// One scheduled action, and the disposable that cancels it: disposal takes it out of the
    /// queue at once, releasing its action.
    private final class Work: Disposable, @unchecked Sendable {
        let due: Date
        let sequence: UInt64
        /// The action, until it runs or is cancelled; guarded by the scheduler's lock.
        var action: (() -> Void)?
        /// Weak: a disposable kept after its scheduler has gone does nothing.
        weak var scheduler: TestScheduler?
        private let disposed = Synchronization.Atomic<Bool>(false)

        init(due: Date, sequence: UInt64, scheduler: TestScheduler, action: @escaping () -> Void) {
            self.due = due
            self.sequence = sequence
            self.scheduler = scheduler
            self.action = action
        }

        var isDisposed: Bool { disposed.load(ordering: .acquiring) }

        func dispose() {
            guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            scheduler?.cancel(self)
        }

        func runs(before other: Work) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private struct State {
        var now: Date
        var queue: [Work] = []
        var nextSequence: UInt64 = 0
        /// Whether the work has resumed a task since an asynchronous advance last let them run.
        var resumedTasks = false
        /// Tasks resumed from `sleep` by the work that have not run again yet.
        var resumingSleepers = 0
        /// An asynchronous advance waiting for `resumingSleepers` to fall to zero.
        var sleepersWaiter: CheckedContinuation<Void, Never>?
    }

    private let state: Locked<State>
    /// `state.nextSequence`, readable without the lock (see ``NumberedScheduler``).
    private let scheduledCount = Synchronization.Atomic<UInt64>(0)

    /// The virtual now: the start date, moved only by advancing or rewinding.
    public var currentDate: Date { state.withLock { $0.now } }

    /// The due date of the next scheduled action, or `nil` if nothing is scheduled.
    ///
    /// Lets a test run the scheduler action by action, stopping when it is idle with the clock at
    /// the date of the last action, where `run()` would leave it at `Date.distantFuture`.
    public var nextDueDate: Date? { state.withLock { $0.queue.first?.due } }

    /// Creates a test scheduler whose virtual clock starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        state = Locked(State(now: startDate))
    }

    deinit {
        // Work still queued releases its action: a pending action often holds, directly or
        // through what it captured, the disposable that holds it (a repeating action's
        // `SerialDisposable`, a timing operator's table of pending actions), and only the queue
        // would have broken that cycle by running or dropping it. Clearing `action` outside the
        // lock is safe: only the scheduler's methods touch it, and nothing can call them now (a
        // work item's `dispose` reaches the scheduler through a weak reference, already nil).
        let pending = state.withLock { state -> [Work] in
            defer { state.queue = [] }
            return state.queue
        }
        for work in pending { work.action = nil }
    }

    private func enqueue(at date: Date, _ action: @escaping () -> Void) -> Disposable {
        state.withLock { state in
            let work = Work(due: date, sequence: state.nextSequence, scheduler: self, action: action)
            state.nextSequence &+= 1
            scheduledCount.store(state.nextSequence, ordering: .releasing)
            // Keep the queue sorted; insertion after every item that runs before it keeps
            // same-instant work in scheduling order.
            state.queue.insert(work, at: state.queue.partitioningIndex(where: { !$0.runs(before: work) }))
            return work
        }
    }

    /// Takes `work` out of the queue if it is still there, and releases its action outside the
    /// lock.
    private func cancel(_ work: Work) {
        let action = state.withLock { state -> (() -> Void)? in
            // The queue is sorted, and `work` runs before nothing that comes after it.
            let index = state.queue.partitioningIndex(where: { !$0.runs(before: work) })
            guard index < state.queue.count, state.queue[index] === work else { return nil }
            state.queue.remove(at: index)
            defer { work.action = nil }
            return work.action
        }
        withExtendedLifetime(action) {}  // released here, outside the lock
    }

    /// Schedules `action` at the current virtual date; it runs at the next advance.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        enqueue(at: currentDate, action)
    }

    /// Schedules `action` after `delay` of virtual time.
    @discardableResult
    public func schedule(after delay: DispatchTimeInterval, action: @escaping () -> Void) -> Disposable? {
        schedule(after: currentDate.addingTimeInterval(delay.timeInterval), action: action)
    }

    /// Schedules `action` at virtual date `date`.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        enqueue(at: date, action)
    }

    /// Schedules `action` at `date` and then every `interval` of virtual time, until disposed.
    @discardableResult
    public func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0),
                         action: @escaping () -> Void) -> Disposable? {
        checkPositive(interval, in: "TestScheduler.schedule(after:interval:leeway:action:)")
        let repetition = SerialDisposable()
        let seconds = interval.timeInterval
        let box = UncheckedSendable(action)
        @Sendable func scheduleNext(at date: Date) {
            repetition.inner = enqueue(at: date) {
                // Reschedule first so that disposing from inside the action stops the repetition.
                scheduleNext(at: date.addingTimeInterval(seconds))
                box.value()
            }
        }
        scheduleNext(at: date)
        return repetition
    }

    /// Runs the work due now, without moving time.
    public func advance() {
        advance(by: .seconds(0))
    }

    /// Moves virtual time forward by `interval`, running the work that falls due on the way.
    public func advance(by interval: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) {
        advance(by: interval.timeInterval, file: file, line: line)
    }

    private func target(advancingBy interval: TimeInterval, file: StaticString, line: UInt) -> Date {
        requirement(interval >= 0, "TestScheduler.advance(by:) needs an interval >= 0, got \(interval)", file: file, line: line)
        return currentDate.addingTimeInterval(interval)
    }

    /// Moves virtual time forward by `interval` seconds, running the work that falls due.
    public func advance(by interval: TimeInterval, file: StaticString = #fileID, line: UInt = #line) {
        runWork(upTo: target(advancingBy: interval, file: file, line: line), file: file, line: line)
    }

    /// Moves virtual time forward to `newDate`, running the work due up to and including it, in
    /// order. Each action runs with `currentDate` equal to its due date.
    public func advance(to newDate: Date, file: StaticString = #fileID, line: UInt = #line) {
        runWork(upTo: newDate, file: file, line: line)
    }

    private func runWork(upTo newDate: Date, file: StaticString = #fileID, line: UInt = #line) {
        requirement(newDate >= currentDate,
                    "TestScheduler.advance(to:) cannot move time backwards, from \(currentDate) to \(newDate)",
                    file: file, line: line)
        while let work = state.withLock({ state -> (() -> Void)? in
            guard let first = state.queue.first, first.due <= newDate else {
                state.now = max(state.now, newDate)
                return nil
            }
            state.queue.removeFirst()
            state.now = max(state.now, first.due)
            // Taken out, so that a disposable kept after the work ran holds nothing.
            defer { first.action = nil }
            return first.action
        }) {
            work()
        }
    }

    /// Runs all scheduled work, moving time to the due date of each, and leaves the clock at
    /// `Date.distantFuture`.
    ///
    /// Repeating work never runs out; do not `run()` a scheduler with a live repeating timer.
    public func run() {
        runAll()
    }

    private func runAll() {
        runWork(upTo: .distantFuture)
    }

    /// Moves virtual time backwards by `interval`; work already scheduled keeps its due date.
    public func rewind(by interval: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) {
        let seconds = interval.timeInterval
        requirement(seconds >= 0, "TestScheduler.rewind(by:) needs an interval >= 0, got \(interval)", file: file, line: line)
        state.withLock { $0.now = $0.now.addingTimeInterval(-seconds) }
    }

    /// Runs the work due at the earliest instant up to `target`, moving time to that instant: the
    /// work due then, including what it schedules for then or earlier. Returns `false`, moving
    /// time to `target`, when nothing is due by then.
    private func runInstant(upTo target: Date) -> Bool {
        guard let instant = state.withLock({ state -> Date? in
            guard let first = state.queue.first, first.due <= target else {
                state.now = max(state.now, target)
                return nil
            }
            // Work due in the past (a deadline already gone) runs now.
            return max(first.due, state.now)
        }) else { return false }
        runWork(upTo: instant)
        return true
    }

    // MARK: Asynchronous advancing
    //
    // An asynchronous advance moves time one instant at a time, and after an instant whose work
    // resumed tasks it waits for them before it moves on. The scheduler knows which tasks those
    // are: it counts the tasks its work resumes from `sleep`, and each counts itself off when it
    // runs again, on its own actor (`sleep` runs and resumes on its caller's actor). A task on
    // the main actor has then run to its next suspension by the time the advance, itself on the
    // main actor, goes on: if that suspension is another wait on this scheduler, it is
    // registered. After those, the advance lets every job already waiting for the main actor
    // run (a task that a `timer` tick resumed, say), and it does the same before it moves time at
    // all, so that a task started on the main actor just before it has registered its first
    // wait. No yields are counted and nothing is guessed.

    /// Suspends until every job queued on the main actor before this call has run.
    ///
    /// The main actor runs its jobs by priority, and in order within a priority. The mark is a
    /// job of the lowest priority, so every job queued before it runs first, whatever its
    /// priority; the mark resumes this task through a continuation rather than being awaited,
    /// which would raise the mark's priority to this task's.
    @MainActor
    private func letMainActorJobsRun() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task(priority: .background) { @MainActor in continuation.resume() }
        }
    }

    /// Lets the tasks the work resumed since the last time run: waits until each task resumed
    /// from `sleep` runs again, then lets the jobs waiting for the main actor run.
    @MainActor
    private func letResumedTasksRun() async {
        let resumed = state.withLock { state in
            defer { state.resumedTasks = false }
            return state.resumedTasks
        }
        guard resumed else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state -> Bool in
                guard state.resumingSleepers > 0 else { return false }
                state.sleepersWaiter = continuation
                return true
            }
            if !waiting { continuation.resume() }
        }
        await letMainActorJobsRun()
    }

    /// The asynchronous advance to `target`; see the comment above.
    @MainActor
    private func advanceLettingTasksRun(to target: Date) async {
        await letMainActorJobsRun()
        while runInstant(upTo: target) {
            await letResumedTasksRun()
        }
    }

    /// Lets the tasks waiting for the main actor run, runs the work due now, then lets the tasks
    /// it resumed run; see `advance(to:)`.
    @MainActor
    public func advance() async {
        await advanceLettingTasksRun(to: currentDate)
    }

    /// Moves time forward by `interval`, letting the tasks the work resumes run at each instant;
    /// see `advance(to:)`.
    @MainActor
    public func advance(by interval: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) async {
        await advanceLettingTasksRun(to: target(advancingBy: interval.timeInterval, file: file, line: line))
    }

    /// Moves time forward by `interval` seconds, letting the tasks the work resumes run at each
    /// instant; see `advance(to:)`.
    @MainActor
    public func advance(by interval: TimeInterval, file: StaticString = #fileID, line: UInt = #line) async {
        await advanceLettingTasksRun(to: target(advancingBy: interval, file: file, line: line))
    }

    /// Moves time forward to `newDate`, one instant at a time, letting the tasks the work resumes
    /// run before time moves on.
    ///
    /// Isolated to the main actor, as in ReactiveSwift. Before time moves, every job already
    /// waiting for the main actor runs, so a task started there just before the call has reached
    /// its first `sleep` or `timer` on this scheduler. At each instant with work due, the work
    /// runs; each task it resumes from `sleep` then runs again, and the jobs waiting for the main
    /// actor run, before time moves to the next instant. A task on the main actor between two
    /// waits on this scheduler therefore wakes at the instant it asked for, however many waits
    /// fall inside one advance. A task that suspends elsewhere on its way (a `Task.yield()`, a
    /// call to another actor) is not waited for there: await what it produces.
    @MainActor
    public func advance(to newDate: Date, file: StaticString = #fileID, line: UInt = #line) async {
        requirement(newDate >= currentDate,
                    "TestScheduler.advance(to:) cannot move time backwards, from \(currentDate) to \(newDate)",
                    file: file, line: line)
        await advanceLettingTasksRun(to: newDate)
    }

    /// Runs all scheduled work, one instant at a time, letting the tasks it resumes run at each,
    /// and leaves the clock at `Date.distantFuture`; see `advance(to:)`.
    @MainActor
    public func run() async {
        await advanceLettingTasksRun(to: .distantFuture)
    }
}

extension TestScheduler: WakeUpTracking {
    package func willResumeSleeper() {
        state.withLock { state in
            state.resumingSleepers += 1
            state.resumedTasks = true
        }
    }

    package func sleeperDidResume() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.resumingSleepers -= 1
            guard state.resumingSleepers == 0 else { return nil }
            defer { state.sleepersWaiter = nil }
            return state.sleepersWaiter
        }
        waiter?.resume()
    }

    package func didResumeTask() {
        state.withLock { $0.resumedTasks = true }
    }
}

extension Array {
    /// The index of the first element for which `belongs` is true, in an array where every such
    /// element comes after every other (a binary search).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension TestScheduler: NumberedScheduler {
    /// The number of the action behind `disposable`: its place in the order of scheduling.
    @usableFromInline
    package func number(of disposable: Disposable) -> UInt64? {
        (disposable as? Work)?.sequence
    }

    /// The number the next action scheduled will get.
    @usableFromInline
    package var nextNumber: UInt64 {
        scheduledCount.load(ordering: .acquiring)
    }
}
