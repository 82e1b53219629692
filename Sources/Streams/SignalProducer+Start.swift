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
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func start(
        _ action: @escaping Signal<Value, Error>.Observer.Action,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        start(Signal.Observer(isolationChecked(action, isolation, "start(_:)", file: file, line: line)))
    }

    /// Starts a run delivering values and failure as `Result`s.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithResult(
        _ action: @escaping (Result<Value, Error>) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        let action = isolationChecked(action, isolation, "startWithResult(_:)", file: file, line: line)
        return start(Signal.Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Starts a run, calling `action` if it completes.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithCompleted(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        start(Signal.Observer(completed: isolationChecked(action, isolation, "startWithCompleted(_:)", file: file, line: line)))
    }

    /// Starts a run, calling `action` with the error if it fails.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithFailed(_ action: @escaping (Error) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        start(Signal.Observer(failed: isolationChecked(action, isolation, "startWithFailed(_:)", file: file, line: line)))
    }

    /// Starts a run, calling `action` if it is interrupted.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithInterrupted(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        start(Signal.Observer(interrupted: isolationChecked(action, isolation, "startWithInterrupted(_:)", file: file, line: line)))
    }
}

extension SignalProducer where Error == Never {
    /// Starts a run of a producer that cannot fail, calling `action` with each value.
    ///
    /// - Returns: A disposable that interrupts the run.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func startWithValues(_ action: @escaping (Value) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable {
        // A synchronous source and its stateless stages hand each value closure to closure, with
        // no observer, and have ended when the call returns (see `ProducerValuesRun`). Isolated
        // as `start(_:)` is; and since every value reaches `action` on the calling thread before
        // this returns, it needs no isolation check.
        if let valuesRun = startValuesRun {
            SequencingTrampoline.isolated { valuesRun(action) }
            return EndedRun.shared
        }
        return start(Signal.Observer.forValues(isolationChecked(action, isolation, "startWithValues(_:)", file: file, line: line)))
    }
}
