import Dispatch
import Foundation
import Testing
@testable import Streams

// Multi-threaded contracts of Signal. Every suite here has "Concurrency" in its type name so
// that CI runs them under ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`).
// Sizes are modest so that the TSan run stays quick; the observers spin a little so that an
// unserialized delivery would overlap.

/// A value stamped with who sent it and in which position.
struct Stamp: Sendable, Equatable {
    let sender: Int
    let sequence: Int
}

/// Checks that each sender's stamps arrive in the order they were sent. Called only from
/// deliveries the library promises to serialize (a broken promise shows up as a wrong count or a
/// ThreadSanitizer report), hence `@unchecked Sendable`.
final class SenderOrder: @unchecked Sendable {
    /// The last sequence number received from each sender, -1 before the first.
    private(set) var last: [Int]
    /// How many stamps arrived other than right after their sender's previous one.
    private(set) var outOfOrder = 0

    init(senders: Int) {
        last = Array(repeating: -1, count: senders)
    }

    func record(_ stamp: Stamp) {
        if stamp.sequence != last[stamp.sender] + 1 { outOfOrder += 1 }
        last[stamp.sender] = stamp.sequence
    }
}

extension ConcurrencySuites {
    @Suite("Signal concurrency")
    struct SignalConcurrencyTests {
        static let senders = 8
        static let valuesPerSender = 2_000

        @Test("events sent from several threads are delivered one at a time, none lost, each sender's order kept")
        func serializedDelivery() {
            let (signal, input) = Signal<Stamp, Never>.pipe()
            let detector = OverlapDetector()
            let delivered = (0..<Self.senders).map { _ in TestCounter() }
            // Mutated only inside deliveries, which must be serialized.
            let order = SenderOrder(senders: Self.senders)
            let total = TestBox(0)
            let secondObserverTotal = TestBox(0)

            signal.observeValues { stamp in
                detector.enter()
                _ = spin(20)
                order.record(stamp)
                total.value += 1
                delivered[stamp.sender].increment()
                detector.leave()
            }
            // A second observer of the same signal must not overlap with the first either.
            signal.observeValues { _ in
                detector.enter()
                _ = spin(20)
                secondObserverTotal.value += 1
                detector.leave()
            }

            let sendReturnedEarly = TestCounter()
            DispatchQueue.concurrentPerform(iterations: Self.senders) { sender in
                for sequence in 0..<Self.valuesPerSender {
                    input.send(value: Stamp(sender: sender, sequence: sequence))
                    // A sender waits until its event has been delivered.
                    if delivered[sender].value != sequence + 1 { sendReturnedEarly.increment() }
                }
            }

            #expect(detector.overlaps == 0)
            #expect(order.outOfOrder == 0)
            #expect(total.value == Self.senders * Self.valuesPerSender)
            #expect(secondObserverTotal.value == Self.senders * Self.valuesPerSender)
            #expect(order.last == Array(repeating: Self.valuesPerSender - 1, count: Self.senders))
            #expect(sendReturnedEarly.value == 0)
        }

        @Test("reentrant events are delivered right after the event that caused them, even with concurrent senders")
        func reentrancyWithConcurrentSenders() {
            let senders = 4
            let triggers = 1_500
            let (signal, input) = Signal<Int, Never>.pipe()
            let detector = OverlapDetector()
            let sequence = TestBox<[Int]>([])
            // Triggers are even; each observer-sent echo is trigger + 1.
            signal.observeValues { value in
                detector.enter()
                if value % 2 == 0 { input.send(value: value + 1) }
                detector.leave()
            }
            signal.observeValues { value in
                detector.enter()
                _ = spin(10)
                sequence.value.append(value)
                detector.leave()
            }
            let timedOut = runWithDeadline(seconds: 60) {
                DispatchQueue.concurrentPerform(iterations: senders) { sender in
                    for index in 0..<triggers {
                        input.send(value: (sender * triggers + index) * 2)
                    }
                }
            } == nil
            #expect(!timedOut, "concurrent reentrant sends deadlocked")
            guard !timedOut else { return }

            let recorded = sequence.value
            #expect(detector.overlaps == 0)
            #expect(recorded.count == 2 * senders * triggers)
            var misplaced = 0
            var index = 0
            while index + 1 < recorded.count {
                if recorded[index] % 2 != 0 || recorded[index + 1] != recorded[index] + 1 { misplaced += 1 }
                index += 2
            }
            #expect(misplaced == 0)
            #expect(Set(recorded).count == recorded.count)
            // The first observer captures `input`: terminating the signal breaks that cycle.
            input.sendCompleted()
        }

        @Test("a disposal racing with senders stops delivery: at most the one in-flight event arrives after dispose returns")
        func disposalRacingSends() {
            let observers = 6
            let (signal, input) = Signal<Int, Never>.pipe()
            let detector = OverlapDetector()
            let counts = (0..<observers).map { _ in TestCounter() }
            let disposables = TestBox<[Disposable]>([])
            for index in 0..<observers {
                disposables.value.append(signal.observeValues { _ in
                    detector.enter()
                    _ = spin(30)
                    counts[index].increment()
                    detector.leave()
                }!)
            }
            let permanent = TestCounter()
            signal.observeValues { _ in permanent.increment() }

            let stop = TestCounter()
            let sent = TestCounter()
            let senders = (0..<3).map { _ in
                onNewThread {
                    while stop.value == 0 {
                        input.send(value: 0)
                        sent.increment()
                    }
                }
            }

            // Each disposer waits until its observer is busy receiving, then disposes and notes the
            // count the moment dispose returned.
            let countAtDispose = (0..<observers).map { _ in TestCounter() }
            let handles = disposables.value
            DispatchQueue.concurrentPerform(iterations: observers) { index in
                let threshold = 50 + index * 40
                while counts[index].value < threshold { sched_yield() }
                handles[index].dispose()
                countAtDispose[index].store(counts[index].value)
            }
            // Let the senders run on for a while after the last disposal.
            let sentAtLastDispose = sent.value
            while sent.value < sentAtLastDispose + 500 { sched_yield() }
            stop.increment()
            for sender in senders { sender.wait() }

            #expect(detector.overlaps == 0)
            for index in 0..<observers {
                let after = counts[index].value - countAtDispose[index].value
                #expect(after <= 1, "observer \(index) got \(after) events after its disposal returned")
                #expect(handles[index].isDisposed)
            }
            #expect(permanent.value == sent.value)
        }

        @Test("observers added and removed from other threads during sends: the permanent observer loses nothing")
        func churnDuringSends() {
            let (signal, input) = Signal<Stamp, Never>.pipe()
            let detector = OverlapDetector()
            let order = SenderOrder(senders: 2)
            let permanentTotal = TestBox(0)
            signal.observeValues { stamp in
                detector.enter()
                order.record(stamp)
                permanentTotal.value += 1
                detector.leave()
            }
            let perSender = 3_000
            let churners = 2
            let churnRounds = 1_500
            let transientCalls = TestCounter()
            DispatchQueue.concurrentPerform(iterations: 2 + churners) { worker in
                if worker < 2 {
                    for sequence in 0..<perSender {
                        input.send(value: Stamp(sender: worker, sequence: sequence))
                    }
                } else {
                    var held: [Disposable] = []
                    for round in 0..<churnRounds {
                        if let d = signal.observeValues({ _ in
                            detector.enter()
                            transientCalls.increment()
                            detector.leave()
                        }) { held.append(d) }
                        if round % 3 != 0, !held.isEmpty { held.removeFirst().dispose() }
                    }
                    for d in held { d.dispose() }
                }
            }
            #expect(detector.overlaps == 0)
            #expect(order.outOfOrder == 0)
            #expect(permanentTotal.value == 2 * perSender)
            #expect(signal.core.observerCount == 1)
            // After the churn, a new event reaches only the permanent observer.
            let transientBefore = transientCalls.value
            input.send(value: Stamp(sender: 0, sequence: perSender))
            #expect(transientCalls.value == transientBefore)
            #expect(permanentTotal.value == 2 * perSender + 1)
        }

        @Test("observers registered from many threads at once are all registered, and all notified once")
        func concurrentRegistration() {
            let (signal, input) = Signal<Int, Never>.pipe()
            let threads = 8
            let perThread = 500
            let calls = TestCounter()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<perThread { signal.observeValues { _ in calls.increment() } }
            }
            #expect(signal.core.observerCount == threads * perThread)
            input.send(value: 1)
            #expect(calls.value == threads * perThread)
        }

        @Test("terminal events racing from several threads: exactly one is delivered, and it is the last event")
        func racingTerminalEvents() {
            let rounds = 150
            var badRounds = 0
            for round in 0..<rounds {
                let events = TestBox<[Signal<Int, TestError>.Event]>([])
                let detector = OverlapDetector()
                let ended = TestCounter()
                let (signal, input) = Signal<Int, TestError>.pipe(disposable: AnyDisposable { ended.increment() })
                signal.observe { event in
                    detector.enter()
                    events.value.append(event)
                    detector.leave()
                }
                DispatchQueue.concurrentPerform(iterations: 4) { worker in
                    for value in 0..<20 { input.send(value: value) }
                    switch (worker + round) % 3 {
                    case 0: input.sendCompleted()
                    case 1: input.send(error: .first)
                    default: input.sendInterrupted()
                    }
                    for value in 20..<25 { input.send(value: value) }
                }
                let terminalCount = events.value.filter(\.isTerminating).count
                if terminalCount != 1 || events.value.last?.isTerminating != true || detector.overlaps != 0
                    || ended.value != 1 {
                    badRounds += 1
                }
            }
            #expect(badRounds == 0)
        }

        @Test("observers racing with the terminal event each get exactly one terminal event")
        func observeRacingTermination() {
            let rounds = 100
            var unterminated = 0
            var doubleTerminated = 0
            for _ in 0..<rounds {
                let (signal, input) = Signal<Int, Never>.pipe()
                let perObserverTerminals = (0..<16).map { _ in TestCounter() }
                DispatchQueue.concurrentPerform(iterations: 17) { worker in
                    if worker == 16 {
                        input.sendCompleted()
                    } else {
                        signal.observe { event in
                            if event.isTerminating { perObserverTerminals[worker].increment() }
                        }
                    }
                }
                unterminated += perObserverTerminals.filter { $0.value == 0 }.count
                doubleTerminated += perObserverTerminals.filter { $0.value > 1 }.count
            }
            #expect(unterminated == 0)
            #expect(doubleTerminated == 0)
        }

        @Test("the input released on one thread while another sends: every value, then one interruption")
        func dropInputWhileSending() {
            let rounds = 100
            var bad = 0
            var timedOut = 0
            for _ in 0..<rounds {
                let events = Atomic<[Signal<Int, Never>.Event]>([])
                let terminated = DispatchSemaphore(value: 0)
                var mainReference: Signal<Int, Never>.Observer?
                do {
                    let pipe = Signal<Int, Never>.pipe()
                    pipe.output.observe { event in
                        events.modify { $0.append(event) }
                        if event.isTerminating { terminated.signal() }
                    }
                    let input = pipe.input
                    mainReference = input
                    onNewThread {
                        for value in 0..<200 { input.send(value: value) }
                    }
                }
                // Two references race to be the last: this one and the sending block's.
                #expect(mainReference != nil)
                mainReference = nil
                guard terminated.wait(timeout: .now() + 10) == .success else {
                    timedOut += 1
                    continue
                }
                let expected: [Signal<Int, Never>.Event] = (0..<200).map { .value($0) } + [.interrupted]
                if events.value != expected { bad += 1 }
            }
            #expect(timedOut == 0)
            #expect(bad == 0)
        }
    }
}
