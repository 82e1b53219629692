// merge: several streams of the same type, run at once, their values interleaved as they come.

extension Signal {
    /// Merges `signals`: the values of all of them, as they come.
    ///
    /// - Values: each delivered on the thread of the signal that sent it, one at a time; no
    ///   scheduler is involved.
    /// - Errors: the first failure of any signal fails the result at once, and the others are no
    ///   longer observed.
    /// - Completion: once every signal has completed (at once for an empty sequence).
    /// - Interruption: as in ReactiveSwift, an interrupted signal counts as completed; the result
    ///   goes on with the others.
    ///
    /// ```swift
    /// let (taps, tapInput) = Signal<String, Never>.pipe()
    /// let (keys, keyInput) = Signal<String, Never>.pipe()
    /// Signal.merge([taps, keys]).observeValues { print($0) }
    /// ```
    ///
    /// - Parameter signals: The signals to merge; all are observed at once.
    /// - Returns: A signal of the values of every signal.
    @inlinable
    public static func merge<Seq: Sequence>(_ signals: Seq) -> Signal<Value, Error>
    where Seq.Iterator.Element == Signal<Value, Error> {
        let producers = SignalProducer<Signal<Value, Error>, Error>(signals)
        return Signal { observer, lifetime in
            lifetime += producers.flatten(.merge).start(observer)
        }
    }

    /// Merges `signals`: the values of all of them, as they come; see ``merge(_:)-(Seq)``.
    ///
    /// Values are delivered on the thread of the signal that sent them, one at a time; the first
    /// failure ends the result at once; it completes once every signal has completed (an
    /// interrupted one counts as completed).
    ///
    /// - Parameter signals: The signals to merge.
    /// - Returns: A signal of the values of every signal.
    @inlinable
    public static func merge(_ signals: Signal<Value, Error>...) -> Signal<Value, Error> {
        merge(signals)
    }

    /// Merges this signal with `other`: the values of both, as they come.
    ///
    /// Values are delivered on the thread of the signal that sent them, one at a time; the first
    /// failure of either ends the result at once; it completes once both have completed (an
    /// interrupted one counts as completed).
    ///
    /// - Parameter other: The signal to merge with this one.
    /// - Returns: A signal of the values of both signals.
    @inlinable
    public func merge(with other: Signal<Value, Error>) -> Signal<Value, Error> {
        Signal.merge([self, other])
    }
}

extension SignalProducer {
    /// Merges `producers`: each run starts all of them, in order, and sends their values as
    /// they come.
    ///
    /// - Values: each delivered on the thread of the producer that sent it, one at a time; no
    ///   scheduler is involved. Synchronous producers run one after another, each to its end.
    /// - Errors: the first failure of any producer fails the result at once and interrupts the
    ///   others.
    /// - Completion: once every producer has completed (at once for an empty sequence).
    /// - Interruption: as in ReactiveSwift, an interrupted producer counts as completed; the
    ///   result goes on with the others. Disposing the run interrupts every producer.
    ///
    /// - Parameter producers: The producers to merge; the sequence is iterated on each start.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<Seq: Sequence>(_ producers: Seq) -> SignalProducer<Value, Error>
    where Seq.Iterator.Element == SignalProducer<Value, Error> {
        SignalProducer<SignalProducer<Value, Error>, Error>(producers).flatten(.merge)
    }

    /// Merges this producer with `other`: each run starts this producer, then `other`, and sends
    /// the values of both as they come, on their threads, one at a time.
    ///
    /// The first failure of either ends the result at once and interrupts the other; it completes
    /// once both have completed (an interrupted one counts as completed). Disposing the run
    /// interrupts both.
    ///
    /// - Parameter other: The producer to merge with this one.
    /// - Returns: A producer of the values of both producers.
    @inlinable
    public func merge(with other: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer.merge([self, other])
    }

    /// Merges this producer with `other`, anything that gives a producer; see
    /// ``merge(with:)-(SignalProducer<Value,Error>)``.
    ///
    /// - Parameter other: The producer, property or other convertible to merge with this one.
    /// - Returns: A producer of the values of both.
    @inlinable
    public func merge<Other: SignalProducerConvertible>(with other: Other) -> SignalProducer<Value, Error>
    where Other.Value == Value, Other.Error == Error {
        SignalProducer.merge([self, other.producer])
    }

    /// Merges 2 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible>(_ a: A, _ b: B) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error {
        merge([a.producer, b.producer])
    }

    /// Merges 3 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error {
        merge([a.producer, b.producer, c.producer])
    }

    /// Merges 4 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer])
    }

    /// Merges 5 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible, E: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error, E.Value == Value, E.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer, e.producer])
    }

    /// Merges 6 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error, E.Value == Value, E.Error == Error, F.Value == Value, F.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer, e.producer, f.producer])
    }

    /// Merges 7 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
    ///
    /// - Parameters:
    ///   - a: The first producer.
    ///   - b: The second producer.
    ///   - c: The third producer.
    ///   - d: The fourth producer.
    ///   - e: The fifth producer.
    ///   - f: The sixth producer.
    ///   - g: The seventh producer.
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible, G: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error, E.Value == Value, E.Error == Error, F.Value == Value, F.Error == Error, G.Value == Value, G.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer, e.producer, f.producer, g.producer])
    }

    /// Merges 8 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
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
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible, G: SignalProducerConvertible, H: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error, E.Value == Value, E.Error == Error, F.Value == Value, F.Error == Error, G.Value == Value, G.Error == Error, H.Value == Value, H.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer, e.producer, f.producer, g.producer, h.producer])
    }

    /// Merges 9 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
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
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible, G: SignalProducerConvertible, H: SignalProducerConvertible, I: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error, E.Value == Value, E.Error == Error, F.Value == Value, F.Error == Error, G.Value == Value, G.Error == Error, H.Value == Value, H.Error == Error, I.Value == Value, I.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer, e.producer, f.producer, g.producer, h.producer, i.producer])
    }

    /// Merges 10 producers (or anything that gives one): each run starts them all, in argument
    /// order, and sends their values as they come, on their threads, one at a time. The first
    /// failure ends the result at once and interrupts the others; it completes once every
    /// producer has completed (an interrupted one counts as completed). Disposing the run
    /// interrupts them all.
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
    /// - Returns: A producer of the values of every producer.
    @inlinable
    public static func merge<A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible, D: SignalProducerConvertible, E: SignalProducerConvertible, F: SignalProducerConvertible, G: SignalProducerConvertible, H: SignalProducerConvertible, I: SignalProducerConvertible, J: SignalProducerConvertible>(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I, _ j: J) -> SignalProducer<Value, Error>
    where A.Value == Value, A.Error == Error, B.Value == Value, B.Error == Error, C.Value == Value, C.Error == Error, D.Value == Value, D.Error == Error, E.Value == Value, E.Error == Error, F.Value == Value, F.Error == Error, G.Value == Value, G.Error == Error, H.Value == Value, H.Error == Error, I.Value == Value, I.Error == Error, J.Value == Value, J.Error == Error {
        merge([a.producer, b.producer, c.producer, d.producer, e.producer, f.producer, g.producer, h.producer, i.producer, j.producer])
    }
}
