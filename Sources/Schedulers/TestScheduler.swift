import Dispatch
import Foundation

/// A scheduler with virtual time, for deterministic tests of time-based code.
///
/// Nothing runs until the test moves time with `advance()`, `advance(by:)`, `advance(to:)` or
/// `run()`. Actions run on the thread that advances, in order of their due date; actions due at
/// the same instant run in the order they were scheduled. An action scheduled while time is being
/// advanced runs in the same advance if it falls due before the target date.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    private final class Work {
        let due: Date
        let sequence: UInt64
        let action: () -> Void

        init(due: Date, sequence: UInt64, action: @escaping () -> Void) {
            self.due = due
            self.sequence = sequence
            self.action = action
        }

        func runs(before other: Work) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private struct State {
        var now: Date
        var queue: [Work] = []
        var nextSequence: UInt64 = 0
    }

    private let state: Locked<State>

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

    private func enqueue(at date: Date, _ action: @escaping () -> Void) -> Disposable {
        state.withLock { state in
            let work = Work(due: date, sequence: state.nextSequence, action: action)
            state.nextSequence &+= 1
            // Keep the queue sorted; insertion after every item that runs before it keeps
            // same-instant work in scheduling order.
            var low = 0
            var high = state.queue.count
            while low < high {
                let mid = (low + high) / 2
                if state.queue[mid].runs(before: work) { low = mid + 1 } else { high = mid }
            }
            state.queue.insert(work, at: low)
            // Disposal takes the work out of the queue at once, releasing its action.
            return AnyDisposable { [weak self, weak work] in
                guard let self, let work else { return }
                let removed = self.state.withLock { state -> Work? in
                    guard let index = state.queue.firstIndex(where: { $0 === work }) else { return nil }
                    return state.queue.remove(at: index)
                }
                withExtendedLifetime(removed) {}  // released here, outside the lock
            }
        }
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
        while let work = state.withLock({ state -> Work? in
            guard let first = state.queue.first, first.due <= newDate else {
                state.now = max(state.now, newDate)
                return nil
            }
            state.queue.removeFirst()
            state.now = max(state.now, first.due)
            return first
        }) {
            work.action()
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

    /// The state of the queue, to tell whether a round of yields scheduled anything.
    private var queueSignature: UInt64 {
        state.withLock { $0.nextSequence &* 1_000_003 &+ UInt64($0.queue.count) }
    }

    /// Lets the tasks waiting on the main actor run up to their next suspension point.
    ///
    /// Every job enqueued on the main actor before a `Task.yield()` made there runs before the
    /// yield returns, so a task started on the main actor just before an advance reaches its
    /// sleep (which registers its wake-up here) before the advance moves time, and a task that
    /// the advance resumed runs before the test continues. Yields repeat while they keep
    /// scheduling work, and go on for sixteen quiet rounds, so that a task hopping a few times
    /// on the main actor before it sleeps settles too.
    @MainActor
    private func settle() async {
        var signature = queueSignature
        var quietRounds = 0
        for _ in 0..<1_024 where quietRounds < 16 {
            await Task.yield()
            let next = queueSignature
            if next == signature {
                quietRounds += 1
            } else {
                quietRounds = 0
                signature = next
            }
        }
    }

    /// Lets waiting tasks reach their suspension point, runs the work due now, then lets the
    /// tasks it resumed run.
    ///
    /// Isolated to the main actor, as in ReactiveSwift: tasks started on the main actor before
    /// the call are guaranteed to have registered their sleeps before time moves.
    @MainActor
    public func advance() async {
        await settle()
        runWork(upTo: currentDate)
        await settle()
    }

    /// Moves time forward by `interval`, letting waiting tasks settle before and after; see
    /// ``advance()-4s2mx``.
    @MainActor
    public func advance(by interval: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) async {
        await settle()
        runWork(upTo: target(advancingBy: interval.timeInterval, file: file, line: line), file: file, line: line)
        await settle()
    }

    /// Moves time forward by `interval` seconds, letting waiting tasks settle before and after.
    @MainActor
    public func advance(by interval: TimeInterval, file: StaticString = #fileID, line: UInt = #line) async {
        await settle()
        runWork(upTo: target(advancingBy: interval, file: file, line: line), file: file, line: line)
        await settle()
    }

    /// Moves time forward to `newDate`, letting waiting tasks settle before and after.
    @MainActor
    public func advance(to newDate: Date, file: StaticString = #fileID, line: UInt = #line) async {
        await settle()
        runWork(upTo: newDate, file: file, line: line)
        await settle()
    }

    /// Runs all scheduled work, letting waiting tasks settle before and after.
    @MainActor
    public func run() async {
        await settle()
        runAll()
        await settle()
    }

    /// Suspends the calling task for `interval` of virtual time.
    ///
    /// Isolated to the main actor, as the advancing methods are, so that a task started just
    /// before an advance registers its wake-up before time moves. Throws `CancellationError` if
    /// the task is cancelled first.
    @MainActor
    public func sleep(for interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)) async throws {
        try await sleep(until: currentDate.addingTimeInterval(interval.timeInterval), leeway: leeway)
    }

    /// Suspends the calling task until virtual time reaches `deadline`; isolated to the main
    /// actor like ``sleep(for:leeway:)``.
    @MainActor
    public func sleep(until deadline: Date, leeway: DispatchTimeInterval = .seconds(0)) async throws {
        try await sleepUntil(deadline)
    }

    /// The dates of virtual time, one every `interval`, until the consuming task stops
    /// iterating; isolated to the main actor like ``sleep(for:leeway:)``.
    @MainActor
    public func timer(interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)) -> AsyncStream<Date> {
        timerStream(interval: interval, leeway: leeway)
    }
}
