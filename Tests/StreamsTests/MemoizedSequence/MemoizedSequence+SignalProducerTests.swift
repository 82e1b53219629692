import Dispatch
import Foundation
import Testing
@testable import Streams

// MemoizedSequence to SignalProducer (on a scheduler) and back (blocking).

/// A scheduler that runs nothing until the test asks for one action at a time.
final class StepScheduler: Scheduler, @unchecked Sendable {  // `pending` is only touched under its lock
    private let pending = Locked<[() -> Void]>([])

    init() {}

    func schedule(_ action: @escaping () -> Void) -> Disposable? {
        pending.withLock { $0.append(action) }
        return nil
    }

    /// The number of actions waiting.
    var pendingCount: Int { pending.withLock { $0.count } }

    /// Runs the oldest waiting action; returns whether there was one.
    @discardableResult
    func runNext() -> Bool {
        let action = pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        action?()
        return action != nil
    }
}

@Suite("MemoizedSequence: to SignalProducer")
struct MemoizedSequenceToProducerTests {
    @Test("on an ImmediateScheduler, the values then completed, synchronously")
    func immediate() {
        let log = EventLog<Int, Never>()
        MemoizedSequence([1, 2, 3]).producer(on: ImmediateScheduler()).start(log.observer)
        #expect(log.events == [.value(1), .value(2), .value(3), .completed])

        let empty = EventLog<Int, Never>()
        MemoizedSequence<Int>.empty.producer(on: ImmediateScheduler()).start(empty.observer)
        #expect(empty.events == [.completed])
    }

    @Test("each start iterates anew, without computing the memoized values again")
    func eachStartIteratesAnew() {
        let produced = TestCounter()
        let producer = countingNaturals(produced, limit: 4).producer(on: ImmediateScheduler())
        #expect(produced.value == 0)
        for _ in 0..<3 {
            let log = EventLog<Int, Never>()
            producer.start(log.observer)
            #expect(log.values == [0, 1, 2, 3])
            #expect(log.terminals == [.completed])
        }
        #expect(produced.value == 4)
    }

    @Test("one value per scheduled action, computed when its action runs")
    func oneValuePerAction() {
        let scheduler = StepScheduler()
        let produced = TestCounter()
        let log = EventLog<Int, Never>()
        countingNaturals(produced, limit: 3).producer(on: scheduler).start(log.observer)
        #expect(log.events.isEmpty)
        #expect(produced.value == 0)
        for step in 1...3 {
            #expect(scheduler.runNext())
            #expect(log.values == Array(0..<step))
            #expect(produced.value == step)
            #expect(scheduler.pendingCount == 1)
        }
        #expect(log.terminals.isEmpty)
        #expect(scheduler.runNext())
        #expect(log.terminals == [.completed])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("disposal stops the run before the next value")
    func disposalStops() {
        let scheduler = StepScheduler()
        let produced = TestCounter()
        let log = EventLog<Int, Never>()
        let disposable = countingNaturals(produced).producer(on: scheduler).start(log.observer)
        scheduler.runNext()
        scheduler.runNext()
        #expect(log.values == [0, 1])
        disposable.dispose()
        #expect(log.terminals == [.interrupted])
        while scheduler.runNext() {}
        #expect(log.values == [0, 1])
        #expect(produced.value == 2)
    }

    @Test("disposal from inside the observer on an ImmediateScheduler stops an infinite sequence")
    func disposalFromInsideTheObserver() {
        let produced = TestCounter()
        let log = EventLog<Int, Never>()
        _ = countingNaturals(produced).producer(on: ImmediateScheduler()).startWithSignal { signal, interrupt in
            signal.observe { event in
                log.append(event)
                if case let .value(value) = event, value == 2 { interrupt.dispose() }
            }
        }
        #expect(log.values == [0, 1, 2])
        #expect(log.terminals == [.interrupted])
        #expect(produced.value == 3)
    }

    @Test("on a TestScheduler, nothing happens until time is advanced")
    func testScheduler() {
        let scheduler = TestScheduler()
        let log = EventLog<String, Never>()
        MemoizedSequence(["a", "b"]).producer(on: scheduler).start(log.observer)
        #expect(log.events.isEmpty)
        scheduler.advance()
        #expect(log.events == [.value("a"), .value("b"), .completed])

        let disposed = EventLog<String, Never>()
        MemoizedSequence(["a", "b"]).producer(on: scheduler).start(disposed.observer).dispose()
        scheduler.run()
        #expect(disposed.events == [.interrupted])
    }

    @Test("on a QueueScheduler, values are computed and sent on the queue")
    func queueScheduler() {
        let testThread = currentThreadID()
        let computedOn = TestBox<[UInt]>([])  // touched by the map closure, which runs serially
        let sequence = MemoizedSequence(0..<5).map { value -> Int in
            computedOn.value.append(currentThreadID())
            return value * 10
        }
        let done = DispatchSemaphore(value: 0)
        let log = EventLog<Int, Never>()
        let sentOn = TestBox<[UInt]>([])
        sequence.producer(on: QueueScheduler(name: "MemoizedSequenceConversionTests")).start { event in
            sentOn.value.append(currentThreadID())
            log.append(event)
            if event.isTerminating { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(log.events == [.value(0), .value(10), .value(20), .value(30), .value(40), .completed])
        #expect(computedOn.value.count == 5)
        #expect(!computedOn.value.contains(testThread))
        #expect(!sentOn.value.contains(testThread))
    }

    @Test("a million values on an ImmediateScheduler run in constant stack")
    func millionValuesConstantStack() {
        let finished = runOnSmallStackForSequences {
            let count = memoizedMillion
            let sum = TestBox(0)
            let values = TestCounter()
            let completed = TestBox(false)
            MemoizedSequence(0..<count).producer(on: ImmediateScheduler()).start { event in
                switch event {
                case let .value(value):
                    values.increment()
                    sum.value &+= value
                case .completed: completed.value = true
                default: break
                }
            }
            #expect(values.value == count)
            #expect(sum.value == count * (count - 1) / 2)
            #expect(completed.value)
        }
        #expect(finished)
    }
}

@Suite("MemoizedSequence: from SignalProducer")
struct MemoizedSequenceFromProducerTests {
    @Test("from a synchronous producer, which finishes inside the initialiser")
    func synchronous() throws {
        let sequence = try MemoizedSequence(SignalProducer<Int, TestError>([1, 2, 3]))
        #expect(Array(sequence) == [1, 2, 3])
        #expect(Array(MemoizedSequence(SignalProducer<Int, Never>.empty)) == [])
        #expect(Array(SignalProducer<String, Never>(values: "a", "b").sequence) == ["a", "b"])
    }

    @Test("each start of a producer is one sequence: the producer's work runs once per initialiser")
    func onceForTheSequence() {
        let starts = TestCounter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 1)
            observer.sendCompleted()
        }
        let sequence = producer.sequence
        #expect(Array(sequence) == [1])
        #expect(Array(sequence) == [1])
        #expect(starts.value == 1)
    }

    @Test("from an asynchronous producer, blocking until it completes")
    func asynchronous() {
        let producer = SignalProducer<Int, Never> { observer, _ in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                for value in 0..<5 { observer.send(value: value) }
                observer.sendCompleted()
            }
        }
        let values = runWithDeadline { Array(producer.sequence) }
        #expect(values == [0, 1, 2, 3, 4])
    }

    @Test("from a failing producer, the error is thrown")
    func failing() {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .second)
        }
        #expect(throws: TestError.second) { try MemoizedSequence(producer) }
        let asynchronous = SignalProducer<Int, TestError> { observer, _ in
            DispatchQueue.global().async {
                observer.send(value: 1)
                observer.send(error: .first)
            }
        }
        #expect(throws: TestError.first) { try MemoizedSequence(asynchronous) }
    }

    @Test("from an interrupted producer, the values received before the interruption")
    func interrupted() throws {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(value: 2)
            observer.sendInterrupted()
            observer.send(value: 3)
        }
        #expect(Array(try MemoizedSequence(producer)) == [1, 2])
    }

    @Test("a round trip keeps the values")
    func roundTrip() {
        let values = Array(0..<100)
        #expect(Array(MemoizedSequence(values).producer(on: ImmediateScheduler()).sequence) == values)
    }
}
