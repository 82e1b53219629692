// The operators that combine a MemoizedSequence with a value or with another sequence. The
// values of the sequences combined are shared, not recomputed: the result reads them through
// their memoized cells.

extension MemoizedSequence {
    /// `value`, then the values of this sequence.
    ///
    /// ```swift
    /// Array(MemoizedSequence([2, 3]).prefix(value: 1))   // [1, 2, 3]
    /// ```
    ///
    /// - Complexity: O(1); the values of this sequence are shared, not copied.
    @inlinable
    public func prefix(value: Value) -> MemoizedSequence<Value> {
        let start = start
        let node = start.isEvaluated
            ? MemoNode(value, next: start.content)
            : MemoNode(value, step: ForwardStep(MemoReader(start)).box)
        // An eager sequence is evaluated, and then so is `node`.
        return derived(MemoSlot(evaluated: node), isEvaluated: true)
    }

    /// `value`, then the values of this sequence; the same as ``prefix(value:)``.
    ///
    /// - Complexity: O(1); the values of this sequence are shared, not copied.
    @inlinable
    public func startWith(_ value: Value) -> MemoizedSequence<Value> {
        prefix(value: value)
    }

    /// The values of this sequence, then those of `next`, lazily; `next` is read only once this
    /// sequence has been read to its end, and its values are then shared, not copied.
    ///
    /// The result is eager if this sequence is.
    ///
    /// ```swift
    /// Array(MemoizedSequence([1, 2]).concat(MemoizedSequence([3])))   // [1, 2, 3]
    /// ```
    ///
    /// - Complexity: O(1); each value of this sequence then costs one cell when first read.
    @inlinable
    public func concat(_ next: MemoizedSequence<Value>) -> MemoizedSequence<Value> {
        derived(ConcatStep(first: MemoReader(start), second: MemoReader(next.start)).slot)
    }

    /// Pairs of the n-th values of this sequence and of `other`, in order, lazily, ending with the
    /// shorter: a pair reads this sequence's value first, and `other`'s only if there was one.
    ///
    /// The result is eager if this sequence is.
    ///
    /// ```swift
    /// Array(MemoizedSequence([1, 2, 3]).zip(with: MemoizedSequence(["a", "b"])))
    /// // [(1, "a"), (2, "b")]
    /// ```
    ///
    /// - Complexity: O(1); each pair then costs one cell when first read.
    @inlinable
    public func zip<Other>(with other: MemoizedSequence<Other>) -> MemoizedSequence<(Value, Other)> {
        derived(.lazy(ZipIterator(first: MemoReader(start), second: MemoReader(other.start))))
    }
}

// MARK: - Steps

/// The values of `first`, then the nodes of `second` themselves.
@usableFromInline
struct ConcatStep<Value>: MemoStep {
    @usableFromInline var first: MemoReader<Value>
    @usableFromInline var second: MemoReader<Value>

    @inlinable
    init(first: MemoReader<Value>, second: MemoReader<Value>) {
        self.first = first
        self.second = second
    }

    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        guard let value = first.next() else { return second.position?.content }
        return MemoNode(value, step: box)
    }

    @inlinable
    mutating func nextValue() -> Value? {
        if let value = first.next() { return value }
        return second.next()
    }
}

@usableFromInline
struct ZipIterator<A, B>: IteratorProtocol {
    @usableFromInline var first: MemoReader<A>
    @usableFromInline var second: MemoReader<B>

    @inlinable
    init(first: MemoReader<A>, second: MemoReader<B>) {
        self.first = first
        self.second = second
    }

    @inlinable
    mutating func next() -> (A, B)? {
        guard let a = first.next(), let b = second.next() else { return nil }
        return (a, b)
    }
}
