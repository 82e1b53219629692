import Foundation
import Testing
@testable import Streams

// The contract of MemoizedSequence: lazy, memoized, head/tail/isEmpty, the Swift Sequence
// algorithms, eager evaluation, and the preconditions. Constructors are in
// MemoizedSequence+ConstructorsTests.swift, operators in MemoizedSequenceOperatorTests.swift,
// conversions in MemoizedSequence+SignalProducerTests.swift, sizes and leaks in
// MemoizedSequenceScaleTests.swift, threads in MemoizedSequenceConcurrencyTests.swift.

/// The sequence 0, 1, 2... (up to `limit`, exclusive, if given) that counts in `produced` the
/// values it has computed.
func countingNaturals(_ produced: TestCounter, limit: Int? = nil) -> MemoizedSequence<Int> {
    MemoizedSequence { () -> Int? in
        let next = produced.value
        if let limit, next >= limit { return nil }
        produced.increment()
        return next
    }
}

@Suite("MemoizedSequence: lazy and memoized")
struct MemoizedSequenceLazinessTests {
    @Test("building a sequence and a chain of operators on it computes nothing")
    func buildingComputesNothing() {
        let produced = TestCounter()
        let transformed = TestCounter()
        let source = countingNaturals(produced)
        let chain = source
            .map { value -> Int in transformed.increment(); return value * 2 }
            .filter { $0 % 3 != 0 }
            .compactMap { $0 > 4 ? $0 : nil }
            .scan(0, +)
            .skipRepeats()
            .skip(first: 2)
            .take(first: 5)
            .concat(source)
            .zip(with: source)
        #expect(produced.value == 0)
        #expect(transformed.value == 0)
        _ = chain
        _ = MemoizedSequence(AnyIterator { () -> Int? in produced.increment(); return 1 })
        _ = MemoizedSequence { () -> Int? in produced.increment(); return 1 }
        _ = MemoizedSequence<Int>.unfold(0) { state -> (Int, Int)? in produced.increment(); return (state, state + 1) }
        _ = MemoizedSequence.iterate(0) { value -> Int in produced.increment(); return value + 1 }
        #expect(produced.value == 0)
    }

    @Test("values are computed only as far as they are read")
    func onlyAsFarAsRead() {
        let produced = TestCounter()
        let doubled = TestCounter()
        let sequence = countingNaturals(produced).map { value -> Int in doubled.increment(); return value * 2 }
        #expect(sequence.head == 0)
        #expect(produced.value == 1)
        #expect(doubled.value == 1)
        #expect(sequence.tail.tail.head == 4)
        #expect(produced.value == 3)
        #expect(doubled.value == 3)
        // `tail` alone computes the first value (to know whether there is one) but not the second.
        _ = sequence.tail.tail.tail
        #expect(produced.value == 3)
        var iterator = sequence.makeIterator()
        for expected in [0, 2, 4, 6] {
            #expect(iterator.next() == expected)
        }
        #expect(produced.value == 4)
        #expect(doubled.value == 4)
    }

    @Test("each value is computed once, however often and however it is read")
    func memoizedAcrossReads() {
        let produced = TestCounter()
        let mapped = TestCounter()
        let sequence = countingNaturals(produced, limit: 5).map { value -> String in
            mapped.increment()
            return "v\(value)"
        }
        for _ in 0..<3 {
            #expect(Array(sequence) == ["v0", "v1", "v2", "v3", "v4"])
            #expect(sequence.head == "v0")
            #expect(sequence.tail.head == "v1")
            #expect(!sequence.isEmpty)
            #expect(sequence.contains("v4"))
        }
        #expect(produced.value == 5)
        #expect(mapped.value == 5)
    }

    @Test("a sequence derived later reads the memoized values of its source")
    func derivedSequencesReuseTheSource() {
        let produced = TestCounter()
        let mapped = TestCounter()
        let source = countingNaturals(produced, limit: 4).map { value -> Int in mapped.increment(); return value + 10 }
        #expect(Array(source) == [10, 11, 12, 13])
        let derived = [
            Array(source.map { $0 * 2 }),
            Array(source.filter { $0 % 2 == 0 }),
            Array(source.skip(first: 1)),
            Array(source.tail),
            Array(source.concat(source)),
        ]
        #expect(derived == [[20, 22, 24, 26], [10, 12], [11, 12, 13], [11, 12, 13], [10, 11, 12, 13, 10, 11, 12, 13]])
        #expect(produced.value == 4)
        #expect(mapped.value == 4)
    }

    @Test("copies of a sequence share their values; a derived sequence computes its own once")
    func copiesShare() {
        let produced = TestCounter()
        let mapped = TestCounter()
        let source = countingNaturals(produced, limit: 3)
        let copy = source
        let derived = source.map { value -> Int in mapped.increment(); return value }
        #expect(Array(derived) == [0, 1, 2])
        #expect(Array(copy) == [0, 1, 2])
        #expect(Array(derived) == [0, 1, 2])
        #expect(produced.value == 3)
        #expect(mapped.value == 3)
    }

    @Test("description shows what has been computed, and computes nothing")
    func description() {
        let produced = TestCounter()
        let sequence = countingNaturals(produced, limit: 3)
        #expect(sequence.description == "MemoizedSequence[...]")
        _ = sequence.tail.head
        #expect(sequence.description == "MemoizedSequence[0, 1, ...]")
        _ = Array(sequence)
        #expect(sequence.description == "MemoizedSequence[0, 1, 2]")
        #expect(MemoizedSequence<Int>.empty.description == "MemoizedSequence[]")
        #expect(MemoizedSequence(0..<100).eager.description.hasSuffix("19, ...]"))
        #expect(produced.value == 3)
    }
}

@Suite("MemoizedSequence: head, tail, isEmpty")
struct MemoizedSequenceHeadTailTests {
    @Test("head, tail and isEmpty walk the values", arguments: [[], [1], [1, 2], [3, 1, 4, 1, 5]])
    func headAndTail(_ values: [Int]) {
        var sequence = MemoizedSequence(values)
        for value in values {
            #expect(!sequence.isEmpty)
            #expect(sequence.head == value)
            sequence = sequence.tail
        }
        #expect(sequence.isEmpty)
        #expect(sequence.head == nil)
        #expect(sequence.tail.isEmpty)
        #expect(sequence.tail.tail.head == nil)
    }

    @Test("the empty sequence's tail is empty")
    func emptyTail() {
        let empty = MemoizedSequence<String>.empty
        #expect(empty.isEmpty)
        #expect(empty.head == nil)
        #expect(empty.tail.isEmpty)
        #expect(Array(empty.tail) == [])
    }

    @Test("an optional value type keeps its nil values")
    func optionalValues() {
        let sequence = MemoizedSequence<Int?>([nil, 1, nil])
        #expect(sequence.head == .some(nil))
        #expect(sequence.tail.head == .some(1))
        #expect(Array(sequence) == [nil, 1, nil])
        #expect(sequence.tail.tail.tail.head == nil)
    }

    @Test("an iterator past the end keeps returning nil")
    func iteratorPastTheEnd() {
        var iterator = MemoizedSequence([1]).makeIterator()
        #expect(iterator.next() == 1)
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)
    }
}

@Suite("MemoizedSequence: Swift Sequence algorithms")
struct MemoizedSequenceSwiftSequenceTests {
    @Test("for in, reduce, contains, first(where:), Array, min, max, elementsEqual work")
    func algorithms() {
        let sequence = MemoizedSequence([3, 1, 4, 1, 5, 9, 2, 6])
        var visited: [Int] = []
        for value in sequence { visited.append(value) }
        #expect(visited == [3, 1, 4, 1, 5, 9, 2, 6])
        #expect(sequence.reduce(0, +) == 31)
        #expect(sequence.contains(9))
        #expect(!sequence.contains(7))
        #expect(sequence.contains { $0 > 8 })
        #expect(sequence.first { $0 > 3 } == 4)
        #expect(Array(sequence) == [3, 1, 4, 1, 5, 9, 2, 6])
        #expect(sequence.min() == 1)
        #expect(sequence.max() == 9)
        #expect(sequence.elementsEqual([3, 1, 4, 1, 5, 9, 2, 6]))
        #expect(sequence.sorted() == [1, 1, 2, 3, 4, 5, 6, 9])
        #expect(Array(sequence.enumerated().map { $0.offset }) == Array(0..<8))
        #expect(Array(sequence.prefix(2)) == [3, 1])
        #expect(Array(sequence.dropFirst(6)) == [2, 6])
    }

    @Test("contains and first(where:) stop reading an infinite sequence once they know")
    func shortCircuits() {
        let produced = TestCounter()
        let naturals = countingNaturals(produced)
        #expect(naturals.contains(10))
        #expect(produced.value == 11)
        #expect(naturals.first { $0 > 12 } == 13)
        #expect(produced.value == 14)
    }

    @Test("map, filter, compactMap and flatMap return MemoizedSequences; an Array is still available")
    func operatorsReturnMemoizedSequences() {
        let sequence = MemoizedSequence([1, 2, 3])
        let mapped = sequence.map { $0 * 2 }
        let filtered = sequence.filter { $0 != 2 }
        let compacted = sequence.compactMap { $0 == 2 ? nil : String($0) }
        let flattened = sequence.flatMap { MemoizedSequence(repeatElement($0, count: $0)) }
        #expect(type(of: mapped) == MemoizedSequence<Int>.self)
        #expect(type(of: filtered) == MemoizedSequence<Int>.self)
        #expect(type(of: compacted) == MemoizedSequence<String>.self)
        #expect(type(of: flattened) == MemoizedSequence<Int>.self)
        #expect(Array(mapped) == [2, 4, 6])
        #expect(Array(filtered) == [1, 3])
        #expect(Array(compacted) == ["1", "3"])
        #expect(Array(flattened) == [1, 2, 2, 3, 3, 3])

        // Where an Array is asked for, Swift's own versions apply.
        let array: [Int] = sequence.map { $0 + 1 }
        #expect(array == [2, 3, 4])
        let flatArray = sequence.flatMap { [$0, $0] }
        #expect(flatArray == [1, 1, 2, 2, 3, 3])
    }
}

@Suite("MemoizedSequence: eager")
struct MemoizedSequenceEagerTests {
    @Test("eager evaluates every value at once, and isEager tells")
    func eagerEvaluates() {
        let produced = TestCounter()
        let lazy = countingNaturals(produced, limit: 5)
        #expect(!lazy.isEager)
        let eager = lazy.eager
        #expect(eager.isEager)
        #expect(produced.value == 5)
        #expect(Array(eager) == [0, 1, 2, 3, 4])
        #expect(Array(lazy) == [0, 1, 2, 3, 4])
        #expect(produced.value == 5)
        #expect(eager.tail.isEager)
    }

    @Test("sequences derived from an eager sequence are evaluated at once too")
    func derivedAreEager() {
        let eager = MemoizedSequence([1, 2, 3, 4]).eager
        let mapped = TestCounter()
        let doubled = eager.map { value -> Int in mapped.increment(); return value * 2 }
        #expect(doubled.isEager)
        #expect(mapped.value == 4)
        let filtered = TestCounter()
        let evens = doubled.filter { value -> Bool in filtered.increment(); return value % 4 == 0 }
        #expect(filtered.value == 4)
        #expect(evens.isEager)
        #expect(Array(evens) == [4, 8])

        let flatMapped = TestCounter()
        let flattened = eager.flatMap { value -> MemoizedSequence<Int> in
            flatMapped.increment()
            return MemoizedSequence([value, value])
        }
        #expect(flatMapped.value == 4)
        #expect(Array(flattened) == [1, 1, 2, 2, 3, 3, 4, 4])

        let bound = TestCounter()
        let kindLevel = eager.bind { { value, _ in bound.increment(); return SequenceKind.just(value) } }
        #expect(bound.value == 4)
        #expect(kindLevel.sequence.isEager)

        #expect(eager.take(first: 2).isEager)
        #expect(eager.prefix(value: 0).isEager)
        #expect(eager.concat(MemoizedSequence([9])).isEager)
        #expect(Array(eager.zip(with: MemoizedSequence(["a"]))).map(\.1) == ["a"])
    }

    @Test("lazySequence derives lazily again, keeping the values computed")
    func lazyAgain() {
        let eager = MemoizedSequence([1, 2, 3]).eager
        let lazy = eager.lazySequence
        #expect(!lazy.isEager)
        let mapped = TestCounter()
        let doubled = lazy.map { value -> Int in mapped.increment(); return value * 2 }
        #expect(mapped.value == 0)
        #expect(Array(doubled) == [2, 4, 6])
        #expect(mapped.value == 3)
    }
}

@Suite("MemoizedSequence: misuse")
struct MemoizedSequencePreconditionTests {
    @Test("take(first:) and skip(first:) with a negative count stop with a message naming them")
    func negativeCounts() async {
        let take = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MemoizedSequence([1, 2]).take(first: -3)
        }
        #expect(take.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("take(first:) needs a count >= 0, got -3") == true)
        let skip = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MemoizedSequence([1, 2]).skip(first: -1)
        }
        #expect(skip.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("skip(first:) needs a count >= 0, got -1") == true)
    }

    @Test("a value that depends on itself stops with a message, instead of deadlocking")
    func cyclicDefinition() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Holder: @unchecked Sendable { var sequence: MemoizedSequence<Int>? }
            let holder = Holder()
            holder.sequence = MemoizedSequence { () -> Int? in
                // The first value is defined by the first value.
                holder.sequence?.head
            }
            _ = holder.sequence?.head
        }
        #expect(result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("MemoizedSequence: a value depends on itself") == true)
    }
}
