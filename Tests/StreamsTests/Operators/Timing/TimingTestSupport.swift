import Foundation
import Testing
@testable import Streams

// Helpers for the timing operator tests.

/// A minimal test-only property of a Bool, for `throttle(while:on:)`: `producer` sends the
/// current value then every change; setting the value sends it; deinitialization completes.
final class TestFlag: PropertyProtocol, @unchecked Sendable {
    typealias Value = Bool
    typealias Error = Never

    private let current: Locked<Bool>
    let signal: Signal<Bool, Never>
    private let input: Signal<Bool, Never>.Observer

    init(_ initial: Bool) {
        current = Locked(initial)
        (signal, input) = Signal<Bool, Never>.pipe()
    }

    deinit { input.sendCompleted() }

    var value: Bool {
        get { current.withLock { $0 } }
        set {
            current.withLock { $0 = newValue }
            input.send(value: newValue)
        }
    }

    var producer: SignalProducer<Bool, Never> {
        SignalProducer { observer, lifetime in
            observer.send(value: self.value)
            lifetime += self.signal.observe(observer)
        }
    }
}

/// Drops a `TestScheduler` while deliveries of the operator `timed` applies are pending (two
/// values sent, then the input released, which schedules the interruption) and expects the
/// scheduler and the last value freed: an operator's scheduled actions must not hold the
/// scheduler they wait on.
func expectSchedulerFreedWithDeliveriesPending(
    _ timed: (Signal<TestCanary, Never>, TestScheduler) -> Signal<TestCanary, Never>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    weak var weakScheduler: TestScheduler?
    weak var weakValue: TestCanary?
    do {
        let scheduler = TestScheduler()
        weakScheduler = scheduler
        let (signal, input) = Signal<TestCanary, Never>.pipe()
        timed(signal, scheduler).observeValues { _ in }
        let value = TestCanary("last")
        weakValue = value
        input.send(value: TestCanary("first"))
        input.send(value: value)
    }
    #expect(weakScheduler == nil, sourceLocation: sourceLocation)
    #expect(weakValue == nil, sourceLocation: sourceLocation)
}

/// A date `seconds` after the TestScheduler's default start date.
func at(_ seconds: TimeInterval) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
}

/// Records each event with the virtual date it was delivered at.
final class TimedLog<Value, Error: Swift.Error>: @unchecked Sendable {
    private(set) var entries: [(TimeInterval, Signal<Value, Error>.Event)] = []
    /// Weak: the log is reachable from work pending on the scheduler, which must not keep it.
    weak var scheduler: TestScheduler?

    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    var observer: Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { [self] event in
            entries.append((scheduler?.currentDate.timeIntervalSinceReferenceDate ?? .nan, event))
        }
    }

    var events: [Signal<Value, Error>.Event] { entries.map(\.1) }
    var values: [Value] { events.compactMap(\.value) }
    var times: [TimeInterval] { entries.map(\.0) }
}
