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
