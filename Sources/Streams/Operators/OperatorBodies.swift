// The namespace of the operator bodies, and the body of the operators that end their stream early.

/// The namespace of the operator bodies shared by ``Signal`` and ``SignalProducer``: each
/// returns a ``FusedOperator`` or a ``SerializedOperator`` that both types apply with
/// `liftFused` or `liftSerialized`.
@usableFromInline
enum Operators {}

/// What an operator that can end its stream early does with one value.
@usableFromInline
enum OperatorStep<Output, Error: Swift.Error> {
    /// Send the value downstream.
    case send(Output)
    /// Send nothing.
    case drop
    /// Send `last` if any, then end with `termination`, stopping the upstream.
    case finish(last: Output?, Termination<Error>)
}

extension Operators {
    /// The body of the operators that may end their stream before the upstream does
    /// (`take(first:)`, `take(while:)`, `attemptMap`...): `next` decides per value, with a state
    /// created for each run or observation; after finishing, whatever the upstream still sends
    /// is ignored. Upstream terminal events pass through.
    @inlinable
    static func ending<Value, Error, State, U, F>(
        into initialState: State,
        mapTermination: @escaping (Termination<Error>) -> Termination<F>,
        _ next: @escaping (inout State, Value) -> OperatorStep<U, F>
    ) -> FusedOperator<Value, Error, U, F> {
        return { downstream, stop in
            // The state, and whether the operator has finished.
            let state = RunState.make((initialState, false))
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    let step = state.update { state -> OperatorStep<U, F>? in
                        if state.1 { return nil }
                        let step = next(&state.0, value)
                        if case .finish = step { state.1 = true }
                        return step
                    }
                    switch step {
                    case let .send(output)?:
                        downstream.send(value: output)
                    case .drop?, nil:
                        break
                    case let .finish(last, termination)?:
                        if let last { downstream.send(value: last) }
                        downstream.send(Signal<U, F>.Event(termination))
                        stop.dispose()
                    }
                default:
                    let alreadyFinished = state.update { state -> Bool in
                        defer { state.1 = true }
                        return state.1
                    }
                    guard !alreadyFinished else { return }
                    switch event {
                    case .value: break
                    case let .failed(error): downstream.send(Signal<U, F>.Event(mapTermination(.failed(error))))
                    case .completed: downstream.sendCompleted()
                    case .interrupted: downstream.sendInterrupted()
                    }
                }
            }
        }
    }

    /// ``ending(into:mapTermination:_:)`` for operators that keep the error type.
    @inlinable
    static func ending<Value, Error, State, U>(
        into initialState: State,
        _ next: @escaping (inout State, Value) -> OperatorStep<U, Error>
    ) -> FusedOperator<Value, Error, U, Error> {
        ending(into: initialState, mapTermination: { $0 }, next)
    }
}
