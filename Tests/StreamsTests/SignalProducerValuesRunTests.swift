import Testing
@testable import Streams

// `startWithValues` on a synchronous source and its stateless stages (map, filter, compactMap)
// takes the producer's values-only run: closures instead of observers. These tests check that it
// delivers what the run through an observer delivers, and that any other stage keeps the
// observer path with its interruption.

/// The values of a run of `producer` through an observer of every event.
private func valuesThroughObserver<Value>(of producer: SignalProducer<Value, Never>) -> [Value] {
    var values: [Value] = []
    producer.start(Signal<Value, Never>.Observer(value: { values.append($0) }))
    return values
}

/// The values of a run of `producer` through `startWithValues`.
private func valuesThroughStartWithValues<Value>(of producer: SignalProducer<Value, Never>) -> [Value] {
    var values: [Value] = []
    producer.startWithValues { values.append($0) }
    return values
}

/// A sequence counting how many elements its iterators have produced.
private struct CountingSequence: Sequence {
    let count: Int
    let pulls: TestCounter

    func makeIterator() -> AnyIterator<Int> {
        var next = 0
        return AnyIterator {
            guard next < count else { return nil }
            pulls.increment()
            defer { next += 1 }
            return next
        }
    }
}

@Suite("SignalProducer: runs for values only")
struct ValuesRunTests {
    @Test("map, filter, compactMap and the other map forms deliver through startWithValues what they deliver to an observer")
    func sameValuesAsObserver() {
        let tripled: SignalProducer<Int, Never> = SignalProducer(0..<40).map { $0 * 3 }
        let kept: SignalProducer<Int, Never> = tripled.filter { $0 % 2 == 0 }.compactMap { $0 % 4 == 0 ? nil : $0 }
        let described: SignalProducer<String, Never> = kept.map(\Int.description)
        let optional: SignalProducer<Int?, Never> = described.map { Int($0) }
        let producer: SignalProducer<Int, Never> = optional.skipNil().filterMap { $0 }
        #expect(producer.startValuesRun != nil)
        let expected = (0..<40).map { $0 * 3 }.filter { $0 % 2 == 0 && $0 % 4 != 0 }
        #expect(valuesThroughStartWithValues(of: producer) == expected)
        #expect(valuesThroughObserver(of: producer) == expected)
        let constant = SignalProducer<Int, Never>(value: 7).map(value: "x")
        #expect(valuesThroughStartWithValues(of: constant) == ["x"])
        #expect(valuesThroughStartWithValues(of: SignalProducer<Int, Never>(values: 1, 2, 3)) == [1, 2, 3])
        #expect(valuesThroughStartWithValues(of: SignalProducer<Int, Never>([Int]())) == [])
    }

    @Test("each start iterates the source anew and calls each stage once per value")
    func coldAndCalledOncePerValue() {
        let pulls = TestCounter()
        var transforms = 0
        let producer = SignalProducer<Int, Never>(CountingSequence(count: 5, pulls: pulls))
            .map { value -> Int in transforms += 1; return value + 1 }
        #expect(valuesThroughStartWithValues(of: producer) == [1, 2, 3, 4, 5])
        #expect(valuesThroughStartWithValues(of: producer) == [1, 2, 3, 4, 5])
        #expect(pulls.value == 10)
        #expect(transforms == 10)
    }

    @Test("the returned disposable tells that the run has ended; disposing it changes nothing")
    func returnsEndedHandle() {
        var values: [Int] = []
        let disposable = SignalProducer<Int, Never>(0..<3).map { $0 + 1 }.startWithValues { values.append($0) }
        #expect(disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(values == [1, 2, 3])
    }

    @Test("a stage without a values form keeps the observer path: take(first:) still stops the source, pulling no further element")
    func otherStagesKeepObserverPath() {
        let pulls = TestCounter()
        let taken = SignalProducer<Int, Never>(CountingSequence(count: 100, pulls: pulls))
            .map { $0 * 2 }
            .take(first: 3)
            .map { $0 + 1 }
        #expect(taken.startValuesRun == nil)
        var values: [Int] = []
        let disposable = taken.startWithValues { values.append($0) }
        #expect(values == [1, 3, 5])
        #expect(pulls.value == 3)
        #expect(disposable.isDisposed)
        var seen: [Int] = []
        let sideEffects = SignalProducer<Int, Never>(0..<3).on(value: { seen.append($0) }).map { $0 }
        #expect(sideEffects.startValuesRun == nil)
        #expect(valuesThroughStartWithValues(of: sideEffects) == [0, 1, 2])
        #expect(seen == [0, 1, 2])
        let generated = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 1)
            observer.sendCompleted()
        }.map { $0 + 1 }
        #expect(generated.startValuesRun == nil)
        #expect(valuesThroughStartWithValues(of: generated) == [2])
    }

    @Test("a run disposed before it starts, through startWithSignal, pulls nothing from its sequence")
    func disposedBeforeStart() {
        let pulls = TestCounter()
        let producer = SignalProducer<Int, Never>(CountingSequence(count: 5, pulls: pulls))
        var events: [Signal<Int, Never>.Event] = []
        producer.startWithSignal { signal, interruptHandle in
            signal.observe { events.append($0) }
            interruptHandle.dispose()
        }
        #expect(events == [.interrupted])
        #expect(pulls.value == 0)
    }

    @Test("a named producer keeps its run for values only")
    func namedKeepsValuesRun() {
        let named = SignalProducer<Int, Never>([1, 2]).map { $0 + 1 }.named("numbers")
        #expect(named.startValuesRun != nil)
        #expect(valuesThroughStartWithValues(of: named) == [2, 3])
    }

    @Test("a start from inside the action delivers its values before the outer run goes on")
    func reentrantStart() {
        let producer = SignalProducer<Int, Never>([1, 2]).map { $0 * 10 }
        var log: [Int] = []
        producer.startWithValues { value in
            log.append(value)
            if value == 10 { producer.startWithValues { log.append($0 + 1) } }
        }
        #expect(log == [10, 11, 21, 20])
    }

    @Test("a start from inside a sequencing run (concat) is delivered at once, as through an observer")
    func startInsideSequencing() {
        let inner = SignalProducer<Int, Never>([100, 200]).map { $0 + 1 }
        var log: [Int] = []
        SignalProducer<Int, Never>(value: 1).concat(SignalProducer(value: 2)).startWithValues { value in
            log.append(value)
            if value == 1 { inner.startWithValues { log.append($0) } }
        }
        #expect(log == [1, 101, 201, 2])
    }
}
