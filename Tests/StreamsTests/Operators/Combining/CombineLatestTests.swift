import Foundation
import StreamsTesting
import Testing
@testable import Streams

@Suite("combineLatest")
struct CombineLatestTests {
    @Test("nothing until both sent, then the latest of each on every value")
    func values() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<String, TestError>.pipe()
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        aInput.send(value: 2)
        #expect(log.entries.isEmpty)
        bInput.send(value: "x")
        aInput.send(value: 3)
        bInput.send(value: "y")
        #expect(log.entries == ["(2, x)", "(3, x)", "(3, y)"])
        aInput.sendCompleted()
        bInput.sendCompleted()
    }

    @Test("combineLatest(with:) puts this signal first")
    func withMethod() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<String, Never>.pipe()
        let log = Transcript()
        a.combineLatest(with: b).observe(log.observer(pair))
        bInput.send(value: "x")
        aInput.send(value: 1)
        #expect(log.entries == ["(1, x)"])
    }

    @Test("completes once both completed; values go on while one still runs")
    func completesWhenAllComplete() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        bInput.send(value: 10)
        aInput.sendCompleted()
        bInput.send(value: 20)
        #expect(log.entries == ["(1, 10)", "(1, 20)"])
        bInput.sendCompleted()
        #expect(log.entries == ["(1, 10)", "(1, 20)", "|"])
    }

    @Test("a source completing without having sent does not complete the result: every source must complete", arguments: [0, 1])
    func completesWhenEverySourceCompleted(_ emptyIndex: Int) {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let inputs = [aInput, bInput]
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        inputs[1 - emptyIndex].send(value: 5)
        inputs[emptyIndex].sendCompleted()
        #expect(log.entries == [])
        inputs[1 - emptyIndex].send(value: 6)
        #expect(log.entries == [])
        inputs[1 - emptyIndex].sendCompleted()
        #expect(log.entries == ["|"])
    }

    @Test("after a source completed without a value, a failure of another still fails the result")
    func failureAfterEmptyCompletion() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<Int, TestError>.pipe()
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        aInput.sendCompleted()
        bInput.send(value: 1)
        bInput.send(error: .first)
        #expect(log.entries == ["#first"])
    }

    @Test("fails at once with the first error, and ignores the rest")
    func failure() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<Int, TestError>.pipe()
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        bInput.send(error: .first)
        aInput.send(value: 2)
        aInput.send(error: .second)
        #expect(log.entries == ["#first"])
    }

    @Test("is interrupted as soon as a source is")
    func interruption() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        bInput.send(value: 2)
        aInput.sendInterrupted()
        bInput.send(value: 3)
        #expect(log.entries == ["(1, 2)", "!"])
    }

    @Test("an already terminated source interrupts the result at once")
    func terminatedSource() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        aInput.sendCompleted()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        Signal.combineLatest(a, b).observe(log.observer(pair))
        // The result terminated while it was created: observing it yields interruption.
        #expect(log.entries == ["!"])
        #expect(b.core.observerCount == 0, "b is not observed")
        withExtendedLifetime(bInput) {}
    }

    @Test("disposing the observation stops the source observations once the result is released")
    func signalDisposal() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let log = Transcript()
        let disposable = Signal.combineLatest(a, b).observe(log.observer(pair))
        aInput.send(value: 1)
        bInput.send(value: 1)
        disposable?.dispose()
        aInput.send(value: 2)
        #expect(log.entries == ["(1, 1)"])
        #expect(a.core.observerCount == 0)
        #expect(b.core.observerCount == 0)
    }

    @Test("three to ten signals give tuples in argument order")
    func arities() {
        let pipes = (0..<10).map { _ in Signal<Int, Never>.pipe() }
        let s = pipes.map(\.output)
        let log = Transcript()
        Signal.combineLatest(s[0], s[1], s[2]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3], s[4]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).observe(log.observer { "\($0)" })
        Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9])
            .observe(log.observer { "\($0)" })
        for (index, pipe) in pipes.enumerated().reversed() { pipe.input.send(value: index) }
        #expect(log.entries == (3...10).map { n in "(" + (0..<n).map(String.init).joined(separator: ", ") + ")" })
        for pipe in pipes { pipe.input.sendCompleted() }
        #expect(log.entries.filter { $0 == "|" }.count == 8)
    }

    @Test("a sequence of signals gives arrays; an empty one completes at once")
    func sequences() {
        let pipes = (0..<3).map { _ in Signal<Int, Never>.pipe() }
        let log = Transcript()
        Signal.combineLatest(pipes.map(\.output)).observe(log.observer())
        pipes[2].input.send(value: 2)
        pipes[0].input.send(value: 0)
        pipes[1].input.send(value: 1)
        pipes[0].input.send(value: 5)
        #expect(log.entries == ["[0, 1, 2]", "[5, 1, 2]"])
        for pipe in pipes { pipe.input.sendCompleted() }

        var ended: [String] = []
        Signal<Int, Never>.combineLatest([Signal<Int, Never>]()).observe { ended.append("\($0)") }
        #expect(ended == ["INTERRUPTED"])  // it completed while created; late observers see interruption
        let produced = Transcript()
        SignalProducer<Int, Never>.combineLatest([SignalProducer<Int, Never>]()).start(produced.observer())
        #expect(produced.entries == ["|"])
    }

    @Test("an empty sequence of producers sends the empty sentinel, then completes")
    func emptySentinel() {
        let log = Transcript()
        SignalProducer<Int, Never>.combineLatest([SignalProducer<Int, Never>](), emptySentinel: [42])
            .start(log.observer())
        #expect(log.entries == ["[42]", "|"])
        let nonEmpty = Transcript()
        SignalProducer<Int, Never>.combineLatest([SignalProducer(value: 1)], emptySentinel: [42])
            .start(nonEmpty.observer())
        #expect(nonEmpty.entries == ["[1]", "|"])
    }

    @Test("synchronous producers start in order: the first runs to its end before the second")
    func synchronousProducers() {
        let log = Transcript()
        SignalProducer.combineLatest(SignalProducer<Int, Never>([1, 2]), SignalProducer<String, Never>(["a", "b"]))
            .start(log.observer(pair))
        #expect(log.entries == ["(2, a)", "(2, b)", "|"])
    }

    @Test("a producer completing empty does not end the run: the others start and must complete too")
    func emptyProducerWaitsForTheRest() {
        let probe = CombiningProbe<Int, Never>()
        let log = Transcript()
        SignalProducer.combineLatest(SignalProducer<Int, Never>.empty, probe.producer).start(log.observer(pair))
        #expect(log.entries == [])
        #expect(probe.starts == 1)
        probe.input.send(value: 1)
        #expect(log.entries == [])
        probe.input.sendCompleted()
        #expect(log.entries == ["|"])
    }

    @Test("each start runs the sources anew; disposing a run interrupts every source")
    func producerRunsAndDisposal() {
        let a = CombiningProbe<Int, TestError>()
        let b = CombiningProbe<Int, TestError>()
        let combined = a.producer.combineLatest(with: b.producer)
        let first = Transcript()
        let disposable = combined.start(first.observer(pair))
        a.input.send(value: 1)
        b.input.send(value: 2)
        #expect(first.entries == ["(1, 2)"])
        let second = Transcript()
        combined.start(second.observer(pair))
        #expect(a.starts == 2 && b.starts == 2)
        a.input.send(value: 3)
        #expect(second.entries.isEmpty)
        disposable.dispose()
        #expect(first.entries == ["(1, 2)", "!"])
        #expect(a.lifetimes[0].hasEnded && b.lifetimes[0].hasEnded)
        #expect(!a.lifetimes[1].hasEnded && !b.lifetimes[1].hasEnded)
        b.input.send(error: .second)
        #expect(second.entries == ["#second"])
        #expect(a.lifetimes[1].hasEnded, "a failure interrupts the other source")
    }

    @Test("the convertible overloads accept signals and other convertibles")
    func convertibles() {
        let (b, bInput) = Signal<String, Never>.pipe()
        let log = Transcript()
        SignalProducer<Int, Never>(value: 1).combineLatest(with: b).start(log.observer(pair))
        bInput.send(value: "x")
        #expect(log.entries == ["(1, x)"])
        bInput.sendCompleted()
        #expect(log.entries == ["(1, x)", "|"])

        let tuples = Transcript()
        SignalProducer<Int, Never>.combineLatest(
            SignalProducer(value: 1), SignalProducer(value: "b"), Result<Double, Never>.success(2.5)
        ).start(tuples.observer { "\($0)" })
        #expect(tuples.entries == ["(1, \"b\", 2.5)", "|"])
    }

    @Test("combineLatest(with:) on a producer takes a property, an existential one, a result and a stream")
    func producerWithEveryConvertible() {
        let property = MutableProperty("p")
        let existential: any PropertyProtocol<String> = property
        let convertible: any SignalProducerConvertible<String, Never> = SignalProducer(value: "c")
        let log = Transcript()
        SignalProducer<Int, Never>(value: 1).combineLatest(with: property).start(log.observer(pair))
        SignalProducer<Int, Never>(value: 2).combineLatest(with: existential).start(log.observer(pair))
        SignalProducer<Int, Never>(value: 3).combineLatest(with: convertible).start(log.observer(pair))
        SignalProducer<Int, Never>(value: 4).combineLatest(with: Result<String, Never>.success("r")).start(log.observer(pair))
        SignalProducer<Int, Never>(value: 5).combineLatest(with: SignalProducer<String, Never>(value: "s").stream).start(log.observer(pair))
        #expect(log.entries == ["(1, p)", "(2, p)", "(3, c)", "|", "(4, r)", "|", "(5, s)", "|"])
        property.value = "q"
        #expect(log.entries.suffix(2) == ["(1, q)", "(2, q)"])
    }

    @Test("producers of three to ten sources give tuples in argument order")
    func producerArities() {
        func p(_ value: Int) -> SignalProducer<Int, Never> { SignalProducer(value: value) }
        let log = Transcript()
        SignalProducer.combineLatest(p(0), p(1), p(2)).start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3)).start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3), p(4)).start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3), p(4), p(5)).start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3), p(4), p(5), p(6)).start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7)).start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8))
            .start(log.observer { "\($0)" })
        SignalProducer.combineLatest(p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8), p(9))
            .start(log.observer { "\($0)" })
        let tuples = (3...10).map { n in "(" + (0..<n).map(String.init).joined(separator: ", ") + ")" }
        #expect(log.entries == tuples.flatMap { [$0, "|"] })
    }

    @Test("a value sent from inside the observer is delivered after the current one, in order")
    func reentrancy() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        var log: [String] = []
        Signal.combineLatest(a, b).observeValues { value in
            log.append(pair(value))
            if value == (1, 1) {
                // b is delivering: its value waits for b's delivery to end. a is not: its value
                // reaches the combination at once, which queues it behind the current one.
                bInput.send(value: 2)
                aInput.send(value: 3)
                log.append("sent")
            }
        }
        aInput.send(value: 1)
        bInput.send(value: 1)
        #expect(log == ["(1, 1)", "sent", "(3, 1)", "(3, 2)"])
        aInput.sendCompleted()
        bInput.sendCompleted()
    }

    @Test("a value replaced by a newer one is released")
    func releasesReplacedValues() {
        let (a, aInput) = Signal<TestCanary, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        Signal.combineLatest(a, b).observeValues { _ in }
        weak var old: TestCanary?
        do {
            let canary = TestCanary("old")
            old = canary
            aInput.send(value: canary)
        }
        bInput.send(value: 1)
        #expect(old != nil)
        aInput.send(value: TestCanary("new"))
        #expect(old == nil)
        aInput.sendCompleted()
        bInput.sendCompleted()
    }

    @Test("a completed run releases the sources and the observer")
    func noLeak() {
        weak var weakCanary: TestCanary?
        do {
            let canary = TestCanary()
            weakCanary = canary
            let a = CombiningProbe<Int, Never>()
            SignalProducer.combineLatest(a.producer, SignalProducer(value: 1))
                .startWithValues { _ in _ = canary }
            a.input.send(value: 1)
            a.input.sendCompleted()
        }
        #expect(weakCanary == nil)
    }
}

@Suite("combineLatest allocations (release builds)", .enabled(if: allocationCountsApply,
       "allocation counts are measured on optimized builds without sanitizers"))
struct CombineLatestAllocationTests {
    @Test("two pipes combined, sends alternating between them: nothing allocated per send")
    func twoPipes() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        var sum = 0
        Signal.combineLatest(a, b).observeValues { sum &+= $0 &+ $1 }
        aInput.send(value: 0)
        bInput.send(value: 0)
        let counted = allocations {
            for value in 1...10_000 {
                aInput.send(value: value)
                bInput.send(value: value)
            }
        }
        #expect(counted == 0)
        #expect(sum == (1...10_000).reduce(0) { $0 + 2 * $1 + ($1 - 1) + $1 })
        aInput.sendCompleted()
        bInput.sendCompleted()
    }

    @Test("zip of two pipes in step: nothing allocated per pair")
    func zipInStep() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        var sum = 0
        Signal.zip(a, b).observeValues { sum &+= $0 &+ $1 }
        aInput.send(value: 0)
        bInput.send(value: 0)
        let counted = allocations {
            for value in 1...10_000 {
                aInput.send(value: value)
                bInput.send(value: value)
            }
        }
        #expect(counted == 0)
        #expect(sum == 2 * (1...10_000).reduce(0, +))
        aInput.sendCompleted()
        bInput.sendCompleted()
    }
}

@Suite("combineLatest marbles")
struct CombineLatestMarbleTests {
    @Test("a combination once both sent, then one per value; completes with the last source")
    func timing() {
        let test = MarbleTest()
        let a = test.hot("-a--b---c-|")
        let b = test.hot("--x---y----|")
        test.expect(Signal.combineLatest(a, b).map { $0 + $1 }, "--p-q-r-s--|",
                    values: ["p": "ax", "q": "bx", "r": "by", "s": "cy"])
    }

    @Test("completion in either order waits for the other source")
    func completionOrder() {
        let test = MarbleTest()
        let a = test.hot("-a-|")
        let b = test.hot("--x--y-|")
        test.expect(a.combineLatest(with: b).map { $0 + $1 }, "--p--q-|", values: ["p": "ax", "q": "ay"])
        let other = MarbleTest()
        let c = other.hot("-c---b--|")
        let d = other.hot("--x|")
        other.expect(c.combineLatest(with: d).map { $0 + $1 }, "--p--q--|", values: ["p": "cx", "q": "bx"])
    }

    @Test("a source completing without a value: the result completes when the other does")
    func emptySourceCompletesWithTheOther() {
        let test = MarbleTest()
        let a = test.hot("---|")
        let b = test.hot("-x----y--|")
        test.expect(Signal.combineLatest(a, b).map { $0 + $1 }, "---------|")
    }

    @Test("a failure or an interruption ends the result at once")
    func failureAndInterruption() {
        let test = MarbleTest()
        let a = test.hot("-a---#")
        let b = test.hot("--x-y--")
        test.expect(Signal.combineLatest(a, b).map { $0 + $1 }, "--p-q#", values: ["p": "ax", "q": "ay"])
        let other = MarbleTest()
        let c = other.hot("-c--!")
        let d = other.hot("--x---y")
        other.expect(Signal.combineLatest(c, d).map { $0 + $1 }, "--p-!", values: ["p": "cx"])
    }

    @Test("cold sources start together and end with the result")
    func coldSubscriptions() {
        let test = MarbleTest()
        let a = test.cold("-a--b|")
        let b = test.cold("--x----y|")
        test.expect(SignalProducer.combineLatest(a, b).map { $0 + $1 }, "--p-q--r|",
                    values: ["p": "ax", "q": "bx", "r": "by"])
        #expect(a.subscriptions == ["^----!"])
        #expect(b.subscriptions == ["^-------!"])
    }

    @Test("a failing cold source interrupts the other")
    func coldFailure() {
        let test = MarbleTest()
        let a = test.cold("-a-#")
        let b = test.cold("--x---y|")
        test.expect(a.producer.combineLatest(with: b).map { $0 + $1 }, "--p#", values: ["p": "ax"])
        #expect(a.subscriptions == ["^--!"])
        #expect(b.subscriptions == ["^--!"])
    }

    @Test("disposal interrupts the result and both sources")
    func disposal() {
        let test = MarbleTest()
        let a = test.cold("-a--b--c|")
        let b = test.cold("--x----y|")
        test.expect(SignalProducer.combineLatest(a, b).map { $0 + $1 }, "--p-q!",
                    values: ["p": "ax", "q": "bx"], disposeAt: 5)
        #expect(a.subscriptions == ["^----!"])
        #expect(b.subscriptions == ["^----!"])
    }

    @Test("an empty cold source: the run completes when the other source does")
    func coldEmpty() {
        let test = MarbleTest()
        let a = test.cold("--|")
        let b = test.cold("-x----|")
        test.expect(SignalProducer.combineLatest(b, a).map { $0 + $1 }, "------|")
        #expect(a.subscriptions == ["^-!"])
        #expect(b.subscriptions == ["^-----!"])
    }

    @Test("three sources and a sequence of sources")
    func manySources() {
        let test = MarbleTest()
        let a = test.hot("-a----b-|")
        let b = test.hot("--x-----|")
        let c = test.hot("---1--2-|")
        test.expect(Signal.combineLatest(a, b, c).map { $0 + $1 + $2 }, "---p--(qr)-|",
                    values: ["p": "ax1", "q": "bx1", "r": "bx2"])
        let other = MarbleTest()
        let d = other.hot("-a----b-|")
        let e = other.hot("--x-----|")
        let f = other.hot("---1--2-|")
        other.expect(Signal.combineLatest([d, e, f]).map { $0.joined() }, "---p--(qr)-|",
                     values: ["p": "ax1", "q": "bx1", "r": "bx2"])
    }
}
