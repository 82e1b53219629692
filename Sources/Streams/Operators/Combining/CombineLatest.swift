// combineLatest: a combination of the latest value of every source, each time one of them sends.
// The engine is `CombiningRun.swift`; this file only lists the forms.

extension Signal {
    /// Combines the latest values of this signal and `other` into pairs.
    ///
    /// The same as ``combineLatest(_:_:)`` with this signal first.
    ///
    /// - Parameter other: The signal whose latest value is the second of each pair.
    /// - Returns: A signal of `(self, other)` pairs.
    @inlinable
    public func combineLatest<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal.combineLatest(self, other)
    }

    /// Combines the latest values of two signals into pairs.
    ///
    /// - Values: nothing until both have sent a value; then a pair of the latest value of each,
    ///   every time either sends.
    /// - Completion: once both have completed, also when one completed without having sent
    ///   anything (no pair can be made then, but a failure of the other still fails the result).
    /// - Errors and interruption: as soon as either fails or is interrupted; the other is then
    ///   no longer observed.
    /// - Scheduler: none. A pair is delivered on the thread that sent the value making it, in
    ///   the order the values arrived and one at a time: a value sent from another thread (or
    ///   from inside an observer) while a pair is being delivered is queued, and the delivering
    ///   thread delivers its pair right after.
    ///
    /// ```swift
    /// let (numbers, numbersInput) = Signal<Int, Never>.pipe()
    /// let (letters, lettersInput) = Signal<String, Never>.pipe()
    /// Signal.combineLatest(numbers, letters).observeValues { print($0) }
    /// numbersInput.send(value: 1)
    /// lettersInput.send(value: "a")
    /// numbersInput.send(value: 2)
    /// // Prints: (1, "a"), then (2, "a")
    /// ```
    ///
    /// - Parameters:
    ///   - a: The first signal, observed first.
    ///   - b: The second signal.
    /// - Returns: A signal of `(a, b)` pairs.
    /// - Complexity: O(1) per value, plus copying the values into the tuple.
    @inlinable
    public static func combineLatest<B>(_ a: Signal<Value, Error>, _ b: Signal<B, Error>) -> Signal<(Value, B), Error> {
        .init(Combining.tuples(.latest, CombiningSource(a), CombiningSource(b)))
    }

    /// Combines the latest values of three signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with three signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>
    ) -> Signal<(Value, B, C), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c)
        ))
    }

    /// Combines the latest values of four signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with four signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>
    ) -> Signal<(Value, B, C, D), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d)
        ))
    }

    /// Combines the latest values of five signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with five signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D, E>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>
    ) -> Signal<(Value, B, C, D, E), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e)
        ))
    }

    /// Combines the latest values of six signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with six signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    ///   - f: The sixth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D, E, F>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>
    ) -> Signal<(Value, B, C, D, E, F), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f)
        ))
    }

    /// Combines the latest values of seven signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with seven signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    ///   - f: The sixth signal.
    ///   - g: The seventh signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D, E, F, G>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>
    ) -> Signal<(Value, B, C, D, E, F, G), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g)
        ))
    }

    /// Combines the latest values of eight signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with eight signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    ///   - f: The sixth signal.
    ///   - g: The seventh signal.
    ///   - h: The eighth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D, E, F, G, H>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>, _ h: Signal<H, Error>
    ) -> Signal<(Value, B, C, D, E, F, G, H), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g), CombiningSource(h)
        ))
    }

    /// Combines the latest values of nine signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with nine signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    ///   - f: The sixth signal.
    ///   - g: The seventh signal.
    ///   - h: The eighth signal.
    ///   - i: The ninth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D, E, F, G, H, I>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>, _ h: Signal<H, Error>,
        _ i: Signal<I, Error>
    ) -> Signal<(Value, B, C, D, E, F, G, H, I), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g), CombiningSource(h), CombiningSource(i)
        ))
    }

    /// Combines the latest values of ten signals into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with ten signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    ///   - f: The sixth signal.
    ///   - g: The seventh signal.
    ///   - h: The eighth signal.
    ///   - i: The ninth signal.
    ///   - j: The tenth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func combineLatest<B, C, D, E, F, G, H, I, J>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>, _ h: Signal<H, Error>,
        _ i: Signal<I, Error>, _ j: Signal<J, Error>
    ) -> Signal<(Value, B, C, D, E, F, G, H, I, J), Error> {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g), CombiningSource(h), CombiningSource(i), CombiningSource(j)
        ))
    }

    /// Combines the latest values of any number of signals into arrays.
    ///
    /// The same as ``combineLatest(_:_:)`` for the signals of `signals`, observed in order:
    /// an array of the latest value of each, in that order, once all have sent, then one per
    /// value of any of them. With no signal at all, the result completes at once.
    ///
    /// - Parameter signals: The signals to combine; the sequence is read once, at this call.
    /// - Returns: A signal of arrays, with one value per signal.
    /// - Complexity: O(n) per value for n signals, to build the array.
    @inlinable
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Iterator.Element == Signal<Value, Error> {
        .init(Combining.array(.latest, signals.map { CombiningSource($0) }))
    }
}

extension SignalProducer {
    /// Combines the latest values of this producer and `other` into pairs.
    ///
    /// The same as ``combineLatest(_:_:)`` with this producer first.
    ///
    /// - Parameter other: The producer whose latest value is the second of each pair.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    public func combineLatest<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
        SignalProducer.combineLatest(self, other)
    }

    /// Combines the latest values of this producer and `other` into pairs.
    ///
    /// The same as ``combineLatest(_:_:)`` with this producer first.
    ///
    /// - Parameter other: Anything that gives the producer whose latest value is the second of
    ///   each pair: a producer, a signal, a property.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    public func combineLatest<Other: SignalProducerConvertible>(
        with other: Other
    ) -> SignalProducer<(Value, Other.Value), Error> where Other.Error == Error {
        SignalProducer.combineLatest(self, other)
    }

    /// Combines the latest values of two producers into pairs.
    ///
    /// Each start starts `a`, then `b` (unless `a` already ended the run).
    ///
    /// - Values: nothing until both have sent a value; then a pair of the latest value of each,
    ///   every time either sends.
    /// - Completion: once both have completed, also when one completed without having sent
    ///   anything (no pair can be made then, but a failure of the other still fails the result).
    /// - Errors and interruption: as soon as either fails or is interrupted; the other is then
    ///   interrupted. Disposing the run interrupts both.
    /// - Scheduler: none. A pair is delivered on the thread that sent the value making it, in
    ///   the order the values arrived and one at a time: a value sent from another thread while
    ///   a pair is being delivered is queued, and the delivering thread delivers its pair right
    ///   after.
    ///
    /// ```swift
    /// SignalProducer.combineLatest(SignalProducer([1, 2]), SignalProducer(value: "a"))
    ///     .startWithValues { print($0) }
    /// // Prints: (2, "a"): `a` sent both values before `b` started
    /// ```
    ///
    /// - Parameters:
    ///   - a: The first producer, started first.
    ///   - b: The second producer.
    /// - Returns: A producer of `(a, b)` pairs.
    /// - Complexity: O(1) per value, plus copying the values into the tuple.
    @inlinable
    public static func combineLatest<A: SignalProducerConvertible, B: SignalProducerConvertible>(
        _ a: A, _ b: B
    ) -> SignalProducer<(Value, B.Value), Error> where A.Value == Value, A.Error == Error, B.Error == Error {
        .init(Combining.tuples(.latest, CombiningSource(a.producer), CombiningSource(b.producer)))
    }

    /// Combines the latest values of three producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with three producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C
    ) -> SignalProducer<(Value, B.Value, C.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer)
        ))
    }

    /// Combines the latest values of four producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with four producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer)
        ))
    }

    /// Combines the latest values of five producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with five producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer)
        ))
    }

    /// Combines the latest values of six producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with six producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value, F.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error,
        F.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer)
        ))
    }

    /// Combines the latest values of seven producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with seven producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    ///   - g: The seventh producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible,
        G: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error,
        F.Error == Error, G.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer)
        ))
    }

    /// Combines the latest values of eight producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with eight producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    ///   - g: The seventh producer.
    ///   - h: The eighth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible,
        G: SignalProducerConvertible, H: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value, H.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error,
        F.Error == Error, G.Error == Error, H.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer), CombiningSource(h.producer)
        ))
    }

    /// Combines the latest values of nine producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with nine producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    ///   - g: The seventh producer.
    ///   - h: The eighth producer.
    ///   - i: The ninth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible,
        G: SignalProducerConvertible, H: SignalProducerConvertible, I: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value, H.Value, I.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error,
        F.Error == Error, G.Error == Error, H.Error == Error, I.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer), CombiningSource(h.producer), CombiningSource(i.producer)
        ))
    }

    /// Combines the latest values of ten producers into tuples.
    ///
    /// The same as ``combineLatest(_:_:)`` with ten producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    ///   - g: The seventh producer.
    ///   - h: The eighth producer.
    ///   - i: The ninth producer.
    ///   - j: The tenth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible,
        G: SignalProducerConvertible, H: SignalProducerConvertible, I: SignalProducerConvertible,
        J: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I, _ j: J
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value, F.Value, G.Value, H.Value, I.Value, J.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error,
        F.Error == Error, G.Error == Error, H.Error == Error, I.Error == Error, J.Error == Error
    {
        .init(Combining.tuples(
            .latest,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer), CombiningSource(h.producer), CombiningSource(i.producer),
            CombiningSource(j.producer)
        ))
    }

    /// Combines the latest values of any number of producers into arrays.
    ///
    /// The same as ``combineLatest(_:_:)`` for the producers of `producers`, started in order
    /// on each start: an array of the latest value of each, in that order, once all have sent,
    /// then one per value of any of them. With no producer at all, a run completes at once,
    /// without a value; ``combineLatest(_:emptySentinel:)`` sends a value instead.
    ///
    /// - Parameter producers: The producers to combine; the sequence is read once, at this call.
    /// - Returns: A producer of arrays, with one value per producer.
    /// - Complexity: O(n) per value for n producers, to build the array.
    @inlinable
    public static func combineLatest<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Iterator.Element: SignalProducerConvertible, S.Iterator.Element.Value == Value,
          S.Iterator.Element.Error == Error {
        .init(Combining.array(.latest, producers.map { CombiningSource($0.producer) }))
    }

    /// Combines the latest values of any number of producers into arrays, sending
    /// `emptySentinel` when there is no producer.
    ///
    /// The same as ``combineLatest(_:)``, except that with no producer at all a run sends
    /// `emptySentinel`, then completes.
    ///
    /// - Parameters:
    ///   - producers: The producers to combine; the sequence is read once, at this call.
    ///   - emptySentinel: The value a run sends when `producers` is empty.
    /// - Returns: A producer of arrays, with one value per producer.
    @inlinable
    public static func combineLatest<S: Sequence>(
        _ producers: S,
        emptySentinel: [S.Iterator.Element.Value]
    ) -> SignalProducer<[Value], Error>
    where S.Iterator.Element: SignalProducerConvertible, S.Iterator.Element.Value == Value,
          S.Iterator.Element.Error == Error {
        .init(Combining.array(.latest, producers.map { CombiningSource($0.producer) }, emptySentinel: emptySentinel))
    }
}
