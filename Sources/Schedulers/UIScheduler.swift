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

    /// Creates a main-thread scheduler.
    public init() {}

    /// Runs `action` on the main thread: inline if already there with nothing waiting, else later.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, or `nil` when it
    ///   ran inline.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let runInline = Thread.isMainThread && UIScheduler.pending.withLock { count in
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
        let disposable = AnyDisposable()
        let work = UncheckedSendable(action)
        DispatchQueue.main.async {
            if !disposable.isDisposed { work.value() }
            UIScheduler.pending.withLock { $0 -= 1 }
        }
        return disposable
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
