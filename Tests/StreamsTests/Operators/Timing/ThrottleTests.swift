import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("throttle(_:on:)")
struct ThrottleTests {
    @Test("the first value goes at once, then the latest of each burst once the interval has passed")
    func latestPerInterval() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = TimedLog<Int, Never>(scheduler)
        signal.throttle(3, on: scheduler).observe(log.observer)
        input.send(value: 1)
        scheduler.advance()
        scheduler.advance(by: 1)
        input.send(value: 2)
        input.send(value: 3)
        scheduler.advance(by: 5)        // t = 6
        input.send(value: 4)            // more than 3 after the last delivery (3): at once
        scheduler.advance()
        #expect(log.values == [1, 3, 4])
        #expect(log.times == [0, 3, 6])
        input.sendCompleted()
        scheduler.advance()
        #expect(log.events.last == .completed)
    }

    @Test("completion is delivered at once and drops a held value")
    func completionDropsHeld() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = TimedLog<Int, Never>(scheduler)
        signal.throttle(3, on: scheduler).observe(log.observer)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        input.sendCompleted()
        scheduler.run()
        #expect(log.events == [.value(1), .completed])
        #expect(log.times == [0, 1])
    }

    @Test("disposal releases a held value")
    func disposalReleasesHeld() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<TestCanary, Never>.pipe()
        weak var weakHeld: TestCanary?
        let disposable = SignalProducer(signal).throttle(3, on: scheduler).start()
        do {
            input.send(value: TestCanary("first"))
            scheduler.advance()
            let held = TestCanary("held")
            weakHeld = held
            input.send(value: held)
        }
        #expect(weakHeld != nil)
        disposable.dispose()
        #expect(weakHeld == nil)
        input.sendCompleted()
    }

    @Test("a scheduler dropped with deliveries pending is freed, and frees them")
    func droppedSchedulerIsFreed() {
        expectSchedulerFreedWithDeliveriesPending { $0.throttle(3, on: $1) }
    }

    @Test("a held value is delivered after work scheduled for the same instant before it arrived, as on ReactiveSwift")
    func heldValueAfterSameInstantWork() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        var order: [String] = []
        signal.throttle(3, on: scheduler).observeValues { order.append("\($0)") }
        input.send(value: 1)
        scheduler.advance(by: 1)        // 1 delivered at t = 0
        input.send(value: 2)            // held, due at t = 3
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 3)) { order.append("work") }
        input.send(value: 3)            // replaces 2: its delivery is scheduled again, after the work
        scheduler.advance(by: 5)
        #expect(order == ["1", "work", "3"])
    }

    @Test("values held for the same date keep their scheduled delivery while nothing else is scheduled")
    func heldValuesKeepTheirDelivery() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = TimedLog<Int, Never>(scheduler)
        signal.throttle(3, on: scheduler).observe(log.observer)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        let scheduled = scheduler.nextNumber
        input.send(value: 3)
        input.send(value: 4)
        #expect(scheduler.nextNumber == scheduled, "the delivery of 2 carries 4: nothing was rescheduled")
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 10)) {}
        input.send(value: 5)
        #expect(scheduler.nextNumber == scheduled + 2, "after other work, the delivery is scheduled again")
        scheduler.advance(by: 5)
        #expect(log.values == [1, 5])
        #expect(log.times == [0, 3])
    }
}

@Suite("throttle(_:on:) marbles")
struct ThrottleMarbleTests {
    @Test("the first value at once, then at most one per interval")
    func spacing() {
        let test = MarbleTest()
        let source = test.hot("ab--c--d---|")
        test.expect(source.throttle(test.frames(3), on: test.scheduler), "a--b--c--d-|")
    }

    @Test("of a burst, only the latest value is delivered")
    func latestOfBurst() {
        let test = MarbleTest()
        let source = test.hot("abc---d|")
        test.expect(source.throttle(test.frames(3), on: test.scheduler), "a--c--d|")
    }

    @Test("completion is delivered at once and drops a held value")
    func completion() {
        let test = MarbleTest()
        let source = test.hot("ab|")
        test.expect(source.throttle(test.frames(3), on: test.scheduler), "a-|")
    }

    @Test("a failure is delivered at once and drops a held value")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("ab#")
        test.expect(source.producer.throttle(test.frames(3), on: test.scheduler), "a-#")
        #expect(source.subscriptions == ["^-!"])
    }

    @Test("disposal interrupts at once and cancels a held value")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("ab------c|")
        test.expect(source.producer.throttle(test.frames(3), on: test.scheduler), "a-!", disposeAt: 2)
        #expect(source.subscriptions == ["^-!"])
    }
}
