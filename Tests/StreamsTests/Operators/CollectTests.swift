import Testing
@testable import Streams

// collect(), collect(count:) and the two predicate forms, on signals and on both kinds of producer.

@Suite("Operators: collect")
struct CollectTests {
    @Test("collect() sends every value in one array when the source completes")
    func collectAll() {
        expectOutputs(of: values([1, 2, 3], then: .completed),
                      signal: { $0.collect() }, producer: { $0.collect() },
                      equal: [.value([1, 2, 3]), .completed])
    }

    @Test("collect() of an empty source sends an empty array, then completes")
    func collectEmpty() {
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.collect() }, producer: { $0.collect() },
                      equal: [.value([]), .completed])
    }

    @Test("every form of collect discards what it gathered when the source fails or is interrupted",
          arguments: [Signal<Int, TestError>.Event.failed(.first), .interrupted])
    func collectUnfinished(terminal: Signal<Int, TestError>.Event) {
        let events = values([1, 2, 3], then: terminal)
        expectOutputs(of: events, signal: { $0.collect() }, producer: { $0.collect() },
                      equal: [terminal.map { _ in [] }])
        expectOutputs(of: events, signal: { $0.collect(count: 2) }, producer: { $0.collect(count: 2) },
                      equal: [.value([1, 2]), terminal.map { _ in [] }])
        expectOutputs(of: [terminal], signal: { $0.collect(count: 2) }, producer: { $0.collect(count: 2) },
                      equal: [terminal.map { _ in [] }])
        expectOutputs(of: events, signal: { $0.collect { $0.count == 5 } }, producer: { $0.collect { $0.count == 5 } },
                      equal: [terminal.map { _ in [] }])
        expectOutputs(of: events, signal: { $0.collect { _, _ in false } }, producer: { $0.collect { _, _ in false } },
                      equal: [terminal.map { _ in [] }])
    }

    @Test("collect(count:) sends arrays of count values, then the remainder on completion")
    func collectCountWithRemainder() {
        expectOutputs(of: values([1, 2, 3, 4, 5], then: .completed),
                      signal: { $0.collect(count: 2) }, producer: { $0.collect(count: 2) },
                      equal: [.value([1, 2]), .value([3, 4]), .value([5]), .completed])
    }

    @Test("collect(count:) sends no trailing empty array after an exact multiple")
    func collectCountExactMultiple() {
        expectOutputs(of: values([1, 2, 3, 4], then: .completed),
                      signal: { $0.collect(count: 2) }, producer: { $0.collect(count: 2) },
                      equal: [.value([1, 2]), .value([3, 4]), .completed])
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.collect(count: 1) }, producer: { $0.collect(count: 1) },
                      equal: [.value([1]), .value([2]), .completed])
    }

    @Test("collect(count:) with fewer values than the count sends them on completion; with none, an empty array")
    func collectCountFewerValues() {
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.collect(count: 3) }, producer: { $0.collect(count: 3) },
                      equal: [.value([1, 2]), .completed])
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.collect(count: 3) }, producer: { $0.collect(count: 3) },
                      equal: [.value([]), .completed])
    }

    @Test("collect(_: values) sends the gathered values each time the predicate approves them")
    func collectWithPredicate() {
        var seen: [[Int]] = []
        let sumAtLeastFive: ([Int]) -> Bool = { collected in
            seen.append(collected)
            return collected.reduce(0, +) >= 5
        }
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<[Int], TestError>()
        signal.collect(sumAtLeastFive).observe(log.observer)
        for value in [1, 4, 6, 2, 2] { input.send(value: value) }
        input.sendCompleted()
        #expect(log.events == [.value([1, 4]), .value([6]), .value([2, 2]), .completed])
        #expect(seen == [[1], [1, 4], [6], [2], [2, 2]])

        expectOutputs(of: values([1, 4, 6, 2, 2], then: .completed),
                      signal: { $0.collect { $0.reduce(0, +) >= 5 } },
                      producer: { $0.collect { $0.reduce(0, +) >= 5 } },
                      equal: [.value([1, 4]), .value([6]), .value([2, 2]), .completed])
    }

    @Test("collect(_: values) of an empty source sends an empty array; it sends no empty trailing array")
    func collectWithPredicateEdges() {
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.collect { _ in true } }, producer: { $0.collect { _ in true } },
                      equal: [.value([]), .completed])
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.collect { _ in true } }, producer: { $0.collect { _ in true } },
                      equal: [.value([1]), .value([2]), .completed])
    }

    @Test("collect(_: collected, latest) sends the gathered values before a value the predicate picks")
    func collectBeforeLatest() {
        var asked: [String] = []
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<[Int], TestError>()
        // A new array starts at each value smaller than the one before it.
        signal.collect { collected, latest in
            asked.append("\(collected) \(latest)")
            return collected.last.map { latest < $0 } ?? false
        }.observe(log.observer)
        for value in [1, 3, 2, 5, 0] { input.send(value: value) }
        input.sendCompleted()
        #expect(log.events == [.value([1, 3]), .value([2, 5]), .value([0]), .completed])
        #expect(asked == ["[] 1", "[1] 3", "[1, 3] 2", "[2] 5", "[2, 5] 0"])

        let descending: ([Int], Int) -> Bool = { collected, latest in collected.last.map { latest < $0 } ?? false }
        expectOutputs(of: values([1, 3, 2, 5, 0], then: .completed),
                      signal: { $0.collect(descending) }, producer: { $0.collect(descending) },
                      equal: [.value([1, 3]), .value([2, 5]), .value([0]), .completed])
    }

    @Test("collect(_: collected, latest) approving the very first value sends an empty array first, as ReactiveSwift does")
    func collectBeforeLatestAtFirstValue() {
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.collect { _, _ in true } }, producer: { $0.collect { _, _ in true } },
                      equal: [.value([]), .value([1]), .value([2]), .completed])
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.collect { _, _ in true } }, producer: { $0.collect { _, _ in true } },
                      equal: [.value([]), .completed])
    }

    @Test("each run of a producer collects its own values")
    func producerRunsHaveTheirOwnState() {
        let producer = SignalProducer<Int, Never>(1...5)
        for collecting in [producer.collect(), producer.collect(count: 2), producer.collect { $0.count == 3 }] {
            var first: [[Int]] = []
            var second: [[Int]] = []
            collecting.startWithValues { first.append($0) }
            collecting.startWithValues { second.append($0) }
            #expect(!first.isEmpty)
            #expect(first.flatMap { $0 } == [1, 2, 3, 4, 5])
            #expect(second == first)
        }
    }

    @Test("disposing a collecting run interrupts it without sending the gathered values")
    func collectDisposed() {
        let all = disposedFromSource(afterProducing: 5) { $0.collect() }
        #expect(all.events == [.interrupted])
        #expect(all.produced == 5)
        let chunks = disposedFromObserver(afterValues: 2) { $0.collect(count: 3) }
        #expect(chunks.events == [.value([0, 1, 2]), .value([3, 4, 5]), .interrupted])
        #expect(chunks.produced <= 7)
        let manual = disposedAsynchronousRun(sending: [1, 2, 3]) { $0.collect(count: 2) }
        #expect(manual.events == [.value([1, 2]), .interrupted])
        #expect(manual.sourceEnded)
    }
}
