import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("lazyMap(on:transform:)")
struct LazyMapTests {
    @Test("only the latest value the scheduler finds is transformed, on the scheduler")
    func latestOnly() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let transformed = TestBox<[Int]>([])
        let log = EventLog<Int, Never>()
        signal.lazyMap(on: scheduler) { value -> Int in
            transformed.value.append(value)
            return value * 10
        }.observe(log.observer)
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(transformed.value.isEmpty)
        scheduler.advance()
        input.send(value: 4)
        input.sendCompleted()
        scheduler.advance()
        #expect(transformed.value == [3, 4])
        #expect(log.events == [.value(30), .value(40), .completed])
    }

    @Test("a failure comes after the waiting value; an interruption drops it")
    func terminalEvents() {
        let scheduler = TestScheduler()
        let (failing, failingInput) = Signal<Int, TestError>.pipe()
        let failLog = EventLog<Int, TestError>()
        failing.lazyMap(on: scheduler) { $0 + 1 }.observe(failLog.observer)
        failingInput.send(value: 1)
        failingInput.send(error: .first)

        let (interrupted, interruptedInput) = Signal<Int, TestError>.pipe()
        let interruptLog = EventLog<Int, TestError>()
        interrupted.lazyMap(on: scheduler) { $0 + 1 }.observe(interruptLog.observer)
        interruptedInput.send(value: 1)
        interruptedInput.sendInterrupted()

        scheduler.advance()
        #expect(failLog.events == [.value(2), .failed(.first)])
        #expect(interruptLog.events == [.interrupted])
    }

    @Test("disposal cancels the waiting transformation")
    func disposal() {
        let scheduler = TestScheduler()
        let calls = TestCounter()
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer<Int, Never>(value: 1)
            .lazyMap(on: scheduler) { value -> Int in calls.increment(); return value }
            .start(log.observer)
        disposable.dispose()
        scheduler.run()
        #expect(calls.value == 0)
        #expect(log.events == [.interrupted])
    }

    @Test("with an ImmediateScheduler every value is transformed at once")
    func immediate() {
        let log = EventLog<Int, Never>()
        SignalProducer<Int, Never>([1, 2, 3]).lazyMap(on: ImmediateScheduler()) { $0 * 2 }.start(log.observer)
        #expect(log.events == [.value(2), .value(4), .value(6), .completed])
    }
}

@Suite("lazyMap(on:transform:) marbles")
struct LazyMapMarbleTests {
    @Test("each value is transformed on the scheduler at its frame; only the last of a frame")
    func values() {
        let test = MarbleTest()
        let source = test.hot("-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
        test.expect(source.lazyMap(on: test.scheduler) { $0 * 10 }, "-a-c-|", values: ["a": 10, "c": 30])
    }

    @Test("a failure comes after the value waiting")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-(a#)", values: ["a": 1])
        test.expect(source.producer.lazyMap(on: test.scheduler) { $0 + 1 }, "-(a#)", values: ["a": 2], error: MarbleError())
        #expect(source.subscriptions == ["^!"])
    }

    @Test("an interruption drops the value waiting")
    func interruption() {
        let test = MarbleTest()
        let source = test.hot("-(a!)", values: ["a": 1])
        test.expect(source.lazyMap(on: test.scheduler) { $0 + 1 }, "-!", values: [:])
    }

    @Test("disposal interrupts the run and the upstream")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|", values: ["a": 1, "b": 2])
        test.expect(source.producer.lazyMap(on: test.scheduler) { $0 * 2 }, "-a-!", values: ["a": 2], disposeAt: 3)
        #expect(source.subscriptions == ["^--!"])
    }
}
