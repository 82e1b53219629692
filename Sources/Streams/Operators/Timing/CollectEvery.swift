// collect(every:on:skipEmpty:discardWhenCompleted:): values gathered into one array per tick.

import Foundation

/// The state of one run of ``Operators/collect(every:on:skipEmpty:discardWhenCompleted:)``.
@usableFromInline
struct CollectEveryState<Value> {
    /// The values since the last tick.
    @usableFromInline var values: [Value] = []
    /// Whether the upstream completed and the next tick must complete the output.
    @usableFromInline var completeAtNextTick = false

    @inlinable
    init() {}
}

extension Operators {
    /// Starts a repeating timer with the output; each tick delivers the values gathered since
    /// the previous tick.
    @inlinable
    static func collect<Value, Error>(
        every interval: DispatchTimeInterval, on scheduler: DateScheduler,
        skipEmpty: Bool, discardWhenCompleted: Bool,
        file: StaticString, line: UInt
    ) -> SerializedOperator<Value, Error, [Value], Error> {
        requirement(interval.isPositive,
                     "collect(every:on:skipEmpty:discardWhenCompleted:): interval must be > 0, got \(interval)", file: file, line: line)
        return { downstream, lifetime in
            let actions = ScheduledActions(until: lifetime)
            let state = Locked(CollectEveryState<Value>())
            let start = scheduler.currentDate.addingTimeInterval(interval.seconds)
            let timer = scheduler.schedule(after: start, interval: interval, leeway: interval.defaultLeeway) {
                let (values, complete) = state.withLock { state -> ([Value], Bool) in
                    defer { state.values = [] }
                    return (state.values, state.completeAtNextTick)
                }
                if !(skipEmpty && values.isEmpty) { downstream.send(value: values) }
                if complete { downstream.sendCompleted() }
            }
            lifetime += timer
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    state.withLock { $0.values.append(value) }
                case .completed where !discardWhenCompleted:
                    state.withLock { $0.completeAtNextTick = true }
                case .completed:
                    timer?.dispose()
                    actions.schedule(on: scheduler) { downstream.sendCompleted() }
                case let .failed(error):
                    timer?.dispose()
                    actions.schedule(on: scheduler) { downstream.send(error: error) }
                case .interrupted:
                    timer?.dispose()
                    actions.schedule(on: scheduler) { downstream.sendInterrupted() }
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Gathers the values into one array per `interval`.
    ///
    /// - Values: gathered; every `interval`, counted from the moment the returned signal is
    ///   created, the values since the previous tick are delivered as one array, in order. A
    ///   tick without values delivers `[]`, unless `skipEmpty`.
    /// - Completion: with `discardWhenCompleted` (the default), delivered at once on `scheduler`
    ///   and the values gathered since the last tick are dropped. Otherwise the next tick
    ///   delivers them (or `[]`, unless `skipEmpty`) and then the completion.
    /// - Errors and interruption: delivered on `scheduler` as soon as it allows; the values
    ///   gathered are dropped.
    /// - Scheduler: arrays and terminal events are delivered on `scheduler`, which runs the
    ///   repeating timer.
    /// - Disposal: when the returned signal ends, the timer stops.
    ///
    /// - Parameters:
    ///   - interval: The period of the timer.
    ///   - scheduler: The scheduler running the timer and delivering the arrays.
    ///   - skipEmpty: Whether a tick without values delivers nothing instead of `[]`.
    ///   - discardWhenCompleted: Whether the values gathered when this signal completes are
    ///     dropped (`true`) or delivered at the next tick before the completion (`false`).
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of arrays of values, one per tick.
    /// - Precondition: `interval` is positive.
    @inlinable
    public func collect(every interval: DispatchTimeInterval, on scheduler: DateScheduler,
                        skipEmpty: Bool = false, discardWhenCompleted: Bool = true, file: StaticString = #fileID, line: UInt = #line) -> Signal<[Value], Error> {
        liftScheduled(on: scheduler, Operators.collect(every: interval, on: scheduler, skipEmpty: skipEmpty,
                                         discardWhenCompleted: discardWhenCompleted, file: file, line: line))
    }
}
