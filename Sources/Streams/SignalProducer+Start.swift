extension SignalProducer {
    /// Starts a run and hands its signal to `setup` before any event is sent.
    ///
    /// `setup` can observe the signal (and compose operators on it) knowing it will see every
    /// event of the run; the run starts when `setup` returns, unless `setup` disposed the
    /// interrupt handle, in which case the signal is interrupted and nothing starts.
    ///
    /// - Parameter setup: Receives the run's signal and the handle that interrupts the run.
    /// - Returns: What `setup` returns.
    public func startWithSignal<Result>(
        _ setup: (_ signal: Signal<Value, Error>, _ interruptHandle: Disposable) -> Result
    ) -> Result {
        let (signal, input) = Signal<Value, Error>.pipe()
        if let debugName { signal.name = debugName }
        let interrupter = SerialDisposable()
        let result = setup(signal, interrupter)
        if interrupter.isDisposed {
            input.sendInterrupted()
        } else {
            _ = SequencingTrampoline.isolated {
                startRun { handle in
                    interrupter.inner = handle
                    return input
                }
            }
        }
        return result
    }

    /// Starts a run delivering every event to `observer`.
    ///
    /// - Returns: A disposable that interrupts the run.
    @inlinable @discardableResult
    public func start(_ observer: Signal<Value, Error>.Observer = .init()) -> Disposable {
        // Isolated: a synchronous run delivers everything before `start` returns, even when
        // called from deep inside nested sequencing runs (see `SequencingTrampoline`).
        SequencingTrampoline.isolated { startRun { _ in observer } }
    }

    /// Starts a run delivering every event to `action`.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Called from code isolated to an actor (a `@MainActor` type, say), `action` must run
    ///   on that actor: the program stops if an event reaches it on another thread. See
    ///   the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func start(
        _ action: @escaping Signal<Value, Error>.Observer.Action,
        isolation: isolated (any Actor)? = #isolation
    ) -> Disposable {
        start(Signal.Observer(isolationChecked(action, isolation, "start")))
    }

    /// Starts a run delivering values and failure as `Result`s.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Called from code isolated to an actor (a `@MainActor` type, say), `action` must run
    ///   on that actor: the program stops if an event reaches it on another thread. See
    ///   the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithResult(
        _ action: @escaping (Result<Value, Error>) -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) -> Disposable {
        let action = isolationChecked(action, isolation, "startWithResult")
        return start(Signal.Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Starts a run, calling `action` if it completes.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Called from code isolated to an actor (a `@MainActor` type, say), `action` must run
    ///   on that actor: the program stops if an event reaches it on another thread. See
    ///   the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithCompleted(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        start(Signal.Observer(completed: isolationChecked(action, isolation, "startWithCompleted")))
    }

    /// Starts a run, calling `action` with the error if it fails.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Called from code isolated to an actor (a `@MainActor` type, say), `action` must run
    ///   on that actor: the program stops if an event reaches it on another thread. See
    ///   the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithFailed(_ action: @escaping (Error) -> Void, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        start(Signal.Observer(failed: isolationChecked(action, isolation, "startWithFailed")))
    }

    /// Starts a run, calling `action` if it is interrupted.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Called from code isolated to an actor (a `@MainActor` type, say), `action` must run
    ///   on that actor: the program stops if an event reaches it on another thread. See
    ///   the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithInterrupted(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        start(Signal.Observer(interrupted: isolationChecked(action, isolation, "startWithInterrupted")))
    }
}

extension SignalProducer where Error == Never {
    /// Starts a run of a producer that cannot fail, calling `action` with each value.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Called from code isolated to an actor (a `@MainActor` type, say), `action` must run
    ///   on that actor: the program stops if an event reaches it on another thread. See
    ///   the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithValues(_ action: @escaping (Value) -> Void, isolation: isolated (any Actor)? = #isolation) -> Disposable {
        // A synchronous source and its stateless stages hand each value closure to closure, with
        // no observer, and have ended when the call returns (see `ProducerValuesRun`). Isolated
        // as `start(_:)` is; and since every value reaches `action` on the calling thread before
        // this returns, it needs no isolation check.
        if let valuesRun = startValuesRun {
            SequencingTrampoline.isolated { valuesRun(action) }
            return EndedRun.shared
        }
        return start(Signal.Observer.forValues(isolationChecked(action, isolation, "startWithValues")))
    }
}
