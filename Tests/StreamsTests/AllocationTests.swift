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
}
