// zip: the n-th values of every source, together. The engine is `CombiningRun.swift`, shared
// with combineLatest (and with the `zip` primitive of `ProducerKind`); this file only lists the
// forms. Those for 2 to 10 sources are generated into `Zip+Arities.generated.swift` by
// `Scripts/generate-arities.swift`.

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
