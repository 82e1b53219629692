import Dispatch
import Foundation
import Testing
@testable import Streams

// Thread-safe memoization: threads reading the same unevaluated values compute each once; the
// others wait and see the same result. The suite has "Concurrency" in its name so that CI runs it
// under ThreadSanitizer; the closures mutate unsynchronized state on purpose, which TSan would
// report if two threads ever ran them at once.

extension ConcurrencySuites {
    @Suite("MemoizedSequence concurrency")
    struct MemoizedSequenceConcurrencyTests {
        static let threads = 8

        @Test("threads reading the same unevaluated value compute it once and all see it")
        func sameValueComputedOnce() {
            for round in 0..<20 {
                let computed = TestCounter()
                let inside = OverlapDetector()
                let sequence = MemoizedSequence([round]).map { value -> [Int] in
                    inside.enter()
                    computed.increment()
                    usleep(2_000)  // long enough for the other threads to arrive and wait
                    inside.leave()
                    return [value, value]
                }
                let seen = Locked<[[Int]]>([])
                DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                    let head = sequence.head ?? []
                    seen.withLock { $0.append(head) }
                }
                #expect(computed.value == 1)
                #expect(inside.overlaps == 0)
                #expect(seen.withLock { $0 } == Array(repeating: [round, round], count: Self.threads))
            }
        }

        @Test("threads iterating the same sequence compute each value once, in order, and agree")
        func iteratingTogether() {
            let count = 2_000
            let detector = OverlapDetector()
            // Touched only by the generator, which memoization must call one value at a time.
            let generated = TestBox<[Int]>([])
            let mapped = TestCounter()
            var next = 0
            let source = MemoizedSequence { () -> Int? in
                detector.enter()
                defer { detector.leave() }
                guard next < count else { return nil }
                defer { next += 1 }
                generated.value.append(next)
                return next
            }
            let squares = source.map { value -> Int in
                mapped.increment()
                if value % 100 == 0 { _ = spin(2_000) }
                return value * value
            }
            let results = Locked<[[Int]]>([])
            DispatchQueue.concurrentPerform(iterations: Self.threads) { index in
                // Half the threads read the squares, the other half the source and then squares.
                let values = index % 2 == 0 ? Array(squares) : Array(source).map { _ in 0 } + Array(squares)
                results.withLock { $0.append(Array(values.suffix(count))) }
            }
            let expected = (0..<count).map { $0 * $0 }
            #expect(results.withLock { $0 }.allSatisfy { $0 == expected })
            #expect(generated.value == Array(0..<count))
            #expect(mapped.value == count)
            #expect(detector.overlaps == 0)
        }

        @Test("sequences derived concurrently from one source share its values")
        func derivingConcurrently() {
            let produced = TestCounter()
            let source = countingNaturals(produced, limit: 1_000)
            let sums = Locked<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: Self.threads) { index in
                let derived = source.map { $0 + index }.filter { $0 % 2 == 0 }
                let sum = derived.reduce(0, +)
                sums.withLock { $0.append(sum - (0..<1_000).map { $0 + index }.filter { $0 % 2 == 0 }.reduce(0, +)) }
            }
            #expect(sums.withLock { $0 } == Array(repeating: 0, count: Self.threads))
            #expect(produced.value == 1_000)
        }

        @Test("bind's transform is made once and called once per value, with threads racing to read")
        func bindRacing() {
            let made = TestCounter()
            let transformed = TestCounter()
            let source = MemoizedSequence(0..<500)
            let bound = source.bind { () -> (Int, inout Bool) -> StreamOf<SequenceKind, Int> in
                made.increment()
                var previous = -1  // per-evaluation state, touched by the transform only
                return { value, _ in
                    transformed.increment()
                    defer { previous = value }
                    return previous + 1 == value ? SequenceKind.just(value) : SequenceKind.just(-1)
                }
            }
            let arrays = Locked<[[Int]]>([])
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                let values = Array(bound)
                arrays.withLock { $0.append(values) }
            }
            #expect(arrays.withLock { $0 }.allSatisfy { $0 == Array(0..<500) })
            #expect(made.value == 1)
            #expect(transformed.value == 500)
        }

        @Test("eager on several threads at once evaluates each value once")
        func eagerRacing() {
            let produced = TestCounter()
            let source = countingNaturals(produced, limit: 5_000)
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                _ = source.eager
            }
            #expect(produced.value == 5_000)
            #expect(source.reduce(0, +) == 5_000 * 4_999 / 2)
        }

        @Test("producers made from one sequence, run on several queues at once, compute each value once")
        func producersOnSeveralQueues() {
            let produced = TestCounter()
            let sequence = countingNaturals(produced, limit: 300)
            let done = DispatchSemaphore(value: 0)
            let sums = Locked<[Int]>([])
            for index in 0..<4 {
                let sum = TestBox(0)  // touched by one run's observer, called serially
                sequence.producer(on: QueueScheduler(name: "MemoizedSequenceConcurrencyTests.\(index)")).start { event in
                    switch event {
                    case let .value(value): sum.value += value
                    case .completed:
                        sums.withLock { $0.append(sum.value) }
                        done.signal()
                    default: done.signal()
                    }
                }
            }
            for _ in 0..<4 { #expect(done.wait(timeout: .now() + 20) == .success) }
            #expect(sums.withLock { $0 } == Array(repeating: 300 * 299 / 2, count: 4))
            #expect(produced.value == 300)
        }
    }
}
