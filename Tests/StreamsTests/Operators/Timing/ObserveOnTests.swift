import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("observe(on:)")
struct ObserveOnTests {
    @Test("nothing is delivered before the scheduler runs; then every event, in order")
    func deliversOnScheduler() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        signal.observe(on: scheduler).observe(log.observer)
        input.send(value: 1)
        input.send(value: 2)
        input.send(error: .first)
        #expect(log.events.isEmpty)
        scheduler.advance()
        #expect(log.events == [.value(1), .value(2), .failed(.first)])
    }

    @Test("an upstream interruption is delivered on the scheduler after the values before it")
    func interruptionInOrder() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = EventLog<Int, Never>()
        signal.observe(on: scheduler).observe(log.observer)
        input.send(value: 1)
        input.sendInterrupted()
        #expect(log.events.isEmpty)
        scheduler.advance()
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("disposing a producer run drops what waits and delivers interrupted on the scheduler, not inside dispose()")
    func disposalCancelsPending() {
        let scheduler = TestScheduler()
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer<Int, Never>([1, 2, 3]).observe(on: scheduler).start(log.observer)
        #expect(log.events.isEmpty)
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(log.events.isEmpty)
        scheduler.run()
        #expect(log.events == [.interrupted])
    }

    @Test("disposal cancels the upstream run at once")
    func disposalCancelsUpstreamAtOnce() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let upstreamEnded = TestCounter()
        let upstream = SignalProducer<Int, Never> { observer, runLifetime in
            runLifetime.observeEnded { upstreamEnded.increment() }
            runLifetime += lifetime.observeEnded { observer.sendCompleted() }
        }
        let log = EventLog<Int, Never>()
        let disposable = upstream.observe(on: scheduler).start(log.observer)
        disposable.dispose()
        #expect(upstreamEnded.value == 1)
        #expect(log.events.isEmpty)
        scheduler.advance()
        #expect(log.events == [.interrupted])
        withExtendedLifetime(token) {}
    }

    @Test("disposal releases the values waiting on the scheduler at once")
    func disposalReleasesValues() {
        let scheduler = TestScheduler()
        weak var weakValue: TestCanary?
        let disposable: Disposable
        do {
            let canary = TestCanary()
            weakValue = canary
            disposable = SignalProducer<TestCanary, Never>(value: canary).observe(on: scheduler).start()
        }
        #expect(weakValue != nil)
        disposable.dispose()
        #expect(weakValue == nil)
    }

    @Test("with an ImmediateScheduler, events go through synchronously")
    func immediate() {
        let log = EventLog<Int, Never>()
        SignalProducer<Int, Never>([1, 2]).observe(on: ImmediateScheduler()).start(log.observer)
        #expect(log.events == [.value(1), .value(2), .completed])
    }

    @Test("a value sent back from the observer, reentrantly, is delivered after the current one")
    func reentrancy() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        signal.observe(on: scheduler).observeValues { value in
            seen.append(value)
            if value < 3 { input.send(value: value + 1) }
        }
        input.send(value: 1)
        scheduler.advance()
        #expect(seen == [1, 2, 3])
        input.sendCompleted()
    }

    @Test("a QueueScheduler delivers every event on its queue, in order")
    func queueScheduler() {
        let queue = DispatchQueue(label: "observe-on-test")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let scheduler = QueueScheduler(queue: queue)
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = TestBox<[Int]>([])
        let offQueue = TestCounter()
        let done = DispatchSemaphore(value: 0)
        signal.observe(on: scheduler).observe { event in
            if DispatchQueue.getSpecific(key: key) != 7 { offQueue.increment() }
            switch event {
            case let .value(value): received.value.append(value)
            default: done.signal()
            }
        }
        onNewThread {
            for i in 0..<1000 { input.send(value: i) }
            input.sendCompleted()
        }
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(received.value == Array(0..<1000))
        #expect(offQueue.value == 0)
    }
}

extension ConcurrencySuites {
    @Suite("observe(on:) Concurrency")
    struct ObserveOnConcurrencyTests {
        @Test("sends from several threads reach the observer one at a time, each thread's in order")
        func severalSenders() {
            let scheduler = QueueScheduler(name: "observe-on-concurrency")
            let (signal, input) = Signal<(Int, Int), Never>.pipe()
            let detector = OverlapDetector()
            let lastPerThread = TestBox<[Int]>(Array(repeating: -1, count: 4))
            let outOfOrder = TestCounter()
            let count = TestCounter()
            signal.observe(on: scheduler).observeValues { thread, value in
                detector.enter()
                if value <= lastPerThread.value[thread] { outOfOrder.increment() }
                lastPerThread.value[thread] = value
                _ = spin(50)
                count.increment()
                detector.leave()
            }
            let senders = (0..<4).map { thread in
                onNewThread { for i in 0..<2_000 { input.send(value: (thread, i)) } }
            }
            for sender in senders { sender.wait() }
            #expect(waitUntil { count.value == 8_000 })
            #expect(detector.overlaps == 0)
            #expect(outOfOrder.value == 0)
            input.sendCompleted()
        }
    }
}

@Suite("observe(on:) marbles")
struct ObserveOnMarbleTests {
    @Test("values and completion keep their frames: delivery on the scheduler takes no time")
    func values() {
        let test = MarbleTest()
        let source = test.hot("-a-b--c-|", values: ["a": 1, "b": 2, "c": 3])
        test.expect(source.observe(on: test.scheduler), "-a-b--c-|", values: ["a": 1, "b": 2, "c": 3])
    }

    @Test("a failure follows the values sent before it")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a(b#)", values: ["a": 1, "b": 2])
        test.expect(source.producer.observe(on: test.scheduler), "-a(b#)", values: ["a": 1, "b": 2], error: MarbleError())
        #expect(source.subscriptions == ["^-!"])
    }

    @Test("an upstream interruption is forwarded")
    func interruption() {
        let test = MarbleTest()
        let source = test.hot("-a--!")
        test.expect(source.observe(on: test.scheduler), "-a--!")
    }

    @Test("disposal interrupts the run and the upstream at that frame")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b--c-|")
        test.expect(source.producer.observe(on: test.scheduler), "-a-b!", disposeAt: 4)
        #expect(source.subscriptions == ["^---!"])
    }
}
