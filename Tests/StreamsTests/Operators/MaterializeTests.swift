import Testing
@testable import Streams

// materialize, materializeResults, dematerialize and dematerializeResults, on signals and on both
// kinds of producer.

@Suite("Operators: materialize")
struct MaterializeTests {
    @Test("materialize sends each value and a completion or failure as values, then completes",
          arguments: [Signal<Int, TestError>.Event.completed, .failed(.first)])
    func materializeEndsWithCompletion(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.materialize() }, producer: { $0.materialize() },
                      equal: [.value(.value(1)), .value(.value(2)), .value(terminal), .completed])
    }

    @Test("materialize sends an interruption as a value, then is interrupted, as ReactiveSwift does")
    func materializeInterruption() {
        expectOutputs(of: values([1], then: .interrupted),
                      signal: { $0.materialize() }, producer: { $0.materialize() },
                      equal: [.value(.value(1)), .value(.interrupted), .interrupted])
    }

    @Test("materialize cannot fail; its values are the source's events")
    func materializeTypes() {
        let (signal, _) = Signal<Int, TestError>.pipe()
        #expect(type(of: signal.materialize()) == Signal<Signal<Int, TestError>.Event, Never>.self)
        #expect(type(of: SignalProducer<String, TestError>.empty.materialize())
                == SignalProducer<Signal<String, TestError>.Event, Never>.self)
    }

    @Test("disposing a materialized run delivers the interruption as a value, then interrupts")
    func materializeDisposed() {
        let (events, produced) = disposedFromObserver(afterValues: 2) { $0.materialize() }
        #expect(events == [.value(.value(0)), .value(.value(1)), .value(.interrupted), .interrupted])
        #expect(produced <= 3)
        let manual = disposedAsynchronousRun(sending: [7]) { $0.materialize() }
        #expect(manual.events == [.value(.value(7)), .value(.interrupted), .interrupted])
        #expect(manual.sourceEnded)
    }

    @Test("materializeResults sends values as successes and a failure as a value, then completes")
    func materializeResultsFailure() {
        expectOutputs(of: values([1, 2], then: .failed(.second)),
                      signal: { $0.materializeResults() }, producer: { $0.materializeResults() },
                      equal: [.value(.success(1)), .value(.success(2)), .value(.failure(.second)), .completed])
    }

    @Test("materializeResults passes completion and interruption",
          arguments: [Signal<Int, TestError>.Event.completed, .interrupted])
    func materializeResultsOtherTerminals(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([3], then: terminal),
                      signal: { $0.materializeResults() }, producer: { $0.materializeResults() },
                      equal: [.value(.success(3)), terminal.isCompleted ? .completed : .interrupted])
    }

    @Test("disposing a run of materializeResults interrupts it and stops the source")
    func materializeResultsDisposed() {
        let (events, produced) = disposedFromObserver(afterValues: 2) { $0.materializeResults() }
        #expect(events == [.value(.success(0)), .value(.success(1)), .interrupted])
        #expect(produced <= 3)
        let manual = disposedAsynchronousRun(sending: [5]) { $0.materializeResults() }
        #expect(manual.events == [.value(.success(5)), .interrupted])
        #expect(manual.sourceEnded)
    }

    @Test("materializeResults cannot fail; its values are Results")
    func materializeResultsTypes() {
        let (signal, _) = Signal<Int, TestError>.pipe()
        #expect(type(of: signal.materializeResults()) == Signal<Result<Int, TestError>, Never>.self)
        #expect(type(of: SignalProducer<Int, TestError>.empty.materializeResults())
                == SignalProducer<Result<Int, TestError>, Never>.self)
    }
}

@Suite("Operators: dematerialize")
struct DematerializeTests {
    @Test("dematerialize turns event values back into the events they describe",
          arguments: [Signal<Int, TestError>.Event.completed, .failed(.first), .interrupted])
    func dematerializeRoundTrip(terminal: Signal<Int, TestError>.Event) {
        let events: [Signal<Signal<Int, TestError>.Event, Never>.Event] = [.value(.value(1)), .value(.value(2)), .value(terminal), .completed]
        expectOutputs(of: events, signal: { $0.dematerialize() }, producer: { $0.dematerialize() },
                      equal: values([1, 2], then: terminal))
        // And materialize then dematerialize gives the source's events back.
        expectOutputs(of: values([4, 5], then: terminal),
                      signal: { $0.materialize().dematerialize() },
                      producer: { $0.materialize().dematerialize() },
                      equal: values([4, 5], then: terminal))
    }

    @Test("dematerialize passes the completion and interruption of the source itself",
          arguments: [Signal<Signal<Int, TestError>.Event, Never>.Event.completed, .interrupted])
    func dematerializeSourceTerminal(terminal: Signal<Signal<Int, TestError>.Event, Never>.Event) {
        expectOutputs(of: [.value(.value(1)), terminal], signal: { $0.dematerialize() }, producer: { $0.dematerialize() },
                      equal: [.value(1), terminal.isCompleted ? .completed : .interrupted])
    }

    @Test("a terminal event value ends dematerialize and stops the source: one terminal event, nothing after")
    func dematerializeStopsSource() {
        let produced = TestCounter()
        let describedEvents: [Signal<Int, TestError>.Event] = [.value(1), .failed(.first)] + (0..<1_000).map { .value($0) }
        let fromSequence = EventLog<Int, TestError>()
        synchronousProducer(describedEvents.map { .value($0) } + [.completed], produced: produced)
            .dematerialize().start(fromSequence.observer)
        #expect(fromSequence.events == [.value(1), .failed(.first)])
        #expect(produced.value == 2)

        let manual = ManualSource<Signal<Int, TestError>.Event, Never>()
        let fromManual = EventLog<Int, TestError>()
        manual.producer.dematerialize().start(fromManual.observer)
        manual.input.send(value: .value(1))
        manual.input.send(value: .completed)
        #expect(manual.lifetime.hasEnded)
        manual.input.send(value: .value(2))
        manual.input.send(value: .failed(.second))
        #expect(fromManual.events == [.value(1), .completed])

        let (signal, input) = Signal<Signal<Int, TestError>.Event, Never>.pipe()
        let fromSignal = EventLog<Int, TestError>()
        signal.dematerialize().observe(fromSignal.observer)
        input.send(value: .interrupted)
        #expect(signal.core.observerCount == 0)
        input.send(value: .value(3))
        input.sendCompleted()
        #expect(fromSignal.events == [.interrupted])
    }

    @Test("dematerializeResults turns successes into values and a failure into the failure")
    func dematerializeResultsValues() {
        let results: [Signal<Result<Int, TestError>, Never>.Event] =
            [.value(.success(1)), .value(.success(2)), .value(.failure(.second)), .value(.success(3)), .completed]
        expectOutputs(of: results, signal: { $0.dematerializeResults() }, producer: { $0.dematerializeResults() },
                      equal: [.value(1), .value(2), .failed(.second)])
        expectOutputs(of: values([6], then: .failed(.first)),
                      signal: { $0.materializeResults().dematerializeResults() },
                      producer: { $0.materializeResults().dematerializeResults() },
                      equal: values([6], then: .failed(.first)))
    }

    @Test("dematerializeResults passes the completion and interruption of the source",
          arguments: [Signal<Result<Int, TestError>, Never>.Event.completed, .interrupted])
    func dematerializeResultsTerminal(terminal: Signal<Result<Int, TestError>, Never>.Event) {
        expectOutputs(of: [.value(.success(1)), terminal],
                      signal: { $0.dematerializeResults() }, producer: { $0.dematerializeResults() },
                      equal: [.value(1), terminal.isCompleted ? .completed : .interrupted])
    }

    @Test("a failure ends dematerializeResults and stops the source")
    func dematerializeResultsStopsSource() {
        let produced = TestCounter()
        let log = EventLog<Int, TestError>()
        let results: [Signal<Result<Int, TestError>, Never>.Event] =
            [.value(.success(1)), .value(.failure(.first))] + (0..<1_000).map { .value(.success($0)) } + [.completed]
        synchronousProducer(results, produced: produced).dematerializeResults().start(log.observer)
        #expect(log.events == [.value(1), .failed(.first)])
        #expect(produced.value == 2)

        let manual = ManualSource<Result<Int, TestError>, Never>()
        let fromManual = EventLog<Int, TestError>()
        manual.producer.dematerializeResults().start(fromManual.observer)
        manual.input.send(value: .failure(.second))
        #expect(manual.lifetime.hasEnded)
        manual.input.send(value: .success(1))
        #expect(fromManual.events == [.failed(.second)])

        let (signal, input) = Signal<Result<Int, TestError>, Never>.pipe()
        signal.dematerializeResults().observe { _ in }
        input.send(value: .failure(.first))
        #expect(signal.core.observerCount == 0)
        input.sendCompleted()
    }

    @Test("dematerialize and dematerializeResults have the described types")
    func dematerializeTypes() {
        let (events, _) = Signal<Signal<Int, TestError>.Event, Never>.pipe()
        #expect(type(of: events.dematerialize()) == Signal<Int, TestError>.self)
        let (results, _) = Signal<Result<String, TestError>, Never>.pipe()
        #expect(type(of: results.dematerializeResults()) == Signal<String, TestError>.self)
        #expect(type(of: SignalProducer<Signal<Int, TestError>.Event, Never>.empty.dematerialize()) == SignalProducer<Int, TestError>.self)
    }

    @Test("disposing a dematerialized run interrupts it and stops the source")
    func dematerializeDisposed() {
        let (events, produced) = disposedFromObserver(afterValues: 2) {
            $0.materialize().dematerialize()
        }
        #expect(events == values([0, 1], then: .interrupted))
        #expect(produced <= 3)
        let manual = disposedAsynchronousRun(sending: [1]) { $0.materializeResults().dematerializeResults() }
        #expect(manual.events == values([1], then: .interrupted))
        #expect(manual.sourceEnded)
    }
}
