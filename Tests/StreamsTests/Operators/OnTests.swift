import Testing
@testable import Streams

// on(...): side effects at each event, in a fixed order, on signals and on both kinds of producer.

/// Records, in one list, what every `on` callback and the downstream observer saw.
private final class CallbackLog: @unchecked Sendable {
    var entries: [String] = []

    func append(_ entry: String) { entries.append(entry) }

    /// Applies `on` with every callback to a signal.
    func observing(_ signal: Signal<Int, TestError>) -> Signal<Int, TestError> {
        signal.on(
            event: { self.append("event \($0)") },
            failed: { self.append("failed \($0)") },
            completed: { self.append("completed") },
            interrupted: { self.append("interrupted") },
            terminated: { self.append("terminated") },
            disposed: { self.append("disposed") },
            value: { self.append("value \($0)") })
    }

    /// Applies `on` with every callback, `starting` and `started` included, to a producer.
    func observing(_ producer: SignalProducer<Int, TestError>) -> SignalProducer<Int, TestError> {
        producer.on(
            starting: { self.append("starting") },
            started: { self.append("started") },
            event: { self.append("event \($0)") },
            failed: { self.append("failed \($0)") },
            completed: { self.append("completed") },
            interrupted: { self.append("interrupted") },
            terminated: { self.append("terminated") },
            disposed: { self.append("disposed") },
            value: { self.append("value \($0)") })
    }

    /// An observer appending `forwarded <event>`.
    var downstream: Signal<Int, TestError>.Observer {
        Signal.Observer { self.append("forwarded \($0)") }
    }
}

/// The entries `on` logs for `terminal`: the event, its kind, termination, forwarding, disposal.
private func terminalEntries(_ terminal: Signal<Int, TestError>.Event) -> [String] {
    let kind: String
    switch terminal {
    case let .failed(error): kind = "failed \(error)"
    case .completed: kind = "completed"
    case .interrupted: kind = "interrupted"
    case .value: kind = "value"
    }
    return ["event \(terminal)", kind, "terminated", "forwarded \(terminal)", "disposed"]
}

/// The entries `on` logs for a value.
private func valueEntries(_ value: Int) -> [String] {
    ["event VALUE \(value)", "value \(value)", "forwarded VALUE \(value)"]
}

@Suite("Operators: on")
struct OnTests {
    @Test("on passes every event unchanged", arguments: terminalEvents)
    func onPassesEvents(terminal: Signal<Int, TestError>.Event) {
        var calls = 0
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.on(event: { _ in calls += 1 }) },
                      producer: { $0.on(event: { _ in calls += 1 }) },
                      equal: values([1, 2], then: terminal))
        #expect(calls == 9)
    }

    @Test("a signal's on calls event, the kind's action and terminated before forwarding, then disposed",
          arguments: terminalEvents)
    func signalOrder(terminal: Signal<Int, TestError>.Event) {
        let log = CallbackLog()
        let (signal, input) = Signal<Int, TestError>.pipe()
        log.observing(signal).observe(log.downstream)
        input.send(value: 1)
        input.send(value: 2)
        input.send(terminal)
        input.send(value: 3)
        #expect(log.entries == valueEntries(1) + valueEntries(2) + terminalEntries(terminal))
    }

    @Test("a signal's on runs disposed once, whatever the number of observers")
    func signalDisposedOnce() {
        var disposed = 0
        let (signal, input) = Signal<Int, Never>.pipe()
        let observed = signal.on(disposed: { disposed += 1 })
        observed.observe { _ in }
        observed.observe { _ in }
        #expect(disposed == 0)
        input.sendCompleted()
        #expect(disposed == 1)
    }

    @Test("a signal's on runs disposed when it is neither observed nor referenced any more, and stops observing")
    func signalDisposedWhenAbandoned() {
        var disposed = 0
        let (signal, input) = Signal<Int, Never>.pipe()
        do {
            let observed = signal.on(disposed: { disposed += 1 })
            let observation = observed.observe { _ in }
            #expect(signal.core.observerCount == 1)
            observation?.dispose()
        }
        #expect(disposed == 1)
        #expect(signal.core.observerCount == 0)
        input.sendCompleted()
        #expect(disposed == 1)
    }

    @Test("a synchronous producer's on: starting first, the events in order, started after the run",
          arguments: terminalEvents)
    func synchronousProducerOrder(terminal: Signal<Int, TestError>.Event) {
        let log = CallbackLog()
        log.observing(synchronousProducer(values([1, 2], then: terminal))).start(log.downstream)
        #expect(log.entries == ["starting"] + valueEntries(1) + valueEntries(2) + terminalEntries(terminal) + ["started"])
    }

    @Test("a start-handler producer's on: starting before the handler, started after it, then the events",
          arguments: terminalEvents)
    func asynchronousProducerOrder(terminal: Signal<Int, TestError>.Event) {
        let log = CallbackLog()
        let manual = ManualSource<Int, TestError>()
        let producer = SignalProducer<Int, TestError> { observer, lifetime in
            log.append("handler")
            lifetime += manual.producer.start(observer)
        }
        log.observing(producer).start(log.downstream)
        #expect(log.entries == ["starting", "handler", "started"])
        manual.send(values([1], then: terminal))
        #expect(log.entries == ["starting", "handler", "started"] + valueEntries(1) + terminalEntries(terminal))
    }

    @Test("disposing a producer's run goes through on as an interruption, then disposed")
    func producerDisposal() {
        let log = CallbackLog()
        let manual = ManualSource<Int, TestError>()
        let run = log.observing(manual.producer).start(log.downstream)
        manual.input.send(value: 1)
        run.dispose()
        #expect(manual.lifetime.hasEnded)
        run.dispose()
        #expect(log.entries == ["starting", "started"] + valueEntries(1) + terminalEntries(.interrupted))

        let synchronous = CallbackLog()
        let (events, produced) = disposedFromObserver(afterValues: 2) { producer in
            producer.on(interrupted: { synchronous.append("interrupted") },
                        disposed: { synchronous.append("disposed") },
                        value: { synchronous.append("value \($0)") })
        }
        #expect(events == values([0, 1], then: .interrupted))
        #expect(produced <= 3)
        #expect(synchronous.entries == ["value 0", "value 1", "interrupted", "disposed"])
    }

    @Test("an on producer upstream of take(first:) sees the interruption that stops it, then disposed")
    func producerStoppedDownstream() {
        for source in [OperatorSource.synchronousProducer, .asynchronousProducer] {
            let log = CallbackLog()
            let manual = ManualSource<Int, TestError>()
            let upstream = source == .synchronousProducer
                ? synchronousProducer(values([1, 2, 3], then: .completed)) : manual.producer
            let events = EventLog<Int, TestError>()
            upstream.on(
                completed: { log.append("completed") },
                interrupted: { log.append("interrupted") },
                terminated: { log.append("terminated") },
                disposed: { log.append("disposed") },
                value: { log.append("value \($0)") }
            ).take(first: 1).start(events.observer)
            if source == .asynchronousProducer { manual.send(values([1, 2, 3], then: .completed)) }
            #expect(events.events == values([1], then: .completed), "\(source.rawValue)")
            #expect(log.entries == ["value 1", "interrupted", "terminated", "disposed"], "\(source.rawValue)")
        }
    }

    @Test("starting and started run once per run of the producer")
    func startingPerRun() {
        var starting = 0
        var started = 0
        var disposed = 0
        let producer = SignalProducer<Int, Never>([1]).on(
            starting: { starting += 1 }, started: { started += 1 }, disposed: { disposed += 1 })
        producer.start()
        producer.start()
        #expect(starting == 2)
        #expect(started == 2)
        #expect(disposed == 2)
    }

    @Test("without starting nor started, on still runs the other actions on each run")
    func producerWithoutStartActions() {
        var values: [Int] = []
        var terminated = 0
        let producer = SignalProducer<Int, TestError>([1, 2]).on(terminated: { terminated += 1 }, value: { values.append($0) })
        producer.start()
        producer.start()
        #expect(values == [1, 2, 1, 2])
        #expect(terminated == 2)
    }
}
