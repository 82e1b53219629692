import Foundation
import Testing
@testable import Streams
import TestSupport

/// An owner for owner-bound observations, recording what it receives.
final class Listener: @unchecked Sendable {
    var received: [Int] = []
    var onReceive: ((Listener, Int) -> Void)?
    init() {}
    func handle(_ value: Int) {
        received.append(value)
        onReceive?(self, value)
    }
    func ping() { received.append(-1) }
}

/// An owner that exposes a lifetime ending when it deinitializes.
final class LifetimeListener: LifetimeProviding, @unchecked Sendable {
    let lifetime: Lifetime
    private let token: Lifetime.Token
    var received: [Int] = []
    init() { (lifetime, token) = Lifetime.make() }
}

@Suite("Eventing: owner-bound observation")
struct OwnerBoundObservationTests {
    @Test("a method without parameters serves as the callback of any signal, last-value signal, timer or producer that cannot fail")
    func parameterlessMethodsEverywhere() {
        let listener = Listener()
        let (pings, pingInput) = Signal<Void, Never>.pipe()
        let (values, valueInput) = Signal<Int, Never>.pipe()
        pings.observe(with: listener, call: Listener.ping)
        values.observe(with: listener, call: Listener.ping)
        values.observe(with: listener, once: true, call: Listener.ping)
        let lastPing = LastValueSignal<Void>()
        let lastValue = LastValueSignal<Int>()
        lastPing.observe(with: listener, call: Listener.ping)
        lastValue.observe(with: listener, call: Listener.ping)
        let clock = TestScheduler()
        let timer = PeriodicTimer(interval: .seconds(1), on: clock)
        timer.fired.observe(with: listener, call: Listener.ping)
        timer.activate()
        SignalProducer<String, Never>(["a", "b"]).start(with: listener, call: Listener.ping)
        #expect(listener.received == [-1, -1])
        pingInput.send(value: ())
        valueInput.send(value: 5)
        valueInput.send(value: 6)
        lastPing.send(value: ())
        lastValue.send(value: 7)
        clock.advance(by: .seconds(1))
        // The producer's two values, a ping, two values (the once observation on the first), the
        // two last-value signals and one tick.
        #expect(listener.received == Array(repeating: -1, count: 2 + 1 + 3 + 2 + 1))
        timer.stop()
    }

    @Test("observe(with:) hands the owner and each value to the closure")
    func deliversOwnerAndValue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let listener = Listener()
        signal.observe(with: listener) { owner, value in owner.received.append(value) }
        input.send(value: 1)
        input.send(value: 2)
        #expect(listener.received == [1, 2])
        #expect(signal.observerCount == 1)
    }

    @Test("the unbound-method form calls the owner's method; Void signals take parameterless methods")
    func methodForms() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (pings, pingInput) = Signal<(), Never>.pipe()
        let listener = Listener()
        signal.observe(with: listener, call: Listener.handle)
        pings.observe(with: listener, call: Listener.ping)
        input.send(value: 5)
        pingInput.send(value: ())
        #expect(listener.received == [5, -1])
    }

    @Test("the owner is held weakly; the next event after it is gone ends the observation and frees the closure")
    func ownerGoneAtNextEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakOwner: Listener?
        weak var weakCaptured: TestCanary?
        let calls = TestBox(0)
        let observation: Disposable
        do {
            let owner = Listener()
            let captured = TestCanary()
            weakOwner = owner
            weakCaptured = captured
            observation = signal.observe(with: owner) { _, _ in
                _ = captured
                calls.value += 1
            }
            input.send(value: 1)
            #expect(calls.value == 1)
        }
        #expect(weakOwner == nil, "the observation must not retain its owner")
        #expect(weakCaptured != nil, "the closure lives until the signal notices the owner is gone")
        #expect(signal.observerCount == 1)
        input.send(value: 2)
        #expect(calls.value == 1, "a value that finds the owner gone is not delivered")
        #expect(weakCaptured == nil, "the closure and its captures are freed")
        #expect(signal.observerCount == 0)
        #expect(observation.isDisposed)
    }

    @Test("an owner with a Lifetime ends the observation the moment it deinitializes, with no event")
    func lifetimeOwnerEndsAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakCaptured: TestCanary?
        let observation: Disposable
        do {
            let owner = LifetimeListener()
            let captured = TestCanary()
            weakCaptured = captured
            observation = signal.observe(with: owner) { owner, value in
                _ = captured
                owner.received.append(value)
            }
            input.send(value: 1)
            #expect(owner.received == [1])
            #expect(signal.observerCount == 1)
        }
        #expect(weakCaptured == nil)
        #expect(signal.observerCount == 0)
        #expect(observation.isDisposed)
        _ = input
    }

    @Test("an owner whose lifetime has already ended never observes")
    func endedLifetimeOwner() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        final class Owner: LifetimeProviding, @unchecked Sendable {
            let lifetime: Lifetime
            var count = 0
            init(_ lifetime: Lifetime) { self.lifetime = lifetime }
        }
        let owner = Owner(lifetime)
        token.dispose()
        let observation = signal.observe(with: owner) { owner, _ in owner.count += 1 }
        input.send(value: 1)
        #expect(owner.count == 0)
        #expect(observation.isDisposed)
        #expect(signal.observerCount == 0)
    }

    @Test("once: true ends after the first value, before a value sent from inside the callback")
    func once() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let listener = Listener()
        weak var weakCaptured: TestCanary?
        let observation: Disposable
        do {
            let captured = TestCanary()
            weakCaptured = captured
            observation = signal.observe(with: listener, once: true) { owner, value in
                _ = captured
                owner.received.append(value)
                if value == 1 { input.send(value: 99) }
            }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(listener.received == [1])
        #expect(observation.isDisposed)
        #expect(weakCaptured == nil)
        #expect(signal.observerCount == 0)
    }

    @Test("observeNextValue delivers one value, then releases its closure")
    func nextValue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var received: [Int] = []
        signal.observeNextValue { received.append($0) }
        input.send(value: 3)
        input.send(value: 4)
        #expect(received == [3])
        #expect(signal.observerCount == 0)
    }

    @Test("disposing the returned disposable ends the observation")
    func disposal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let listener = Listener()
        let observation = signal.observe(with: listener, call: Listener.handle)
        input.send(value: 1)
        observation.dispose()
        input.send(value: 2)
        #expect(listener.received == [1])
        #expect(signal.observerCount == 0)
    }

    @Test("the owner released during its own delivery receives that value in full, and nothing after")
    func ownerReleasedDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let holder = TestBox<Listener?>(Listener())
        weak let weakOwner = holder.value
        let seen = TestBox<[Int]>([])
        signal.observe(with: holder.value!) { owner, value in
            holder.value = nil  // the last strong reference outside the delivery
            seen.value.append(value)
            owner.received.append(value)  // still valid: held for the delivery
        }
        input.send(value: 1)
        #expect(weakOwner == nil)
        input.send(value: 2)
        #expect(seen.value == [1])
        #expect(signal.observerCount == 0)
    }

    @Test("registering the same owner twice makes two observations; each ends on its own")
    func reRegistration() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let listener = Listener()
        let first = signal.observe(with: listener, call: Listener.handle)
        signal.observe(with: listener, call: Listener.handle)
        input.send(value: 1)
        first.dispose()
        input.send(value: 2)
        #expect(listener.received == [1, 1, 2])
        #expect(signal.observerCount == 1)
    }

    @Test("observeEvents(with:) receives the terminal event, then releases its closure")
    func eventsWithTerminal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let listener = Listener()
        var events: [Signal<Int, TestError>.Event] = []
        let observation = signal.observeEvents(with: listener) { _, event in events.append(event) }
        input.send(value: 1)
        input.send(error: .first)
        #expect(events == [.value(1), .failed(.first)])
        #expect(observation.isDisposed)
    }

    @Test("observing a terminated signal with an owner ends at once")
    func terminatedSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let listener = Listener()
        let observation = signal.observe(with: listener, call: Listener.handle)
        #expect(observation.isDisposed)
        #expect(listener.received.isEmpty)
    }

    @Test("delivery on a scheduler: values wait for the scheduler, and an owner gone meanwhile gets nothing")
    func onScheduler() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let kept = Listener()
        signal.observe(with: kept, on: scheduler, call: Listener.handle)
        weak var weakGone: Listener?
        let goneCalls = TestBox(0)
        do {
            let gone = Listener()
            weakGone = gone
            signal.observe(with: gone, on: scheduler) { _, _ in goneCalls.value += 1 }
            input.send(value: 1)
        }
        #expect(kept.received.isEmpty)
        #expect(weakGone == nil, "a value waiting on the scheduler does not keep the owner")
        scheduler.run()
        #expect(kept.received == [1])
        #expect(goneCalls.value == 0)
    }

    @Test("disposing before a scheduled delivery runs cancels it")
    func disposedBeforeScheduledDelivery() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let listener = Listener()
        let observation = signal.observe(with: listener, on: scheduler, call: Listener.handle)
        input.send(value: 1)
        observation.dispose()
        scheduler.run()
        #expect(listener.received.isEmpty)
    }

    @Test("a producer started with an owner is interrupted when the owner is noticed gone")
    func producerOwnerGone() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let interrupted = TestBox(false)
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += signal.observe(observer)
            lifetime.observeEnded { interrupted.value = true }
        }
        weak var weakOwner: Listener?
        do {
            let owner = Listener()
            weakOwner = owner
            producer.start(with: owner, call: Listener.handle)
            input.send(value: 1)
            #expect(owner.received == [1])
        }
        #expect(weakOwner == nil)
        #expect(!interrupted.value)
        input.send(value: 2)
        #expect(interrupted.value)
        #expect(signal.observerCount == 0)
    }

    @Test("a producer started with a Lifetime owner ends with the owner; once: true ends after a value")
    func producerLifetimeOwnerAndOnce() {
        let ended = TestBox(0)
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += signal.observe(observer)
            lifetime.observeEnded { ended.value += 1 }
        }
        do {
            let owner = LifetimeListener()
            producer.start(with: owner) { owner, value in owner.received.append(value) }
        }
        #expect(ended.value == 1)
        let listener = Listener()
        producer.start(with: listener, once: true, call: Listener.handle)
        input.send(value: 7)
        input.send(value: 8)
        #expect(listener.received == [7])
        #expect(ended.value == 2)
    }

    @Test("a synchronous producer with once: true stops after its first value")
    func synchronousProducerOnce() {
        let listener = Listener()
        let sent = TestBox(0)
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            for value in 1...5 where !lifetime.hasEnded {
                sent.value += 1
                observer.send(value: value)
            }
        }
        let run = producer.start(with: listener, once: true, call: Listener.handle)
        #expect(listener.received == [1])
        #expect(sent.value == 1)
        #expect(run.isDisposed)
    }
}

extension ConcurrencySuites {
    @Suite("Eventing Concurrency: owner-bound observation", .timeLimit(.minutes(5)), .offCooperativePool)
    struct OwnerBoundConcurrencyTests {
        @Test("owners come and go on other threads while values are sent: deliveries never overlap and every observation ends")
        func ownersComeAndGo() {
            let (signal, input) = Signal<Int, Never>.pipe()
            let overlap = OverlapDetector()
            let delivered = TestCounter()
            let stop = TestCounter()
            let sender = onNewThread {
                var value = 0
                while stop.value == 0 {
                    value += 1
                    input.send(value: value)
                    usleep(1)
                }
            }
            let done = onNewThread {
                let deliver = { (_: AnyObject, _: Int) in
                    overlap.enter()
                    delivered.increment()
                    overlap.leave()
                }
                for round in 0..<300 {
                    if round.isMultiple(of: 2) {
                        signal.observe(with: Listener(), deliver)
                    } else {
                        signal.observe(with: LifetimeListener(), deliver)
                    }
                    if round.isMultiple(of: 3) { usleep(50) }
                }
            }
            done.wait()
            stop.increment()
            sender.wait()
            // The Lifetime owners ended at once; the others end at the next value.
            input.send(value: -1)
            #expect(overlap.overlaps == 0)
            #expect(signal.observerCount == 0)
        }
    }
}
