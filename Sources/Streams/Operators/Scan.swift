// scan, scanMap, reduce and combinePrevious: operators carrying state from value to value.

extension Operators {
    /// Threads `state` through the values, sending what `next` returns when it is not `nil`.
    ///
    /// The state is created anew for each run or observation; terminal events pass through.
    @inlinable
    static func stateful<Value, Error, State, U>(
        into initialState: State,
        _ next: @escaping (inout State, Value) -> U?
    ) -> FusedOperator<Value, Error, U, Error> {
        return { downstream, _ in
            let state = RunState.make(initialState)
            return Signal<Value, Error>.Observer { event in
                if case let .value(value) = event {
                    if let output = state.update({ next(&$0, value) }) { downstream.send(value: output) }
                } else {
                    event.forwardTermination(to: downstream)
                }
            }
        }
    }

    /// Accumulates the values and sends the result on completion, then completes.
    @inlinable
    static func reduce<Value, Error, U>(
        into initialResult: U,
        _ nextPartialResult: @escaping (inout U, Value) -> Void
    ) -> FusedOperator<Value, Error, U, Error> {
        return { downstream, _ in
            let result = RunState.make(initialResult)
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    result.update { nextPartialResult(&$0, value) }
                case .completed:
                    downstream.send(value: result.update { $0 })
                    downstream.sendCompleted()
                case let .failed(error):
                    downstream.send(error: error)
                case .interrupted:
                    downstream.sendInterrupted()
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Sends each intermediate result of combining the values with `nextPartialResult`.
    ///
    /// - Values: each is combined with the previous result (`initialResult` for the first) and
    ///   the new result is sent.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// ```swift
    /// let (numbers, input) = Signal<Int, Never>.pipe()
    /// numbers.scan(0, +).observeValues { print($0) }
    /// input.send(value: 1)
    /// input.send(value: 2)
    /// // Prints: 1, then 3
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The result the first value is combined with.
    ///   - nextPartialResult: Combines the previous result with a value.
    /// - Returns: A signal of the running results.
    @inlinable
    public func scan<U>(_ initialResult: U, _ nextPartialResult: @escaping (U, Value) -> U) -> Signal<U, Error> {
        liftFused(Operators.stateful(into: initialResult) { result, value in
            result = nextPartialResult(result, value)
            return result
        })
    }

    /// Sends each intermediate result of updating an accumulator in place with each value.
    ///
    /// - Values: `nextPartialResult` updates the accumulator, which is then sent.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - initialResult: The accumulator's starting value, copied for each observation.
    ///   - nextPartialResult: Updates the accumulator with a value.
    /// - Returns: A signal of the running results.
    @inlinable
    public func scan<U>(into initialResult: U, _ nextPartialResult: @escaping (inout U, Value) -> Void) -> Signal<U, Error> {
        liftFused(Operators.stateful(into: initialResult) { result, value in
            nextPartialResult(&result, value)
            return result
        })
    }

    /// Threads a state through the values and sends one output per value.
    ///
    /// - Values: `next` gets the current state and the value, and returns the new state and the
    ///   output to send.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first value.
    ///   - next: Returns the next state and the output.
    /// - Returns: A signal of the outputs.
    @inlinable
    public func scanMap<State, U>(_ initialState: State, _ next: @escaping (State, Value) -> (State, U)) -> Signal<U, Error> {
        liftFused(Operators.stateful(into: initialState) { state, value in
            let (newState, output) = next(state, value)
            state = newState
            return output
        })
    }

    /// Threads a state, updated in place, through the values and sends one output per value.
    ///
    /// - Values: `next` updates the state and returns the output to send.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first value, copied for each observation.
    ///   - next: Updates the state and returns the output.
    /// - Returns: A signal of the outputs.
    @inlinable
    public func scanMap<State, U>(into initialState: State, _ next: @escaping (inout State, Value) -> U) -> Signal<U, Error> {
        liftFused(Operators.stateful(into: initialState) { state, value in next(&state, value) })
    }

    /// Combines all the values into one result, sent when the signal completes.
    ///
    /// - Values: combined into the result; nothing is sent until completion.
    /// - Completion: the result (`initialResult` if there were no values) is sent, then
    ///   completion.
    /// - Errors and interruption: passed through; no result is sent.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - initialResult: The result the first value is combined with.
    ///   - nextPartialResult: Combines the result so far with a value.
    /// - Returns: A signal of one value, the final result.
    @inlinable
    public func reduce<U>(_ initialResult: U, _ nextPartialResult: @escaping (U, Value) -> U) -> Signal<U, Error> {
        liftFused(Operators.reduce(into: initialResult) { result, value in
            result = nextPartialResult(result, value)
        })
    }

    /// Combines all the values into an accumulator updated in place, sent on completion.
    ///
    /// - Values: update the accumulator; nothing is sent until completion.
    /// - Completion: the accumulator is sent, then completion.
    /// - Errors and interruption: passed through; no result is sent.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Updates the accumulator with a value.
    /// - Returns: A signal of one value, the final accumulator.
    @inlinable
    public func reduce<U>(into initialResult: U, _ nextPartialResult: @escaping (inout U, Value) -> Void) -> Signal<U, Error> {
        liftFused(Operators.reduce(into: initialResult, nextPartialResult))
    }

    /// Sends each value paired with the one before it, `initial` standing before the first.
    ///
    /// - Values: each is sent as `(previous, current)`.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter initial: The value paired with the first value.
    /// - Returns: A signal of pairs, one per value.
    @inlinable
    public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Error> {
        liftFused(Operators.stateful(into: initial) { previous, value in
            defer { previous = value }
            return (previous, value)
        })
    }

    /// Sends each value after the first paired with the one before it.
    ///
    /// - Values: the first is only remembered; each later one is sent as `(previous, current)`.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of pairs, one per value after the first.
    @inlinable
    public func combinePrevious() -> Signal<(Value, Value), Error> {
        liftFused(Operators.stateful(into: Value?.none) { previous, value in
            defer { previous = value }
            return previous.map { ($0, value) }
        })
    }
}
