import Testing
@testable import Streams

// A sequence that nothing else holds is streamed by the iterator that reads it: its values are
// computed and not kept. Every operator must give the same values streamed as memoized, and an
// iterator copied in the middle of a stream must go on memoized from there, both copies reading
// the same values. (How much each way keeps alive is checked with MemoCensus in
// MemoizedSequenceScaleTests.swift.)

/// The values of the sequences `make` returns, read four ways: streamed (a `for in` over a
/// sequence nothing else holds), memoized (a sequence held, read twice), and by an iterator
/// copied after `split` values, streamed up to there, each copy then reading the rest.
private func readFourWays<T>(_ make: () -> MemoizedSequence<T>, split: Int) -> [[T]] {
    var streamed: [T] = []
    for value in make() { streamed.append(value) }
    let held = make()
    let memoized = Array(held)
    let memoizedAgain = Array(held)
    var original = make().makeIterator()
    var prefix: [T] = []
    for _ in 0..<split {
        guard let value = original.next() else { break }
        prefix.append(value)
    }
    var copy = original
    var fromOriginal = prefix
    var fromCopy = prefix
    // Interleaved, so that each copy reads values the other has computed.
    var originalDone = false
    var copyDone = false
    while !originalDone || !copyDone {
        if !originalDone {
            if let value = original.next() { fromOriginal.append(value) } else { originalDone = true }
        }
        if !copyDone {
            if let value = copy.next() { fromCopy.append(value) } else { copyDone = true }
        }
    }
    return [streamed, memoized, memoizedAgain, fromOriginal, fromCopy]
}

private let values = Array(0..<20)

@Suite("MemoizedSequence: streaming a sequence nothing else holds")
struct MemoizedSequenceStreamingTests {
    /// Checks that every way of reading `make`'s sequences gives `expected`, for several splits.
    private func check<T: Equatable>(
        _ expected: [T], _ make: () -> MemoizedSequence<T>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for split in [0, 1, 3, expected.count, expected.count + 1] {
            for (index, read) in readFourWays(make, split: split).enumerated() {
                #expect(read == expected, "way \(index), split \(split)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("each operator gives the same values streamed, memoized, and streamed then memoized")
    func operatorsAllWays() {
        let source = { MemoizedSequence(values) }
        check(values.map { $0 * 3 }) { source().map { $0 * 3 } }
        check(values.filter { $0 % 3 != 1 }) { source().filter { $0 % 3 != 1 } }
        check(values.compactMap { $0 % 4 == 0 ? nil : "\($0)" }) { source().compactMap { $0 % 4 == 0 ? nil : "\($0)" } }
        check(values.flatMap { Array(repeating: $0, count: $0 % 3) }) {
            source().flatMap { MemoizedSequence(repeatElement($0, count: $0 % 3)) }
        }
        let sharedInner = MemoizedSequence([100, 200])
        check(values.flatMap { [100 + $0, 200 + $0] }) { source().flatMap { value in sharedInner.map { $0 + value } } }
        check([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]) {
            source().bound { { value, stop in
                stop = value == 5
                return MemoizedSequence([value, value])
            } }
        }
        check(Array(values.prefix(7))) { source().take(first: 7) }
        check(Array(values.dropFirst(7))) { source().skip(first: 7) }
        check(Array(values.prefix(while: { $0 < 9 }))) { source().take(while: { $0 < 9 }) }
        check(Array(values.drop(while: { $0 < 9 }))) { source().skip(while: { $0 < 9 }) }
        var partial = 0
        check(values.map { partial += $0; return partial }) { source().scan(0, +) }
        check([0, 1, 2, 3, 4, 5, 6]) { source().map { $0 / 3 }.skipRepeats() }
        check([-1] + values) { source().prefix(value: -1) }
        check(values + [7, 8]) { source().concat(MemoizedSequence([7, 8])) }
        check(Array(zip(values, values.dropFirst(5))).map { $0 * 100 + $1 }) {
            source().zip(with: source().skip(first: 5)).map { $0 * 100 + $1 }
        }
        check([1]) { source().ignoreValues().concat(MemoizedSequence([1])) }
        check([1, 2, 4, 8, 16, 32]) { MemoizedSequence.iterate(1) { $0 * 2 }.take(first: 6) }
        check([4, 3, 2, 1]) { MemoizedSequence<Int>.unfold(1234) { $0 == 0 ? nil : ($0 % 10, $0 / 10) } }
        check([3, 2, 1]) {
            var countdown = 3
            return MemoizedSequence { () -> Int? in
                defer { countdown -= 1 }
                return countdown > 0 ? countdown : nil
            }
        }
        check([4, 5, 6, 7, 8, 10, 12, 14]) {
            source().skip(while: { $0 < 3 }).map { $0 + 1 }.take(first: 5)
                .concat(source().filter { $0 % 2 == 0 }.skip(first: 5).take(first: 3))
        }
        check(values.map { $0 + 1 }) { source().eager.map { $0 + 1 } }
    }

    @Test("a streamed sequence computes each value once")
    func streamedComputesOnce() {
        let computed = TestCounter()
        var sum = 0
        for value in MemoizedSequence(0..<100).map({ value -> Int in computed.increment(); return value })
            .filter({ $0 % 2 == 0 }).take(first: 10) {
            sum += value
        }
        #expect(sum == 90)
        // The source was read as far as the tenth even value, 18.
        #expect(computed.value == 19)
    }

    @Test("copies of an iterator read the same values, each computed once, whether copied before or while streaming")
    func iteratorCopies() {
        let computed = TestCounter()
        var iterator = MemoizedSequence(0..<6).map { value -> Int in computed.increment(); return value * 10 }
            .makeIterator()
        var early = iterator
        #expect(iterator.next() == 0)
        #expect(iterator.next() == 10)
        var copy = iterator
        #expect(iterator.next() == 20)
        #expect(copy.next() == 20)
        #expect(copy.next() == 30)
        let late = copy
        #expect(early.next() == 0)
        #expect(Array(IteratorSequence(iterator)) == [30, 40, 50])
        #expect(Array(IteratorSequence(copy)) == [40, 50])
        #expect(Array(IteratorSequence(late)) == [40, 50])
        #expect(Array(IteratorSequence(early)) == [10, 20, 30, 40, 50])
        #expect(computed.value == 6)
    }

    @Test("a copy of an iterator that has streamed to the end keeps returning nil")
    func streamedToTheEnd() {
        var iterator = MemoizedSequence([1, 2]).map { $0 * 2 }.makeIterator()
        #expect(iterator.next() == 2)
        #expect(iterator.next() == 4)
        var copy = iterator
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)
        #expect(copy.next() == nil)
    }
}
