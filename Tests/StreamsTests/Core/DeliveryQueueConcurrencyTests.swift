import Foundation
import Synchronization
import Testing
@testable import Streams
import TestSupport

extension ConcurrencySuites {
    /// The delivery hand-off every serialized operator relies on (`DeliveryQueue`, its gate, and
    /// the `Serializer` built on them), driven directly by several threads: a lost hand-off would
    /// leave an item undelivered (the count falls short), two deliverers would overlap.
    @Suite("Delivery Queue Concurrency")
    struct DeliveryQueueConcurrencyTests {
        static let threads = 4
        static let perThread = 20_000

        /// Items of `threads` senders, each numbered `sender * perThread + index`.
        final class Received: @unchecked Sendable {
            let detector = OverlapDetector()
            private(set) var items: [Int] = []
            func record(_ item: Int) {
                detector.enter()
                items.append(item)
                detector.leave()
            }

            /// Whether every item arrived exactly once, each sender's in the order it sent them.
            var isComplete: Bool {
                guard items.count == DeliveryQueueConcurrencyTests.threads * DeliveryQueueConcurrencyTests.perThread
                else { return false }
                var next = Array(repeating: 0, count: DeliveryQueueConcurrencyTests.threads)
                for item in items {
                    let sender = item / DeliveryQueueConcurrencyTests.perThread
                    guard item % DeliveryQueueConcurrencyTests.perThread == next[sender] else { return false }
                    next[sender] += 1
                }
                return true
            }
        }

        /// Starts `threads` senders at once, each running `send` for its items; waits for all.
        static func run(_ send: @escaping @Sendable (Int) -> Void) {
            let ready = TestCounter()
            let done = (0..<threads).map { sender in
                onNewThread {
                    ready.increment()
                    while ready.value < threads { sched_yield() }
                    for index in 0..<perThread { send(sender * perThread + index) }
                }
            }
            for semaphore in done { semaphore.wait() }
        }

        @Test("Serializer: items submitted from several threads are each processed once, one at a time, each thread's in order",
              .timeLimit(.minutes(5)), .offCooperativePool)
        func serializerSubmit() {
            let serializer = Serializer<Int>()
            let received = Received()
            Self.run { item in serializer.submit(item) { received.record($0) } }
            #expect(received.detector.overlaps == 0)
            #expect(received.isComplete)
            #expect(serializer.gate.state.load(ordering: .acquiring) == DeliveryGate.idle)
        }

        @Test("DeliveryQueue: items posted under a lock from several threads are each delivered once, one at a time, each thread's in order",
              .timeLimit(.minutes(5)), .offCooperativePool)
        func postAndLeave() {
            /// An operator's state: the queue behind a lock, and the gate reached without it.
            final class Operator: @unchecked Sendable {
                let gate = DeliveryGate()
                let queue: Locked<DeliveryQueue<Int>>
                init() { queue = Locked(DeliveryQueue(gate: gate)) }
            }
            let op = Operator()
            let (gate, queue) = (op.gate, op.queue)
            let received = Received()
            Self.run { item in
                let (gate, queue) = (op.gate, op.queue)
                guard var next = queue.withLock({ $0.post(item) }) else { return }
                while true {
                    received.record(next)
                    if gate.leave() { return }
                    next = queue.withLock { $0.next() }
                }
            }
            #expect(received.detector.overlaps == 0)
            #expect(received.isComplete)
            #expect(gate.state.load(ordering: .acquiring) == DeliveryGate.idle)
            #expect(queue.withLock { $0.waiting.isEmpty })
        }

        @Test("Serializer: a thread that acquired it on the spot keeps others queued until it drains",
              .timeLimit(.minutes(5)), .offCooperativePool)
        func acquireThenDrain() {
            let serializer = Serializer<Int>()
            let received = Received()
            Self.run { item in
                if item % 3 == 0, serializer.tryAcquire() {
                    // Processed on the spot, as a flatten run starts an inner stream, then the
                    // queue that built up meanwhile.
                    received.record(item)
                    serializer.drain { received.record($0) }
                } else {
                    serializer.submit(item) { received.record($0) }
                }
            }
            #expect(received.detector.overlaps == 0)
            #expect(received.isComplete)
            #expect(serializer.gate.state.load(ordering: .acquiring) == DeliveryGate.idle)
        }
    }
}
