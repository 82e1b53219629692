import AllocationCounter
import Testing
import Streams

/// Counts the heap allocations `body` makes on the calling thread.
func allocations(in body: () -> Void) -> Int {
    streams_allocation_counting_begin()
    body()
    return Int(streams_allocation_counting_end())
}

/// Allocation counts are a property of optimized code: unspecialized generics in a debug build
/// may box values. CI runs this suite in a release build (`.ci/run`); a debug `swift test` skips
/// it, and under sanitizers the counter is compiled out.
let allocationCountsApply: Bool = {
    #if DEBUG
    return false
    #else
    return streams_allocation_counting_available() == 1
    #endif
}()

@Suite("Allocations on hot paths (release builds)", .enabled(if: allocationCountsApply,
       "allocation counts are measured on optimized builds without sanitizers"))
struct AllocationTests {
    @Test("the counter sees an allocation it should see")
    func counterWorks() {
        final class Box { var value = 0 }
        var boxes: [Box] = []
        let counted = allocations {
            for _ in 0..<10 { boxes.append(Box()) }
        }
        #expect(counted >= 10)
        #expect(boxes.count == 10)
    }

    @Test("a value sent through a pipe to one observer allocates nothing")
    func pipeSendToOneObserver() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var sum = 0
        signal.observeValues { sum &+= $0 }
        input.send(value: 1)  // warm up lazily created runtime metadata
        let counted = allocations {
            for value in 0..<10_000 { input.send(value: value) }
        }
        #expect(counted == 0)
        #expect(sum == 1 + (0..<10_000).reduce(0, +))
    }

    @Test("a value sent to many observers allocates nothing")
    func pipeSendToManyObservers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var sum = 0
        for _ in 0..<100 { signal.observeValues { sum &+= $0 } }
        input.send(value: 0)
        let counted = allocations {
            for value in 0..<1_000 { input.send(value: value) }
        }
        #expect(counted == 0)
        #expect(sum == 100 * (0..<1_000).reduce(0, +))
    }

    @Test("a synchronous producer allocates nothing per value")
    func sequenceProducerPerValue() {
        var sum = 0
        let small = SignalProducer<Int, Never>(0..<10)
        let large = SignalProducer<Int, Never>(0..<100_000)
        small.startWithValues { sum &+= $0 }
        let perStartSmall = allocations { small.startWithValues { sum &+= $0 } }
        let perStartLarge = allocations { large.startWithValues { sum &+= $0 } }
        // The cost of a start does not grow with the number of values.
        #expect(perStartLarge == perStartSmall)
        #expect(sum == 2 * 45 + (0..<100_000).reduce(0, +))
    }

    @Test("a subscription to a one-value producer and its map, started for values and disposed, allocates nothing")
    func subscribeDisposeForValues() {
        var sum = 0
        let producer = SignalProducer<Int, Never>(value: 1).map { $0 &+ 1 }.filter { $0 > 0 }.compactMap { $0 }
        producer.startWithValues { sum &+= $0 }.dispose()
        let counted = allocations {
            for _ in 0..<1_000 { producer.startWithValues { sum &+= $0 }.dispose() }
        }
        #expect(counted == 0)
        #expect(sum == 2 * 1_001)
    }

    @Test("started from code isolated to the main actor, such a subscription allocates nothing either")
    @MainActor
    func subscribeDisposeForValuesOnMainActor() {
        var sum = 0
        let producer = SignalProducer<Int, Never>(value: 1).map { $0 &+ 1 }
        producer.startWithValues { sum &+= $0 }.dispose()
        let counted = allocations {
            for _ in 0..<1_000 { producer.startWithValues { sum &+= $0 }.dispose() }
        }
        #expect(counted == 0)
        #expect(sum == 2 * 1_001)
    }

    @Test("a subscription through an observer of every event allocates its run handle, its observer and one per stage")
    func subscribeDisposeForEvents() {
        var sum = 0
        let producer = SignalProducer<Int, Never>(value: 1).map { $0 &+ 1 }
        producer.startWithValues { sum &+= $0 }.dispose()
        let observer = Signal<Int, Never>.Observer(value: { sum &+= $0 })
        let counted = allocations {
            for _ in 0..<1_000 { producer.start(observer).dispose() }
        }
        // The run handle, and map's observer and its closure.
        #expect(counted == 3 * 1_000)
        #expect(sum == 2 * 1_001)
    }

    @Test("building a producer of a value allocates one object, and applying map to it one more")
    func producerConstruction() {
        var producers: [SignalProducer<Int, Never>] = []
        producers.reserveCapacity(2_001)
        producers.append(SignalProducer(value: 0).map { $0 + 1 })
        let built = allocations {
            for value in 0..<1_000 { producers.append(SignalProducer(value: value)) }
        }
        let mapped = allocations {
            for index in 1...1_000 { producers.append(producers[index].map { $0 + 1 }) }
        }
        // The source's sequence, held once for both forms of its run; map's stage, likewise.
        #expect(built == 1_000)
        #expect(mapped >= 1_000)
        #expect(mapped <= 1_000 + 8)
        var sum = 0
        for producer in producers { producer.startWithValues { sum &+= $0 } }
        #expect(sum == 1 + 2 * (0..<1_000).reduce(0, +) + 1_000)
    }

    @Test("iterating a MemoizedSequence that nothing else holds allocates nothing per value")
    func streamedSequencePerValue() {
        var sum = 0
        func iterate(_ count: Int) {
            for value in MemoizedSequence(0..<count).map({ $0 &+ 1 }).filter({ $0 % 2 == 0 }) { sum &+= value }
        }
        iterate(10)
        let perIterationSmall = allocations { iterate(10) }
        let perIterationLarge = allocations { iterate(100_000) }
        // The cost of an iteration (the chain's slots and steps) does not grow with the values.
        #expect(perIterationLarge == perIterationSmall)
        #expect(sum == 2 * 30 + 2_500_050_000)
    }

    @Test("iterating a held MemoizedSequence allocates one node per value it keeps, and reading it again nothing")
    func memoizedSequencePerValue() {
        let count = 100_000
        var sum = 0
        let sequence = MemoizedSequence(0..<count).map { $0 &+ 1 }.filter { $0 % 2 == 0 }
        let first = allocations { for value in sequence { sum &+= value } }
        let second = allocations { for value in sequence { sum &+= value } }
        // A node per value of the held sequence; its source and the map stream into it.
        #expect(first >= count / 2)
        #expect(first <= count / 2 + 16)
        #expect(second == 0)
        #expect(sum == 2 * 2_500_050_000)
    }
}
