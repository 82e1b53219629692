// The operators that transform the values of a MemoizedSequence. Each is lazy (it computes
// nothing until a value of the result is read), reads its source only as far as needed, and
// loops over the source instead of recursing per value. On an eager sequence the result is
// evaluated at once.

extension MemoizedSequence {
    /// Each value transformed by `transform`, lazily.
    ///
    /// ```swift
    /// MemoizedSequence([1, 2, 3]).map { $0 * 10 }     // 10, 20, 30
    /// ```
    ///
    /// - Parameter transform: Called once per value, when the result's value is first read.
    /// - Complexity: O(1); each value then costs one call and one cell when first read.
    @inlinable
    public func map<Result>(_ transform: @escaping (Value) -> Result) -> MemoizedSequence<Result> {
        derived(.lazy(MapIterator(source: MemoReader(start), transform: transform)))
    }

    /// The values for which `isIncluded` returns `true`, lazily.
    ///
    /// Reading a value of the result reads as many values of this sequence as it takes to find
    /// the next one included, in a loop.
    ///
    /// ```swift
    /// MemoizedSequence(1...6).filter { $0 % 2 == 0 }  // 2, 4, 6
    /// ```
    ///
    /// - Parameter isIncluded: Called once per value of this sequence, in order.
    /// - Complexity: O(1); each value read then costs the values skipped to reach it.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> MemoizedSequence<Value> {
        derived(.lazy(FilterIterator(source: MemoReader(start), isIncluded: isIncluded)))
    }

    /// The non-`nil` results of `transform`, lazily.
    ///
    /// ```swift
    /// MemoizedSequence(["1", "x", "3"]).compactMap { Int($0) }   // 1, 3
    /// ```
    ///
    /// - Parameter transform: Called once per value of this sequence, in order.
    /// - Complexity: O(1); each value read then costs the values skipped to reach it.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Value) -> Result?) -> MemoizedSequence<Result> {
        derived(.lazy(CompactMapIterator(source: MemoReader(start), transform: transform)))
    }

    /// The values of the sequences `transform` returns for each value, concatenated in order,
    /// lazily.
    ///
    /// The inner sequence of a value is asked for when the result reaches it; its values are
    /// shared with the result, not copied. Empty inner sequences are skipped in a loop.
    ///
    /// ```swift
    /// MemoizedSequence([1, 2, 3]).flatMap { MemoizedSequence(repeatElement($0, count: $0)) }
    /// // 1, 2, 2, 3, 3, 3
    /// ```
    ///
    /// This is ``SequenceKind``'s `bind` without `stop`.
    ///
    /// - Parameter transform: Called once per value of this sequence, in order.
    /// - Complexity: O(1); each value read then costs the empty inner sequences skipped to reach it.
    @inlinable
    public func flatMap<Result>(
        _ transform: @escaping (Value) -> MemoizedSequence<Result>
    ) -> MemoizedSequence<Result> {
        derived(BindStep<Value, Result>(source: MemoReader(start), transform: { value, _ in transform(value) }).slot)
    }

    /// ``SequenceKind``'s `bind` on concrete sequences: each value replaced by a sequence, the
    /// sequences concatenated; `makeTransform` is called when the first value is read, and a
    /// transform that sets `stop` ends the source after the sequence it returns.
    @inlinable
    func bound<Result>(
        _ makeTransform: @escaping () -> (Value, inout Bool) -> MemoizedSequence<Result>
    ) -> MemoizedSequence<Result> {
        derived(BindStep<Value, Result>(source: MemoReader(start), makeTransform: makeTransform).slot)
    }

    /// Each partial result of combining the values with `nextPartialResult`, starting from
    /// `initialResult` (which is not itself a value of the result), lazily.
    ///
    /// ```swift
    /// MemoizedSequence([1, 2, 3]).scan(0, +)          // 1, 3, 6
    /// ```
    ///
    /// - Parameters:
    ///   - nextPartialResult: Called once per value, in order.

    /// - Complexity: O(1); each value then costs one call and one cell when first read.
    @inlinable
    public func scan<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Value) -> Result
    ) -> MemoizedSequence<Result> {
        derived(.lazy(ScanIterator(source: MemoReader(start), partialResult: initialResult, combine: nextPartialResult)))
    }

    /// The values that are not equivalent, by `isEquivalent`, to the last value kept, lazily.
    ///
    /// ```swift
    /// MemoizedSequence([1, 1, 2, 2, 1]).skipRepeats { $0 == $1 }   // 1, 2, 1
    /// ```
    ///
    /// - Parameter isEquivalent: Called once per value after the first, with the last value kept.
    /// - Complexity: O(1); each value read then costs the repeats skipped to reach it.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> MemoizedSequence<Value> {
        derived(.lazy(SkipRepeatsIterator(source: MemoReader(start), isEquivalent: isEquivalent)))
    }

    /// No value: the empty sequence, once this one has been read to its end.
    ///
    /// Reading the result (`isEmpty`, iterating it) evaluates this whole sequence, in a loop, for
    /// its side effects; it never ends on an infinite sequence.
    ///
    /// - Complexity: O(1); reading the result then costs O(*n*).
    @inlinable
    public func ignoreValues() -> MemoizedSequence<Value> {
        derived(IgnoreValuesStep(source: MemoReader(start)).slot)
    }
}

extension MemoizedSequence where Value: Equatable {
    /// The values that differ from the value just before them in this sequence, lazily.
    ///
    /// ```swift
    /// MemoizedSequence([1, 1, 2, 2, 1]).skipRepeats()   // 1, 2, 1
    /// ```
    ///
    /// - Complexity: O(1); each value read then costs the repeats skipped to reach it.
    @inlinable
    public func skipRepeats() -> MemoizedSequence<Value> {
        skipRepeats(==)
    }
}

// MARK: - Steps

// Iterators over a source, read through a reader (`source`). The iterator lives in the step's
// object (see `IteratorStep`), so its state is per sequence and each closure is called once per
// source value, in order.

@usableFromInline
struct MapIterator<Source, Element>: IteratorProtocol {
    @usableFromInline var source: MemoReader<Source>
    @usableFromInline let transform: (Source) -> Element

    @inlinable
    init(source: MemoReader<Source>, transform: @escaping (Source) -> Element) {
        self.source = source
        self.transform = transform
    }

    @inlinable
    mutating func next() -> Element? {
        guard let value = source.next() else { return nil }
        return transform(value)
    }
}

@usableFromInline
struct FilterIterator<Element>: IteratorProtocol {
    @usableFromInline var source: MemoReader<Element>
    @usableFromInline let isIncluded: (Element) -> Bool

    @inlinable
    init(source: MemoReader<Element>, isIncluded: @escaping (Element) -> Bool) {
        self.source = source
        self.isIncluded = isIncluded
    }

    @inlinable
    mutating func next() -> Element? {
        while let value = source.next() {
            if isIncluded(value) { return value }
        }
        return nil
    }
}

@usableFromInline
struct CompactMapIterator<Source, Element>: IteratorProtocol {
    @usableFromInline var source: MemoReader<Source>
    @usableFromInline let transform: (Source) -> Element?

    @inlinable
    init(source: MemoReader<Source>, transform: @escaping (Source) -> Element?) {
        self.source = source
        self.transform = transform
    }

    @inlinable
    mutating func next() -> Element? {
        while let value = source.next() {
            if let result = transform(value) { return result }
        }
        return nil
    }
}

@usableFromInline
struct ScanIterator<Source, Element>: IteratorProtocol {
    @usableFromInline var source: MemoReader<Source>
    @usableFromInline var partialResult: Element
    @usableFromInline let combine: (Element, Source) -> Element

    @inlinable
    init(source: MemoReader<Source>, partialResult: Element, combine: @escaping (Element, Source) -> Element) {
        self.source = source
        self.partialResult = partialResult
        self.combine = combine
    }

    @inlinable
    mutating func next() -> Element? {
        guard let value = source.next() else { return nil }
        partialResult = combine(partialResult, value)
        return partialResult
    }
}

@usableFromInline
struct SkipRepeatsIterator<Element>: IteratorProtocol {
    @usableFromInline var source: MemoReader<Element>
    /// The last value kept; `nil` before the first. Each value is compared with it, as
    /// `Signal.skipRepeats` does, so a non-transitive equivalence gives the same result.
    @usableFromInline var previous: Element?
    @usableFromInline let isEquivalent: (Element, Element) -> Bool

    @inlinable
    init(source: MemoReader<Element>, isEquivalent: @escaping (Element, Element) -> Bool) {
        self.source = source
        self.isEquivalent = isEquivalent
    }

    @inlinable
    mutating func next() -> Element? {
        while let value = source.next() {
            let isRepeat = previous.map { isEquivalent($0, value) } ?? false
            if !isRepeat {
                previous = value
                return value
            }
        }
        return nil
    }
}

/// Reads the source to its end; the result is empty.
@usableFromInline
struct IgnoreValuesStep<Value>: MemoStep {
    @usableFromInline var source: MemoReader<Value>

    @inlinable
    init(source: MemoReader<Value>) {
        self.source = source
    }

    @inlinable
    mutating func nextValue() -> Value? {
        while source.next() != nil {}
        return nil
    }
}

/// The step of `bind` and `flatMap`: the values of the current inner sequence, then those of the
/// inner sequence of the next source value.
@usableFromInline
struct BindStep<Source, Value>: MemoStep {
    @usableFromInline typealias Transform = (Source, inout Bool) -> MemoizedSequence<Value>

    /// The source; `nil` once a transform has set `stop`.
    @usableFromInline var source: MemoReader<Source>?
    /// Called when the first value of the result is computed, to make `transform`.
    @usableFromInline var makeTransform: (() -> Transform)?
    @usableFromInline var transform: Transform?
    /// The current inner sequence.
    @usableFromInline var inner: MemoReader<Value>?

    @inlinable
    init(source: MemoReader<Source>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
    }

    @inlinable
    init(source: MemoReader<Source>, makeTransform: @escaping () -> Transform) {
        self.source = source
        self.makeTransform = makeTransform
    }

    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        // The source was stopped: the rest is this inner sequence, shared as it is.
        if source == nil, let inner { return inner.position?.content }
        guard let value = nextValue() else { return nil }
        return MemoNode(value, step: box)
    }

    @inlinable
    mutating func nextValue() -> Value? {
        if let makeTransform = makeTransform.take() {
            transform = makeTransform()
        }
        while true {
            if inner != nil {
                if let value = inner!.next() { return value }
                inner = nil
                if source == nil { return nil }
            }
            guard let value = source?.next(), let transform else { return nil }
            var stop = false
            let sequence = transform(value, &stop)
            if stop { source = nil }
            inner = MemoReader(sequence.start)
        }
    }
}
