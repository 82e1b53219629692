extension MemoizedSequence {
    /// A sequence of the elements of `elements`, taken lazily, one per value read.
    ///
    /// Nothing is read from `elements` until the first value is: then its iterator is made, and
    /// each value read for the first time takes one more element from it. The iterator is called
    /// once per element, in order, whatever the number of readers. A `MemoizedSequence` (or a
    /// sequence-kind ``StreamOf``) is shared rather than copied.
    ///
    /// ```swift
    /// let naturals = MemoizedSequence(0...)      // infinite, and fine
    /// Array(naturals.take(first: 3))             // [0, 1, 2]
    /// ```
    ///
    /// - Complexity: O(1); each element then costs one cell when first read.
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Value {
        if let sequence = elements as? MemoizedSequence<Value> {
            self = sequence
        } else if let stream = elements as? StreamOf<SequenceKind, Value> {
            self = stream.sequence
        } else {
            self.init(start: .lazy(DeferredIterator(sequence: elements)))
        }
    }

    /// A sequence whose values are the results of calling `next`, until it returns `nil`.
    ///
    /// `next` is called once per value, when the value is first read, in order; a generator
    /// that never returns `nil` makes an infinite sequence.
    ///
    /// ```swift
    /// var n = 0
    /// let evens = MemoizedSequence { () -> Int? in defer { n += 2 }; return n }
    /// Array(evens.take(first: 3))                // [0, 2, 4]
    /// ```
    ///
    /// - Complexity: O(1); each value then costs one call and one cell when first read.
    @inlinable
    public init(_ next: @escaping () -> Value?) {
        self.init(start: .lazy(GeneratorIterator(generate: next)))
    }

    /// A sequence of the single value `value`.
    ///
    /// `MemoizedSequence { ... }`, with a trailing closure, is the generator initialiser
    /// `init(_:)` taking a generator, not a sequence of one closure: this initialiser is the
    /// disfavoured one when both would fit.
    ///
    /// - Complexity: O(1).
    @inlinable @_disfavoredOverload
    public init(value: Value) {
        self.init(start: MemoSlot(evaluated: MemoNode(value, next: nil)))
    }

    /// A sequence of the single value `value`; the same as ``init(value:)``.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func just(_ value: Value) -> MemoizedSequence<Value> {
        MemoizedSequence(value: value)
    }

    /// The sequence with no value.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static var empty: MemoizedSequence<Value> {
        MemoizedSequence(start: .end)
    }

    /// A sequence built from a state: each value read for the first time calls `next` with the
    /// current state, which returns the value and the next state, or `nil` to end.
    ///
    /// ```swift
    /// let fibonacci = MemoizedSequence<Int>.unfold((0, 1)) { a, b in (a, (b, a + b)) }
    /// Array(fibonacci.take(first: 6))            // [0, 1, 1, 2, 3, 5]
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The state the first value is computed from.
    ///   - next: Called once per value, in order, when the value is first read.
    /// - Complexity: O(1); each value then costs one call and one cell when first read.
    @inlinable
    public static func unfold<State>(
        _ initial: State, _ next: @escaping (State) -> (Value, State)?
    ) -> MemoizedSequence<Value> {
        MemoizedSequence(start: .lazy(UnfoldIterator(state: initial, step: next)))
    }

    /// The infinite sequence `first`, `next(first)`, `next(next(first))`...
    ///
    /// ```swift
    /// let powers = MemoizedSequence.iterate(1) { $0 * 2 }
    /// Array(powers.take(first: 5))               // [1, 2, 4, 8, 16]
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first value.
    ///   - next: Called once per value after the first, in order, when that value is first read.
    /// - Complexity: O(1); each value then costs one call and one cell when first read.
    @inlinable
    public static func iterate(_ first: Value, _ next: @escaping (Value) -> Value) -> MemoizedSequence<Value> {
        let step = IterateStep(previous: first, next: next)
        return MemoizedSequence(start: MemoSlot(evaluated: MemoNode(first, step: step.box)))
    }
}

/// Makes the iterator of a sequence when the first element is asked for.
@usableFromInline
struct DeferredIterator<Base: Sequence>: IteratorProtocol {
    @usableFromInline var sequence: Base?
    @usableFromInline var iterator: Base.Iterator?

    @inlinable
    init(sequence: Base) {
        self.sequence = sequence
    }

    @inlinable
    mutating func next() -> Base.Element? {
        if let sequence = sequence.take() {
            iterator = sequence.makeIterator()
        }
        return iterator?.next()
    }
}

/// Calls a generator for each element.
@usableFromInline
struct GeneratorIterator<Element>: IteratorProtocol {
    @usableFromInline let generate: () -> Element?

    @inlinable
    init(generate: @escaping () -> Element?) {
        self.generate = generate
    }

    @inlinable
    func next() -> Element? {
        generate()
    }
}

/// The elements of ``MemoizedSequence/unfold(_:_:)``.
@usableFromInline
struct UnfoldIterator<State, Element>: IteratorProtocol {
    /// `nil` once `step` has ended the sequence.
    @usableFromInline var state: State?
    @usableFromInline let step: (State) -> (Element, State)?

    @inlinable
    init(state: State, step: @escaping (State) -> (Element, State)?) {
        self.state = state
        self.step = step
    }

    @inlinable
    mutating func next() -> Element? {
        guard let current = state.take(), let (element, following) = step(current) else { return nil }
        state = following
        return element
    }
}

/// The values after the first of ``MemoizedSequence/iterate(_:_:)``.
@usableFromInline
struct IterateStep<Value>: MemoStep {
    @usableFromInline var previous: Value
    @usableFromInline let next: (Value) -> Value

    @inlinable
    init(previous: Value, next: @escaping (Value) -> Value) {
        self.previous = previous
        self.next = next
    }

    @inlinable
    mutating func nextValue() -> Value? {
        previous = next(previous)
        return previous
    }
}
