import Foundation
import StreamsTesting
import Testing
@testable import Streams
import TestSupport

#if DEBUG
let flattenMillion = 100_000
#else
let flattenMillion = 1_000_000
#endif

/// A producer whose runs are counted and whose disposal is recorded.
final class TrackedInner: SignalProducerConvertible, @unchecked Sendable {
    let started = TestCounter()
    let ended = TestCounter()
    private(set) var inputs: [Signal<Int, TestError>.Observer] = []

    var producer: SignalProducer<Int, TestError> {
        SignalProducer { [self] observer, lifetime in
            started.increment()
            lifetime.observeEnded { self.ended.increment() }
            inputs.append(observer)
        }
    }

    var input: Signal<Int, TestError>.Observer { inputs[inputs.count - 1] }
}

@Suite("flatten and flatMap")
struct FlattenTests {
    @Test("FlattenStrategy names itself as written in code")
    func strategyDescriptions() {
        #expect(everyStrategy.map(\.description) == ["merge", "concat", "concurrent(limit: 2)", "latest", "race", "throttle"])
        #expect(FlattenStrategy.concurrent(limit: 1) == .concat)
        #expect(FlattenStrategy.concurrent(limit: .max) == .merge)
    }

    @Test("latest disposes the previous inner run when a new one arrives, and ignores its interruption")
    func latestDisposesPrevious() {
        let (outer, outerInput) = Signal<TrackedInner, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        outer.flatMap(.latest) { $0.producer }.observe(log.observer)
        let first = TrackedInner()
        let second = TrackedInner()
        outerInput.send(value: first)
        first.input.send(value: 1)
        #expect(first.ended.value == 0)
        outerInput.send(value: second)
        #expect(first.ended.value == 1)
        first.input.send(value: 99)
        second.input.send(value: 2)
        outerInput.sendCompleted()
        #expect(log.events == [.value(1), .value(2)])
        second.input.sendCompleted()
        #expect(log.events == [.value(1), .value(2), .completed])
    }

    @Test("race keeps the first inner run to send a value; the others are disposed")
    func racePicksFirst() {
        let (outer, outerInput) = Signal<TrackedInner, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        outer.flatten(.race).observe(log.observer)
        let runs = [TrackedInner(), TrackedInner(), TrackedInner()]
        for run in runs { outerInput.send(value: run) }
        #expect(runs.map(\.started.value) == [1, 1, 1])
        runs[1].input.send(value: 10)
        #expect(runs.map(\.ended.value) == [1, 0, 1])
        runs[0].input.send(value: 0)
        runs[1].input.send(value: 11)
        let late = TrackedInner()
        outerInput.send(value: late)
        #expect(late.started.value == 0)
        outerInput.sendCompleted()
        runs[1].input.sendCompleted()
        #expect(log.events == [.value(10), .value(11), .completed])
    }

    @Test("concurrent(limit:) queues inner producers beyond the limit and starts them in order")
    func concurrentQueueing() {
        let (outer, outerInput) = Signal<Int, TestError>.pipe()
        let runs = (0..<5).map { _ in TrackedInner() }
        let log = EventLog<Int, TestError>()
        outer.flatMap(.concurrent(limit: 2)) { runs[$0].producer }.observe(log.observer)
        for index in runs.indices { outerInput.send(value: index) }
        outerInput.sendCompleted()
        #expect(runs.map(\.started.value) == [1, 1, 0, 0, 0])
        runs[1].input.sendCompleted()
        #expect(runs.map(\.started.value) == [1, 1, 1, 0, 0])
        runs[0].input.sendCompleted()
        runs[2].input.sendCompleted()
        #expect(runs.map(\.started.value) == [1, 1, 1, 1, 1])
        runs[3].input.send(value: 3)
        runs[4].input.send(value: 4)
        runs[4].input.sendCompleted()
        #expect(log.terminals.isEmpty)
        runs[3].input.sendCompleted()
        #expect(log.events == [.value(3), .value(4), .completed])
    }

    @Test("the four error combinations of flatten and flatMap type-check and forward failures")
    func errorCombinations() {
        let (sameErrors, sameInput) = Signal<SignalProducer<Int, TestError>, TestError>.pipe()
        let (neverOuter, neverOuterInput) = Signal<SignalProducer<Int, TestError>, Never>.pipe()
        let (neverInner, neverInnerInput) = Signal<SignalProducer<Int, Never>, TestError>.pipe()
        let (neverBoth, neverBothInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let logs = (0..<4).map { _ in EventLog<Int, TestError>() }
        let neverLog = EventLog<Int, Never>()
        sameErrors.flatten(.merge).observe(logs[0].observer)
        let a: Signal<Int, TestError> = neverOuter.flatten(.merge)
        a.observe(logs[1].observer)
        let b: Signal<Int, TestError> = neverInner.flatten(.merge)
        b.observe(logs[2].observer)
        let c: Signal<Int, Never> = neverBoth.flatten(.merge)
        c.observe(neverLog.observer)
        sameInput.send(value: SignalProducer(error: .first))
        neverOuterInput.send(value: SignalProducer(error: .second))
        neverInnerInput.send(value: SignalProducer(value: 1))
        neverInnerInput.send(error: .first)
        neverBothInput.send(value: SignalProducer(value: 2))
        neverBothInput.sendCompleted()
        #expect(logs[0].events == [.failed(.first)])
        #expect(logs[1].events == [.failed(.second)])
        #expect(logs[2].events == [.value(1), .failed(.first)])
        #expect(neverLog.events == [.value(2), .completed])

        // flatMap to producers, to convertibles, and from a stream that cannot fail.
        let values = SignalProducer<Int, Never>([1, 2])
        let toFailing: SignalProducer<Int, TestError> = values.flatMap(.concat) { SignalProducer<Int, TestError>(value: $0 * 10) }
        let toResult: SignalProducer<Int, TestError> = values.flatMap(.concat) { Result<Int, TestError>.success($0) }
        let toNever: SignalProducer<Int, Never> = values.flatMap(.concat) { SignalProducer<Int, Never>(value: -$0) }
        let failing = SignalProducer<Int, TestError>([1, 2])
        let promoted: SignalProducer<Int, TestError> = failing.flatMap(.merge) { SignalProducer<Int, Never>(value: $0) }
        let viaProperty: SignalProducer<Int, TestError> = failing.flatMap(.merge) { Property(value: $0 + 100) }
        #expect(collectValues(toFailing) == [10, 20])
        #expect(collectValues(toResult) == [1, 2])
        #expect(collectValues(toNever) == [-1, -2])
        #expect(collectValues(promoted) == [1, 2])
        #expect(collectValues(viaProperty) == [101, 102])
    }

    @Test("flatMap on a stream without values never calls the transform and ends as the stream does")
    func uninhabitedValues() {
        let called = TestCounter()
        let makeInner = { (_: Never) -> SignalProducer<Int, TestError> in }
        let ended = SignalProducer<Never, TestError>(error: .second)
            .on(failed: { _ in called.increment() })
            .flatMap(.latest, makeInner)
        let log = EventLog<Int, TestError>()
        ended.start(log.observer)
        let quiet = SignalProducer<Never, Never>.empty.flatMap(.merge) { (_: Never) -> Result<String, TestError> in }
        let quietLog = EventLog<String, TestError>()
        quiet.start(quietLog.observer)
        #expect(called.value == 1)
        #expect(log.events == [.failed(.second)])
        #expect(quietLog.events == [.completed])
    }

    @Test("flatten() sends the elements of each sequence in order, on signals and producers")
    func sequenceFlatten() {
        let (signal, input) = Signal<[Int], TestError>.pipe()
        let log = EventLog<Int, TestError>()
        signal.flatten().observe(log.observer)
        input.send(value: [1, 2])
        input.send(value: [])
        input.send(value: [3])
        input.send(error: .first)
        #expect(log.events == [.value(1), .value(2), .value(3), .failed(.first)])
        let producer = SignalProducer<ClosedRange<Int>, Never>([1...3, 10...11]).flatten()
        #expect(collectValues(producer) == [1, 2, 3, 10, 11])
        // An endless sequence is cut short by the end of the result.
        let naturals = SignalProducer<UnfoldSequence<Int, (Int?, Bool)>, Never>(value: sequence(first: 0) { $0 + 1 })
        #expect(collectValues(naturals.flatten().take(first: 4)) == [0, 1, 2, 3])
    }

    @Test("a signal of producers ends its inner runs when the output signal terminates")
    func signalEndsInnerRuns() {
        let (outer, outerInput) = Signal<TrackedInner, TestError>.pipe()
        let inner = TrackedInner()
        let log = EventLog<Int, TestError>()
        outer.flatten(.merge).take(first: 1).observe(log.observer)
        outerInput.send(value: inner)
        #expect(inner.ended.value == 0)
        inner.input.send(value: 7)
        #expect(log.events == [.value(7), .completed])
        #expect(inner.ended.value == 1)
    }

    @Test("a synchronous endless inner producer is stopped by the end of the result")
    func endlessSynchronousInner() {
        let naturals = SignalProducer<Int, Never>(sequence(first: 0) { $0 + 1 })
        for strategy in everyStrategy {
            let values = collectValues(SignalProducer<Int, Never>(value: 0).flatMap(strategy) { _ in naturals }.take(first: 3))
            #expect(values == [0, 1, 2], "\(strategy)")
        }
    }

    @Test("a value sent back into the outer stream from downstream is queued, not lost")
    func reentrantOuter() {
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        outer.flatMap(.concat) { SignalProducer<Int, Never>([$0, $0 * 10]) }.observeValues { value in
            seen.append(value)
            if value == 1 { outerInput.send(value: 2) }
        }
        outerInput.send(value: 1)
        #expect(seen == [1, 10, 2, 20])
        // The observer holds the input of the signal it observes; ending the signal breaks that cycle.
        outerInput.sendCompleted()
    }
}

/// The values of a producer that runs synchronously.
func collectValues<Value, Error>(_ producer: SignalProducer<Value, Error>) -> [Value] {
    var values: [Value] = []
    producer.start { event in if case let .value(value) = event { values.append(value) } }
    return values
}

@Suite("flatten: constant stack and leaks")
struct FlattenScaleTests {
    @Test("concat, merge and latest over many synchronous inner producers run in constant stack", .offCooperativePool,
          arguments: [FlattenStrategy.concat, .merge, .latest, .concurrent(limit: 3)])
    func constantStack(_ strategy: FlattenStrategy) {
        let count = flattenMillion
        let sum = TestBox(0)
        let ended = TestBox<Signal<Int, Never>.Event?>(nil)
        let finished = runOnSmallStackForSequences {
            SignalProducer<Int, Never>(0..<count)
                .flatMap(strategy) { SignalProducer<Int, Never>(value: $0) }
                .start { event in
                    switch event {
                    case let .value(value): sum.value += value
                    default: ended.value = event
                    }
                }
        }
        #expect(finished)
        #expect(sum.value == (0..<count).reduce(0, +))
        #expect(ended.value == .completed)
    }

    @Test("flatten(.concat) over a signal of a million synchronous producers runs in constant stack", .offCooperativePool)
    func signalConstantStack() {
        let count = flattenMillion
        let values = TestCounter()
        let finished = runOnSmallStackForSequences {
            let (outer, input) = Signal<SignalProducer<Int, Never>, Never>.pipe()
            outer.flatten(.concat).observeValues { _ in values.increment() }
            let inner = SignalProducer<Int, Never>([1, 2])
            for _ in 0..<count { input.send(value: inner) }
            input.sendCompleted()
        }
        #expect(finished)
        #expect(values.value == 2 * count)
    }

    @Test("after completion, the transform's captures, the inner producers and the observer are released")
    func releasedAfterCompletion() {
        weak var transformCanary: TestCanary?
        weak var innerCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let outerInput = TestBox<Signal<Int, Never>.Observer?>(nil)
        let innerInput = TestBox<Signal<Int, Never>.Observer?>(nil)
        var values: [Int] = []
        do {
            let inTransform = TestCanary()
            let inInner = TestCanary()
            let inObserver = TestCanary()
            transformCanary = inTransform
            innerCanary = inInner
            observerCanary = inObserver
            let outer = SignalProducer<Int, Never> { observer, _ in outerInput.value = observer }
            outer.flatMap(.latest) { value -> SignalProducer<Int, Never> in
                _ = inTransform
                return SignalProducer { observer, lifetime in
                    lifetime.observeEnded { _ = inInner }
                    innerInput.value = observer
                    observer.send(value: value)
                }
            }.startWithValues { value in
                _ = inObserver
                values.append(value)
            }
        }
        outerInput.value?.send(value: 1)
        #expect(innerCanary != nil)
        #expect(observerCanary != nil)
        outerInput.value?.sendCompleted()
        innerInput.value?.sendCompleted()
        outerInput.value = nil
        innerInput.value = nil
        #expect(values == [1])
        #expect(transformCanary == nil)
        #expect(innerCanary == nil)
        #expect(observerCanary == nil)
    }

    @Test("after disposal, inner runs, queued producers and the observer are released", arguments: everyStrategy)
    func releasedAfterDisposal(_ strategy: FlattenStrategy) {
        weak var innerCanary: TestCanary?
        weak var queuedCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let outerInput = TestBox<Signal<SignalProducer<Int, Never>, Never>.Observer?>(nil)
        let innerInputs = TestBox<[Signal<Int, Never>.Observer]>([])
        let disposable: Disposable
        do {
            let inInner = TestCanary()
            let inQueued = TestCanary()
            let inObserver = TestCanary()
            innerCanary = inInner
            queuedCanary = inQueued
            observerCanary = inObserver
            let outer = SignalProducer<SignalProducer<Int, Never>, Never> { observer, _ in outerInput.value = observer }
            disposable = outer.flatten(strategy).startWithValues { _ in _ = inObserver }
            outerInput.value?.send(value: SignalProducer { observer, lifetime in
                innerInputs.value.append(observer)
                lifetime.observeEnded { _ = inInner }
            })
            outerInput.value?.send(value: SignalProducer { observer, _ in
                innerInputs.value.append(observer)
                _ = inQueued
            })
        }
        // latest has already disposed the first inner run for the second.
        #expect((innerCanary == nil) == (strategy == .latest))
        #expect(observerCanary != nil)
        disposable.dispose()
        #expect(innerCanary == nil)
        #expect(queuedCanary == nil)
        #expect(observerCanary == nil)
        #expect(innerInputs.value.count >= 1)
        outerInput.value = nil
    }
}
