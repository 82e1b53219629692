import Foundation
import StreamsTesting
import Testing
@testable import Streams

@Suite("take(untilReplacement:)")
struct TakeUntilReplacementTests {
    @Test("forwards the original until the replacement sends, then only the replacement")
    func values() {
        let (original, originalInput) = Signal<Int, TestError>.pipe()
        let (replacement, replacementInput) = Signal<Int, TestError>.pipe()
        let log = Transcript()
        original.take(untilReplacement: replacement).observe(log.observer())
        originalInput.send(value: 1)
        originalInput.send(value: 2)
        replacementInput.send(value: 10)
        originalInput.send(value: 3)
        replacementInput.send(value: 11)
        #expect(log.entries == ["1", "2", "10", "11"])
        #expect(original.core.observerCount == 0, "the original is no longer observed")
        replacementInput.sendCompleted()
        #expect(log.entries.last == "|")
    }

    @Test("the original's completion is not forwarded; the replacement's events are")
    func originalCompletion() {
        let (original, originalInput) = Signal<Int, TestError>.pipe()
        let (replacement, replacementInput) = Signal<Int, TestError>.pipe()
        let log = Transcript()
        original.take(untilReplacement: replacement).observe(log.observer())
        originalInput.send(value: 1)
        originalInput.sendCompleted()
        #expect(log.entries == ["1"])
        replacementInput.send(error: .second)
        #expect(log.entries == ["1", "#second"])
    }

    @Test("the original's error and interruption end the result before a replacement")
    func originalTermination() {
        let (original, originalInput) = Signal<Int, TestError>.pipe()
        let (replacement, replacementInput) = Signal<Int, TestError>.pipe()
        let log = Transcript()
        original.take(untilReplacement: replacement).observe(log.observer())
        originalInput.send(error: .first)
        #expect(log.entries == ["#first"])
        replacementInput.send(value: 1)
        #expect(log.entries == ["#first"])

        let (original2, originalInput2) = Signal<Int, TestError>.pipe()
        let (replacement2, replacementInput2) = Signal<Int, TestError>.pipe()
        let log2 = Transcript()
        original2.take(untilReplacement: replacement2).observe(log2.observer())
        originalInput2.sendInterrupted()
        #expect(log2.entries == ["!"])
        withExtendedLifetime(replacementInput2) {}
    }

    @Test("a replacement that completes at once completes the result")
    func replacementCompletion() {
        let (original, originalInput) = Signal<Int, Never>.pipe()
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        original.take(untilReplacement: replacement).observe(log.observer())
        originalInput.send(value: 1)
        replacementInput.sendCompleted()
        originalInput.send(value: 2)
        #expect(log.entries == ["1", "|"])
    }

    @Test("producers: the replacement starts first and interrupts the original when it takes over")
    func producers() {
        let original = CombiningProbe<Int, Never>()
        let replacement = CombiningProbe<Int, Never>()
        let log = Transcript()
        original.producer.take(untilReplacement: replacement.producer).start(log.observer())
        #expect(original.starts == 1 && replacement.starts == 1)
        original.input.send(value: 1)
        replacement.input.send(value: 2)
        #expect(original.hasEnded, "the original run is interrupted when replaced")
        #expect(!replacement.hasEnded)
        replacement.input.send(value: 3)
        replacement.input.sendCompleted()
        #expect(log.entries == ["1", "2", "3", "|"])

        let synchronous = Transcript()
        SignalProducer<Int, Never>([1, 2]).take(untilReplacement: SignalProducer([3])).start(synchronous.observer())
        #expect(synchronous.entries == ["3", "|"])
    }

    @Test("disposing the run interrupts both; the convertible overload takes a signal")
    func disposalAndConvertible() {
        let original = CombiningProbe<Int, Never>()
        let replacement = CombiningProbe<Int, Never>()
        let log = Transcript()
        let disposable = original.producer.take(untilReplacement: replacement.producer).start(log.observer())
        original.input.send(value: 1)
        disposable.dispose()
        #expect(log.entries == ["1", "!"])
        #expect(original.hasEnded && replacement.hasEnded)

        let (signal, input) = Signal<Int, Never>.pipe()
        let converted = Transcript()
        SignalProducer<Int, Never>(value: 0).concat(.never).take(untilReplacement: signal).start(converted.observer())
        input.send(value: 5)
        input.sendCompleted()
        #expect(converted.entries == ["0", "5", "|"])
    }
}

@Suite("negate, and, or, all, any")
struct BooleanOperatorTests {
    @Test("negate flips each value and passes terminal events")
    func negate() {
        let (signal, input) = Signal<Bool, TestError>.pipe()
        let log = Transcript()
        signal.negate().observe(log.observer())
        input.send(value: true)
        input.send(value: false)
        input.send(error: .first)
        #expect(log.entries == ["false", "true", "#first"])
        let produced = Transcript()
        SignalProducer<Bool, Never>([true, false]).negate().start(produced.observer())
        #expect(produced.entries == ["false", "true", "|"])
    }

    @Test("and and or combine the latest values")
    func andOr() {
        let (a, aInput) = Signal<Bool, Never>.pipe()
        let (b, bInput) = Signal<Bool, Never>.pipe()
        let and = Transcript()
        let or = Transcript()
        a.and(b).observe(and.observer())
        a.or(b).observe(or.observer())
        aInput.send(value: true)
        bInput.send(value: false)
        bInput.send(value: true)
        aInput.send(value: false)
        #expect(and.entries == ["false", "true", "false"])
        #expect(or.entries == ["true", "true", "true"])
        bInput.send(value: false)
        #expect(or.entries.last == "false")
        aInput.sendCompleted()
        bInput.sendCompleted()
        #expect(and.entries.last == "|" && or.entries.last == "|")

        let produced = Transcript()
        SignalProducer<Bool, Never>(value: true).and(SignalProducer([true, false])).start(produced.observer())
        SignalProducer<Bool, Never>(value: false).or(SignalProducer([false, true])).start(produced.observer())
        let (c, cInput) = Signal<Bool, Never>.pipe()
        SignalProducer<Bool, Never>(value: true).and(c).start(produced.observer())
        SignalProducer<Bool, Never>(value: true).or(c).start(produced.observer())
        cInput.send(value: false)
        cInput.sendCompleted()
        #expect(produced.entries == ["true", "false", "|", "false", "true", "|", "false", "true", "|", "|"])
    }

    @Test("all and any over collections and variadic lists")
    func allAny() {
        let pipes = (0..<3).map { _ in Signal<Bool, Never>.pipe() }
        let all = Transcript()
        let any = Transcript()
        Signal.all(pipes.map(\.output)).observe(all.observer())
        Signal.any(pipes[0].output, pipes[1].output, pipes[2].output).observe(any.observer())
        pipes[0].input.send(value: true)
        pipes[1].input.send(value: true)
        pipes[2].input.send(value: false)
        pipes[2].input.send(value: true)
        pipes[0].input.send(value: false)
        #expect(all.entries == ["false", "true", "false"])
        #expect(any.entries == ["true", "true", "true"])
        for pipe in pipes { pipe.input.sendCompleted() }

        let produced = Transcript()
        SignalProducer.all([SignalProducer<Bool, Never>(value: true), SignalProducer(value: true)]).start(produced.observer())
        SignalProducer.any(SignalProducer<Bool, Never>(value: false), SignalProducer(value: false)).start(produced.observer())
        SignalProducer.all(SignalProducer<Bool, Never>(value: true), SignalProducer(value: false)).start(produced.observer())
        let (signal, input) = Signal<Bool, Never>.pipe()
        SignalProducer<Bool, Never>.any([signal]).start(produced.observer())
        SignalProducer<Bool, Never>.all([signal]).start(produced.observer())
        input.send(value: true)
        input.sendCompleted()
        #expect(produced.entries == ["true", "|", "false", "|", "false", "|", "true", "true", "|", "|"])
    }

    @Test("with no operand, producers send the identity of the operation; signals complete")
    func emptyOperands() {
        let log = Transcript()
        SignalProducer<Bool, Never>.all([SignalProducer<Bool, Never>]()).start(log.observer())
        SignalProducer<Bool, Never>.any([SignalProducer<Bool, Never>]()).start(log.observer())
        #expect(log.entries == ["true", "|", "false", "|"])
        var signalEvents: [String] = []
        Signal<Bool, Never>.all([Signal<Bool, Never>]()).observe { signalEvents.append("\($0)") }
        #expect(signalEvents == ["INTERRUPTED"])
    }
}

@Suite("take(untilReplacement:) marbles")
struct TakeUntilReplacementMarbleTests {
    @Test("the original until the replacement's first event, then the replacement")
    func timing() {
        let test = MarbleTest()
        let original = test.hot("-a-b---c-|")
        let replacement = test.hot("----x-y---|")
        test.expect(original.take(untilReplacement: replacement), "-a-bx-y---|")
    }

    @Test("the original's completion waits for the replacement; its failure ends the result")
    func originalEnds() {
        let test = MarbleTest()
        let original = test.hot("-a|")
        let replacement = test.hot("---x|")
        test.expect(original.take(untilReplacement: replacement), "-a-x|")
        let other = MarbleTest()
        let original2 = other.hot("-a#")
        let replacement2 = other.hot("---x|")
        other.expect(original2.take(untilReplacement: replacement2), "-a#")
    }

    @Test("cold: the original is interrupted when replaced; disposal interrupts both")
    func coldAndDisposal() {
        let test = MarbleTest()
        let original = test.cold("-a-b-c|")
        let replacement = test.cold("---x--|")
        test.expect(original.producer.take(untilReplacement: replacement), "-a-x--|")
        #expect(original.subscriptions == ["^--!"])
        #expect(replacement.subscriptions == ["^-----!"])
        let other = MarbleTest()
        let original2 = other.cold("-a-b-c|")
        let replacement2 = other.cold("---x--|")
        other.expect(original2.producer.take(untilReplacement: replacement2), "-a!", disposeAt: 2)
        #expect(original2.subscriptions == ["^-!"])
        #expect(replacement2.subscriptions == ["^-!"])
    }
}

@Suite("Bool operator marbles")
struct BooleanMarbleTests {
    static let bools: [Character: Bool] = ["t": true, "f": false]

    @Test("negate keeps the timing and the terminal event")
    func negate() {
        let test = MarbleTest()
        let source = test.hot("-t-f-#", values: Self.bools)
        test.expect(source.negate(), "-f-t-#", values: Self.bools)
    }

    @Test("and and or follow combineLatest's timing and completion")
    func andOr() {
        let test = MarbleTest()
        let a = test.hot("-t--f---|", values: Self.bools)
        let b = test.hot("--t---f--|", values: Self.bools)
        test.expect(a.and(b), "--t-f-f--|", values: Self.bools)
        let other = MarbleTest()
        let c = other.hot("-t--f---|", values: Self.bools)
        let d = other.hot("--t---f--|", values: Self.bools)
        other.expect(c.or(d), "--t-t-f--|", values: Self.bools)
    }

    @Test("all and any over cold producers, with disposal")
    func allAny() {
        let test = MarbleTest()
        let a = test.cold("-t---f", values: Self.bools)
        let b = test.cold("--t-f-", values: Self.bools)
        test.expect(SignalProducer.all([a.producer, b.producer]), "--t-ff!", values: Self.bools, disposeAt: 6)
        #expect(a.subscriptions == ["^-----!"])
        let other = MarbleTest()
        let c = other.cold("-t---f|", values: Self.bools)
        let d = other.cold("--t-f-|", values: Self.bools)
        other.expect(SignalProducer.any(c.producer, d.producer), "--t-tf|", values: Self.bools)
    }
}
