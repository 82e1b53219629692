// debounce(_:on:discardWhenCompleted:): a value delivered once the stream has been quiet for an
// interval.

import Foundation

/// The state of one run of ``Operators/debounce(_:on:discardWhenCompleted:)``.
@usableFromInline
struct DebounceState<Value> {
    /// The latest value, not delivered yet.
    @usableFromInline var pending: Value?
    /// When `pending` arrived.
    @usableFromInline var receivedAt: Date?
    /// The scheduled delivery of `pending`.
    @usableFromInline var pendingAction: ScheduledActions.ID?
    /// When `pendingAction` is due.
    @usableFromInline var pendingDate: Date?

    @inlinable
    init() {}

    /// Takes the pending value, for the delivery that has just claimed itself: that delivery is
    /// the latest, since a newer value withdraws it in the critical section that stores it.
    @inlinable
    mutating func take() -> Value? {
        guard let value = pending else { return nil }
        pending = nil
        pendingAction = nil
        return value
    }
}

extension Operators {
    /// Delivers a value once `interval` has passed without another; on completion, delivers or
    /// drops the pending value as asked. Failures and interruptions are scheduled at once.
    @inlinable
    static func debounce<Value, Error>(
        _ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool,
        file: StaticString, line: UInt
    ) -> SerializedOperator<Value, Error, Value, Error> {
        requirement(interval >= 0, "debounce(_:on:discardWhenCompleted:): interval must be >= 0, got \(interval)", file: file, line: line)
        return { downstream, lifetime in
            let run = TimingState(DebounceState<Value>(), until: lifetime)
            // Captured by the observer, not held by `run`: the scheduled actions hold `run`.
            let numbered = scheduler as? any NumberedScheduler
            let send: (Value) -> Void = { downstream.send(value: $0) }
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    let now = scheduler.currentDate
                    let date = now.addingTimeInterval(interval)
                    // One critical section: hold the value, withdraw the delivery of the one it
                    // supersedes, reserve its own. A delivery due at the same date (values at the
                    // same instant) that is still the scheduler's last action stays: rescheduling
                    // it would leave the scheduler's queue as it is. The value it replaces is
                    // released after the lock, since its deinitializer may take locks of its own.
                    let (superseded, id, replaced) = run.withLock { storage in
                        let replaced = storage.state.pending
                        storage.state.pending = value
                        storage.state.receivedAt = now
                        if storage.state.pendingDate == date,
                           storage.isLastScheduled(storage.state.pendingAction, on: numbered) {
                            return (Disposable?.none, ScheduledActions.ID?.none, replaced)
                        }
                        let superseded = storage.cancel(storage.state.pendingAction)
                        let id = storage.reserve()
                        storage.state.pendingAction = id
                        storage.state.pendingDate = date
                        return (superseded, id, replaced)
                    }
                    withExtendedLifetime(replaced) {}
                    superseded?.dispose()
                    run.launch(id, on: scheduler, after: date, numbered: numbered, take: { $0.take() }, deliver: send)
                case .completed:
                    // Flushing: the pending value goes out when its quiet interval ends, and the
                    // completion right after it, from the same action.
                    let (flush, superseded, id) = run.withLock { storage in
                        guard !discardWhenCompleted, let value = storage.state.pending,
                              let date = storage.state.receivedAt else {
                            return ((Value, Date)?.none, Disposable?.none, storage.reserve())
                        }
                        storage.state.pending = nil
                        defer { storage.state.pendingAction = nil }
                        return ((value, date), storage.cancel(storage.state.pendingAction), storage.reserve())
                    }
                    superseded?.dispose()
                    if let (value, receivedAt) = flush {
                        run.launch(id, on: scheduler, after: receivedAt.addingTimeInterval(interval)) {
                            downstream.send(value: value)
                            downstream.sendCompleted()
                        }
                    } else {
                        // Discarding: the completion is delivered first and ends the output,
                        // which cancels the pending value's delivery.
                        run.launch(id, on: scheduler) { downstream.sendCompleted() }
                    }
                case .failed, .interrupted:
                    let id = run.withLock { $0.reserve() }
                    run.launch(id, on: scheduler) { downstream.send(event) }
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Sends a value only once `interval` has passed without another value.
    ///
    /// - Values: each value restarts the wait; the latest is delivered when `interval` has passed
    ///   since it arrived without a newer one. A steady stream faster than `interval` delivers
    ///   nothing until it pauses.
    /// - Completion: with `discardWhenCompleted` (the default), delivered at once on `scheduler`
    ///   and a value still waiting is dropped. Otherwise a value still waiting is delivered when
    ///   its interval ends, and the completion right after it.
    /// - Errors and interruption: delivered on `scheduler` as soon as it allows; a value still
    ///   waiting is dropped.
    /// - Scheduler: values and terminal events are delivered on `scheduler`, whose clock
    ///   measures the interval.
    /// - Disposal: when the returned signal ends, a waiting value's delivery is cancelled.
    ///
    /// ```swift
    /// // Search once the user has stopped typing for 300 ms.
    /// queries.debounce(0.3, on: QueueScheduler.main).observeValues(search)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The quiet time in seconds a value waits for; `0` delivers each value on
    ///     `scheduler` unless a newer one arrives first.
    ///   - scheduler: The scheduler to deliver on.
    ///   - discardWhenCompleted: Whether a value still waiting when this signal completes is
    ///     dropped (`true`) or delivered before the completion (`false`).
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of the debounced values.
    /// - Precondition: `interval >= 0`.
    @inlinable
    public func debounce(_ interval: TimeInterval, on scheduler: DateScheduler,
                         discardWhenCompleted: Bool = true, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftScheduled(on: scheduler, Operators.debounce(interval, on: scheduler, discardWhenCompleted: discardWhenCompleted, file: file, line: line))
    }
}
