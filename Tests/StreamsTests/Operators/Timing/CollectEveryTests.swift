import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("collect(every:on:skipEmpty:discardWhenCompleted:)")
struct CollectEveryTests {
    @Test("each tick delivers the values since the previous one; an empty tick delivers [] unless skipEmpty")
    func ticks() {
        for skipEmpty in [false, true] {
            let scheduler = TestScheduler()
            let (signal, input) = Signal<Int, Never>.pipe()
            let log = TimedLog<[Int], Never>(scheduler)
            signal.collect(every: .seconds(2), on: scheduler, skipEmpty: skipEmpty).observe(log.observer)
            input.send(value: 1)
            input.send(value: 2)
            scheduler.advance(by: 2)
            scheduler.advance(by: 2)
            input.send(value: 3)
            scheduler.advance(by: 2)
            #expect(log.values == (skipEmpty ? [[1, 2], [3]] : [[1, 2], [], [3]]))
            #expect(log.times == (skipEmpty ? [2, 6] : [2, 4, 6]))
            input.sendInterrupted()
            scheduler.advance()
            #expect(log.events.last == .interrupted)
        }
    }

    @Test("completion discards the values gathered, or delivers them at the next tick before completing")
    func completion() {
        for discard in [true, false] {
            let scheduler = TestScheduler()
            let (signal, input) = Signal<Int, Never>.pipe()
            let log = TimedLog<[Int], Never>(scheduler)
            signal.collect(every: .seconds(2), on: scheduler, discardWhenCompleted: discard).observe(log.observer)
            input.send(value: 1)
            scheduler.advance(by: 1)
            input.sendCompleted()
            scheduler.advance(by: 5)
            if discard {
                #expect(log.events == [.completed])
                #expect(log.times == [1])
            } else {
                #expect(log.events == [.value([1]), .completed])
                #expect(log.times == [2, 2])
            }
        }
    }

    @Test("a failure is delivered at once and drops the values gathered")
    func failure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<[Int], TestError>()
        signal.collect(every: .seconds(2), on: scheduler).observe(log.observer)
        input.send(value: 1)
        input.send(error: .first)
        scheduler.advance(by: 4)
        #expect(log.events == [.failed(.first)])
    }

    @Test("disposing the run stops the timer")
    func disposalStopsTimer() {
        let scheduler = TestScheduler()
        let log = EventLog<[Int], Never>()
        let disposable = SignalProducer<Int, Never>.never
            .collect(every: .seconds(1), on: scheduler).start(log.observer)
        scheduler.advance(by: 2)
        #expect(log.values == [[], []])
        disposable.dispose()
        scheduler.advance(by: 5)
        #expect(log.values == [[], []])
        #expect(log.events.count == 3)
    }
}

@Suite("collect(every:on:skipEmpty:discardWhenCompleted:) marbles")
struct CollectEveryMarbleTests {
    @Test("one array per tick; an empty tick sends [] unless skipEmpty; completion discards by default")
    func ticks() {
        for skipEmpty in [false, true] {
            let test = MarbleTest()
            let source = test.hot("-ab--c|", values: ["a": 1, "b": 2, "c": 3])
            test.expect(source.collect(every: .seconds(2), on: test.scheduler, skipEmpty: skipEmpty),
                        skipEmpty ? "--x---|" : "--x-y-|", values: ["x": [1, 2], "y": []])
        }
    }

    @Test("without discarding, the next tick sends what was gathered, then completes")
    func flush() {
        let test = MarbleTest()
        let source = test.hot("-ab--c|", values: ["a": 1, "b": 2, "c": 3])
        test.expect(source.collect(every: .seconds(2), on: test.scheduler, discardWhenCompleted: false),
                    "--x-y-(z|)", values: ["x": [1, 2], "y": [], "z": [3]])
    }

    @Test("without discarding, with skipEmpty and nothing gathered, the next tick only completes")
    func flushEmpty() {
        let test = MarbleTest()
        let source = test.hot("-a-|", values: ["a": 1])
        test.expect(source.collect(every: .seconds(2), on: test.scheduler, skipEmpty: true, discardWhenCompleted: false),
                    "--x-|", values: ["x": [1]])
    }

    @Test("a failure is delivered at once and drops what was gathered")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a-b#", values: ["a": 1, "b": 2])
        test.expect(source.producer.collect(every: .seconds(2), on: test.scheduler), "--x-#",
                    values: ["x": [1]], error: MarbleError())
        #expect(source.subscriptions == ["^---!"])
    }

    @Test("disposal interrupts at once and stops the timer")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c-d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        test.expect(source.producer.collect(every: .seconds(2), on: test.scheduler), "--x-y!",
                    values: ["x": [1], "y": [2]], disposeAt: 5)
        #expect(source.subscriptions == ["^----!"])
    }
}
