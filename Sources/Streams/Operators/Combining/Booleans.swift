// negate, and, or, all and any: logic over streams of Bool, built on map and combineLatest.

extension Signal where Value == Bool {
    /// Sends the opposite of each value.
    ///
    /// - Values: each `b` becomes `!b`. Errors, completion and interruption pass through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of the negated values.
    @inlinable
    public func negate() -> Signal<Value, Error> {
        liftFused(Operators.map { !$0 })
    }

    /// Sends the logical AND of the latest values of this signal and `signal`.
    ///
    /// Built on ``Signal/combineLatest(with:)``: nothing until both have sent, then
    /// `latest && otherLatest` each time either sends; completes once both have completed (or
    /// when one completed without having sent), fails or is interrupted as soon as
    /// either does.
    ///
    /// - Parameter signal: The other operand.
    /// - Returns: A signal of the conjunctions.
    @inlinable
    public func and(_ signal: Signal<Value, Error>) -> Signal<Value, Error> {
        combineLatest(with: signal).map { $0 && $1 }
    }

    /// Sends the logical OR of the latest values of this signal and `signal`.
    ///
    /// Built on ``Signal/combineLatest(with:)``: nothing until both have sent, then
    /// `latest || otherLatest` each time either sends; ends as `combineLatest` does.
    ///
    /// - Parameter signal: The other operand.
    /// - Returns: A signal of the disjunctions.
    @inlinable
    public func or(_ signal: Signal<Value, Error>) -> Signal<Value, Error> {
        combineLatest(with: signal).map { $0 || $1 }
    }

    /// Sends whether the latest values of all the signals are `true`.
    ///
    /// Built on ``Signal/combineLatest(_:)-(S)``: nothing until every signal has sent, then the
    /// conjunction of their latest values each time one sends; ends as `combineLatest` does. An
    /// empty collection gives a signal that completes at once without a value.
    ///
    /// - Parameter booleans: The operands.
    /// - Returns: A signal of the conjunctions.
    /// - Complexity: O(n) per value for n signals.
    @inlinable
    public static func all<BooleansCollection: Collection>(
        _ booleans: BooleansCollection
    ) -> Signal<Value, Error> where BooleansCollection.Element == Signal<Value, Error> {
        combineLatest(booleans).map { $0.allSatisfy { $0 } }
    }

    /// Sends whether the latest values of all the signals are `true`.
    ///
    /// The same as `all(_:)`.
    ///
    /// - Parameter booleans: The operands.
    /// - Returns: A signal of the conjunctions.
    @inlinable
    public static func all(_ booleans: Signal<Value, Error>...) -> Signal<Value, Error> {
        all(booleans)
    }

    /// Sends whether the latest value of any of the signals is `true`.
    ///
    /// Built on ``Signal/combineLatest(_:)-(S)``: nothing until every signal has sent, then the
    /// disjunction of their latest values each time one sends; ends as `combineLatest` does. An
    /// empty collection gives a signal that completes at once without a value.
    ///
    /// - Parameter booleans: The operands.
    /// - Returns: A signal of the disjunctions.
    /// - Complexity: O(n) per value for n signals.
    @inlinable
    public static func any<BooleansCollection: Collection>(
        _ booleans: BooleansCollection
    ) -> Signal<Value, Error> where BooleansCollection.Element == Signal<Value, Error> {
        combineLatest(booleans).map { $0.contains(true) }
    }

    /// Sends whether the latest value of any of the signals is `true`.
    ///
    /// The same as `any(_:)`.
    ///
    /// - Parameter booleans: The operands.
    /// - Returns: A signal of the disjunctions.
    @inlinable
    public static func any(_ booleans: Signal<Value, Error>...) -> Signal<Value, Error> {
        any(booleans)
    }
}

extension SignalProducer where Value == Bool {
    /// Sends the opposite of each value.
    ///
    /// - Values: each `b` becomes `!b`. Errors, completion and interruption pass through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A producer of the negated values.
    @inlinable
    public func negate() -> SignalProducer<Value, Error> {
        liftFused(Operators.map { !$0 })
    }

    /// Sends the logical AND of the latest values of this producer and `booleans`.
    ///
    /// Built on ``SignalProducer/combineLatest(with:)-(SignalProducer<U,Error>)``: nothing until
    /// both have sent, then `latest && otherLatest` each time either sends; completes once both
    /// have completed (also when one completed without having sent), fails or is
    /// interrupted as soon as either does.
    ///
    /// - Parameter booleans: The other operand.
    /// - Returns: A producer of the conjunctions.
    @inlinable
    public func and(_ booleans: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        combineLatest(with: booleans).map { $0 && $1 }
    }

    /// Sends the logical AND of the latest values of this producer and `booleans`.
    ///
    /// The same as `and(_:)`.
    ///
    /// - Parameter booleans: Anything that gives the other operand.
    /// - Returns: A producer of the conjunctions.
    @inlinable
    public func and<Booleans: SignalProducerConvertible>(
        _ booleans: Booleans
    ) -> SignalProducer<Value, Error> where Booleans.Value == Value, Booleans.Error == Error {
        and(booleans.producer)
    }

    /// Sends the logical OR of the latest values of this producer and `booleans`.
    ///
    /// Built on ``SignalProducer/combineLatest(with:)-(SignalProducer<U,Error>)``: nothing until
    /// both have sent, then `latest || otherLatest` each time either sends; ends as
    /// `combineLatest` does.
    ///
    /// - Parameter booleans: The other operand.
    /// - Returns: A producer of the disjunctions.
    @inlinable
    public func or(_ booleans: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        combineLatest(with: booleans).map { $0 || $1 }
    }

    /// Sends the logical OR of the latest values of this producer and `booleans`.
    ///
    /// The same as `or(_:)`.
    ///
    /// - Parameter booleans: Anything that gives the other operand.
    /// - Returns: A producer of the disjunctions.
    @inlinable
    public func or<Booleans: SignalProducerConvertible>(
        _ booleans: Booleans
    ) -> SignalProducer<Value, Error> where Booleans.Value == Value, Booleans.Error == Error {
        or(booleans.producer)
    }

    /// Sends whether the latest values of all the producers are `true`.
    ///
    /// Built on ``SignalProducer/combineLatest(_:emptySentinel:)``: nothing until every
    /// producer has sent, then the conjunction of their latest values each time one sends;
    /// ends as `combineLatest` does. With no producer at all, a run sends `true` (the
    /// conjunction of nothing) and completes.
    ///
    /// - Parameter booleans: The operands, started in order on each start.
    /// - Returns: A producer of the conjunctions.
    /// - Complexity: O(n) per value for n producers.
    @inlinable
    public static func all<BooleansCollection: Collection>(
        _ booleans: BooleansCollection
    ) -> SignalProducer<Value, Error> where BooleansCollection.Element == SignalProducer<Value, Error> {
        combineLatest(booleans, emptySentinel: []).map { $0.allSatisfy { $0 } }
    }

    /// Sends whether the latest values of all the producers are `true`.
    ///
    /// The same as `all(_:)`.
    ///
    /// - Parameter booleans: The operands, started in order on each start.
    /// - Returns: A producer of the conjunctions.
    @inlinable
    public static func all(_ booleans: SignalProducer<Value, Error>...) -> SignalProducer<Value, Error> {
        all(booleans)
    }

    /// Sends whether the latest values of all the operands are `true`.
    ///
    /// The same as `all(_:)`, for anything that gives producers
    /// (signals, properties).
    ///
    /// - Parameter booleans: The operands, started in order on each start.
    /// - Returns: A producer of the conjunctions.
    @inlinable
    public static func all<Booleans: SignalProducerConvertible, BooleansCollection: Collection>(
        _ booleans: BooleansCollection
    ) -> SignalProducer<Value, Error>
    where Booleans.Value == Value, Booleans.Error == Error, BooleansCollection.Element == Booleans {
        all(booleans.map(\.producer))
    }

    /// Sends whether the latest value of any of the producers is `true`.
    ///
    /// Built on ``SignalProducer/combineLatest(_:emptySentinel:)``: nothing until every
    /// producer has sent, then the disjunction of their latest values each time one sends;
    /// ends as `combineLatest` does. With no producer at all, a run sends `false` (the
    /// disjunction of nothing) and completes.
    ///
    /// - Parameter booleans: The operands, started in order on each start.
    /// - Returns: A producer of the disjunctions.
    /// - Complexity: O(n) per value for n producers.
    @inlinable
    public static func any<BooleansCollection: Collection>(
        _ booleans: BooleansCollection
    ) -> SignalProducer<Value, Error> where BooleansCollection.Element == SignalProducer<Value, Error> {
        combineLatest(booleans, emptySentinel: []).map { $0.contains(true) }
    }

    /// Sends whether the latest value of any of the producers is `true`.
    ///
    /// The same as `any(_:)`.
    ///
    /// - Parameter booleans: The operands, started in order on each start.
    /// - Returns: A producer of the disjunctions.
    @inlinable
    public static func any(_ booleans: SignalProducer<Value, Error>...) -> SignalProducer<Value, Error> {
        any(booleans)
    }

    /// Sends whether the latest value of any of the operands is `true`.
    ///
    /// The same as `any(_:)`, for anything that gives producers
    /// (signals, properties).
    ///
    /// - Parameter booleans: The operands, started in order on each start.
    /// - Returns: A producer of the disjunctions.
    @inlinable
    public static func any<Booleans: SignalProducerConvertible, BooleansCollection: Collection>(
        _ booleans: BooleansCollection
    ) -> SignalProducer<Value, Error>
    where Booleans.Value == Value, Booleans.Error == Error, BooleansCollection.Element == Booleans {
        any(booleans.map(\.producer))
    }
}
