import Dispatch
import Foundation

/// A scheduler that runs actions as operations of an `OperationQueue`, one at a time and in the
/// order they were scheduled, even on a queue that runs operations concurrently: the next
/// action's operation is added when the one before has finished.
///
/// An action scheduled from an operation of that queue, with none of this scheduler's actions
/// running or waiting, runs at once, inline (as a signals-ios observer on its own operation
/// queue is called), as ``InlineQueueScheduler`` does for dispatch queues.
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

        /// Claims the right to run an action inline: nothing running or waiting.
        mutating func startInline() -> Bool {
            guard !running, head == waiting.count else { return false }
            running = true
            return true
        }

        /// Ends an inline action; returns whether actions scheduled meanwhile need running.
        mutating func endInline() -> Bool {
            guard head < waiting.count else {
                running = false
                return false
            }
            return true
        }
    }

    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    private let state = Locked(State())

    /// Creates a scheduler adding its operations to `operationQueue`.
    public init(_ operationQueue: OperationQueue) {
        self.operationQueue = operationQueue
    }

    /// Runs `action` as an operation of the queue, after the actions scheduled before it; inline
    /// when called from an operation of the queue with nothing of this scheduler running or
    /// waiting.
    ///
    /// - Returns: A disposable that cancels the action (and releases it) if it has not started,
    ///   or `nil` when it ran inline.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        if OperationQueue.current === operationQueue, state.withLock({ $0.startInline() }) {
            action()
            // What was scheduled meanwhile waits its turn, behind the inline action.
            if state.withLock({ $0.endInline() }) { runNext() }
            return nil
        }
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
