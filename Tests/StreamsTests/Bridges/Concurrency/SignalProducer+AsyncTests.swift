import Foundation
import Streams
import Testing

/// Producers from async code, and the async forms of first, single, last and wait.
@Suite("Producers from async code")
struct AsyncProducerTests {
    struct Boom: Error, Equatable {}

    /// An async sequence that counts its iterations and reports when one is cancelled.
    struct CountingSequence: AsyncSequence, Sendable {
        typealias Element = Int
        typealias Failure = Never
        let values: [Int]
        let iterations: TestCounter
        let hangAtEnd: Bool
        let cancelled: TestCounter

        struct AsyncIterator: AsyncIteratorProtocol {
            typealias Failure = Never
            var remaining: [Int]
            let hangAtEnd: Bool
            let cancelled: TestCounter

            mutating func next() async -> Int? {
                if !remaining.isEmpty { return remaining.removeFirst() }
                if hangAtEnd {
                    // Waits until the task is cancelled, then reports it.
                    while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
                    cancelled.increment()
                }
                return nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            iterations.increment()
            return AsyncIterator(remaining: values, hangAtEnd: hangAtEnd, cancelled: cancelled)
        }
    }

    /// Collects a producer's events, waiting for its end.
    func events<Value: Sendable, Error: Swift.Error>(
        of producer: SignalProducer<Value, Error>
    ) async -> [Signal<Value, Error>.Event] {
        var events: [Signal<Value, Error>.Event] = []
        for await event in producer.materialize().values { events.append(event) }
        return events
    }

    @Test("an async sequence is iterated anew on every start, and the run completes with it")
    func sequenceProducer() async {
        let iterations = TestCounter()
        let producer = SignalProducer(CountingSequence(values: [1, 2, 3], iterations: iterations,
                                                       hangAtEnd: false, cancelled: TestCounter()))
        #expect(await events(of: producer) == [.value(1), .value(2), .value(3), .completed])
        #expect(await events(of: producer) == [.value(1), .value(2), .value(3), .completed])
        #expect(iterations.value == 2)
    }

    @Test("a throwing async sequence fails the run with its error")
    func failingSequence() async {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        continuation.yield(1)
        continuation.finish(throwing: Boom())
        let producer: SignalProducer<Int, any Error> = SignalProducer(stream)
        let seen = await events(of: producer)
        #expect(seen.count == 2)
        #expect(seen.first?.value == 1)
        #expect(seen.last?.error is Boom)
    }

    @Test("disposing a run cancels the task iterating the sequence, and the sequence sees it")
    func sequenceCancellation() async {
        let cancelled = TestCounter()
        let producer = SignalProducer(CountingSequence(values: [1], iterations: TestCounter(),
                                                       hangAtEnd: true, cancelled: cancelled))
        let (first, firstInput) = AsyncStream.makeStream(of: Void.self)
        let run = producer.startWithValues { _ in firstInput.yield() }
        for await _ in first { break }
        run.dispose()
        #expect(await eventually { cancelled.value == 1 })
    }

    @Test("an async closure sends its result and completes, or fails with its typed error")
    func closureProducer() async {
        let answer = SignalProducer<Int, Boom> { () async throws(Boom) -> Int in 42 }
        #expect(await events(of: answer) == [.value(42), .completed])
        let failing = SignalProducer<Int, Boom> { () async throws(Boom) -> Int in throw Boom() }
        #expect(await events(of: failing) == [.failed(Boom())])
        let calls = TestCounter()
        let counted = SignalProducer<Int, Never> { () async -> Int in calls.increment() }
        _ = await counted.lastValue()
        _ = await counted.lastValue()
        #expect(calls.value == 2)
    }

    @Test("disposing the run of an async closure cancels its task and drops its result")
    func closureCancellation() async {
        let sawCancellation = TestCounter()
        let (entered, enteredInput) = AsyncStream.makeStream(of: Void.self)
        let slow = SignalProducer<Int, Never> { () async -> Int in
            enteredInput.yield()
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            sawCancellation.increment()
            return 1
        }
        let received = TestBox<[Signal<Int, Never>.Event]>([])
        let run = slow.start { received.value.append($0) }
        for await _ in entered { break }
        run.dispose()
        #expect(await eventually { sawCancellation.value == 1 })
        #expect(received.value == [.interrupted])
    }

    @Test("an async start handler sends from its task; returning while nothing holds the run interrupts it")
    func asyncStartHandler() async {
        let complete = SignalProducer<Int, Never> { observer, _ async in
            observer.send(value: 1)
            await Task.yield()
            observer.send(value: 2)
            observer.sendCompleted()
        }
        #expect(await events(of: complete) == [.value(1), .value(2), .completed])
        // Returning without terminating: once neither the task nor the run's disposable holds
        // the observer, the run is interrupted.
        let abandoned = SignalProducer<Int, Never> { observer, _ async in
            observer.send(value: 1)
        }
        let received = TestBox<[Signal<Int, Never>.Event]>([])
        let ended = TestCounter()
        abandoned.on(terminated: { ended.increment() }).start { received.value.append($0) }
        #expect(await eventually { ended.value == 1 })
        #expect(received.value == [.value(1), .interrupted])
    }

    @Test("the async forms agree with the blocking first, single, last and wait", arguments: [
        [Signal<Int, Boom>.Event.completed],
        [.value(1), .completed],
        [.value(1), .value(2), .completed],
        [.failed(Boom())],
        [.value(1), .failed(Boom())],
        [.value(1), .value(2), .failed(Boom())],
        [.interrupted],
        [.value(1), .interrupted],
    ])
    func awaitingForms(script: [Signal<Int, Boom>.Event]) async {
        let producer = SignalProducer<Int, Boom> { observer, _ in
            for event in script { observer.send(event) }
        }
        func outcome(_ body: () async throws(Boom) -> Int?) async -> Result<Int, Boom>? {
            do {
                return try await body().map { .success($0) }
            } catch {
                return .failure(error)
            }
        }
        #expect(await outcome { () async throws(Boom) -> Int? in try await producer.firstValue() } == producer.first())
        #expect(await outcome { () async throws(Boom) -> Int? in try await producer.singleValue() } == producer.single())
        #expect(await outcome { () async throws(Boom) -> Int? in try await producer.lastValue() } == producer.last())
        var waited: Result<(), Boom> = .success(())
        do { try await producer.waitUntilEnd() } catch { waited = .failure(error) }
        switch (waited, producer.wait()) {
        case (.success, .success), (.failure, .failure): break
        default: Issue.record("waitUntilEnd() and wait() disagree for \(script)")
        }
    }

    @Test("cancelling a task awaiting a value disposes the run, and the call returns nil")
    func awaitingCancelled() async {
        let disposed = TestCounter()
        let (started, startedInput) = AsyncStream.makeStream(of: Void.self)
        let never = SignalProducer<Int, Never> { _, _ in startedInput.yield() }
            .on(disposed: { disposed.increment() })
        let task = Task { await never.firstValue() }
        for await _ in started { break }
        task.cancel()
        #expect(await task.value == nil)
        #expect(disposed.value == 1)
    }
}
