import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("concat and prefix")
struct ConcatTests {
    @Test("concat(_:) sends this producer's values, then the next one's, and completes after it")
    func concatOrder() {
        let first = SignalProducer<Int, TestError>([1, 2])
        let second = SignalProducer<Int, TestError>([3, 4])
        #expect(eventsDuringStart(of: first.concat(second)) == [.value(1), .value(2), .value(3), .value(4), .completed])
    }

    @Test("a failure of the first producer ends the result; the next one never starts")
    func firstFails() {
        let starts = TestCounter()
        let first = countedProducer([1], then: .failed(.second), starts: TestCounter())
        let next = countedProducer([9], then: .completed, starts: starts)
        #expect(eventsDuringStart(of: first.concat(next)) == [.value(1), .failed(.second)])
        #expect(starts.value == 0)
    }

    // Regression: concat ended the result when a producer was interrupted, where ReactiveSwift,
    // whose concat flattens the producers with the concat strategy, treats the interruption as
    // the producer's completion (found by the generated pipelines of StreamsModelTests).
    @Test("an interruption of either producer counts as its completion, as in ReactiveSwift")
    func interruptionCountsAsCompletion() {
        let starts = TestCounter()
        let interrupted = countedProducer([1], then: .interrupted, starts: TestCounter())
        let next = countedProducer([9], then: .completed, starts: starts)
        #expect(eventsDuringStart(of: interrupted.concat(next)) == [.value(1), .value(9), .completed])
        #expect(starts.value == 1)
        #expect(eventsDuringStart(of: next.concat(interrupted)) == [.value(9), .value(1), .completed])
        #expect(eventsDuringStart(of: next.prefix(interrupted)) == [.value(1), .value(9), .completed])
        #expect(eventsDuringStart(of: interrupted.concat(value: 2)) == [.value(1), .value(2), .completed])

        let test = MarbleTest()
        let a = test.cold("-x!")
        let b = test.cold("-y|")
        test.expect(a.producer.concat(b.producer), "-x-y|")
        #expect(b.subscriptions == ["--^-!"])
    }

    @Test("disposing the result during an interrupted producer's stage starts no other producer")
    func disposalStartsNothing() {
        let test = MarbleTest()
        let a = test.cold("-x----|")
        let b = test.cold("-y|")
        test.expect(a.producer.concat(b.producer), "-x-!", disposeAt: 3)
        #expect(b.subscriptions == [])
    }

    @Test("a failure of the next producer is forwarded")
    func nextFails() {
        let events = eventsDuringStart(of: SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .first)))
        #expect(events == [.value(1), .failed(.first)])
    }

    @Test("concat(value:) appends one value; concat(error:) fails instead of completing")
    func valueAndError() {
        let source = SignalProducer<Int, TestError>([1, 2])
        #expect(eventsDuringStart(of: source.concat(value: 3)) == [.value(1), .value(2), .value(3), .completed])
        #expect(eventsDuringStart(of: source.concat(error: .second)) == [.value(1), .value(2), .failed(.second)])
        // The error of the source wins: concat(error:) is not reached.
        let failing = SignalProducer<Int, TestError>(error: .first)
        #expect(eventsDuringStart(of: failing.concat(error: .second)) == [.failed(.first)])
        #expect(eventsDuringStart(of: failing.concat(value: 3)) == [.failed(.first)])
    }

    @Test("prefix(_:) and prefix(value:) run before this producer")
    func prefixes() {
        let source = SignalProducer<Int, TestError>([3, 4])
        #expect(eventsDuringStart(of: source.prefix(SignalProducer([1, 2]))) == [.value(1), .value(2), .value(3), .value(4), .completed])
        #expect(eventsDuringStart(of: source.prefix(value: 0)) == [.value(0), .value(3), .value(4), .completed])
        let starts = TestCounter()
        let guarded = countedProducer([], then: .completed, starts: starts)
            .prefix(SignalProducer<Int, TestError>(error: .first))
        #expect(eventsDuringStart(of: guarded) == [.failed(.first)])
        #expect(starts.value == 0)
    }

    @Test("the SignalProducerConvertible forms take results and kind-level streams")
    func convertibleForms() {
        let source = SignalProducer<Int, TestError>(value: 1)
        let ok: Result<Int, TestError> = .success(2)
        #expect(eventsDuringStart(of: source.concat(ok)) == [.value(1), .value(2), .completed])
        #expect(eventsDuringStart(of: source.prefix(ok)) == [.value(2), .value(1), .completed])
        let stream = SignalProducer<Int, TestError>(value: 3).stream
        #expect(eventsDuringStart(of: source.concat(stream)) == [.value(1), .value(3), .completed])
    }

    @Test("the protocol forms still resolve, on producers and on generic streams")
    func protocolForms() {
        let source = SignalProducer<Int, Never>([2, 3])
        #expect(eventsDuringStart(of: source.startWith(1)) == [.value(1), .value(2), .value(3), .completed])
        func generic<S: StreamProtocol>(_ stream: S, _ value: S.Value) -> S { stream.concat(stream).prefix(value: value) }
        #expect(eventsDuringStart(of: generic(source, 0)) == [.value(0), .value(2), .value(3), .value(2), .value(3), .completed])
        #expect(Array(generic(MemoizedSequence([5]), 4)) == [4, 5, 5])
    }

    @Test("each start runs both producers anew")
    func coldness() {
        let firstStarts = TestCounter()
        let secondStarts = TestCounter()
        let producer = countedProducer([1], then: .completed, starts: firstStarts)
            .concat(countedProducer([2], then: .completed, starts: secondStarts))
        _ = eventsDuringStart(of: producer)
        _ = eventsDuringStart(of: producer)
        #expect(firstStarts.value == 2 && secondStarts.value == 2)
    }

    @Test("disposal interrupts the running producer and starts no other")
    func disposal() {
        let first = ManualSource<Int, TestError>()
        let second = ManualSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let disposable = first.producer.concat(second.producer).start(log.observer)
        first.input.send(value: 1)
        disposable.dispose()
        #expect(first.lifetime.hasEnded)
        first.input.sendCompleted()
        #expect(second.starts == 0)
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("disposing from inside the observer stops an endless synchronous first producer")
    func disposalFromObserver() {
        let (events, produced) = disposedFromObserver(afterValues: 3) { $0.concat(SignalProducer(value: -1)) }
        #expect(events == [.value(0), .value(1), .value(2), .interrupted])
        #expect(produced <= 4)
    }
}

@Suite("concat and prefix marbles")
struct ConcatMarbleTests {
    @Test("the second producer starts when the first completes")
    func sequential() {
        let test = MarbleTest()
        let first = test.cold("-a-b|")
        let second = test.cold("--c|")
        test.expect(first.producer.concat(second.producer), "-a-b--c|")
        #expect(first.subscriptions == ["^---!"])
        #expect(second.subscriptions == ["----^--!"])
    }

    @Test("a failure of the first producer is forwarded at its frame; the second never starts")
    func failure() {
        let test = MarbleTest()
        let first = test.cold("-a#")
        let second = test.cold("-b|")
        test.expect(first.producer.concat(second.producer), "-a#")
        #expect(second.subscriptions.isEmpty)
    }

    @Test("disposal during the second producer ends its subscription")
    func disposal() {
        let test = MarbleTest()
        let first = test.cold("a|")
        let second = test.cold("--b--c|")
        test.expect(first.producer.concat(second.producer), "a--b-!", disposeAt: 5)
        #expect(second.subscriptions == ["-^---!"])
    }
}
