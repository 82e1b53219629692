extension Scheduler {
    /// Schedules `action`, which may ask to run again by calling the `reschedule` closure it is
    /// given, without growing the stack.
    ///
    /// Each call to `reschedule` schedules one more run on this scheduler. When the scheduler runs
    /// actions inline (``ImmediateScheduler``, or ``UIScheduler`` on the main thread), the runs
    /// happen one after the other in a loop on the calling thread instead of nesting, so a million
    /// repetitions need no more stack than one. Calling `reschedule` more than once during one run
    /// asks for one more run, not several.
    ///
    /// - Returns: A disposable that stops the recursion: no run starts after it is disposed.
    @discardableResult
    public func scheduleRecursively(_ action: @escaping (_ reschedule: @escaping () -> Void) -> Void) -> Disposable {
        let recursion = Recursion(scheduler: self, action: action)
        recursion.scheduleNext()
        return recursion.disposable
    }
}

/// The trampoline behind `scheduleRecursively`.
private final class Recursion: @unchecked Sendable {
    private struct State {
        /// What runs; dropped on disposal so that its captures are released at once.
        var action: ((@escaping () -> Void) -> Void)?
        /// The thread currently inside `step()`, or 0.
        var runningThread: UInt = 0
        /// A run was requested while a step was on the stack of the same thread.
        var pendingInline = false
        /// `reschedule` was called during the current run.
        var rescheduleRequested = false
    }

    private let scheduler: Scheduler
    private let state: Locked<State>
    private let scheduledRun = SerialDisposable()
    private(set) lazy var disposable: Disposable = AnyDisposable { [weak self] in
        guard let self else { return }
        self.scheduledRun.dispose()
        self.state.withLock { $0.action = nil }
    }

    init(scheduler: Scheduler, action: @escaping (@escaping () -> Void) -> Void) {
        self.scheduler = scheduler
        self.state = Locked(State(action: action))
    }

    func scheduleNext() {
        guard !disposable.isDisposed else { return }
        scheduledRun.inner = scheduler.schedule { [self] in self.step() }
    }

    private func step() {
        let me = currentThreadID()
        let nested = state.withLock { state -> Bool in
            if state.runningThread == me {
                state.pendingInline = true
                return true
            }
            state.runningThread = me
            return false
        }
        // An inline scheduler called back into us from `scheduleNext`: the loop below runs it.
        if nested { return }

        var again = true
        while again {
            guard let action = state.withLock({ $0.action }) else { break }
            action { [weak self] in self?.state.withLock { $0.rescheduleRequested = true } }
            let requested = state.withLock { state in
                defer { state.rescheduleRequested = false }
                return state.rescheduleRequested
            }
            guard requested else { break }
            scheduleNext()
            again = state.withLock { state in
                defer { state.pendingInline = false }
                return state.pendingInline
            }
        }
        state.withLock { $0.runningThread = 0 }
    }
}
