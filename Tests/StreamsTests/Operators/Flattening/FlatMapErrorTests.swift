import Foundation
import StreamsTesting
import Testing
@testable import Streams
import TestSupport

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
