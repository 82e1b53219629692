// zip: the n-th values of every source, together. The engine is `CombiningRun.swift`, shared
// with combineLatest (and with the `zip` primitive of `ProducerKind`); this file only lists the
// forms.

extension Signal {
    /// Pairs the n-th value of this signal with the n-th value of `other`.
    ///
    /// The same as ``zip(_:_:)`` with this signal first.
    ///
    /// - Parameter other: The signal whose values are the second of each pair.
    /// - Returns: A signal of `(self, other)` pairs.
    @inlinable
    public func zip<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal.zip(self, other)
    }

    /// Pairs the n-th value of `a` with the n-th value of `b`.
    ///
    /// - Values: a pair as soon as both have sent their n-th value; the values of the signal
    ///   that is ahead are kept until the other catches up.
    /// - Completion: once one of them has completed and each of its values has been paired
    ///   (at once if it had none left).
    /// - Errors and interruption: as soon as either fails or is interrupted, even with values
    ///   still unpaired; the other is then no longer observed.
    /// - Scheduler: none. A pair is delivered on the thread that sent the value completing it,
    ///   one at a time and in order: a value sent from another thread (or from inside an
    ///   observer) while a pair is being delivered is queued, and the delivering thread
    ///   delivers what it completes right after.
    ///
    /// ```swift
    /// let (numbers, numbersInput) = Signal<Int, Never>.pipe()
    /// let (letters, lettersInput) = Signal<String, Never>.pipe()
    /// Signal.zip(numbers, letters).observeValues { print($0) }
    /// numbersInput.send(value: 1)
    /// numbersInput.send(value: 2)
    /// lettersInput.send(value: "a")
    /// lettersInput.send(value: "b")
    /// // Prints: (1, "a"), then (2, "b")
    /// ```
    ///
    /// - Parameters:
    ///   - a: The first signal, observed first.
    ///   - b: The second signal.
    /// - Returns: A signal of `(a, b)` pairs.
    /// - Complexity: O(1) amortized per value; memory for the values one signal is ahead by.
    @inlinable
    public static func zip<B>(_ a: Signal<Value, Error>, _ b: Signal<B, Error>) -> Signal<(Value, B), Error> {
        .init(Combining.tuples(.zip, CombiningSource(a), CombiningSource(b)))
    }

    /// Groups the n-th values of three signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with three signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func zip<B, C>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>
    ) -> Signal<(Value, B, C), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c)
        ))
    }

    /// Groups the n-th values of four signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with four signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func zip<B, C, D>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>
    ) -> Signal<(Value, B, C, D), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d)
        ))
    }

    /// Groups the n-th values of five signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with five signals, observed in argument order.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    ///   - e: The fifth signal.
    /// - Returns: A signal of tuples, in argument order.
    @inlinable
    public static func zip<B, C, D, E>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>
    ) -> Signal<(Value, B, C, D, E), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e)
        ))
    }

    /// Groups the n-th values of six signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with six signals, observed in argument order.
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
    public static func zip<B, C, D, E, F>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>
    ) -> Signal<(Value, B, C, D, E, F), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f)
        ))
    }

    /// Groups the n-th values of seven signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with seven signals, observed in argument order.
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
    public static func zip<B, C, D, E, F, G>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>
    ) -> Signal<(Value, B, C, D, E, F, G), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g)
        ))
    }

    /// Groups the n-th values of eight signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with eight signals, observed in argument order.
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
    public static func zip<B, C, D, E, F, G, H>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>, _ h: Signal<H, Error>
    ) -> Signal<(Value, B, C, D, E, F, G, H), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g), CombiningSource(h)
        ))
    }

    /// Groups the n-th values of nine signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with nine signals, observed in argument order.
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
    public static func zip<B, C, D, E, F, G, H, I>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>, _ h: Signal<H, Error>,
        _ i: Signal<I, Error>
    ) -> Signal<(Value, B, C, D, E, F, G, H, I), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g), CombiningSource(h), CombiningSource(i)
        ))
    }

    /// Groups the n-th values of ten signals into tuples.
    ///
    /// The same as ``zip(_:_:)`` with ten signals, observed in argument order.
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
    public static func zip<B, C, D, E, F, G, H, I, J>(
        _ a: Signal<Value, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>, _ d: Signal<D, Error>,
        _ e: Signal<E, Error>, _ f: Signal<F, Error>, _ g: Signal<G, Error>, _ h: Signal<H, Error>,
        _ i: Signal<I, Error>, _ j: Signal<J, Error>
    ) -> Signal<(Value, B, C, D, E, F, G, H, I, J), Error> {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a), CombiningSource(b), CombiningSource(c), CombiningSource(d), CombiningSource(e),
            CombiningSource(f), CombiningSource(g), CombiningSource(h), CombiningSource(i), CombiningSource(j)
        ))
    }

    /// Groups the n-th values of any number of signals into arrays.
    ///
    /// The same as ``zip(_:_:)`` for the signals of `signals`, observed in order: an array of
    /// the n-th value of each, in that order. With no signal at all, the result completes at
    /// once.
    ///
    /// - Parameter signals: The signals to zip; the sequence is read once, at this call.
    /// - Returns: A signal of arrays, with one value per signal.
    /// - Complexity: O(n) per array for n signals.
    @inlinable
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Iterator.Element == Signal<Value, Error> {
        .init(Combining.array(.zip, signals.map { CombiningSource($0) }))
    }
}

extension SignalProducer {
    /// Pairs the n-th value of this producer with the n-th value of `other`.
    ///
    /// The same as ``zip(_:_:)`` with this producer first.
    ///
    /// - Parameter other: The producer whose values are the second of each pair.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    public func zip<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
        SignalProducer.zip(self, other)
    }

    /// Pairs the n-th value of this producer with the n-th value of `other`.
    ///
    /// The same as ``zip(_:_:)`` with this producer first.
    ///
    /// - Parameter other: Anything that gives the producer whose values are the second of each
    ///   pair: a producer, a signal, a property.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    public func zip<Other: SignalProducerConvertible>(
        with other: Other
    ) -> SignalProducer<(Value, Other.Value), Error> where Other.Error == Error {
        SignalProducer.zip(self, other)
    }

    /// Pairs the n-th value of `a` with the n-th value of `b`.
    ///
    /// Each start starts `a`, then `b` (unless `a` already ended the run).
    ///
    /// - Values: a pair as soon as both have sent their n-th value; the values of the producer
    ///   that is ahead are kept until the other catches up.
    /// - Completion: once one of them has completed and each of its values has been paired
    ///   (at once if it had none left); the other is then interrupted. So zipping with an
    ///   endless synchronous producer stops it after the last pair.
    /// - Errors and interruption: as soon as either fails or is interrupted, even with values
    ///   still unpaired; the other is then interrupted. Disposing the run interrupts both.
    /// - Scheduler: none. A pair is delivered on the thread that sent the value completing it,
    ///   one at a time and in order.
    ///
    /// ```swift
    /// SignalProducer.zip(SignalProducer([1, 2, 3]), SignalProducer(["a", "b"]))
    ///     .startWithValues { print($0) }
    /// // Prints: (1, "a"), then (2, "b")
    /// ```
    ///
    /// - Parameters:
    ///   - a: The first producer, started first.
    ///   - b: The second producer.
    /// - Returns: A producer of `(a, b)` pairs.
    /// - Complexity: O(1) amortized per value; memory for the values one producer is ahead by.
    @inlinable
    public static func zip<A: SignalProducerConvertible, B: SignalProducerConvertible>(
        _ a: A, _ b: B
    ) -> SignalProducer<(Value, B.Value), Error> where A.Value == Value, A.Error == Error, B.Error == Error {
        .init(Combining.tuples(.zip, CombiningSource(a.producer), CombiningSource(b.producer)))
    }

    /// Groups the n-th values of three producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with three producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C
    ) -> SignalProducer<(Value, B.Value, C.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error
    {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer)
        ))
    }

    /// Groups the n-th values of four producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with four producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error
    {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer)
        ))
    }

    /// Groups the n-th values of five producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with five producers, started in argument order on each start.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    /// - Returns: A producer of tuples, in argument order.
    @inlinable
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible, E: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
    ) -> SignalProducer<(Value, B.Value, C.Value, D.Value, E.Value), Error>
    where
        A.Value == Value, A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error, E.Error == Error
    {
        .init(Combining.tuples(
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer)
        ))
    }

    /// Groups the n-th values of six producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with six producers, started in argument order on each start.
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
    public static func zip<
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
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer)
        ))
    }

    /// Groups the n-th values of seven producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with seven producers, started in argument order on each start.
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
    public static func zip<
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
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer)
        ))
    }

    /// Groups the n-th values of eight producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with eight producers, started in argument order on each start.
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
    public static func zip<
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
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer), CombiningSource(h.producer)
        ))
    }

    /// Groups the n-th values of nine producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with nine producers, started in argument order on each start.
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
    public static func zip<
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
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer), CombiningSource(h.producer), CombiningSource(i.producer)
        ))
    }

    /// Groups the n-th values of ten producers into tuples.
    ///
    /// The same as ``zip(_:_:)`` with ten producers, started in argument order on each start.
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
    public static func zip<
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
            .zip,
            CombiningSource(a.producer), CombiningSource(b.producer), CombiningSource(c.producer),
            CombiningSource(d.producer), CombiningSource(e.producer), CombiningSource(f.producer),
            CombiningSource(g.producer), CombiningSource(h.producer), CombiningSource(i.producer),
            CombiningSource(j.producer)
        ))
    }

    /// Groups the n-th values of any number of producers into arrays.
    ///
    /// The same as ``zip(_:_:)`` for the producers of `producers`, started in order on each
    /// start: an array of the n-th value of each, in that order. With no producer at all, a run
    /// completes at once, without a value; ``zip(_:emptySentinel:)`` sends a value instead.
    ///
    /// - Parameter producers: The producers to zip; the sequence is read once, at this call.
    /// - Returns: A producer of arrays, with one value per producer.
    /// - Complexity: O(n) per array for n producers.
    @inlinable
    public static func zip<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Iterator.Element: SignalProducerConvertible, S.Iterator.Element.Value == Value,
          S.Iterator.Element.Error == Error {
        .init(Combining.array(.zip, producers.map { CombiningSource($0.producer) }))
    }

    /// Groups the n-th values of any number of producers into arrays, sending `emptySentinel`
    /// when there is no producer.
    ///
    /// The same as ``zip(_:)``, except that with no producer at all a run sends
    /// `emptySentinel`, then completes.
    ///
    /// - Parameters:
    ///   - producers: The producers to zip; the sequence is read once, at this call.
    ///   - emptySentinel: The value a run sends when `producers` is empty.
    /// - Returns: A producer of arrays, with one value per producer.
    @inlinable
    public static func zip<S: Sequence>(
        _ producers: S,
        emptySentinel: [S.Iterator.Element.Value]
    ) -> SignalProducer<[Value], Error>
    where S.Iterator.Element: SignalProducerConvertible, S.Iterator.Element.Value == Value,
          S.Iterator.Element.Error == Error {
        .init(Combining.array(.zip, producers.map { CombiningSource($0.producer) }, emptySentinel: emptySentinel))
    }
}
