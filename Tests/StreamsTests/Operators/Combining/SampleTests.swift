import Foundation
import StreamsTesting
import Testing
@testable import Streams

@Suite("sample(with:) and sample(on:)")
struct SampleTests {
    @Test("each sampler value sends the latest value, as often as the sampler sends")
    func values() {
        let (source, sourceInput) = Signal<Int, TestError>.pipe()
        let (sampler, samplerInput) = Signal<String, Never>.pipe()
        let log = Transcript()
        source.sample(with: sampler).observe(log.observer(pair))
        samplerInput.send(value: "early")
        sourceInput.send(value: 1)
        sourceInput.send(value: 2)
        samplerInput.send(value: "t1")
        samplerInput.send(value: "t2")
        sourceInput.send(value: 3)
        samplerInput.send(value: "t3")
        #expect(log.entries == ["(2, t1)", "(2, t2)", "(3, t3)"])
        sourceInput.sendCompleted()
        samplerInput.sendCompleted()
        #expect(log.entries.last == "|")
    }

    @Test("sample(on:) sends the value alone")
    func sampleOn() {
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        let (sampler, samplerInput) = Signal<(), Never>.pipe()
        let log = Transcript()
        source.sample(on: sampler).observe(log.observer())
        sourceInput.send(value: 1)
        samplerInput.send(value: ())
        samplerInput.send(value: ())
        #expect(log.entries == ["1", "1"])
        samplerInput.sendCompleted()
        sourceInput.sendCompleted()
        #expect(log.entries == ["1", "1", "|"])
    }

    @Test("completes only when both have completed, in either order", arguments: [true, false])
    func completion(_ sourceFirst: Bool) {
        let (source, sourceInput) = Signal<Int, Never>.pipe()
        let (sampler, samplerInput) = Signal<(), Never>.pipe()
        let log = Transcript()
        source.sample(on: sampler).observe(log.observer())
        sourceInput.send(value: 5)
        if sourceFirst {
            sourceInput.sendCompleted()
            samplerInput.send(value: ())  // the last value can still be sampled
            #expect(log.entries == ["5"])
            samplerInput.sendCompleted()
        } else {
            samplerInput.sendCompleted()
            sourceInput.send(value: 6)
            #expect(log.entries.isEmpty)
            sourceInput.sendCompleted()
        }
        #expect(log.entries.last == "|")
    }

    @Test("fails with the source; is interrupted by either")
    func failureAndInterruption() {
        let (source, sourceInput) = Signal<Int, TestError>.pipe()
        let (sampler, samplerInput) = Signal<(), Never>.pipe()
        let failed = Transcript()
        source.sample(on: sampler).observe(failed.observer())
        sourceInput.send(error: .first)
        samplerInput.send(value: ())
        #expect(failed.entries == ["#first"])

        let (source2, sourceInput2) = Signal<Int, TestError>.pipe()
        let (sampler2, samplerInput2) = Signal<(), Never>.pipe()
        let interrupted = Transcript()
        source2.sample(on: sampler2).observe(interrupted.observer())
        samplerInput2.sendInterrupted()
        #expect(interrupted.entries == ["!"])
        withExtendedLifetime(sourceInput2) {}
    }

    @Test("producers: the sampler starts with each run and is interrupted when it ends")
    func producers() {
        let source = CombiningProbe<Int, TestError>()
        let sampler = CombiningProbe<String, Never>()
        let log = Transcript()
        let disposable = source.producer.sample(with: sampler.producer).start(log.observer(pair))
        #expect(source.starts == 1 && sampler.starts == 1)
        source.input.send(value: 1)
        sampler.input.send(value: "t")
        #expect(log.entries == ["(1, t)"])
        disposable.dispose()
        #expect(log.entries == ["(1, t)", "!"])
        #expect(source.hasEnded && sampler.hasEnded)

        let onLog = Transcript()
        SignalProducer<Int, Never>([1, 2]).sample(on: SignalProducer<(), Never>(value: ())).start(onLog.observer())
        // The source runs first, as in ReactiveSwift: the synchronous sampler samples its last value.
        #expect(onLog.entries == ["2", "|"])
        let withLog = Transcript()
        SignalProducer<Int, Never>(value: 1).sample(with: SignalProducer<String, Never>(value: "s")).start(withLog.observer(pair))
        #expect(withLog.entries == ["(1, s)", "|"])
        let (ticks, tickInput) = Signal<(), Never>.pipe()
        let convertible = Transcript()
        let sampledOn = SignalProducer<Int, Never>(value: 9).concat(.never).sample(on: ticks)
            .start(convertible.observer())
        tickInput.send(value: ())
        #expect(convertible.entries == ["9"])
        let withConvertible = Transcript()
        let sampledWith = SignalProducer<Int, Never>(value: 9).concat(.never).sample(with: ticks.map { _ in "x" })
            .start(withConvertible.observer(pair))
        tickInput.send(value: ())
        #expect(withConvertible.entries == ["(9, x)"])
        tickInput.sendCompleted()
        sampledOn.dispose()
        sampledWith.dispose()
        #expect(withConvertible.entries == ["(9, x)", "!"])
    }
}

@Suite("sample marbles")
struct SampleMarbleTests {
    @Test("each sampler value samples the latest value; completes when both completed")
    func timing() {
        let test = MarbleTest()
        let source = test.hot("-a-b--c---|")
        let sampler = neverFailing(test.hot("x-x--y-z-|"))
        test.expect(source.sample(with: sampler).map { $0 + $1 }, "--p--q-r--|",
                    values: ["p": "ax", "q": "by", "r": "cz"])
    }

    @Test("sample(on:) repeats the latest value; the source may complete first")
    func sampleOn() {
        let test = MarbleTest()
        let source = test.hot("-a|")
        let sampler = neverFailing(test.hot("--x--x-|")).map { _ in () }
        test.expect(source.sample(on: sampler), "--a--a-|")
    }

    @Test("the source's failure ends the result; the sampler's interruption too")
    func failureAndInterruption() {
        let test = MarbleTest()
        let source = test.hot("-a--#")
        let sampler = neverFailing(test.hot("--x----x"))
        test.expect(source.sample(with: sampler).map { $0 + $1 }, "--p-#", values: ["p": "ax"])
        let other = MarbleTest()
        let source2 = other.hot("-a------")
        let sampler2 = neverFailing(other.hot("--x-!"))
        other.expect(source2.sample(with: sampler2).map { $0 + $1 }, "--p-!", values: ["p": "ax"])
    }

    @Test("cold: the sampler runs with each run; disposal interrupts both")
    func coldAndDisposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b---|")
        let sampler = test.cold("--x---x-")
        test.expect(source.producer.sample(with: sampler.producer.lift(neverFailing)).map { $0 + $1 }, "--p--!",
                    values: ["p": "ax"], disposeAt: 5)
        #expect(source.subscriptions == ["^----!"])
        #expect(sampler.subscriptions == ["^----!"])
        let other = MarbleTest()
        let source2 = other.cold("-a|")
        let sampler2 = other.cold("--x-|")
        other.expect(source2.producer.sample(on: sampler2.producer.lift(neverFailing).map { _ in () }), "--a-|")
        #expect(sampler2.subscriptions == ["^---!"])
    }
}
