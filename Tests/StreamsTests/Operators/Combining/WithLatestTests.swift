import Foundation
import StreamsTesting
import Testing
@testable import Streams

@Suite("withLatest(from:)")
struct WithLatestTests {
    @Test("pairs each value with the samplee's latest; values before the samplee's first are dropped")
    func values() {
        let (source, sourceInput) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<String, Never>.pipe()
        let log = Transcript()
        source.withLatest(from: samplee).observe(log.observer(pair))
        sourceInput.send(value: 1)
        sampleeInput.send(value: "a")
        sampleeInput.send(value: "b")
        sourceInput.send(value: 2)
        sourceInput.send(value: 3)
        #expect(log.entries == ["(2, b)", "(3, b)"])
        sampleeInput.sendCompleted()
        sourceInput.send(value: 4)
        #expect(log.entries == ["(2, b)", "(3, b)", "(4, b)"], "the samplee's completion keeps its last value")
        sourceInput.sendCompleted()
        #expect(log.entries.last == "|")
    }

    @Test("the source's failure and interruption pass through; the samplee's interruption is ignored")
    func terminalEvents() {
        let (source, sourceInput) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        source.withLatest(from: samplee).observe(log.observer(pair))
        sampleeInput.send(value: 1)
        sampleeInput.sendInterrupted()
        sourceInput.send(value: 2)
        sourceInput.send(error: .second)
        #expect(log.entries == ["(2, 1)", "#second"])

        let (other, otherInput) = Signal<Int, TestError>.pipe()
        let interrupted = Transcript()
        other.withLatest(from: SignalProducer<Int, Never>(value: 0)).observe(interrupted.observer(pair))
        otherInput.sendInterrupted()
        #expect(interrupted.entries == ["!"])
    }

    @Test("a producer samplee starts first, so its synchronous values are there for the first value")
    func producerSamplee() {
        let log = Transcript()
        SignalProducer<Int, Never>([1, 2]).withLatest(from: SignalProducer<String, Never>(value: "x"))
            .start(log.observer(pair))
        #expect(log.entries == ["(1, x)", "(2, x)", "|"])

        let (signal, input) = Signal<Int, Never>.pipe()
        let signalLog = Transcript()
        signal.withLatest(from: SignalProducer<String, Never>(value: "y")).observe(signalLog.observer(pair))
        input.send(value: 1)
        #expect(signalLog.entries == ["(1, y)"])
        input.sendCompleted()
    }

    @Test("disposing the run interrupts the samplee run")
    func disposal() {
        let samplee = CombiningProbe<Int, Never>()
        let source = CombiningProbe<Int, Never>()
        let log = Transcript()
        let disposable = source.producer.withLatest(from: samplee.producer).start(log.observer(pair))
        samplee.input.send(value: 7)
        source.input.send(value: 1)
        disposable.dispose()
        #expect(log.entries == ["(1, 7)", "!"])
        #expect(samplee.hasEnded && source.hasEnded)

        // The samplee also ends with a source that completes.
        let samplee2 = CombiningProbe<Int, Never>()
        let completed = Transcript()
        SignalProducer<Int, Never>.empty.withLatest(from: samplee2.producer).start(completed.observer(pair))
        #expect(completed.entries == ["|"])
        #expect(samplee2.hasEnded)
    }

    @Test("the convertible overload takes a signal samplee")
    func convertible() {
        let (samplee, sampleeInput) = Signal<String, Never>.pipe()
        let source = CombiningProbe<Int, Never>()
        let log = Transcript()
        source.producer.withLatest(from: samplee).start(log.observer(pair))
        sampleeInput.send(value: "s")
        source.input.send(value: 1)
        #expect(log.entries == ["(1, s)"])
        sampleeInput.sendCompleted()
        source.input.sendCompleted()
    }
}

@Suite("withLatest marbles")
struct WithLatestMarbleTests {
    @Test("each value with the samplee's latest; earlier values dropped; the samplee's end ignored")
    func timing() {
        let test = MarbleTest()
        let source = test.hot("-a--b--c-|")
        let samplee = neverFailing(test.hot("--x---y|"))
        test.expect(source.withLatest(from: samplee).map { $0 + $1 }, "----p--q-|", values: ["p": "bx", "q": "cy"])
    }

    @Test("the source's failure passes through")
    func failure() {
        let test = MarbleTest()
        let source = test.hot("--a-#")
        let samplee = neverFailing(test.hot("-x----"))
        test.expect(source.withLatest(from: samplee).map { $0 + $1 }, "--p-#", values: ["p": "ax"])
    }

    @Test("cold samplee: started first, interrupted when the run ends or is disposed")
    func coldSamplee() {
        let test = MarbleTest()
        let source = test.cold("-a--b|")
        let samplee = test.cold("x----")
        test.expect(source.producer.withLatest(from: samplee.producer.lift(neverFailing)).map { $0 + $1 }, "-p--q|",
                    values: ["p": "ax", "q": "bx"])
        #expect(samplee.subscriptions == ["^----!"])
        let other = MarbleTest()
        let source2 = other.cold("-a--b|")
        let samplee2 = other.cold("x----")
        other.expect(source2.producer.withLatest(from: samplee2.producer.lift(neverFailing)).map { $0 + $1 }, "-p-!",
                     values: ["p": "ax"], disposeAt: 3)
        #expect(source2.subscriptions == ["^--!"])
        #expect(samplee2.subscriptions == ["^--!"])
    }
}
