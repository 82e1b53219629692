import Dispatch
import Foundation
import Testing
@testable import Streams

// Multi-threaded contracts of SignalProducer; run under ThreadSanitizer in CI.

extension ConcurrencySuites {
    @Suite("SignalProducer concurrency")
    struct SignalProducerConcurrencyTests {
        @Test("a start handler sending from several threads: serialized, nothing lost, each sender's order kept")
        func handlerSendsFromSeveralThreads() {
            let senders = 6
            let perSender = 2_000
            let producer = SignalProducer<Stamp, Never> { observer, _ in
                DispatchQueue.concurrentPerform(iterations: senders) { sender in
                    for sequence in 0..<perSender {
                        observer.send(value: Stamp(sender: sender, sequence: sequence))
                    }
                }
                observer.sendCompleted()
            }
            let detector = OverlapDetector()
            let order = SenderOrder(senders: senders)
            let total = TestBox(0)
            let completedAfter = TestBox(-1)
            producer.start { event in
                detector.enter()
                switch event {
                case let .value(stamp):
                    _ = spin(20)
                    order.record(stamp)
                    total.value += 1
                case .completed:
                    completedAfter.value = total.value
                default:
                    break
                }
                detector.leave()
            }
            #expect(detector.overlaps == 0)
            #expect(order.outOfOrder == 0)
            #expect(total.value == senders * perSender)
            #expect(completedAfter.value == senders * perSender)
        }

        @Test("disposing a long synchronous sequence run from another thread stops it: one interruption, no overlap")
        func disposeLongSequenceFromAnotherThread() {
            // SignalProducer is not Sendable; see the report. The test only reads it from one thread.
            let producer = SignalProducer<Int, Never>(0..<10_000_000)
            let detector = OverlapDetector()
            let values = TestCounter()
            let interruptions = TestCounter()
            let completions = TestCounter()
            let afterTerminal = TestCounter()
            let terminated = TestCounter()
            let outOfOrder = TestCounter()
            let handle = Atomic<Disposable?>(nil)

            let finished = onNewThread {
                producer.startWithSignal { signal, interruptHandle in
                    handle.value = interruptHandle
                    signal.observe { event in
                        detector.enter()
                        if terminated.value > 0 { afterTerminal.increment() }
                        switch event {
                        case let .value(value):
                            _ = spin(200)
                            if value != values.value { outOfOrder.increment() }
                            values.increment()
                        case .interrupted:
                            interruptions.increment()
                            terminated.increment()
                        default:
                            completions.increment()
                            terminated.increment()
                        }
                        detector.leave()
                    }
                }
            }

            let running = waitUntil { values.value >= 2_000 }
            #expect(running, "the run did not get going")
            handle.value?.dispose()
            let valuesAtDispose = values.value
            let stopped = finished.wait(timeout: .now() + 30) == .success
            #expect(stopped, "the run did not stop after disposal")
            guard stopped else { return }

            #expect(interruptions.value == 1)
            #expect(completions.value == 0)
            #expect(afterTerminal.value == 0)
            #expect(detector.overlaps == 0)
            #expect(outOfOrder.value == 0)
            #expect(values.value < 10_000_000)
            #expect(values.value - valuesAtDispose <= 1,
                    "\(values.value - valuesAtDispose) values were delivered after dispose returned")
            #expect(handle.value?.isDisposed == true)
        }

        @Test("disposing a start-handler run from another thread while its senders run: one interruption, nothing after")
        func disposeGeneratorRunWhileSending() {
            let senders = 3
            let sendersDone = TestBox<[DispatchSemaphore]>([])
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                for _ in 0..<senders {
                    sendersDone.value.append(onNewThread {
                        var value = 0
                        while !lifetime.hasEnded && value < 1_000_000 {
                            observer.send(value: value)
                            value += 1
                        }
                    })
                }
            }
            let detector = OverlapDetector()
            let values = TestCounter()
            let interruptions = TestCounter()
            let afterTerminal = TestCounter()
            let handle = Atomic<Disposable?>(nil)
            producer.startWithSignal { signal, interruptHandle in
                handle.value = interruptHandle
                signal.observe { event in
                    detector.enter()
                    if interruptions.value > 0 { afterTerminal.increment() }
                    if event.value != nil {
                        _ = spin(50)
                        values.increment()
                    } else if event == .interrupted {
                        interruptions.increment()
                    }
                    detector.leave()
                }
            }
            let running = waitUntil { values.value >= 1_000 }
            #expect(running)
            handle.value?.dispose()
            // Dispose returns at once; the interruption follows the delivery under way.
            #expect(waitUntil { interruptions.value == 1 })
            let valuesAtInterruption = values.value
            let sendersStopped = sendersDone.value.allSatisfy { $0.wait(timeout: .now() + 30) == .success }
            #expect(sendersStopped, "the senders did not see the run's lifetime end")
            #expect(values.value == valuesAtInterruption)
            #expect(interruptions.value == 1)
            #expect(afterTerminal.value == 0)
            #expect(detector.overlaps == 0)
        }

        @Test("starting one producer from many threads at once gives independent runs")
        func concurrentStarts() {
            let starts = TestCounter()
            let producer = SignalProducer<Int, Never> { observer, _ in
                let run = starts.increment()
                for offset in 0..<10 { observer.send(value: run * 100 + offset) }
                observer.sendCompleted()
            }
            let threads = 8
            let perThread = 200
            let bad = TestCounter()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<perThread {
                    var values: [Int] = []
                    var completed = 0
                    producer.start { event in
                        if let value = event.value { values.append(value) }
                        if event.isCompleted { completed += 1 }
                    }
                    // One run's values all come from the same start, in order.
                    let run = (values.first ?? 0) / 100
                    if values != (0..<10).map({ run * 100 + $0 }) || completed != 1 { bad.increment() }
                }
            }
            #expect(starts.value == threads * perThread)
            #expect(bad.value == 0)
        }

        @Test("a sequence producer started on several threads at once iterates once per start")
        func concurrentSequenceStarts() {
            let producer = SignalProducer<Int, Never>(0..<1_000)
            let sums = (0..<8).map { _ in TestCounter() }
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                var sum = 0
                for _ in 0..<20 { producer.startWithValues { sum += $0 } }
                sums[index].store(sum)
            }
            let expected = 20 * (0..<1_000).reduce(0, +)
            #expect(sums.allSatisfy { $0.value == expected })
        }
    }
}

/// Compiles only if the argument is `Sendable`: producers and signals cross threads freely.
private func requireSendable<T: Sendable>(_ value: T) -> T { value }

@Suite("Sendable conformances")
struct SendableConformanceTests {
    @Test("a producer and a signal can be handed to another thread")
    func producerAndSignalAreSendable() async {
        let producer = requireSendable(SignalProducer<Int, Never>(values: 1, 2, 3))
        let (signal, input) = Signal<Int, Never>.pipe()
        _ = requireSendable(signal)
        _ = requireSendable(input)
        let collected = await Task.detached {
            var values: [Int] = []
            producer.startWithValues { values.append($0) }
            return values
        }.value
        #expect(collected == [1, 2, 3])
    }
}

/// A class that is not `Sendable`, to show which containers stay usable across threads anyway.
private final class Unshared {
    var count = 0
}

extension SendableConformanceTests {
    @Test("containers of Sendable values cross threads; properties are shared whatever they hold")
    func sendableRules() async {
        // Sendable when their values are: each of these calls compiles only because Int and
        // String are Sendable.
        let mutable = requireSendable(MutableProperty(1))
        let validating = requireSendable(ValidatingProperty(0) { $0 >= 0 ? .valid : .invalid(SendableRuleError.negative) })
        let atomic = requireSendable(Atomic(0))
        let last = requireSendable(LastValueSignal<String>())
        let action = requireSendable(Action<Int, Int, Never> { SignalProducer(value: $0 * 2) })
        // Always Sendable: a read-only property, whatever it holds.
        let unshared = requireSendable(Property(value: Unshared()))

        let outputs = await Task.detached { () -> [Int] in
            mutable.value = 2
            validating.value = -1
            atomic.modify { $0 += 3 }
            last.send(value: "from a task")
            var doubled: [Int] = []
            action.apply(21).startWithResult { doubled.append((try? $0.get()) ?? 0) }
            return doubled + [unshared.value.count]
        }.value
        #expect(outputs == [42, 0])
        #expect(mutable.value == 2)
        #expect(validating.value == 0)
        #expect(atomic.value == 3)
        #expect(last.lastValue == "from a task")
    }
}

private enum SendableRuleError: Error { case negative }
