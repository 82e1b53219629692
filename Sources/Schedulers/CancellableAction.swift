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
