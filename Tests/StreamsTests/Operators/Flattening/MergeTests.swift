import Foundation
import StreamsTesting
import Testing
@testable import Streams
import TestSupport

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
