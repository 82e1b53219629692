import Testing
@testable import Streams

// promoteError, promoteValue, attempt and attemptMap, on signals and on both kinds of producer.

/// Fails on 3: the check every attempt test uses.
private func rejectThree(_ value: Int) -> Result<(), TestError> {
    value == 3 ? .failure(.second) : .success(())
}

/// Throws on 3.
private func throwOnThree(_ value: Int) throws {
    if value == 3 { throw TestError.second }
}

/// The events of `producer`'s run, with the `Swift.Error` narrowed to `TestError` for comparison.
private func narrowed<Value>(_ events: [Signal<Value, Swift.Error>.Event]) -> [Signal<Value, TestError>.Event] {
    events.map { event in event.mapError { $0 as? TestError ?? .first } }
}

@Suite("Operators: promoteError and promoteValue")
struct PromoteTests {
    @Test("promoteError gives a stream that cannot fail an error type, passing every event",
          arguments: [Signal<Int, Never>.Event.completed, .interrupted])
    func promoteErrorPasses(terminal: Signal<Int, Never>.Event) {
        let expected: [Signal<Int, TestError>.Event] = [.value(1), .value(2), terminal.isCompleted ? .completed : .interrupted]
        expectOutputs(of: [.value(1), .value(2), terminal],
                      signal: { $0.promoteError(TestError.self) }, producer: { $0.promoteError(TestError.self) },
                      equal: expected)
        // The type is usually inferred.
        expectOutputs(of: [.value(1), .value(2), terminal],
                      signal: { signal -> Signal<Int, TestError> in signal.promoteError() },
                      producer: { producer -> SignalProducer<Int, TestError> in producer.promoteError() },
                      equal: expected)
    }

    @Test("a promoted stream can then fail with the new error type")
    func promoteErrorThenFail() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.promoteError(TestError.self).attempt(rejectThree).observe(log.observer)
        input.send(value: 1)
        input.send(value: 3)
        input.sendCompleted()
        #expect(log.events == [.value(1), .failed(.second)])
    }

    @Test("promoteError to Never returns the stream itself")
    func promoteErrorToNever() {
        let (signal, _) = Signal<Int, Never>.pipe()
        #expect(signal.promoteError(Never.self) === signal)
        let producer = SignalProducer<Int, Never>([1, 2])
        let promoted: SignalProducer<Int, Never> = producer.promoteError(Never.self)
        var values: [Int] = []
        promoted.startWithValues { values.append($0) }
        #expect(values == [1, 2])
    }

    @Test("disposing a promoted run interrupts it and stops the source")
    func promoteDisposed() {
        let manual = ManualSource<Int, Never>()
        let log = EventLog<Int, TestError>()
        let run = manual.producer.promoteError(TestError.self).start(log.observer)
        manual.input.send(value: 1)
        run.dispose()
        #expect(manual.lifetime.hasEnded)
        manual.input.send(value: 2)
        #expect(log.events == values([1], then: .interrupted))

        let read = TestCounter()
        let fromSequence = EventLog<Int, TestError>()
        SignalProducer<Int, Never>((0..<1_000_000).lazy.map { value -> Int in
            read.increment()
            return value
        }).promoteError(TestError.self).startWithSignal { signal, interruptHandle in
            _ = signal.observe { event in
                fromSequence.append(event)
                if event.value == 1 { interruptHandle.dispose() }
            }
        }
        #expect(fromSequence.events == values([0, 1], then: .interrupted))
        #expect(read.value <= 3)

        let silent = ManualSource<Never, TestError>()
        let promoted = EventLog<Int, TestError>()
        silent.producer.promoteValue(Int.self).start(promoted.observer).dispose()
        #expect(silent.lifetime.hasEnded)
        #expect(promoted.events == [.interrupted])
    }

    @Test("promoteValue gives a stream that sends no value a value type, passing its terminal event",
          arguments: [Signal<Never, TestError>.Event.completed, .failed(.first), .interrupted])
    func promoteValuePasses(terminal: Signal<Never, TestError>.Event) {
        let expected: [Signal<String, TestError>.Event]
        switch terminal {
        case let .failed(error): expected = [.failed(error)]
        case .completed: expected = [.completed]
        case .interrupted: expected = [.interrupted]
        }
        expectOutputs(of: [terminal],
                      signal: { $0.promoteValue(String.self) }, producer: { $0.promoteValue(String.self) },
                      equal: expected)
        expectOutputs(of: [terminal],
                      signal: { signal -> Signal<String, TestError> in signal.promoteValue() },
                      producer: { producer -> SignalProducer<String, TestError> in producer.promoteValue() },
                      equal: expected)
    }

    @Test("promoteValue to Never returns the stream itself")
    func promoteValueToNever() {
        let (signal, _) = Signal<Never, TestError>.pipe()
        #expect(signal.promoteValue(Never.self) === signal)
        let promoted: SignalProducer<Never, TestError> = SignalProducer<Never, TestError>(error: .first).promoteValue(Never.self)
        var failures: [TestError] = []
        promoted.startWithFailed { failures.append($0) }
        #expect(failures == [.first])
    }
}

@Suite("Operators: attempt and attemptMap")
struct AttemptTests {
    @Test("attempt sends the values that pass and fails with the first failure")
    func attemptResult() {
        expectOutputs(of: values([1, 2, 3, 4], then: .completed),
                      signal: { $0.attempt(rejectThree) }, producer: { $0.attempt(rejectThree) },
                      equal: values([1, 2], then: .failed(.second)))
    }

    @Test("attemptMap sends the successes and fails with the first failure")
    func attemptMapResult() {
        let halve: (Int) -> Result<String, TestError> = { $0 % 2 == 0 ? .success("\($0 / 2)") : .failure(.first) }
        expectOutputs(of: values([2, 4, 5, 6], then: .completed),
                      signal: { $0.attemptMap(halve) }, producer: { $0.attemptMap(halve) },
                      equal: [.value("1"), .value("2"), .failed(.first)])
    }

    @Test("attempt and attemptMap pass the source's terminal event while every value passes", arguments: terminalEvents)
    func attemptPassesTerminal(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.attempt(rejectThree) }, producer: { $0.attempt(rejectThree) },
                      equal: values([1, 2], then: terminal))
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.attemptMap { .success($0 * 3) } }, producer: { $0.attemptMap { .success($0 * 3) } },
                      equal: values([3, 6], then: terminal))
    }

    @Test("attempt with a throwing closure on a stream that cannot fail fails with what is thrown")
    func attemptThrowingNever() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let attempted = signal.attempt(throwOnThree)
        #expect(type(of: attempted) == Signal<Int, Swift.Error>.self)
        let log = EventLog<Int, Swift.Error>()
        attempted.observe(log.observer)
        for value in 1...4 { input.send(value: value) }
        input.sendCompleted()
        #expect(narrowed(log.events) == values([1, 2], then: .failed(.second)))

        let fromProducer = EventLog<Int, Swift.Error>()
        let producer = SignalProducer<Int, Never>(1...4).attempt(throwOnThree)
        #expect(type(of: producer) == SignalProducer<Int, Swift.Error>.self)
        producer.start(fromProducer.observer)
        #expect(narrowed(fromProducer.events) == values([1, 2], then: .failed(.second)))
    }

    @Test("attemptMap with a throwing closure on a stream that cannot fail sends the results or fails")
    func attemptMapThrowingNever() {
        let transform: (Int) throws -> String = { value in
            try throwOnThree(value)
            return "#\(value)"
        }
        let failing = outputs(of: [Signal<Int, Never>.Event.value(1), .value(3), .value(4), .completed],
                              signal: { $0.attemptMap(transform) }, producer: { $0.attemptMap(transform) })
        for (source, events) in failing {
            #expect(narrowed(events) == [.value("#1"), .failed(.second)], "on a \(source.rawValue) source")
        }
        let done = outputs(of: [Signal<Int, Never>.Event.value(1), .interrupted],
                           signal: { $0.attemptMap(transform) }, producer: { $0.attemptMap(transform) })
        for (source, events) in done {
            #expect(narrowed(events) == [.value("#1"), .interrupted], "on a \(source.rawValue) source")
        }
    }

    @Test("attempt and attemptMap with a throwing closure on a Swift.Error stream pass the source's error")
    func attemptThrowingSwiftError() {
        let events: [Signal<Int, Swift.Error>.Event] = [.value(1), .value(2), .failed(TestError.first)]
        for (source, delivered) in outputs(of: events,
                                           signal: { $0.attempt(throwOnThree) }, producer: { $0.attempt(throwOnThree) }) {
            #expect(narrowed(delivered) == values([1, 2], then: .failed(.first)), "on a \(source.rawValue) source")
        }
        for (source, delivered) in outputs(of: events,
                                           signal: { $0.attemptMap { $0 * 2 } }, producer: { $0.attemptMap { $0 * 2 } }) {
            #expect(narrowed(delivered) == values([2, 4], then: .failed(.first)), "on a \(source.rawValue) source")
        }
    }

    @Test("attempt and attemptMap with a throwing closure on a Swift.Error stream fail with what is thrown")
    func attemptThrowingSwiftErrorThrows() {
        let events: [Signal<Int, Swift.Error>.Event] = [.value(1), .value(3), .value(4), .completed]
        let attempted = outputs(of: events, signal: { $0.attempt(throwOnThree) }, producer: { $0.attempt(throwOnThree) })
        for (source, delivered) in attempted {
            #expect(narrowed(delivered) == values([1], then: .failed(.second)), "on a \(source.rawValue) source")
        }
        let mapped = outputs(of: events,
                             signal: { $0.attemptMap { value -> Int in try throwOnThree(value); return -value } },
                             producer: { $0.attemptMap { value -> Int in try throwOnThree(value); return -value } })
        for (source, delivered) in mapped {
            #expect(narrowed(delivered) == values([-1], then: .failed(.second)), "on a \(source.rawValue) source")
        }
        let (signal, _) = Signal<Int, Swift.Error>.pipe()
        #expect(type(of: signal.attempt(throwOnThree)) == Signal<Int, Swift.Error>.self)
        #expect(type(of: SignalProducer<Int, Swift.Error>.empty.attemptMap { "\($0)" })
                == SignalProducer<String, Swift.Error>.self)
    }

    @Test("a failed attempt stops the source: its work ends and nothing follows the failure")
    func attemptStopsSource() {
        let produced = TestCounter()
        let fromSequence = EventLog<Int, TestError>()
        SignalProducer<Int, TestError>((1...1_000_000).lazy.map { value -> Int in
            produced.increment()
            return value
        }).attempt(rejectThree).start(fromSequence.observer)
        #expect(fromSequence.events == values([1, 2], then: .failed(.second)))
        #expect(produced.value <= 4)

        var handlerSent = 0
        let fromHandler = EventLog<Int, Swift.Error>()
        SignalProducer<Int, Never> { observer, lifetime in
            for value in 1...1_000_000 {
                if lifetime.hasEnded { return }
                handlerSent += 1
                observer.send(value: value)
            }
            observer.sendCompleted()
        }.attemptMap { value -> Int in
            try throwOnThree(value)
            return value
        }.start(fromHandler.observer)
        #expect(narrowed(fromHandler.events) == values([1, 2], then: .failed(.second)))
        #expect(handlerSent == 3)

        let manual = ManualSource<Int, TestError>()
        let fromManual = EventLog<Int, TestError>()
        manual.producer.attempt(rejectThree).start(fromManual.observer)
        manual.send([.value(1), .value(3)])
        #expect(manual.lifetime.hasEnded)
        manual.send(values([4], then: .completed))
        #expect(fromManual.events == values([1], then: .failed(.second)))

        let (signal, input) = Signal<Int, TestError>.pipe()
        let fromSignal = EventLog<Int, TestError>()
        signal.attempt(rejectThree).observe(fromSignal.observer)
        input.send(value: 3)
        #expect(signal.core.observerCount == 0)
        input.send(value: 4)
        input.sendCompleted()
        #expect(fromSignal.events == [.failed(.second)])
    }

    @Test("attempt is not called again after a failure, and anew on each run")
    func attemptCalls() {
        var asked: [Int] = []
        let producer = SignalProducer<Int, TestError>([1, 3, 4]).attempt { value in
            asked.append(value)
            return rejectThree(value)
        }
        producer.start()
        producer.start()
        #expect(asked == [1, 3, 1, 3])
    }

    @Test("disposing an attempted run interrupts it and stops the source")
    func attemptDisposed() {
        let (events, produced) = disposedFromObserver(afterValues: 3) { $0.attemptMap { .success($0 + 1) } }
        #expect(events == values([1, 2, 3], then: .interrupted))
        #expect(produced <= 4)
        let manual = disposedAsynchronousRun(sending: [1]) { $0.attempt { _ in .success(()) } }
        #expect(manual.events == values([1], then: .interrupted))
        #expect(manual.sourceEnded)
    }
}
