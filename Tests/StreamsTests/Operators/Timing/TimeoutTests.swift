import Foundation
import Testing
@testable import Streams
import StreamsTesting

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

@Suite("timeout(after:raising:on:) marbles")
struct TimeoutMarbleTests {
    @Test("events pass at their frames; at the deadline the result fails with the given error")
    func deadline() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|")
        test.expect(source.producer.timeout(after: test.frames(3), raising: MarbleError("timeout"), on: test.scheduler),
                    "-a-#", error: MarbleError("timeout"))
        #expect(source.subscriptions == ["^--!"])
    }

    @Test("completing before the deadline completes")
    func inTime() {
        let test = MarbleTest()
        let source = test.hot("-a|")
        test.expect(source.timeout(after: test.frames(3), raising: MarbleError("timeout"), on: test.scheduler), "-a|")
    }

    @Test("an upstream failure before the deadline is forwarded")
    func upstreamFailure() {
        let test = MarbleTest()
        let source = test.hot("-#", values: [Character: Int](), error: MarbleError("upstream"))
        test.expect(source.timeout(after: test.frames(3), raising: MarbleError("timeout"), on: test.scheduler),
                    "-#", error: MarbleError("upstream"))
    }

    @Test("a stream that cannot fail gets the error type of the timeout")
    func neverForm() {
        let test = MarbleTest()
        let values = test.hot("-a---b-|").materialize().filterMap(\.value)
        test.expect(values.timeout(after: test.frames(4), raising: MarbleError("late"), on: test.scheduler),
                    "-a--#", error: MarbleError("late"))
    }

    @Test("disposal before the deadline interrupts, and the deadline does nothing")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-----|")
        test.expect(source.producer.timeout(after: test.frames(4), raising: MarbleError(), on: test.scheduler),
                    "-a!", disposeAt: 2)
        #expect(source.subscriptions == ["^-!"])
    }
}
