import Foundation
import Testing
@testable import Streams

@Suite("Eventing: OneShotTimer and PeriodicTimer")
struct TimerObjectTests {
    /// Seconds since the test scheduler's start, for each date.
    static func seconds(_ dates: [Date]) -> [Double] {
        dates.map { $0.timeIntervalSinceReferenceDate }
    }

    @Test("a one-shot timer fires once, after its delay, with the scheduler's date")
    func oneShotFires() {
        let scheduler = TestScheduler()
        let timer = OneShotTimer(on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { fired.append($0) }
        #expect(!timer.isArmed)
        timer.fire(after: .seconds(5))
        #expect(timer.isArmed)
        scheduler.advance(by: .seconds(4))
        #expect(fired.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(Self.seconds(fired) == [5])
        #expect(!timer.isArmed)
        scheduler.advance(by: .seconds(100))
        #expect(fired.count == 1)
    }

    @Test("invalidate cancels the pending firing; the timer can be armed again")
    func invalidateAndRearm() {
        let scheduler = TestScheduler()
        let timer = OneShotTimer(on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { fired.append($0) }
        timer.fire(after: .seconds(5))
        scheduler.advance(by: .seconds(2))
        timer.invalidate()
        #expect(!timer.isArmed)
        scheduler.advance(by: .seconds(10))
        #expect(fired.isEmpty)
        timer.fire(after: .seconds(1))
        scheduler.advance(by: .seconds(1))
        #expect(Self.seconds(fired) == [13])
    }

    @Test("arming while armed replaces the pending firing")
    func rearmReplaces() {
        let scheduler = TestScheduler()
        let timer = OneShotTimer(on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { fired.append($0) }
        timer.fire(after: .seconds(5))
        scheduler.advance(by: .seconds(3))
        timer.fire(after: .seconds(5))
        scheduler.advance(by: .seconds(4))
        #expect(fired.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(Self.seconds(fired) == [8])
    }

    @Test("a timer armed again from its own callback fires again")
    func rearmFromCallback() {
        let scheduler = TestScheduler()
        let timer = OneShotTimer(on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { [unowned timer] date in
            fired.append(date)
            if fired.count < 3 { timer.fire(after: .seconds(2)) }
        }
        timer.fire(after: .seconds(1))
        scheduler.advance(by: .seconds(20))
        #expect(Self.seconds(fired) == [1, 3, 5])
        #expect(!timer.isArmed)
    }

    @Test("a one-shot timer that goes away completes its signal and never fires")
    func oneShotDeinit() {
        let scheduler = TestScheduler()
        var events: [Signal<Date, Never>.Event] = []
        do {
            let timer = OneShotTimer(on: scheduler)
            timer.fired.observe { events.append($0) }
            timer.fire(after: .seconds(1))
        }
        scheduler.advance(by: .seconds(5))
        #expect(events == [.completed])
    }

    @Test("a periodic timer ticks every interval while active, and stops")
    func periodicTicks() {
        let scheduler = TestScheduler()
        let timer = PeriodicTimer(interval: .seconds(2), on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { fired.append($0) }
        scheduler.advance(by: .seconds(10))
        #expect(fired.isEmpty, "a timer ticks only once activated")
        timer.activate()
        #expect(timer.isActive)
        scheduler.advance(by: .seconds(7))
        #expect(Self.seconds(fired) == [12, 14, 16])
        timer.stop()
        #expect(!timer.isActive)
        scheduler.advance(by: .seconds(10))
        #expect(fired.count == 3)
        timer.activate()
        scheduler.advance(by: .seconds(2))
        #expect(Self.seconds(fired) == [12, 14, 16, 29])
    }

    @Test("changing the interval while active moves the next tick to one new interval after the last")
    func periodicIntervalChange() {
        let scheduler = TestScheduler()
        let timer = PeriodicTimer(interval: .seconds(10), on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { fired.append($0) }
        timer.activate()
        scheduler.advance(by: .seconds(10))   // tick at 10
        scheduler.advance(by: .seconds(3))    // now 13
        timer.interval = .seconds(5)           // next at 15
        scheduler.advance(by: .seconds(7))    // 15, 20
        timer.interval = .seconds(1)           // last tick 20, now 20: next at 21
        scheduler.advance(by: .seconds(2))    // 21, 22
        scheduler.advance(by: .milliseconds(500))
        timer.interval = .seconds(1)
        scheduler.advance(by: .milliseconds(500))  // 23
        #expect(Self.seconds(fired) == [10, 15, 20, 21, 22, 23])
        #expect(timer.interval == .seconds(1))
    }

    @Test("a shorter interval whose moment has passed ticks at once")
    func periodicIntervalShortened() {
        let scheduler = TestScheduler()
        let timer = PeriodicTimer(interval: .seconds(10), on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { fired.append($0) }
        timer.activate()
        scheduler.advance(by: .seconds(8))
        timer.interval = .seconds(3)
        scheduler.advance()
        #expect(Self.seconds(fired) == [8])
        scheduler.advance(by: .seconds(3))
        #expect(Self.seconds(fired) == [8, 11])
    }

    @Test("a periodic timer stopped, or its interval changed, from its own callback")
    func periodicFromCallback() {
        let scheduler = TestScheduler()
        let timer = PeriodicTimer(interval: .seconds(1), on: scheduler)
        var fired: [Date] = []
        timer.fired.observeValues { [unowned timer] date in
            fired.append(date)
            if fired.count == 2 { timer.interval = .seconds(3) }
            if fired.count == 4 { timer.stop() }
        }
        timer.activate()
        scheduler.advance(by: .seconds(30))
        #expect(Self.seconds(fired) == [1, 2, 5, 8])
    }

    @Test("a periodic timer that goes away stops and completes its signal")
    func periodicDeinit() {
        let scheduler = TestScheduler()
        var events: [Signal<Date, Never>.Event] = []
        do {
            let timer = PeriodicTimer(interval: .seconds(1), on: scheduler)
            timer.fired.observe { events.append($0) }
            timer.activate()
            scheduler.advance(by: .seconds(1))
        }
        scheduler.advance(by: .seconds(5))
        #expect(events.count == 2)
        #expect(events.last == .completed)
    }

    @Test("timer(after:on:) sends one date after the delay, then completes")
    func producerOnce() {
        let scheduler = TestScheduler()
        var events: [Signal<Date, Never>.Event] = []
        SignalProducer.timer(after: .seconds(3), on: scheduler).start { events.append($0) }
        scheduler.advance(by: .seconds(2))
        #expect(events.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(events.count == 2)
        #expect(events.first?.value.map { $0.timeIntervalSinceReferenceDate } == 3)
        #expect(events.last == .completed)
    }

    @Test("timer(interval:on:) with a property follows the property's changes, and stops when disposed")
    func producerFollowsProperty() {
        let scheduler = TestScheduler()
        let interval = MutableProperty<DispatchTimeInterval>(.seconds(4))
        var fired: [Date] = []
        let run = SignalProducer.timer(interval: interval, on: scheduler).startWithValues { fired.append($0) }
        scheduler.advance(by: .seconds(4))
        interval.value = .seconds(1)
        scheduler.advance(by: .seconds(2))
        run.dispose()
        scheduler.advance(by: .seconds(10))
        #expect(Self.seconds(fired) == [4, 5, 6])
    }
}
