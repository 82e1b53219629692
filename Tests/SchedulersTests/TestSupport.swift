import Dispatch
import Foundation
import Schedulers

/// A value guarded by a lock, for recording what scheduled actions saw from any thread.
final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    @discardableResult
    func modify<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }
}

extension Shared where Value == Int {
    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int { modify { $0 += 1; return $0 } }
}

extension Shared where Value: RangeReplaceableCollection {
    func append(_ element: Value.Element) { modify { $0.append(element) } }
}

/// A reference whose deallocation tests observe through a weak reference.
final class Tracked: @unchecked Sendable {
    var hits = 0
}

extension DispatchSemaphore {
    /// Waits up to `seconds`; returns whether the semaphore was signalled in time.
    func wait(seconds: Double) -> Bool {
        wait(timeout: .now() + seconds) == .success
    }
}

extension DispatchGroup {
    /// Waits up to `seconds`; returns whether the group emptied in time.
    func wait(seconds: Double) -> Bool {
        wait(timeout: .now() + seconds) == .success
    }
}

/// A `DateScheduler` that forwards to a `TestScheduler` and records what was scheduled on it, so
/// tests of the `DateScheduler` extensions know when a task has registered its wake-up.
final class RecordingDateScheduler: DateScheduler, @unchecked Sendable {
    let base: TestScheduler
    /// Every disposable returned for a one-shot `schedule(after:)`, with its date.
    let oneShots = Shared<[(date: Date, disposable: Disposable?)]>([])
    /// Every disposable returned for a repeating schedule, with its first date and interval.
    let repeating = Shared<[(date: Date, interval: DispatchTimeInterval, disposable: Disposable?)]>([])

    init(_ base: TestScheduler) { self.base = base }

    var currentDate: Date { base.currentDate }

    func schedule(_ action: @escaping () -> Void) -> Disposable? {
        base.schedule(action)
    }

    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        let disposable = base.schedule(after: date, action: action)
        oneShots.append((date, disposable))
        return disposable
    }

    func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval,
                  action: @escaping () -> Void) -> Disposable? {
        let disposable = base.schedule(after: date, interval: interval, leeway: leeway, action: action)
        repeating.append((date, interval, disposable))
        return disposable
    }

    /// Suspends until at least `count` one-shot actions have been scheduled, or 10 s have passed.
    ///
    /// - Returns: Whether they were scheduled in time.
    func waitForOneShots(_ count: Int) async -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while oneShots.value.count < count {
            if Date() > deadline { return false }
            await Task.yield()
        }
        return true
    }
}

/// Polls `condition` every millisecond until it holds or `seconds` have passed.
///
/// - Returns: Whether the condition held in time.
func eventually(within seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.001)
    }
    return true
}

/// The virtual date `seconds` after the default start date of a `TestScheduler`.
func t(_ seconds: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
}

/// The current virtual time of `scheduler`, in seconds since its default start date.
func now(_ scheduler: TestScheduler) -> Double {
    scheduler.currentDate.timeIntervalSinceReferenceDate
}
