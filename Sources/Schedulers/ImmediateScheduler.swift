/// A scheduler that runs each action at once, on the calling thread, before `schedule` returns.
///
/// Useful to make the choice of scheduler a parameter while keeping synchronous behaviour. Because
/// actions run inline, nothing it schedules can be cancelled, and `schedule` returns `nil`.
public final class ImmediateScheduler: Scheduler {
    /// Creates an immediate scheduler.
    public init() {}

    /// Runs `action` now and returns `nil`.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        action()
        return nil
    }
}
