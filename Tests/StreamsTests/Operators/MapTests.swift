import Testing
@testable import Streams

// map, map(value:), map(keyPath), mapError, on signals and on both kinds of producer.

private struct Person: Equatable {
    var name: String
    var age: Int
}

@Suite("Operators: map")
struct MapTests {
    @Test("map transforms each value and passes the terminal event", arguments: terminalEvents)
    func mapValuesAndTerminal(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.map { "\($0 * 10)" } },
                      producer: { $0.map { "\($0 * 10)" } },
                      equal: [.value("10"), .value("20"), .value("30")] + [terminal.map { _ in "" }])
    }

    @Test("map and filter into an observer of values only, and into one of every event, deliver the same values")
    func valuesOnlyAndFullDownstream() {
        // The fused stages take one path per kind of downstream observer.
        let producer = SignalProducer<Int, TestError>([1, 2, 3, 4]).concat(error: .first)
            .map { $0 * 10 }.filter { $0 != 20 }
        var valuesOnly: [Int] = []
        producer.start(Signal<Int, TestError>.Observer.forValues { valuesOnly.append($0) })
        var events: [Signal<Int, TestError>.Event] = []
        producer.start { events.append($0) }
        #expect(valuesOnly == [10, 30, 40])
        #expect(events == [.value(10), .value(30), .value(40), .failed(.first)])
        let (signal, input) = Signal<Int, TestError>.pipe()
        var fromSignal: [Int] = []
        var signalEvents: [Signal<Int, TestError>.Event] = []
        signal.filter { $0 > 1 }.map { $0 + 1 }.observe(Signal<Int, TestError>.Observer.forValues { fromSignal.append($0) })
        signal.filter { $0 > 1 }.map { $0 + 1 }.observe { signalEvents.append($0) }
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(fromSignal == [3])
        #expect(signalEvents == [.value(3), .completed])
    }

    @Test("map of an empty source only terminates, without calling the transform")
    func mapEmpty() {
        var calls = 0
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.map { value -> Int in calls += 1; return value } },
                      producer: { $0.map { value -> Int in calls += 1; return value } },
                      equal: [.completed])
        #expect(calls == 0)
    }

    @Test("map calls the transform once per value, anew on each run")
    func mapCallsPerRun() {
        var calls = 0
        let producer = SignalProducer<Int, Never>([1, 2, 3]).map { value -> Int in
            calls += 1
            return value + calls
        }
        var first: [Int] = []
        var second: [Int] = []
        producer.startWithValues { first.append($0) }
        producer.startWithValues { second.append($0) }
        #expect(first == [2, 4, 6])
        #expect(second == [5, 7, 9])
        #expect(calls == 6)
    }

    @Test("a mapped signal transforms each value once, whatever the number of its observers")
    func mapSignalSharedByObservers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var calls = 0
        let mapped = signal.map { value -> Int in
            calls += 1
            return -value
        }
        let first = EventLog<Int, Never>()
        let second = EventLog<Int, Never>()
        mapped.observe(first.observer)
        mapped.observe(second.observer)
        input.send(value: 4)
        input.sendCompleted()
        #expect(first.events == [.value(-4), .completed])
        #expect(second.events == [.value(-4), .completed])
        #expect(calls == 1)
    }

    @Test("map(value:) replaces every value and passes the terminal event", arguments: terminalEvents)
    func mapConstant(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.map(value: "x") },
                      producer: { $0.map(value: "x") },
                      equal: [.value("x"), .value("x"), terminal.map { _ in "" }])
    }

    @Test("map(keyPath) reads the property of each value and passes the terminal event", arguments: terminalEvents)
    func mapKeyPath(terminal: Signal<Int, TestError>.Event) {
        let people: [Signal<Person, TestError>.Event] =
            [.value(Person(name: "Ada", age: 36)), .value(Person(name: "Alan", age: 41)), terminal.map { _ in Person(name: "", age: 0) }]
        expectOutputs(of: people, signal: { $0.map(\.name) }, producer: { $0.map(\.name) },
                      equal: [.value("Ada"), .value("Alan"), terminal.map { _ in "" }])
        expectOutputs(of: people, signal: { $0.map(\.age) }, producer: { $0.map(\.age) },
                      equal: [.value(36), .value(41), terminal.map { _ in 0 }])
    }

    @Test("mapError transforms the error and changes the error type")
    func mapErrorTransforms() {
        struct Wrapped: Swift.Error, Equatable { let inner: TestError }
        expectOutputs(of: values([1, 2], then: .failed(.first)),
                      signal: { $0.mapError { Wrapped(inner: $0) } },
                      producer: { $0.mapError { Wrapped(inner: $0) } },
                      equal: [.value(1), .value(2), .failed(Wrapped(inner: .first))])
        let (signal, _) = Signal<Int, TestError>.pipe()
        #expect(type(of: signal.mapError { Wrapped(inner: $0) }) == Signal<Int, Wrapped>.self)
        #expect(type(of: SignalProducer<Int, TestError>.empty.mapError { Wrapped(inner: $0) })
                == SignalProducer<Int, Wrapped>.self)
    }

    @Test("mapError passes values, completion and interruption without calling the transform",
          arguments: [Signal<Int, TestError>.Event.completed, .interrupted])
    func mapErrorPassesOtherEvents(terminal: Signal<Int, TestError>.Event) {
        var calls = 0
        expectOutputs(of: values([7], then: terminal),
                      signal: { $0.mapError { error -> TestError in calls += 1; return error } },
                      producer: { $0.mapError { error -> TestError in calls += 1; return error } },
                      equal: values([7], then: terminal))
        #expect(calls == 0)
    }

    @Test("disposing a mapped run from its observer interrupts it and stops a synchronous source")
    func mapDisposedMidway() {
        let (events, produced) = disposedFromObserver(afterValues: 3) { $0.map { $0 * 2 } }
        #expect(events == [.value(0), .value(2), .value(4), .interrupted])
        #expect(produced <= 4)
        let viaError = disposedFromObserver(afterValues: 3) { $0.mapError { _ in TestError.second } }
        #expect(viaError.events == [.value(0), .value(1), .value(2), .interrupted])
        #expect(viaError.produced <= 4)
    }

    @Test("disposing a mapped run of a start-handler source interrupts it and ends the source's lifetime")
    func mapDisposedAsynchronous() {
        let (events, sourceEnded) = disposedAsynchronousRun(sending: [1, 2]) { $0.map { $0 + 1 } }
        #expect(events == [.value(2), .value(3), .interrupted])
        #expect(sourceEnded)
    }
}
