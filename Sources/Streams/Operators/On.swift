// on(...): side effects injected at each kind of event.

extension Operators {
    /// Calls the given actions for each event, before forwarding it; `disposed` runs after a
    /// terminal event has been forwarded. Each action is checked as an observer written in
    /// `isolation` is (see ``IsolationChecking``).
    @inlinable
    static func on<Value, Error>(
        event: ((Signal<Value, Error>.Event) -> Void)?,
        failed: ((Error) -> Void)?,
        completed: (() -> Void)?,
        interrupted: (() -> Void)?,
        terminated: (() -> Void)?,
        disposed: (() -> Void)?,
        value: ((Value) -> Void)?,
        isolation: (any Actor)?,
        file: StaticString, line: UInt
    ) -> FusedOperator<Value, Error, Value, Error> {
        let form: StaticString = "on(...)"
        let event = isolationCheckedIfAny(event, isolation, form, file: file, line: line)
        let failed = isolationCheckedIfAny(failed, isolation, form, file: file, line: line)
        let completed = isolationCheckedIfAny(completed, isolation, form, file: file, line: line)
        let interrupted = isolationCheckedIfAny(interrupted, isolation, form, file: file, line: line)
        let terminated = isolationCheckedIfAny(terminated, isolation, form, file: file, line: line)
        let disposed = isolationCheckedIfAny(disposed, isolation, form, file: file, line: line)
        let value = isolationCheckedIfAny(value, isolation, form, file: file, line: line)
        return { downstream, _ in
            Signal<Value, Error>.Observer { received in
                event?(received)
                switch received {
                case let .value(receivedValue): value?(receivedValue)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
                if received.isTerminating { terminated?() }
                downstream.send(received)
                if received.isTerminating { disposed?() }
            }
        }
    }
}

extension Signal {
    /// Runs side effects as events pass through, without changing them.
    ///
    /// For each event, `event` runs first, then the action for its kind (`value`, `failed`,
    /// `completed` or `interrupted`), then `terminated` for a terminal event; only then is the
    /// event forwarded. `disposed` runs when the returned signal's lifetime ends: after its
    /// terminal event, or when it is no longer referenced nor observed.
    ///
    /// - Scheduler: none; actions run on the thread delivering the event. Written in
    ///   actor-isolated code, they are checked as observers are (see ``IsolationChecking``).
    ///
    /// - Parameters:
    ///   - event: Called with every event.
    ///   - failed: Called with the error.
    ///   - completed: Called on completion.
    ///   - interrupted: Called on interruption.
    ///   - terminated: Called on any terminal event.
    ///   - disposed: Called when the returned signal's lifetime ends.
    ///   - value: Called with each value.
    ///   - isolation: The actor of the calling code; see ``IsolationChecking``.
    ///   - file: The file of the call, for the report of ``IsolationChecking``.
    ///   - line: The line of the call, for the report of ``IsolationChecking``.
    /// - Returns: A signal with the same events.
    public func on(
        event: ((Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Error> {
        let disposed = isolationCheckedIfAny(disposed, isolation, "on(...)", file: file, line: line)
        let transform: FusedOperator<Value, Error, Value, Error> = Operators.on(
            event: event, failed: failed, completed: completed, interrupted: interrupted,
            terminated: terminated, disposed: nil, value: value,
            isolation: isolation, file: file, line: line)
        return Signal { observer, lifetime in
            if let disposed { lifetime.observeEnded(disposed) }
            lifetime += self.observe(transform(observer, AlreadyHandledDisposable.shared))
        }
    }
}

extension SignalProducer {
    /// Runs side effects at the start of each run and as its events pass through.
    ///
    /// `starting` runs before the source run starts and `started` once starting it returned (for
    /// a synchronous source, after all its events). For each event, `event` runs first, then
    /// the action for its kind, then `terminated` for a terminal event; only then is the event
    /// forwarded, and after a terminal event `disposed` runs. Disposing the run delivers
    /// `.interrupted` through the same actions.
    ///
    /// - Scheduler: none; actions run on the starting thread or the thread delivering the event.
    ///   Written in actor-isolated code, they are checked as observers are (see
    ///   ``IsolationChecking``).
    ///
    /// ```swift
    /// SignalProducer(1...2)
    ///     .on(starting: { print("start") }, completed: { print("done") }, value: { print($0) })
    ///     .start()
    /// // Prints: start, 1, 2, done
    /// ```
    ///
    /// - Parameters:
    ///   - starting: Called before each run starts.
    ///   - started: Called after each run has been started.
    ///   - event: Called with every event.
    ///   - failed: Called with the error.
    ///   - completed: Called on completion.
    ///   - interrupted: Called on interruption.
    ///   - terminated: Called on any terminal event.
    ///   - disposed: Called once the run has ended, after its terminal event.
    ///   - value: Called with each value.
    ///   - isolation: The actor of the calling code; see ``IsolationChecking``.
    ///   - file: The file of the call, for the report of ``IsolationChecking``.
    ///   - line: The line of the call, for the report of ``IsolationChecking``.
    /// - Returns: A producer with the same events.
    public func on(
        starting: (() -> Void)? = nil,
        started: (() -> Void)? = nil,
        event: ((ProducedSignal.Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> SignalProducer<Value, Error> {
        let form: StaticString = "on(...)"
        let starting = isolationCheckedIfAny(starting, isolation, form, file: file, line: line)
        let started = isolationCheckedIfAny(started, isolation, form, file: file, line: line)
        let observed = liftFused(Operators.on(
            event: event, failed: failed, completed: completed, interrupted: interrupted,
            terminated: terminated, disposed: disposed, value: value,
            isolation: isolation, file: file, line: line))
        guard starting != nil || started != nil else { return observed }
        return SignalProducer(run: { makeObserver in
            starting?()
            let handle = observed.startRun(makeObserver)
            started?()
            return handle
        })
    }
}
