import Foundation
import Testing
@testable import Streams

@Suite("MemoizedSequence: constructors")
struct MemoizedSequenceConstructorTests {
    @Test("from a Swift sequence, lazily, one element per value read")
    func fromSequence() {
        let pulled = TestCounter()
        let elements = (0..<5).lazy.map { value -> Int in pulled.increment(); return value * value }
        let sequence = MemoizedSequence(elements)
        #expect(pulled.value == 0)
        #expect(sequence.tail.head == 1)
        #expect(pulled.value == 2)
        #expect(Array(sequence) == [0, 1, 4, 9, 16])
        #expect(Array(sequence) == [0, 1, 4, 9, 16])
        #expect(pulled.value == 5)
        #expect(Array(MemoizedSequence([Int]())) == [])
        #expect(Array(MemoizedSequence("abc")) == ["a", "b", "c"])
        #expect(Array(MemoizedSequence(Set([7]))) == [7])
    }

    @Test("from a Swift sequence that can be iterated only once")
    func fromSinglePassSequence() {
        var remaining = 3
        let once = AnySequence(AnyIterator { () -> Int? in
            defer { remaining -= 1 }
            return remaining > 0 ? remaining : nil
        })
        let sequence = MemoizedSequence(once)
        #expect(Array(sequence) == [3, 2, 1])
        #expect(Array(sequence) == [3, 2, 1])
    }

    @Test("from an infinite Swift sequence")
    func fromInfiniteSequence() {
        #expect(Array(MemoizedSequence(1...).take(first: 4)) == [1, 2, 3, 4])
        #expect(Array(MemoizedSequence(stride(from: 0, to: Int.max, by: 5)).take(first: 3)) == [0, 5, 10])
    }

    @Test("from a MemoizedSequence or a sequence-kind StreamOf, the same values are shared")
    func fromMemoizedSequence() {
        let mapped = TestCounter()
        let source = MemoizedSequence([1, 2]).map { value -> Int in mapped.increment(); return value }
        #expect(Array(MemoizedSequence(source)) == [1, 2])
        #expect(Array(MemoizedSequence(source.stream)) == [1, 2])
        #expect(Array(source) == [1, 2])
        #expect(mapped.value == 2)
    }

    @Test("from a generator, including an infinite one cut by take(first:)")
    func fromGenerator() {
        let calls = TestCounter()
        let powers = MemoizedSequence { () -> Int? in
            let exponent = calls.increment() - 1
            return 1 << exponent
        }
        #expect(calls.value == 0)
        #expect(Array(powers.take(first: 5)) == [1, 2, 4, 8, 16])
        #expect(calls.value == 5)
        #expect(Array(powers.take(first: 3)) == [1, 2, 4])
        #expect(calls.value == 5)

        var countdown = 3
        let finite = MemoizedSequence { () -> Int? in
            defer { countdown -= 1 }
            return countdown > 0 ? countdown : nil
        }
        #expect(Array(finite) == [3, 2, 1])
        #expect(Array(finite) == [3, 2, 1])
    }

    @Test("unfold threads a state; nil ends it")
    func unfold() {
        let fibonacci = MemoizedSequence<Int>.unfold((0, 1)) { a, b in (a, (b, a + b)) }
        #expect(Array(fibonacci.take(first: 10)) == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34])
        let digits = MemoizedSequence<Int>.unfold(1234) { $0 == 0 ? nil : ($0 % 10, $0 / 10) }
        #expect(Array(digits) == [4, 3, 2, 1])
        #expect(Array(MemoizedSequence<Int>.unfold(0) { _ in nil }) == [])
    }

    @Test("iterate is infinite and calls its function once per value after the first")
    func iterate() {
        let calls = TestCounter()
        let powers = MemoizedSequence.iterate(1) { value -> Int in calls.increment(); return value * 3 }
        #expect(powers.head == 1)
        #expect(calls.value == 0)
        #expect(Array(powers.take(first: 5)) == [1, 3, 9, 27, 81])
        #expect(calls.value == 4)
        #expect(Array(powers.take(first: 5)) == [1, 3, 9, 27, 81])
        #expect(calls.value == 4)
    }

    @Test("empty, init(value:) and just")
    func emptyAndJust() {
        #expect(Array(MemoizedSequence<Int>.empty) == [])
        #expect(Array(MemoizedSequence(value: 7)) == [7])
        #expect(Array(MemoizedSequence.just("x")) == ["x"])
        #expect(MemoizedSequence(value: [1, 2]).head == [1, 2])
        #expect(MemoizedSequence(value: 1).tail.isEmpty)
    }
}
