import Foundation
import Testing
@testable import Streams

@Suite("MulticastConnection: bounds and reconnection")
struct MulticastBoundsTests {
    @Test("replay(upTo: 100) holds at most 100 values however many pass, and replays the last 100")
    func replayBufferIsBounded() {
        let connection = SignalProducer<Int, Never>(0..<200_000).replay(upTo: 100)
        #expect(connection.core.replayBufferCount == 0)
        connection.connect()
        #expect(connection.core.replayBufferCount == 100)
        let late = EventLog<Int, Never>()
        connection.producer.start(late.observer)
        #expect(late.values == Array(199_900..<200_000))
        #expect(late.terminals == [.completed])
    }

    @Test("publish() keeps nothing for late subscribers")
    func publishKeepsNothing() {
        let (source, input) = Signal<Int, Never>.pipe()
        let connection = SignalProducer(source).publish()
        connection.connect()
        input.send(value: 1)
        #expect(connection.core.replayBufferCount == 0)
        let late = EventLog<Int, Never>()
        connection.producer.start(late.observer)
        input.send(value: 2)
        input.sendCompleted()
        #expect(late.events == [.value(2), .completed])
    }

    @Test("disposing the connection stops the upstream; subscribers stay and a new connect starts a new run")
    func disconnectAndReconnect() {
        let starts = TestCounter()
        let (source, input) = Signal<Int, Never>.pipe()
        let connection = SignalProducer<Int, Never> { observer, lifetime in
            starts.increment()
            lifetime += source.observe(observer)
        }.publish()
        let log = EventLog<Int, Never>()
        connection.producer.start(log.observer)
        let first = connection.connect()
        input.send(value: 1)
        first.dispose()
        #expect(!connection.isConnected)
        #expect(source.core.observerCount == 0, "the upstream run was interrupted")
        input.send(value: 2)
        connection.connect()
        #expect(starts.value == 2)
        input.send(value: 3)
        input.sendCompleted()
        #expect(log.events == [.value(1), .value(3), .completed], "the subscriber saw no interruption")
    }

    @Test("a subscriber that leaves receives nothing more; the others go on")
    func unsubscribe() {
        let (source, input) = Signal<Int, Never>.pipe()
        let connection = SignalProducer(source).publish()
        let leaving = EventLog<Int, Never>()
        let staying = EventLog<Int, Never>()
        let subscription = connection.producer.start(leaving.observer)
        connection.producer.start(staying.observer)
        connection.connect()
        input.send(value: 1)
        subscription.dispose()
        input.send(value: 2)
        input.sendCompleted()
        #expect(leaving.events == [.value(1), .interrupted])
        #expect(staying.events == [.value(1), .value(2), .completed])
    }

    @Test("an upstream failure reaches every subscriber and every later one, after the replay")
    func failureIsReplayed() {
        let connection = SignalProducer<Int, TestError>([1, 2]).concat(SignalProducer(error: .first)).replay(upTo: 1)
        let early = EventLog<Int, TestError>()
        connection.producer.start(early.observer)
        connection.connect()
        let late = EventLog<Int, TestError>()
        connection.producer.start(late.observer)
        #expect(early.events == [.value(1), .value(2), .failed(.first)])
        #expect(late.events == [.value(2), .failed(.first)])
    }

    @Test("replay(upTo:) and replayLazily(upTo:) stop on a negative capacity, naming the operator and the value")
    func negativeCapacity() async {
        await #expect(processExitsWith: .failure) {
            _ = SignalProducer<Int, Never>(value: 1).replay(upTo: -1)
        }
        await #expect(processExitsWith: .failure) {
            _ = SignalProducer<Int, Never>(value: 1).replayLazily(upTo: -2)
        }
    }
}

extension ConcurrencySuites {
    @Suite("MulticastConnection Concurrency")
    struct MulticastConcurrencyTests {
        @Test("connect called from many threads at once starts the upstream once and hands out one run")
        func concurrentConnect() {
            for _ in 0..<50 {
                let starts = TestCounter()
                // An upstream that never ends, so the connection stays connected.
                let connection = SignalProducer<Int, Never>.never.on(starting: { starts.increment() }).publish()
                let handles = TestBox<[ObjectIdentifier]>([])
                let lock = NSLock()
                let done = (0..<8).map { _ in
                    onNewThread {
                        let handle = connection.connect()
                        lock.withLock { handles.value.append(ObjectIdentifier(handle as AnyObject)) }
                    }
                }
                for semaphore in done { semaphore.wait() }
                #expect(starts.value == 1)
                #expect(Set(handles.value).count == 1)
                #expect(connection.isConnected)
                connection.connect().dispose()
                #expect(!connection.isConnected)
            }
        }

        @Test("subscribers joining from many threads while values flow: with replay, each gets every value once, in order")
        func concurrentSubscribersWithReplay() {
            let count = 5_000
            let (source, input) = Signal<Int, Never>.pipe()
            let connection = SignalProducer(source).replay(upTo: count)
            connection.connect()
            let logs = (0..<8).map { _ in TestBox<[Int]>([]) }
            let completions = TestCounter()
            let overlap = OverlapDetector()
            let sender = onNewThread {
                for value in 0..<count { input.send(value: value) }
                input.sendCompleted()
            }
            let subscribers = logs.map { log in
                onNewThread {
                    connection.producer.start { event in
                        overlap.enter()
                        switch event {
                        case let .value(value): log.value.append(value)
                        case .completed: completions.increment()
                        default: break
                        }
                        overlap.leave()
                    }
                }
            }
            sender.wait()
            for semaphore in subscribers { semaphore.wait() }
            #expect(completions.value == logs.count)
            for log in logs {
                #expect(log.value == Array(0..<count), "a subscriber lost, repeated or reordered a value")
            }
        }

        @Test("subscribers joining a publish() while values flow get an unbroken, in-order run of the values")
        func concurrentSubscribersWithoutReplay() {
            let count = 5_000
            let (source, input) = Signal<Int, Never>.pipe()
            let connection = SignalProducer(source).publish()
            connection.connect()
            let logs = (0..<8).map { _ in TestBox<[Int]>([]) }
            let completions = TestCounter()
            let sender = onNewThread {
                for value in 0..<count { input.send(value: value) }
                input.sendCompleted()
            }
            let subscribers = logs.map { log in
                onNewThread {
                    connection.producer.start { event in
                        if case let .value(value) = event { log.value.append(value) }
                        if case .completed = event { completions.increment() }
                    }
                }
            }
            sender.wait()
            for semaphore in subscribers { semaphore.wait() }
            #expect(completions.value == logs.count)
            for log in logs {
                if let first = log.value.first {
                    #expect(log.value == Array(first..<count), "a late subscriber gets every value from its first on")
                }
            }
        }
    }
}
