import Foundation
import Testing
@testable import Streams

// Single-threaded contracts of SignalProducer. The multi-threaded ones are in
// SignalProducerConcurrencyTests.swift, the weak-reference ones in LeakTests.swift.

/// Starts `producer` and returns every event of the run.
private func events<Value, Error>(of producer: SignalProducer<Value, Error>) -> [Signal<Value, Error>.Event] {
    let log = EventLog<Value, Error>()
    producer.start(log.observer)
    return log.events
}

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

@Suite("SignalProducer: starting")
struct SignalProducerStartTests {
    @Test("a producer is cold: its side effects run once per start, and not before")
    func coldSemantics() {
        var handlerRuns = 0
        let producer = SignalProducer<Int, Never> { observer, _ in
            handlerRuns += 1
            observer.send(value: handlerRuns)
            observer.sendCompleted()
        }
        #expect(handlerRuns == 0)
        var seen: [Int] = []
        for _ in 0..<3 { producer.startWithValues { seen.append($0) } }
        #expect(handlerRuns == 3)
        #expect(seen == [1, 2, 3])
    }

    @Test("each start has its own run: disposing one leaves the others running")
    func independentRuns() {
        var inputs: [Signal<Int, Never>.Observer] = []
        let producer = SignalProducer<Int, Never> { observer, _ in inputs.append(observer) }
        let a = EventLog<Int, Never>()
        let b = EventLog<Int, Never>()
        let runA = producer.start(a.observer)
        producer.start(b.observer)
        #expect(inputs.count == 2)
        runA.dispose()
        inputs[0].send(value: 1)
        inputs[1].send(value: 2)
        #expect(a.events == [.interrupted])
        #expect(b.events == [.value(2)])
    }

    @Test("start(observer) and start() deliver every event")
    func startObserver() {
        let producer = SignalProducer<Int, TestError>(values: 1, 2)
        let log = EventLog<Int, TestError>()
        producer.start(log.observer)
        #expect(log.events == [.value(1), .value(2), .completed])

        var ran = 0
        let disposable = SignalProducer<Int, TestError> { ran += 1; return 0 }.start()
        #expect(ran == 1)
        #expect(disposable.isDisposed)
    }

    @Test("start(action) hands every event to the closure")
    func startAction() {
        var received: [Signal<Int, TestError>.Event] = []
        SignalProducer<Int, TestError>(values: 4, 5).start { received.append($0) }
        #expect(received == [.value(4), .value(5), .completed])
        SignalProducer<Int, TestError>(error: .second).start { received.append($0) }
        #expect(received.last == .failed(.second))
    }

    @Test("startWithResult reports values and the failure as Results")
    func startWithResult() {
        var results: [Result<Int, TestError>] = []
        SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .first)
            observer.send(value: 2)
        }.startWithResult { results.append($0) }
        #expect(results.count == 2)
        #expect((try? results[0].get()) == 1)
        if case let .failure(error) = results[1] { #expect(error == .first) } else { Issue.record("no failure") }

        var afterCompletion: [Result<Int, TestError>] = []
        SignalProducer<Int, TestError>(value: 3).startWithResult { afterCompletion.append($0) }
        #expect(afterCompletion.count == 1)
        #expect((try? afterCompletion[0].get()) == 3)
    }

    @Test("startWithCompleted, startWithFailed, startWithInterrupted are called for their event only")
    func startWithTerminal() {
        var log: [String] = []
        let producers: [(String, SignalProducer<Int, TestError>)] = [
            ("completes", SignalProducer(values: 1, 2)),
            ("fails", SignalProducer(error: .second)),
            ("never", SignalProducer.never),
        ]
        for (name, producer) in producers {
            let disposables = [
                producer.startWithCompleted { log.append("\(name): completed") },
                producer.startWithFailed { log.append("\(name): failed \($0)") },
                producer.startWithInterrupted { log.append("\(name): interrupted") },
            ]
            for disposable in disposables { disposable.dispose() }
        }
        #expect(log == [
            "completes: completed",
            "fails: failed \(TestError.second)",
            "never: interrupted",
        ])
    }

    @Test("startWithValues reports the values of a producer that cannot fail")
    func startWithValues() {
        var values: [Int] = []
        SignalProducer<Int, Never>(0..<5).startWithValues { values.append($0) }
        #expect(values == Array(0..<5))
    }

    @Test("a start handler that releases its observer without terminating interrupts the run")
    func droppedObserverInterrupts() {
        var ended = 0
        let producer = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime.observeEnded { ended += 1 }
            observer.send(value: 1)
        }
        #expect(events(of: producer) == [.value(1), .interrupted])
        #expect(ended == 1)
    }

    @Test("a start handler can terminate; later events are ignored and a second terminal too")
    func handlerEventGrammar() {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .first)
            observer.send(value: 2)
            observer.sendCompleted()
            observer.send(error: .second)
        }
        #expect(events(of: producer) == [.value(1), .failed(.first)])
    }

    @Test("the run's lifetime ends on completion, failure and interruption, once, after the observer saw the event")
    func lifetimeEnds() {
        for ending in ["completed", "failed", "interrupted"] {
            var endings = 0
            var lifetimeSeen: Lifetime?
            var input: Signal<Int, TestError>.Observer?
            let producer = SignalProducer<Int, TestError> { observer, lifetime in
                input = observer
                lifetimeSeen = lifetime
                lifetime.observeEnded { endings += 1 }
            }
            var endingsWhenObserverSawTerminal = -1
            let disposable = producer.start { event in
                if event.isTerminating { endingsWhenObserverSawTerminal = endings }
            }
            #expect(lifetimeSeen?.hasEnded == false)
            #expect(!disposable.isDisposed)
            switch ending {
            case "completed": input?.sendCompleted()
            case "failed": input?.send(error: .first)
            default: disposable.dispose()
            }
            #expect(endings == 1, "\(ending)")
            #expect(lifetimeSeen?.hasEnded == true, "\(ending)")
            #expect(endingsWhenObserverSawTerminal == 0, "\(ending)")
            #expect(disposable.isDisposed, "\(ending)")
            disposable.dispose()
            input = nil
            #expect(endings == 1, "\(ending)")
        }
    }

    @Test("resources added to the run's lifetime are disposed when the run ends")
    func lifetimeResources() {
        let resource = AnyDisposable()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += resource
            observer.send(value: 1)
        }
        var values: [Int] = []
        var interrupted = false
        let disposable = producer.start { event in
            if let value = event.value { values.append(value) }
            if event == .interrupted { interrupted = true }
        }
        #expect(values == [1])
        // The handler kept nothing, but the run lasts while its disposable is held.
        #expect(!resource.isDisposed)
        #expect(!disposable.isDisposed)
        #expect(!interrupted)
        disposable.dispose()
        #expect(resource.isDisposed)
        #expect(disposable.isDisposed)
        #expect(interrupted)
    }

    @Test("a run whose handler keeps nothing lasts while its disposable is held, and ends when it is released")
    func runLastsWhileDisposableHeld() {
        let resource = AnyDisposable()
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime += resource
        }
        var events: [Signal<Int, Never>.Event] = []
        var disposable: Disposable? = producer.start { events.append($0) }
        #expect(events.isEmpty)
        #expect(!resource.isDisposed)
        #expect(disposable?.isDisposed == false)
        disposable = nil
        // Neither the handler nor the caller keeps the run: it ends.
        #expect(events == [.interrupted])
        #expect(resource.isDisposed)
    }

    @Test("startWithSignal's interrupt handle keeps a run whose handler keeps nothing")
    func startWithSignalHandleKeepsRun() {
        let resource = AnyDisposable()
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime += resource
        }
        var events: [Signal<Int, Never>.Event] = []
        let handle = producer.startWithSignal { signal, handle in
            signal.observe { events.append($0) }
            return handle
        }
        #expect(events.isEmpty)
        #expect(!resource.isDisposed)
        handle.dispose()
        #expect(events == [.interrupted])
        #expect(resource.isDisposed)
    }

    @Test("the returned disposable reports isDisposed after the run completed")
    func isDisposedAfterCompletion() {
        #expect(SignalProducer<Int, Never>(value: 1).start().isDisposed)
        #expect(SignalProducer<Int, Never>([1, 2, 3]).start().isDisposed)
        #expect(SignalProducer<Int, TestError>(error: .first).start().isDisposed)
        let generated = SignalProducer<Int, Never> { observer, _ in observer.sendCompleted() }
        #expect(generated.start().isDisposed)
        #expect(!SignalProducer<Int, Never>.never.start().isDisposed)
    }

    @Test("disposing a generator run from its observer interrupts right after the current event")
    func disposeGeneratorFromObserver() {
        var handlerSawEnd = false
        let handle = TestBox<Disposable?>(nil)
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            for value in 0..<10 {
                observer.send(value: value)
                if lifetime.hasEnded { handlerSawEnd = true; return }
            }
            observer.sendCompleted()
        }
        let log = EventLog<Int, Never>()
        producer.startWithSignal { signal, interruptHandle in
            handle.value = interruptHandle
            signal.observe { event in
                log.append(event)
                if event.value == 3 { handle.value?.dispose() }
            }
        }
        #expect(log.events == [.value(0), .value(1), .value(2), .value(3), .interrupted])
        // The handler can see at once that its run ended.
        #expect(handlerSawEnd)
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

@Suite("SignalProducer: startWithSignal")
struct SignalProducerStartWithSignalTests {
    @Test("observers attached in setup see every event, and setup's result is returned")
    func setupSeesEverything() {
        var handlerRanBeforeSetupReturned = false
        var setupReturned = false
        let producer = SignalProducer<Int, TestError> { observer, _ in
            handlerRanBeforeSetupReturned = !setupReturned
            observer.send(value: 1)
            observer.send(value: 2)
            observer.sendCompleted()
        }
        let logs = [EventLog<Int, TestError>(), EventLog<Int, TestError>()]
        let result = producer.startWithSignal { signal, _ -> String in
            for log in logs { signal.observe(log.observer) }
            setupReturned = true
            return "setup result"
        }
        #expect(result == "setup result")
        #expect(!handlerRanBeforeSetupReturned)
        for log in logs {
            #expect(log.events == [.value(1), .value(2), .completed])
        }

        let syncLog = EventLog<Int, TestError>()
        SignalProducer<Int, TestError>(values: 5, 6).startWithSignal { signal, _ in
            _ = signal.observe(syncLog.observer)
        }
        #expect(syncLog.events == [.value(5), .value(6), .completed])
    }

    @Test("disposing the interrupt handle inside setup prevents the start and interrupts the signal")
    func disposeInSetup() {
        var handlerRuns = 0
        var sequencePulls = 0
        let producers: [SignalProducer<Int, Never>] = [
            SignalProducer { observer, _ in
                handlerRuns += 1
                observer.send(value: 1)
            },
            SignalProducer((0..<3).lazy.map { sequencePulls += 1; return $0 }),
        ]
        for producer in producers {
            let log = EventLog<Int, Never>()
            producer.startWithSignal { signal, interruptHandle in
                signal.observe(log.observer)
                interruptHandle.dispose()
                #expect(interruptHandle.isDisposed)
            }
            #expect(log.events == [.interrupted])
        }
        #expect(handlerRuns == 0)
        #expect(sequencePulls == 0)
    }

    @Test("disposing the interrupt handle later interrupts the run and ends its lifetime")
    func disposeLater() {
        var ended = 0
        var input: Signal<Int, Never>.Observer?
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            input = observer
            lifetime.observeEnded { ended += 1 }
        }
        let log = EventLog<Int, Never>()
        let handle = producer.startWithSignal { signal, interruptHandle -> Disposable in
            signal.observe(log.observer)
            return interruptHandle
        }
        input?.send(value: 1)
        #expect(!handle.isDisposed)
        handle.dispose()
        input?.send(value: 2)
        #expect(log.events == [.value(1), .interrupted])
        #expect(ended == 1)
        #expect(handle.isDisposed)
        input = nil
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("the signal of a run delivers to observers in registration order")
    func signalOrder() {
        var calls: [String] = []
        SignalProducer<Int, Never>(values: 1, 2).startWithSignal { signal, _ in
            signal.observeValues { calls.append("a\($0)") }
            signal.observeValues { calls.append("b\($0)") }
        }
        #expect(calls == ["a1", "b1", "a2", "b2"])
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
