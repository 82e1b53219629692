import Dispatch
import Foundation

/// Something that runs actions: now, on a queue, on the main thread, or in virtual time.
///
/// A scheduler runs the actions given to it one at a time, in the order they were scheduled,
/// unless its documentation says otherwise. Schedulers are shared between threads, so every
/// scheduler is `Sendable`; the actions themselves need not be, because the scheduler runs each
/// of them exactly once and never concurrently with itself.
public protocol Scheduler: AnyObject, Sendable {
    /// Schedules `action` to run as soon as the scheduler allows.
    ///
    /// - Returns: A disposable that cancels the action if it has not started yet, or `nil` when
    ///   the action cannot be cancelled (for example because it already ran).
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable?
}

/// A scheduler that also knows the time and can run actions at a future date, once or repeatedly.
public protocol DateScheduler: Scheduler {
    /// The scheduler's notion of now. Virtual for `TestScheduler`, the wall clock otherwise.
    var currentDate: Date { get }

    /// Schedules `action` to run at or after `date`.
    ///
    /// - Returns: A disposable that cancels the action if it has not run yet.
    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable?

    /// Schedules `action` to run first at `date` and then every `interval`, until disposed.
    ///
    /// - Parameters:
    ///   - date: The first time the action runs.
    ///   - interval: The period; must be positive.
    ///   - leeway: How late each run may be allowed to start, for power efficiency.
    ///   - action: The work to run at each date.
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval,
                  action: @escaping () -> Void) -> Disposable?
}

extension DateScheduler {
    /// Schedules `action` to run first after `delay` from now and then every `interval`.
    ///
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    public func schedule(after delay: DispatchTimeInterval, interval: DispatchTimeInterval,
                         leeway: DispatchTimeInterval = .seconds(0),
                         action: @escaping () -> Void) -> Disposable? {
        schedule(after: currentDate.addingTimeInterval(delay.timeInterval), interval: interval,
                 leeway: leeway, action: action)
    }

    /// Schedules `action` to run first at `date` and then every `interval`, with no leeway.
    @discardableResult
    public func schedule(after date: Date, interval: DispatchTimeInterval,
                         action: @escaping () -> Void) -> Disposable? {
        schedule(after: date, interval: interval, leeway: .seconds(0), action: action)
    }

    /// Suspends the calling task for `interval` of this scheduler's time.
    ///
    /// Runs on the caller's actor, registering its wake-up before it suspends, and resumes there.
    /// Throws `CancellationError` if the task is cancelled first; the scheduled wake-up is then
    /// disposed.
    nonisolated(nonsending)
    public func sleep(for interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)) async throws {
        try await sleepUntil(currentDate.addingTimeInterval(interval.timeInterval))
    }

    /// Suspends the calling task until this scheduler's time reaches `deadline`.
    ///
    /// Runs on the caller's actor, like ``sleep(for:leeway:)``. Throws `CancellationError` if the
    /// task is cancelled first.
    nonisolated(nonsending)
    public func sleep(until deadline: Date, leeway: DispatchTimeInterval = .seconds(0)) async throws {
        try await sleepUntil(deadline)
    }

    /// The body of ``sleep(until:leeway:)``, on the caller's actor (`isolation`) throughout: its
    /// closures capture `isolation`, which keeps them there.
    private func sleepUntil(_ deadline: Date, isolation: isolated (any Actor)? = #isolation) async throws {
        // A test scheduler is told of the tasks its work resumes, to let them run (see
        // `TestScheduler`'s asynchronous `advance`).
        let tracker = self as? any WakeUpTracking
        let wakeUp = SerialDisposable()
        let wokenByScheduler = try await withTaskCancellationHandler {
            _ = isolation
            return try await withCheckedThrowingContinuation(isolation: isolation) {
                (continuation: CheckedContinuation<Bool, Swift.Error>) in
                let resumed = Locked(false)
                let resume: @Sendable (Result<Bool, Swift.Error>) -> Bool = { result in
                    let first = resumed.withLock { done in
                        defer { done = true }
                        return !done
                    }
                    if first { continuation.resume(with: result) }
                    return first
                }
                let scheduled = schedule(after: deadline) {
                    tracker?.willResumeSleeper()
                    if !resume(.success(true)) { tracker?.sleeperDidResume() }
                }
                wakeUp.inner = AnyDisposable {
                    scheduled?.dispose()
                    _ = resume(.failure(CancellationError()))
                }
            }
        } onCancel: {
            wakeUp.dispose()
        }
        // Running again, on the caller's actor: the scheduler may go on.
        if wokenByScheduler { tracker?.sleeperDidResume() }
    }

    /// An asynchronous sequence of this scheduler's dates, one every `interval`, until the
    /// consuming task stops iterating.
    ///
    /// The repetition is scheduled when this is called; each tick is buffered until the consumer
    /// takes it.
    public func timer(interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)) -> AsyncStream<Date> {
        let tracker = self as? any WakeUpTracking
        return AsyncStream { continuation in
            // The repetition holds the scheduler until the consumer stops iterating, which disposes it.
            let disposable = schedule(after: interval, interval: interval, leeway: leeway) {
                continuation.yield(self.currentDate)
                tracker?.didResumeTask()
            }
            continuation.onTermination = { _ in disposable?.dispose() }
        }
    }
}

/// A scheduler that knows which tasks its work resumes, so that it can wait for them (see
/// ``TestScheduler``'s asynchronous `advance`).
package protocol WakeUpTracking: AnyObject, Sendable {
    /// A task sleeping on the scheduler is about to be resumed by its work.
    func willResumeSleeper()
    /// A task the scheduler's work resumed from `sleep` runs again, on its actor (or its
    /// resumption was void: it had been cancelled first).
    func sleeperDidResume()
    /// The scheduler's work handed a value to a task waiting for it (a tick of `timer`).
    func didResumeTask()
}

/// A date scheduler that numbers the actions it is given, in the order they were scheduled.
///
/// An operator that withdraws its pending action and schedules a new one for the same date, as
/// `throttle` and `debounce` do for each value (as ReactiveSwift does), can keep the pending
/// action instead when nothing has been scheduled since it: the scheduler's queue is then exactly
/// as rescheduling would leave it, actions due at the same instant included. A scheduler whose
/// queue others can add to behind its back (a `DispatchQueue`'s) cannot number its actions.
@usableFromInline
package protocol NumberedScheduler: DateScheduler {
    /// The number of the action behind `disposable`, a disposable this scheduler returned, or
    /// `nil` for any other disposable.
    func number(of disposable: Disposable) -> UInt64?

    /// The number the next action scheduled will get; one more than the last one's. Read
    /// without taking a lock, so that it can be read inside an operator's critical section.
    var nextNumber: UInt64 { get }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    package var timeInterval: TimeInterval {
        switch self {
        case let .seconds(s): return TimeInterval(s)
        case let .milliseconds(ms): return TimeInterval(ms) / 1_000
        case let .microseconds(us): return TimeInterval(us) / 1_000_000
        case let .nanoseconds(ns): return TimeInterval(ns) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in whole nanoseconds, saturating; `.never` is `Int.max`.
    package var nanoseconds: Int {
        switch self {
        case let .seconds(s): return s.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : s * 1_000_000_000
        case let .milliseconds(ms): return ms.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : ms * 1_000_000
        case let .microseconds(us): return us.multipliedReportingOverflow(by: 1_000).overflow ? .max : us * 1_000
        case let .nanoseconds(ns): return ns
        case .never: return .max
        @unknown default: return .max
        }
    }

    /// A dispatch interval of `seconds`, at nanosecond precision.
    package init(seconds: TimeInterval) {
        if seconds >= Double(Int.max) / 1_000_000_000 {
            self = .never
        } else {
            self = .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
        }
    }
}

/// Checks that a repeating interval is positive, naming the operator in the message.
package func checkPositive(
    _ interval: DispatchTimeInterval, in name: StaticString, file: StaticString = #fileID, line: UInt = #line
) {
    let ns = interval.nanoseconds
    requirement(ns > 0, "\(name) needs an interval > 0, got \(interval)", file: file, line: line)
}

/// Stops the program with `message` unless `condition` holds, in debug and optimized builds
/// alike, reporting `file` and `line`.
///
/// Public operators pass their caller's `#fileID` and `#line`, so the report points at the
/// misuse rather than at the library; and unlike `precondition`, whose message an optimized
/// build drops, the message is printed in every build.
@inlinable
package func requirement(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString, line: UInt
) {
    if !condition() { fatalError(message(), file: file, line: line) }
}
