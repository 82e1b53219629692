import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("take(during:)")
struct TakeDuringTests {
    @Test("events are forwarded until the lifetime ends, which completes the result")
    func completesWhenLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = EventLog<Int, Never>()
        signal.take(during: lifetime).observe(log.observer)
        input.send(value: 1)
        token.dispose()
        input.send(value: 2)
        #expect(log.events == [.value(1), .completed])
        input.sendCompleted()
    }

    @Test("an ended lifetime interrupts at once, as in ReactiveSwift; a producer then never starts")
    func alreadyEnded() {
        let starts = TestCounter()
        let log = EventLog<Int, Never>()
        SignalProducer<Int, Never> { _, _ in starts.increment() }
            .take(during: .empty).start(log.observer)
        #expect(log.events == [.interrupted])
        #expect(starts.value == 0)

        let (signal, input) = Signal<Int, Never>.pipe()
        let signalLog = EventLog<Int, Never>()
        signal.take(during: .empty).observe(signalLog.observer)
        input.send(value: 1)
        #expect(signalLog.events == [.interrupted])
    }

    @Test("the lifetime ending interrupts the upstream run; a failure before it is forwarded")
    func interruptsUpstream() {
        let (lifetime, token) = Lifetime.make()
        let upstreamEnded = TestCounter()
        let log = EventLog<Int, TestError>()
        SignalProducer<Int, TestError> { observer, runLifetime in
            // Holding the observer keeps the run going.
            runLifetime.observeEnded { _ = observer; upstreamEnded.increment() }
        }
        .take(during: lifetime).start(log.observer)
        token.dispose()
        #expect(upstreamEnded.value == 1)
        #expect(log.events == [.completed])

        let (open, openToken) = Lifetime.make()
        let failures = EventLog<Int, TestError>()
        SignalProducer<Int, TestError>(error: .first).take(during: open).start(failures.observer)
        #expect(failures.events == [.failed(.first)])
        withExtendedLifetime(openToken) {}
    }

    @Test("ended streams are not kept by a long-lived lifetime")
    func noRetentionByLifetime() {
        let (lifetime, token) = Lifetime.make()
        weak var weakCanary: TestCanary?
        do {
            let canary = TestCanary()
            weakCanary = canary
            let disposable = SignalProducer<Int, Never>.never.take(during: lifetime)
                .startWithValues { _ in _ = canary }
            disposable.dispose()
        }
        #expect(weakCanary == nil)
        withExtendedLifetime(token) {}
    }
}

@Suite("take(during:) marbles")
struct TakeDuringMarbleTests {
    /// A lifetime that ends at frame `frame` of `test`.
    func lifetime(_ test: MarbleTest, endingAt frame: Int) -> Lifetime {
        let (lifetime, token) = Lifetime.make()
        test.scheduler.schedule(after: test.scheduler.currentDate.addingTimeInterval(test.frames(frame))) {
            token.dispose()
        }
        return lifetime
    }

    @Test("events pass until the lifetime ends, which completes")
    func completes() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-|")
        test.expect(source.producer.take(during: lifetime(test, endingAt: 4)), "-a-b|")
        #expect(source.subscriptions == ["^---!"])
    }

    @Test("a signal completes when the lifetime ends")
    func signal() {
        let test = MarbleTest()
        let source = test.hot("-a-b-c-|")
        test.expect(source.take(during: lifetime(test, endingAt: 4)), "-a-b|")
    }

    @Test("an upstream failure before the end is forwarded")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a#")
        test.expect(source.producer.take(during: lifetime(test, endingAt: 4)), "-a#")
        #expect(source.subscriptions == ["^-!"])
    }

    @Test("disposal before the end interrupts")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a--b-c-|")
        test.expect(source.producer.take(during: lifetime(test, endingAt: 6)), "-a-!", disposeAt: 3)
        #expect(source.subscriptions == ["^--!"])
    }
}
