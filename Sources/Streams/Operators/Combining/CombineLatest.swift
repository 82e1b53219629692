// combineLatest: a combination of the latest value of every source, each time one of them sends.
// The engine is `CombiningRun.swift`; this file only lists the forms. Those for 2 to 10 sources
// are generated into `CombineLatest+Arities.generated.swift` by `Scripts/generate-arities.swift`.

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
