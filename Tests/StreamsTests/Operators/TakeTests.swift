import Testing
@testable import Streams

// take(first:), take(last:), take(while:) and take(until:) with a predicate, on signals and on both
// kinds of producer. The early-ending ones must stop their source once they have ended.

/// A start-handler producer that sends `0..<count` in a loop while its lifetime lasts, then
/// completes; `produced` counts the values it sent.
private func loopingSource(upTo count: Int, produced: TestCounter) -> SignalProducer<Int, TestError> {
    SignalProducer { observer, lifetime in
        for value in 0..<count {
            if lifetime.hasEnded { return }
            produced.increment()
            observer.send(value: value)
        }
        observer.sendCompleted()
    }
}

/// `SignalProducer(0..<1_000_000)` counting the values read from the sequence.
private func countingSequence(produced: TestCounter) -> SignalProducer<Int, TestError> {
    SignalProducer((0..<1_000_000).lazy.map { value -> Int in
        produced.increment()
        return value
    })
}

@Suite("Operators: take(first:)")
struct TakeFirstTests {
    @Test("take(first:) sends the first values, then completes instead of the source's terminal event",
          arguments: terminalEvents)
    func takeFirstValues(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3, 4], then: terminal),
                      signal: { $0.take(first: 2) }, producer: { $0.take(first: 2) },
                      equal: values([1, 2], then: .completed))
    }

    @Test("take(first:) passes a terminal event that comes before the count is reached", arguments: terminalEvents)
    func takeFirstEarlyTerminal(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.take(first: 3) }, producer: { $0.take(first: 3) },
                      equal: values([1, 2], then: terminal))
        expectOutputs(of: [terminal], signal: { $0.take(first: 1) }, producer: { $0.take(first: 1) },
                      equal: [terminal])
    }

    @Test("take(first:) stops a synchronous source at the last value taken")
    func takeFirstStopsSequence() {
        let produced = TestCounter()
        let log = EventLog<Int, TestError>()
        countingSequence(produced: produced).take(first: 3).start(log.observer)
        #expect(log.events == values([0, 1, 2], then: .completed))
        #expect(produced.value <= 4)
    }

    @Test("take(first:) ends the lifetime of a start-handler source, which stops its work")
    func takeFirstStopsStartHandler() {
        let produced = TestCounter()
        let log = EventLog<Int, TestError>()
        loopingSource(upTo: 1_000_000, produced: produced).take(first: 3).start(log.observer)
        #expect(log.events == values([0, 1, 2], then: .completed))
        #expect(produced.value == 3)
    }

    @Test("take(first:) over a source sending later: the source's lifetime ends, later events are ignored")
    func takeFirstStopsManualSource() {
        let manual = ManualSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let run = manual.producer.take(first: 2).start(log.observer)
        manual.input.send(value: 1)
        #expect(!manual.lifetime.hasEnded)
        manual.input.send(value: 2)
        #expect(manual.lifetime.hasEnded)
        #expect(run.isDisposed)
        manual.send(values([3], then: .failed(.first)))
        run.dispose()
        #expect(log.events == values([1, 2], then: .completed))
    }

    @Test("a signal's take(first:) stops observing the source once it has completed")
    func takeFirstSignalStopsObserving() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        signal.take(first: 2).observe(log.observer)
        #expect(signal.core.observerCount == 1)
        input.send(value: 1)
        input.send(value: 2)
        #expect(signal.core.observerCount == 0)
        input.send(value: 3)
        input.sendCompleted()
        #expect(log.events == values([1, 2], then: .completed))
    }

    @Test("take(first: 0) on a producer is interrupted at once, as in ReactiveSwift, without starting the source")
    func takeFirstZeroProducer() {
        var handlerRuns = 0
        var starting = 0
        let producer = SignalProducer<Int, TestError> { observer, _ in
            handlerRuns += 1
            observer.send(value: 1)
        }
        let log = EventLog<Int, TestError>()
        producer.on(starting: { starting += 1 }).take(first: 0).start(log.observer)
        #expect(log.events == [.interrupted])
        #expect(handlerRuns == 0)
        #expect(starting == 0)

        let produced = TestCounter()
        let fromSequence = EventLog<Int, TestError>()
        countingSequence(produced: produced).take(first: 0).start(fromSequence.observer)
        #expect(fromSequence.events == [.interrupted])
        #expect(produced.value == 0)
    }

    @Test("take(first: 0) on a signal has already completed: it never observes the source")
    func takeFirstZeroSignal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let taken = signal.take(first: 0)
        #expect(signal.core.observerCount == 0)
        let log = EventLog<Int, TestError>()
        // As with any terminated signal, a later observer is interrupted at once.
        taken.observe(log.observer)
        input.send(value: 1)
        input.sendCompleted()
        #expect(log.events == [.interrupted])
    }

    @Test("each run of take(first:) counts from zero")
    func takeFirstPerRun() {
        let producer = SignalProducer<Int, Never>([1, 2, 3]).take(first: 2)
        var first: [Int] = []
        var second: [Int] = []
        producer.startWithValues { first.append($0) }
        producer.startWithValues { second.append($0) }
        #expect(first == [1, 2])
        #expect(second == [1, 2])
    }

    @Test("disposing a take(first:) run before the count interrupts it and stops the source")
    func takeFirstDisposedMidway() {
        let (events, produced) = disposedFromObserver(afterValues: 3) { $0.take(first: 10) }
        #expect(events == values([0, 1, 2], then: .interrupted))
        #expect(produced <= 4)
        let manual = disposedAsynchronousRun(sending: [1]) { $0.take(first: 2) }
        #expect(manual.events == values([1], then: .interrupted))
        #expect(manual.sourceEnded)
    }
}

@Suite("Operators: take(last:)")
struct TakeLastTests {
    @Test("take(last:) sends the last values in order on completion")
    func takeLastValues() {
        expectOutputs(of: values([1, 2, 3, 4, 5], then: .completed),
                      signal: { $0.take(last: 2) }, producer: { $0.take(last: 2) },
                      equal: values([4, 5], then: .completed))
    }

    @Test("take(last:) keeps the right values whatever the number of values past the count",
          arguments: [0, 1, 2, 3, 4, 5, 7, 10, 11])
    func takeLastWrapsAround(valueCount: Int) {
        let source = Array(0..<valueCount)
        expectOutputs(of: values(source, then: .completed),
                      signal: { $0.take(last: 3) }, producer: { $0.take(last: 3) },
                      equal: values(Array(source.suffix(3)), then: .completed))
    }

    @Test("take(last:) with fewer values than the count sends them all")
    func takeLastFewerValues() {
        expectOutputs(of: values([1, 2], then: .completed),
                      signal: { $0.take(last: 5) }, producer: { $0.take(last: 5) },
                      equal: values([1, 2], then: .completed))
    }

    @Test("take(last: 0) only completes")
    func takeLastZero() {
        expectOutputs(of: values([1, 2, 3], then: .completed),
                      signal: { $0.take(last: 0) }, producer: { $0.take(last: 0) },
                      equal: [.completed])
    }

    @Test("take(last:) of an empty source only completes")
    func takeLastEmpty() {
        expectOutputs(of: [Signal<Int, TestError>.Event.completed],
                      signal: { $0.take(last: 2) }, producer: { $0.take(last: 2) }, equal: [.completed])
    }

    @Test("take(last:) discards the kept values when the source fails or is interrupted",
          arguments: [Signal<Int, TestError>.Event.failed(.first), .interrupted])
    func takeLastUnfinished(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2, 3], then: terminal),
                      signal: { $0.take(last: 2) }, producer: { $0.take(last: 2) }, equal: [terminal])
    }

    @Test("each run of take(last:) keeps its own values")
    func takeLastPerRun() {
        let producer = SignalProducer<Int, Never>(1...5).take(last: 2)
        var first: [Int] = []
        var second: [Int] = []
        producer.startWithValues { first.append($0) }
        producer.startWithValues { second.append($0) }
        #expect(first == [4, 5])
        #expect(second == [4, 5])
    }

    @Test("disposing a take(last:) run interrupts it without sending the kept values")
    func takeLastDisposed() {
        let (events, produced) = disposedFromSource(afterProducing: 5) { $0.take(last: 2) }
        #expect(events == [.interrupted])
        #expect(produced == 5)
        let manual = disposedAsynchronousRun(sending: [1, 2, 3]) { $0.take(last: 2) }
        #expect(manual.events == [.interrupted])
        #expect(manual.sourceEnded)
    }
}

@Suite("Operators: take(while:) and take(until:) with a predicate")
struct TakeWhileTests {
    @Test("take(while:) sends values while the predicate holds, then completes without the failing value")
    func takeWhileValues() {
        expectOutputs(of: values([1, 2, 3, 1], then: .failed(.first)),
                      signal: { $0.take(while: { $0 < 3 }) }, producer: { $0.take(while: { $0 < 3 }) },
                      equal: values([1, 2], then: .completed))
    }

    @Test("take(while:) completes at once when the first value fails the predicate")
    func takeWhileFirstFails() {
        expectOutputs(of: values([5, 1], then: .completed),
                      signal: { $0.take(while: { $0 < 3 }) }, producer: { $0.take(while: { $0 < 3 }) },
                      equal: [.completed])
    }

    @Test("take(while:) passes the source's terminal event while the predicate holds", arguments: terminalEvents)
    func takeWhileTerminal(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.take(while: { _ in true }) }, producer: { $0.take(while: { _ in true }) },
                      equal: values([1, 2], then: terminal))
    }

    @Test("take(while:) stops asking the predicate once it has failed")
    func takeWhilePredicateCalls() {
        var asked: [Int] = []
        expectOutputs(of: values([1, 2, 3, 4], then: .completed),
                      signal: { $0.take(while: { asked.append($0); return $0 < 2 }) },
                      producer: { $0.take(while: { asked.append($0); return $0 < 2 }) },
                      equal: values([1], then: .completed))
        #expect(asked == [1, 2, 1, 2, 1, 2])
    }

    @Test("take(until:) sends values up to and including the first that fails the predicate")
    func takeUntilValues() {
        expectOutputs(of: values([1, 2, 3, 4], then: .completed),
                      signal: { $0.take(until: { $0 < 3 }) }, producer: { $0.take(until: { $0 < 3 }) },
                      equal: values([1, 2, 3], then: .completed))
        expectOutputs(of: values([9, 1], then: .completed),
                      signal: { $0.take(until: { $0 < 3 }) }, producer: { $0.take(until: { $0 < 3 }) },
                      equal: values([9], then: .completed))
    }

    @Test("take(until:) passes the source's terminal event while the predicate holds", arguments: terminalEvents)
    func takeUntilTerminal(terminal: Signal<Int, TestError>.Event) {
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.take(until: { _ in true }) }, producer: { $0.take(until: { _ in true }) },
                      equal: values([1, 2], then: terminal))
    }

    @Test("take(while:) and take(until:) stop a synchronous source, a start-handler source and a signal's observation")
    func takeWhileStopsSource() {
        for inclusive in [false, true] {
            func take(_ producer: SignalProducer<Int, TestError>) -> SignalProducer<Int, TestError> {
                inclusive ? producer.take(until: { $0 < 3 }) : producer.take(while: { $0 < 3 })
            }
            let expected = values(inclusive ? [0, 1, 2, 3] : [0, 1, 2], then: .completed)

            let read = TestCounter()
            let fromSequence = EventLog<Int, TestError>()
            take(countingSequence(produced: read)).start(fromSequence.observer)
            #expect(fromSequence.events == expected)
            #expect(read.value <= 5)

            let produced = TestCounter()
            let fromHandler = EventLog<Int, TestError>()
            take(loopingSource(upTo: 1_000_000, produced: produced)).start(fromHandler.observer)
            #expect(fromHandler.events == expected)
            #expect(produced.value == 4)

            let manual = ManualSource<Int, TestError>()
            let fromManual = EventLog<Int, TestError>()
            take(manual.producer).start(fromManual.observer)
            manual.send(values([0, 1, 2, 3, 4], then: .completed))
            #expect(manual.lifetime.hasEnded)
            #expect(fromManual.events == expected)

            let (signal, input) = Signal<Int, TestError>.pipe()
            let fromSignal = EventLog<Int, TestError>()
            let taken = inclusive ? signal.take(until: { $0 < 3 }) : signal.take(while: { $0 < 3 })
            taken.observe(fromSignal.observer)
            for value in 0..<4 { input.send(value: value) }
            #expect(signal.core.observerCount == 0)
            input.send(value: 4)
            input.sendCompleted()
            #expect(fromSignal.events == expected)
        }
    }

    @Test("disposing a take(while:) run interrupts it and stops the source")
    func takeWhileDisposedMidway() {
        let (events, produced) = disposedFromObserver(afterValues: 3) { $0.take(while: { _ in true }) }
        #expect(events == values([0, 1, 2], then: .interrupted))
        #expect(produced <= 4)
        let manual = disposedAsynchronousRun(sending: [1, 2]) { $0.take(until: { _ in true }) }
        #expect(manual.events == values([1, 2], then: .interrupted))
        #expect(manual.sourceEnded)
    }
}
