// materialize, materializeResults, dematerialize and dematerializeResults: events as values.

extension Operators {
    /// Sends every event as a value; after a failure or completion, completes; after an
    /// interruption, is interrupted (as in ReactiveSwift: an interruption is not an end the
    /// stream reached, and operators downstream must still see it as one).
    @inlinable
    static func materialize<Value, Error>() -> FusedOperator<Value, Error, Signal<Value, Error>.Event, Never> {
        return { downstream, _ in
            Signal<Value, Error>.Observer { event in
                downstream.send(value: event)
                switch event {
                case .value: break
                case .failed, .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    /// Sends values as successes and an error as a failure followed by completion.
    @inlinable
    static func materializeResults<Value, Error>() -> FusedOperator<Value, Error, Result<Value, Error>, Never> {
        return { downstream, _ in
            Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: .success(value))
                case let .failed(error):
                    downstream.send(value: .failure(error))
                    downstream.sendCompleted()
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    /// Turns event values back into events; a terminal event value ends the stream.
    @inlinable
    static func dematerialize<Event: EventProtocol>() -> FusedOperator<Event, Never, Event.Value, Event.Error> {
        ending(into: (), mapTermination: { termination in
            switch termination {
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }) { _, value in
            switch value.event {
            case let .value(inner): return .send(inner)
            case let .failed(error): return .finish(last: nil, .failed(error))
            case .completed: return .finish(last: nil, .completed)
            case .interrupted: return .finish(last: nil, .interrupted)
            }
        }
    }

    /// Turns result values back into values and errors.
    @inlinable
    static func dematerializeResults<Success, Failure>() -> FusedOperator<Result<Success, Failure>, Never, Success, Failure> {
        ending(into: (), mapTermination: { termination in
            switch termination {
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }) { _, result in
            switch result {
            case let .success(value): return .send(value)
            case let .failure(error): return .finish(last: nil, .failed(error))
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Sends every event of this signal as a value.
    ///
    /// - Values: each is sent as `.value(value)`.
    /// - Errors and completion: sent as a value (`.failed`, `.completed`), followed by
    ///   completion; the result never fails.
    /// - Interruption: sent as the value `.interrupted`, followed by interruption.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of events.
    @inlinable
    public func materialize() -> Signal<Signal<Value, Error>.Event, Never> {
        liftFused(Operators.materialize())
    }

    /// Sends values and the error of this signal as `Result`s.
    ///
    /// - Values: each is sent as `.success(value)`.
    /// - Errors: sent as `.failure(error)`, followed by completion; the result never fails.
    /// - Completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of results.
    @inlinable
    public func materializeResults() -> Signal<Result<Value, Error>, Never> {
        liftFused(Operators.materializeResults())
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: EventProtocol, Error == Never {
    /// Turns a signal of events back into the events they describe.
    ///
    /// - Values: a `.value` event is sent as a value; a terminal event value ends the result
    ///   with that event and stops observing this signal.
    /// - Completion and interruption of this signal: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of the described values and termination.
    @inlinable
    public func dematerialize() -> Signal<Value.Value, Value.Error> {
        liftFused(Operators.dematerialize())
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Never {
    /// Turns a signal of results back into values and an error.
    ///
    /// - Values: `.success` is sent as a value; `.failure` fails the result and stops observing
    ///   this signal.
    /// - Completion and interruption of this signal: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of the successes, failing with the first failure.
    @inlinable
    public func dematerializeResults<Success, Failure>() -> Signal<Success, Failure> where Value == Result<Success, Failure> {
        liftFused(Operators.dematerializeResults())
    }
}
