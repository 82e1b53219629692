import Foundation
import Testing
@testable import Streams

@Suite("timeout(after:raising:on:)")
struct TimeoutTests {
    @Test("events pass at once; with no termination by the deadline, the result fails there")
    func failsAtDeadline() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = TimedLog<Int, TestError>(scheduler)
        signal.timeout(after: 3, raising: .second, on: scheduler).observe(log.observer)
        input.send(value: 1)
        #expect(log.values == [1])
        scheduler.advance(by: 3)
        input.send(value: 2)
        #expect(log.events == [.value(1), .failed(.second)])
        #expect(log.times == [0, 3])
        input.sendCompleted()
    }

    @Test("terminating before the deadline cancels it")
    func terminatesInTime() {
        let scheduler = TestScheduler()
        let log = EventLog<Int, TestError>()
        SignalProducer<Int, TestError>(value: 1)
            .timeout(after: 1, raising: .first, on: scheduler).start(log.observer)
        scheduler.run()
        #expect(log.events == [.value(1), .completed])
    }

    @Test("a stream that cannot fail gets the new error type; the deadline counts from each start")
    func neverForm() {
        let scheduler = TestScheduler()
        let log = TimedLog<Int, TestError>(scheduler)
        let producer = SignalProducer<Int, Never>.never.timeout(after: 2, raising: TestError.first, on: scheduler)
        scheduler.advance(by: 5)
        producer.start(log.observer)
        scheduler.advance(by: 2)
        #expect(log.events == [.failed(.first)])
        #expect(log.times == [7])
    }

    @Test("the deadline interrupts the upstream run")
    func interruptsUpstream() {
        let scheduler = TestScheduler()
        let upstreamEnded = TestCounter()
        let upstream = SignalProducer<Int, TestError> { observer, lifetime in
            // Holding the observer keeps the run going.
            lifetime.observeEnded { _ = observer; upstreamEnded.increment() }
        }
        upstream.timeout(after: 1, raising: .first, on: scheduler).start()
        #expect(upstreamEnded.value == 0)
        scheduler.advance(by: 1)
        #expect(upstreamEnded.value == 1)
    }
}
