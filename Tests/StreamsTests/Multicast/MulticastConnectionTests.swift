import Foundation
import Testing
@testable import Streams

@Suite("MulticastConnection: publish, replay, autoconnect")
struct MulticastConnectionTests {
    @Test("nothing starts before connect; connect starts the upstream once for every subscriber")
    func connectStartsOnce() {
        let starts = TestCounter()
        let (source, input) = Signal<Int, TestError>.pipe()
        let upstream = SignalProducer<Int, TestError> { observer, lifetime in
            starts.increment()
            lifetime += source.observe(observer)
        }
        let connection = upstream.publish()
        let first = EventLog<Int, TestError>()
        let second = EventLog<Int, TestError>()
        connection.producer.start(first.observer)
        connection.producer.start(second.observer)
        #expect(starts.value == 0)
        #expect(!connection.isConnected)
        let handle = connection.connect()
        let again = connection.connect()
        #expect(starts.value == 1)
        #expect(handle === again)
        #expect(connection.isConnected)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(first.events == [.value(1), .value(2), .completed])
        #expect(second.events == [.value(1), .value(2), .completed])
        #expect(!connection.isConnected)
    }

    @Test("replay(upTo:) gives late subscribers the last values, then the terminal event")
    func replayLateSubscribers() {
        let connection = SignalProducer<Int, TestError>(1...5).replay(upTo: 2)
        connection.connect()
        let late = EventLog<Int, TestError>()
        connection.producer.start(late.observer)
        #expect(late.events == [.value(4), .value(5), .completed])
        // Connecting after the end does not run the upstream again.
        let lateAgain = EventLog<Int, TestError>()
        connection.connect()
        connection.producer.start(lateAgain.observer)
        #expect(lateAgain.events == [.value(4), .value(5), .completed])
    }

    @Test("replay(upTo: 100) over ten thousand values holds at most 100")
    func replayIsBounded() {
        let connection = SignalProducer<Int, Never>(0..<10_000).replay(upTo: 100)
        connection.connect()
        let late = EventLog<Int, Never>()
        connection.producer.start(late.observer)
        #expect(late.events.count == 101)
        #expect(late.events.first == Signal<Int, Never>.Event.value(9_900))
    }

    @Test("autoconnect connects on the first subscriber and disconnects after the last")
    func autoconnect() {
        let starts = TestCounter()
        let ends = TestCounter()
        let upstream = SignalProducer<Int, Never> { observer, lifetime in
            starts.increment()
            lifetime.observeEnded { withExtendedLifetime(observer) { _ = ends.increment() } }
        }
        let shared = upstream.publish().autoconnect()
        let a = shared.start()
        let b = shared.start()
        #expect(starts.value == 1)
        a.dispose()
        #expect(ends.value == 0)
        b.dispose()
        #expect(ends.value == 1)
        let c = shared.start()
        #expect(starts.value == 2)
        c.dispose()
        #expect(ends.value == 2)
    }

    @Test("replayLazily starts on the first start, shares the run, and ends it once unreferenced")
    func replayLazily() {
        let starts = TestCounter()
        let ends = TestCounter()
        let (source, input) = Signal<Int, Never>.pipe()
        var shared: SignalProducer<Int, Never>? = SignalProducer<Int, Never> { observer, lifetime in
            starts.increment()
            lifetime += source.observe(observer)
            lifetime.observeEnded { _ = ends.increment() }
        }.replayLazily(upTo: 1)
        #expect(starts.value == 0)
        let first = EventLog<Int, Never>()
        let run = shared!.start(first.observer)
        input.send(value: 1)
        input.send(value: 2)
        let late = EventLog<Int, Never>()
        shared!.start(late.observer).dispose()
        #expect(starts.value == 1)
        #expect(late.events == [.value(2), .interrupted])
        run.dispose()
        #expect(ends.value == 0)
        shared = nil
        #expect(ends.value == 1)
        input.sendCompleted()
    }
}
