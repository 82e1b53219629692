/// A lazy, memoized, pull-driven stream of values: a list whose elements are computed when they
/// are first read, on the reading thread, and kept.
///
/// ```swift
/// let squares = MemoizedSequence(1...).map { n -> Int in
///     print("computing \(n)")
///     return n * n
/// }
/// // Nothing printed yet.
/// squares.head                      // prints "computing 1", returns 1
/// Array(squares.take(first: 3))     // prints "computing 2", "computing 3"; [1, 4, 9]
/// squares.head                      // prints nothing: the value is memoized
/// ```
///
/// The contract:
///
/// - **Lazy.** Creating a sequence, or deriving one with an operator (`map`, `filter`,
///   `take(first:)`...), computes nothing. A value is computed when something reads it (``head``,
///   ``tail``, ``isEmpty``, iteration), and only as far as it reads.
/// - **Memoized.** Each value is computed once. Reading it again, from the same sequence or
///   through a sequence derived later, returns the stored value: the side effects of a closure
///   run once per value, not once per read.
/// - **Blocking, and thread-safe.** Evaluation runs on the thread that reads, which waits for
///   the result. Two threads reading the same unevaluated value compute it once: the second
///   waits for the first. For expensive work, read the values through a producer on a scheduler
///   with ``producer(on:)``.
/// - **Eager on request.** ``eager`` evaluates a whole sequence at once, and the sequences
///   derived from an eager sequence are evaluated at once too.
/// - **Constant stack, bounded memory.** Operators loop over their source instead of recursing
///   per value, releasing a long evaluated sequence does not recurse, and an iterator holds only
///   its current position: iterating a sequence that nothing else holds keeps only a few values
///   alive, however long the sequence is. (The stack grows with the number of operators stacked
///   on one another, as it does for any lazy chain: a sequence built by applying `concat` or
///   `map` a hundred thousand times, in a loop, is evaluated and released through as many
///   frames. Build long sequences with a generator, ``unfold(_:_:)`` or ``flatMap(_:)`` instead;
///   ``prefix(value:)`` in a loop is fine, since its values are known at once.)
/// - **Streamed when nothing else can read it.** Iterating a sequence that nothing else holds
///   (a temporary, as in `for value in source.map(f).filter(g)`) computes each value once and
///   keeps none, allocating nothing per value; a sequence held elsewhere, or iterated by a copy
///   of an iterator, keeps its values as above. Only the memory used tells the two apart.
///
/// A `MemoizedSequence` is a Swift `Sequence`, so `for in`, `reduce`, `contains`,
/// `first(where:)` and `Array(_:)` work on it. Its own operators, which share the names of some
/// of `Sequence`'s, return a `MemoizedSequence` and are lazy; the `Sequence` algorithms that
/// return an `Array` still apply where an `Array` is asked for. It is also a ``StreamProtocol``
/// of the kind ``SequenceKind``, so operators written once for every kind of stream apply to it.
///
/// A sequence is a value that refers to shared, immutable-once-computed cells: copies share the
/// memoized values. A sequence, and every value it has computed, lives as long as something
/// holds the sequence (or a sequence derived from it that has not read past those values yet).
///
/// - Note: The closures given to a sequence run once per value, on whichever thread first reads
///   that value, one at a time and in order for a given sequence. What they capture is theirs to
///   protect from the rest of the program, as for any closure handed to another thread.
/// - Important: A value must not depend on itself. Reading a value from inside the closure that
///   computes it, on the same thread, stops the program with a message ("a value depends on
///   itself"); doing it through another thread, which would wait for the first, deadlocks.
public struct MemoizedSequence<Value> {
    /// The first position.
    @usableFromInline let start: MemoSlot<Value>

    /// Whether this sequence was evaluated at once, and the sequences derived from it will be.
    ///
    /// See ``eager``.
    public let isEager: Bool

    /// The sequence from the position `start`.
    @inlinable
    init(start: MemoSlot<Value>, isEager: Bool = false) {
        self.start = start
        self.isEager = isEager
    }

    /// The first value, computed now if it has not been; `nil` for an empty sequence.
    ///
    /// - Complexity: O(1) once computed; otherwise the cost of computing the first value.
    @inlinable
    public var head: Value? {
        start.content?.value
    }

    /// The sequence of the values after the first; the empty sequence's tail is the empty
    /// sequence.
    ///
    /// Computes the first value, if it has not been (it must, to know whether there is one), but
    /// none of the values of the tail.
    ///
    /// - Complexity: O(1) once the first value is computed.
    @inlinable
    public var tail: MemoizedSequence<Value> {
        guard let node = start.content else { return self }
        return MemoizedSequence(start: node, isEager: isEager)
    }

    /// Whether the sequence has no value. Computes the first value, if it has not been.
    ///
    /// - Complexity: O(1) once the first value is computed.
    @inlinable
    public var isEmpty: Bool {
        start.content == nil
    }

    /// This sequence, fully evaluated now; the sequences derived from it are evaluated at once
    /// too (``isEager`` is `true`).
    ///
    /// Use it when holding all the values matters less than computing values nobody reads, or to
    /// run every side effect at a known moment. The values already computed are not computed
    /// again.
    ///
    /// - Warning: Never returns on an infinite sequence.
    /// - Complexity: O(*n*) time for the values not computed yet, and memory for all *n* values.
    @inlinable
    public var eager: MemoizedSequence<Value> {
        let result = MemoizedSequence(start: start, isEager: true)
        result.evaluateAll()
        return result
    }

    /// This sequence, with the values it has computed, whose derived sequences are lazy again
    /// (``isEager`` is `false`), as in ReactiveCocoa's `lazySequence`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var lazySequence: MemoizedSequence<Value> {
        MemoizedSequence(start: start, isEager: false)
    }

    /// Computes every value not computed yet, in a loop.
    @inlinable
    func evaluateAll() {
        var slot = start
        while let node = slot.content {
            slot = node
        }
    }

    /// A sequence derived from this one, starting at `start`: eager, and evaluated now, if this
    /// one is eager.
    ///
    /// - Parameter isEvaluated: Whether every value of the result is known to be computed
    ///   already when this one is eager, which spares the walk.
    @inlinable
    func derived<Result>(_ start: MemoSlot<Result>, isEvaluated: Bool = false) -> MemoizedSequence<Result> {
        let result = MemoizedSequence<Result>(start: start, isEager: isEager)
        if isEager && !isEvaluated { result.evaluateAll() }
        return result
    }
}

/// A sequence may be shared between threads: its values are computed once, by the first thread
/// that reads them, and published to the others (see the type's contract).
extension MemoizedSequence: @unchecked Sendable where Value: Sendable {}

extension MemoizedSequence: Sequence {
    /// Iterates a ``MemoizedSequence``, holding only its current position: the values it has
    /// passed can be released if nothing else holds them.
    ///
    /// While the iterator holds the only reference to the rest of the sequence (the sequence
    /// was a temporary, as in `for value in source.map(f)`), nothing else can read the values it
    /// reads: it computes them without keeping them. Once anything else holds its position (a
    /// copy of the sequence or of the iterator), the values from there are memoized.
    public struct Iterator: IteratorProtocol {
        /// Reads from the position of the next value.
        @usableFromInline var reader: MemoReader<Value>

        @inlinable
        init(position: MemoSlot<Value>) {
            reader = MemoReader(position)
        }

        /// The next value, computed now if it has not been; `nil` at the end, and after.
        ///
        /// - Complexity: O(1) once computed.
        @inlinable
        public mutating func next() -> Value? {
            reader.checkStream()
            return reader.next()
        }
    }

    /// An iterator from the first value. Iterating computes the values not computed yet, in
    /// order, on the calling thread.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(position: start)
    }
}

extension MemoizedSequence.Iterator: @unchecked Sendable where Value: Sendable {}

extension MemoizedSequence: CustomStringConvertible {
    /// The first values computed so far (at most 20), and `...` if there may be more:
    /// `MemoizedSequence[1, 2, ...]`. Computes nothing.
    public var description: String {
        var parts: [String] = []
        var slot = start
        while slot.isEvaluated, parts.count < 20 {
            guard let node = slot.content else {
                return "MemoizedSequence[\(parts.joined(separator: ", "))]"
            }
            parts.append(String(describing: node.value))
            slot = node
        }
        parts.append("...")
        return "MemoizedSequence[\(parts.joined(separator: ", "))]"
    }
}
