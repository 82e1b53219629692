// merge: several streams of the same type, run at once, their values interleaved as they come.
// The producer forms for 2 to 10 arguments are generated into `Merge+Arities.generated.swift` by
// `Scripts/generate-arities.swift`.

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
}
