import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("start(on:)")
struct StartOnTests {
    @Test("the run starts only when the scheduler runs, and its events are forwarded")
    func startsOnScheduler() {
        let scheduler = TestScheduler()
        let starts = TestCounter()
        let log = EventLog<Int, Never>()
        SignalProducer<Int, Never> { () -> Int in starts.increment(); return 1 }
            .start(on: scheduler).start(log.observer)
        #expect(starts.value == 0)
        scheduler.advance()
        #expect(starts.value == 1)
        #expect(log.events == [.value(1), .completed])
    }

    @Test("disposed before the scheduler runs: interrupted at once, the producer never starts")
    func disposedBeforeStart() {
        let scheduler = TestScheduler()
        let starts = TestCounter()
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer<Int, Never> { () -> Int in starts.increment(); return 1 }
            .start(on: scheduler).start(log.observer)
        disposable.dispose()
        #expect(log.events == [.interrupted])
        scheduler.run()
        #expect(starts.value == 0)
    }

    @Test("disposed while running: interrupted at once, the upstream run is disposed on the scheduler")
    func disposedWhileRunning() {
        let scheduler = TestScheduler()
        let upstreamEnded = TestCounter()
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { _ = observer; upstreamEnded.increment() }
        }
        .start(on: scheduler).start(log.observer)
        scheduler.advance()
        #expect(log.events == [.value(1)])
        disposable.dispose()
        #expect(log.events == [.value(1), .interrupted])
        #expect(upstreamEnded.value == 0)
        scheduler.advance()
        #expect(upstreamEnded.value == 1)
    }

    @Test("a QueueScheduler runs the start on its queue")
    func queueScheduler() {
        let queue = DispatchQueue(label: "start-on-test")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 3)
        let onQueue = TestBox<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        SignalProducer<Int, Never> { () -> Int in
            onQueue.value = DispatchQueue.getSpecific(key: key) == 3
            return 1
        }
        .start(on: QueueScheduler(queue: queue))
        .startWithCompleted { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(onQueue.value == true)
    }
}

@Suite("start(on:) marbles")
struct StartOnMarbleTests {
    @Test("the run starts on the scheduler and keeps its frames")
    func frames() {
        let test = MarbleTest()
        let source = test.cold("-a-b|")
        test.expect(source.producer.start(on: test.scheduler), "-a-b|")
        #expect(source.subscriptions == ["^---!"])
    }

    @Test("a failure is forwarded")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a#")
        test.expect(source.producer.start(on: test.scheduler), "-a#")
        #expect(source.subscriptions == ["^-!"])
    }

    @Test("disposal interrupts at once; the upstream run is disposed on the scheduler")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b--|")
        test.expect(source.producer.start(on: test.scheduler), "-a-!", disposeAt: 3)
        #expect(source.subscriptions == ["^--!"])
    }
}
