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
        return derived(TakeStep(cursor: start, remaining: count).slot)
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
        return derived(SkipStep(cursor: start, remaining: count).slot)
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
        derived(.lazy(TakeWhileIterator(cursor: start, shouldContinue: shouldContinue)))
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
        derived(SkipWhileStep(cursor: start, shouldContinue: shouldContinue).slot)
    }
}

// MARK: - Steps

/// The first `remaining` values of the source; the last one is followed by the end, so the
/// source is not held, nor read, any further.
@usableFromInline
struct TakeStep<Value>: MemoStep {
    @usableFromInline var cursor: MemoSlot<Value>
    @usableFromInline var remaining: Int

    @inlinable
    init(cursor: MemoSlot<Value>, remaining: Int) {
        self.cursor = cursor
        self.remaining = remaining
    }

    @inlinable
    mutating func evaluate() -> MemoNode<Value>? {
        guard let node = cursor.content else { return nil }
        remaining -= 1
        guard remaining > 0 else { return MemoNode(node.value, next: nil) }
        cursor = node
        return MemoNode(node.value, thunk: thunk)
    }
}

/// Skips `remaining` values, then is the rest of the source, shared.
@usableFromInline
struct SkipStep<Value>: MemoStep {
    @usableFromInline var cursor: MemoSlot<Value>
    @usableFromInline var remaining: Int

    @inlinable
    init(cursor: MemoSlot<Value>, remaining: Int) {
        self.cursor = cursor
        self.remaining = remaining
    }

    @inlinable
    mutating func evaluate() -> MemoNode<Value>? {
        while remaining > 0 {
            guard let node = cursor.content else { return nil }
            cursor = node
            remaining -= 1
        }
        return cursor.content
    }
}

@usableFromInline
struct TakeWhileIterator<Element>: IteratorProtocol {
    /// `nil` once a value failed the test.
    @usableFromInline var cursor: MemoSlot<Element>?
    @usableFromInline let shouldContinue: (Element) -> Bool

    @inlinable
    init(cursor: MemoSlot<Element>, shouldContinue: @escaping (Element) -> Bool) {
        self.cursor = cursor
        self.shouldContinue = shouldContinue
    }

    @inlinable
    mutating func next() -> Element? {
        guard let node = cursor?.content, shouldContinue(node.value) else {
            cursor = nil
            return nil
        }
        cursor = node
        return node.value
    }
}

/// Skips values while they pass the test, then is the rest of the source, shared.
@usableFromInline
struct SkipWhileStep<Value>: MemoStep {
    @usableFromInline var cursor: MemoSlot<Value>
    @usableFromInline let shouldContinue: (Value) -> Bool

    @inlinable
    init(cursor: MemoSlot<Value>, shouldContinue: @escaping (Value) -> Bool) {
        self.cursor = cursor
        self.shouldContinue = shouldContinue
    }

    @inlinable
    mutating func evaluate() -> MemoNode<Value>? {
        while let node = cursor.content {
            if !shouldContinue(node.value) { return node }
            cursor = node
        }
        return nil
    }
}
