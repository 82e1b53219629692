import Dispatch
import Foundation

/// A scheduler that runs actions on the main thread, in the order they were scheduled.
///
/// When `schedule` is called on the main thread and nothing scheduled earlier is still waiting,
/// the action runs at once, inline; otherwise it is enqueued on the main queue behind the work
/// already waiting, so order is always kept.
public final class UIScheduler: Scheduler {
    /// Actions enqueued on the main queue and not yet finished, shared by every UIScheduler so
    /// that order holds across instances.
    private static let pending = Locked(0)

    /// Marks the main queue, so that "already on the main queue" can be told on every platform.
    private static let mainQueueKey: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// Whether the caller runs on the main queue (or the main thread).
    private static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == 1
    }

    /// Creates a main-thread scheduler.
    public init() {}

    /// Runs `action` on the main thread: inline if already there with nothing waiting, else later.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, or `nil` when it
    ///   ran inline.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let runInline = UIScheduler.isOnMainQueue && UIScheduler.pending.withLock { count in
            if count == 0 {
                count += 1
                return true
            }
            return false
        }
        if runInline {
            action()
            UIScheduler.pending.withLock { $0 -= 1 }
            return nil
        }
        UIScheduler.pending.withLock { $0 += 1 }
        let work = CancellableAction(action)
        DispatchQueue.main.async {
            work.run()
            UIScheduler.pending.withLock { $0 -= 1 }
        }
        return work
    }
}

/// An action waiting to run on a queue. Disposing it drops the action at once, releasing what it
/// captures, instead of keeping it until the queue reaches it.
package final class CancellableAction: Disposable, @unchecked Sendable {
    private let action: Locked<(() -> Void)?>

    /// Wraps `action`.
    package init(_ action: @escaping () -> Void) {
        self.action = Locked(action)
    }

    /// Whether the action was disposed or has run.
    package var isDisposed: Bool { action.withLock { $0 == nil } }

    /// Drops the action without running it.
    package func dispose() {
        let dropped = action.withLock { action in
            defer { action = nil }
            return action
        }
        withExtendedLifetime(dropped) {}  // released here, outside the lock
    }

    /// Runs the action unless it was disposed; it runs at most once.
    package func run() {
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}

/// Carries a value that is not `Sendable` across a boundary where the package guarantees it is
/// used by one thread at a time (for example a scheduled action, run exactly once).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The wrapped value.
    package let value: Value

    /// Wraps `value`.
    package init(_ value: Value) { self.value = value }
}
