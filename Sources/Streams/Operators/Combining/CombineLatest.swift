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

    /// Combines the latest values of this producer and the signal `other` into pairs.
    ///
    /// The same as ``combineLatest(_:_:)`` with this producer first; each run observes `other`
    /// while it lasts.
    ///
    /// This form only names the mismatch when a signal of the wrong type is passed: the
    /// compiler then reports the signal's type against the expected one, where the form for
    /// any ``SignalProducerConvertible`` could only say that no overload matched. It is
    /// disfavoured, so that `.empty` or `.never` still mean a producer.
    ///
    /// - Parameter other: The signal whose latest value is the second of each pair.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    @_disfavoredOverload
    public func combineLatest<U>(with other: Signal<U, Error>) -> SignalProducer<(Value, U), Error> {
        SignalProducer.combineLatest(self, other.producer)
    }

    /// Combines the latest values of this producer and `other` into pairs.
    ///
    /// The same as ``combineLatest(_:_:)`` with this producer first.
    ///
    /// `other` is an existential, where ReactiveSwift has a generic parameter, so that the
    /// compiler rejects an argument of the wrong type as soon as it knows the argument's type.
    /// Given a generic parameter, it tries every overload of every closure in the rest of the
    /// expression first, and gives up ("unable to type-check this expression in reasonable
    /// time") instead of naming the mismatch. An `any PropertyProtocol<U>`, which Swift cannot
    /// convert to this existential, goes to the ``PropertyProtocol`` form; an argument typed
    /// `any BindingSource<U>` needs `.producer`.
    ///
    /// - Parameter other: Anything that gives the producer whose latest value is the second of
    ///   each pair: a producer, a signal, a property.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    public func combineLatest<U>(
        with other: any SignalProducerConvertible<U, Error>
    ) -> SignalProducer<(Value, U), Error> {
        SignalProducer.combineLatest(self, other.producer)
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

extension SignalProducer where Error == Never {
    /// Combines the latest values of this producer and the property `other` into pairs.
    ///
    /// The same as ``combineLatest(_:_:)`` with this producer first. This form takes the
    /// existentials of ``PropertyProtocol`` and of the protocols refining it
    /// (`any PropertyProtocol<U>`, `any MutablePropertyProtocol<U>`), which Swift cannot convert
    /// to `any SignalProducerConvertible<U, Never>`; it is disfavoured, so that a concrete
    /// property still goes to the form for any ``SignalProducerConvertible``.
    ///
    /// - Parameter other: The property whose latest value is the second of each pair.
    /// - Returns: A producer of `(self, other)` pairs.
    @inlinable
    @_disfavoredOverload
    public func combineLatest<U>(with other: any PropertyProtocol<U>) -> SignalProducer<(Value, U), Never> {
        SignalProducer.combineLatest(self, other.producer)
    }
}
