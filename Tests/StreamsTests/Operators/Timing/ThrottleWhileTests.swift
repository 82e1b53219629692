import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("throttle(while:on:)")
struct ThrottleWhileTests {
    @Test("values pass while false; while true the latest is held and released when it turns false")
    func holdsLatest() {
        let scheduler = TestScheduler()
        let flag = TestFlag(false)
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = EventLog<Int, Never>()
        signal.throttle(while: flag, on: scheduler).observe(log.observer)
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance()
        #expect(log.values == [1, 2])
        flag.value = true
        input.send(value: 3)
        input.send(value: 4)
        scheduler.advance()
        #expect(log.values == [1, 2])
        flag.value = true           // a repeat changes nothing
        flag.value = false
        scheduler.advance()
        #expect(log.values == [1, 2, 4])
        flag.value = true
        flag.value = false          // nothing was held: nothing to release
        input.sendCompleted()
        scheduler.advance()
        #expect(log.events == [.value(1), .value(2), .value(4), .completed])
    }

    @Test("works with a MutableProperty")
    func mutableProperty() {
        let scheduler = TestScheduler()
        let paused = MutableProperty(true)
        let log = EventLog<Int, Never>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.throttle(while: paused, on: scheduler).observe(log.observer)
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance()
        #expect(log.values.isEmpty)
        paused.value = false
        scheduler.advance()
        #expect(log.values == [2])
        input.sendCompleted()
    }

    @Test("the property's current value applies to the first value")
    func initiallyThrottled() {
        let scheduler = TestScheduler()
        let flag = TestFlag(true)
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer<Int, Never>([1, 2, 3]).concatenating(.never)
            .throttle(while: flag, on: scheduler).start(log.observer)
        scheduler.advance()
        #expect(log.events.isEmpty)
        flag.value = false
        scheduler.advance()
        #expect(log.values == [3])
        disposable.dispose()
    }

    @Test("a terminal event drops the held value; a failure is forwarded")
    func terminalDropsHeld() {
        let scheduler = TestScheduler()
        let flag = TestFlag(true)
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        signal.throttle(while: flag, on: scheduler).observe(log.observer)
        input.send(value: 1)
        input.send(error: .second)
        flag.value = false
        scheduler.advance()
        #expect(log.events == [.failed(.second)])
    }

    @Test("disposal stops observing the property and releases the held value")
    func disposal() {
        let scheduler = TestScheduler()
        let flag = TestFlag(true)
        let (signal, input) = Signal<TestCanary, Never>.pipe()
        weak var weakHeld: TestCanary?
        let log = EventLog<TestCanary, Never>()
        let disposable = SignalProducer(signal).throttle(while: flag, on: scheduler).start(log.observer)
        do {
            let held = TestCanary()
            weakHeld = held
            input.send(value: held)
        }
        #expect(weakHeld != nil)
        disposable.dispose()
        #expect(weakHeld == nil)
        flag.value = false
        scheduler.advance()
        #expect(log.events.count == 1)
        #expect(log.events.first.map { if case .interrupted = $0 { true } else { false } } == true)
        input.sendCompleted()
    }
}

extension ConcurrencySuites {
    @Suite("throttle(while:on:) Concurrency")
    struct ThrottleWhileConcurrencyTests {
        @Test("values and property changes from several threads: deliveries never overlap, each thread's values in order")
        func severalThreads() {
            let scheduler = QueueScheduler(name: "throttle-while-concurrency")
            let flag = TestFlag(false)
            let (signal, input) = Signal<(Int, Int), Never>.pipe()
            let detector = OverlapDetector()
            let last = TestBox<[Int]>(Array(repeating: -1, count: 3))
            let outOfOrder = TestCounter()
            let done = DispatchSemaphore(value: 0)
            signal.throttle(while: flag, on: scheduler).observe { event in
                detector.enter()
                if case let .value((thread, value)) = event {
                    if value <= last.value[thread] { outOfOrder.increment() }
                    last.value[thread] = value
                }
                _ = spin(50)
                detector.leave()
                if event.isTerminating { done.signal() }
            }
            let senders = (0..<3).map { thread in
                onNewThread { for i in 0..<2_000 { input.send(value: (thread, i)) } }
            }
            let toggler = onNewThread { for i in 0..<500 { flag.value = i % 2 == 0 } }
            for sender in senders { sender.wait() }
            toggler.wait()
            flag.value = false
            input.sendCompleted()
            #expect(done.wait(timeout: .now() + 20) == .success)
            #expect(detector.overlaps == 0)
            #expect(outOfOrder.value == 0)
        }
    }
}

@Suite("throttle(while:on:) marbles")
struct ThrottleWhileMarbleTests {
    /// A property true from frame `from` to frame `to`, set on the test's scheduler.
    func paused(_ test: MarbleTest, from: Int, to: Int) -> MutableProperty<Bool> {
        let property = MutableProperty(false)
        test.scheduler.schedule(after: test.scheduler.currentDate.addingTimeInterval(test.frames(from))) {
            property.value = true
        }
        test.scheduler.schedule(after: test.scheduler.currentDate.addingTimeInterval(test.frames(to))) {
            property.value = false
        }
        return property
    }

    @Test("values held while the property is true; the latest released when it turns false")
    func holds() {
        let test = MarbleTest()
        let source = test.hot("-a-b-c---d-|")
        let property = paused(test, from: 2, to: 7)
        test.expect(source.throttle(while: property, on: test.scheduler), "-a-----c-d-|")
    }

    @Test("a terminal event while throttled drops the held value")
    func terminalDropsHeld() {
        let test = MarbleTest()
        let source = test.cold("-a-b-#")
        let property = paused(test, from: 2, to: 8)
        test.expect(source.producer.throttle(while: property, on: test.scheduler), "-a---#")
        #expect(source.subscriptions == ["^----!"])
    }

    @Test("disposal interrupts at once and releases the held value")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b----|")
        let property = paused(test, from: 2, to: 6)
        test.expect(source.producer.throttle(while: property, on: test.scheduler), "-a--!", disposeAt: 4)
        #expect(source.subscriptions == ["^---!"])
    }
}
