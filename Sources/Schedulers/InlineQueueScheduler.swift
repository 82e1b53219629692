import Dispatch
import Foundation

/// A scheduler that runs actions on a dispatch queue, inline when the caller is already on that
/// queue with nothing scheduled earlier still waiting, asynchronously otherwise: "as soon as
/// possible on this queue", in the order actions were scheduled.
///
/// ```swift
/// let ui = InlineQueueScheduler(queue: .main)
/// signal.observe(with: self, on: ui) { screen, value in screen.show(value) }
/// ```
///
/// ``UIScheduler`` is this scheduler on the main queue. Order holds among the actions scheduled
/// through one scheduler object; for the queue, use one object per queue.
public final class InlineQueueScheduler: Scheduler {
    /// The queue actions run on.
    public let queue: DispatchQueue
    /// Actions enqueued and not yet finished.
    private let pending = Locked(0)
    private let key = DispatchSpecificKey<UInt8>()
    private let isMainQueue: Bool

    /// Creates a scheduler for `queue`. The scheduler marks the queue (with a queue-specific
    /// value of its own) to tell when the caller runs on it.
    public init(queue: DispatchQueue) {
        self.queue = queue
        isMainQueue = queue === DispatchQueue.main
        if !isMainQueue { queue.setSpecific(key: key, value: 1) }
    }

    /// The main-queue scheduler behind ``UIScheduler``.
    init(mainQueue: Void) {
        self.queue = DispatchQueue.main
        isMainQueue = true
    }

    /// Whether the caller runs on the queue (for the main queue, see ``MainQueue``).
    private var isOnQueue: Bool {
        isMainQueue ? MainQueue.isCurrent : DispatchQueue.getSpecific(key: key) == 1
    }

    /// Runs `action` on the queue: inline if already there with nothing waiting, else later.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, or `nil` when it
    ///   ran inline.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let runInline = isOnQueue && pending.withLock { count in
            if count == 0 {
                count += 1
                return true
            }
            return false
        }
        if runInline {
            action()
            pending.withLock { $0 -= 1 }
            return nil
        }
        pending.withLock { $0 += 1 }
        let work = CancellableAction(action)
        queue.async { [pending] in
            work.run()
            pending.withLock { $0 -= 1 }
        }
        return work
    }
}
