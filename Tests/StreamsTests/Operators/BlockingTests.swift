import Foundation
import Testing
@testable import Streams

// first(), single(), last() and wait(): running a producer to its end on the calling thread.

/// A start-handler producer that sends `events` from a thread of its own, after a short pause,
/// so that the caller really blocks; `sent` counts the values it sent.
private func fromAnotherThread(_ events: [Signal<Int, TestError>.Event], sent: TestCounter) -> SignalProducer<Int, TestError> {
    SignalProducer { observer, lifetime in
        onNewThread {
            usleep(20_000)
            for event in events {
                if lifetime.hasEnded { return }
                if event.value != nil { sent.increment() }
                observer.send(event)
            }
        }
    }
}

@Suite("Operators: first, single, last and wait")
struct BlockingTests {
    @Test("first() returns nil without a value, the first value, or the failure before any value")
    func first() {
        #expect(SignalProducer<Int, TestError>.empty.first() == nil)
        #expect(SignalProducer<Int, TestError>(value: 4).first() == .success(4))
        #expect(SignalProducer<Int, TestError>([5, 6, 7]).first() == .success(5))
        #expect(SignalProducer<Int, TestError>(error: .second).first() == .failure(.second))
        #expect(synchronousProducer(values([8], then: .failed(.first))).first() == .success(8))
        #expect(synchronousProducer(values([], then: .interrupted)).first() == nil)
    }

    @Test("first() stops the source after its first value")
    func firstStopsSource() {
        let read = TestCounter()
        let outcome = SignalProducer<Int, TestError>((0..<1_000_000).lazy.map { value -> Int in
            read.increment()
            return value
        }).first()
        #expect(outcome == .success(0))
        #expect(read.value <= 2)
    }

    @Test("single() returns the one value, nil for none or several, or the failure")
    func single() {
        #expect(SignalProducer<Int, TestError>.empty.single() == nil)
        #expect(SignalProducer<Int, TestError>(value: 4).single() == .success(4))
        #expect(SignalProducer<Int, TestError>([5, 6]).single() == nil)
        #expect(SignalProducer<Int, TestError>(error: .second).single() == .failure(.second))
        #expect(synchronousProducer(values([8], then: .failed(.first))).single() == .failure(.first))
        #expect(synchronousProducer(values([], then: .interrupted)).single() == nil)
    }

    @Test("single() after one value and an interruption returns the value, as ReactiveSwift does")
    func singleInterruptedAfterOneValue() {
        #expect(synchronousProducer(values([3], then: .interrupted)).single() == .success(3))
    }

    @Test("single() stops the source at its second value")
    func singleStopsSource() {
        let read = TestCounter()
        let outcome = SignalProducer<Int, TestError>((0..<1_000_000).lazy.map { value -> Int in
            read.increment()
            return value
        }).single()
        #expect(outcome == nil)
        #expect(read.value <= 3)
    }

    @Test("last() returns the last value, nil without one or on interruption, or the failure")
    func last() {
        #expect(SignalProducer<Int, TestError>.empty.last() == nil)
        #expect(SignalProducer<Int, TestError>(value: 4).last() == .success(4))
        #expect(SignalProducer<Int, TestError>([5, 6, 7]).last() == .success(7))
        #expect(SignalProducer<Int, TestError>(error: .second).last() == .failure(.second))
        #expect(synchronousProducer(values([8, 9], then: .failed(.first))).last() == .failure(.first))
        #expect(synchronousProducer(values([8, 9], then: .interrupted)).last() == nil)
    }

    @Test("wait() succeeds on completion or interruption, ignoring the values, and fails with the failure")
    func wait() {
        #expect((try? SignalProducer<Int, TestError>.empty.wait().get()) != nil)
        #expect((try? SignalProducer<Int, TestError>([1, 2, 3]).wait().get()) != nil)
        #expect((try? synchronousProducer(values([1], then: .interrupted)).wait().get()) != nil)
        let failed = synchronousProducer(values([1, 2], then: .failed(.second))).wait()
        #expect(throws: TestError.second) { try failed.get() }
    }

    @Test("each blocking call starts a run of its own")
    func eachCallStartsARun() {
        var starts = 0
        let producer = SignalProducer<Int, TestError> { observer, _ in
            starts += 1
            observer.send(value: starts)
            observer.sendCompleted()
        }
        #expect(producer.first() == .success(1))
        #expect(producer.single() == .success(2))
        #expect(producer.last() == .success(3))
        _ = producer.wait()
        #expect(starts == 4)
    }

    @Test("the blocking calls wait for a source sending from another thread")
    func sourceOnAnotherThread() {
        let sent = TestCounter()
        let completing = fromAnotherThread(values([1, 2, 3], then: .completed), sent: sent)
        #expect(runWithDeadline { completing.last() } == .some(.success(3)))
        #expect(sent.value == 3)

        sent.store(0)
        let waited = runWithDeadline { completing.wait() }
        #expect(waited.map { (try? $0.get()) != nil } == true)
        #expect(sent.value == 3)

        #expect(runWithDeadline { completing.first() } == .some(.success(1)))
        #expect(runWithDeadline { completing.single() } == .some(nil))

        let one = fromAnotherThread(values([9], then: .completed), sent: TestCounter())
        #expect(runWithDeadline { one.single() } == .some(.success(9)))

        let failing = fromAnotherThread(values([1], then: .failed(.first)), sent: TestCounter())
        #expect(runWithDeadline { failing.last() } == .some(.failure(.first)))
        let failedWait = runWithDeadline { failing.wait() }
        #expect(failedWait.map { (try? $0.get()) == nil } == true)
    }
}
