// concat and prefix: one producer's values, then another's.

extension SignalProducer {
    /// The values of this producer, then those of `next`, which starts once this one completed.
    ///
    /// - Values: this run's values, then `next`'s, in order, each delivered on the thread its
    ///   producer sends it from.
    /// - Completion: when `next` completes after this producer completed.
    /// - Errors: a failure of either producer is forwarded at once and ends the result; `next`
    ///   does not start after a failure of this producer.
    /// - Interruption: as in ReactiveSwift (whose `concat` flattens the two producers with the
    ///   concat strategy), an interruption of either producer counts as its completion: `next`
    ///   starts after an interrupted producer, and the result completes after an interrupted
    ///   `next`. Disposing the result interrupts the producer that is running and starts no other.
    /// - Scheduler: none; `next` is started on the thread this producer completed on.
    ///
    /// Chains of any length (`a.concat(b).concat(c)...`) run in constant stack.
    ///
    /// - Parameter next: The producer to run after this one.
    /// - Returns: A producer running this producer, then `next`, on each start.
    @inlinable
    public func concat(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        let first = self
        return .sequencing(interruptionCompletes: true) { [first, next].makeIterator() }
    }

    /// The values of this producer, then those of the producer `next` gives, started once this
    /// one completed. See ``concat(_:)-(SignalProducer<Value,Error>)``.
    ///
    /// - Parameter next: A producer, property or anything that converts to a producer.
    /// - Returns: A producer running this producer, then `next`'s, on each start.
    @inlinable
    public func concat<Next: SignalProducerConvertible>(
        _ next: Next
    ) -> SignalProducer<Value, Error> where Next.Value == Value, Next.Error == Error {
        let first = self
        let next = next.producer
        return .sequencing(interruptionCompletes: true) { [first, next].makeIterator() }
    }

    /// The values of this producer, then `value`, sent once this producer completed.
    ///
    /// - Values: this producer's values, then `value`, on the thread this producer completed on.
    /// - Completion: right after `value`.
    /// - Errors: forwarded at once; `value` is then not sent.
    /// - Interruption: counts as completion, as in ``concat(_:)-(SignalProducer<Value,Error>)``:
    ///   `value` is sent after an interrupted run of this producer.
    ///
    /// - Parameter value: The value to send after this producer's.
    /// - Returns: A producer appending `value` to this producer's values.
    @inlinable
    public func concat(value: Value) -> SignalProducer<Value, Error> {
        concat(SignalProducer(value: value))
    }

    /// The values of this producer, then a failure with `error` instead of its completion.
    ///
    /// - Values: this producer's values, in order.
    /// - Errors: fails with `error` when this producer completes, on the thread it completed on;
    ///   a failure of this producer is forwarded instead, at once.
    /// - Completion: never.
    /// - Interruption: counts as completion, as in ``concat(_:)-(SignalProducer<Value,Error>)``:
    ///   the result fails with `error` after an interrupted run of this producer.
    ///
    /// - Parameter error: The error to fail with after this producer completed.
    /// - Returns: A producer that fails with `error` once this producer completed.
    @inlinable
    public func concat(error: Error) -> SignalProducer<Value, Error> {
        concat(SignalProducer(error: error))
    }

    /// The values of `previous`, then those of this producer, which starts once `previous`
    /// completed.
    ///
    /// The same as `previous.concat(self)`: a failure of `previous` ends the result without
    /// starting this producer; an interruption of either counts as its completion. Values are
    /// delivered on the thread their producer sends them from; disposing the result interrupts
    /// the producer that is running.
    ///
    /// - Parameter previous: The producer to run first.
    /// - Returns: A producer running `previous`, then this producer, on each start.
    @inlinable
    public func prefix(_ previous: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        previous.concat(self)
    }

    /// The values of the producer `previous` gives, then those of this producer. See
    /// ``prefix(_:)-(SignalProducer<Value,Error>)``.
    ///
    /// - Parameter previous: A producer, property or anything that converts to a producer.
    /// - Returns: A producer running `previous`'s producer, then this producer, on each start.
    @inlinable
    public func prefix<Previous: SignalProducerConvertible>(
        _ previous: Previous
    ) -> SignalProducer<Value, Error> where Previous.Value == Value, Previous.Error == Error {
        let first = previous.producer
        let next = self
        return .sequencing(interruptionCompletes: true) { [first, next].makeIterator() }
    }

    /// `value`, then the values of this producer.
    ///
    /// - Values: `value` first, sent synchronously on the starting thread, then this producer's
    ///   values, which starts right after.
    /// - Completion and errors: those of this producer, forwarded at once; its interruption
    ///   counts as completion, as in ``concat(_:)-(SignalProducer<Value,Error>)``.
    ///
    /// - Parameter value: The value to send first.
    /// - Returns: A producer sending `value` before this producer's values.
    @inlinable
    public func prefix(value: Value) -> SignalProducer<Value, Error> {
        prefix(SignalProducer(value: value))
    }
}
