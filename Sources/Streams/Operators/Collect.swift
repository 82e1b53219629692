// collect(), collect(count:) and collect with a predicate: values gathered into arrays.

extension Operators {
    /// Gathers values into arrays. Before appending a value, `shouldEmit(collected, value)`
    /// decides whether the collected array is sent first; after appending, `emitsAfter(collected)`
    /// decides whether it is sent at once. On completion the rest is sent, or an empty array if
    /// nothing was ever collected.
    @inlinable
    static func collect<Value, Error>(
        emitsBefore: @escaping ([Value], Value) -> Bool,
        emitsAfter: @escaping ([Value]) -> Bool
    ) -> FusedOperator<Value, Error, [Value], Error> {
        return { downstream, _ in
            // The values gathered so far, and whether an array was ever sent.
            let state = RunState.make((collected: [Value](), hasSent: false))
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    let (before, after) = state.update { state -> ([Value]?, [Value]?) in
                        var before: [Value]?
                        if emitsBefore(state.collected, value) {
                            before = state.collected
                            state.collected.removeAll(keepingCapacity: true)
                        }
                        state.collected.append(value)
                        var after: [Value]?
                        if emitsAfter(state.collected) {
                            after = state.collected
                            state.collected.removeAll(keepingCapacity: true)
                        }
                        if before != nil || after != nil { state.hasSent = true }
                        return (before, after)
                    }
                    if let before { downstream.send(value: before) }
                    if let after { downstream.send(value: after) }
                case .completed:
                    let rest = state.update { state -> [Value]? in
                        state.collected.isEmpty && state.hasSent ? nil : state.collected
                    }
                    if let rest { downstream.send(value: rest) }
                    downstream.sendCompleted()
                case let .failed(error):
                    downstream.send(error: error)
                case .interrupted:
                    downstream.sendInterrupted()
                }
            }
        }
    }

    /// Arrays of `count` values.
    @inlinable
    static func collect<Value, Error>(count: Int, file: StaticString, line: UInt) -> FusedOperator<Value, Error, [Value], Error> {
        requirement(count > 0, "collect(count:) needs a count > 0, got \(count)", file: file, line: line)
        return collect(emitsBefore: { _, _ in false }, emitsAfter: { $0.count == count })
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Gathers every value into one array, sent when this signal completes.
    ///
    /// - Values: kept; nothing is sent until completion.
    /// - Completion: the array of all values (empty if there were none) is sent, then completion.
    /// - Errors and interruption: passed through; the values are discarded.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of one array.
    @inlinable
    public func collect() -> Signal<[Value], Error> {
        liftFused(Operators.collect(emitsBefore: { _, _ in false }, emitsAfter: { _ in false }))
    }

    /// Gathers values into arrays of `count`.
    ///
    /// - Values: an array is sent each time `count` values have been gathered.
    /// - Completion: the remaining values, fewer than `count`, are sent if there are any (an
    ///   empty array if no value ever came), then completion.
    /// - Errors and interruption: passed through; a partial array is discarded.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - count: The size of each array; must be positive.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of arrays.
    @inlinable
    public func collect(count: Int, file: StaticString = #fileID, line: UInt = #line) -> Signal<[Value], Error> {
        liftFused(Operators.collect(count: count, file: file, line: line))
    }

    /// Gathers values into an array until `shouldEmit` approves it.
    ///
    /// - Values: each is appended, then `shouldEmit` sees the array; if it returns true the
    ///   array is sent and a new one started.
    /// - Completion: the remaining values are sent if there are any (an empty array if no value
    ///   ever came), then completion.
    /// - Errors and interruption: passed through; a partial array is discarded.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter shouldEmit: Whether the values gathered so far should be sent.
    /// - Returns: A signal of arrays.
    @inlinable
    public func collect(_ shouldEmit: @escaping (_ collectedValues: [Value]) -> Bool) -> Signal<[Value], Error> {
        liftFused(Operators.collect(emitsBefore: { _, _ in false }, emitsAfter: shouldEmit))
    }

    /// Gathers values into an array, sending it before a value for which `shouldEmit` says so.
    ///
    /// - Values: before appending a value, `shouldEmit(collected, value)` is asked; if it returns
    ///   true the array gathered so far is sent and the value starts a new one.
    /// - Completion: the remaining values are sent if there are any (an empty array if no value
    ///   ever came), then completion.
    /// - Errors and interruption: passed through; a partial array is discarded.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter shouldEmit: Whether the values gathered so far should be sent before `latest`.
    /// - Returns: A signal of arrays.
    @inlinable
    public func collect(_ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool) -> Signal<[Value], Error> {
        liftFused(Operators.collect(emitsBefore: shouldEmit, emitsAfter: { _ in false }))
    }
}
