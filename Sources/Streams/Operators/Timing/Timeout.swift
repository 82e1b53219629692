// timeout(after:raising:on:): fail unless the stream has ended within an interval.

import Foundation

extension Operators {
    /// Forwards every event and fails with `error` on `scheduler` if the output has not
    /// terminated `interval` after it started.
    @inlinable
    static func timeout<Value, Error>(
        after interval: TimeInterval, raising error: Error, on scheduler: DateScheduler,
        file: StaticString, line: UInt
    ) -> SerializedOperator<Value, Error, Value, Error> {
        requirement(interval >= 0, "timeout(after:raising:on:): interval must be >= 0, got \(interval)", file: file, line: line)
        return { downstream, lifetime in
            let deadline = scheduler.currentDate.addingTimeInterval(interval)
            lifetime += scheduler.schedule(after: deadline) { downstream.send(error: error) }
            return downstream
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Fails with `error` unless this signal terminates within `interval`.
    ///
    /// The time counts from the moment the returned signal is created.
    ///
    /// - Values, errors, completion and interruption of this signal: forwarded at once, where
    ///   this signal sends them, until the deadline.
    /// - Deadline: if this signal has not terminated `interval` after the returned signal was
    ///   created, the returned signal fails with `error`, delivered on `scheduler`, and stops
    ///   observing this signal.
    /// - Disposal: when the returned signal ends, the deadline is cancelled.
    ///
    /// - Parameters:
    ///   - interval: The time in seconds this signal has to terminate.
    ///   - error: The error to fail with at the deadline.
    ///   - scheduler: The scheduler whose clock measures the interval, and on which the timeout
    ///     failure is delivered.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of this signal's events, failing at the deadline.
    /// - Precondition: `interval >= 0`.
    @inlinable
    public func timeout(after interval: TimeInterval, raising error: Error,
                        on scheduler: DateScheduler, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftSerialized(Operators.timeout(after: interval, raising: error, on: scheduler, file: file, line: line))
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Never {
    /// Fails with `error` unless this signal, which cannot fail otherwise, terminates within
    /// `interval`.
    ///
    /// The time counts from the moment the returned signal is created.
    ///
    /// - Values, completion and interruption of this signal: forwarded at once, where this
    ///   signal sends them, until the deadline.
    /// - Deadline: if this signal has not terminated `interval` after the returned signal was
    ///   created, the returned signal fails with `error`, delivered on `scheduler`.
    /// - Disposal: when the returned signal ends, the deadline is cancelled.
    ///
    /// - Parameters:
    ///   - interval: The time in seconds this signal has to terminate.
    ///   - error: The error to fail with at the deadline.
    ///   - scheduler: The scheduler whose clock measures the interval, and on which the timeout
    ///     failure is delivered.
    /// - Returns: A signal that can fail with `NewError`.
    /// - Precondition: `interval >= 0`.
    @inlinable
    public func timeout<NewError>(
        after interval: TimeInterval, raising error: NewError, on scheduler: DateScheduler
    ) -> Signal<Value, NewError> {
        promoteError(NewError.self).timeout(after: interval, raising: error, on: scheduler)
    }
}
