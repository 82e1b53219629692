import Foundation
import Testing
@testable import Streams

/// `observe(on:)` on a `QueueScheduler`, whose events wait in a `QueueHop`: one queue item per
/// event, each delivering the oldest. Each test holds the queue with an item of its own until
/// everything it checks has been sent, so that what the queue runs does not depend on timing.
@Suite("QueueHop: observe(on:) a QueueScheduler")
struct QueueHopTests {
    /// An observer recording events on the scheduler's queue, and a semaphore signalled by the
    /// terminal event.
    final class Recorder: @unchecked Sendable {
        let entries = TestBox<[String]>([])
        let ended = DispatchSemaphore(value: 0)

        func observer<Value>() -> Signal<Value, Never>.Observer {
            Signal<Value, Never>.Observer { event in
                switch event {
                case let .value(value): self.entries.value.append("\(value)")
                case .completed: self.entries.value.append("completed"); self.ended.signal()
                case .interrupted: self.entries.value.append("interrupted"); self.ended.signal()
                }
            }
        }
    }

    /// Holds `scheduler`'s queue until the returned semaphore is signalled.
    static func hold(_ scheduler: QueueScheduler) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        scheduler.queue.async { gate.wait() }
        return gate
    }

    @Test("work enqueued on the queue between two sends runs between their deliveries, as one action per event does")
    func interleavesWithOtherWork() {
        let scheduler = QueueScheduler(name: "queue-hop-order")
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder()
        signal.observe(on: scheduler).observe(recorder.observer())
        let gate = Self.hold(scheduler)
        input.send(value: 1)
        scheduler.schedule { recorder.entries.value.append("A") }
        input.send(value: 2)
        scheduler.queue.async { recorder.entries.value.append("B") }
        input.sendCompleted()
        gate.signal()
        #expect(recorder.ended.wait(timeout: .now() + 20) == .success)
        #expect(recorder.entries.value == ["1", "A", "2", "B", "completed"])
    }

    @Test("disposing a producer run releases the waiting values at once and delivers only interrupted, on the queue")
    func disposalReleasesWaitingValues() {
        let scheduler = QueueScheduler(name: "queue-hop-dispose")
        let recorder = Recorder()
        let gate = Self.hold(scheduler)
        weak var weakValue: TestCanary?
        let disposable: Disposable
        do {
            let canary = TestCanary()
            weakValue = canary
            disposable = SignalProducer<TestCanary, Never>(value: canary)
                .observe(on: scheduler)
                .start(recorder.observer())
        }
        #expect(weakValue != nil)
        disposable.dispose()
        #expect(weakValue == nil)
        #expect(recorder.entries.value.isEmpty)
        gate.signal()
        #expect(recorder.ended.wait(timeout: .now() + 20) == .success)
        // The items enqueued for the value and the completion find nothing to deliver.
        let drained = DispatchSemaphore(value: 0)
        scheduler.queue.async { drained.signal() }
        drained.wait()
        #expect(recorder.entries.value == ["interrupted"])
    }
}
