import Testing
@testable import Streams

// filter, compactMap, filterMap and skipNil, on signals and on both kinds of producer.

@Suite("Operators: filter")
struct FilterTests {
    @Test("filter sends the included values and passes the terminal event", arguments: terminalEvents)
    func filterValuesAndTerminal(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3, 4, 5, 6], then: terminal),
                      signal: { $0.filter { $0 % 3 != 0 } },
                      producer: { $0.filter { $0 % 3 != 0 } },
                      equal: values([1, 2, 4, 5], then: terminal))
    }

    @Test("filter excluding everything sends only the terminal event, after asking about every value")
    func filterExcludingAll() {
        var asked: [Int] = []
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.filter { asked.append($0); return false } },
                      producer: { $0.filter { asked.append($0); return false } },
                      equal: [.completed])
        #expect(asked == [1, 2, 1, 2, 1, 2])
    }

    @Test("filter of an empty source only terminates", arguments: terminalEvents)
    func filterEmpty(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: [terminal], signal: { $0.filter { _ in true } }, producer: { $0.filter { _ in true } },
                      equal: [terminal])
    }

    @Test("compactMap sends the non-nil results and passes the terminal event", arguments: terminalEvents)
    func compactMapValues(terminal: Signal<Int, TestError>.Event) {
        let half: (Int) -> String? = { $0 % 2 == 0 ? "\($0 / 2)" : nil }
        expectOutputs(of: values([1, 2, 3, 4], then: terminal),
                      signal: { $0.compactMap(half) }, producer: { $0.compactMap(half) },
                      equal: [.value("1"), .value("2"), terminal.map { _ in "" }])
    }

    @Test("filterMap is compactMap under its former name", arguments: terminalEvents)
    func filterMapValues(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([5, 10, 15], then: terminal),
                      signal: { $0.filterMap { $0 > 5 ? $0 * 2 : nil } },
                      producer: { $0.filterMap { $0 > 5 ? $0 * 2 : nil } },
                      equal: values([20, 30], then: terminal))
    }

    @Test("skipNil unwraps the values and drops the nils", arguments: terminalEvents)
    func skipNilValues(terminal: Signal<Int, TestError>.Event) {
        let optionals: [Signal<Int?, TestError>.Event] = [.value(nil), .value(1), .value(nil), .value(2), terminal.map { _ in nil }]
        expectOutputs(of: optionals, signal: { $0.skipNil() }, producer: { $0.skipNil() },
                      equal: values([1, 2], then: terminal))
        let (signal, _) = Signal<String?, Never>.pipe()
        #expect(type(of: signal.skipNil()) == Signal<String, Never>.self)
        #expect(type(of: SignalProducer<Int??, TestError>.empty.skipNil()) == SignalProducer<Int?, TestError>.self)
    }

    @Test("skipNil on optionals of optionals unwraps one level: .some(nil) is sent as nil")
    func skipNilNested() {
        let events: [Signal<Int??, Never>.Event] = [.value(.some(nil)), .value(nil), .value(3), .completed]
        expectOutputs(of: events, signal: { $0.skipNil() }, producer: { $0.skipNil() },
                      equal: [.value(nil), .value(3), .completed])
    }

    @Test("disposing a filtered run from its observer interrupts it and stops a synchronous source")
    func filterDisposedMidway() {
        let filtered = disposedFromObserver(afterValues: 3) { $0.filter { $0 % 2 == 1 } }
        #expect(filtered.events == [.value(1), .value(3), .value(5), .interrupted])
        #expect(filtered.produced <= 7)
        let compacted = disposedFromObserver(afterValues: 3) { $0.compactMap { $0 % 2 == 0 ? $0 : nil } }
        #expect(compacted.events == [.value(0), .value(2), .value(4), .interrupted])
        #expect(compacted.produced <= 6)
        let unwrapped = disposedFromObserver(afterValues: 2) { $0.map { $0 % 3 == 0 ? $0 : nil }.skipNil() }
        #expect(unwrapped.events == [.value(0), .value(3), .interrupted])
        #expect(unwrapped.produced <= 5)
    }

    @Test("disposing a filtered run of a start-handler source interrupts it and ends the source's lifetime")
    func filterDisposedAsynchronous() {
        let (events, sourceEnded) = disposedAsynchronousRun(sending: [1, 2, 3]) { $0.filter { $0 != 2 } }
        #expect(events == [.value(1), .value(3), .interrupted])
        #expect(sourceEnded)
    }
}
