import Dispatch
import Testing
@testable import Streams

// Threaded contracts of signals derived by fused operators, which are delivered under their
// source's send lock. "Concurrency" in the suite's name puts them in CI's ThreadSanitizer run.

extension ConcurrencySuites {
    @Suite("Fused signal concurrency")
    struct FusedSignalConcurrencyTests {
        @Test("values sent from several threads through a fused chain reach its observers and the source's one at a time, in each sender's order")
        func serializedThroughChain() {
            let (signal, input) = Signal<Stamp, Never>.pipe()
            let chain = signal.map { $0 }.filter { _ in true }
            let detector = OverlapDetector()
            let senders = 4
            let perSender = 2_000
            let order = SenderOrder(senders: senders)
            let chainTotal = TestBox(0)
            let sourceTotal = TestBox(0)
            chain.observeValues { stamp in
                detector.enter()
                _ = spin(20)
                order.record(stamp)
                chainTotal.value += 1
                detector.leave()
            }
            signal.observeValues { _ in
                detector.enter()
                _ = spin(20)
                sourceTotal.value += 1
                detector.leave()
            }
            DispatchQueue.concurrentPerform(iterations: senders) { sender in
                for sequence in 0..<perSender {
                    input.send(value: Stamp(sender: sender, sequence: sequence))
                }
            }
            #expect(detector.overlaps == 0)
            #expect(order.outOfOrder == 0)
            #expect(chainTotal.value == senders * perSender)
            #expect(sourceTotal.value == senders * perSender)
        }

        @Test("observers of a mapped signal added and removed from other threads during sends: the permanent one loses nothing, the others are released")
        func churnOnMappedSignal() {
            let (signal, input) = Signal<Stamp, Never>.pipe()
            let mapped = signal.map { $0 }
            let detector = OverlapDetector()
            let permanentTotal = TestBox(0)
            mapped.observeValues { _ in
                detector.enter()
                permanentTotal.value += 1
                detector.leave()
            }
            let perSender = 3_000
            let churnRounds = 1_500
            let released = TestCounter()
            let created = TestCounter()
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                if worker < 2 {
                    for sequence in 0..<perSender {
                        input.send(value: Stamp(sender: worker, sequence: sequence))
                    }
                } else {
                    var held: [Disposable] = []
                    for round in 0..<churnRounds {
                        let canary = ReleaseCounter(released)
                        created.increment()
                        if let d = mapped.observeValues({ _ in
                            detector.enter()
                            _ = canary
                            detector.leave()
                        }) { held.append(d) }
                        if round % 3 != 0, !held.isEmpty { held.removeFirst().dispose() }
                    }
                    for d in held { d.dispose() }
                }
            }
            #expect(detector.overlaps == 0)
            #expect(permanentTotal.value == 2 * perSender)
            #expect(mapped.core.observerCount == 1)
            // A removed observer may stay in the delivery list until the next delivery.
            input.send(value: Stamp(sender: 0, sequence: perSender))
            #expect(released.value == created.value)
            #expect(permanentTotal.value == 2 * perSender + 1)
        }

        @Test("the source's input released on another thread right after its sends: the mapped signal's observer gets every value, then one interruption")
        func inputReleasedOnAnotherThread() {
            for _ in 0..<50 {
                let events = TestBox<[Signal<Int, Never>.Event]>([])
                let interrupted = DispatchSemaphore(value: 0)
                do {
                    let (signal, input) = Signal<Int, Never>.pipe()
                    signal.map { $0 + 1 }.observe { event in
                        events.value.append(event)
                        if case .interrupted = event { interrupted.signal() }
                    }
                    // The block holds the only reference to the input: it is released on the
                    // worker thread once the block has run.
                    DispatchQueue.global().async {
                        for value in 0..<200 { input.send(value: value) }
                    }
                }
                #expect(interrupted.wait(timeout: .now() + 30) == .success)
                #expect(events.value.compactMap(\.value) == Array(1...200))
                #expect(events.value.count == 201)
            }
        }
    }
}

/// Counts its own deinitialization.
final class ReleaseCounter: @unchecked Sendable {
    let counter: TestCounter
    init(_ counter: TestCounter) { self.counter = counter }
    deinit { counter.increment() }
}
