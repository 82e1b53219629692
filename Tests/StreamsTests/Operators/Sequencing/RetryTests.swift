import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("retry(upTo:)")
struct RetryTests {
    @Test("restarts after each failure up to count times, forwarding every attempt's values and the last failure")
    func exhausts() {
        let starts = TestCounter()
        let events = eventsDuringStart(of: countedProducer([1, 2], then: .failed(.first), starts: starts).retry(upTo: 2))
        #expect(events == [.value(1), .value(2), .value(1), .value(2), .value(1), .value(2), .failed(.first)])
        #expect(starts.value == 3)
    }

    @Test("stops retrying once an attempt completes")
    func succeedsLater() {
        let attempts = TestCounter()
        let source = SignalProducer<Int, TestError> { observer, _ in
            let attempt = attempts.increment()
            observer.send(value: attempt)
            if attempt < 3 { observer.send(error: .first) } else { observer.sendCompleted() }
        }
        #expect(eventsDuringStart(of: source.retry(upTo: 10)) == [.value(1), .value(2), .value(3), .completed])
        #expect(attempts.value == 3)
    }

    @Test("retry(upTo: 0) runs the producer once and forwards its failure")
    func zero() {
        let starts = TestCounter()
        #expect(eventsDuringStart(of: countedProducer([1], starts: starts).retry(upTo: 0)) == [.value(1), .failed(.first)])
        #expect(starts.value == 1)
    }

    @Test("an interruption is forwarded, not retried")
    func interruptionNotRetried() {
        let starts = TestCounter()
        let events = eventsDuringStart(of: countedProducer([1], then: .interrupted, starts: starts).retry(upTo: 5))
        #expect(events == [.value(1), .interrupted])
        #expect(starts.value == 1)
    }

    @Test("the last error is the one forwarded")
    func lastError() {
        let attempts = TestCounter()
        let source = SignalProducer<Int, TestError> { observer, _ in
            observer.send(error: attempts.increment() == 1 ? .first : .second)
        }
        #expect(eventsDuringStart(of: source.retry(upTo: 1)) == [.failed(.second)])
    }

    @Test("disposal interrupts the running attempt and no further attempt starts")
    func disposal() {
        let source = ManualSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let disposable = source.producer.retry(upTo: 10).start(log.observer)
        source.send([.value(1), .failed(.first)])
        #expect(source.starts == 2)
        disposable.dispose()
        #expect(source.lifetime.hasEnded)
        source.send([.failed(.first)])
        #expect(source.starts == 2)
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("disposing from inside the observer stops a synchronous retry loop")
    func disposalFromObserver() {
        let starts = TestCounter()
        let log = EventLog<Int, TestError>()
        _ = countedProducer([1], starts: starts).retry(upTo: 1_000).startWithSignal { signal, handle in
            signal.observe { event in
                log.append(event)
                if log.values.count == 3 { handle.dispose() }
            }
        }
        #expect(log.events == [.value(1), .value(1), .value(1), .interrupted])
        #expect(starts.value == 3)
    }
}

@Suite("retry(upTo:interval:on:)")
struct RetryIntervalTests {
    @Test("waits interval on the scheduler before each restart; the last failure is not delayed")
    func waits() {
        let scheduler = TestScheduler()
        let starts = TestCounter()
        let log = TimedLog<Int, TestError>(scheduler)
        countedProducer([1], starts: starts).retry(upTo: 2, interval: 5, on: scheduler).start(log.observer)
        #expect(starts.value == 1)
        scheduler.advance(by: 4.9)
        #expect(starts.value == 1)
        scheduler.advance(by: 0.1)
        #expect(starts.value == 2)
        scheduler.run()
        #expect(starts.value == 3)
        #expect(log.events == [.value(1), .value(1), .value(1), .failed(.first)])
        #expect(log.times == [0, 5, 10, 10])
    }

    @Test("a zero interval still restarts through the scheduler")
    func zeroInterval() {
        let scheduler = TestScheduler()
        let starts = TestCounter()
        let log = EventLog<Int, TestError>()
        countedProducer([1], starts: starts).retry(upTo: 1, interval: 0, on: scheduler).start(log.observer)
        #expect(starts.value == 1)
        #expect(log.events == [.value(1)])
        scheduler.advance()
        #expect(starts.value == 2)
        #expect(log.events == [.value(1), .value(1), .failed(.first)])
    }

    @Test("disposal while waiting cancels the pending restart")
    func disposalCancelsTimer() {
        let scheduler = TestScheduler()
        let starts = TestCounter()
        let log = EventLog<Int, TestError>()
        let disposable = countedProducer([1], starts: starts).retry(upTo: 3, interval: 10, on: scheduler).start(log.observer)
        #expect(scheduler.nextDueDate != nil)
        disposable.dispose()
        #expect(scheduler.nextDueDate == nil)
        scheduler.run()
        #expect(starts.value == 1)
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("retry(upTo: 0, interval:on:) forwards the first failure at once")
    func zeroCount() {
        let scheduler = TestScheduler()
        #expect(eventsDuringStart(of: SignalProducer<Int, TestError>(error: .second).retry(upTo: 0, interval: 3, on: scheduler))
                == [.failed(.second)])
        #expect(scheduler.nextDueDate == nil)
    }

    @Test("completion and interruption are not retried", arguments: [Termination<TestError>.completed, .interrupted])
    func notRetried(_ termination: Termination<TestError>) {
        let scheduler = TestScheduler()
        let starts = TestCounter()
        let events = eventsDuringStart(of: countedProducer([1], then: termination, starts: starts).retry(upTo: 3, interval: 1, on: scheduler))
        #expect(events == [.value(1), Signal.Event(termination)])
        #expect(scheduler.nextDueDate == nil)
        #expect(starts.value == 1)
    }
}

@Suite("retry(upTo:interval:on:) marbles")
struct RetryMarbleTests {
    @Test("each restart comes interval after the failure; the last failure is forwarded at its frame")
    func restarts() {
        let test = MarbleTest()
        let source = test.cold("-a#")
        test.expect(source.producer.retry(upTo: 2, interval: test.frames(2), on: test.scheduler), "-a---a---a#")
        #expect(source.subscriptions == ["^-!", "----^-!", "--------^-!"])
    }

    @Test("an attempt that completes ends the result")
    func recovers() {
        let test = MarbleTest()
        let failing = test.cold("a#")
        let attempts = TestCounter()
        let recovering = test.cold("-b|")
        let source = SignalProducer<String, MarbleError> { observer, lifetime in
            let producer = attempts.increment() < 3 ? failing.producer : recovering.producer
            lifetime += producer.start(observer)
        }
        test.expect(source.retry(upTo: 5, interval: test.frames(1), on: test.scheduler), "a-a--b|")
        #expect(failing.subscriptions == ["^!", "--^!"])
        #expect(recovering.subscriptions == ["----^-!"])
    }

    @Test("retry(upTo:) without an interval restarts at the frame of the failure")
    func noInterval() {
        let test = MarbleTest()
        let source = test.cold("-a-#")
        test.expect(source.producer.retry(upTo: 1), "-a--a-#")
        #expect(source.subscriptions == ["^--!", "---^--!"])
    }

    @Test("disposal while waiting cancels the restart")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a#")
        test.expect(source.producer.retry(upTo: 3, interval: test.frames(4), on: test.scheduler), "-a--!", disposeAt: 4)
        #expect(source.subscriptions == ["^-!"])
        #expect(test.scheduler.nextDueDate == nil)
    }
}
