// Observation bound to an owner object: attach and forget.
import Synchronization

/// An object whose ``lifetime`` ends when it deinitializes.
///
/// An observation bound to such an owner with `observe(with:)` or `start(with:)` ends the moment
/// the owner's lifetime ends, releasing its closure at once. Other owners are noticed gone at the
/// next event the observation receives (see ``Signal/observe(with:once:on:_:isolation:file:line:)``).
///
/// ```swift
/// final class Screen: LifetimeProviding {
///     let (lifetime, token) = Lifetime.make()
/// }
/// ```
public protocol LifetimeProviding: AnyObject {
    /// Ends when the object deinitializes (typically made with ``Lifetime/make()`` and the token
    /// stored in the object).
    var lifetime: Lifetime { get }
}

/// The state of one owner-bound observation: the owner, held weakly, whether it has ended, and
/// what to dispose when it ends.
///
/// It is the disposable handed back to the caller: disposing it ends the observation.
///
/// The per-event path (``observer(on:_:)``, ``admit()``) is inlinable, so that it is specialized
/// for the client's owner and value types, like every delivery path of the library.
@usableFromInline
final class OwnerBoundObservation<Owner: AnyObject>: Disposable, @unchecked Sendable {
    @usableFromInline weak var owner: Owner?
    @usableFromInline let once: Bool
    @usableFromInline let ended = Synchronization.Atomic<Bool>(false)
    /// Set by disposal and by the owner going away: deliveries still waiting on a scheduler
    /// are dropped.
    @usableFromInline let cancelled = Synchronization.Atomic<Bool>(false)
    /// The observer's registration (or the run's interrupt handle) and the owner-lifetime hook.
    private let disposables = Locked<[Disposable]>([])

    /// Creates the observation of `owner`, ending at once when a ``LifetimeProviding`` owner's
    /// lifetime ends.
    @usableFromInline
    init(owner: Owner, once: Bool) {
        self.owner = owner
        self.once = once
        watchOwnerLifetime(owner)
    }

    @usableFromInline
    var isDisposed: Bool { ended.load(ordering: .acquiring) }

    /// Ends the observation: removes its observer (releasing the closure and all it captured)
    /// and stops watching the owner's lifetime.
    @usableFromInline
    func dispose() {
        cancelled.store(true, ordering: .releasing)
        end()
    }

    /// Ends the observation without cancelling the deliveries already on their way to a
    /// scheduler (after its terminal event, or the one value of a one-shot observation).
    @usableFromInline
    func end() {
        guard ended.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        releaseResources()
    }

    /// Disposes what the observation holds; called once, by whoever set `ended`.
    @usableFromInline
    func releaseResources() {
        let toDispose = disposables.withLock { disposables in
            defer { disposables = [] }
            return disposables
        }
        for disposable in toDispose { disposable.dispose() }
    }

    /// Adds what ending the observation disposes; disposes it at once if it has already ended.
    @usableFromInline
    func attach(_ disposable: Disposable?) {
        guard let disposable else { return }
        let added = disposables.withLock { disposables -> Bool in
            guard !ended.load(ordering: .acquiring) else { return false }
            disposables.append(disposable)
            return true
        }
        if !added { disposable.dispose() }
    }

    /// Ends the observation when a ``LifetimeProviding`` owner's lifetime ends.
    private func watchOwnerLifetime(_ owner: Owner) {
        guard let provider = owner as? LifetimeProviding else { return }
        attach(provider.lifetime.observeEnded { [weak self] in self?.dispose() })
        if provider.lifetime.hasEnded { dispose() }
    }

    /// Decides, as an event arrives, whether it is delivered: not once the observation ended,
    /// nor when the owner is gone (which ends it). A one-shot observation ends here, before its
    /// callback runs, so that events sent from inside the callback never reach it.
    ///
    /// - Returns: The owner, held strongly for the delivery, or `nil` to drop the event.
    @inlinable
    func admit() -> Owner? {
        if ended.load(ordering: .relaxed) { return nil }
        guard let owner else {
            dispose()
            return nil
        }
        if once {
            guard ended.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            else { return nil }
            releaseResources()
        }
        return owner
    }

    /// The owner at delivery time, if it still exists; a gone owner ends the observation.
    @inlinable
    func currentOwner() -> Owner? {
        if cancelled.load(ordering: .acquiring) { return nil }
        guard let owner else {
            dispose()
            return nil
        }
        return owner
    }

    /// An observer that calls `action` with the owner and each admitted event, on `scheduler` if
    /// one is given, and ends the observation on a terminal event.
    @inlinable
    func observer<Value, Error>(
        on scheduler: Scheduler?,
        _ action: @escaping (Owner, Signal<Value, Error>.Event) -> Void
    ) -> Signal<Value, Error>.Observer {
        let forward: Signal<Value, Error>.Observer.Action = { [self] event in
            if event.isTerminating {
                deliverTerminal(event, on: scheduler, action)
                return
            }
            guard let owner = admit() else { return }
            if let scheduler {
                scheduler.schedule { [self] in
                    // Checked again on the scheduler: the owner may have gone meanwhile.
                    guard let owner = currentOwner() else { return }
                    action(owner, event)
                }
            } else {
                action(owner, event)
            }
        }
        return Signal<Value, Error>.Observer(forward)
    }

    /// Ends the observation on its terminal event, then hands the event to `action` if the owner
    /// still exists.
    @usableFromInline
    func deliverTerminal<Value, Error>(
        _ event: Signal<Value, Error>.Event, on scheduler: Scheduler?,
        _ action: @escaping (Owner, Signal<Value, Error>.Event) -> Void
    ) {
        guard !ended.load(ordering: .relaxed) else { return }
        let owner = self.owner
        end()
        guard let owner else { return }
        if let scheduler {
            scheduler.schedule { action(owner, event) }
        } else {
            action(owner, event)
        }
    }

    /// An observer that calls `action` with the owner and each admitted value; see
    /// ``observer(on:_:)``.
    @inlinable
    func valueObserver<Value>(
        on scheduler: Scheduler?, _ action: @escaping (Owner, Value) -> Void
    ) -> Signal<Value, Never>.Observer {
        observer(on: scheduler) { owner, event in
            if case let .value(value) = event { action(owner, value) }
        }
    }
}

extension Signal {
    /// Observes every event with `action`, which receives `owner` too, for as long as `owner`
    /// exists.
    ///
    /// `owner` is held weakly and handed to `action`, so `action` needs to capture neither it nor
    /// `self`. The observation ends, and `action` with all it captured is released, when
    /// - the signal terminates (after `action` received the terminal event),
    /// - the returned disposable is disposed,
    /// - `owner` deinitializes: at once if it is ``LifetimeProviding``, otherwise when the next
    ///   event finds it gone, which is then not delivered.
    ///
    /// - Parameters:
    ///   - owner: The object the observation belongs to.
    ///   - scheduler: Where to call `action`; on the sending thread when `nil`.
    ///   - action: Called with `owner` and each event.
    ///   - isolation: The actor of the calling code; see ``IsolationChecking``.
    ///   - file: The file of the call, filled in by default; for the report of ``IsolationChecking``.
    ///   - line: The line of the call, filled in by default; for the report of ``IsolationChecking``.
    /// - Returns: A disposable that ends the observation; keeping it is optional.
    @inlinable @discardableResult
    public func observeEvents<Owner: AnyObject>(
        with owner: Owner,
        on scheduler: Scheduler? = nil,
        _ action: @escaping (Owner, Event) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        let observation = OwnerBoundObservation(owner: owner, once: false)
        let action = isolationChecked(action, isolation, "observeEvents(with:)", file: file, line: line)
        observation.attach(observe(observation.observer(on: scheduler, action)))
        return observation
    }
}

extension Signal where Error == Never {
    /// Observes each value with `action`, which receives `owner` too, for as long as `owner`
    /// exists: attach and forget.
    ///
    /// ```swift
    /// sensor.temperature.observe(with: self) { screen, celsius in
    ///     screen.label.text = "\(celsius) °C"
    /// }
    /// ```
    ///
    /// `owner` is held weakly and handed to `action`, so `action` needs to capture neither it nor
    /// `self`. The observation ends, and `action` with all it captured is released, when
    /// - `once` is `true` and a value has been delivered,
    /// - the returned disposable is disposed,
    /// - the signal terminates,
    /// - `owner` deinitializes: at once if it is ``LifetimeProviding``; otherwise when the next
    ///   value finds it gone, and that value is not delivered. (Linux has no runtime hook on
    ///   deinitialization, so an owner that is not ``LifetimeProviding`` is checked per event.)
    ///
    /// While `action` runs, `owner` is held strongly, so it cannot deinitialize in the middle
    /// of a delivery.
    ///
    /// - Parameters:
    ///   - owner: The object the observation belongs to.
    ///   - once: Whether to end after the first value delivered.
    ///   - scheduler: Where to call `action` (for instance `UIScheduler()` for the main thread,
    ///     inline when already there); on the sending thread when `nil`. With a scheduler, an
    ///     owner gone by the time the value gets there is noticed there, and the value dropped.
    ///   - action: Called with `owner` and each value.
    ///   - isolation: The actor of the calling code; see ``IsolationChecking``.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A disposable that ends the observation; keeping it is optional.
    @inlinable @discardableResult
    public func observe<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        on scheduler: Scheduler? = nil,
        _ action: @escaping (Owner, Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        let observation = OwnerBoundObservation(owner: owner, once: once)
        let action = isolationChecked(action, isolation, "observe(with:)", file: file, line: line)
        observation.attach(observe(observation.valueObserver(on: scheduler, action)))
        return observation
    }

    /// Calls `method` of `owner` with each value, for as long as `owner` exists; the same as
    /// `observe(with:once:on:_:)` with `{ owner, value in method(owner)(value) }`.
    ///
    /// ```swift
    /// sensor.temperature.observe(with: self, call: Screen.show)
    /// ```
    @inlinable @discardableResult
    public func observe<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        on scheduler: Scheduler? = nil,
        call method: @escaping (Owner) -> (Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        observe(with: owner, once: once, on: scheduler, { owner, value in method(owner)(value) }, isolation: isolation, file: file, line: line)
    }

    /// Calls `action` with the next value only, then ends the observation.
    ///
    /// - Returns: A disposable that ends the observation before a value came.
    @discardableResult
    public func observeNextValue(
        on scheduler: Scheduler? = nil,
        _ action: @escaping (Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        // The owner lives as long as the observation's closure, which holds it.
        let owner = OwnerlessObservation()
        return observe(with: owner, once: true, on: scheduler, { _, value in
            withExtendedLifetime(owner) { action(value) }
        }, isolation: isolation, file: file, line: line)
    }
}

extension Signal where Error == Never {
    /// Calls the parameterless `method` of `owner` on each value, for as long as `owner` exists;
    /// see ``observe(with:once:on:_:isolation:file:line:)``. The value itself is not passed: this
    /// form is for methods that only need to know that something happened (a timer's `fired`, a
    /// `Signal<Void, Never>`).
    ///
    /// ```swift
    /// refreshTimer.fired.observe(with: self, call: Screen.refresh)
    /// ```
    @inlinable @discardableResult
    public func observe<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        on scheduler: Scheduler? = nil,
        call method: @escaping (Owner) -> () -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        observe(with: owner, once: once, on: scheduler, { owner, _ in method(owner)() }, isolation: isolation, file: file, line: line)
    }
}

/// The owner of an observation that belongs to no object, kept alive by the observation itself.
final class OwnerlessObservation: Sendable {}

extension SignalProducer {
    /// Starts a run whose events go to `action`, which receives `owner` too, for as long as
    /// `owner` exists: the run is interrupted when `owner` is noticed gone (see
    /// ``Signal/observeEvents(with:on:_:isolation:file:line:)``) or when the returned disposable is disposed.
    ///
    /// - Returns: A disposable that interrupts the run; keeping it is optional.
    @inlinable @discardableResult
    public func startWithEvents<Owner: AnyObject>(
        with owner: Owner,
        on scheduler: Scheduler? = nil,
        _ action: @escaping (Owner, Signal<Value, Error>.Event) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        let observation = OwnerBoundObservation(owner: owner, once: false)
        let action = isolationChecked(action, isolation, "startWithEvents(with:)", file: file, line: line)
        startBound(observation, observer: observation.observer(on: scheduler, action))
        return observation
    }

    /// Starts `self` with `observer`, tying the run to `observation`.
    @usableFromInline
    func startBound<Owner: AnyObject>(
        _ observation: OwnerBoundObservation<Owner>, observer: Signal<Value, Error>.Observer
    ) {
        guard !observation.isDisposed else { return }
        startWithSignal { signal, interrupter in
            signal.observe(observer)
            observation.attach(interrupter)
        }
    }
}

extension SignalProducer where Error == Never {
    /// Starts a run whose values go to `action`, which receives `owner` too, for as long as
    /// `owner` exists: attach and forget.
    ///
    /// The run is interrupted, and `action` with all it captured released, when `once` is `true`
    /// and a value has been delivered, when the returned disposable is disposed, or when `owner`
    /// is noticed gone: at once if it is ``LifetimeProviding``, otherwise at the next value (see
    /// ``Signal/observe(with:once:on:_:isolation:file:line:)``).
    ///
    /// - Parameters:
    ///   - owner: The object the run belongs to.
    ///   - once: Whether to end after the first value delivered.
    ///   - scheduler: Where to call `action`; on the sending thread when `nil`.
    ///   - action: Called with `owner` and each value.
    ///   - isolation: The actor of the calling code; see ``IsolationChecking``.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A disposable that interrupts the run; keeping it is optional.
    @inlinable @discardableResult
    public func start<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        on scheduler: Scheduler? = nil,
        _ action: @escaping (Owner, Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        let observation = OwnerBoundObservation(owner: owner, once: once)
        let action = isolationChecked(action, isolation, "start(with:)", file: file, line: line)
        startBound(observation, observer: observation.valueObserver(on: scheduler, action))
        return observation
    }

    /// Starts a run that calls `method` of `owner` with each value, for as long as `owner`
    /// exists; see `start(with:once:on:_:)`.
    @inlinable @discardableResult
    public func start<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        on scheduler: Scheduler? = nil,
        call method: @escaping (Owner) -> (Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        start(with: owner, once: once, on: scheduler, { owner, value in method(owner)(value) }, isolation: isolation, file: file, line: line)
    }
    /// Starts a run that calls the parameterless `method` of `owner` on each value, for as long
    /// as `owner` exists; see ``start(with:once:on:_:isolation:file:line:)``. The value itself is
    /// not passed.
    @inlinable @discardableResult
    public func start<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        on scheduler: Scheduler? = nil,
        call method: @escaping (Owner) -> () -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable {
        start(with: owner, once: once, on: scheduler, { owner, _ in method(owner)() }, isolation: isolation, file: file, line: line)
    }
}
