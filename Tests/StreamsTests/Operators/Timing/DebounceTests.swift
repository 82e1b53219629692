import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("debounce(_:on:discardWhenCompleted:)")
struct DebounceTests {
    @Test("a value is delivered after the interval of quiet; a newer one restarts the wait")
    func quietInterval() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = TimedLog<Int, Never>(scheduler)
        signal.debounce(2, on: scheduler).observe(log.observer)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        scheduler.advance(by: 1.5)
        #expect(log.events.isEmpty)
        scheduler.advance(by: 0.5)
        #expect(log.values == [2])
        #expect(log.times == [3])
        input.sendCompleted()
        scheduler.advance()
        #expect(log.events == [.value(2), .completed])
    }

    @Test("on completion the waiting value is delivered when its interval ends, unless discarded")
    func completionFlushOrDiscard() {
        for discard in [true, false] {
            let scheduler = TestScheduler()
            let (signal, input) = Signal<Int, Never>.pipe()
            let log = TimedLog<Int, Never>(scheduler)
            signal.debounce(2, on: scheduler, discardWhenCompleted: discard).observe(log.observer)
            input.send(value: 1)
            scheduler.advance(by: 1)
            input.sendCompleted()
            scheduler.run()
            if discard {
                #expect(log.events == [.completed])
                #expect(log.times == [1])
            } else {
                #expect(log.events == [.value(1), .completed])
                #expect(log.times == [2, 2])
            }
        }
    }

    @Test("a failure is delivered at once and drops the waiting value")
    func failure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        signal.debounce(2, on: scheduler, discardWhenCompleted: false).observe(log.observer)
        input.send(value: 1)
        input.send(error: .first)
        scheduler.run()
        #expect(log.events == [.failed(.first)])
    }

    @Test("a scheduler dropped with deliveries pending is freed, and frees them")
    func droppedSchedulerIsFreed() {
        expectSchedulerFreedWithDeliveriesPending { $0.debounce(2, on: $1) }
    }

    @Test("a value is delivered after work scheduled for the same instant before it arrived, as on ReactiveSwift")
    func valueAfterSameInstantWork() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        var order: [String] = []
        signal.debounce(2, on: scheduler).observeValues { order.append("\($0)") }
        input.send(value: 1)            // due at t = 2
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: 2)) { order.append("work") }
        input.send(value: 2)            // same instant: its delivery is scheduled again, after the work
        scheduler.advance(by: 3)
        #expect(order == ["work", "2"])
    }

    @Test("values of one instant keep the scheduled delivery while nothing else is scheduled")
    func sameInstantValuesKeepTheirDelivery() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = TimedLog<Int, Never>(scheduler)
        signal.debounce(2, on: scheduler).observe(log.observer)
        input.send(value: 1)
        let scheduled = scheduler.nextNumber
        input.send(value: 2)
        input.send(value: 3)
        #expect(scheduler.nextNumber == scheduled, "the delivery of 1 carries 3: nothing was rescheduled")
        scheduler.advance(by: 1)
        input.send(value: 4)            // a later instant: a later date, scheduled anew
        #expect(scheduler.nextNumber == scheduled + 1)
        scheduler.advance(by: 3)
        #expect(log.values == [4])
        #expect(log.times == [3])
    }
}

extension ConcurrencySuites {
    @Suite("throttle and debounce Concurrency")
    struct ThrottleDebounceConcurrencyTests {
        /// Sends from four threads into `operate(signal)` delivered on a QueueScheduler, and
        /// checks the observer is never called concurrently and sees a value.
        func check(_ operate: (Signal<Int, Never>, DateScheduler) -> Signal<Int, Never>) {
            let scheduler = QueueScheduler(name: "timing-concurrency")
            let (signal, input) = Signal<Int, Never>.pipe()
            let detector = OverlapDetector()
            let values = TestCounter()
            let completed = DispatchSemaphore(value: 0)
            operate(signal, scheduler).observe { event in
                detector.enter()
                _ = spin(100)
                if case .value = event { values.increment() }
                detector.leave()
                if event.isTerminating { completed.signal() }
            }
            let senders = (0..<4).map { thread in
                onNewThread { for i in 0..<2_000 { input.send(value: thread * 10_000 + i) } }
            }
            for sender in senders { sender.wait() }
            input.sendCompleted()
            #expect(completed.wait(timeout: .now() + 20) == .success)
            #expect(detector.overlaps == 0)
            #expect(values.value >= 1)
        }

        @Test("throttle: sends from several threads, deliveries never overlap")
        func throttle() {
            check { signal, scheduler in signal.throttle(0.001, on: scheduler) }
        }

        @Test("debounce: sends from several threads, deliveries never overlap, the last value is flushed")
        func debounce() {
            check { signal, scheduler in signal.debounce(0.001, on: scheduler, discardWhenCompleted: false) }
        }
    }
}

@Suite("debounce(_:on:discardWhenCompleted:) marbles")
struct DebounceMarbleTests {
    @Test("a value goes out after the interval of quiet; a newer one restarts the wait")
    func quiet() {
        let test = MarbleTest()
        let source = test.hot("-ab----c---|")
        test.expect(source.debounce(test.frames(2), on: test.scheduler), "----b----c-|")
    }

    @Test("completion drops the waiting value by default")
    func discard() {
        let test = MarbleTest()
        let source = test.hot("-ab----cd|")
        test.expect(source.debounce(test.frames(2), on: test.scheduler), "----b----|")
    }

    @Test("without discarding, the waiting value goes out when its interval ends, then the completion")
    func flush() {
        let test = MarbleTest()
        let source = test.hot("-ab----cd|")
        test.expect(source.debounce(test.frames(2), on: test.scheduler, discardWhenCompleted: false),
                    "----b-----(d|)")
    }

    @Test("without discarding and nothing waiting, completion is at once")
    func flushNothing() {
        let test = MarbleTest()
        let source = test.hot("-a-----|")
        test.expect(source.debounce(test.frames(2), on: test.scheduler, discardWhenCompleted: false), "---a---|")
    }

    @Test("a failure is delivered at once and drops the waiting value")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a#")
        test.expect(source.producer.debounce(test.frames(2), on: test.scheduler, discardWhenCompleted: false), "--#")
        #expect(source.subscriptions == ["^-!"])
    }

    @Test("disposal interrupts at once and cancels the waiting value")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-----b|")
        test.expect(source.producer.debounce(test.frames(2), on: test.scheduler), "--!", disposeAt: 2)
        #expect(source.subscriptions == ["^-!"])
    }
}
