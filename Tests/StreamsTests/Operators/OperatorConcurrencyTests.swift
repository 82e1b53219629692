import Dispatch
import Foundation
import Testing
@testable import Streams

// Operators on producers whose start handler sends from several threads; run under
// ThreadSanitizer in CI. The fused operators keep state (scan, take(first:)) without a lock of
// their own: they rely on the run serializing its events, which these tests check.

/// A start-handler producer whose start handler runs `senders` threads, each sending
/// `sender * perSender + 0..<perSender` while the run's lifetime lasts, and returns at once;
/// the last thread to finish completes the run. `sent` counts the values sent, and `finished`
/// is signalled by each thread when it stops.
private func concurrentSource(
    senders: Int,
    perSender: Int,
    sent: TestCounter,
    finished: DispatchSemaphore,
    sentWhenEnded: TestCounter? = nil
) -> SignalProducer<Int, Never> {
    SignalProducer { observer, lifetime in
        let done = TestCounter()
        if let sentWhenEnded {
            lifetime.observeEnded { sentWhenEnded.store(sent.value) }
        }
        for sender in 0..<senders {
            onNewThread {
                for index in 0..<perSender {
                    if lifetime.hasEnded { break }
                    sent.increment()
                    observer.send(value: sender * perSender + index)
                }
                if done.increment() == senders { observer.sendCompleted() }
                finished.signal()
            }
        }
    }
}

/// Records events from any thread, counting overlaps, terminal events and events after one.
private final class ConcurrentLog<Value>: @unchecked Sendable {
    let detector = OverlapDetector()
    private(set) var values: [Value] = []
    private(set) var terminals: [Signal<Value, Never>.Event] = []
    private(set) var afterTerminal = 0
    let terminated = TestCounter()

    var observer: Signal<Value, Never>.Observer {
        Signal.Observer { [self] event in
            detector.enter()
            if !terminals.isEmpty { afterTerminal += 1 }
            if let value = event.value {
                _ = spin(10)
                values.append(value)
            } else {
                terminals.append(event)
                terminated.increment()
            }
            detector.leave()
        }
    }
}

extension ConcurrencySuites {
    @Suite("Operators: Concurrency")
    struct OperatorConcurrencyTests {
        @Test("map, filter and scan over two sending threads: every value once, running sums consistent, one completion")
        func mapFilterScanFromTwoThreads() {
            let perSender = 3_000
            let finished = DispatchSemaphore(value: 0)
            let sent = TestCounter()
            let source = concurrentSource(senders: 2, perSender: perSender, sent: sent, finished: finished)

            let mapped = ConcurrentLog<Int>()
            source.map { $0 * 2 }.filter { $0 % 4 == 0 }.start(mapped.observer)
            for _ in 0..<2 { finished.wait() }
            #expect(mapped.detector.overlaps == 0)
            #expect(mapped.values.sorted() == (0..<(2 * perSender)).filter { $0 % 2 == 0 }.map { $0 * 2 })
            #expect(mapped.terminals == [.completed])
            #expect(mapped.afterTerminal == 0)

            let sums = ConcurrentLog<Int>()
            source.filter { $0 % 3 != 0 }.scan(0, +).start(sums.observer)
            for _ in 0..<2 { finished.wait() }
            let kept = (0..<(2 * perSender)).filter { $0 % 3 != 0 }
            #expect(sums.detector.overlaps == 0)
            #expect(sums.values.count == kept.count)
            // Each running sum is the previous one plus a value never seen before: strictly
            // increasing (every value kept is positive) and ending at the total.
            #expect(zip(sums.values, sums.values.dropFirst()).allSatisfy { $0 < $1 })
            #expect(sums.values.last == kept.reduce(0, +))
            #expect(sums.terminals == [.completed])
            #expect(sums.afterTerminal == 0)
        }

        @Test("take(first:) over two sending threads: exactly the count, one completion, and the senders stop")
        func takeFirstFromTwoThreads() {
            let count = 100
            let perSender = 200_000
            for _ in 0..<5 {
                let finished = DispatchSemaphore(value: 0)
                let sent = TestCounter()
                let sentWhenEnded = TestCounter()
                sentWhenEnded.store(-1)
                let source = concurrentSource(
                    senders: 2, perSender: perSender, sent: sent, finished: finished, sentWhenEnded: sentWhenEnded)
                let log = ConcurrentLog<Int>()
                source.scan(0) { total, _ in total + 1 }.take(first: count).start(log.observer)
                for _ in 0..<2 { finished.wait() }
                #expect(log.detector.overlaps == 0)
                #expect(log.values == Array(1...count))
                #expect(log.terminals == [.completed])
                #expect(log.afterTerminal == 0)
                // Reaching the count ends the run's lifetime (once the delivering thread has
                // released the signal and disposes its resources), and from then on each sender
                // stops at its next check: at most one value each in flight.
                #expect(sentWhenEnded.value >= count)
                #expect(sent.value <= sentWhenEnded.value + 2)
                #expect(sent.value < 2 * perSender)
            }
        }

        @Test("disposing a take(first:) run from another thread while two threads send: one interruption, senders stop")
        func takeFirstDisposedFromAnotherThread() {
            let finished = DispatchSemaphore(value: 0)
            let sent = TestCounter()
            let source = concurrentSource(senders: 2, perSender: 10_000_000, sent: sent, finished: finished)
            let log = ConcurrentLog<Int>()
            let seen = TestCounter()
            let run = source.on(value: { _ in seen.increment() }).take(first: 15_000_000).start(log.observer)
            #expect(waitUntil(seconds: 10) { seen.value >= 1_000 })
            onNewThread { run.dispose() }.wait()
            #expect(finished.wait(timeout: .now() + 10) == .success)
            #expect(finished.wait(timeout: .now() + 10) == .success)
            #expect(run.isDisposed)
            #expect(log.detector.overlaps == 0)
            #expect(log.terminals == [.interrupted])
            #expect(log.afterTerminal == 0)
            #expect(log.values.count < 15_000_000)
            #expect(sent.value < 20_000_000)
        }

        @Test("disposing a take(first:) run of a synchronous source from another thread: values in order, one interruption")
        func takeFirstSynchronousDisposedFromAnotherThread() {
            let producer = SignalProducer<Int, Never>(0..<10_000_000).take(first: 9_000_000)
            let handle = Atomic<Disposable?>(nil)
            let received = TestCounter()
            let terminals = TestBox<[Signal<Int, Never>.Event]>([])
            let outOfOrder = TestCounter()
            let done = onNewThread {
                producer.startWithSignal { signal, interruptHandle in
                    handle.value = interruptHandle
                    signal.observe { event in
                        if let value = event.value {
                            if value != received.value { outOfOrder.increment() }
                            received.increment()
                        }
                        if event.isTerminating { terminals.value.append(event) }
                    }
                }
            }
            #expect(waitUntil(seconds: 10) { received.value >= 1_000 })
            handle.value?.dispose()
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(outOfOrder.value == 0)
            #expect(received.value < 9_000_000)
            #expect(terminals.value == [.interrupted])
        }
    }
}
