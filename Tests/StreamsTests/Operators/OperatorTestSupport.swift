import Foundation
import Testing
@testable import Streams

// Helpers shared by the operator tests: every operator is checked on the three kinds of source a
// client meets, fed the same events.

/// The kinds of source an operator is checked on.
enum OperatorSource: String, CaseIterable, Sendable {
    /// The output of a pipe; the operator is applied before the events are sent.
    case signal
    /// A producer that sends all its events inside `start`, without a signal.
    case synchronousProducer
    /// A start-handler producer whose events are sent after `start` returned.
    case asynchronousProducer
}

/// The terminal events the parameterized tests feed after their values.
let terminalEvents: [Signal<Int, TestError>.Event] = [.failed(.second), .completed, .interrupted]

/// A producer that sends `events` in order inside `start`, through the same synchronous run as
/// `SignalProducer(sequence)`; it ends with the first terminal event (completion if there is none).
///
/// - Parameter produced: Counts the values the source actually sent.
func synchronousProducer<Value, Error>(
    _ events: [Signal<Value, Error>.Event],
    produced: TestCounter? = nil
) -> SignalProducer<Value, Error> {
    SignalProducer(run: ProducerRuns.synchronous { observer, run in
        for event in events {
            switch event {
            case let .value(value):
                if run.isInterrupted { return nil }
                produced?.increment()
                observer.send(value: value)
            case let .failed(error): return .failed(error)
            case .completed: return .completed
            case .interrupted: return nil
            }
        }
        return .completed
    })
}

/// A start-handler producer whose runs are driven by the test: each start records the run's
/// observer and lifetime, and the test sends events into them after `start` returned.
final class ManualSource<Value, Error: Swift.Error>: @unchecked Sendable {
    private(set) var observers: [Signal<Value, Error>.Observer] = []
    private(set) var lifetimes: [Lifetime] = []

    init() {}

    /// The producer; each start adds a run.
    var producer: SignalProducer<Value, Error> {
        SignalProducer { [self] observer, lifetime in
            observers.append(observer)
            lifetimes.append(lifetime)
        }
    }

    /// How many times the producer was started.
    var starts: Int { observers.count }

    /// The input of the latest run.
    var input: Signal<Value, Error>.Observer { observers[observers.count - 1] }

    /// The lifetime of the latest run.
    var lifetime: Lifetime { lifetimes[lifetimes.count - 1] }

    /// Sends `events` into the latest run, in order.
    func send(_ events: [Signal<Value, Error>.Event]) {
        for event in events { input.send(event) }
    }
}

/// What an operator delivered for `events` on each kind of source.
///
/// - Parameters:
///   - events: The source's events: values, then a terminal event.
///   - signal: The operator applied to a signal.
///   - producer: The same operator applied to a producer.
/// - Returns: The events the observer saw, for each kind of source.
func outputs<Value, Error, U, F>(
    of events: [Signal<Value, Error>.Event],
    signal: (Signal<Value, Error>) -> Signal<U, F>,
    producer: (SignalProducer<Value, Error>) -> SignalProducer<U, F>
) -> [(source: OperatorSource, events: [Signal<U, F>.Event])] {
    precondition(events.last?.isTerminating == true, "the fed events must end with a terminal event")
    return OperatorSource.allCases.map { source in
        let log = EventLog<U, F>()
        switch source {
        case .signal:
            let (output, input) = Signal<Value, Error>.pipe()
            signal(output).observe(log.observer)
            for event in events { input.send(event) }
        case .synchronousProducer:
            producer(synchronousProducer(events)).start(log.observer)
        case .asynchronousProducer:
            let manual = ManualSource<Value, Error>()
            producer(manual.producer).start(log.observer)
            manual.send(events)
        }
        return (source, log.events)
    }
}

/// Expects the operator to deliver `expected` for `events` on every kind of source; see
/// ``outputs(of:signal:producer:)``.
func expectOutputs<Value, Error, U: Equatable, F: Equatable>(
    of events: [Signal<Value, Error>.Event],
    signal: (Signal<Value, Error>) -> Signal<U, F>,
    producer: (SignalProducer<Value, Error>) -> SignalProducer<U, F>,
    equal expected: [Signal<U, F>.Event],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (source, delivered) in outputs(of: events, signal: signal, producer: producer) {
        #expect(delivered == expected, "on a \(source.rawValue) source", sourceLocation: sourceLocation)
    }
}

/// The events fed by the parameterized tests: `values`, then `terminal`.
func values(_ values: [Int], then terminal: Signal<Int, TestError>.Event) -> [Signal<Int, TestError>.Event] {
    values.map { .value($0) } + [terminal]
}

/// Starts `transform` over `SignalProducer(0..<1_000_000)` and disposes the run from inside the
/// observer when it receives its `count`-th value.
///
/// - Returns: What the observer saw, and how many values the source produced (the sequence may
///   be read once more before the run notices the disposal).
func disposedFromObserver<U, F>(
    afterValues count: Int,
    _ transform: (SignalProducer<Int, TestError>) -> SignalProducer<U, F>
) -> (events: [Signal<U, F>.Event], produced: Int) {
    let produced = TestCounter()
    let source = SignalProducer<Int, TestError>((0..<1_000_000).lazy.map { value -> Int in
        produced.increment()
        return value
    })
    let log = EventLog<U, F>()
    transform(source).startWithSignal { signal, interruptHandle in
        var received = 0
        signal.observe { event in
            log.append(event)
            if event.value != nil {
                received += 1
                if received == count { interruptHandle.dispose() }
            }
        }
    }
    return (log.events, produced.value)
}

/// Starts `transform` over `SignalProducer(0..<1_000_000)` and disposes the run from inside the
/// source when it has produced `count` values; for operators that send nothing before the end.
///
/// - Returns: What the observer saw, and how many values the source produced.
func disposedFromSource<U, F>(
    afterProducing count: Int,
    _ transform: (SignalProducer<Int, TestError>) -> SignalProducer<U, F>
) -> (events: [Signal<U, F>.Event], produced: Int) {
    let produced = TestCounter()
    let handle = TestBox<Disposable?>(nil)
    let source = SignalProducer<Int, TestError>((0..<1_000_000).lazy.map { value -> Int in
        if produced.increment() == count { handle.value?.dispose() }
        return value
    })
    let log = EventLog<U, F>()
    transform(source).startWithSignal { signal, interruptHandle in
        handle.value = interruptHandle
        signal.observe(log.observer)
    }
    return (log.events, produced.value)
}

/// Starts `transform` over a start-handler source, sends `sent` values, disposes the run from
/// outside, then sends more.
///
/// - Returns: What the observer saw, and whether the source's lifetime had ended.
func disposedAsynchronousRun<U, F>(
    sending sent: [Int],
    _ transform: (SignalProducer<Int, TestError>) -> SignalProducer<U, F>
) -> (events: [Signal<U, F>.Event], sourceEnded: Bool) {
    let manual = ManualSource<Int, TestError>()
    let log = EventLog<U, F>()
    let disposable = transform(manual.producer).start(log.observer)
    for value in sent { manual.input.send(value: value) }
    disposable.dispose()
    let ended = manual.lifetime.hasEnded
    manual.input.send(value: 1_000)
    manual.input.sendCompleted()
    return (log.events, ended)
}
