/// The kind of ``MemoizedSequence``: every `MemoizedSequence<_>` belongs to `SequenceKind`, whose
/// primitives are lazy and memoized.
///
/// Each primitive only builds a sequence: nothing is computed until a value of the result is
/// read, and then only as far as it is read, each value once. `bind` calls `makeTransform` when
/// the first value of its result is computed, calls the transform once per source value, in
/// order, and concatenates the returned sequences lazily, sharing their values; once a transform
/// sets `stop`, the source is read no further, which is how `take(first:)` and `take(while:)`
/// end an infinite sequence. `zip` reads the first sequence's value before the second's, and
/// ends with the shorter. The primitives loop instead of recursing per value, and a result is
/// eager if the (first) sequence it is derived from is.
///
/// The ``StreamOf`` `<SequenceKind, Value>` of these primitives wraps a `MemoizedSequence<Value>`:
/// get it with ``StreamOf/sequence``, or iterate the `StreamOf` directly.
public enum SequenceKind: StreamKind {
    /// The sequence with no value.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func empty<Value>() -> StreamOf<SequenceKind, Value> {
        MemoizedSequence<Value>.empty.stream
    }

    /// The sequence of the single value `value`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func just<Value>(_ value: Value) -> StreamOf<SequenceKind, Value> {
        MemoizedSequence(value: value).stream
    }

    /// Each value of `stream` replaced by a sequence, those sequences concatenated in order,
    /// lazily; see ``MemoizedSequence/flatMap(_:)``, which is this without `stop`.
    ///
    /// - Parameters:
    ///   - stream: The source.
    ///   - makeTransform: Called once, when the first value of the result is computed.
    /// - Complexity: O(1); each value read then costs the empty inner sequences skipped to reach it.
    @inlinable
    public static func bind<Value, Result>(
        _ stream: StreamOf<SequenceKind, Value>,
        _ makeTransform: @escaping () -> (_ value: Value, _ stop: inout Bool) -> StreamOf<SequenceKind, Result>
    ) -> StreamOf<SequenceKind, Result> {
        MemoizedSequence(stream: stream).bound { () -> (Value, inout Bool) -> MemoizedSequence<Result> in
            let transform = makeTransform()
            return { value, stop in MemoizedSequence(stream: transform(value, &stop)) }
        }.stream
    }

    /// The values of `first`, then those of `second`; see ``MemoizedSequence/concat(_:)``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func concat<Value>(
        _ first: StreamOf<SequenceKind, Value>, _ second: StreamOf<SequenceKind, Value>
    ) -> StreamOf<SequenceKind, Value> {
        MemoizedSequence(stream: first).concat(MemoizedSequence(stream: second)).stream
    }

    /// Pairs of the n-th values of `first` and `second`, ending with the shorter; see
    /// ``MemoizedSequence/zip(with:)``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func zip<A, B>(
        _ first: StreamOf<SequenceKind, A>, _ second: StreamOf<SequenceKind, B>
    ) -> StreamOf<SequenceKind, (A, B)> {
        MemoizedSequence(stream: first).zip(with: MemoizedSequence(stream: second)).stream
    }
}

extension MemoizedSequence: StreamProtocol {
    /// Memoized sequences form one kind of stream.
    public typealias Kind = SequenceKind

    /// This sequence in its kind-level form.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var stream: StreamOf<SequenceKind, Value> { StreamOf(unchecked: self) }

    /// The sequence wrapped by a kind-level stream of ``SequenceKind``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(stream: StreamOf<SequenceKind, Value>) {
        self = stream.base as! MemoizedSequence<Value>
    }
}

extension StreamOf where Kind == SequenceKind {
    /// The wrapped sequence.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var sequence: MemoizedSequence<Value> {
        base as! MemoizedSequence<Value>
    }
}

extension StreamOf: Sequence where Kind == SequenceKind {
    /// Iterates the wrapped sequence; see ``MemoizedSequence/makeIterator()``.
    @inlinable
    public func makeIterator() -> MemoizedSequence<Value>.Iterator {
        sequence.makeIterator()
    }
}
