// concatMap and concatenating: the `bind` and `concat` of `ProducerKind`, on the sequencing engine.

extension Operators {
    /// Each value replaced by the producer the transform makes of it, made once per run by
    /// `makeTransform`. When the transform sets `stop`, the upstream run is interrupted (which is
    /// not reported), then that producer is sent, then the stream completes.
    @inlinable
    static func stages<Value, Error, U>(
        _ makeTransform: @escaping () -> (Value, inout Bool) -> SignalProducer<U, Error>
    ) -> FusedOperator<Value, Error, SignalProducer<U, Error>, Error> {
        return { downstream, stop in
            let transform = makeTransform()
            let stopped = RunState.make(false)
            return Signal<Value, Error>.Observer { event in
                guard !stopped.update({ $0 }) else { return }
                guard case let .value(value) = event else { return event.forwardTermination(to: downstream) }
                var stops = false
                let stage = transform(value, &stops)
                if stops {
                    stopped.update { $0 = true }
                    stop.dispose()
                }
                downstream.send(value: stage)
                if stops { downstream.sendCompleted() }
            }
        }
    }
}

extension SignalProducer {
    /// Replaces each value by a producer and runs those producers one after another.
    ///
    /// `makeTransform` runs once per start, so the transform may keep state for that run; it is
    /// called as each value arrives. Setting `stop` ends the source after the producer returned
    /// for that value (the source run is interrupted, which is not reported). Values of the inner
    /// producers are forwarded in order; the result completes when the source and every inner
    /// producer completed, and fails or is interrupted as soon as one of them does. Runs in
    /// constant stack, even when a million inner producers complete synchronously or a bind
    /// recurses a million levels deep.
    @inlinable
    func concatMap<U>(
        _ makeTransform: @escaping () -> (Value, inout Bool) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        .sequencing(source: liftFused(Operators.stages(makeTransform)))
    }

    /// The values of this producer, then those of `next`, started once this one completed; a
    /// failure or an interruption of either ends the result.
    @inlinable
    func concatenating(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        let first = self
        return .sequencing { [first, next].makeIterator() }
    }
}
