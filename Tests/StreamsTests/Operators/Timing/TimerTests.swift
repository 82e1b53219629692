import Foundation
import Testing
@testable import Streams
import StreamsTesting

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

@Suite("SignalProducer.timer and interval marbles")
struct TimerMarbleTests {
    @Test("timer ticks every interval from the start until disposed")
    func timer() {
        let test = MarbleTest()
        let ticks = SignalProducer.timer(interval: .seconds(2), on: test.scheduler).map { _ in "t" }
        test.expect(ticks, "--t-t-t!", disposeAt: 7)
    }

    @Test("timer sends the scheduler's date")
    func timerDates() {
        let test = MarbleTest()
        let start = test.scheduler.currentDate
        let seconds = SignalProducer.timer(interval: .seconds(3), on: test.scheduler, leeway: .seconds(0))
            .map { Int($0.timeIntervalSince(start)) }
        test.expect(seconds, "---a--b-!", values: ["a": 3, "b": 6], disposeAt: 8)
    }

    @Test("interval sends the elements one per tick, then completes at the next tick")
    func intervalSequence() {
        let test = MarbleTest()
        test.expect(SignalProducer.interval(["a", "b", "c"], interval: .seconds(2), on: test.scheduler),
                    "--a-b-c-|")
    }

    @Test("interval(_:on:) counts from 0; disposal stops it")
    func counting() {
        let test = MarbleTest()
        test.expect(SignalProducer.interval(.seconds(1), on: test.scheduler), "-abc!",
                    values: ["a": 0, "b": 1, "c": 2], disposeAt: 4)
    }

    @Test("a timer composed with take(first:) completes and stops")
    func withTake() {
        let test = MarbleTest()
        let ticks = SignalProducer.interval(.seconds(2), on: test.scheduler).take(first: 2)
        test.expect(ticks, "--a-(b|)", values: ["a": 0, "b": 1])
    }
}
