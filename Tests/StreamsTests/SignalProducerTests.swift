import Foundation
import Testing
@testable import Streams

// Single-threaded contracts of SignalProducer: its initialisers, reentrancy and synchronous
// disposal. Starting a producer is in SignalProducer+StartTests.swift, the multi-threaded
// contracts in SignalProducerConcurrencyTests.swift, the weak-reference ones in LeakTests.swift.

/// A type of the client's that can give a producer.
private struct Countdown: SignalProducerConvertible {
    let from: Int
    var producer: SignalProducer<Int, TestError> {
        SignalProducer((0...from).reversed())
    }
}

@Suite("SignalProducer: initialisers")
struct SignalProducerInitTests {
    @Test("init(value:) sends the value and completes; without an error type it cannot fail")
    func initValue() {
        #expect(events(of: SignalProducer<Int, TestError>(value: 3)) == [.value(3), .completed])
        let inferred = SignalProducer(value: "x")
        #expect(type(of: inferred) == SignalProducer<String, Never>.self)
        #expect(events(of: inferred) == [.value("x"), .completed])
    }

    @Test("init(_: () -> Value) calls the closure on each start")
    func initClosure() {
        var calls = 0
        let producer = SignalProducer<Int, TestError> { () -> Int in
            calls += 1
            return calls * 10
        }
        #expect(calls == 0)
        #expect(events(of: producer) == [.value(10), .completed])
        #expect(events(of: producer) == [.value(20), .completed])
        #expect(calls == 2)
    }

    @Test("init(_: () -> Result) sends the success and completes, or fails, anew on each start")
    func initResultClosure() {
        var calls = 0
        let producer = SignalProducer<Int, TestError> { () -> Result<Int, TestError> in
            calls += 1
            return calls == 1 ? .success(5) : .failure(.second)
        }
        #expect(calls == 0)
        #expect(events(of: producer) == [.value(5), .completed])
        #expect(events(of: producer) == [.failed(.second)])
        #expect(calls == 2)
    }

    @Test("init(error:) fails at once")
    func initError() {
        #expect(events(of: SignalProducer<Int, TestError>(error: .first)) == [.failed(.first)])
    }

    @Test("init(result:) sends the success and completes, or fails")
    func initResult() {
        #expect(events(of: SignalProducer<Int, TestError>(result: .success(4))) == [.value(4), .completed])
        #expect(events(of: SignalProducer<Int, TestError>(result: .failure(.second))) == [.failed(.second)])
    }

    @Test("init(_: Sequence) sends the elements in order and completes, iterating anew on each start")
    func initSequence() {
        var iterations = 0
        let source = (1...4).lazy.map { value -> Int in
            iterations += 1
            return value * value
        }
        let producer = SignalProducer<Int, TestError>(source)
        #expect(iterations == 0)
        #expect(events(of: producer) == [.value(1), .value(4), .value(9), .value(16), .completed])
        #expect(iterations == 4)
        #expect(events(of: producer).count == 5)
        #expect(iterations == 8)

        #expect(events(of: SignalProducer<Int, TestError>([Int]())) == [.completed])
        let neverFails = SignalProducer<String, Never>(["a", "b"])
        #expect(events(of: neverFails) == [.value("a"), .value("b"), .completed])
        let inferred = SignalProducer([true, false])
        #expect(type(of: inferred) == SignalProducer<Bool, Never>.self)
    }

    @Test("init(values:_:_:) sends its arguments in order and completes")
    func initValues() {
        #expect(events(of: SignalProducer<Int, TestError>(values: 1, 2)) == [.value(1), .value(2), .completed])
        #expect(events(of: SignalProducer<Int, TestError>(values: 3, 2, 1, 0))
                == [.value(3), .value(2), .value(1), .value(0), .completed])
        let inferred = SignalProducer(values: "p", "q", "r")
        #expect(type(of: inferred) == SignalProducer<String, Never>.self)
        #expect(events(of: inferred).compactMap(\.value) == ["p", "q", "r"])
    }

    @Test("empty completes at once; never sends nothing until disposed")
    func emptyAndNever() {
        #expect(events(of: SignalProducer<Int, TestError>.empty) == [.completed])

        let log = EventLog<Int, TestError>()
        let disposable = SignalProducer<Int, TestError>.never.start(log.observer)
        #expect(log.events.isEmpty)
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(log.events == [.interrupted])
        #expect(disposable.isDisposed)
        disposable.dispose()
        #expect(log.events == [.interrupted])
    }

    @Test("init(signal) forwards what the signal sends while the run lasts")
    func initSignal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let producer = SignalProducer(signal)
        input.send(value: 0)  // before any run: nobody sees it

        let first = EventLog<Int, TestError>()
        let second = EventLog<Int, TestError>()
        let firstRun = producer.start(first.observer)
        input.send(value: 1)
        producer.start(second.observer)
        input.send(value: 2)
        #expect(signal.core.observerCount == 2)
        firstRun.dispose()
        #expect(signal.core.observerCount == 1)
        input.send(value: 3)
        input.send(error: .first)
        #expect(first.events == [.value(1), .value(2), .interrupted])
        #expect(second.events == [.value(2), .value(3), .failed(.first)])

        // Started after the signal terminated, a run is interrupted at once.
        #expect(events(of: producer) == [.interrupted])
        #expect(events(of: signal.producer) == [.interrupted])
    }

    @Test("Signal.producer is the same as SignalProducer(signal)")
    func signalProducerProperty() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        signal.producer.startWithValues { seen.append($0) }
        input.send(value: 8)
        input.send(value: 9)
        #expect(seen == [8, 9])
    }

    @Test("init(SignalProducerConvertible) takes the producer of anything that can give one")
    func initConvertible() {
        #expect(events(of: SignalProducer(Countdown(from: 2))) == [.value(2), .value(1), .value(0), .completed])
        let result: Result<Int, TestError> = .success(6)
        #expect(events(of: SignalProducer(result)) == [.value(6), .completed])
        let producer = SignalProducer<Int, TestError>(values: 1, 2)
        #expect(events(of: SignalProducer(producer)) == [.value(1), .value(2), .completed])
    }

    @Test("Result.producer sends the success and completes, or fails")
    func resultProducer() {
        #expect(events(of: Result<Int, TestError>.success(1).producer) == [.value(1), .completed])
        #expect(events(of: Result<Int, TestError>.failure(.first).producer) == [.failed(.first)])
    }

    @Test("the throwing initialiser sends the value, or fails with what was thrown, on each start")
    func initThrowing() {
        var shouldThrow = false
        var calls = 0
        let producer = SignalProducer<Int, Swift.Error> { () throws -> Int in
            calls += 1
            if shouldThrow { throw TestError.second }
            return 7
        }
        #expect(calls == 0)
        let succeeded = events(of: producer)
        #expect(succeeded.count == 2)
        #expect(succeeded.first?.value == 7)
        #expect(succeeded.last?.isCompleted == true)

        shouldThrow = true
        let failed = events(of: producer)
        #expect(failed.count == 1)
        #expect(failed.first?.error as? TestError == .second)
        #expect(calls == 2)
    }

    @Test("SignalProducer.unserialized behaves like init(_:)")
    func unserialized() {
        let producer = SignalProducer<Int, Never>.unserialized { observer, _ in
            observer.send(value: 1)
            observer.sendCompleted()
        }
        #expect(events(of: producer) == [.value(1), .completed])
    }

    @Test("producer of SignalProducerProtocol is the producer itself")
    func producerProtocol() {
        func unwrap<P: SignalProducerProtocol>(_ p: P) -> SignalProducer<P.Value, P.Error> { p.producer }
        var starts = 0
        let producer = SignalProducer<Int, Never> { starts += 1; return 1 }
        #expect(events(of: unwrap(producer)) == [.value(1), .completed])
        #expect(starts == 1)
    }
}

@Suite("SignalProducer: reentrancy")
struct SignalProducerReentrancyTests {
    @Test("an event sent into a run from its own observer is queued behind the current one")
    func reentrantRun() {
        let finished = runWithDeadline(seconds: 10) { () -> [Signal<Int, Never>.Event] in
            let input = TestBox<Signal<Int, Never>.Observer?>(nil)
            let producer = SignalProducer<Int, Never> { observer, _ in
                input.value = observer
                observer.send(value: 1)
                observer.send(value: 3)
                observer.sendCompleted()
            }
            let log = EventLog<Int, Never>()
            producer.start { event in
                log.append(event)
                if event.value == 1 {
                    input.value?.send(value: 2)
                    #expect(log.events == [.value(1)])  // not delivered depth-first
                }
            }
            input.value = nil
            return log.events
        }
        guard let events = finished else {
            Issue.record("sending into a run from its observer deadlocked")
            return
        }
        #expect(events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test("a deep reentrant chain inside a run completes in order")
    func deepReentrantRun() {
        let limit = 50_000
        let finished = runWithDeadline(seconds: 60) { () -> (Int, Bool, Bool) in
            let input = TestBox<Signal<Int, Never>.Observer?>(nil)
            let producer = SignalProducer<Int, Never> { observer, _ in
                input.value = observer
                observer.send(value: 0)
            }
            var expected = 0
            var ordered = true
            var completed = false
            producer.start { event in
                switch event {
                case let .value(v):
                    if v != expected { ordered = false }
                    expected += 1
                    if v < limit { input.value?.send(value: v + 1) } else { input.value?.sendCompleted() }
                case .completed: completed = true
                default: break
                }
            }
            input.value = nil
            return (expected, ordered, completed)
        }
        guard let (count, ordered, completed) = finished else {
            Issue.record("the reentrant chain did not finish")
            return
        }
        #expect(count == limit + 1)
        #expect(ordered)
        #expect(completed)
    }
}

@Suite("SignalProducer: synchronous disposal")
struct SignalProducerSynchronousDisposalTests {
    @Test("disposing a sequence producer from its observer stops the iteration at once and interrupts once")
    func disposeSequenceFromObserver() {
        var pulled = 0
        let source = (0..<1_000).lazy.map { value -> Int in
            pulled += 1
            return value
        }
        let producer = SignalProducer<Int, TestError>(source)
        let log = EventLog<Int, TestError>()
        let handle = TestBox<Disposable?>(nil)
        producer.startWithSignal { signal, interruptHandle in
            handle.value = interruptHandle
            signal.observe { event in
                log.append(event)
                if event.value == 3 { handle.value?.dispose() }
            }
        }
        #expect(log.events == [.value(0), .value(1), .value(2), .value(3), .interrupted])
        // No element is pulled beyond the one being delivered when disposal happened.
        #expect(pulled == log.values.count, "pulled \(pulled) elements")
        handle.value?.dispose()
        #expect(log.terminals == [.interrupted])
    }

    @Test("disposing a single-value producer from its observer interrupts instead of completing")
    func disposeValueProducerFromObserver() {
        let log = EventLog<Int, TestError>()
        SignalProducer<Int, TestError>(value: 1).startWithSignal { signal, interruptHandle in
            _ = signal.observe { event in
                log.append(event)
                if event.value != nil { interruptHandle.dispose() }
            }
        }
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("disposing after a synchronous run completed does nothing")
    func disposeAfterCompletion() {
        let log = EventLog<Int, Never>()
        let disposable = SignalProducer<Int, Never>(values: 1, 2).start(log.observer)
        disposable.dispose()
        #expect(log.events == [.value(1), .value(2), .completed])
    }
}
