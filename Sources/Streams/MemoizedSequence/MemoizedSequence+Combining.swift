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
            : MemoNode(value, thunk: { start.content })
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
        derived(ConcatStep(first: start, second: next.start).slot)
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
        derived(.lazy(ZipIterator(first: start, second: other.start)))
    }
}

// MARK: - Steps

/// The values of `first`, then the nodes of `second` themselves.
@usableFromInline
struct ConcatStep<Value>: MemoStep {
    @usableFromInline var first: MemoSlot<Value>
    @usableFromInline let second: MemoSlot<Value>

    @inlinable
    init(first: MemoSlot<Value>, second: MemoSlot<Value>) {
        self.first = first
        self.second = second
    }

    @inlinable
    mutating func evaluate() -> MemoNode<Value>? {
        guard let node = first.content else { return second.content }
        first = node
        return MemoNode(node.value, thunk: thunk)
    }
}

@usableFromInline
struct ZipIterator<A, B>: IteratorProtocol {
    @usableFromInline var first: MemoSlot<A>
    @usableFromInline var second: MemoSlot<B>

    @inlinable
    init(first: MemoSlot<A>, second: MemoSlot<B>) {
        self.first = first
        self.second = second
    }

    @inlinable
    mutating func next() -> (A, B)? {
        guard let a = first.content, let b = second.content else { return nil }
        first = a
        second = b
        return (a.value, b.value)
    }
}
