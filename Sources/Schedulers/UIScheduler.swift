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
        queue.setSpecific(key: key, value: 1)
    }

    /// The main-queue scheduler behind ``UIScheduler``.
    init(mainQueue: Void) {
        self.queue = DispatchQueue.main
        isMainQueue = true
        queue.setSpecific(key: key, value: 1)
    }

    /// Whether the caller runs on the queue (or, for the main queue, the main thread).
    private var isOnQueue: Bool {
        (isMainQueue && Thread.isMainThread) || DispatchQueue.getSpecific(key: key) == 1
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

/// A scheduler that runs actions as operations of an `OperationQueue`, one at a time and in the
/// order they were scheduled, even on a queue that runs operations concurrently: the next
/// action's operation is added when the one before has finished.
///
/// ```swift
/// let scheduler = OperationQueueScheduler(.main)
/// ```
public final class OperationQueueScheduler: Scheduler, @unchecked Sendable {
    private struct State {
        var waiting: [CancellableAction] = []
        var head = 0
        var running = false

        mutating func next() -> CancellableAction? {
            guard head < waiting.count else {
                waiting.removeAll(keepingCapacity: true)
                head = 0
                running = false
                return nil
            }
            defer { head += 1 }
            return waiting[head]
        }
    }

    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    private let state = Locked(State())

    /// Creates a scheduler adding its operations to `operationQueue`.
    public init(_ operationQueue: OperationQueue) {
        self.operationQueue = operationQueue
    }

    /// Runs `action` as an operation of the queue, after the actions scheduled before it.
    ///
    /// - Returns: A disposable that cancels the action (and releases it) if it has not started.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let work = CancellableAction(action)
        let starts = state.withLock { state -> Bool in
            state.waiting.append(work)
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if starts { runNext() }
        return work
    }

    /// Adds an operation running the next waiting action; that operation adds the following one.
    private func runNext() {
        guard let work = state.withLock({ $0.next() }) else { return }
        operationQueue.addOperation { [self] in
            work.run()
            runNext()
        }
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
