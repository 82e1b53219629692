import Foundation
import Testing
@testable import Streams

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
