// The operators that keep a part of a MemoizedSequence. Taking stops reading the source as soon
// as it has what it needs (so it ends an infinite sequence); skipping reads the skipped part in a
// loop and then shares the source's own cells for the rest.

extension MemoizedSequence {
    /// The first `count` values, lazily; the source is read no further than its `count`-th
    /// value, so this ends an infinite sequence.
    ///
    /// ```swift
    /// Array(MemoizedSequence(0...).take(first: 3))   // [0, 1, 2]
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - Complexity: O(1); each value then costs one cell when first read.
    @inlinable
    public func take(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> MemoizedSequence<Value> {
        requirement(count >= 0, "take(first:) needs a count >= 0, got \(count)", file: file, line: line)
        guard count > 0 else { return derived(.end, isEvaluated: true) }
        return derived(TakeStep(source: MemoReader(start), remaining: count).slot)
    }

    /// The values after the first `count`, lazily: reading the result skips `count` values in a
    /// loop, then shares this sequence's values.
    ///
    /// ```swift
    /// Array(MemoizedSequence([1, 2, 3, 4]).skip(first: 2))   // [3, 4]
    /// ```
    ///
    /// - Precondition: `count >= 0`.
    /// - Complexity: O(1); reading the first value of the result then costs O(`count`).
    @inlinable
    public func skip(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> MemoizedSequence<Value> {
        requirement(count >= 0, "skip(first:) needs a count >= 0, got \(count)", file: file, line: line)
        guard count > 0 else { return derived(start, isEvaluated: true) }
        return derived(SkipStep(source: MemoReader(start), remaining: count).slot)
    }

    /// The values up to, not including, the first for which `shouldContinue` returns `false`,
    /// lazily; the source is read no further than that value, so this can end an infinite
    /// sequence.
    ///
    /// ```swift
    /// Array(MemoizedSequence(0...).take(while: { $0 < 3 }))   // [0, 1, 2]
    /// ```
    ///
    /// - Parameter shouldContinue: Called once per value, in order, until it returns `false`.
    /// - Complexity: O(1); each value then costs one call and one cell when first read.
    @inlinable
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> MemoizedSequence<Value> {
        derived(.lazy(TakeWhileIterator(source: MemoReader(start), shouldContinue: shouldContinue)))
    }

    /// The values from the first for which `shouldContinue` returns `false` on, lazily: reading
    /// the result skips the others in a loop, then shares this sequence's values.
    ///
    /// ```swift
    /// Array(MemoizedSequence([1, 2, 5, 1]).skip(while: { $0 < 3 }))   // [5, 1]
    /// ```
    ///
    /// - Parameter shouldContinue: Called once per value, in order, until it returns `false`.
    /// - Complexity: O(1); reading the first value of the result then costs the values skipped.
    @inlinable
    public func skip(while shouldContinue: @escaping (Value) -> Bool) -> MemoizedSequence<Value> {
        derived(SkipWhileStep(source: MemoReader(start), shouldContinue: shouldContinue).slot)
    }
}

// MARK: - Steps

/// The first `remaining` values of the source; the last one is followed by the end, so the
/// source is not held, nor read, any further.
@usableFromInline
struct TakeStep<Value>: MemoStep {
    @usableFromInline var source: MemoReader<Value>
    @usableFromInline var remaining: Int

    @inlinable
    init(source: MemoReader<Value>, remaining: Int) {
        self.source = source
        self.remaining = remaining
    }

    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        guard let value = nextValue() else { return nil }
        return remaining > 0 ? MemoNode(value, step: box) : MemoNode(value, next: nil)
    }

    @inlinable
    mutating func nextValue() -> Value? {
        guard remaining > 0, let value = source.next() else { return nil }
        remaining -= 1
        if remaining == 0 { source.close() }
        return value
    }
}

/// Skips `remaining` values, then is the rest of the source, shared.
@usableFromInline
struct SkipStep<Value>: MemoStep {
    @usableFromInline var source: MemoReader<Value>
    @usableFromInline var remaining: Int

    @inlinable
    init(source: MemoReader<Value>, remaining: Int) {
        self.source = source
        self.remaining = remaining
    }

    /// Skips what remains to skip; `false` if the source ended first.
    @inlinable
    mutating func skip() -> Bool {
        while remaining > 0 {
            guard source.next() != nil else { return false }
            remaining -= 1
        }
        return true
    }

    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        guard skip() else { return nil }
        return source.position?.content
    }

    @inlinable
    mutating func nextValue() -> Value? {
        guard skip() else { return nil }
        return source.next()
    }
}

@usableFromInline
struct TakeWhileIterator<Element>: IteratorProtocol {
    /// Closed once a value failed the test.
    @usableFromInline var source: MemoReader<Element>
    @usableFromInline let shouldContinue: (Element) -> Bool

    @inlinable
    init(source: MemoReader<Element>, shouldContinue: @escaping (Element) -> Bool) {
        self.source = source
        self.shouldContinue = shouldContinue
    }

    @inlinable
    mutating func next() -> Element? {
        guard let value = source.next(), shouldContinue(value) else {
            source.close()
            return nil
        }
        return value
    }
}

/// Skips values while they pass the test, then is the rest of the source: the first value kept
/// in a node of its own, the values after it shared.
@usableFromInline
struct SkipWhileStep<Value>: MemoStep {
    @usableFromInline var source: MemoReader<Value>
    /// `nil` once a value has failed the test.
    @usableFromInline var shouldContinue: ((Value) -> Bool)?

    @inlinable
    init(source: MemoReader<Value>, shouldContinue: @escaping (Value) -> Bool) {
        self.source = source
        self.shouldContinue = shouldContinue
    }

    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        guard shouldContinue != nil else { return source.position?.content }
        guard let value = nextValue() else { return nil }
        return MemoNode(value, step: ForwardStep(source.take()).box)
    }

    @inlinable
    mutating func nextValue() -> Value? {
        guard let test = shouldContinue else { return source.next() }
        while let value = source.next() {
            if !test(value) {
                shouldContinue = nil
                return value
            }
        }
        return nil
    }
}
