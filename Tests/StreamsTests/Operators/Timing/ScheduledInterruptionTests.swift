import Foundation
import Testing
@testable import Streams

/// Disposing a run of an operator that delivers on a scheduler: the upstream is cancelled at
/// once, the values the operator holds are dropped, and `interrupted` arrives on the scheduler.
@Suite("Interruption on the scheduler")
struct ScheduledInterruptionTests {
    static let operators = ["observe(on:)", "delay", "debounce", "throttle", "lazyMap", "collect(every:)", "throttle(while:)"]

    static func apply(_ name: String, _ producer: SignalProducer<Int, Never>, _ scheduler: TestScheduler,
                      transformed: TestCounter) -> SignalProducer<Int, Never> {
        switch name {
        case "observe(on:)": return producer.observe(on: scheduler)
        case "delay": return producer.delay(1, on: scheduler)
        case "debounce": return producer.debounce(1, on: scheduler)
        case "throttle": return producer.throttle(1, on: scheduler)
        case "lazyMap": return producer.lazyMap(on: scheduler) { value in transformed.increment(); return value }
        case "collect(every:)": return producer.collect(every: .seconds(1), on: scheduler).map { $0.count }
        default: return producer.throttle(while: Property(value: false), on: scheduler)
        }
    }

    @Test("disposal drops pending values, cancels upstream at once, and interrupts on the scheduler", arguments: operators)
    func disposal(_ name: String) {
        let scheduler = TestScheduler()
        let (upstream, input) = Signal<Int, Never>.pipe()
        let upstreamEnded = TestCounter()
        let transformed = TestCounter()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { upstreamEnded.increment() }
            lifetime += upstream.observe(observer)
        }
        let log = EventLog<Int, Never>()
        let disposable = Self.apply(name, source, scheduler, transformed: transformed).start(log.observer)
        // A value the operator holds (scheduled, delayed, debounced or waiting for the tick).
        input.send(value: 1)
        input.send(value: 2)
        let deliveredBefore = log.values.count
        disposable.dispose()
        #expect(upstreamEnded.value == 1, "the upstream run was not cancelled at once")
        #expect(log.terminals.isEmpty, "interrupted was delivered inside dispose()")
        scheduler.run()
        #expect(log.terminals == [.interrupted])
        #expect(log.values.count == deliveredBefore, "a pending value was delivered after disposal")
        if name == "lazyMap" { #expect(transformed.value == 0) }
    }

    @Test("an interruption from upstream still comes after the values already scheduled by observe(on:)")
    func upstreamInterruptionKeepsOrder() {
        let scheduler = TestScheduler()
        let (upstream, input) = Signal<Int, Never>.pipe()
        let log = EventLog<Int, Never>()
        upstream.producer.observe(on: scheduler).start(log.observer)
        input.send(value: 1)
        input.sendInterrupted()
        #expect(log.events.isEmpty)
        scheduler.run()
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("on a QueueScheduler, interrupted is delivered on the queue after disposal")
    func queueScheduler() {
        let scheduler = QueueScheduler(name: "ScheduledInterruptionTests.queue")
        let key = DispatchSpecificKey<Int>()
        scheduler.queue.setSpecific(key: key, value: 7)
        let onQueue = TestCounter()
        let done = DispatchSemaphore(value: 0)
        let disposable = SignalProducer<Int, Never>.never.observe(on: scheduler).start { event in
            if event == .interrupted {
                if DispatchQueue.getSpecific(key: key) == 7 { onQueue.increment() }
                done.signal()
            }
        }
        disposable.dispose()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(onQueue.value == 1)
    }
}
