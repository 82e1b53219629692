/// The kind of ``SignalProducer``: every `SignalProducer<_, Failure>` belongs to
/// `ProducerKind<Failure>`, whose primitives run cold, once per start.
///
/// `bind` concatenates the inner producers: each starts when the previous one completed, their
/// values arrive in order, and the first failure or interruption ends the whole run. `zip`
/// buffers the side that is ahead and completes when a side has completed and has no buffered
/// value left. Every primitive runs in constant stack, however many values or inner producers go
/// through it, and takes no lock while calling downstream. `bind` and `concat` run on the engine of
/// the sequencing operators (`concat`, `then`, `repeat`), so nesting them, in a recursion through
/// `bind` or a long chain of `concat`s, runs in constant stack too.
public enum ProducerKind<Failure: Swift.Error>: StreamKind {
    /// A producer that completes at once.
    @inlinable
    public static func empty<Value>() -> StreamOf<ProducerKind, Value> {
        SignalProducer<Value, Failure>.empty.stream
    }

    /// A producer of `value`.
    @inlinable
    public static func just<Value>(_ value: Value) -> StreamOf<ProducerKind, Value> {
        SignalProducer<Value, Failure>(value: value).stream
    }

    /// Each value of `stream` replaced by a producer, the producers run one after another.
    @inlinable
    public static func bind<Value, Result>(
        _ stream: StreamOf<ProducerKind, Value>,
        _ makeTransform: @escaping () -> (_ value: Value, _ stop: inout Bool) -> StreamOf<ProducerKind, Result>
    ) -> StreamOf<ProducerKind, Result> {
        SignalProducer<Value, Failure>(stream: stream).concatMap { () -> (Value, inout Bool) -> SignalProducer<Result, Failure> in
            let transform = makeTransform()
            return { value, stop in SignalProducer<Result, Failure>(stream: transform(value, &stop)) }
        }.stream
    }

    /// The values of `first`, then those of `second`, which starts when `first` completed.
    @inlinable
    public static func concat<Value>(
        _ first: StreamOf<ProducerKind, Value>, _ second: StreamOf<ProducerKind, Value>
    ) -> StreamOf<ProducerKind, Value> {
        SignalProducer<Value, Failure>(stream: first).concatenating(SignalProducer(stream: second)).stream
    }

    /// Pairs of the n-th values of both producers, started together.
    @inlinable
    public static func zip<A, B>(
        _ first: StreamOf<ProducerKind, A>, _ second: StreamOf<ProducerKind, B>
    ) -> StreamOf<ProducerKind, (A, B)> {
        SignalProducer<A, Failure>(stream: first).zip(with: SignalProducer<B, Failure>(stream: second)).stream
    }
}

extension SignalProducer: StreamProtocol {
    /// Producers with this error type form one kind of stream.
    public typealias Kind = ProducerKind<Error>

    /// This producer in its kind-level form.
    @inlinable
    public var stream: StreamOf<ProducerKind<Error>, Value> { StreamOf(unchecked: self) }

    /// The producer wrapped by a kind-level stream of ``ProducerKind``.
    @inlinable
    public init(stream: StreamOf<ProducerKind<Error>, Value>) {
        self = stream.base as! SignalProducer<Value, Error>
    }
}

/// Lets ``StreamOf`` name the error type of a producer kind.
public protocol ProducerKindProtocol: StreamKind {
    /// The error type of the producers of this kind.
    associatedtype Failure: Swift.Error
}

extension ProducerKind: ProducerKindProtocol {}

extension StreamOf: SignalProducerConvertible where Kind: ProducerKindProtocol {
    /// The error type of the wrapped producer.
    public typealias Error = Kind.Failure

    /// The wrapped producer.
    @inlinable
    public var producer: SignalProducer<Value, Kind.Failure> {
        base as! SignalProducer<Value, Kind.Failure>
    }
}
