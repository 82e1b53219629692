import Foundation
import StreamsTesting
import Testing
@testable import Streams

@Suite("negate, and, or, all, any")
struct BooleansTests {
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

@Suite("Bool operator marbles")
struct BooleansMarbleTests {
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
