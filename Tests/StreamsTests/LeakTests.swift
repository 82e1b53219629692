import Foundation
import Testing
@testable import Streams

// Weak-reference tests: after completion or disposal, a stream lets go of its observers, of the
// closures it was given and of what they captured. Each test first checks that the canary is
// alive while the stream runs, so that a nil afterwards means "released", not "never retained".
//
// Objects are created inside `do` scopes so that no local variable of the test keeps them alive.

@Suite("Leaks: SignalProducer")
struct SignalProducerLeakTests {
    @Test("a start-handler run releases its handler's captures, its lifetime closures and its observer on completion")
    func generatorRunCompletion() {
        weak var handlerCanary: TestCanary?
        weak var lifetimeCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let input = TestBox<Signal<Int, Never>.Observer?>(nil)
        var values: [Int] = []
        let disposable: Disposable
        do {
            let inHandler = TestCanary("handler")
            let inLifetime = TestCanary("lifetime")
            let inObserver = TestCanary("observer")
            handlerCanary = inHandler
            lifetimeCanary = inLifetime
            observerCanary = inObserver
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                _ = inHandler
                // The lifetime holds the observer: a cycle that the end of the run must break.
                lifetime.observeEnded { _ = inLifetime; _ = observer }
                input.value = observer
            }
            disposable = producer.startWithValues { value in
                _ = inObserver
                values.append(value)
            }
        }
        // The producer is gone; the run is not.
        #expect(lifetimeCanary != nil)
        #expect(observerCanary != nil)
        input.value?.send(value: 1)
        input.value?.sendCompleted()
        input.value = nil
        #expect(values == [1])
        #expect(handlerCanary == nil)
        #expect(lifetimeCanary == nil)
        #expect(observerCanary == nil)
        // Even though the caller still holds the run's disposable.
        #expect(disposable.isDisposed)
    }

    @Test("a start-handler run releases everything on failure while its input is still held")
    func generatorRunFailure() {
        weak var lifetimeCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let input = TestBox<Signal<Int, TestError>.Observer?>(nil)
        let disposable: Disposable
        do {
            let inLifetime = TestCanary()
            let inObserver = TestCanary()
            lifetimeCanary = inLifetime
            observerCanary = inObserver
            disposable = SignalProducer<Int, TestError> { observer, lifetime in
                lifetime.observeEnded { _ = inLifetime }
                input.value = observer
            }.startWithFailed { _ in _ = inObserver }
        }
        #expect(lifetimeCanary != nil && observerCanary != nil)
        input.value?.send(error: .first)
        #expect(lifetimeCanary == nil)
        #expect(observerCanary == nil)
        #expect(disposable.isDisposed)
        withExtendedLifetime(input) {}
    }

    @Test("a never-ending run releases everything when disposed")
    func generatorRunDisposal() {
        weak var lifetimeCanary: TestCanary?
        weak var observerCanary: TestCanary?
        var interrupted = 0
        let disposable: Disposable
        do {
            let inLifetime = TestCanary()
            let inObserver = TestCanary()
            lifetimeCanary = inLifetime
            observerCanary = inObserver
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                lifetime.observeEnded { _ = inLifetime; _ = observer }
            }
            disposable = producer.start(Signal.Observer(interrupted: {
                _ = inObserver
                interrupted += 1
            }))
        }
        #expect(lifetimeCanary != nil)
        #expect(observerCanary != nil)
        disposable.dispose()
        #expect(interrupted == 1)
        #expect(lifetimeCanary == nil)
        #expect(observerCanary == nil)
    }

    @Test("SignalProducer.never releases its observer when the run is disposed")
    func neverDisposal() {
        weak var observerCanary: TestCanary?
        let disposable: Disposable
        do {
            let canary = TestCanary()
            observerCanary = canary
            disposable = SignalProducer<Int, Never>.never.startWithInterrupted { _ = canary }
        }
        #expect(observerCanary != nil)
        disposable.dispose()
        #expect(observerCanary == nil)
    }

    @Test("SignalProducer.never frees its run and observer when the handle is dropped")
    func neverHandleDropped() {
        weak var observerCanary: TestCanary?
        weak var weakHandle: AnyObject?
        do {
            let canary = TestCanary()
            observerCanary = canary
            let handle = SignalProducer<Int, Never>.never.startWithInterrupted { _ = canary }
            weakHandle = handle
            #expect(observerCanary != nil)
        }
        #expect(weakHandle == nil)
        #expect(observerCanary == nil)
    }

    @Test("a synchronous run releases its observer as soon as it completed")
    func synchronousRunCompletion() {
        weak var observerCanary: TestCanary?
        weak var valueCanary: TestCanary?
        var disposables: [Disposable] = []
        do {
            let inObserver = TestCanary()
            let value = TestCanary("value")
            observerCanary = inObserver
            valueCanary = value
            let producer = SignalProducer<TestCanary, Never>(values: value, TestCanary(), TestCanary())
            disposables.append(producer.startWithValues { _ in _ = inObserver })
            disposables.append(SignalProducer<TestCanary, Never>(value: value).start())
            disposables.append(SignalProducer<TestCanary, Never> { value }.start())
        }
        #expect(observerCanary == nil)
        #expect(valueCanary == nil)
        #expect(disposables.allSatisfy { $0.isDisposed })
    }

    @Test("a synchronous run disposed from its observer releases the observer")
    func synchronousRunDisposedFromObserver() {
        weak var observerCanary: TestCanary?
        var seen: [Int] = []
        do {
            let canary = TestCanary()
            observerCanary = canary
            SignalProducer<Int, Never>(0..<100).startWithSignal { signal, interruptHandle in
                _ = signal.observeValues { value in
                    _ = canary
                    seen.append(value)
                    if value == 2 { interruptHandle.dispose() }
                }
            }
        }
        #expect(seen == [0, 1, 2])
        #expect(observerCanary == nil)
    }

    @Test("a run of SignalProducer(signal) stops observing the signal when disposed, and releases its observer")
    func signalProducerRunDisposal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var observerCanary: TestCanary?
        let disposable: Disposable
        do {
            let canary = TestCanary()
            observerCanary = canary
            disposable = SignalProducer(signal).startWithValues { _ in _ = canary }
        }
        #expect(signal.core.observerCount == 1)
        #expect(observerCanary != nil)
        disposable.dispose()
        #expect(signal.core.observerCount == 0)
        #expect(observerCanary == nil)
        input.send(value: 1)
    }

    @Test("startWithSignal: observers of the run's signal are released when the run is disposed")
    func startWithSignalDisposal() {
        weak var observerCanary: TestCanary?
        let handle: Disposable
        do {
            let canary = TestCanary()
            observerCanary = canary
            handle = SignalProducer<Int, Never>.never.startWithSignal { signal, interruptHandle -> Disposable in
                signal.observeInterrupted { _ = canary }
                return interruptHandle
            }
        }
        #expect(observerCanary != nil)
        handle.dispose()
        #expect(observerCanary == nil)
    }
}

@Suite("Leaks: Signal")
struct SignalLeakTests {
    @Test("a pipe releases its observers after the terminal event, while signal and input are still held",
          arguments: [Signal<Int, TestError>.Event.completed, .failed(.first), .interrupted])
    func observersReleasedOnTermination(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        weak var first: TestCanary?
        weak var second: TestCanary?
        do {
            let a = TestCanary()
            let b = TestCanary()
            first = a
            second = b
            signal.observe { _ in _ = a }
            signal.observe(Signal.Observer(value: { _ in _ = b }))
        }
        input.send(value: 1)
        #expect(first != nil && second != nil)
        input.send(terminal)
        #expect(first == nil)
        #expect(second == nil)
        withExtendedLifetime((signal, input)) {}
    }

    @Test("a pipe releases an observer as soon as its observation is disposed")
    func observerReleasedOnDisposal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var disposedCanary: TestCanary?
        weak var keptCanary: TestCanary?
        let disposable: Disposable?
        do {
            let disposed = TestCanary()
            let kept = TestCanary()
            disposedCanary = disposed
            keptCanary = kept
            disposable = signal.observeValues { _ in _ = disposed }
            signal.observeValues { _ in _ = kept }
        }
        #expect(disposedCanary != nil)
        disposable?.dispose()
        #expect(disposedCanary == nil)
        #expect(keptCanary != nil)
        input.send(value: 1)
        withExtendedLifetime(signal) {}
    }

    @Test("an observer disposed after values were delivered is released at once, without another send")
    func observerReleasedOnDisposalAfterDeliveries() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var disposedCanary: TestCanary?
        let disposable: Disposable?
        var received: [Int] = []
        do {
            let disposed = TestCanary()
            disposedCanary = disposed
            disposable = signal.observeValues { _ in _ = disposed }
            signal.observeValues { received.append($0) }
        }
        // The signal has delivered, so the list it delivers from holds both observers.
        input.send(value: 1)
        input.send(value: 2)
        #expect(disposedCanary != nil)
        disposable?.dispose()
        #expect(disposedCanary == nil)
        input.send(value: 3)
        #expect(received == [1, 2, 3])
        withExtendedLifetime(signal) {}
    }

    @Test("an observer disposed on another thread during a delivery is released when that delivery ends, without another send")
    func observerDisposedFromAnotherThreadDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var disposedCanary: TestCanary?
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let delivered = DispatchSemaphore(value: 0)
        let disposable: Disposable?
        do {
            let disposed = TestCanary()
            disposedCanary = disposed
            disposable = signal.observeValues { _ in _ = disposed }
            signal.observeValues { value in
                guard value == 2 else { return }
                entered.signal()
                proceed.wait()
            }
        }
        input.send(value: 1)
        Thread.detachNewThread {
            input.send(value: 2)
            delivered.signal()
        }
        entered.wait()
        // The other thread is inside its delivery, holding the send lock: the removal cannot drop
        // the delivery list, which still holds the observer until the delivery ends.
        disposable?.dispose()
        proceed.signal()
        delivered.wait()
        #expect(disposedCanary == nil)
        withExtendedLifetime(signal) {}
    }

    @Test("an observer that disposes itself during a delivery is released once that delivery ends")
    func observerDisposedDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakCanary: TestCanary?
        do {
            let canary = TestCanary()
            weakCanary = canary
            let own = TestBox<Disposable?>(nil)
            own.value = signal.observeValues { _ in
                _ = canary
                own.value?.dispose()
            }
        }
        input.send(value: 1)
        #expect(weakCanary == nil)
        withExtendedLifetime(signal) {}
    }

    @Test("a signal and its observers are freed after its input is released")
    func freedAfterInputDropped() {
        weak var weakSignal: Signal<Int, Never>?
        weak var observerCanary: TestCanary?
        weak var weakInput: Signal<Int, Never>.Observer?
        var interrupted = 0
        var input: Signal<Int, Never>.Observer?
        do {
            let canary = TestCanary()
            observerCanary = canary
            let pipe = Signal<Int, Never>.pipe()
            weakSignal = pipe.output
            input = pipe.input
            weakInput = pipe.input
            pipe.output.observe(Signal.Observer(value: { _ in _ = canary }, interrupted: { interrupted += 1 }))
        }
        #expect(observerCanary != nil)
        input?.send(value: 1)
        input = nil
        #expect(interrupted == 1)
        #expect(weakInput == nil)
        #expect(weakSignal == nil)
        #expect(observerCanary == nil)
    }

    @Test("a generator whose lifetime holds its input is freed once the signal is unreferenced and unobserved")
    func generatorCycleBroken() {
        weak var weakInput: Signal<Int, Never>.Observer?
        weak var lifetimeCanary: TestCanary?
        do {
            let canary = TestCanary()
            lifetimeCanary = canary
            let signal = Signal<Int, Never> { observer, lifetime in
                weakInput = observer
                lifetime.observeEnded { _ = observer; _ = canary }
            }
            let observation = signal.observeValues { _ in }
            #expect(weakInput != nil)
            observation?.dispose()
        }
        #expect(weakInput == nil)
        #expect(lifetimeCanary == nil)
    }

    @Test("Signal.never, once unreferenced and unobserved, is freed")
    func neverFreed() {
        weak var weakSignal: Signal<Int, Never>?
        weak var observerCanary: TestCanary?
        do {
            let canary = TestCanary()
            observerCanary = canary
            let signal = Signal<Int, Never>.never
            weakSignal = signal
            let observation = signal.observeValues { _ in _ = canary }
            observation?.dispose()
        }
        #expect(weakSignal == nil)
        #expect(observerCanary == nil)
    }

    @Test("Signal.never keeps the observers it has until they are disposed, then frees them and itself")
    func neverFreedOnceDisposed() {
        weak var weakSignal: Signal<Int, Never>?
        weak var observerCanary: TestCanary?
        var observation: Disposable?
        do {
            let canary = TestCanary()
            observerCanary = canary
            let signal = Signal<Int, Never>.never
            weakSignal = signal
            observation = signal.observeValues { _ in _ = canary }
            #expect(observation?.isDisposed == false)
        }
        // The observation runs until disposed, as in ReactiveSwift.
        #expect(weakSignal == nil)
        #expect(observerCanary != nil)
        #expect(observation?.isDisposed == false)
        observation?.dispose()
        #expect(observerCanary == nil)
        #expect(observation?.isDisposed == true)
    }

    @Test("observing a terminated signal does not retain the observer")
    func terminatedSignalDoesNotRetain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        weak var weakCanary: TestCanary?
        var interrupted = 0
        do {
            let canary = TestCanary()
            weakCanary = canary
            signal.observeInterrupted { _ = canary; interrupted += 1 }
        }
        #expect(interrupted == 1)
        #expect(weakCanary == nil)
    }

    @Test("events queued by reentrancy are released after their delivery")
    func reentrantQueueReleasesEvents() {
        let (signal, input) = Signal<TestCanary, Never>.pipe()
        weak var queued: TestCanary?
        var received = 0
        signal.observeValues { value in
            received += 1
            if value.name == "trigger" {
                let follower = TestCanary("follower")
                queued = follower
                input.send(value: follower)
            }
        }
        input.send(value: TestCanary("trigger"))
        #expect(received == 2)
        #expect(queued == nil)
        // The observer captures `input`: terminating the signal breaks that cycle.
        input.sendCompleted()
    }

    @Test("the terminal event's snapshot of observers is released after delivery")
    func terminalSnapshotReleased() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakCanary: TestCanary?
        do {
            let canary = TestCanary()
            weakCanary = canary
            for _ in 0..<10 { signal.observeCompleted { _ = canary } }
        }
        input.sendCompleted()
        #expect(weakCanary == nil)
        withExtendedLifetime(signal) {}
    }
}

@Suite("Leaks: Lifetime")
struct LifetimeLeakTests {
    @Test("observing Lifetime.ended holds the observer until the lifetime ends, then releases it")
    func endedReleasesObserver() {
        let (lifetime, token) = Lifetime.make()
        weak var weakCanary: TestCanary?
        var completed = 0
        do {
            let canary = TestCanary()
            weakCanary = canary
            lifetime.ended.observeCompleted { _ = canary; completed += 1 }
        }
        #expect(weakCanary != nil)
        token.dispose()
        #expect(completed == 1)
        #expect(weakCanary == nil)
    }

    @Test("an observeEnded action is released after it ran, and when cancelled")
    func observeEndedReleased() {
        let (lifetime, token) = Lifetime.make()
        weak var ran: TestCanary?
        weak var cancelled: TestCanary?
        do {
            let a = TestCanary()
            let b = TestCanary()
            ran = a
            cancelled = b
            lifetime.observeEnded { _ = a }
            let handle = lifetime.observeEnded { _ = b }
            handle?.dispose()
        }
        #expect(cancelled == nil)
        #expect(ran != nil)
        token.dispose()
        #expect(ran == nil)
    }
}
