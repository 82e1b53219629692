import AllocationCounter
import Testing
@testable import Streams

// Runs with the allocation tests: on an optimized build, where ten million values take about a
// second (a debug build would take minutes; the debug suite checks the same bound over 200,000).
@Suite("Allocations: replay buffer (release builds)", .enabled(if: allocationCountsApply,
       "allocation counts are measured on optimized builds without sanitizers"))
struct ReplayAllocationTests {
    @Test("replay(upTo: 100) over ten million values holds at most 100 and allocates nothing per value")
    func tenMillionValues() {
        let count = 10_000_000
        let connection = SignalProducer<Int, Never>(0..<count).replay(upTo: 100)
        let counted = allocations { connection.connect() }
        #expect(connection.core.replayBufferCount == 100)
        #expect(counted < 1_000, "a bounded number of allocations, not one per value: \(counted)")
        let late = EventLog<Int, Never>()
        connection.producer.start(late.observer)
        #expect(late.values == Array((count - 100)..<count))
        #expect(late.terminals == [.completed])
    }
}
