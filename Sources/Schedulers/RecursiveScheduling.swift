extension Scheduler {
    /// Schedules `action`, which may ask to run again by calling the `reschedule` closure it is
    /// given, without growing the stack.
    ///
    /// Each call to `reschedule` schedules one more run on this scheduler; it may be called during
    /// the action or later, from any thread. When the scheduler runs
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
        /// Whether the action itself is on the stack of `runningThread`.
        var inAction = false
        /// `reschedule` was called during the current run of the action.
        var rescheduleRequested = false
        /// The scheduler ran a step inline while another step was on the same thread's stack.
        var pendingInline = false
    }

    private let scheduler: Scheduler
    private let state: Locked<State>
    // Disposal drops the action: runs already handed to the scheduler then do nothing, and the
    // action's captures are released at once. Keeping each run's own disposable instead would
    // race with runs that reschedule before `schedule` has returned.
    private(set) lazy var disposable: Disposable = AnyDisposable { [weak self] in
        let action = self?.state.withLock { state in
            defer { state.action = nil }
            return state.action
        }
        withExtendedLifetime(action) {}  // released outside the lock
    }

    init(scheduler: Scheduler, action: @escaping (@escaping () -> Void) -> Void) {
        self.scheduler = scheduler
        self.state = Locked(State(action: action))
    }

    func scheduleNext() {
        guard !disposable.isDisposed else { return }
        scheduler.schedule { [self] in self.step() }
    }

    /// Called by the action, now or later, from any thread: asks for one more run.
    private func reschedule() {
        let me = currentThreadID()
        let deferred = state.withLock { state -> Bool in
            guard state.inAction, state.runningThread == me else { return false }
            state.rescheduleRequested = true
            return true
        }
        // During the action, the loop in `step` schedules the next run once the action returns;
        // at any other time the run is scheduled at once.
        if !deferred { scheduleNext() }
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
            guard let action = state.withLock({ state -> ((@escaping () -> Void) -> Void)? in
                state.inAction = state.action != nil
                return state.action
            }) else { break }
            action { [self] in self.reschedule() }
            let requested = state.withLock { state in
                defer {
                    state.inAction = false
                    state.rescheduleRequested = false
                }
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
