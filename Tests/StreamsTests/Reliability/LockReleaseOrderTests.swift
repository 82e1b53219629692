import Foundation
import Testing
@testable import Streams

#if DEBUG
/// A value whose deinitializer takes a lock of the package (an `AnyDisposable`'s), as a view
/// model holding a disposable, a property or an observer does.
final class LockTakingValue: @unchecked Sendable {
    let disposable = AnyDisposable {}
    deinit { disposable.dispose() }
}

/// Sends values through `timing`'s output: one, which is delivered, then bursts of three at one
/// instant (each replacing the one held before it), the last burst ended by an interruption.
/// Each value is referenced by the operator alone, so that replacing it releases it.
func sendBursts(
    _ timing: (Signal<LockTakingValue, Never>, TestScheduler) -> Signal<LockTakingValue, Never>
) {
    let scheduler = TestScheduler()
    let (values, input) = Signal<LockTakingValue, Never>.pipe()
    var delivered = 0
    timing(values, scheduler).observeValues { _ in delivered += 1 }
    input.send(value: LockTakingValue())
    scheduler.advance(by: 2)
    for _ in 0..<3 { input.send(value: LockTakingValue()) }
    scheduler.advance(by: 2)
    for _ in 0..<3 { input.send(value: LockTakingValue()) }
    input.sendInterrupted()
    scheduler.advance(by: 2)
    // The first value, then the last of the first burst; the second burst is dropped.
    precondition(delivered == 2, "delivered \(delivered)")
}

/// Sends two values, then a trigger, three times, into `combine`'s output, and completes.
/// Each value is referenced by the operator alone, so that replacing it releases it.
func sendBetweenTriggers(
    _ combine: (Signal<LockTakingValue, Never>, Signal<Int, Never>) -> Signal<LockTakingValue, Never>
) {
    let (values, input) = Signal<LockTakingValue, Never>.pipe()
    let (triggers, trigger) = Signal<Int, Never>.pipe()
    var delivered = 0
    combine(values, triggers).observeValues { _ in delivered += 1 }
    for index in 0..<3 {
        input.send(value: LockTakingValue())
        input.send(value: LockTakingValue())
        trigger.send(value: index)
    }
    input.sendCompleted()
    trigger.sendCompleted()
    precondition(delivered >= 3, "delivered \(delivered)")
}

/// In debug builds, taking a lock while holding one of the package's state locks stops the program
/// (`LockOrder`). So the package must never release a user's value under such a lock, where the
/// value's deinitializer would take its own; and the public API that runs the caller's closure under
/// a lock, as ReactiveSwift's does, must let that closure take other locks. Each case runs in a
/// process of its own, which the check would stop.
@Suite("Lock order: users' values and closures")
struct LockReleaseOrderTests {
    @Test("debounce releases the value a newer one replaces after its lock")
    func debounceReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBursts { $0.debounce(1, on: $1) }
        }
    }

    @Test("throttle releases the value a newer one replaces, or a terminal event drops, after its lock")
    func throttleReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBursts { $0.throttle(1, on: $1) }
        }
    }

    @Test("lazyMap releases the value a newer one replaces, or a terminal event drops, after its lock")
    func lazyMapReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBursts { $0.lazyMap(on: $1) { $0 } }
        }
    }

    @Test("LastValueSignal releases the value a newer one replaces after its lock")
    func lastValueSignalReleasesReplacedValue() async {
        await #expect(processExitsWith: .success) {
            let signal = LastValueSignal<LockTakingValue>()
            for _ in 0..<3 { signal.send(value: LockTakingValue()) }
        }
    }

    @Test("values buffered for an async iteration are released after the lock, when dropped or cancelled")
    func asyncValuesReleaseDroppedValues() async {
        await #expect(processExitsWith: .success) {
            let producer = SignalProducer<LockTakingValue, Never> { observer, _ in
                for _ in 0..<4 { observer.send(value: LockTakingValue()) }
                observer.sendCompleted()
            }
            var newest = producer.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
            _ = await newest.next()
            var all = producer.values(bufferingPolicy: .unbounded).makeAsyncIterator()
            _ = await all.next()
            withExtendedLifetime(all) {}
        }
    }

    @Test("combineLatest releases the value a newer one replaces after its lock")
    func combineLatestReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBetweenTriggers { values, triggers in values.combineLatest(with: triggers).map { $0.0 } }
        }
    }

    @Test("sample(on:) releases the value a newer one replaces after its lock")
    func sampleReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBetweenTriggers { values, triggers in values.sample(on: triggers.map { _ in () }) }
        }
    }

    @Test("withLatest(from:) releases the value a newer one replaces after its lock")
    func withLatestReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBetweenTriggers { values, triggers in triggers.withLatest(from: values).map { $0.1 } }
        }
    }

    @Test("a replaying multicast releases the value a newer one pushes out of its buffer after its lock")
    func replayReleasesReplacedValues() async {
        await #expect(processExitsWith: .success) {
            sendBetweenTriggers { values, _ in
                let (replayed, input) = Signal<LockTakingValue, Never>.pipe()
                SignalProducer(values).replayLazily(upTo: 1).startWithValues { input.send(value: $0) }
                return replayed
            }
        }
    }

    @Test("Atomic.modify and withValue may modify another Atomic, as in ReactiveSwift")
    func atomicClosuresMayTakeOtherLocks() async {
        await #expect(processExitsWith: .success) {
            let total = Atomic(1)
            let count = Atomic(2)
            total.modify { value in count.modify { $0 += value } }
            total.withValue { value in count.modify { $0 += value } }
            precondition(count.value == 4)
        }
    }

    @Test("a property's modify and withValue may read another property, as in ReactiveSwift")
    func propertyClosuresMayReadOtherProperties() async {
        await #expect(processExitsWith: .success) {
            let total = MutableProperty(1)
            let step = MutableProperty(2)
            total.modify { $0 += step.value }
            let sum = total.withValue { $0 + step.value }
            precondition(total.value == 3 && sum == 5)
        }
    }
}
#endif
