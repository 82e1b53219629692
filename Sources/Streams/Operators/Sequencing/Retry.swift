// retry(upTo:) and retry(upTo:interval:on:): a failing producer started again.

import Foundation

extension SignalProducer {
    /// Starts this producer again each time it fails, up to `count` more times.
    ///
    /// - Values: those of every attempt, in order, failed attempts included, each delivered on
    ///   the thread its attempt sends it from.
    /// - Errors: a failure starts the next attempt at once, on the thread that failed, without
    ///   being forwarded; the failure of the last attempt (the `count + 1`-th) is forwarded.
    /// - Completion: when an attempt completes.
    /// - Interruption: an interruption of an attempt interrupts the result and is not retried.
    ///   Disposing the result interrupts the running attempt and starts no other.
    ///
    /// A million retries of a producer that fails synchronously run in constant stack.
    ///
    /// - Parameters:
    ///   - count: How many times to restart after a failure; `0` returns this producer.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer that retries this one on each start.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func retry(upTo count: Int, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(count >= 0, "retry(upTo:) needs a count >= 0, got \(count)", file: file, line: line)
        if count == 0 { return self }
        let producer = self
        return .sequencing(plan: { RetryPlan(producer, retries: count, pause: nil) })
    }

    /// Starts this producer again each time it fails, up to `count` more times, waiting
    /// `interval` on `scheduler` before each restart.
    ///
    /// - Values: those of every attempt, in order, failed attempts included. The first attempt
    ///   starts on the thread that starts the result; the later ones are started by an action of
    ///   `scheduler` and deliver on whatever thread they send from.
    /// - Errors: a failure with retries left is not forwarded: `interval` later, on `scheduler`,
    ///   the next attempt starts. The failure of the last attempt is forwarded at once.
    /// - Completion: when an attempt completes.
    /// - Interruption: an interruption of an attempt interrupts the result and is not retried.
    ///   Disposing the result interrupts the running attempt, or cancels the pending restart on
    ///   `scheduler`, and starts nothing more.
    ///
    /// A zero `interval` still restarts through `scheduler`, as soon as it allows.
    ///
    /// - Parameters:
    ///   - count: How many times to restart after a failure; `0` returns this producer.
    ///   - interval: How long to wait, in seconds, between a failure and the next attempt.
    ///   - scheduler: The scheduler that measures the wait and starts the next attempt.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer that retries this one on each start.
    /// - Precondition: `count >= 0` and `interval >= 0`.
    @inlinable
    public func retry(upTo count: Int, interval: TimeInterval, on scheduler: DateScheduler, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(count >= 0, "retry(upTo:interval:on:) needs a count >= 0, got \(count)", file: file, line: line)
        requirement(interval >= 0, "retry(upTo:interval:on:) needs an interval >= 0, got \(interval)", file: file, line: line)
        if count == 0 { return self }
        let producer = self
        // A stage with no value that completes `interval` after it starts, on `scheduler`;
        // disposing it cancels the scheduled action.
        let pause = SignalProducer<Value, Error> { observer, lifetime in
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(interval)) {
                observer.sendCompleted()
            }
        }
        return .sequencing(plan: { RetryPlan(producer, retries: count, pause: pause) })
    }
}

/// The plan of `retry`: the producer, then, after each failure while retries are left, the
/// producer again (after `pause` has completed, if there is one); any other end, or a failure
/// with no retry left, ends the run.
@usableFromInline
struct RetryPlan<Value, Failure: Swift.Error>: SequencePlan {
    @usableFromInline let producer: SignalProducer<Value, Failure>
    /// A stage run between a failure and the next attempt: the wait of
    /// `retry(upTo:interval:on:)`, which completes without a value.
    @usableFromInline let pause: SignalProducer<Value, Failure>?
    @usableFromInline var retriesLeft: Int
    /// Whether the running stage is `pause`.
    @usableFromInline var pausing = false

    @inlinable
    init(_ producer: SignalProducer<Value, Failure>, retries: Int, pause: SignalProducer<Value, Failure>?) {
        self.producer = producer
        self.pause = pause
        retriesLeft = retries
    }

    @inlinable
    mutating func next(after previous: Termination<Failure>?) -> SequenceStep<Value, Failure> {
        switch previous {
        case nil:
            return .start(producer)
        case .failed? where !pausing && retriesLeft > 0:
            retriesLeft -= 1
            guard let pause else { return .start(producer) }
            pausing = true
            return .start(pause)
        case .completed? where pausing:
            pausing = false
            return .start(producer)
        case let termination?:
            return .finish(termination)
        }
    }
}
