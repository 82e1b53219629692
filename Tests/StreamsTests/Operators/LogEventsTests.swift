import Testing
@testable import Streams

// logEvents: each event described to a logger, on signals and on both kinds of producer.

/// Collects what a logger is given.
private final class LoggedLines: @unchecked Sendable {
    var lines: [String] = []
    var calls: [(identifier: String, fileName: String, functionName: String, lineNumber: Int)] = []

    var logger: EventLogger {
        { identifier, event, fileName, functionName, lineNumber in
            self.lines.append(event)
            self.calls.append((identifier, fileName, functionName, lineNumber))
        }
    }
}

/// What the logger receives for `terminal`, after the kind: termination then disposal.
private func terminalLines(_ terminal: Signal<Int, TestError>.Event) -> [String] {
    switch terminal {
    case let .failed(error): return ["failed \(error)", "terminated", "disposed"]
    case .completed: return ["completed", "terminated", "disposed"]
    case .interrupted: return ["interrupted", "terminated", "disposed"]
    case .value: return []
    }
}

@Suite("Operators: logEvents")
struct LogEventsTests {
    @Test("logEvents passes every event unchanged", arguments: terminalEvents)
    func logEventsPassesEvents(terminal: Signal<Int, TestError>.Event) {
        let logged = LoggedLines()
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.logEvents(logger: logged.logger) },
                      producer: { $0.logEvents(logger: logged.logger) },
                      equal: values([1, 2], then: terminal))
        #expect(logged.lines.filter { $0 == "value 2" }.count == 3)
    }

    @Test("a signal logs its values, its terminal event, termination and disposal, in order", arguments: terminalEvents)
    func signalLines(terminal: Signal<Int, TestError>.Event) {
        let logged = LoggedLines()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.logEvents(identifier: "numbers", logger: logged.logger).observe { _ in }
        input.send(value: 1)
        input.send(value: 2)
        input.send(terminal)
        #expect(logged.lines == ["value 1", "value 2"] + terminalLines(terminal))
        #expect(logged.calls.allSatisfy { $0.identifier == "numbers" })
    }

    @Test("the logger gets the identifier and, by default, where logEvents was called")
    func callSite() {
        let logged = LoggedLines()
        let (signal, input) = Signal<Int, Never>.pipe()
        let line = #line + 1
        signal.logEvents(identifier: "here", logger: logged.logger).observe { _ in }
        input.send(value: 1)
        #expect(logged.calls.count == 1)
        let call = logged.calls.first
        #expect(call?.identifier == "here")
        #expect(call?.fileName.hasSuffix("LogEventsTests.swift") == true)
        #expect(call?.functionName == "callSite()")
        #expect(call?.lineNumber == line)

        let explicit = LoggedLines()
        SignalProducer<Int, Never>(value: 1)
            .logEvents(events: [.value], fileName: "F", functionName: "G", lineNumber: 7, logger: explicit.logger)
            .start()
        #expect(explicit.calls.count == 1)
        #expect(explicit.calls.first?.identifier == "")
        #expect(explicit.calls.first?.fileName == "F")
        #expect(explicit.calls.first?.functionName == "G")
        #expect(explicit.calls.first?.lineNumber == 7)
    }

    @Test("events: logs only the chosen kinds")
    func signalFilteredEvents() {
        let logged = LoggedLines()
        let (signal, input) = Signal<Int, TestError>.pipe()
        signal.logEvents(events: [.value, .terminated], logger: logged.logger).observe { _ in }
        input.send(value: 1)
        input.send(error: .first)
        #expect(logged.lines == ["value 1", "terminated"])

        let nothing = LoggedLines()
        let (quiet, quietInput) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        quiet.logEvents(events: [], logger: nothing.logger).observe(log.observer)
        quietInput.send(value: 1)
        quietInput.sendCompleted()
        #expect(nothing.lines.isEmpty)
        #expect(log.events == values([1], then: .completed))
    }

    @Test("a synchronous producer logs starting, its events, then started", arguments: terminalEvents)
    func synchronousProducerLines(terminal: Signal<Int, TestError>.Event) {
        let logged = LoggedLines()
        synchronousProducer(values([1], then: terminal)).logEvents(logger: logged.logger).start()
        #expect(logged.lines == ["starting", "value 1"] + terminalLines(terminal) + ["started"])
    }

    @Test("a start-handler producer logs starting and started, then its events as they come", arguments: terminalEvents)
    func asynchronousProducerLines(terminal: Signal<Int, TestError>.Event) {
        let logged = LoggedLines()
        let manual = ManualSource<Int, TestError>()
        manual.producer.logEvents(identifier: "run", logger: logged.logger).start()
        #expect(logged.lines == ["starting", "started"])
        manual.send(values([4, 5], then: terminal))
        #expect(logged.lines == ["starting", "started", "value 4", "value 5"] + terminalLines(terminal))
        #expect(logged.calls.allSatisfy { $0.identifier == "run" })
    }

    @Test("disposing a logged run logs the interruption, termination and disposal")
    func producerDisposal() {
        let logged = LoggedLines()
        let manual = ManualSource<Int, TestError>()
        let run = manual.producer.logEvents(logger: logged.logger).start()
        run.dispose()
        #expect(logged.lines == ["starting", "started"] + terminalLines(.interrupted))
        #expect(manual.lifetime.hasEnded)
    }

    @Test("a producer's events: logs only the chosen kinds")
    func producerFilteredEvents() {
        let logged = LoggedLines()
        SignalProducer<Int, TestError>([1, 2]).logEvents(events: [.started, .completed], logger: logged.logger).start()
        #expect(logged.lines == ["completed", "started"])
    }

    @Test("values of type Void are logged as the bare word value, as ReactiveSwift does")
    func voidValues() {
        let logged = LoggedLines()
        let (signal, input) = Signal<(), Never>.pipe()
        signal.logEvents(events: [.value], logger: logged.logger).observe { _ in }
        input.send(value: ())
        input.sendCompleted()
        let fromProducer = LoggedLines()
        SignalProducer<(), Never>(value: ()).logEvents(events: [.value], logger: fromProducer.logger).start()
        #expect(logged.lines == ["value"])
        #expect(fromProducer.lines == ["value"])
    }

    @Test("allEvents lists every kind, named as logged")
    func allEvents() {
        #expect(LoggingEvent.Signal.allEvents == Set(LoggingEvent.Signal.allCases))
        #expect(LoggingEvent.Signal.allEvents.count == 6)
        #expect(Set(LoggingEvent.Signal.allCases.map(\.rawValue))
                == ["value", "completed", "failed", "terminated", "disposed", "interrupted"])
        #expect(LoggingEvent.SignalProducer.allEvents == Set(LoggingEvent.SignalProducer.allCases))
        #expect(Set(LoggingEvent.SignalProducer.allCases.map(\.rawValue))
                == ["starting", "started", "value", "completed", "failed", "terminated", "disposed", "interrupted"])
    }
}
