import Foundation
import Testing
@testable import Streams
import TestSupport

// MemoizedSequence at scale: iterating a long chain keeps memory bounded, releasing a long
// evaluated sequence does not recurse, operators over a million values do not recurse; and the
// weak-reference checks that a sequence lets go of its closures.
//
// Memory is measured with `MemoCensus`, which counts the positions (slots and nodes) created
// minus those freed by the observing thread; it costs one relaxed atomic load per position when
// nobody observes. Only the suite below observes, one test at a time.
//
// Sizes: a debug build runs every generic operator unspecialized, twenty to thirty times slower
// than a release build, so that the suite stays within a few seconds there: the long chain is
// 10,000,000 values in release and 100,000 in debug, the "million" tests 1,000,000 in release and
// 100,000 in debug. Each test that could recurse runs on a thread with a 256 KB stack, where a
// recursion per value overflows within a few thousand values, so the debug sizes prove the same.

#if DEBUG
let memoizedChainLength = 100_000
let memoizedMillion = 100_000
#else
let memoizedChainLength = 10_000_000
let memoizedMillion = 1_000_000
#endif

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it. Returns whether
/// it finished within `seconds` (a stack overflow crashes the test process instead).
func runOnSmallStackForSequences(
    stackSize: Int = 256 << 10, seconds: Double = 600, _ body: @escaping @Sendable () -> Void
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// A value that counts its live instances.
final class TrackedValue: @unchecked Sendable {
    let value: Int
    private let live: TestCounter

    init(_ value: Int, live: TestCounter) {
        self.value = value
        self.live = live
        live.increment()
    }

    deinit { live.store(live.value - 1) }
}

// MemoCensus exists in debug builds only.
#if DEBUG
@Suite("MemoizedSequence at scale", .serialized)
struct MemoizedSequenceScaleTests {
    @Test("a map-filter chain iterated with for-in, holding nothing else, keeps a bounded number of positions alive")
    func constantMemoryIteration() {
        let count = memoizedChainLength
        let (sum, matches, peak, remaining) = MemoCensus.observe { () -> (Int, Int, Int, Int) in
            var sum = 0
            var matches = 0
            var peak = 0
            // No variable holds the sequence: the loop's iterator holds its current position only.
            for value in MemoizedSequence(0..<count).map({ $0 &* 2 }).filter({ $0 % 3 == 0 }) {
                sum &+= value
                matches += 1
                if matches % 1_000 == 0 { peak = max(peak, MemoCensus.liveSlots) }
            }
            return (sum, matches, peak, MemoCensus.liveSlots)
        }
        let expected = (0..<count).lazy.map { $0 &* 2 }.filter { $0 % 3 == 0 }
        #expect(matches == expected.count)
        #expect(sum == expected.reduce(0, &+))
        #expect(peak > 0)
        #expect(peak < 32, "\(peak) positions alive while iterating \(count) values")
        #expect(remaining == 0)
    }

    @Test("iterating a sequence nothing else holds streams it: each value computed once, none kept")
    func streamingKeepsNothing() {
        let count = 10_000
        let mapped = TestCounter()
        let (sum, peak, remaining) = MemoCensus.observe { () -> (Int, Int, Int) in
            var sum = 0
            var peak = 0
            for value in MemoizedSequence(0..<count).map({ value -> Int in mapped.increment(); return value &* 2 })
                .filter({ $0 % 3 == 0 }) {
                sum &+= value
                peak = max(peak, MemoCensus.liveSlots)
            }
            return (sum, peak, MemoCensus.liveSlots)
        }
        #expect(mapped.value == count)
        #expect(sum == (0..<count).lazy.map { $0 &* 2 }.filter { $0 % 3 == 0 }.reduce(0, &+))
        // The first slots of the source, the map and the filter, which the iteration streams
        // through; no node.
        #expect(peak == 3)
        #expect(remaining == 0)
    }

    @Test("a 10,000,000-value iteration of a sequence nothing else holds runs in constant memory", .offCooperativePool)
    func tenMillionStreamed() {
        let count = 10_000_000
        let (sum, matches, peak, remaining) = MemoCensus.observe { () -> (Int, Int, Int, Int) in
            var sum = 0
            var matches = 0
            var peak = 0
            for value in MemoizedSequence(0..<count).map({ $0 &+ 1 }).filter({ $0 % 2 == 0 }) {
                sum &+= value
                matches += 1
                if matches % 4_096 == 0 { peak = max(peak, MemoCensus.liveSlots) }
            }
            return (sum, matches, peak, MemoCensus.liveSlots)
        }
        #expect(matches == count / 2)
        #expect(sum == (count / 2) * (count / 2 + 1))
        #expect(peak == 3, "\(peak) positions alive while streaming \(count) values")
        #expect(remaining == 0)
    }

    @Test("a sequence held elsewhere is memoized: a second iteration reads the same values, computed once")
    func heldSequenceIsMemoized() {
        let count = 1_000
        let computed = TestCounter()
        let (first, second, kept) = MemoCensus.observe { () -> ([Int], [Int], Int) in
            // Each value is the number of values computed so far: a value computed twice would show.
            let sequence = MemoizedSequence(0..<count).map { _ in computed.increment() }
            var first: [Int] = []
            for value in sequence { first.append(value) }
            let kept = MemoCensus.liveSlots
            var second: [Int] = []
            for value in sequence { second.append(value) }
            return (first, second, kept)
        }
        #expect(first == Array(1...count))
        #expect(second == first)
        #expect(computed.value == count)
        // The sequence's first slot and a node per value.
        #expect(kept == count + 1)
    }

    @Test("a chain over a shared upstream streams its own stages and memoizes the upstream")
    func sharedUpstreamIsMemoized() {
        let count = 1_000
        let upstreamComputed = TestCounter()
        let downstreamComputed = TestCounter()
        let (sum, kept, upstreamValues, again, remaining) = MemoCensus.observe { () -> (Int, Int, [Int], Int, Int) in
            let (sum, kept, upstreamValues, again) = { () -> (Int, Int, [Int], Int) in
                let upstream = MemoizedSequence(0..<count).map { value -> Int in
                    upstreamComputed.increment()
                    return value
                }
                var sum = 0
                for value in upstream.map({ value -> Int in downstreamComputed.increment(); return value * 2 })
                    .filter({ $0 % 4 == 0 }) {
                    sum += value
                }
                // The upstream's first slot and a node per value; the stages over it kept nothing.
                let kept = MemoCensus.liveSlots
                let upstreamValues = Array(upstream)
                var again = 0
                for value in upstream.filter({ $0 % 2 == 0 }) { again += value * 2 }
                return (sum, kept, upstreamValues, again)
            }()
            return (sum, kept, upstreamValues, again, MemoCensus.liveSlots)
        }
        #expect(sum == (0..<count).filter { $0 % 2 == 0 }.map { $0 * 2 }.reduce(0, +))
        #expect(again == sum)
        #expect(upstreamValues == Array(0..<count))
        #expect(kept == count + 1)
        #expect(remaining == 0)
        #expect(upstreamComputed.value == count)
        #expect(downstreamComputed.value == count)
    }

    @Test("values passed by an iteration are released: at most a few are alive at a time")
    func valuesAreReleasedWhileIterating() {
        let live = TestCounter()
        var peak = 0
        var seen = 0
        for tracked in MemoizedSequence(0..<100_000).map({ TrackedValue($0, live: live) }).filter({ $0.value % 2 == 0 }) {
            seen += 1
            peak = max(peak, live.value)
            _ = tracked
        }
        #expect(seen == 50_000)
        #expect(peak <= 4)
        #expect(live.value == 0)
    }

    @Test("a fully evaluated sequence of a million values is released without recursion")
    func releasingAMillionEvaluatedValues() {
        let count = memoizedMillion
        let finished = runOnSmallStackForSequences {
            MemoCensus.observe {
                do {
                    let evaluated = MemoizedSequence(0..<count).eager
                    let mapped = evaluated.map { $0 + 1 }
                    #expect(mapped.isEager)
                    #expect(MemoCensus.liveSlots >= 2 * count)
                    #expect(evaluated.tail.head == 1)
                }
                #expect(MemoCensus.liveSlots == 0)
                do {
                    // The same, read lazily to the end, and with its tail still held by another
                    // sequence: releasing the first then the second goes in a loop both times.
                    let sequence = MemoizedSequence(0..<count)
                    var tail = sequence.skip(first: 10)
                    #expect(sequence.reduce(0, +) == count * (count - 1) / 2)
                    #expect(tail.head == 10)
                    tail = .empty
                    _ = tail
                }
                #expect(MemoCensus.liveSlots == 0)
            }
        }
        #expect(finished)
    }

    @Test("map, filter, take, skip, scan, concat, zip and flatMap over a million evaluated values do not recurse", .offCooperativePool)
    func operatorsOverAMillionValues() {
        let count = memoizedMillion
        let finished = runOnSmallStackForSequences {
            let evaluated = MemoizedSequence(0..<count).eager
            let chain = evaluated.map { $0 * 2 }.filter { $0 % 4 == 0 }.take(first: count / 2 - 1)
            #expect(chain.reduce(0) { $1 > $0 ? $1 : $0 } == 2 * (count - 4))
            #expect(evaluated.skip(first: count - 2).head == count - 2)
            #expect(evaluated.skip(while: { $0 < count - 1 }).head == count - 1)
            #expect(evaluated.take(while: { $0 < count - 1 }).reduce(0) { $0 + ($1 & 1) } == count / 2 - 1)
            #expect(evaluated.scan(0, &+).skip(first: count - 1).head == count * (count - 1) / 2)
            #expect(evaluated.concat(evaluated).skip(first: 2 * count - 1).head == count - 1)
            #expect(evaluated.zip(with: evaluated.tail).skip(first: count - 2).head.map { $0.0 + $0.1 } == 2 * count - 3)
            let thousands = evaluated.flatMap { value -> MemoizedSequence<Int> in
                value % 1_000 == 0 ? MemoizedSequence(value: value) : .empty
            }
            #expect(Array(thousands) == Array(stride(from: 0, to: count, by: 1_000)))
            #expect(evaluated.ignoreValues().isEmpty)
        }
        #expect(finished)
    }

    @Test("a filter that skips a million values loops, and releases the skipped values as it goes")
    func filterSkippingAMillion() {
        let count = memoizedMillion + 1
        let finished = runOnSmallStackForSequences {
            let (head, peak, remaining) = MemoCensus.observe { () -> (Int?, Int, Int) in
                var peak = 0
                var checked = 0
                let last = MemoizedSequence(0..<count).filter { value in
                    checked += 1
                    if checked % 4_096 == 0 { peak = max(peak, MemoCensus.liveSlots) }
                    return value == count - 1
                }
                let head = last.head
                return (head, peak, MemoCensus.liveSlots)
            }
            #expect(head == count - 1)
            #expect(peak < 32, "\(peak) positions alive while skipping")
            // What remains: the filter's first position and node, and the source's last node.
            #expect(remaining < 8)
        }
        #expect(finished)
    }

    @Test("prefix(value:) and startWith(_:) built up a hundred thousand times are released without recursion")
    func prefixChains() {
        let finished = runOnSmallStackForSequences {
            MemoCensus.observe {
                do {
                    var sequence = MemoizedSequence<Int>.empty
                    for value in (0..<100_000).reversed() { sequence = sequence.prefix(value: value) }
                    #expect(sequence.reduce(0, +) == 100_000 * 99_999 / 2)
                }
                #expect(MemoCensus.liveSlots == 0)
            }
        }
        #expect(finished)
    }
}
#endif

@Suite("Leaks: MemoizedSequence")
struct MemoizedSequenceLeakTests {
    @Test("a sequence and the captures of its closures are freed with it, evaluated or not")
    func freedWithTheSequence() {
        weak var weakMapCanary: TestCanary?
        weak var weakGeneratorCanary: TestCanary?
        do {
            let mapCanary = TestCanary("map")
            let generatorCanary = TestCanary("generator")
            weakMapCanary = mapCanary
            weakGeneratorCanary = generatorCanary
            var next = 0
            let sequence = MemoizedSequence { () -> Int? in
                _ = generatorCanary
                next += 1
                return next
            }.map { value -> Int in
                _ = mapCanary
                return value * 2
            }
            #expect(Array(sequence.take(first: 3)) == [2, 4, 6])
            #expect(weakMapCanary != nil)
            #expect(weakGeneratorCanary != nil)
        }
        #expect(weakMapCanary == nil)
        #expect(weakGeneratorCanary == nil)
    }

    @Test("a sequence evaluated to its end keeps its values but lets go of its closures")
    func evaluatedToTheEnd() {
        weak var weakCanary: TestCanary?
        let sequence: MemoizedSequence<Int>
        do {
            let canary = TestCanary()
            weakCanary = canary
            sequence = MemoizedSequence([1, 2, 3])
                .map { value -> Int in _ = canary; return value }
                .filter { value in _ = canary; return value != 2 }
                .flatMap { value in _ = canary; return MemoizedSequence([value, value]) }
        }
        #expect(weakCanary != nil)
        #expect(Array(sequence) == [1, 1, 3, 3])
        #expect(weakCanary == nil)
        #expect(Array(sequence) == [1, 1, 3, 3])
    }

    @Test("bind lets go of its transform when the sequence has been evaluated, or is freed")
    func bindReleasesItsTransform() {
        weak var weakMakerCanary: TestCanary?
        weak var weakTransformCanary: TestCanary?
        let sequence: StreamOf<SequenceKind, Int>
        do {
            let makerCanary = TestCanary()
            let transformCanary = TestCanary()
            weakMakerCanary = makerCanary
            weakTransformCanary = transformCanary
            sequence = MemoizedSequence([1, 2]).bind {
                _ = makerCanary
                return { value, _ in
                    _ = transformCanary
                    return SequenceKind.just(value)
                }
            }
        }
        #expect(weakMakerCanary != nil)
        #expect(Array(sequence) == [1, 2])
        #expect(weakMakerCanary == nil)
        #expect(weakTransformCanary == nil)
    }

    @Test("a producer made from a sequence frees its run, and then the sequence with the producer")
    func producerFreesItsRun() {
        weak var weakCanary: TestCanary?
        let scheduler = StepScheduler()
        let log = EventLog<Int, Never>()
        do {
            let canary = TestCanary()
            weakCanary = canary
            let producer = MemoizedSequence(0...).map { value -> Int in _ = canary; return value }.producer(on: scheduler)
            let disposable = producer.start(log.observer)
            scheduler.runNext()
            disposable.dispose()
            while scheduler.runNext() {}
        }
        #expect(log.values == [0])
        #expect(log.terminals == [.interrupted])
        #expect(weakCanary == nil)
    }
}
