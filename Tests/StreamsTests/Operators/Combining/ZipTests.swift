import Foundation
import StreamsTesting
import Testing
@testable import Streams
import TestSupport

@Suite("zip")
struct ZipTests {
    @Test("pairs the n-th values, keeping the values of the side that is ahead")
    func values() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<String, TestError>.pipe()
        let log = Transcript()
        Signal.zip(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        aInput.send(value: 2)
        aInput.send(value: 3)
        #expect(log.entries.isEmpty)
        bInput.send(value: "x")
        bInput.send(value: "y")
        #expect(log.entries == ["(1, x)", "(2, y)"])
        bInput.send(value: "z")
        bInput.send(value: "w")
        aInput.send(value: 4)
        #expect(log.entries == ["(1, x)", "(2, y)", "(3, z)", "(4, w)"])
        aInput.sendCompleted()
        bInput.sendCompleted()
    }

    @Test("zip(with:) puts this signal first")
    func withMethod() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<String, Never>.pipe()
        let log = Transcript()
        a.zip(with: b).observe(log.observer(pair))
        bInput.send(value: "x")
        aInput.send(value: 1)
        #expect(log.entries == ["(1, x)"])
    }

    @Test("completes once a completed side has every value paired")
    func completesWhenExhausted() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        Signal.zip(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        aInput.send(value: 2)
        aInput.sendCompleted()
        #expect(log.entries.isEmpty)
        bInput.send(value: 10)
        #expect(log.entries == ["(1, 10)"])
        bInput.send(value: 20)
        #expect(log.entries == ["(1, 10)", "(2, 20)", "|"])
    }

    @Test("completes at once when a side completes with nothing left to pair", arguments: [0, 1])
    func completesAtOnce(_ completingIndex: Int) {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let inputs = [aInput, bInput]
        let log = Transcript()
        Signal.zip(a, b).observe(log.observer(pair))
        inputs[completingIndex].send(value: 1)
        inputs[1 - completingIndex].send(value: 1)
        inputs[1 - completingIndex].send(value: 2)
        inputs[completingIndex].sendCompleted()
        #expect(log.entries == ["(1, 1)", "|"])
    }

    @Test("the other side completing first does not end the zip while the first still has values to pair")
    func otherSideCompletionWithBuffer() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        Signal.zip(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        aInput.sendCompleted()
        bInput.sendCompleted()
        // b completed with nothing held: no pair can ever be made.
        #expect(log.entries == ["|"])
    }

    @Test("fails at once, even with values still unpaired")
    func failure() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<Int, TestError>.pipe()
        let log = Transcript()
        Signal.zip(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        aInput.send(value: 2)
        bInput.send(value: 1)
        aInput.send(error: .first)
        bInput.send(value: 2)
        #expect(log.entries == ["(1, 1)", "#first"])
    }

    @Test("is interrupted as soon as a side is")
    func interruption() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        Signal.zip(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        bInput.send(value: 1)
        aInput.send(value: 2)
        aInput.sendInterrupted()
        bInput.send(value: 2)
        #expect(log.entries == ["(1, 1)", "!"])
    }

    @Test("three to ten signals give tuples in argument order")
    func arities() {
        let pipes = (0..<10).map { _ in Signal<Int, Never>.pipe() }
        let s = pipes.map(\.output)
        let log = Transcript()
        Signal.zip(s[0], s[1], s[2]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3], s[4]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).observe(log.observer { "\($0)" })
        Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).observe(log.observer { "\($0)" })
        for (index, pipe) in pipes.enumerated().reversed() { pipe.input.send(value: index) }
        #expect(log.entries == (3...10).map { n in "(" + (0..<n).map(String.init).joined(separator: ", ") + ")" })
        for pipe in pipes { pipe.input.sendCompleted() }
        #expect(log.entries.filter { $0 == "|" }.count == 8)
    }

    @Test("producers of three to ten sources give tuples in argument order")
    func producerArities() {
        func p(_ value: Int) -> SignalProducer<Int, Never> { SignalProducer([value, value + 100]) }
        let log = Transcript()
        SignalProducer.zip(p(0), p(1), p(2)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3), p(4)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3), p(4), p(5)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3), p(4), p(5), p(6)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8)).start(log.observer { "\($0)" })
        SignalProducer.zip(p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8), p(9))
            .start(log.observer { "\($0)" })
        var expected: [String] = []
        for n in 3...10 {
            let firsts: [String] = (0..<n).map { String($0) }
            let seconds: [String] = (0..<n).map { String($0 + 100) }
            expected.append("(" + firsts.joined(separator: ", ") + ")")
            expected.append("(" + seconds.joined(separator: ", ") + ")")
            expected.append("|")
        }
        #expect(log.entries == expected)
    }

    @Test("a sequence gives arrays; empty completes at once, or sends the sentinel")
    func sequences() {
        let log = Transcript()
        SignalProducer<Int, Never>.zip([SignalProducer([1, 2, 3]), SignalProducer([10, 20])]).start(log.observer())
        #expect(log.entries == ["[1, 10]", "[2, 20]", "|"])
        let empty = Transcript()
        SignalProducer<Int, Never>.zip([SignalProducer<Int, Never>]()).start(empty.observer())
        #expect(empty.entries == ["|"])
        let sentinel = Transcript()
        SignalProducer<Int, Never>.zip([SignalProducer<Int, Never>](), emptySentinel: [7]).start(sentinel.observer())
        #expect(sentinel.entries == ["[7]", "|"])

        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        let signals = Transcript()
        Signal.zip(pipes.map(\.output)).observe(signals.observer())
        pipes[0].input.send(value: 0)
        pipes[0].input.send(value: 1)
        pipes[1].input.send(value: 10)
        pipes[2].input.send(value: 20)
        #expect(signals.entries == ["[0, 10, 20]"])
        for pipe in pipes { pipe.input.sendCompleted() }
        #expect(signals.entries == ["[0, 10, 20]", "|"])
    }

    @Test("an endless synchronous second producer is stopped after the last pair")
    func endlessSecondSide() {
        let produced = TestCounter()
        let naturals = SignalProducer<Int, Never> { observer, lifetime in
            var next = 0
            while !lifetime.hasEnded && next < 1_000_000 {
                produced.increment()
                observer.send(value: next)
                next += 1
            }
        }
        let log = Transcript()
        SignalProducer([10, 11, 12]).zip(with: naturals).start(log.observer(pair))
        #expect(log.entries == ["(10, 0)", "(11, 1)", "(12, 2)", "|"])
        #expect(produced.value == 3)
    }

    @Test("a million buffered values are paired in order, in constant stack", .offCooperativePool)
    func manyValues() {
        let count = 1_000_000
        var sum = 0
        var pairs = 0
        var inOrder = true
        var completed = false
        SignalProducer(0..<count).zip(with: SignalProducer(0..<count)).start { event in
            switch event {
            case let .value((a, b)):
                if a != b || a != pairs { inOrder = false }
                pairs += 1
                sum &+= a
            case .completed: completed = true
            default: break
            }
        }
        #expect(pairs == count)
        #expect(inOrder)
        #expect(sum == (0..<count).reduce(0, +))
        #expect(completed)
    }

    @Test("disposing a run interrupts both sources")
    func disposal() {
        let a = CombiningProbe<Int, Never>()
        let b = CombiningProbe<Int, Never>()
        let log = Transcript()
        let disposable = a.producer.zip(with: b.producer).start(log.observer(pair))
        a.input.send(value: 1)
        b.input.send(value: 2)
        disposable.dispose()
        #expect(log.entries == ["(1, 2)", "!"])
        #expect(a.hasEnded && b.hasEnded)
    }

    @Test("the convertible overload and the stream protocol's zip agree")
    func convertibleAndProtocol() {
        let (b, bInput) = Signal<String, Never>.pipe()
        let log = Transcript()
        let zipped: SignalProducer<(Int, String), Never> = SignalProducer([1, 2]).zip(with: b)
        zipped.start(log.observer(pair))
        bInput.send(value: "x")
        bInput.send(value: "y")
        #expect(log.entries == ["(1, x)", "(2, y)", "|"])

        let viaKind = ProducerKind<Never>.zip(SignalProducer([1, 2, 3]).stream, SignalProducer(["a"]).stream)
        let kindLog = Transcript()
        viaKind.producer.start(kindLog.observer(pair))
        #expect(kindLog.entries == ["(1, a)", "|"])
    }
}

@Suite("zip marbles")
struct ZipMarbleTests {
    @Test("pairs the n-th values when the later of the two arrives")
    func timing() {
        let test = MarbleTest()
        let a = test.hot("-a-b-c---|")
        let b = test.hot("--x---y-z|")
        test.expect(Signal.zip(a, b).map { $0 + $1 }, "--p---q-r|", values: ["p": "ax", "q": "by", "r": "cz"])
    }

    @Test("a completed source with values left completes once they are paired")
    func completionAfterBuffer() {
        let test = MarbleTest()
        let a = test.hot("-ab|")
        let b = test.hot("---x--y--")
        test.expect(a.zip(with: b).map { $0 + $1 }, "---p--(q|)", values: ["p": "ax", "q": "by"])
    }

    @Test("a source completing with nothing left completes the result at once, in either order")
    func completionEmpty() {
        let test = MarbleTest()
        let a = test.hot("-a--|")
        let b = test.hot("--x---y")
        test.expect(Signal.zip(a, b).map { $0 + $1 }, "--p-|", values: ["p": "ax"])
        let other = MarbleTest()
        let c = other.hot("-a-b---c")
        let d = other.hot("--x--|")
        other.expect(Signal.zip(c, d).map { $0 + $1 }, "--p--|", values: ["p": "ax"])
    }

    @Test("a failure or an interruption ends the result, even with values unpaired")
    func failureAndInterruption() {
        let test = MarbleTest()
        let a = test.hot("-ab-#")
        let b = test.hot("--x---")
        test.expect(Signal.zip(a, b).map { $0 + $1 }, "--p-#", values: ["p": "ax"])
        let other = MarbleTest()
        let c = other.hot("-a--")
        let d = other.hot("--x!")
        other.expect(Signal.zip(c, d).map { $0 + $1 }, "--p!", values: ["p": "ax"])
    }

    @Test("cold sources: the longer one is interrupted when the shorter one is exhausted")
    func coldSubscriptions() {
        let test = MarbleTest()
        let a = test.cold("-a-b|")
        let b = test.cold("--x---y-z|")
        test.expect(SignalProducer.zip(a, b).map { $0 + $1 }, "--p---(q|)", values: ["p": "ax", "q": "by"])
        #expect(a.subscriptions == ["^---!"])
        #expect(b.subscriptions == ["^-----!"])
    }

    @Test("disposal interrupts the result and both sources")
    func disposal() {
        let test = MarbleTest()
        let a = test.cold("-a-b-c|")
        let b = test.cold("--x-y-z|")
        test.expect(a.producer.zip(with: b).map { $0 + $1 }, "--p-(q!)", values: ["p": "ax", "q": "by"], disposeAt: 4)
        #expect(a.subscriptions == ["^---!"])
        #expect(b.subscriptions == ["^---!"])
    }

    @Test("three sources and a sequence of sources")
    func manySources() {
        let test = MarbleTest()
        let a = test.hot("-ab----|")
        let b = test.hot("--x--y-|")
        let c = test.hot("---12--|")
        test.expect(Signal.zip(a, b, c).map { $0 + $1 + $2 }, "---p-q-|", values: ["p": "ax1", "q": "by2"])
        let other = MarbleTest()
        let d = other.cold("-ab----|")
        let e = other.cold("--x--y-|")
        let f = other.cold("---12--|")
        other.expect(SignalProducer.zip([d, e, f]).map { $0.joined() }, "---p-q-|", values: ["p": "ax1", "q": "by2"])
        #expect(d.subscriptions == ["^------!"])
    }
}
