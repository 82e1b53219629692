import Synchronization

// A signal with its own input that remembers the last value sent.

/// A hot signal, with its own input, that remembers the last value sent and can replay it: to
/// every new observer (the default), or to one observer when it asks.
///
/// ```swift
/// final class Sensor {
///     let temperature = LastValueSignal<Double>()
///     func read() { temperature.send(value: 21.5) }
/// }
///
/// sensor.read()
/// sensor.temperature.observe { print($0) }   // prints 21.5 at once, then every later value
/// ```
///
/// - An observer receives the last value (when replaying), then every later value, one at a time
///   and in order, whichever thread sends or observes, and from inside a delivery too.
/// - ``LastValueObservation/replayLastValue()`` sends the last value again to that observer
///   alone, in order with the values sent around it.
/// - The last value is kept until the object goes away; observers then receive `completed`.
/// - ``signal`` is the plain hot signal of the values sent from now on, with every operator.
public final class LastValueSignal<Value> {
    private let core: MulticastCore<Value, Never>
    private let input: Signal<Value, Never>.Observer
    private let latest = Locked<Value?>(nil)
    /// The observers and producer runs, counted for the diagnostics.
    private let tally = ObserverTally()

    /// Whether observers receive the last value when they start observing.
    public let replaysToNewObservers: Bool

    /// The values sent from now on, without replay: a plain ``Signal`` to compose operators on.
    /// It completes when this object goes away.
    public let signal: Signal<Value, Never>

    /// Creates a signal that has sent nothing yet.
    ///
    /// - Parameter replaysToNewObservers: Whether each new observer first receives the last
    ///   value, if there is one (SwiftySignals' behaviour); when `false`, an observer receives it
    ///   only on ``LastValueObservation/replayLastValue()`` (signals-ios' `firePreviousData`).
    public init(replaysToNewObservers: Bool = true) {
        self.replaysToNewObservers = replaysToNewObservers
        let (output, input) = Signal<Value, Never>.pipe()
        self.signal = output
        self.input = input
        core = MulticastCore(upstream: SignalProducer(output), capacity: 1)
        _ = core.connect()
        // Subscribed first, so the value is recorded before any observer sees it.
        let latest = self.latest
        _ = core.subscription(Signal.Observer(value: { value in
            // The value replaced is released after the lock: its deinitializer may take locks.
            let replaced = latest.withLock { latest -> Value? in
                defer { latest = value }
                return latest
            }
            withExtendedLifetime(replaced) {}
        }), replays: false)
    }

    deinit {
        input.sendCompleted()
        tally.end()
    }

    /// The value sent last; `nil` before the first.
    public var lastValue: Value? { latest.withLock { $0 } }

    /// Sends `value` to every observer and remembers it.
    public func send(value: Value) {
        input.send(value: value)
    }

    /// A producer whose runs receive the last value (if ``replaysToNewObservers`` and there is
    /// one), then each value sent while they run; they complete when this object goes away.
    public var producer: SignalProducer<Value, Never> {
        let core = self.core
        let replays = replaysToNewObservers
        let tally = self.tally
        return SignalProducer { observer, lifetime in
            lifetime += tally.counted(core.subscribe(observer, replays: replays))
        }
    }

    /// Observes every event: the last value first if `replay` (by default
    /// ``replaysToNewObservers``), then every later value, and `completed` when this object goes
    /// away.
    ///
    /// - Returns: The observation: dispose it to stop, or ask it to replay the last value.
    @discardableResult
    public func observe(replay: Bool? = nil, _ observer: Signal<Value, Never>.Observer) -> LastValueObservation {
        let subscription = core.subscription(observer, replays: replay ?? replaysToNewObservers)
        return LastValueObservation(tally.counted(subscription), replay: subscription.replay)
    }

    /// Observes each value; see ``observe(replay:_:)-(_,Signal<Value,Never>.Observer)``.
    @discardableResult
    public func observe(
        replay: Bool? = nil,
        _ action: @escaping (Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> LastValueObservation {
        observe(replay: replay, Signal.Observer.forValues(isolationChecked(action, isolation, "observe(_:)", file: file, line: line)))
    }

    /// Observes each value with `action`, which receives `owner` too, for as long as `owner`
    /// exists; the owner-bound observation of ``Signal/observe(with:once:on:_:isolation:file:line:)``, with the last
    /// value first if `replay` (by default ``replaysToNewObservers``).
    @discardableResult
    public func observe<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        replay: Bool? = nil,
        on scheduler: Scheduler? = nil,
        _ action: @escaping (Owner, Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> LastValueObservation {
        let observation = OwnerBoundObservation(owner: owner, once: once)
        let action = isolationChecked(action, isolation, "observe(with:)", file: file, line: line)
        let subscription = core.subscription(observation.valueObserver(on: scheduler, action),
                                             replays: replay ?? replaysToNewObservers)
        observation.attach(tally.counted(subscription))
        return LastValueObservation(observation, replay: subscription.replay)
    }

    /// Calls `method` of `owner` with each value, for as long as `owner` exists; see
    /// `observe(with:once:replay:on:_:)`.
    @discardableResult
    public func observe<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        replay: Bool? = nil,
        on scheduler: Scheduler? = nil,
        call method: @escaping (Owner) -> (Value) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> LastValueObservation {
        observe(with: owner, once: once, replay: replay, on: scheduler, { owner, value in method(owner)(value) },
                isolation: isolation, file: file, line: line)
    }
}

extension LastValueSignal {
    /// Calls the parameterless `method` of `owner` on each value, for as long as `owner` exists;
    /// see ``observe(with:once:replay:on:_:isolation:file:line:)``. The value itself is not
    /// passed: this form is for methods that only need to know that something happened.
    ///
    /// ```swift
    /// session.didChange.observe(with: self, call: Screen.refresh)
    /// ```
    @discardableResult
    public func observe<Owner: AnyObject>(
        with owner: Owner,
        once: Bool = false,
        replay: Bool? = nil,
        on scheduler: Scheduler? = nil,
        call method: @escaping (Owner) -> () -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> LastValueObservation {
        observe(with: owner, once: once, replay: replay, on: scheduler, { owner, _ in method(owner)() },
                isolation: isolation, file: file, line: line)
    }
}

// MARK: Diagnostics

extension LastValueSignal {
    /// A name for debugging, used by ``description`` and by the observer-limit failure; `nil`
    /// until set.
    public var name: String? {
        get { tally.diagnostics.name }
        set { tally.diagnostics.name = newValue }
    }

    /// Gives the signal a name for debugging (see ``name``) and returns it, for chaining.
    @discardableResult
    public func named(_ name: String) -> LastValueSignal {
        self.name = name
        return self
    }

    /// The number of observers and producer runs the signal currently has. Zero once it has
    /// gone.
    public var observerCount: Int { tally.count }

    /// The most observers (observations and producer runs) the signal may have at once; `nil`,
    /// the default, for no limit.
    ///
    /// Adding an observer beyond the limit stops the program with a message that names the
    /// signal and the count, at the line that added it (signals-ios' `maxObservers`).
    ///
    /// - Precondition: The limit, when set, is at least 1.
    public var maximumObservers: Int? {
        get { tally.diagnostics.maximumObservers }
        set {
            if let newValue, newValue < 1 {
                fatalError("LastValueSignal.maximumObservers must be at least 1, got \(newValue)")
            }
            tally.diagnostics.maximumObservers = newValue
        }
    }

    /// Calls `added` after each observer (or producer run) is added and `removed` after each is
    /// removed, with the number there are then; when the signal goes, `removed` is called once
    /// with 0. Replaces the hooks set before; pass `nil` to remove one.
    ///
    /// Hooks run on the thread that adds or removes the observer, outside the signal's locks.
    public func setObserverHooks(added: ((Int) -> Void)? = nil, removed: ((Int) -> Void)? = nil) {
        tally.diagnostics.setHooks(added: added, removed: removed)
    }
}

extension LastValueSignal: CustomStringConvertible {
    /// The signal's name, if it has one, its value type and its observer count, as in
    /// `LastValueSignal<Double>("temperature", 2 observers)`.
    public var description: String {
        let label = name.map { "\"\($0)\", " } ?? ""
        let count = observerCount
        return "LastValueSignal<\(Value.self)>(\(label)\(count) observer\(count == 1 ? "" : "s"))"
    }
}

/// The count of a ``LastValueSignal``'s observers, with its name, limit and hooks: each
/// subscription is counted when it is made and until it is disposed, or until the signal goes.
final class ObserverTally: @unchecked Sendable {
    let diagnostics = ObserverDiagnostics(kind: "LastValueSignal")
    private struct State {
        var count = 0
        var ended = false
    }
    private let state = Locked(State())

    var count: Int { state.withLock { $0.count } }

    /// Counts a new subscription, checking the limit and calling the hook, and returns it wrapped
    /// so that its disposal counts it off once.
    func counted(_ subscription: Disposable) -> Disposable {
        let added = state.withLock { state -> Int? in
            guard !state.ended else { return nil }
            state.count += 1
            return state.count
        }
        guard let added else { return subscription }
        diagnostics.observerAdded(count: added)
        let counted = Synchronization.Atomic<Bool>(true)
        return AnyDisposable { [weak self] in
            subscription.dispose()
            guard counted.exchange(false, ordering: .relaxed) else { return }
            self?.remove()
        }
    }

    private func remove() {
        let remaining = state.withLock { state -> Int? in
            guard !state.ended else { return nil }
            state.count -= 1
            return state.count
        }
        if let remaining { diagnostics.observerRemoved(count: remaining) }
    }

    /// The signal has gone: every observer has received `completed` and is released.
    func end() {
        let hadObservers = state.withLock { state -> Bool in
            defer {
                state.ended = true
                state.count = 0
            }
            return !state.ended && state.count > 0
        }
        if hadObservers { diagnostics.observerRemoved(count: 0) }
    }
}

/// An observation of a ``LastValueSignal``: dispose it to stop observing, or ask for the last
/// value again.
public final class LastValueObservation: Disposable, Sendable {
    private let disposable: Disposable
    private let replay: @Sendable () -> Void

    init(_ disposable: Disposable, replay: @escaping @Sendable () -> Void) {
        self.disposable = disposable
        self.replay = replay
    }

    /// Whether the observation has stopped.
    public var isDisposed: Bool { disposable.isDisposed }

    /// Stops the observation; values sent from now on are not delivered to it.
    public func dispose() { disposable.dispose() }

    /// Sends the last value again to this observer alone (signals-ios' `firePreviousData`), in
    /// order with the values sent around this call. Does nothing before the first value, once the
    /// observation has stopped, or once the signal has ended.
    public func replayLastValue() { replay() }
}

extension LastValueSignal: @unchecked Sendable where Value: Sendable {}
