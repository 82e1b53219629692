import Foundation
import Testing
@testable import Streams
import TestSupport

// Single-threaded contracts of Signal. The multi-threaded ones are in
// SignalConcurrencyTests.swift, the weak-reference ones in LeakTests.swift.

@Suite("Signal: observing and sending")
struct SignalBasicsTests {
    @Test("a pipe delivers every event sent into it, in order")
    func pipeDeliversInOrder() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = EventLog<Int, TestError>()
        signal.observe(log.observer)
        for value in 0..<100 { input.send(value: value) }
        input.send(error: .second)
        #expect(log.values == Array(0..<100))
        #expect(log.terminals == [.failed(.second)])
    }

    @Test("an observer sees only events sent after it started observing")
    func hotSemantics() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 1)
        var seen: [Int] = []
        signal.observeValues { seen.append($0) }
        input.send(value: 2)
        input.send(value: 3)
        #expect(seen == [2, 3])
    }

    @Test("the generator runs at once, with an input that feeds the signal")
    func generatorRunsAtOnce() {
        var ran = 0
        var stored: Signal<Int, Never>.Observer?
        let signal = Signal<Int, Never> { observer, lifetime in
            ran += 1
            stored = observer
            #expect(!lifetime.hasEnded)
        }
        #expect(ran == 1)
        var seen: [Int] = []
        signal.observeValues { seen.append($0) }
        stored?.send(value: 10)
        stored?.send(value: 11)
        #expect(seen == [10, 11])
        withExtendedLifetime(stored) {}
    }

    @Test("send(_:), send(value:), send(error:), sendCompleted() and sendInterrupted() send the matching events")
    func inputSendMethods() {
        func events(_ body: (Signal<Int, TestError>.Observer) -> Void) -> [Signal<Int, TestError>.Event] {
            let (signal, input) = Signal<Int, TestError>.pipe()
            let log = EventLog<Int, TestError>()
            signal.observe(log.observer)
            body(input)
            return log.events
        }
        #expect(events { $0.send(.value(1)); $0.send(.completed) } == [.value(1), .completed])
        #expect(events { $0.send(value: 2); $0.send(error: .first) } == [.value(2), .failed(.first)])
        #expect(events { $0.sendCompleted() } == [.completed])
        #expect(events { $0.send(value: 3); $0.sendInterrupted() } == [.value(3), .interrupted])
    }

    @Test("observe(Observer(value:failed:completed:interrupted:)) routes each kind to its closure")
    func observerWithClosures() {
        var log: [String] = []
        let observer = Signal<Int, TestError>.Observer(
            value: { log.append("v\($0)") },
            failed: { log.append("f\($0)") },
            completed: { log.append("c") },
            interrupted: { log.append("i") }
        )
        for terminal in [Signal<Int, TestError>.Event.failed(.first), .completed, .interrupted] {
            let (signal, input) = Signal<Int, TestError>.pipe()
            signal.observe(observer)
            input.send(value: 1)
            input.send(terminal)
        }
        #expect(log == ["v1", "f\(TestError.first)", "v1", "c", "v1", "i"])
    }

    @Test("observeResult, observeCompleted, observeFailed, observeInterrupted, observeValues see their events only")
    func observeConveniences() {
        var results: [Result<Int, TestError>] = []
        var completed = 0
        var failed: [TestError] = []
        var interrupted = 0

        let (a, aInput) = Signal<Int, TestError>.pipe()
        a.observeResult { results.append($0) }
        a.observeCompleted { completed += 1 }
        a.observeFailed { failed.append($0) }
        a.observeInterrupted { interrupted += 1 }
        aInput.send(value: 1)
        aInput.send(value: 2)
        aInput.send(error: .second)
        #expect(results.map { try? $0.get() } == [1, 2, nil])
        if case let .failure(error)? = results.last {
            #expect(error == .second)
        } else {
            Issue.record("the failure was not reported as a Result")
        }
        #expect(completed == 0)
        #expect(failed == [.second])
        #expect(interrupted == 0)

        let (b, bInput) = Signal<Int, TestError>.pipe()
        b.observeCompleted { completed += 1 }
        b.observeInterrupted { interrupted += 1 }
        bInput.sendCompleted()
        #expect(completed == 1)
        #expect(interrupted == 0)

        let (c, cInput) = Signal<Int, TestError>.pipe()
        c.observeCompleted { completed += 1 }
        c.observeInterrupted { interrupted += 1 }
        cInput.sendInterrupted()
        #expect(completed == 1)
        #expect(interrupted == 1)

        var values: [String] = []
        let (d, dInput) = Signal<String, Never>.pipe()
        d.observeValues { values.append($0) }
        dInput.send(value: "x")
        dInput.send(value: "y")
        dInput.sendCompleted()
        #expect(values == ["x", "y"])
    }

    @Test("delivery follows registration order")
    func registrationOrder() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var calls: [Int] = []
        for index in 0..<20 {
            signal.observeValues { _ in calls.append(index) }
        }
        input.send(value: 0)
        #expect(calls == Array(0..<20))
        input.send(value: 1)
        #expect(calls == Array(0..<20) + Array(0..<20))
    }

    @Test("an observer gets each event exactly once, whatever the number of observers")
    func eachObserverOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var perObserver = Array(repeating: [Int](), count: 5)
        for index in perObserver.indices {
            signal.observeValues { perObserver[index].append($0) }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(perObserver.allSatisfy { $0 == [1, 2] })
    }

    @Test("signal of SignalProtocol is the signal itself")
    func signalProtocol() {
        let (signal, _) = Signal<Int, Never>.pipe()
        func unwrap<S: SignalProtocol>(_ s: S) -> Signal<S.Value, S.Error> { s.signal }
        #expect(unwrap(signal) === signal)
    }

    @Test("unserialized, reentrantUnserialized and their pipes behave like the serialized ones")
    func unserializedVariants() {
        let pipes: [(Signal<Int, Never>, Signal<Int, Never>.Observer)] = [
            Signal<Int, Never>.unserializedPipe(),
            Signal<Int, Never>.reentrantUnserializedPipe(),
        ]
        for (signal, input) in pipes {
            var seen: [Int] = []
            signal.observeValues { value in
                seen.append(value)
                if value == 1 { input.send(value: 2) }
            }
            signal.observeValues { seen.append($0 * 10) }
            input.send(value: 1)
            #expect(seen == [1, 10, 2, 20])
            // The first observer captures `input`: terminating the signal breaks that cycle.
            input.sendCompleted()
        }

        var kept: [Signal<Int, Never>.Observer] = []
        let generated = [
            Signal<Int, Never>.unserialized { observer, _ in kept.append(observer) },
            Signal<Int, Never>.reentrantUnserialized { observer, _ in kept.append(observer) },
        ]
        for (signal, input) in zip(generated, kept) {
            var seen: [Int] = []
            signal.observeValues { seen.append($0) }
            input.send(value: 5)
            #expect(seen == [5])
        }
    }
}

@Suite("Signal: reentrancy")
struct SignalReentrancyTests {
    @Test("an event sent from an observer reaches every observer after the current one, in order, without deadlock")
    func reentrantValue() {
        let result = runWithDeadline { () -> ([String], [[Int]], Bool) in
            let (signal, input) = Signal<Int, Never>.pipe()
            let global = TestBox<[String]>([])
            let perObserver = TestBox<[[Int]]>(Array(repeating: [], count: 4))
            // Observer 0 is registered before the sender, 2 and 3 after it.
            signal.observeValues { v in perObserver.value[0].append(v); global.value.append("a\(v)") }
            signal.observeValues { v in
                perObserver.value[1].append(v)
                global.value.append("s\(v)")
                if v == 1 { input.send(value: 2) }
            }
            signal.observeValues { v in perObserver.value[2].append(v); global.value.append("b\(v)") }
            signal.observeValues { v in perObserver.value[3].append(v); global.value.append("c\(v)") }
            input.send(value: 1)
            // The queued event has been delivered by the time the outer send returns.
            let deliveredBeforeReturn = perObserver.value.allSatisfy { $0 == [1, 2] }
            let recorded = (global.value, perObserver.value, deliveredBeforeReturn)
            // The sending observer captures `input`: terminating the signal breaks that cycle.
            input.sendCompleted()
            return recorded
        }
        guard let (global, perObserver, deliveredBeforeReturn) = result else {
            Issue.record("sending from inside an observer deadlocked")
            return
        }
        #expect(perObserver.allSatisfy { $0 == [1, 2] }, "\(perObserver)")
        // Every observer sees 1 before any observer sees 2.
        #expect(global == ["a1", "s1", "b1", "c1", "a2", "s2", "b2", "c2"])
        #expect(deliveredBeforeReturn)
    }

    @Test("several reentrant events from several observers keep their sending order")
    func severalReentrantEvents() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var seenByLast: [Int] = []
        var seenByFirst: [Int] = []
        signal.observeValues { v in
            seenByFirst.append(v)
            if v == 1 { input.send(value: 10); input.send(value: 11) }
            if v == 10 { input.send(value: 100) }
        }
        signal.observeValues { v in
            if v == 1 { input.send(value: 20) }
        }
        signal.observeValues { seenByLast.append($0) }
        input.send(value: 1)
        // 10, 11 and 20 are queued while 1 is delivered; 100 while 10 is delivered.
        #expect(seenByFirst == [1, 10, 11, 20, 100])
        #expect(seenByLast == seenByFirst)
        // The observers capture `input`: terminating the signal breaks that cycle.
        input.sendCompleted()
    }

    @Test("a reentrant terminal event is delivered after the current one, then nothing more")
    func reentrantTerminal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let logs = (0..<3).map { _ in EventLog<Int, TestError>() }
        signal.observe(logs[0].observer)
        signal.observe { event in
            logs[1].append(event)
            if event.value == 1 {
                input.send(error: .first)
                input.send(value: 99)  // after the queued terminal: dropped
            }
        }
        signal.observe(logs[2].observer)
        input.send(value: 1)
        input.send(value: 2)
        for log in logs {
            #expect(log.events == [.value(1), .failed(.first)])
        }
    }

    @Test("a reentrant chain of 100,000 events runs in order without growing the stack")
    func deepReentrantChain() {
        let limit = 100_000
        // Run on a thread with a known, modest stack: depth-first delivery would overflow it.
        let result = runWithDeadline(seconds: 60) { () -> (Int, Bool, Int) in
            let (signal, input) = Signal<Int, Never>.pipe()
            let count = TestBox(0)
            let ordered = TestBox(true)
            let witness = TestBox(0)
            signal.observeValues { v in
                if v != count.value { ordered.value = false }
                count.value += 1
                if v < limit { input.send(value: v + 1) }
            }
            signal.observeValues { v in
                if v == witness.value { witness.value += 1 }
            }
            input.send(value: 0)
            let recorded = (count.value, ordered.value, witness.value)
            // The first observer captures `input`: terminating the signal breaks that cycle.
            input.sendCompleted()
            return recorded
        }
        guard let (count, ordered, witness) = result else {
            Issue.record("the reentrant chain did not finish")
            return
        }
        #expect(count == limit + 1)
        #expect(ordered)
        #expect(witness == limit + 1)
    }

    @Test("reentrancy through a second signal is queued too")
    func reentrancyThroughAnotherSignal() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        var seen: [String] = []
        a.observeValues { v in
            seen.append("a\(v)")
            bInput.send(value: v)
        }
        b.observeValues { v in
            seen.append("b\(v)")
            if v < 3 { aInput.send(value: v + 1) }
        }
        a.observeValues { seen.append("a'\($0)") }
        aInput.send(value: 1)
        #expect(seen == ["a1", "b1", "a'1", "a2", "b2", "a'2", "a3", "b3", "a'3"])
        // Each signal's observer captures the other's input: terminating them breaks that cycle.
        aInput.sendCompleted()
        bInput.sendCompleted()
    }
}

@Suite("Signal: terminal events")
struct SignalTerminalTests {
    static let terminals: [Signal<Int, TestError>.Event] = [.failed(.second), .completed, .interrupted]

    @Test("a terminal event is delivered once, then values and other terminal events are ignored",
          arguments: terminals)
    func terminalOnce(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let logs = [EventLog<Int, TestError>(), EventLog<Int, TestError>()]
        for log in logs { signal.observe(log.observer) }
        input.send(value: 1)
        input.send(terminal)
        input.send(value: 2)
        input.send(terminal)
        for other in Self.terminals { input.send(other) }
        for log in logs {
            #expect(log.events == [.value(1), terminal])
        }
    }

    @Test("a failure propagates at once, before the sender's next statement")
    func errorsPropagateImmediately() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        var failedWith: TestError?
        signal.observeFailed { failedWith = $0 }
        input.send(error: .first)
        #expect(failedWith == .first)
    }

    @Test("the generator's lifetime ends with the terminal event, once", arguments: terminals)
    func lifetimeEndsOnTerminal(terminal: Signal<Int, TestError>.Event) {
        var endings = 0
        var lifetime: Lifetime?
        var input: Signal<Int, TestError>.Observer?
        let signal = Signal<Int, TestError> { observer, l in
            input = observer
            lifetime = l
            l.observeEnded { endings += 1 }
        }
        var sawTerminalBeforeEnding = false
        signal.observe { event in
            if event.isTerminating { sawTerminalBeforeEnding = endings == 0 }
        }
        input?.send(value: 1)
        #expect(endings == 0)
        #expect(lifetime?.hasEnded == false)
        input?.send(terminal)
        #expect(endings == 1)
        #expect(lifetime?.hasEnded == true)
        #expect(sawTerminalBeforeEnding)
        input?.send(terminal)
        input?.sendCompleted()
        input = nil
        #expect(endings == 1)
    }

    @Test("pipe(disposable:) disposes the disposable on the terminal event")
    func pipeDisposable() {
        let disposable = AnyDisposable()
        let (signal, input) = Signal<Int, Never>.pipe(disposable: disposable)
        var sawValue = false
        signal.observeValues { _ in sawValue = !disposable.isDisposed }
        input.send(value: 1)
        #expect(sawValue)
        #expect(!disposable.isDisposed)
        input.sendCompleted()
        #expect(disposable.isDisposed)
    }

    @Test("observing a terminated signal delivers interrupted at once and returns nil", arguments: terminals)
    func observeAfterTermination(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        input.send(terminal)
        let log = EventLog<Int, TestError>()
        let disposable = signal.observe(log.observer)
        #expect(disposable == nil)
        #expect(log.events == [.interrupted])
        var interrupted = 0
        #expect(signal.observeInterrupted { interrupted += 1 } == nil)
        #expect(interrupted == 1)
        input.send(value: 1)
        #expect(log.events == [.interrupted])
    }

    @Test("Signal.empty has terminated: observers get interrupted at once")
    func empty() {
        let signal = Signal<Int, TestError>.empty
        let log = EventLog<Int, TestError>()
        #expect(signal.observe(log.observer) == nil)
        #expect(log.events == [.interrupted])
    }

    @Test("Signal.never sends nothing, and its observation can be disposed")
    func never() {
        let signal = Signal<Int, TestError>.never
        let log = EventLog<Int, TestError>()
        let disposable = signal.observe(log.observer)
        #expect(disposable != nil)
        #expect(disposable?.isDisposed == false)
        #expect(log.events.isEmpty)
        disposable?.dispose()
        #expect(disposable?.isDisposed == true)
        #expect(log.events.isEmpty)
        // Another observer can still come and see nothing either.
        let second = EventLog<Int, TestError>()
        let secondObservation = signal.observe(second.observer)
        #expect(secondObservation != nil)
        #expect(second.events.isEmpty)
        // As in ReactiveSwift, an observation of never lasts until it is disposed.
        secondObservation?.dispose()
    }

    @Test("a signal derived from Signal.never, observed, runs until disposed, as in ReactiveSwift")
    func derivedFromNeverLastsUntilDisposed() {
        let log = EventLog<Int, Never>()
        let observation = Signal<Int, Never>.never.map { $0 + 1 }.filter { $0 > 0 }.observe(log.observer)
        #expect(observation?.isDisposed == false)
        #expect(log.events.isEmpty, "not interrupted when the never signal object is released")
        observation?.dispose()
        #expect(log.events.isEmpty)
    }

    @Test("a producer lifted over Signal.never runs until its run is disposed, then is interrupted")
    func producerOverNeverLastsUntilDisposed() {
        let log = EventLog<Int, Never>()
        let run = SignalProducer<Int, Never>(value: 1).lift { _ in Signal<Int, Never>.never }.start(log.observer)
        #expect(log.events.isEmpty)
        #expect(!run.isDisposed)
        let wrapped = SignalProducer(Signal<Int, Never>.never).start(log.observer)
        #expect(log.events.isEmpty)
        run.dispose()
        wrapped.dispose()
        #expect(log.events == [.interrupted, .interrupted])
    }

    @Test("Signal.never and what derives from it are freed once disposed and unreferenced")
    func neverIsFreed() {
        weak var weakNever: Signal<Int, Never>?
        weak var weakDerived: Signal<Int, Never>?
        do {
            let never = Signal<Int, Never>.never
            let derived = never.map { $0 * 2 }
            weakNever = never
            weakDerived = derived
            derived.observeValues { _ in }?.dispose()
        }
        #expect(weakNever == nil)
        #expect(weakDerived == nil)
        weak var unobserved: Signal<Int, Never>?
        do { unobserved = Signal<Int, Never>.never }
        #expect(unobserved == nil)
    }

    @Test("during the terminal delivery the signal counts as terminated: new observers are interrupted, sends ignored")
    func insideTerminalDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let late = EventLog<Int, Never>()
        var lateObservationWasNil: Bool?
        var after: [Signal<Int, Never>.Event] = []
        signal.observe { event in
            guard event.isTerminating else { return }
            lateObservationWasNil = signal.observe(late.observer) == nil
            input.send(value: 99)
            input.sendInterrupted()
        }
        signal.observe { after.append($0) }
        input.send(value: 1)
        input.sendCompleted()
        #expect(late.events == [.interrupted])
        #expect(lateObservationWasNil == true)
        #expect(after == [.value(1), .completed])
    }

    @Test("observations report isDisposed once the signal terminated")
    func registrationDisposedByTermination() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposable = signal.observeValues { _ in }
        #expect(disposable?.isDisposed == false)
        input.sendCompleted()
        #expect(disposable?.isDisposed == true)
        disposable?.dispose()  // harmless
    }
}

@Suite("Signal: disposal and changes during delivery")
struct SignalDisposalTests {
    @Test("disposing an observation stops delivery from the next event, and only for that observer")
    func disposeStopsDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var first: [Int] = []
        var second: [Int] = []
        let d1 = signal.observeValues { first.append($0) }
        signal.observeValues { second.append($0) }
        input.send(value: 1)
        d1?.dispose()
        #expect(d1?.isDisposed == true)
        input.send(value: 2)
        d1?.dispose()  // idempotent
        input.send(value: 3)
        #expect(first == [1])
        #expect(second == [1, 2, 3])
    }

    @Test("an observer that disposes itself during an event gets that event and no later one")
    func disposeSelfDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        let own = TestBox<Disposable?>(nil)
        own.value = signal.observeValues { v in
            seen.append(v)
            if v == 1 { own.value?.dispose() }
        }
        var other: [Int] = []
        signal.observeValues { other.append($0) }
        input.send(value: 1)
        input.send(value: 2)
        #expect(seen == [1])
        #expect(other == [1, 2])
    }

    @Test("an observer added during a delivery misses that event and gets the next")
    func addDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var added: [Int] = []
        var before: [Int] = []
        signal.observeValues { v in
            before.append(v)
            if v == 1 { signal.observeValues { added.append($0) } }
        }
        var after: [Int] = []
        signal.observeValues { after.append($0) }
        input.send(value: 1)
        #expect(added.isEmpty)
        input.send(value: 2)
        #expect(added == [2])
        #expect(before == [1, 2])
        #expect(after == [1, 2])
    }

    @Test("an observer added during a delivery gets the event queued reentrantly in that delivery")
    func addDuringDeliveryThenReentrant() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var added: [Int] = []
        signal.observeValues { v in
            if v == 1 {
                signal.observeValues { added.append($0) }
                input.send(value: 2)
            }
        }
        input.send(value: 1)
        #expect(added == [2])
        // The first observer captures `input`: terminating the signal breaks that cycle.
        input.sendCompleted()
    }

    @Test("an observer removed during a delivery still gets that event, not the next")
    func removeDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let victim = TestBox<Disposable?>(nil)
        var victimSaw: [Int] = []
        var removerSaw: [Int] = []
        signal.observeValues { v in
            removerSaw.append(v)
            if v == 1 { victim.value?.dispose() }
        }
        victim.value = signal.observeValues { victimSaw.append($0) }
        var lastSaw: [Int] = []
        signal.observeValues { lastSaw.append($0) }
        input.send(value: 1)
        input.send(value: 2)
        #expect(victimSaw == [1])
        #expect(removerSaw == [1, 2])
        #expect(lastSaw == [1, 2])
    }

    @Test("removing an earlier observer during a delivery keeps the order of the others")
    func removeEarlierDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var calls: [String] = []
        let first = signal.observeValues { calls.append("first\($0)") }
        signal.observeValues { v in
            calls.append("remover\(v)")
            if v == 1 { first?.dispose() }
        }
        signal.observeValues { calls.append("last\($0)") }
        input.send(value: 1)
        input.send(value: 2)
        #expect(calls == ["first1", "remover1", "last1", "remover2", "last2"])
    }

    @Test("removing every observer then adding new ones works, in registration order")
    func removeAllThenAdd() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var calls: [Int] = []
        let disposables = (0..<40).map { index in signal.observeValues { _ in calls.append(index) } }
        for disposable in disposables.reversed() { disposable?.dispose() }
        input.send(value: 0)
        #expect(calls.isEmpty)
        #expect(signal.core.observerCount == 0)
        for index in 100..<105 { signal.observeValues { _ in calls.append(index) } }
        input.send(value: 1)
        #expect(calls == Array(100..<105))
    }

    @Test("disposing an observation releases its observer outside the signal's lock")
    func observerReleasedOutsideLock() {
        // The observer's closure owns an object whose deinit disposes another observation of the
        // same signal, as an operator tearing down its inner subscriptions would. If the observer
        // were released while the signal's state lock is held, that deinit would re-enter the
        // lock and deadlock.
        final class Owner {
            let other: Disposable?
            init(_ other: Disposable?) { self.other = other }
            deinit { other?.dispose() }
        }
        let finished = runWithDeadline(seconds: 5) { () -> (Bool, [Int]) in
            let (signal, input) = Signal<Int, Never>.pipe()
            let seen = TestBox<[Int]>([])
            let other = signal.observeValues { seen.value.append($0) }
            var owner: Owner? = Owner(other)
            let first = signal.observeValues { [owner] _ in _ = owner }
            owner = nil
            first?.dispose()
            input.send(value: 1)
            return (other?.isDisposed ?? false, seen.value)
        }
        guard let (otherDisposed, seen) = finished else {
            Issue.record("disposing an observation deadlocked: its observer was released under the signal's lock")
            return
        }
        #expect(otherDisposed)
        #expect(seen.isEmpty)
    }

    @Test("disposing after termination does nothing harmful")
    func disposeAfterTermination() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var completed = 0
        let disposable = signal.observeCompleted { completed += 1 }
        input.sendCompleted()
        disposable?.dispose()
        #expect(completed == 1)
    }
}

@Suite("Signal: abandonment")
struct SignalAbandonmentTests {
    @Test("releasing the input without terminating interrupts the signal")
    func droppingInputInterrupts() {
        var input: Signal<Int, TestError>.Observer?
        let signal: Signal<Int, TestError>
        do {
            let pipe = Signal<Int, TestError>.pipe()
            signal = pipe.output
            input = pipe.input
        }
        let log = EventLog<Int, TestError>()
        signal.observe(log.observer)
        input?.send(value: 1)
        #expect(log.events == [.value(1)])
        input = nil
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("releasing a generator's input without terminating interrupts and ends the lifetime")
    func droppingGeneratorInputInterrupts() {
        var ended = 0
        var input: Signal<Int, Never>.Observer?
        let signal = Signal<Int, Never> { observer, lifetime in
            input = observer
            lifetime.observeEnded { ended += 1 }
        }
        var interrupted = 0
        signal.observeInterrupted { interrupted += 1 }
        #expect(input != nil && interrupted == 0 && ended == 0)
        input = nil
        #expect(interrupted == 1)
        #expect(ended == 1)
    }

    @Test("releasing the input after termination sends nothing more")
    func droppingInputAfterTermination() {
        var input: Signal<Int, Never>.Observer?
        let signal: Signal<Int, Never>
        do {
            let pipe = Signal<Int, Never>.pipe()
            signal = pipe.output
            input = pipe.input
        }
        let log = EventLog<Int, Never>()
        signal.observe(log.observer)
        input?.sendCompleted()
        input = nil
        #expect(log.events == [.completed])
    }

    @Test("a signal neither referenced nor observed disposes its generator lifetime")
    func unreferencedUnobservedSignalEnds() {
        let input = TestBox<Signal<Int, Never>.Observer?>(nil)
        var ended = 0
        do {
            let signal = Signal<Int, Never> { observer, lifetime in
                input.value = observer
                lifetime.observeEnded { ended += 1 }
            }
            #expect(ended == 0)
            withExtendedLifetime(signal) {}
        }
        #expect(ended == 1)
        #expect(input.value != nil)  // the input is still alive: it was not what ended the signal
        input.value?.send(value: 1)  // harmless
        #expect(ended == 1)
    }

    @Test("an unreferenced signal ends when its last observer is disposed")
    func unreferencedSignalEndsWithLastObserver() {
        let input = TestBox<Signal<Int, Never>.Observer?>(nil)
        var ended = 0
        var seen: [Int] = []
        var disposables: [Disposable?] = []
        do {
            let signal = Signal<Int, Never> { observer, lifetime in
                input.value = observer
                lifetime.observeEnded { ended += 1 }
            }
            disposables.append(signal.observeValues { seen.append($0) })
            disposables.append(signal.observeValues { seen.append(-$0) })
        }
        input.value?.send(value: 1)
        #expect(seen == [1, -1])
        disposables[0]?.dispose()
        #expect(ended == 0)
        input.value?.send(value: 2)
        #expect(seen == [1, -1, -2])
        disposables[1]?.dispose()
        #expect(ended == 1)
    }

    @Test("a signal kept alive only by its observers keeps delivering while its input lives")
    func keptAliveByObservers() {
        let input: Signal<Int, TestError>.Observer
        var seen: [Int] = []
        var completed = 0
        var ended = 0
        do {
            let pipe = Signal<Int, TestError>.pipe(disposable: AnyDisposable { ended += 1 })
            input = pipe.input
            pipe.output.observe(Signal.Observer(value: { seen.append($0) }, completed: { completed += 1 }))
        }
        // Nothing references the Signal object any more; its observer and input keep the stream going.
        for value in 1...3 { input.send(value: value) }
        #expect(seen == [1, 2, 3])
        #expect(ended == 0)
        input.sendCompleted()
        #expect(completed == 1)
        #expect(ended == 1)
    }
}

@Suite("Signal: observer churn")
struct SignalChurnTests {
    static let observerCount = 100_000
    static let churnCount = 100_000

    private struct Live {
        let id: Int
        let disposable: Disposable
    }

    /// Registers `observerCount` observers, then removes and re-adds `churnCount` times, picking
    /// the observer to remove with `pick`. Checks that compaction stays amortized O(1) and that a
    /// delivery afterwards reaches exactly the live observers, in registration order.
    private func churn(pick: (inout TestRandom, Int) -> Int) {
        let (signal, input) = Signal<Int, Never>.pipe()
        let order = TestBox<[Int]>([])
        var nextID = 0
        func register() -> Live {
            let id = nextID
            nextID += 1
            let disposable = signal.observeValues { _ in order.value.append(id) }!
            return Live(id: id, disposable: disposable)
        }
        var live: [Live] = []
        live.reserveCapacity(Self.observerCount)
        for _ in 0..<Self.observerCount { live.append(register()) }

        var random = TestRandom(seed: 0x5EED)
        for _ in 0..<Self.churnCount {
            let index = pick(&random, live.count)
            live[index].disposable.dispose()
            live[index] = register()
        }

        #if DEBUG
        let operations = Self.observerCount + 2 * Self.churnCount
        let moves = signal.core.totalCompactionMoves
        #expect(moves <= 2 * operations, "compaction moved \(moves) slots for \(operations) operations")
        #endif
        #expect(signal.core.observerCount == Self.observerCount)

        order.value.reserveCapacity(Self.observerCount)
        input.send(value: 0)
        #expect(order.value.count == Self.observerCount)
        #expect(order.value == live.map(\.id).sorted())
    }

    @Test("removing and re-adding random observers among 100,000 is amortized O(1) and keeps order", .offCooperativePool)
    func randomChurn() {
        churn { random, count in random.next(below: count) }
    }

    @Test("removing and re-adding the oldest observer among 100,000 is amortized O(1) and keeps order")
    func oldestChurn() {
        // `live` is replaced in place, so the oldest registration is the one with the smallest id;
        // removing in id order walks the array cyclically.
        var cursor = -1
        churn { _, count in
            cursor = (cursor + 1) % count
            return cursor
        }
    }

    @Test("churn on a small signal stays cheap too")
    func smallSignalChurn() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        var live: [(Int, Disposable)] = []
        for id in 0..<3 { live.append((id, signal.observeValues { _ in seen.append(id) }!)) }
        var nextID = 3
        let churns = 50_000
        for step in 0..<churns {
            let index = step % live.count
            live[index].1.dispose()
            let id = nextID
            nextID += 1
            live[index] = (id, signal.observeValues { _ in seen.append(id) }!)
        }
        #if DEBUG
        #expect(signal.core.totalCompactionMoves <= 2 * (2 * churns))
        #endif
        input.send(value: 0)
        #expect(seen == live.map(\.0).sorted())
    }
}
