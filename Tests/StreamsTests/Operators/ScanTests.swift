import Testing
@testable import Streams

// scan, scanMap, reduce and combinePrevious, on signals and on both kinds of producer.

@Suite("Operators: scan and reduce")
struct ScanTests {
    @Test("scan sends each running result and passes the terminal event", arguments: terminalEvents)
    func scanValues(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.scan(10, +) }, producer: { $0.scan(10, +) },
                      equal: values([11, 13, 16], then: terminal))
    }

    @Test("scan(into:) updates the accumulator in place and sends it after each value", arguments: terminalEvents)
    func scanInto(terminal: Signal<Int, TestError>.Event) {
        let append: (inout [Int], Int) -> Void = { $0.append($1) }
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.scan(into: [0], append) }, producer: { $0.scan(into: [0], append) },
                      equal: [.value([0, 1]), .value([0, 1, 2]), .value([0, 1, 2, 3]), terminal.map { _ in [] }])
    }

    @Test("scanMap threads a state and sends one output per value", arguments: terminalEvents)
    func scanMapValues(terminal: Signal<Int, TestError>.Event) {
        // The state is the running sum; the output describes the step.
        let step: (Int, Int) -> (Int, String) = { sum, value in (sum + value, "\(sum)+\(value)") }
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.scanMap(0, step) }, producer: { $0.scanMap(0, step) },
                      equal: [.value("0+1"), .value("1+2"), .value("3+3"), terminal.map { _ in "" }])
    }

    @Test("scanMap(into:) updates the state in place and sends what the closure returns", arguments: terminalEvents)
    func scanMapInto(terminal: Signal<Int, TestError>.Event) {
        let step: (inout Int, Int) -> Bool = { maximum, value in
            defer { maximum = Swift.max(maximum, value) }
            return value > maximum
        }
        expectOutputs(of: values([3, 1, 4, 1, 5], then: terminal),
                      signal: { $0.scanMap(into: 0, step) }, producer: { $0.scanMap(into: 0, step) },
                      equal: [.value(true), .value(false), .value(true), .value(false), .value(true),
                              terminal.map { _ in false }])
    }

    @Test("scan of an empty source only terminates")
    func scanEmpty() {
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.scan(0, +) }, producer: { $0.scan(0, +) }, equal: [.completed])
    }

    @Test("each run of a producer starts scan, scanMap and combinePrevious from their initial state")
    func producerRunsHaveTheirOwnState() {
        func twice<U: Equatable>(_ producer: SignalProducer<U, Never>) -> ([U], [U]) {
            var first: [U] = []
            var second: [U] = []
            producer.startWithValues { first.append($0) }
            producer.startWithValues { second.append($0) }
            return (first, second)
        }
        let source = SignalProducer<Int, Never>([1, 2, 3])
        let scanned = twice(source.scan(0, +))
        #expect(scanned.0 == [1, 3, 6])
        #expect(scanned.1 == [1, 3, 6])
        let scannedInto = twice(source.scan(into: 100) { $0 -= $1 })
        #expect(scannedInto.0 == [99, 97, 94])
        #expect(scannedInto.1 == [99, 97, 94])
        let mapped = twice(source.scanMap(into: 0) { count, _ in count += 1; return count })
        #expect(mapped.0 == [1, 2, 3])
        #expect(mapped.1 == [1, 2, 3])
        let paired = twice(source.combinePrevious().map { [$0.0, $0.1] })
        #expect(paired.0 == [[1, 2], [2, 3]])
        #expect(paired.1 == [[1, 2], [2, 3]])
        let reduced = twice(source.reduce(0, +))
        #expect(reduced.0 == [6])
        #expect(reduced.1 == [6])
    }

    @Test("a scanned signal keeps one state, shared by all its observers")
    func scanSignalSharedState() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var calls = 0
        let scanned = signal.scan(0) { sum, value in
            calls += 1
            return sum + value
        }
        let first = EventLog<Int, Never>()
        scanned.observe(first.observer)
        input.send(value: 1)
        let second = EventLog<Int, Never>()
        scanned.observe(second.observer)
        input.send(value: 2)
        input.sendCompleted()
        #expect(first.events == [.value(1), .value(3), .completed])
        #expect(second.events == [.value(3), .completed])
        #expect(calls == 2)
    }

    @Test("reduce sends the final result, then completes")
    func reduceCompletes() {
        expectOutputs(of: values([1, 2, 3, 4], then: .completed),
                      signal: { $0.reduce(0, +) }, producer: { $0.reduce(0, +) },
                      equal: [.value(10), .completed])
        let collect: (inout [Int], Int) -> Void = { $0.insert($1, at: 0) }
        expectOutputs(of: values([1, 2, 3], then: .completed),
                      signal: { $0.reduce(into: [], collect) }, producer: { $0.reduce(into: [], collect) },
                      equal: [.value([3, 2, 1]), .completed])
    }

    @Test("reduce of an empty source sends the initial result, then completes")
    func reduceEmpty() {
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.reduce(7, +) }, producer: { $0.reduce(7, +) },
                      equal: [.value(7), .completed])
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.reduce(into: "x") { $0 += "\($1)" } },
                      producer: { $0.reduce(into: "x") { $0 += "\($1)" } },
                      equal: [.value("x"), .completed])
    }

    @Test("reduce sends no result when the source fails or is interrupted",
          arguments: [Signal<Int, TestError>.Event.failed(.first), .interrupted])
    func reduceUnfinished(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.reduce(0, +) }, producer: { $0.reduce(0, +) }, equal: [terminal])
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.reduce(into: 0, +=) }, producer: { $0.reduce(into: 0, +=) }, equal: [terminal])
    }

    @Test("combinePrevious(initial) pairs each value with the one before, the first with the initial",
          arguments: terminalEvents)
    func combinePreviousWithInitial(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.combinePrevious(0).map { [$0.0, $0.1] } },
                      producer: { $0.combinePrevious(0).map { [$0.0, $0.1] } },
                      equal: [.value([0, 1]), .value([1, 2]), .value([2, 3]), terminal.map { _ in [] }])
    }

    @Test("combinePrevious() without an initial value skips the first value", arguments: terminalEvents)
    func combinePreviousWithoutInitial(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.combinePrevious().map { [$0.0, $0.1] } },
                      producer: { $0.combinePrevious().map { [$0.0, $0.1] } },
                      equal: [.value([1, 2]), .value([2, 3]), terminal.map { _ in [] }])
    }

    @Test("combinePrevious() of a single value sends no pair; with an initial value it sends one")
    func combinePreviousSingleValue() {
        expectOutputs(of: values([5], then: .completed),
                      signal: { $0.combinePrevious().map { [$0.0, $0.1] } },
                      producer: { $0.combinePrevious().map { [$0.0, $0.1] } },
                      equal: [.completed])
        expectOutputs(of: values([5], then: .completed),
                      signal: { $0.combinePrevious(4).map { [$0.0, $0.1] } },
                      producer: { $0.combinePrevious(4).map { [$0.0, $0.1] } },
                      equal: [.value([4, 5]), .completed])
    }

    @Test("combinePrevious on optional values keeps a nil initial value and nil values")
    func combinePreviousOptionals() {
        let events: [Signal<Int?, Never>.Event] = [.value(nil), .value(1), .completed]
        expectOutputs(of: events,
                      signal: { $0.combinePrevious(nil).map { "\($0.0 as Any) \($0.1 as Any)" } },
                      producer: { $0.combinePrevious(nil).map { "\($0.0 as Any) \($0.1 as Any)" } },
                      equal: [.value("nil nil"), .value("nil Optional(1)"), .completed])
        expectOutputs(of: events,
                      signal: { $0.combinePrevious().map { "\($0.0 as Any) \($0.1 as Any)" } },
                      producer: { $0.combinePrevious().map { "\($0.0 as Any) \($0.1 as Any)" } },
                      equal: [.value("nil Optional(1)"), .completed])
    }

    @Test("disposing a scanned or reduced run interrupts it and stops a synchronous source")
    func scanDisposedMidway() {
        let scanned = disposedFromObserver(afterValues: 3) { $0.scan(0, +) }
        #expect(scanned.events == [.value(0), .value(1), .value(3), .interrupted])
        #expect(scanned.produced <= 4)
        let reduced = disposedFromSource(afterProducing: 5) { $0.reduce(0, +) }
        #expect(reduced.events == [.interrupted])
        #expect(reduced.produced == 5)
        let paired = disposedFromObserver(afterValues: 2) { $0.combinePrevious().map { $0.1 } }
        #expect(paired.events == [.value(1), .value(2), .interrupted])
        #expect(paired.produced <= 4)
        let stepped = disposedFromObserver(afterValues: 2) { $0.scanMap(into: 0) { count, value in count += 1; return value * count } }
        #expect(stepped.events == [.value(0), .value(2), .interrupted])
        #expect(stepped.produced <= 3)
    }

    @Test("disposing a scanned run of a start-handler source interrupts it and ends the source's lifetime")
    func scanDisposedAsynchronous() {
        let scanned = disposedAsynchronousRun(sending: [1, 2]) { $0.scan(0, +) }
        #expect(scanned.events == [.value(1), .value(3), .interrupted])
        #expect(scanned.sourceEnded)
        let reduced = disposedAsynchronousRun(sending: [1, 2]) { $0.reduce(0, +) }
        #expect(reduced.events == [.interrupted])
        #expect(reduced.sourceEnded)
    }
}
