import Foundation
import Testing
@testable import Streams

extension ConcurrencySuites {
    /// Two sources sending from two threads into the combining operators.
    @Suite("Combining Concurrency")
    struct CombiningConcurrencyTests {
        static let count = 20_000

        @Test("combineLatest: nothing lost, nothing concurrent, combinations in state order, the last is the latest")
        func combineLatestFromTwoThreads() {
            let (a, aInput) = Signal<Int, Never>.pipe()
            let (b, bInput) = Signal<Int, Never>.pipe()
            let overlap = OverlapDetector()
            let received = TestBox<[(Int, Int)]>([])
            let completed = TestCounter()
            Signal.combineLatest(a, b).observe { event in
                overlap.enter()
                switch event {
                case let .value(value): received.value.append(value)
                case .completed: completed.increment()
                default: break
                }
                overlap.leave()
            }
            // Both sources send once first, so that every later value makes a combination.
            aInput.send(value: 0)
            bInput.send(value: 0)
            let count = Self.count
            let doneA = onNewThread { for i in 1...count { aInput.send(value: i) }; aInput.sendCompleted() }
            let doneB = onNewThread { for i in 1...count { bInput.send(value: i) }; bInput.sendCompleted() }
            doneA.wait()
            doneB.wait()
            let values = received.value
            #expect(overlap.overlaps == 0)
            #expect(values.count == 1 + 2 * count)
            #expect(values.last.map { $0 == (count, count) } == true)
            // A combination delivered after another was made after it: neither side goes back.
            var monotonic = true
            for (previous, next) in Swift.zip(values, values.dropFirst())
            where next.0 < previous.0 || next.1 < previous.1 {
                monotonic = false
            }
            #expect(monotonic)
            #expect(completed.value == 1)
        }

        @Test("zip: every pair, in order, never concurrently")
        func zipFromTwoThreads() {
            let (a, aInput) = Signal<Int, Never>.pipe()
            let (b, bInput) = Signal<Int, Never>.pipe()
            let overlap = OverlapDetector()
            let received = TestBox<[(Int, Int)]>([])
            let completed = TestCounter()
            Signal.zip(a, b).observe { event in
                overlap.enter()
                switch event {
                case let .value(value): received.value.append(value)
                case .completed: completed.increment()
                default: break
                }
                overlap.leave()
            }
            let count = Self.count
            let doneA = onNewThread { for i in 0..<count { aInput.send(value: i) }; aInput.sendCompleted() }
            let doneB = onNewThread { for i in 0..<count { bInput.send(value: i) }; bInput.sendCompleted() }
            doneA.wait()
            doneB.wait()
            let values = received.value
            #expect(overlap.overlaps == 0)
            #expect(values.count == count)
            #expect(values.enumerated().allSatisfy { $0.offset == $0.element.0 && $0.offset == $0.element.1 })
            #expect(completed.value == 1)
        }

        @Test("zip of producers sending from two threads: every pair, in order")
        func zipOfAsynchronousProducers() {
            let count = Self.count
            func counting(from thread: String) -> SignalProducer<Int, Never> {
                SignalProducer { observer, _ in
                    onNewThread {
                        for i in 0..<count { observer.send(value: i) }
                        observer.sendCompleted()
                    }
                }
            }
            let overlap = OverlapDetector()
            let pairs = TestCounter()
            let ordered = TestBox(true)
            let done = DispatchSemaphore(value: 0)
            SignalProducer.zip(counting(from: "a"), counting(from: "b")).start { event in
                overlap.enter()
                switch event {
                case let .value((x, y)):
                    let index = pairs.increment() - 1
                    if x != index || y != index { ordered.value = false }
                case .completed, .interrupted, .failed:
                    done.signal()
                }
                overlap.leave()
            }
            #expect(done.wait(timeout: .now() + 60) == .success)
            #expect(pairs.value == count)
            #expect(ordered.value)
            #expect(overlap.overlaps == 0)
        }

        @Test("combineLatest of many sources on many threads ends with the latest of each")
        func combineLatestManySources() {
            let sourceCount = 4
            let perSource = 5_000
            let pipes = (0..<sourceCount).map { _ in Signal<Int, Never>.pipe() }
            let overlap = OverlapDetector()
            let last = TestBox<[Int]>([])
            let deliveries = TestCounter()
            Signal.combineLatest(pipes.map(\.output)).observe { event in
                overlap.enter()
                if case let .value(values) = event {
                    last.value = values
                    deliveries.increment()
                }
                overlap.leave()
            }
            for pipe in pipes { pipe.input.send(value: 0) }
            let done = pipes.map { pipe in
                onNewThread {
                    for i in 1...perSource { pipe.input.send(value: i) }
                    pipe.input.sendCompleted()
                }
            }
            for semaphore in done { semaphore.wait() }
            #expect(overlap.overlaps == 0)
            #expect(deliveries.value == 1 + sourceCount * perSource)
            #expect(last.value == Array(repeating: perSource, count: sourceCount))
        }

        @Test("take(untilReplacement:): no original value is delivered after the replacement's first")
        func replacementRace() {
            for _ in 0..<20 {
                let (original, originalInput) = Signal<Int, Never>.pipe()
                let (replacement, replacementInput) = Signal<Int, Never>.pipe()
                let received = TestBox<[Int]>([])
                let overlap = OverlapDetector()
                original.take(untilReplacement: replacement).observe { event in
                    overlap.enter()
                    if case let .value(value) = event { received.value.append(value) }
                    overlap.leave()
                }
                let doneOriginal = onNewThread {
                    for i in 0..<2_000 { originalInput.send(value: i) }
                    originalInput.sendCompleted()
                }
                let doneReplacement = onNewThread {
                    for i in 0..<100 { replacementInput.send(value: -1 - i) }
                    replacementInput.sendCompleted()
                }
                doneOriginal.wait()
                doneReplacement.wait()
                let values = received.value
                let firstReplacement = values.firstIndex { $0 < 0 } ?? values.count
                #expect(values[firstReplacement...].allSatisfy { $0 < 0 })
                #expect(values[..<firstReplacement] == ArraySlice(0..<firstReplacement))
                #expect(values.filter { $0 < 0 } == (0..<100).map { -1 - $0 })
                #expect(overlap.overlaps == 0)
            }
        }

        @Test("sample and withLatest with the other side on another thread: nothing concurrent, values are real samples")
        func samplingFromAnotherThread() {
            let (source, sourceInput) = Signal<Int, Never>.pipe()
            let (ticks, tickInput) = Signal<Int, Never>.pipe()
            let overlap = OverlapDetector()
            let sampled = TestBox<[Int]>([])
            let paired = TestBox<[(Int, Int)]>([])
            source.sample(with: ticks).observe { event in
                overlap.enter()
                if case let .value((value, _)) = event { sampled.value.append(value) }
                overlap.leave()
            }
            let overlapWithLatest = OverlapDetector()
            source.withLatest(from: ticks).observe { event in
                overlapWithLatest.enter()
                if case let .value(value) = event { paired.value.append(value) }
                overlapWithLatest.leave()
            }
            let count = Self.count
            let doneSource = onNewThread { for i in 0..<count { sourceInput.send(value: i) }; sourceInput.sendCompleted() }
            let doneTicks = onNewThread { for i in 0..<count { tickInput.send(value: i) }; tickInput.sendCompleted() }
            doneSource.wait()
            doneTicks.wait()
            #expect(overlap.overlaps == 0)
            #expect(overlapWithLatest.overlaps == 0)
            // Samples never go back in time, and are values the source sent.
            #expect(Swift.zip(sampled.value, sampled.value.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(sampled.value.allSatisfy { (0..<count).contains($0) })
            // Each source value is paired at most once, in order, with a tick that never goes back.
            #expect(Swift.zip(paired.value, paired.value.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 <= $1.1 })
        }
    }
}
