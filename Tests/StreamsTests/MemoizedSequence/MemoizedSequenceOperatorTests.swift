import Foundation
import Testing
@testable import Streams

// Every concrete operator of MemoizedSequence against the same computation on a Swift Array,
// over several inputs (the empty one included); then how far each operator reads its source.
// The primitives of SequenceKind are in StreamProtocol/SequenceKindTests.swift.

let memoizedOperatorInputs: [[Int]] = [
    [], [0], [7], [1, 1], [3, 1, 2], [1, 2, 2, 3, 3, 3, 1], [-3, 5, -7, 0, 0, 8], Array(0..<50), [4, 4, 4, 4],
]

/// Partial results of `combine` over `values` from `initial`, as Array code.
private func scanned(_ values: [Int], _ initial: Int, _ combine: (Int, Int) -> Int) -> [Int] {
    var partial = initial
    return values.map { value in
        partial = combine(partial, value)
        return partial
    }
}

/// The values not equivalent to the one before them, as Array code.
private func withoutRepeats(_ values: [Int], _ isEquivalent: (Int, Int) -> Bool) -> [Int] {
    values.indices.filter { $0 == 0 || !isEquivalent(values[$0 - 1], values[$0]) }.map { values[$0] }
}

@Suite("MemoizedSequence: operators against Array")
struct MemoizedSequenceOperatorTests {
    @Test("map", arguments: memoizedOperatorInputs)
    func map(_ values: [Int]) {
        #expect(Array(MemoizedSequence(values).map { $0 * 3 - 1 }) == values.map { $0 * 3 - 1 })
        #expect(Array(MemoizedSequence(values).map { "\($0)" }) == values.map { "\($0)" })
    }

    @Test("filter", arguments: memoizedOperatorInputs)
    func filter(_ values: [Int]) {
        #expect(Array(MemoizedSequence(values).filter { $0 % 2 == 0 }) == values.filter { $0 % 2 == 0 })
        #expect(Array(MemoizedSequence(values).filter { _ in false }) == [])
        #expect(Array(MemoizedSequence(values).filter { _ in true }) == values)
    }

    @Test("compactMap", arguments: memoizedOperatorInputs)
    func compactMap(_ values: [Int]) {
        let transform: (Int) -> String? = { $0 % 3 == 0 ? nil : "#\($0)" }
        #expect(Array(MemoizedSequence(values).compactMap(transform)) == values.compactMap(transform))
    }

    @Test("flatMap", arguments: memoizedOperatorInputs)
    func flatMap(_ values: [Int]) {
        let inner: (Int) -> [Int] = { value in value % 2 == 0 ? [] : Array(repeating: value, count: abs(value) % 4 + 1) }
        #expect(Array(MemoizedSequence(values).flatMap { MemoizedSequence(inner($0)) }) == values.flatMap(inner))
        #expect(Array(MemoizedSequence(values).flatMap { _ in MemoizedSequence<Int>.empty }) == [])
        // Inner sequences that are shared, partly evaluated, or derived.
        let shared = MemoizedSequence([100, 200])
        _ = shared.head
        let shifted = MemoizedSequence(values).flatMap { value -> MemoizedSequence<Int> in shared.map { $0 + value } }
        let expected: [Int] = values.flatMap { value in [100 + value, 200 + value] }
        #expect(Array(shifted) == expected)
    }

    @Test("take(first:)", arguments: memoizedOperatorInputs)
    func takeFirst(_ values: [Int]) {
        for count in [0, 1, 2, 5, 100] {
            #expect(Array(MemoizedSequence(values).take(first: count)) == Array(values.prefix(count)), "\(count)")
        }
    }

    @Test("skip(first:)", arguments: memoizedOperatorInputs)
    func skipFirst(_ values: [Int]) {
        for count in [0, 1, 2, 5, 100] {
            #expect(Array(MemoizedSequence(values).skip(first: count)) == Array(values.dropFirst(count)), "\(count)")
        }
    }

    @Test("take(while:)", arguments: memoizedOperatorInputs)
    func takeWhile(_ values: [Int]) {
        for limit in [-5, 0, 2, 10] {
            #expect(Array(MemoizedSequence(values).take(while: { $0 < limit })) == Array(values.prefix { $0 < limit }))
        }
    }

    @Test("skip(while:)", arguments: memoizedOperatorInputs)
    func skipWhile(_ values: [Int]) {
        for limit in [-5, 0, 2, 10] {
            #expect(Array(MemoizedSequence(values).skip(while: { $0 < limit })) == Array(values.drop { $0 < limit }))
        }
    }

    @Test("scan", arguments: memoizedOperatorInputs)
    func scan(_ values: [Int]) {
        #expect(Array(MemoizedSequence(values).scan(0, +)) == scanned(values, 0, +))
        #expect(Array(MemoizedSequence(values).scan(10) { $0 * 2 - $1 }) == scanned(values, 10) { $0 * 2 - $1 })
        #expect(Array(MemoizedSequence(values).scan("") { $0 + "\($1)" }) == values.indices.map {
            values[...$0].map(String.init).joined()
        })
    }

    @Test("prefix(value:) and startWith(_:)", arguments: memoizedOperatorInputs)
    func prefixValue(_ values: [Int]) {
        #expect(Array(MemoizedSequence(values).prefix(value: -1)) == [-1] + values)
        #expect(Array(MemoizedSequence(values).startWith(-2)) == [-2] + values)
        #expect(Array(MemoizedSequence(values).prefix(value: 1).prefix(value: 0)) == [0, 1] + values)
    }

    @Test("concat(_:)", arguments: memoizedOperatorInputs)
    func concat(_ values: [Int]) {
        for other in [[], [9], [9, 8, 7]] {
            #expect(Array(MemoizedSequence(values).concat(MemoizedSequence(other))) == values + other)
            #expect(Array(MemoizedSequence(other).concat(MemoizedSequence(values))) == other + values)
        }
        let sequence = MemoizedSequence(values)
        #expect(Array(sequence.concat(sequence).concat(sequence)) == values + values + values)
    }

    @Test("zip(with:)", arguments: memoizedOperatorInputs)
    func zip(_ values: [Int]) {
        for other in [[], ["a"], ["a", "b", "c", "d", "e", "f", "g", "h"]] {
            let zipped = Array(MemoizedSequence(values).zip(with: MemoizedSequence(other)))
            #expect(zipped.map(\.0) == Swift.zip(values, other).map(\.0))
            #expect(zipped.map(\.1) == Swift.zip(values, other).map(\.1))
        }
        let withItself = Array(MemoizedSequence(values).zip(with: MemoizedSequence(values).tail))
        #expect(withItself.map { $0.0 * 100 + $0.1 } == Swift.zip(values, values.dropFirst()).map { $0 * 100 + $1 })
    }

    @Test("skipRepeats() and skipRepeats(_:)", arguments: memoizedOperatorInputs)
    func skipRepeats(_ values: [Int]) {
        #expect(Array(MemoizedSequence(values).skipRepeats()) == withoutRepeats(values, ==))
        let sameSign: (Int, Int) -> Bool = { $0.signum() == $1.signum() }
        #expect(Array(MemoizedSequence(values).skipRepeats(sameSign)) == withoutRepeats(values, sameSign))
    }

    @Test("ignoreValues()", arguments: memoizedOperatorInputs)
    func ignoreValues(_ values: [Int]) {
        let visited = TestCounter()
        let ignored = MemoizedSequence(values).map { value -> Int in visited.increment(); return value }.ignoreValues()
        #expect(visited.value == 0)
        #expect(ignored.isEmpty)
        #expect(visited.value == values.count)
        #expect(Array(ignored) == [])
    }

    @Test("chains of operators match the same chain on Array", arguments: memoizedOperatorInputs)
    func chains(_ values: [Int]) {
        let sequence = MemoizedSequence(values)
            .map { $0 * 2 + 1 }
            .filter { $0 % 3 != 0 }
            .scan(0, +)
            .skip(first: 1)
            .skipRepeats()
            .take(first: 10)
            .flatMap { MemoizedSequence([$0, -$0]) }
            .prefix(value: 42)
        let array = [42] + withoutRepeats(Array(scanned(values.map { $0 * 2 + 1 }.filter { $0 % 3 != 0 }, 0, +).dropFirst(1)), ==)
            .prefix(10)
            .flatMap { [$0, -$0] }
        #expect(Array(sequence) == array)
    }

    @Test("operators compose on infinite sequences")
    func infinite() {
        let naturals = MemoizedSequence(0...)
        #expect(Array(naturals.map { $0 * $0 }.filter { $0 % 2 == 1 }.take(first: 4)) == [1, 9, 25, 49])
        #expect(Array(naturals.skip(first: 10).take(while: { $0 < 14 })) == [10, 11, 12, 13])
        #expect(Array(naturals.zip(with: naturals.tail).take(first: 2)).map { $0.0 + $0.1 } == [1, 3])
        #expect(Array(naturals.flatMap { MemoizedSequence(repeatElement($0, count: $0)) }.take(first: 6))
                == [1, 2, 2, 3, 3, 3])
        #expect(Array(naturals.scan(0, +).skip(while: { $0 < 10 }).take(first: 2)) == [10, 15])
        #expect(Array(MemoizedSequence([1, 2]).concat(naturals).take(first: 4)) == [1, 2, 0, 1])
        #expect(Array(naturals.compactMap { $0 % 5 == 0 ? $0 : nil }.skipRepeats().take(first: 3)) == [0, 5, 10])
    }
}

@Suite("MemoizedSequence: operators read their source only as far as needed")
struct MemoizedSequenceOperatorLazinessTests {
    /// Reads `read` from the operator applied to the counting naturals, and returns how many
    /// source values were computed (and checks that building computed none).
    private func sourceValuesRead<T>(
        _ apply: (MemoizedSequence<Int>) -> MemoizedSequence<T>, _ read: (MemoizedSequence<T>) -> Void
    ) -> Int {
        let produced = TestCounter()
        let result = apply(countingNaturals(produced))
        #expect(produced.value == 0)
        read(result)
        return produced.value
    }

    @Test("each operator computes nothing when built, and only what a read needs")
    func readsOnlyWhatIsNeeded() {
        #expect(sourceValuesRead({ $0.map { $0 + 1 } }, { _ = $0.tail.head }) == 2)
        #expect(sourceValuesRead({ $0.filter { $0 > 4 } }, { _ = $0.head }) == 6)
        #expect(sourceValuesRead({ $0.compactMap { $0 > 4 ? $0 : nil } }, { _ = $0.head }) == 6)
        #expect(sourceValuesRead({ $0.flatMap { MemoizedSequence([$0, $0]) } }, { _ = $0.tail.head }) == 1)
        #expect(sourceValuesRead({ $0.take(first: 3) }, { _ = Array($0) }) == 3)
        #expect(sourceValuesRead({ $0.take(first: 0) }, { _ = Array($0) }) == 0)
        #expect(sourceValuesRead({ $0.skip(first: 3) }, { _ = $0.head }) == 4)
        #expect(sourceValuesRead({ $0.take(while: { $0 < 3 }) }, { _ = Array($0) }) == 4)
        #expect(sourceValuesRead({ $0.skip(while: { $0 < 3 }) }, { _ = $0.head }) == 4)
        #expect(sourceValuesRead({ $0.scan(0, +) }, { _ = $0.tail.head }) == 2)
        #expect(sourceValuesRead({ $0.prefix(value: -1) }, { _ = $0.head }) == 0)
        #expect(sourceValuesRead({ $0.startWith(-1) }, { _ = $0.tail.head }) == 1)
        #expect(sourceValuesRead({ $0.concat(MemoizedSequence([1])) }, { _ = $0.tail.head }) == 2)
        #expect(sourceValuesRead({ MemoizedSequence([1]).concat($0) }, { _ = $0.head }) == 0)
        #expect(sourceValuesRead({ $0.zip(with: MemoizedSequence(["a"])) }, { _ = Array($0) }) == 2)
        #expect(sourceValuesRead({ MemoizedSequence<String>.empty.zip(with: $0) }, { _ = Array($0) }) == 0)
        #expect(sourceValuesRead({ $0.skipRepeats() }, { _ = $0.tail.head }) == 2)
        #expect(sourceValuesRead({ $0.take(first: 5).ignoreValues() }, { _ = $0.isEmpty }) == 5)
        let stopAtTwo = { () -> (Int, inout Bool) -> StreamOf<SequenceKind, Int> in
            { value, stop in
                stop = value == 2
                return SequenceKind.just(value)
            }
        }
        #expect(sourceValuesRead({ $0.bind(stopAtTwo).sequence }, { _ = Array($0) }) == 3)
    }

    @Test("take(first:) releases its source once it has taken everything")
    func takeReleasesItsSource() {
        weak var weakCanary: TestCanary?
        let taken: MemoizedSequence<Int>
        do {
            let canary = TestCanary()
            weakCanary = canary
            taken = MemoizedSequence(0...).map { value -> Int in _ = canary; return value }.take(first: 2)
        }
        #expect(weakCanary != nil)
        #expect(Array(taken) == [0, 1])
        #expect(weakCanary == nil)
    }
}
