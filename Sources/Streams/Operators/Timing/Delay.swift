// delay(_:on:): values and completion shifted later in time.

import Foundation

extension Operators {
    /// Schedules each value and the completion `interval` after it arrives; schedules a failure
    /// or an interruption at once.
    @inlinable
    static func delay<Value, Error>(
        _ interval: TimeInterval, on scheduler: DateScheduler,
        file: StaticString, line: UInt
    ) -> SerializedOperator<Value, Error, Value, Error> {
        requirement(interval >= 0, "delay(_:on:): interval must be >= 0, got \(interval)", file: file, line: line)
        return { downstream, lifetime in
            let actions = ScheduledActions(until: lifetime)
            return Signal<Value, Error>.Observer { event in
                switch event {
                case .value, .completed:
                    let date = scheduler.currentDate.addingTimeInterval(interval)
                    actions.schedule(on: scheduler, after: date) { downstream.send(event) }
                case .failed, .interrupted:
                    actions.schedule(on: scheduler) { downstream.send(event) }
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Delays values and completion by `interval`.
    ///
    /// - Values: each is delivered `interval` after it was sent, in order.
    /// - Completion: delivered `interval` after it was sent, so after every delayed value.
    /// - Errors and interruption: not delayed; delivered on `scheduler` as soon as it allows.
    ///   Values still waiting then are dropped, since nothing follows a terminal event.
    /// - Scheduler: everything is delivered on `scheduler`, whose clock measures the delay.
    /// - Disposal: when the returned signal ends, the events still waiting are cancelled.
    ///
    /// ```swift
    /// let (clicks, input) = Signal<Int, Never>.pipe()
    /// clicks.delay(0.5, on: QueueScheduler.main).observeValues { print($0) }
    /// input.send(value: 1)   // printed half a second later, on the main queue
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The delay in seconds; `0` delivers on `scheduler` without waiting.
    ///   - scheduler: The scheduler to deliver on.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal sending this signal's events later, on `scheduler`.
    /// - Precondition: `interval >= 0`.
    @inlinable
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftScheduled(on: scheduler, Operators.delay(interval, on: scheduler, file: file, line: line))
    }
}
