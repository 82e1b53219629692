import Testing
@testable import Streams

// skip(first:), skip(while:), skipRepeats and uniqueValues, on signals and on both kinds of
// producer.

@Suite("Operators: skip")
struct SkipTests {
    @Test("skip(first:) drops the first values and passes the terminal event", arguments: terminalEvents)
    func skipFirstValues(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3, 4], then: terminal),
                      signal: { $0.skip(first: 2) }, producer: { $0.skip(first: 2) },
                      equal: values([3, 4], then: terminal))
    }

    @Test("skip(first: 0) sends every value; a count beyond the values sends only the terminal event")
    func skipFirstEdges() {
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.skip(first: 0) }, producer: { $0.skip(first: 0) },
                      equal: values([1, 2], then: .completed))
        expectOutputs(of: values([1, 2], then: .failed(.first)),
                      signal: { $0.skip(first: 5) }, producer: { $0.skip(first: 5) },
                      equal: [.failed(.first)])
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.skip(first: 1) }, producer: { $0.skip(first: 1) }, equal: [.completed])
    }

    @Test("skip(while:) drops the leading values that satisfy the predicate, then sends all", arguments: terminalEvents)
    func skipWhileValues(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 5, 1, 6], then: terminal),
                      signal: { $0.skip(while: { $0 < 3 }) }, producer: { $0.skip(while: { $0 < 3 }) },
                      equal: values([5, 1, 6], then: terminal))
    }

    @Test("skip(while:) stops asking the predicate at the first value that fails it")
    func skipWhilePredicateCalls() {
        var asked: [Int] = []
        expectOutputs(of: values([1, 4, 1, 2], then: .completed),
                      signal: { $0.skip(while: { asked.append($0); return $0 < 3 }) },
                      producer: { $0.skip(while: { asked.append($0); return $0 < 3 }) },
                      equal: values([4, 1, 2], then: .completed))
        #expect(asked == [1, 4, 1, 4, 1, 4])
    }

    @Test("skip(while:) that never fails sends only the terminal event")
    func skipWhileAll() {
        expectOutputs(of: values([1, 2], then: .interrupted),
                      signal: { $0.skip(while: { _ in true }) }, producer: { $0.skip(while: { _ in true }) },
                      equal: [.interrupted])
    }

    @Test("skipRepeats() drops each value equal to the one before it", arguments: terminalEvents)
    func skipRepeatsEquatable(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 1, 2, 2, 2, 1, 3, 3], then: terminal),
                      signal: { $0.skipRepeats() }, producer: { $0.skipRepeats() },
                      equal: values([1, 2, 1, 3], then: terminal))
    }

    @Test("skipRepeats(_:) compares each value with the last value it sent, as ReactiveSwift does")
    func skipRepeatsCustomEquivalence() {
        // "Close" is not transitive: 2 is close to 1, and 3 to 2, but 3 is not close to 1, the
        // last value sent, so 3 is sent.
        let close: (Int, Int) -> Bool = { abs($0 - $1) <= 1 }
        expectOutputs(of: values([1, 2, 3, 4, 10, 11, 12], then: .completed),
                      signal: { $0.skipRepeats(close) }, producer: { $0.skipRepeats(close) },
                      equal: values([1, 3, 10, 12], then: .completed))
    }

    @Test("skipRepeats(_:) asks the equivalence with the last sent value first, then the new one")
    func skipRepeatsArgumentOrder() {
        var asked: [[String]] = []
        let equivalence: (String, String) -> Bool = { previous, next in
            asked.append([previous, next])
            return next.hasPrefix(previous)
        }
        let (signal, input) = Signal<String, Never>.pipe()
        let log = EventLog<String, Never>()
        signal.skipRepeats(equivalence).observe(log.observer)
        for word in ["a", "ab", "b", "ba"] { input.send(value: word) }
        input.sendCompleted()
        #expect(log.values == ["a", "b"])
        #expect(asked == [["a", "ab"], ["a", "b"], ["b", "ba"]])
    }

    @Test("uniqueValues() sends each value the first time it appears", arguments: terminalEvents)
    func uniqueValuesHashable(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([3, 1, 3, 2, 1, 4], then: terminal),
                      signal: { $0.uniqueValues() }, producer: { $0.uniqueValues() },
                      equal: values([3, 1, 2, 4], then: terminal))
    }

    @Test("uniqueValues(_:) sends each value whose key was not seen before")
    func uniqueValuesKey() {
        let words: [Signal<String, Never>.Event] =
            [.value("apple"), .value("avocado"), .value("banana"), .value("blueberry"), .value("cherry"), .completed]
        expectOutputs(of: words,
                      signal: { $0.uniqueValues { $0.first } }, producer: { $0.uniqueValues { $0.first } },
                      equal: [.value("apple"), .value("banana"), .value("cherry"), .completed])
    }

    @Test("each run of a producer starts skip, skipRepeats and uniqueValues afresh")
    func producerRunsHaveTheirOwnState() {
        func twice(_ producer: SignalProducer<Int, Never>) -> ([Int], [Int]) {
            var first: [Int] = []
            var second: [Int] = []
            producer.startWithValues { first.append($0) }
            producer.startWithValues { second.append($0) }
            return (first, second)
        }
        let source = SignalProducer<Int, Never>([1, 1, 2, 3, 1])
        let skipped = twice(source.skip(first: 2))
        #expect(skipped.0 == [2, 3, 1])
        #expect(skipped.1 == [2, 3, 1])
        let skippedWhile = twice(source.skip(while: { $0 == 1 }))
        #expect(skippedWhile.0 == [2, 3, 1])
        #expect(skippedWhile.1 == [2, 3, 1])
        let unrepeated = twice(source.skipRepeats())
        #expect(unrepeated.0 == [1, 2, 3, 1])
        #expect(unrepeated.1 == [1, 2, 3, 1])
        let unique = twice(source.uniqueValues())
        #expect(unique.0 == [1, 2, 3])
        #expect(unique.1 == [1, 2, 3])
    }

    @Test("disposing a skipping run from its observer interrupts it and stops a synchronous source")
    func skipDisposedMidway() {
        let skipped = disposedFromObserver(afterValues: 3) { $0.skip(first: 10) }
        #expect(skipped.events == values([10, 11, 12], then: .interrupted))
        #expect(skipped.produced <= 14)
        let unique = disposedFromObserver(afterValues: 3) { $0.map { $0 / 2 }.uniqueValues() }
        #expect(unique.events == values([0, 1, 2], then: .interrupted))
        #expect(unique.produced <= 6)
        let unrepeated = disposedFromObserver(afterValues: 2) { $0.map { $0 / 3 }.skipRepeats() }
        #expect(unrepeated.events == values([0, 1], then: .interrupted))
        #expect(unrepeated.produced <= 5)
    }

    @Test("disposing a skipping run of a start-handler source interrupts it and ends the source's lifetime")
    func skipDisposedAsynchronous() {
        let skipped = disposedAsynchronousRun(sending: [1, 2, 3]) { $0.skip(while: { $0 < 2 }) }
        #expect(skipped.events == values([2, 3], then: .interrupted))
        #expect(skipped.sourceEnded)
    }
}
