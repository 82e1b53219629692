import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("then(_:)")
struct ThenTests {
    @Test("drops this producer's values and runs the replacement once it completed")
    func replaces() {
        let events = eventsDuringStart(of: SignalProducer<Int, TestError>([1, 2, 3]).then(SignalProducer<String, TestError>(value: "done")))
        #expect(events == [.value("done"), .completed])
    }

    @Test("a failure or an interruption is forwarded and the replacement never starts",
          arguments: [Termination<TestError>.failed(.second), .interrupted])
    func forwardsEnd(_ termination: Termination<TestError>) {
        let starts = TestCounter()
        let replacement = countedProducer([9], then: .completed, starts: starts)
        let events = eventsDuringStart(of: countedProducer([1], then: termination, starts: TestCounter()).then(replacement))
        #expect(events == [Signal.Event(termination)])
        #expect(starts.value == 0)
    }

    @Test("the replacement's failure is forwarded")
    func replacementFails() {
        let events = eventsDuringStart(of: SignalProducer<Int, TestError>.empty.then(SignalProducer<Int, TestError>(error: .first)))
        #expect(events == [.failed(.first)])
    }

    @Test("the replacement starts only after completion, and anew on each start")
    func asynchronous() {
        let source = ManualSource<Int, TestError>()
        let starts = TestCounter()
        let replacement = countedProducer([7], then: .completed, starts: starts)
        let log = EventLog<Int, TestError>()
        let producer = source.producer.then(replacement)
        producer.start(log.observer)
        source.send([.value(1), .value(2)])
        #expect(starts.value == 0)
        #expect(log.events.isEmpty)
        source.send([.completed])
        #expect(log.events == [.value(7), .completed])
        producer.start()
        source.send([.completed])
        #expect(starts.value == 2)
        #expect(source.starts == 2)
    }

    @Test("disposal before completion interrupts and the replacement never starts")
    func disposal() {
        let source = ManualSource<Int, TestError>()
        let starts = TestCounter()
        let log = EventLog<Int, TestError>()
        let disposable = source.producer.then(countedProducer([7], then: .completed, starts: starts)).start(log.observer)
        disposable.dispose()
        #expect(source.lifetime.hasEnded)
        source.send([.completed])
        #expect(starts.value == 0)
        #expect(log.events == [.interrupted])
    }

    @Test("every overload resolves and keeps the types ReactiveSwift gives")
    func overloads() {
        let failing = SignalProducer<Int, TestError>(value: 1)
        let neverFailing = SignalProducer<Int, Never>(value: 1)
        let strings = SignalProducer<String, Never>(value: "a")
        let failingStrings = SignalProducer<String, TestError>(value: "b")
        let success: Result<String, TestError> = .success("c")

        // extension SignalProducer
        let a: SignalProducer<String, TestError> = failing.then(strings)
        let b: SignalProducer<String, TestError> = failing.then(failingStrings)
        let c: SignalProducer<String, TestError> = failing.then(success)
        let d: SignalProducer<Int, TestError> = failing.then(.empty)
        let e: SignalProducer<Int, TestError> = failing.then(SignalProducer<Int, Never>(value: 2))
        let f = failing.then(Property(value: "p"))
        // extension SignalProducer where Error == Never
        let g: SignalProducer<String, TestError> = neverFailing.then(failingStrings)
        let h: SignalProducer<String, Never> = neverFailing.then(strings)
        let i = neverFailing.then(success)
        let j: SignalProducer<Int, Never> = neverFailing.then(.empty)
        let k = neverFailing.then(Property(value: 3))
        let l = neverFailing.then(strings)

        #expect(eventsDuringStart(of: a) == [.value("a"), .completed])
        #expect(eventsDuringStart(of: b) == [.value("b"), .completed])
        #expect(eventsDuringStart(of: c) == [.value("c"), .completed])
        #expect(eventsDuringStart(of: d) == [.completed])
        #expect(eventsDuringStart(of: e) == [.value(2), .completed])
        #expect(eventsDuringStart(of: f).compactMap(\.value) == ["p"])
        #expect(eventsDuringStart(of: g) == [.value("b"), .completed])
        #expect(eventsDuringStart(of: h) == [.value("a"), .completed])
        #expect(eventsDuringStart(of: i) == [.value("c"), .completed])
        #expect(eventsDuringStart(of: j) == [.completed])
        #expect(eventsDuringStart(of: k).compactMap(\.value) == [3])
        #expect(eventsDuringStart(of: l) == [.value("a"), .completed])
        #expect(type(of: f) == SignalProducer<String, TestError>.self)
        #expect(type(of: i) == SignalProducer<String, TestError>.self)
        #expect(type(of: k) == SignalProducer<Int, Never>.self)
        #expect(type(of: l) == SignalProducer<String, Never>.self)
    }
}

@Suite("then(_:) marbles")
struct ThenMarbleTests {
    @Test("the replacement starts at the frame this producer completes")
    func replaces() {
        let test = MarbleTest()
        let first = test.cold("-a-b|")
        let replacement = test.cold("-c|")
        test.expect(first.producer.then(replacement.producer), "-----c|")
        #expect(replacement.subscriptions == ["----^-!"])
    }

    @Test("a failure is forwarded at its frame")
    func failure() {
        let test = MarbleTest()
        let first = test.cold("-a-#")
        let replacement = test.cold("-c|")
        test.expect(first.producer.then(replacement.producer), "---#")
        #expect(replacement.subscriptions.isEmpty)
    }
}
