import Dispatch
import Foundation

/// A scheduler backed by a serial `DispatchQueue`, with one-shot and repeating timed work.
///
/// Actions run one at a time on the queue, in the order they were scheduled. Dates are wall-clock
/// dates; timed work uses `DispatchWallTime`.
///
/// A repeating timer lives as long as its scheduler, whether or not the caller keeps the
/// disposable that scheduled it; disposing that disposable stops it, and so does the scheduler's
/// deinitialization.
public final class QueueScheduler: DateScheduler, @unchecked Sendable {
    /// A scheduler on the main queue. Unlike ``UIScheduler`` it always enqueues, never runs inline.
    public static let main = QueueScheduler(internalQueue: DispatchQueue.main)

    /// The current wall-clock date.
    public var currentDate: Date { Date() }

    /// The serial queue the actions run on.
    public let queue: DispatchQueue

    /// The repeating timers still going, kept so that they last as long as the scheduler.
    private let timers = Locked(Bag<DispatchSourceTimer>())

    init(internalQueue: DispatchQueue) {
        queue = internalQueue
    }

    deinit {
        let remaining = timers.withLock { timers in
            defer { timers = Bag() }
            return timers
        }
        for timer in remaining { timer.cancel() }
    }

    /// Creates a scheduler that targets `queue` through a serial queue of its own.
    ///
    /// - Parameters:
    ///   - queue: The queue to target; a concurrent queue is fine, actions are still serialized.
    ///   - name: The label of the serial queue.
    public convenience init(queue: DispatchQueue, name: String = "Streams.QueueScheduler") {
        self.init(internalQueue: DispatchQueue(label: name, target: queue))
    }

    /// Creates a scheduler with a new serial queue.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the queue.
    ///   - name: The label of the queue.
    ///   - targetQueue: An optional queue to target.
    public convenience init(qos: DispatchQoS = .unspecified, name: String = "Streams.QueueScheduler",
                            targeting targetQueue: DispatchQueue? = nil) {
        self.init(internalQueue: DispatchQueue(label: name, qos: qos, target: targetQueue))
    }

    /// Enqueues `action` on the queue.
    ///
    /// - Returns: A disposable that cancels the action if it has not started.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let work = CancellableAction(action)
        queue.async { work.run() }
        return work
    }

    /// Runs `action` on the queue at or after `date`.
    ///
    /// - Returns: A disposable that cancels the action if it has not started.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        let work = CancellableAction(action)
        queue.asyncAfter(wallDeadline: wallTime(of: date)) { work.run() }
        return work
    }

    /// Runs `action` on the queue at `date` and then every `interval`, until disposed.
    ///
    /// The timer is a dispatch timer source; disposing cancels it and releases the action.
    @discardableResult
    public func schedule(after date: Date, interval: DispatchTimeInterval,
                         action: @escaping () -> Void) -> Disposable? {
        schedule(after: date, interval: interval, leeway: defaultLeeway(for: interval), action: action)
    }

    /// Runs `action` on the queue at `date` and then every `interval` with `leeway`, until disposed.
    @discardableResult
    public func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval,
                         action: @escaping () -> Void) -> Disposable? {
        checkPositive(interval, in: "QueueScheduler.schedule(after:interval:leeway:action:)")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(wallDeadline: wallTime(of: date), repeating: interval, leeway: leeway)
        // The handler reaches the action through a box that disposal empties, so the action's
        // captures are released at once rather than when dispatch drops the cancelled handler.
        let work = Locked<(() -> Void)?>(action)
        timer.setEventHandler {
            if let action = work.withLock({ $0 }) { action() }
        }
        let token = timers.withLock { $0.insert(timer) }
        timer.resume()
        return AnyDisposable { [weak self] in
            timer.cancel()
            _ = self?.timers.withLock { $0.remove(using: token) }
            let dropped = work.withLock { action in
                defer { action = nil }
                return action
            }
            withExtendedLifetime(dropped) {}
        }
    }

    private func wallTime(of date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        return DispatchWallTime(timespec: spec)
    }

    private func defaultLeeway(for interval: DispatchTimeInterval) -> DispatchTimeInterval {
        // A tenth of the interval, at most one second and at least nothing.
        .nanoseconds(max(0, min(interval.nanoseconds / 10, 1_000_000_000)))
    }
}
