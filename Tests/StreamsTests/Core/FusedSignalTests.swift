import Testing
@testable import Streams

// Signals derived by fused operators (`map`, `filter`, `take(first:)`, ...) have no send lock of
// their own: their source's delivery serializes them. These tests check that they keep every
// contract of a signal all the same; the threaded ones are in FusedSignalConcurrencyTests.

@Suite("Fused signals")
struct FusedSignalTests {
    @Test("an event sent into the source by an observer of a mapped signal is delivered after the current one, to every observer, in order")
    func reentrancyThroughTheSource() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 * 10 }
        let log = TestBox<[String]>([])
        mapped.observeValues { value in
            log.value.append("a\(value)")
            if value == 10 {
                input.send(value: 2)
                input.send(value: 3)
            }
        }
        mapped.observeValues { log.value.append("b\($0)") }
        signal.observeValues { log.value.append("s\($0)") }
        input.send(value: 1)
        #expect(log.value == ["a10", "b10", "s1", "a20", "b20", "s2", "a30", "b30", "s3"])
        // The first observer holds the input: ending the signal releases it.
        input.sendCompleted()
    }

    @Test("a chain of fused operators delivers values and then its terminal event once, and releases its observers")
    func chainTerminates() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        weak var weakCanary: TestCanary?
        let events = TestBox<[Signal<Int, TestError>.Event]>([])
        do {
            let canary = TestCanary()
            weakCanary = canary
            signal.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 3 }.observe { event in
                _ = canary
                events.value.append(event)
            }
        }
        for value in 0..<6 { input.send(value: value) }
        input.send(error: .first)
        input.send(value: 100)
        #expect(events.value == [.value(6), .value(12), .value(18), .failed(.first)])
        #expect(weakCanary == nil)
    }

    @Test("take(first:) on a signal completes its observers and stops observing the source")
    func takeFirstStopsObserving() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let events = TestBox<[Signal<Int, Never>.Event]>([])
        signal.take(first: 2).observe { events.value.append($0) }
        #expect(signal.core.observerCount == 1)
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(events.value == [.value(1), .value(2), .completed])
        #expect(signal.core.observerCount == 0)
    }

    @Test("a fused signal derived from a terminated signal interrupts its observers at once")
    func derivedFromTerminated() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let mapped = signal.map { $0 }.filter { _ in true }
        let events = TestBox<[Signal<Int, Never>.Event]>([])
        let observation = mapped.observe { events.value.append($0) }
        #expect(observation == nil)
        #expect(events.value == [.interrupted])
    }

    @Test("an observer of a mapped signal that disposes itself during a delivery is released once that delivery ends")
    func selfDisposalReleases() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 }
        weak var weakCanary: TestCanary?
        let remaining = TestBox(0)
        do {
            let canary = TestCanary()
            weakCanary = canary
            let handle = TestBox<Disposable?>(nil)
            handle.value = mapped.observeValues { _ in
                _ = canary
                handle.value?.dispose()
            }
        }
        mapped.observeValues { _ in remaining.value += 1 }
        input.send(value: 1)
        #expect(weakCanary == nil)
        #expect(remaining.value == 1)
        #expect(mapped.core.observerCount == 1)
    }

    @Test("an observer of a mapped signal disposed between deliveries is released at once")
    func disposalBetweenDeliveriesReleases() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 }
        weak var weakCanary: TestCanary?
        var observation: Disposable?
        do {
            let canary = TestCanary()
            weakCanary = canary
            observation = mapped.observeValues { _ in _ = canary }
        }
        input.send(value: 1)
        #expect(weakCanary != nil)
        observation?.dispose()
        #expect(weakCanary == nil)
    }

    @Test("a mapped signal of Signal.never keeps its observers, uninterrupted, until they are disposed, then frees them")
    func derivedFromNeverLastsUntilDisposed() {
        weak var weakCanary: TestCanary?
        let events = TestBox<[Signal<Int, Never>.Event]>([])
        var observation: Disposable?
        do {
            let canary = TestCanary()
            weakCanary = canary
            observation = Signal<Int, Never>.never.map { $0 }.observe { event in
                _ = canary
                events.value.append(event)
            }
        }
        // As in ReactiveSwift, never and what is built on it run until disposed.
        #expect(events.value.isEmpty)
        #expect(weakCanary != nil)
        observation?.dispose()
        #expect(events.value.isEmpty)
        #expect(weakCanary == nil)
    }

    @Test("a fused signal that is neither referenced nor observed stops observing its source")
    func abandonedDerivedStopsObserving() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakMapped: Signal<Int, Never>?
        do {
            let mapped = signal.map { $0 }
            weakMapped = mapped
            #expect(signal.core.observerCount == 1)
        }
        #expect(weakMapped == nil)
        #expect(signal.core.observerCount == 0)
        input.send(value: 1)
    }

    @Test("observers of a mapped signal added during a delivery see the next event, not the current one")
    func observerAddedDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 }
        let late = TestBox<[Int]>([])
        let added = TestBox(false)
        mapped.observeValues { _ in
            guard !added.value else { return }
            added.value = true
            mapped.observeValues { late.value.append($0) }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(late.value == [2])
    }
}
