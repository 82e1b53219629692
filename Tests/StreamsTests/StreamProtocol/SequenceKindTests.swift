import Foundation
import Testing
@testable import Streams

@Suite("SequenceKind: the primitives and StreamOf")
struct SequenceKindTests {
    @Test("empty and just")
    func emptyAndJust() {
        #expect(Array(SequenceKind.empty() as StreamOf<SequenceKind, Int>) == [])
        #expect(Array(SequenceKind.just(4)) == [4])
        #expect(MemoizedSequence<Int>.just(3).stream.sequence.head == 3)
    }

    @Test("bind calls makeTransform once, when the first value is computed, and the transform once per value")
    func bindCallsOnce() {
        let made = TestCounter()
        let transformed = TestCounter()
        let source = MemoizedSequence([1, 2, 3])
        let bound = source.bind { () -> (Int, inout Bool) -> StreamOf<SequenceKind, Int> in
            made.increment()
            var index = 0
            return { value, _ in
                transformed.increment()
                index += 1
                return SequenceKind.concat(SequenceKind.just(value), SequenceKind.just(index * 100))
            }
        }
        #expect(made.value == 0)
        #expect(bound.sequence.head == 1)
        #expect(made.value == 1)
        #expect(transformed.value == 1)
        #expect(Array(bound) == [1, 100, 2, 200, 3, 300])
        #expect(Array(bound) == [1, 100, 2, 200, 3, 300])
        #expect(made.value == 1)
        #expect(transformed.value == 3)
    }

    @Test("bind stops taking source values once stop is set, after the stream returned for that value")
    func bindStops() {
        let produced = TestCounter()
        let bound = countingNaturals(produced).bind {
            { value, stop in
                if value == 3 { stop = true }
                return MemoizedSequence([value, value]).stream
            }
        }
        #expect(Array(bound) == [0, 0, 1, 1, 2, 2, 3, 3])
        #expect(produced.value == 4)
        // Stopping on an empty inner stream ends at once.
        let stoppedOnEmpty = MemoizedSequence([1, 2, 3]).bind { () -> (Int, inout Bool) -> StreamOf<SequenceKind, Int> in
            { value, stop in
                stop = value == 2
                return SequenceKind.empty()
            }
        }
        #expect(Array(stoppedOnEmpty) == [])
    }

    @Test("bind skips a million empty inner streams in a loop")
    func bindSkipsEmptyStreams() {
        let count = memoizedMillion
        let finished = runOnSmallStackForSequences {
            let bound = MemoizedSequence(0..<count).bind { { value, _ in value == count - 1 ? SequenceKind.just(value) : SequenceKind.empty() } }
            #expect(Array(bound) == [count - 1])
        }
        #expect(finished)
    }

    @Test("concat and zip")
    func concatAndZip() {
        let first = MemoizedSequence([1, 2]).stream
        let second = MemoizedSequence([3]).stream
        #expect(Array(SequenceKind.concat(first, second)) == [1, 2, 3])
        #expect(Array(SequenceKind.concat(SequenceKind.empty(), second)) == [3])
        let zipped = SequenceKind.zip(first, MemoizedSequence(["a", "b", "c"]).stream)
        #expect(Array(zipped).map { "\($0.0)\($0.1)" } == ["1a", "2b"])
    }

    @Test("flatMap is bind without stop, and both agree", arguments: memoizedOperatorInputs)
    func flatMapIsBind(_ values: [Int]) {
        let inner: (Int) -> MemoizedSequence<Int> = { MemoizedSequence(Array(repeating: $0, count: abs($0) % 3)) }
        let flatMapped = MemoizedSequence(values).flatMap(inner)
        let bound = MemoizedSequence(values).bind { { value, _ in inner(value).stream } }
        #expect(Array(flatMapped) == Array(bound))
    }

    @Test("a sequence-kind StreamOf is a Swift Sequence, and converts back and forth")
    func streamOfIsASequence() {
        let sequence = MemoizedSequence([1, 2, 3])
        let stream: StreamOf<SequenceKind, Int> = sequence.stream
        #expect(Array(stream) == [1, 2, 3])
        #expect(stream.reduce(0, +) == 6)
        #expect(Array(stream.sequence) == [1, 2, 3])
        #expect(Array(MemoizedSequence(stream: stream)) == [1, 2, 3])
        let pairs = sequence.bind { () -> (Int, inout Bool) -> StreamOf<SequenceKind, (Int, Int)> in
            { value, _ in SequenceKind.just((value, value * value)) }
        }
        #expect(pairs.sequence.map { $0.1 }.reduce(0, +) == 14)
        var visited: [Int] = []
        for (value, _) in pairs { visited.append(value) }
        #expect(visited == [1, 2, 3])
    }
}
