// throttle(_:on:): at most one value per interval, the latest one.

import Foundation

/// The state of one run of ``Operators/throttle(_:on:)``.
@usableFromInline
struct ThrottleState<Value> {
    /// When a value was last delivered.
    @usableFromInline var lastSent: Date?
    /// The latest value not delivered yet.
    @usableFromInline var pending: Value?
    /// The scheduled delivery of `pending`.
    @usableFromInline var pendingAction: ScheduledActions.ID?
    /// When `pendingAction` is due.
    @usableFromInline var pendingDate: Date?

    @inlinable
    init() {}
}

extension Operators {
    /// Delivers the first value at once and then, for values arriving within `interval` of the
    /// last delivery, only the latest, when the interval has passed. Terminal events are
    /// scheduled at once and drop a pending value.
    @inlinable
    static func throttle<Value, Error>(
        _ interval: TimeInterval, on scheduler: DateScheduler,
        file: StaticString, line: UInt
    ) -> SerializedOperator<Value, Error, Value, Error> {
        requirement(interval >= 0, "throttle(_:on:): interval must be >= 0, got \(interval)", file: file, line: line)
        return { downstream, lifetime in
            let run = TimingState(ThrottleState<Value>(), until: lifetime)
            // Captured by the observer, not held by `run`: the scheduled actions hold `run`.
            let numbered = scheduler as? any NumberedScheduler
            let send: (Value) -> Void = { downstream.send(value: $0) }
            return Signal<Value, Error>.Observer { event in
                guard case let .value(value) = event else {
                    // The value dropped is released after the lock, since its deinitializer may
                    // take locks of its own.
                    let (dropped, id, droppedValue) = run.withLock { storage in
                        let droppedValue = storage.state.pending
                        storage.state.pending = nil
                        defer { storage.state.pendingAction = nil }
                        return (storage.cancel(storage.state.pendingAction), storage.reserve(), droppedValue)
                    }
                    withExtendedLifetime(droppedValue) {}
                    dropped?.dispose()
                    run.launch(id, on: scheduler) { downstream.send(event) }
                    return
                }
                let now = scheduler.currentDate
                // One critical section: hold the value, withdraw the delivery scheduled for the
                // previous one (rescheduling each time, as ReactiveSwift does, keeps same-instant
                // actions of the scheduler in the order they were scheduled), reserve the next.
                // A delivery due at the same date that is still the scheduler's last action stays:
                // rescheduling it would leave the scheduler's queue as it is.
                let (date, replaced, id, replacedValue) = run.withLock { storage in
                    let replacedValue = storage.state.pending
                    storage.state.pending = value
                    var date = now
                    if let lastSent = storage.state.lastSent, lastSent <= now {
                        date = max(now, lastSent.addingTimeInterval(interval))
                    }
                    if storage.state.pendingDate == date,
                       storage.isLastScheduled(storage.state.pendingAction, on: numbered) {
                        return (date, Disposable?.none, ScheduledActions.ID?.none, replacedValue)
                    }
                    let replaced = storage.cancel(storage.state.pendingAction)
                    let id = storage.reserve()
                    storage.state.pendingAction = id
                    storage.state.pendingDate = date
                    return (date, replaced, id, replacedValue)
                }
                withExtendedLifetime(replacedValue) {}
                replaced?.dispose()
                // Kept, or the output has ended: nothing to schedule, and no closure to make.
                guard id != nil else { return }
                run.launch(id, on: scheduler, after: date, numbered: numbered, take: { state -> Value? in
                    guard let latest = state.pending else { return nil }
                    state.pending = nil
                    state.pendingAction = nil
                    state.lastSent = date
                    return latest
                }, deliver: send)
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Sends at most one value per `interval`: the first at once, then the latest of each burst.
    ///
    /// - Values: a value arriving `interval` or more after the last delivered one is delivered
    ///   at once (on `scheduler`); one arriving sooner is held, replacing any value already held,
    ///   and the held value is delivered when `interval` has passed since the last delivery.
    /// - Errors, completion and interruption: delivered on `scheduler` as soon as it allows. A
    ///   value still held is dropped.
    /// - Scheduler: values and terminal events are delivered on `scheduler`, whose clock
    ///   measures the interval.
    /// - Disposal: when the returned signal ends, a held value is released and its delivery
    ///   cancelled.
    ///
    /// ```swift
    /// // At most one search per second while typing, with the latest text.
    /// queries.throttle(1, on: QueueScheduler.main).observeValues(search)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The minimum time in seconds between two delivered values.
    ///   - scheduler: The scheduler to deliver on.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of the throttled values.
    /// - Precondition: `interval >= 0`.
    @inlinable
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftScheduled(on: scheduler, Operators.throttle(interval, on: scheduler, file: file, line: line))
    }
}
