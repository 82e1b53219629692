// SignalProducer.timer and SignalProducer.interval: values on a repeating timer.

import Foundation

extension SignalProducer where Value == Date, Error == Never {
    /// A producer whose runs send the scheduler's date every `interval`, forever.
    ///
    /// Each run starts its own repeating timer on `scheduler`: the first date is sent `interval`
    /// after the start, then one every `interval`. The leeway is a tenth of the interval.
    ///
    /// - Values: `scheduler.currentDate` at each tick, sent on `scheduler`.
    /// - Completion: never; the run ends only when it is disposed, which stops the timer.
    ///
    /// ```swift
    /// SignalProducer.timer(interval: .seconds(1), on: QueueScheduler.main)
    ///     .take(first: 3)
    ///     .startWithValues { print($0) }   // three dates, a second apart
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The period of the timer.
    ///   - scheduler: The scheduler running the timer.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer of dates, one per tick.
    /// - Precondition: `interval` is positive.
    @inlinable
    public static func timer(interval: DispatchTimeInterval, on scheduler: DateScheduler, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(interval.isPositive, "timer(interval:on:): interval must be > 0, got \(interval)", file: file, line: line)
        return timer(interval: interval, on: scheduler, leeway: interval.defaultLeeway, file: file, line: line)
    }

    /// A producer whose runs send the scheduler's date every `interval`, forever, with the given
    /// leeway.
    ///
    /// Each run starts its own repeating timer on `scheduler`: the first date is sent `interval`
    /// after the start, then one every `interval`.
    ///
    /// - Values: `scheduler.currentDate` at each tick, sent on `scheduler`.
    /// - Completion: never; the run ends only when it is disposed, which stops the timer.
    ///
    /// - Parameters:
    ///   - interval: The period of the timer.
    ///   - scheduler: The scheduler running the timer.
    ///   - leeway: How late each tick may be, to let the system save power.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer of dates, one per tick.
    /// - Precondition: `interval` is positive and `leeway` is not negative.
    @inlinable
    public static func timer(interval: DispatchTimeInterval, on scheduler: DateScheduler,
                             leeway: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(interval.isPositive, "timer(interval:on:leeway:): interval must be > 0, got \(interval)", file: file, line: line)
        requirement(leeway.isNonNegative, "timer(interval:on:leeway:): leeway must be >= 0, got \(leeway)", file: file, line: line)
        return SignalProducer { observer, lifetime in
            let start = scheduler.currentDate.addingTimeInterval(interval.seconds)
            lifetime += scheduler.schedule(after: start, interval: interval, leeway: leeway) {
                observer.send(value: scheduler.currentDate)
            }
        }
    }
}

extension SignalProducer where Error == Never {
    /// A producer whose runs send the elements of `values` one per `interval`, then complete.
    ///
    /// Each run iterates `values` anew on a repeating timer on `scheduler`: the first element is
    /// sent `interval` after the start, the next one `interval` later, and so on; the tick after
    /// the last element completes the run. The sequence may be infinite.
    ///
    /// - Values: the elements, in order, one per tick, sent on `scheduler`.
    /// - Completion: at the tick after the last element (at the first tick for an empty
    ///   sequence).
    /// - Disposal: stops the timer.
    ///
    /// - Parameters:
    ///   - values: The elements to send.
    ///   - interval: The period of the timer.
    ///   - scheduler: The scheduler running the timer.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer of the elements, spaced by `interval`.
    /// - Precondition: `interval` is positive.
    @inlinable
    public static func interval<S: Sequence>(
        _ values: S, interval: DispatchTimeInterval, on scheduler: DateScheduler,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SignalProducer<S.Element, Error> where S.Iterator.Element == Value {
        requirement(interval.isPositive, "interval(_:interval:on:): interval must be > 0, got \(interval)", file: file, line: line)
        return SignalProducer<S.Element, Error> { observer, lifetime in
            // Only the timer's action touches the iterator, one tick at a time.
            let iterator = RunState.make(values.makeIterator())
            let start = scheduler.currentDate.addingTimeInterval(interval.seconds)
            lifetime += scheduler.schedule(after: start, interval: interval, leeway: interval.defaultLeeway) {
                if let value = iterator.update({ $0.next() }) {
                    observer.send(value: value)
                } else {
                    observer.sendCompleted()
                }
            }
        }
    }
}

extension SignalProducer where Error == Never, Value == Int {
    /// A producer whose runs count 0, 1, 2... one number per `interval`, forever.
    ///
    /// - Values: 0 `interval` after the start, then the next integer at each tick, sent on
    ///   `scheduler`.
    /// - Completion: never; the run ends only when it is disposed, which stops the timer.
    ///
    /// - Parameters:
    ///   - interval: The period of the timer.
    ///   - scheduler: The scheduler running the timer.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer counting up from 0.
    /// - Precondition: `interval` is positive.
    @inlinable
    public static func interval(_ interval: DispatchTimeInterval, on scheduler: DateScheduler, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer {
        requirement(interval.isPositive, "interval(_:on:): interval must be > 0, got \(interval)", file: file, line: line)
        return .interval(0..., interval: interval, on: scheduler, file: file, line: line)
    }
}
