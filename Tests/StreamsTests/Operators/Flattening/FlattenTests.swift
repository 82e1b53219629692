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

@Suite("merge")
struct MergeTests {
    @Test("Signal.merge forwards every signal's values and completes when all have")
    func signalMerge() {
        let pipes = (0..<3).map { _ in Signal<Int, TestError>.pipe() }
        let log = EventLog<Int, TestError>()
        Signal.merge(pipes.map(\.output)).observe(log.observer)
        pipes[2].input.send(value: 2)
        pipes[0].input.send(value: 0)
        pipes[0].input.sendCompleted()
        pipes[1].input.sendCompleted()
        #expect(log.terminals.isEmpty)
        pipes[2].input.send(value: 22)
        pipes[2].input.sendCompleted()
        #expect(log.events == [.value(2), .value(0), .value(22), .completed])

        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<Int, TestError>.pipe()
        let variadic = EventLog<Int, TestError>()
        Signal.merge(a, b).observe(variadic.observer)
        aInput.send(value: 1)
        bInput.send(error: .second)
        aInput.send(value: 2)
        #expect(variadic.events == [.value(1), .failed(.second)])
    }

    @Test("SignalProducer.merge runs every producer, from a sequence or 2 to 10 arguments")
    func producerMerge() {
        let p = (0..<10).map { SignalProducer<Int, Never>(value: $0) }
        #expect(collectValues(SignalProducer.merge(p)) == Array(0..<10))
        #expect(collectValues(SignalProducer.merge(p[0], p[1])) == [0, 1])
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2])) == [0, 1, 2])
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3])) == Array(0..<4))
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3], p[4])) == Array(0..<5))
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3], p[4], p[5])) == Array(0..<6))
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3], p[4], p[5], p[6])) == Array(0..<7))
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])) == Array(0..<8))
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8])) == Array(0..<9))
        #expect(collectValues(SignalProducer.merge(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9])) == Array(0..<10))
        // Convertibles of different types.
        let property = Property(value: 5)
        #expect(collectValues(SignalProducer.merge(property, SignalProducer<Int, Never>(value: 6))) == [5, 6])
        #expect(collectValues(SignalProducer<Int, Never>.merge([SignalProducer<Int, Never>]())) == [])
    }

    @Test("merge(with:) on Signal ends at the first failure and completes when both have")
    func signalMergeWith() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        a.merge(with: b).observe(log.observer)
        aInput.send(value: 1)
        bInput.send(value: 2)
        aInput.sendCompleted()
        #expect(log.terminals.isEmpty)
        bInput.send(value: 3)
        bInput.sendCompleted()
        #expect(log.events == [.value(1), .value(2), .value(3), .completed])

        let (c, cInput) = Signal<Int, TestError>.pipe()
        let (d, dInput) = Signal<Int, TestError>.pipe()
        let failing = EventLog<Int, TestError>()
        c.merge(with: d).observe(failing.observer)
        dInput.send(error: .first)
        cInput.send(value: 4)
        #expect(failing.events == [.failed(.first)])
    }

    @Test("merge(with:) on SignalProducer takes a producer or any convertible, and interrupts both when disposed")
    func producerMergeWith() {
        let first = SignalProducer<Int, Never>([1, 2])
        #expect(collectValues(first.merge(with: SignalProducer(value: 3))) == [1, 2, 3])
        let property = MutableProperty(7)
        #expect(collectValues(first.merge(with: property).take(first: 3)) == [1, 2, 7])

        let (signal, input) = Signal<Int, Never>.pipe()
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer(signal).merge(with: SignalProducer.never).start(log.observer)
        input.send(value: 5)
        disposable.dispose()
        input.send(value: 6)
        #expect(log.events == [.value(5), .interrupted])
    }

    @Test("merge marbles: values interleave by time; a failure ends everything")
    func marbles() {
        let test = MarbleTest()
        let a = test.cold("a--b---|")
        let b = test.cold("-c---d|")
        test.expect(SignalProducer.merge(a, b), "ac-b-d-|")
        let failing = MarbleTest()
        let c = failing.cold("x---y|")
        let d = failing.cold("--#")
        failing.expect(SignalProducer.merge(c, d), "x-#")
        #expect(c.subscriptions == ["^-!"])
    }
}

@Suite("flatMapError")
struct FlatMapErrorTests {
    @Test("a failure is replaced by the producer made for the error")
    func replacesFailure() {
        let test = MarbleTest()
        let source = test.cold("a-b#")
        let fallback = test.cold("-x|")
        test.expect(source.producer.flatMapError { _ in fallback.producer }, "a-b-x|")
        #expect(fallback.subscriptions == ["---^-!"])
        let other = MarbleTest()
        let noFailure = other.cold("a|")
        let unused = other.cold("z|")
        other.expect(noFailure.producer.flatMapError { _ in unused.producer }, "a|")
        #expect(unused.subscriptions == [])
    }

    @Test("on signals, the replacement's values, failure and the new error type are forwarded")
    func signalForms() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, Never>()
        signal.flatMapError { error in SignalProducer<Int, Never>(value: error == .first ? -1 : -2) }.observe(log.observer)
        input.send(value: 1)
        input.send(error: .first)
        #expect(log.events == [.value(1), .value(-1), .completed])

        let (other, otherInput) = Signal<Int, TestError>.pipe()
        let failing = EventLog<Int, TestError>()
        other.flatMapError { _ in Result<Int, TestError>.failure(.second) }.observe(failing.observer)
        otherInput.send(error: .first)
        #expect(failing.events == [.failed(.second)])

        let (interrupted, interruptedInput) = Signal<Int, TestError>.pipe()
        let interruptions = EventLog<Int, TestError>()
        interrupted.flatMapError { _ in SignalProducer<Int, TestError>(value: 0) }.observe(interruptions.observer)
        interruptedInput.sendInterrupted()
        #expect(interruptions.events == [.interrupted])
    }

    @Test("disposing the result disposes the replacement run")
    func disposal() {
        let replacement = TrackedInner()
        let disposable = SignalProducer<Int, TestError>(error: .first)
            .flatMapError { _ in replacement.producer }
            .start()
        #expect(replacement.started.value == 1)
        disposable.dispose()
        #expect(replacement.ended.value == 1)
        let never = SignalProducer<Int, Never>(value: 3).flatMapError { (_: Never) -> SignalProducer<Int, TestError> in }
        #expect(collectValues(never.flatMapError { (_: TestError) in SignalProducer<Int, Never>.empty }) == [3])
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

/// A limit of zero stops with a message naming the operator and the value.
@Suite("FlattenStrategy: misuse")
struct FlattenPreconditionTests {
    @Test("concurrent(limit: 0)")
    func zeroLimit() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FlattenStrategy.concurrent(limit: 0)
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("FlattenStrategy.concurrent(limit:) needs a limit >= 1, got 0"))
    }
}
