import Foundation
import Testing
@testable import Streams

extension ConcurrencySuites {
    /// Disposal while upstream runs deliver on other threads, inner signals flattened while
    /// another thread delivers, and interruption while values wait: every case runs under a
    /// deadline, so a deadlock fails the test instead of hanging the run.
    @Suite("Core Concurrency")
    struct CoreConcurrencyTests {
        /// A producer sending values from a thread of its own until its run ends; `live` counts
        /// the sending threads still running. It pauses briefly after each value: a thread that
        /// drains a serialized operator delivers what other threads queue meanwhile, and two
        /// senders that never pause would keep it draining for as long as they send.
        static func busy(_ offset: Int, live: TestCounter? = nil) -> SignalProducer<Int, Never> {
            SignalProducer { observer, lifetime in
                let stop = TestCounter()
                lifetime.observeEnded { stop.store(1) }
                live?.increment()
                onNewThread {
                    var value = offset
                    while stop.value == 0 {
                        observer.send(value: value)
                        value += 1
                        usleep(1)
                    }
                    live?.add(-1)
                }
            }
        }

        /// Starts `producer` `rounds` times, lets values flow, and disposes each run from this
        /// thread, under a deadline. Returns how many rounds disposed in time.
        static func disposeWhileDelivering(
            rounds: Int, _ producer: SignalProducer<Int, Never>
        ) -> Int {
            var disposedInTime = 0
            for _ in 0..<rounds {
                let values = TestCounter()
                let run = producer.startWithValues { _ in values.increment() }
                _ = waitUntil(seconds: 5) { values.value >= 50 }
                let returned = runWithDeadline(seconds: 10) { run.dispose(); return true }
                guard returned == true else { break }
                disposedInTime += 1
            }
            return disposedInTime
        }

        @Test("disposing combineLatest of two timers on two queues always returns")
        func combineLatestTimers() {
            let q1 = QueueScheduler(name: "streams.test.timer-a")
            let q2 = QueueScheduler(name: "streams.test.timer-b")
            let rounds = 60
            var disposedInTime = 0
            for _ in 0..<rounds {
                let values = TestCounter()
                let run = SignalProducer.combineLatest(
                    SignalProducer<Date, Never>.timer(interval: .milliseconds(1), on: q1),
                    SignalProducer<Date, Never>.timer(interval: .milliseconds(1), on: q2)
                ).startWithValues { _ in values.increment() }
                _ = waitUntil(seconds: 5) { values.value >= 8 }
                guard runWithDeadline(seconds: 10, { run.dispose(); return true }) == true else { break }
                disposedInTime += 1
            }
            #expect(disposedInTime == rounds)
        }

        @Test("disposing combineLatest, merge, flatMap and take(until:) while both upstreams send from other threads always returns",
              arguments: ["combineLatest", "merge", "flatMap", "take(until:)", "zip"])
        func disposeWhileUpstreamsSend(_ name: String) {
            let a = Self.busy(0), b = Self.busy(1_000_000_000)
            let producer: SignalProducer<Int, Never>
            switch name {
            case "combineLatest": producer = SignalProducer.combineLatest(a, b).map { $0 &+ $1 }
            case "merge": producer = SignalProducer.merge(a, b)
            case "flatMap": producer = SignalProducer<Int, Never>([0, 1]).flatMap(.merge) { $0 == 0 ? a : b }
            case "zip": producer = SignalProducer.zip(a, b).map { $0 &+ $1 }
            default: producer = a.take(until: b.filter { $0 < 0 }.map { _ in () })
            }
            let rounds = 25
            #expect(Self.disposeWhileDelivering(rounds: rounds, producer) == rounds)
        }

        @Test("a terminal event that ends a run while its upstream delivers on another thread does not deadlock")
        func terminalWhileUpstreamDelivers() {
            // The other input fails from a second thread while the first delivers: the result's
            // terminal event disposes the first upstream run, whose delivery waits for the result.
            let rounds = 40
            var endedInTime = 0
            for _ in 0..<rounds {
                let values = TestCounter()
                let ended = DispatchSemaphore(value: 0)
                let (failing, failingInput) = Signal<Int, TestError>.pipe()
                let live = TestCounter()
                let busy = Self.busy(0, live: live).promoteError(TestError.self)
                let run = SignalProducer.combineLatest(busy, SignalProducer(failing)).start { event in
                    if event.value != nil { values.increment() }
                    if event.isTerminating { ended.signal() }
                }
                failingInput.send(value: 0)
                _ = waitUntil(seconds: 5) { values.value >= 50 }
                onNewThread { failingInput.send(error: .first) }
                guard ended.wait(timeout: .now() + 10) == .success else { break }
                guard runWithDeadline(seconds: 10, { run.dispose(); return true }) == true else { break }
                #expect(waitUntil(seconds: 10) { live.value == 0 }, "the upstream run was not stopped")
                endedInTime += 1
            }
            #expect(endedInTime == rounds)
        }

        @Test("sendInterrupted returns at once while another thread delivers; waiting values are dropped")
        func interruptionOvertakesWaitingValues() {
            let (signal, input) = Signal<Int, Never>.pipe()
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let log = EventLog<Int, Never>()
            signal.observe { event in
                log.append(event)
                if event.value == 1 {
                    entered.signal()
                    _ = release.wait(timeout: .now() + 20)
                }
            }
            let first = onNewThread { input.send(value: 1) }
            #expect(entered.wait(timeout: .now() + 10) == .success)
            // A second sender waits its turn behind the delivery of 1.
            let second = onNewThread { input.send(value: 2) }
            let returned = runWithDeadline(seconds: 5) { input.sendInterrupted(); return true }
            #expect(returned == true, "sendInterrupted waited for the delivery under way")
            release.signal()
            #expect(first.wait(timeout: .now() + 10) == .success)
            #expect(second.wait(timeout: .now() + 10) == .success)
            #expect(waitUntil(seconds: 10) { log.terminals.count == 1 })
            #expect(log.events == [.value(1), .interrupted])
        }

        @Test("disposing a run from inside its observer overtakes the events its observers queued")
        func reentrantInterruptionOvertakesQueuedEvents() {
            let (signal, input) = Signal<Int, Never>.pipe()
            var events: [Signal<Int, Never>.Event] = []
            signal.observe { event in
                events.append(event)
                if event.value == 1 {
                    input.send(value: 2)
                    input.sendInterrupted()
                }
            }
            input.send(value: 1)
            input.send(value: 3)
            #expect(events == [.value(1), .interrupted])
        }

        /// The events of `flatten(strategy)` when a second inner signal is sent, and sent into,
        /// while another thread is delivering a value of the first.
        static func innerSentDuringDelivery(_ strategy: FlattenStrategy) -> [Signal<Int, Never>.Event]? {
            let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
            let (first, firstInput) = Signal<Int, Never>.pipe()
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let log = EventLog<Int, Never>()
            outer.flatten(strategy).observe { event in
                log.append(event)
                if event.value == 1 {
                    entered.signal()
                    _ = release.wait(timeout: .now() + 20)
                }
            }
            outerInput.send(value: first)
            let delivering = onNewThread { firstInput.send(value: 1) }
            guard entered.wait(timeout: .now() + 10) == .success else { return nil }
            let (second, secondInput) = Signal<Int, Never>.pipe()
            outerInput.send(value: second)
            secondInput.send(value: 2)
            secondInput.sendCompleted()
            release.signal()
            guard delivering.wait(timeout: .now() + 10) == .success else { return nil }
            firstInput.sendCompleted()
            outerInput.sendCompleted()
            _ = waitUntil(seconds: 10) { !log.terminals.isEmpty }
            return log.events
        }

        @Test("an inner signal sent while another thread delivers is observed before send returns",
              arguments: [FlattenStrategy.merge, .latest])
        func innerObservedBeforeSendReturns(_ strategy: FlattenStrategy) {
            #expect(Self.innerSentDuringDelivery(strategy) == [.value(1), .value(2), .completed])
        }

        @Test("flatMap(.merge) of hot inner signals sent from two threads loses no value")
        func mergeOfHotInnersLosesNothing() {
            let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
            let total = TestCounter()
            let completed = TestCounter()
            outer.flatten(.merge).observe { event in
                if event.value != nil { total.increment() }
                if event == .completed { completed.increment() }
            }
            let perThread = 1_000, valuesPerInner = 8
            let senders = (0..<2).map { _ in
                onNewThread {
                    for _ in 0..<perThread {
                        let (inner, innerInput) = Signal<Int, Never>.pipe()
                        outerInput.send(value: inner)
                        for value in 0..<valuesPerInner { innerInput.send(value: value) }
                        innerInput.sendCompleted()
                    }
                }
            }
            let sent = senders.allSatisfy { $0.wait(timeout: .now() + 60) == .success }
            #expect(sent)
            outerInput.sendCompleted()
            #expect(waitUntil(seconds: 20) { completed.value == 1 })
            #expect(total.value == 2 * perThread * valuesPerInner)
        }

        @Test("flatMap(.latest) of hot inner signals, switched from another thread, completes rather than being interrupted")
        func latestCompletes() {
            for _ in 0..<20 {
                let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
                let log = EventLog<Int, Never>()
                let lock = NSLock()
                outer.flatten(.latest).observe { event in
                    lock.lock(); log.append(event); lock.unlock()
                    if event.value != nil { _ = spin(200) }
                }
                let (busy, busyInput) = Signal<Int, Never>.pipe()
                outerInput.send(value: busy)
                let stop = TestCounter()
                let sender = onNewThread {
                    var value = 0
                    while stop.value == 0 { busyInput.send(value: value); value += 1 }
                    busyInput.sendCompleted()
                }
                _ = waitUntil(seconds: 5) { lock.withLock { log.values.count } >= 20 }
                let (last, lastInput) = Signal<Int, Never>.pipe()
                outerInput.send(value: last)
                lastInput.send(value: -1)
                lastInput.sendCompleted()
                stop.store(1)
                #expect(sender.wait(timeout: .now() + 10) == .success)
                outerInput.sendCompleted()
                #expect(waitUntil(seconds: 10) { lock.withLock { !log.terminals.isEmpty } })
                lock.withLock {
                    #expect(log.terminals == [.completed])
                    #expect(log.values.last == -1)
                }
            }
        }
    }
}
