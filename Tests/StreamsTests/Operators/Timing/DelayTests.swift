import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("delay(_:on:)")
struct DelayTests {
    @Test("values and completion arrive interval later, on the scheduler's clock")
    func delaysValuesAndCompletion() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = TimedLog<Int, Never>(scheduler)
        signal.delay(2, on: scheduler).observe(log.observer)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        input.sendCompleted()
        scheduler.advance(by: 1.5)
        #expect(log.events == [.value(1)])
        scheduler.run()
        #expect(log.events == [.value(1), .value(2), .completed])
        #expect(log.times == [2, 3, 3])
    }

    @Test("a failure is not delayed and drops the values still waiting")
    func failureNotDelayed() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = TimedLog<Int, TestError>(scheduler)
        signal.delay(5, on: scheduler).observe(log.observer)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(error: .first)
        scheduler.run()
        #expect(log.events == [.failed(.first)])
        #expect(log.times == [1])
    }

    @Test("a zero delay still delivers on the scheduler, in order")
    func zeroDelay() {
        let scheduler = TestScheduler()
        let log = EventLog<Int, TestError>()
        SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .second)
        }
        .delay(0, on: scheduler).start(log.observer)
        #expect(log.events.isEmpty)
        scheduler.advance()
        #expect(log.events == [.value(1), .failed(.second)])
    }

    @Test("disposal releases the delayed values at once and interrupts on the scheduler")
    func disposal() {
        let scheduler = TestScheduler()
        weak var weakValue: TestCanary?
        let log = EventLog<TestCanary, Never>()
        let disposable: Disposable
        do {
            let canary = TestCanary()
            weakValue = canary
            disposable = SignalProducer<TestCanary, Never>(value: canary).delay(10, on: scheduler).start(log.observer)
        }
        #expect(weakValue != nil)
        disposable.dispose()
        #expect(weakValue == nil)
        // The interruption is delivered on the scheduler, not inside dispose().
        #expect(log.events.isEmpty)
        scheduler.run()
        #expect(log.events.count == 1)
        #expect(log.events.first?.isTerminating == true && log.events.first?.isCompleted == false)
    }

    @Test("a scheduler dropped with deliveries pending is freed, and frees them")
    func droppedSchedulerIsFreed() {
        expectSchedulerFreedWithDeliveriesPending { $0.delay(1, on: $1) }
    }
}

@Suite("delay(_:on:) marbles")
struct DelayMarbleTests {
    @Test("values and completion are shifted by the interval")
    func shifted() {
        let test = MarbleTest()
        let source = test.hot("-a-b--c-|", values: ["a": 1, "b": 2, "c": 3])
        test.expect(source.delay(test.frames(2), on: test.scheduler), "---a-b--c-|",
                    values: ["a": 1, "b": 2, "c": 3])
    }

    @Test("a failure is not delayed; values still waiting are dropped")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a--b#", values: ["a": 1, "b": 2])
        test.expect(source.producer.delay(test.frames(2), on: test.scheduler), "---a-#",
                    values: ["a": 1], error: MarbleError())
        #expect(source.subscriptions == ["^----!"])
    }

    @Test("an interruption is not delayed")
    func interruption() {
        let test = MarbleTest()
        let source = test.hot("-a!")
        test.expect(source.delay(test.frames(3), on: test.scheduler), "--!")
    }

    @Test("a zero delay keeps every frame")
    func zero() {
        let test = MarbleTest()
        let source = test.hot("-ab-#")
        test.expect(source.delay(0, on: test.scheduler), "-ab-#")
    }

    @Test("disposal interrupts at once and cancels what is still waiting")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|")
        test.expect(source.producer.delay(test.frames(2), on: test.scheduler), "---a!", disposeAt: 4)
        #expect(source.subscriptions == ["^---!"])
    }
}
