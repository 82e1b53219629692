import Foundation
import Testing
@testable import Streams
import TestSupport

extension ConcurrencySuites {
    @Suite("Eventing Concurrency: delivery schedulers", .timeLimit(.minutes(5)), .offCooperativePool)
    struct DeliverySchedulerTests {
        @Test("InlineQueueScheduler runs inline on its queue with nothing waiting, asynchronously on it from elsewhere")
        func inlineQueue() {
            let queue = DispatchQueue(label: "inline-queue-test")
            let key = DispatchSpecificKey<Int>()
            queue.setSpecific(key: key, value: 7)
            let scheduler = InlineQueueScheduler(queue: queue)
            let log = TestBox<[String]>([])
            let done = DispatchSemaphore(value: 0)
            // From another thread: later, on the queue.
            let disposable = scheduler.schedule {
                log.value.append(DispatchQueue.getSpecific(key: key) == 7 ? "async on the queue" : "elsewhere")
            }
            #expect(disposable != nil)
            // On the queue with nothing waiting: inline, before schedule returns.
            queue.async {
                let inline = scheduler.schedule { log.value.append("inline") }
                log.value.append(inline == nil ? "returned after inline" : "queued")
                done.signal()
            }
            done.wait()
            #expect(log.value == ["async on the queue", "inline", "returned after inline"])
        }

        @Test("InlineQueueScheduler keeps order: an action scheduled on the queue while others wait is queued behind them")
        func inlineQueueOrder() {
            let queue = DispatchQueue(label: "inline-queue-order")
            let scheduler = InlineQueueScheduler(queue: queue)
            let log = TestBox<[Int]>([])
            let gate = DispatchSemaphore(value: 0)
            queue.async { gate.wait() }  // holds the queue while actions pile up
            scheduler.schedule {
                log.value.append(1)
                scheduler.schedule { log.value.append(3) }  // 2 is waiting: must queue
            }
            scheduler.schedule { log.value.append(2) }
            gate.signal()
            #expect(waitUntil { queue.sync { log.value.count == 3 } })
            #expect(log.value == [1, 2, 3])
        }

        @Test("InlineQueueScheduler: a disposed action never runs")
        func inlineQueueDisposal() {
            let queue = DispatchQueue(label: "inline-queue-dispose")
            let scheduler = InlineQueueScheduler(queue: queue)
            let ran = TestCounter()
            let gate = DispatchSemaphore(value: 0)
            queue.async { gate.wait() }
            scheduler.schedule { ran.increment() }?.dispose()
            scheduler.schedule { ran.add(10) }
            gate.signal()
            queue.sync {}
            #expect(ran.value == 10)
        }

        @Test("OperationQueueScheduler runs actions one at a time and in order, even on a concurrent queue")
        func operationQueueOrder() {
            let operations = OperationQueue()
            operations.maxConcurrentOperationCount = 4
            let scheduler = OperationQueueScheduler(operations)
            let overlap = OverlapDetector()
            let log = TestBox<[Int]>([])
            let cancelled = TestCounter()
            // The first action holds the scheduler until every other is scheduled, so that the
            // ones disposed below are disposed before their turn on any machine.
            let release = DispatchSemaphore(value: 0)
            scheduler.schedule { release.wait() }
            for index in 0..<500 {
                let disposable = scheduler.schedule {
                    overlap.enter()
                    #expect(OperationQueue.current === operations)
                    log.value.append(index)
                    _ = spin(50)
                    overlap.leave()
                }
                if index.isMultiple(of: 100) {
                    disposable?.dispose()
                    cancelled.increment()
                }
            }
            release.signal()
            // Actions run in order: once this last one has run, every other has.
            let finished = DispatchSemaphore(value: 0)
            scheduler.schedule { finished.signal() }
            #expect(finished.wait(timeout: .now() + 30) == .success)
            #expect(cancelled.value == 5)
            #expect(overlap.overlaps == 0)
            #expect(log.value == (0..<500).filter { !$0.isMultiple(of: 100) })
        }

        @Test("OperationQueueScheduler runs inline from an operation of its queue with nothing waiting, later from elsewhere")
        func operationQueueInline() {
            let operations = OperationQueue()
            operations.maxConcurrentOperationCount = 1
            let scheduler = OperationQueueScheduler(operations)
            let log = TestBox<[String]>([])
            let done = DispatchSemaphore(value: 0)
            let queued = scheduler.schedule {
                log.value.append(OperationQueue.current === operations ? "later, on the queue" : "elsewhere")
            }
            #expect(queued != nil)
            operations.addOperation {
                let inline = scheduler.schedule { log.value.append("inline") }
                log.value.append(inline == nil ? "returned after inline" : "queued")
                done.signal()
            }
            done.wait()
            #expect(log.value == ["later, on the queue", "inline", "returned after inline"])
        }

        @Test("OperationQueueScheduler keeps order: from its queue, an action is queued behind the ones waiting, and what an inline action schedules runs after it")
        func operationQueueInlineOrder() {
            let operations = OperationQueue()
            operations.maxConcurrentOperationCount = 1
            let scheduler = OperationQueueScheduler(operations)
            let log = TestBox<[Int]>([])
            let gate = DispatchSemaphore(value: 0)
            operations.addOperation { gate.wait() }  // holds the queue while actions pile up
            scheduler.schedule {
                log.value.append(1)
                scheduler.schedule { log.value.append(3) }  // 2 is waiting: must queue
            }
            scheduler.schedule { log.value.append(2) }
            gate.signal()
            operations.waitUntilAllOperationsAreFinished()
            #expect(log.value == [1, 2, 3])
            // Nothing waiting now: from an operation of the queue, inline; what the inline action
            // schedules waits for it to end.
            operations.addOperation {
                scheduler.schedule {
                    log.value.append(4)
                    scheduler.schedule { log.value.append(6) }
                    log.value.append(5)
                }
            }
            operations.waitUntilAllOperationsAreFinished()
            #expect(waitUntil { operations.operationCount == 0 && log.value.count == 6 })
            #expect(log.value == [1, 2, 3, 4, 5, 6])
        }

        @Test("an owner-bound observation delivered on a queue scheduler receives every value in order")
        func ownerBoundOnQueue() {
            let queue = DispatchQueue(label: "owner-bound-queue")
            let scheduler = InlineQueueScheduler(queue: queue)
            let (signal, input) = Signal<Int, Never>.pipe()
            let listener = Listener()
            signal.observe(with: listener, on: scheduler, call: Listener.handle)
            let sender = onNewThread { for value in 1...1_000 { input.send(value: value) } }
            sender.wait()
            #expect(waitUntil { queue.sync { listener.received.count == 1_000 } })
            #expect(queue.sync { listener.received } == Array(1...1_000))
        }
    }
}
