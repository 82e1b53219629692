import Foundation
import Testing
@testable import Streams

@Suite("SignalProducer.timer and SignalProducer.interval")
struct TimerTests {
    @Test("timer sends the scheduler's date every interval from the start of each run, until disposed")
    func timer() {
        let scheduler = TestScheduler()
        let log = EventLog<Date, Never>()
        let producer = SignalProducer.timer(interval: .seconds(2), on: scheduler)
        scheduler.advance(by: 1)
        let disposable = producer.start(log.observer)
        scheduler.advance(by: 4)
        #expect(log.values == [at(3), at(5)])
        disposable.dispose()
        scheduler.advance(by: 10)
        #expect(log.values.count == 2)
        #expect(log.events.last == .interrupted)
    }

    @Test("timer with a leeway ticks the same on a TestScheduler")
    func timerLeeway() {
        let scheduler = TestScheduler()
        let log = EventLog<Date, Never>()
        let disposable = SignalProducer.timer(interval: .milliseconds(500), on: scheduler, leeway: .milliseconds(10))
            .start(log.observer)
        scheduler.advance(by: 1.5)
        #expect(log.values == [at(0.5), at(1), at(1.5)])
        disposable.dispose()
    }

    @Test("interval sends the elements one per tick and completes at the tick after the last")
    func intervalSequence() {
        let scheduler = TestScheduler()
        let log = TimedLog<String, Never>(scheduler)
        SignalProducer.interval(["a", "b"], interval: .seconds(1), on: scheduler).start(log.observer)
        scheduler.advance(by: 10)
        #expect(log.events == [.value("a"), .value("b"), .completed])
        #expect(log.times == [1, 2, 3])
    }

    @Test("interval of an empty sequence completes at the first tick")
    func intervalEmpty() {
        let scheduler = TestScheduler()
        let log = TimedLog<Int, Never>(scheduler)
        SignalProducer.interval([Int](), interval: .seconds(1), on: scheduler).start(log.observer)
        scheduler.advance(by: 5)
        #expect(log.events == [.completed])
        #expect(log.times == [1])
    }

    @Test("interval(_:on:) counts up from 0, each run anew")
    func intervalCount() {
        let scheduler = TestScheduler()
        let first = EventLog<Int, Never>()
        let second = EventLog<Int, Never>()
        let producer = SignalProducer.interval(.seconds(1), on: scheduler)
        let a = producer.start(first.observer)
        scheduler.advance(by: 2)
        let b = producer.start(second.observer)
        scheduler.advance(by: 2)
        #expect(first.values == [0, 1, 2, 3])
        #expect(second.values == [0, 1])
        a.dispose()
        b.dispose()
    }

    @Test("a disposed timer releases its observer")
    func timerReleasesObserver() {
        let scheduler = TestScheduler()
        weak var weakCanary: TestCanary?
        let disposable: Disposable
        do {
            let canary = TestCanary()
            weakCanary = canary
            disposable = SignalProducer.timer(interval: .seconds(1), on: scheduler).startWithValues { _ in _ = canary }
        }
        scheduler.advance(by: 1)
        #expect(weakCanary != nil)
        disposable.dispose()
        #expect(weakCanary == nil)
    }
}
