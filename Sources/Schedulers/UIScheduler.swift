import Dispatch
import Foundation

/// A scheduler that runs actions on the main thread, in the order they were scheduled.
///
/// When `schedule` is called on the main thread and nothing scheduled earlier is still waiting,
/// the action runs at once, inline; otherwise it is enqueued on the main queue behind the work
/// already waiting, so order is always kept. Every `UIScheduler` shares one order.
public final class UIScheduler: Scheduler {
    /// The one main-queue scheduler behind every instance, so that order holds across them.
    private static let main = InlineQueueScheduler(mainQueue: ())

    /// Creates a main-thread scheduler.
    public init() {}

    /// Runs `action` on the main thread: inline if already there with nothing waiting, else later.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, or `nil` when it
    ///   ran inline.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        UIScheduler.main.schedule(action)
    }
}
