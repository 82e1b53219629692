/// The protocol shared by the two kinds of stream, ``SignalProducer`` (cold, push-driven) and
/// ``MemoizedSequence`` (lazy, memoized, pull-driven), so that an operator can be written once
/// for both.
///
/// ## The design
///
/// Swift has no higher-kinded types: a protocol cannot say "the same kind of stream as `Self`,
/// with values of another type". Streams splits the idea in two:
///
/// - a **kind** (``StreamKind``) names a family of streams: ``ProducerKind`` is the family of
///   `SignalProducer<_, Failure>`, ``SequenceKind`` that of `MemoizedSequence<_>`. The kind
///   implements the primitives (``StreamKind/empty()``, ``StreamKind/just(_:)``,
///   ``StreamKind/bind(_:_:)``, ``StreamKind/concat(_:_:)`` and ``StreamKind/zip(_:_:)``) for any
///   value type, over ``StreamOf``;
/// - ``StreamOf`` `<Kind, Value>` is the kind-level form of any stream of that kind: a thin wrapper
///   around the concrete stream, so that a type-changing operator has a result type it can name.
///
/// A conforming type converts to and from its kind-level form (``stream`` and
/// ``init(stream:)``), which costs a wrapper at composition time and nothing per value. Operators
/// written as extensions of `StreamProtocol` that keep the value type return `Self`; those that
/// change it return `StreamOf<Kind, NewValue>`, which is itself a stream of the same kind (it
/// conforms to `StreamProtocol`, converts back with `.producer` or is iterated as a sequence).
///
/// The concrete types may offer faster versions of the same operators with the same results;
/// being members of the concrete type, those are preferred wherever the type is known.
public protocol StreamProtocol<Value> {
    /// The type of the values.
    associatedtype Value
    /// The family this stream belongs to.
    associatedtype Kind: StreamKind

    /// This stream in its kind-level form.
    var stream: StreamOf<Kind, Value> { get }

    /// The stream of this type equivalent to a kind-level stream.
    init(stream: StreamOf<Kind, Value>)
}

/// A family of streams, such as every `SignalProducer<_, E>` for one error type `E`, and the
/// primitives every other stream operator can be built from.
///
/// Each primitive is pure composition: it builds a new stream and starts or evaluates nothing.
public protocol StreamKind {
    /// A stream with no value, that ends at once.
    static func empty<Value>() -> StreamOf<Self, Value>

    /// A stream of exactly one value.
    static func just<Value>(_ value: Value) -> StreamOf<Self, Value>

    /// Replaces each value of `stream` by a stream, and concatenates those streams in order.
    ///
    /// `makeTransform` is called once each time the result is started (for a producer) or
    /// evaluated (for a sequence), so the transform it returns may keep state of its own. The
    /// transform receives each value and a `stop` flag: setting it ends the source after the
    /// stream returned for this value, which is how operators such as `take(while:)` end an
    /// infinite source.
    static func bind<Value, Result>(
        _ stream: StreamOf<Self, Value>,
        _ makeTransform: @escaping () -> (_ value: Value, _ stop: inout Bool) -> StreamOf<Self, Result>
    ) -> StreamOf<Self, Result>

    /// The values of `first`, then those of `second`.
    static func concat<Value>(_ first: StreamOf<Self, Value>, _ second: StreamOf<Self, Value>) -> StreamOf<Self, Value>

    /// Pairs of the n-th values of `first` and `second`, in order, ending with the shorter.
    static func zip<A, B>(_ first: StreamOf<Self, A>, _ second: StreamOf<Self, B>) -> StreamOf<Self, (A, B)>
}

/// Any stream of the kind `Kind` with values of type `Value`: the result type of operators that
/// change the value type when they are written once for every kind.
///
/// It wraps the concrete stream (a `SignalProducer` or a `MemoizedSequence`) and is itself a
/// stream of that kind. Get the concrete stream back with `.producer` (for
/// ``ProducerKind``) or `.sequence` (for ``SequenceKind``), or use it directly: a producer-kind
/// `StreamOf` is ``SignalProducerConvertible``, a sequence-kind one is a Swift `Sequence`.
public struct StreamOf<Kind: StreamKind, Value>: StreamProtocol {
    /// The concrete stream. A kind creates and reads it; it always has the kind's concrete type
    /// for `Value`. Not API: users get the stream back with `.producer` or `.sequence`.
    @usableFromInline let base: Any

    /// Wraps `base`, which must be the concrete stream type `Kind` uses for `Value`.
    ///
    /// For the kinds' own conversions only: they unwrap `base` with a forced cast, so a wrong
    /// `base` would crash there; this is why it is not API.
    @inlinable
    init(unchecked base: Any) {
        self.base = base
    }

    /// The stream itself.
    @inlinable
    public var stream: StreamOf<Kind, Value> { self }

    /// The stream itself.
    @inlinable
    public init(stream: StreamOf<Kind, Value>) {
        self = stream
    }
}

extension StreamOf: @unchecked Sendable where Value: Sendable {}
