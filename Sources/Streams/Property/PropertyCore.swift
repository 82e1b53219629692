import Synchronization

/// The storage behind every property: the current value, the runs of its producer, the signal
/// of changes, and the order in which changes and new subscribers are served.
///
/// Setting the value stores it and queues the change under one lock; whichever thread finds
/// the queue idle then sends the queued changes, in order, outside the lock. A producer start
/// takes its place in the same queue: it receives the value as it was when it started, at once,
/// on the starting thread, and observes the changes queued after it once its turn comes. So
/// every subscriber sees the current value before its start returns (even when another thread
/// is sending a change, or when it starts from inside an observer of the property), then each
/// later change exactly once, in the order the values were stored, and a property set from
/// inside one of its own observers queues the change behind the current delivery instead of
/// deadlocking or reordering.
///
/// The serving thread delivers each change to the producer's runs, in the order they subscribed,
/// then to the observers of the changes signal. The runs are kept by the property itself, not
/// as observers of the signal, in a list only the serving thread touches: while the signal has
/// no observers, a change reaches the runs without its send lock and the signal is not sent it;
/// while it has some, the whole change is one delivery of the signal (see ``deliverChange(_:)``).
/// A set that reaches one run and no observer so pays five atomic read-modify-writes (the
/// property's lock and unlock, leaving the queue, and the run's two hand-overs of its delivery)
/// where the signal's send lock would add two.
/// A run that ended (disposed, or completed) is dropped from the list by the next change, or by
/// a later subscription.
@usableFromInline
final class PropertyCore<Value>: @unchecked Sendable {
    @usableFromInline
    enum Item {
        case change(Value)
        case subscribe(PropertyProducerRun<Value>)
        case finish
    }

    @usableFromInline
    struct State {
        @usableFromInline var value: Value
        /// The changes, subscriptions and end to serve, and which thread serves them.
        @usableFromInline var queue: DeliveryQueue<Item>
        @usableFromInline var finished = false

        @usableFromInline init(value: Value, gate: DeliveryGate) {
            self.value = value
            queue = DeliveryQueue(gate: gate)
        }
    }

    @usableFromInline let state: Locked<State>
    /// The gate of `state.queue`, reached without the lock.
    @usableFromInline let gate: DeliveryGate
    @usableFromInline let changes: Signal<Value, Never>
    @usableFromInline let changesInput: Signal<Value, Never>.Observer
    /// The core of `changes`, whose observers version tells whether it has observers. Kept
    /// apart from `changes` so that reading it per change does not go through the `Signal`.
    @usableFromInline let changesCore: SignalCore<Value, Never>

    // Touched only by the thread serving the queue (the gate hands that role over with
    // acquire-release ordering, so each server sees what the previous one wrote).

    /// The producer's runs that have subscribed and not been dropped, in subscription order.
    /// Changed only through ``changeRuns(_:)``.
    @usableFromInline @exclusivity(unchecked) private(set) var runs: ContiguousArray<PropertyProducerRun<Value>> = []
    /// The first element of `runs`' storage, which `runs` keeps alive and unchanged until it is
    /// changed next: a change is forwarded through it, so that the list is not retained and
    /// released around every change.
    @usableFromInline @exclusivity(unchecked) private(set) var runsBase: UnsafeMutablePointer<PropertyProducerRun<Value>>?
    @usableFromInline @exclusivity(unchecked) private(set) var runsCount = 0
    /// The length of `runs` at which a subscription first drops the runs that ended.
    @usableFromInline @exclusivity(unchecked) var runsCompactionThreshold = 16
    /// Whether the end was served: a run whose turn comes later completes at once.
    @usableFromInline @exclusivity(unchecked) var finishServed = false
    /// The observers version of the changes signal when last read, and whether it had observers.
    @usableFromInline @exclusivity(unchecked) var changesVersion: UInt = .max
    @usableFromInline @exclusivity(unchecked) var changesObserved = false

    @inlinable init(_ initial: Value) {
        let gate = DeliveryGate()
        self.gate = gate
        state = Locked(State(value: initial, gate: gate))
        (changes, changesInput) = Signal.pipe()
        changesCore = changes.core
    }

    deinit {
        // Nothing can change the value any more, and nobody is serving (a server holds the
        // property): the runs still listed complete, as when the property finishes.
        for run in runs { run.forward(.completed) }
    }

    /// Changes `runs` with `change`, and `runsBase` and `runsCount` with it. Called by the
    /// thread delivering.
    @usableFromInline
    func changeRuns(_ change: (inout ContiguousArray<PropertyProducerRun<Value>>) -> Void) {
        change(&runs)
        runsCount = runs.count
        runsBase = runs.withUnsafeMutableBufferPointer { $0.baseAddress }
    }

    @inlinable
    var value: Value {
        state.withLock { $0.value }
    }

    @inlinable
    func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        // The caller's closure runs under the lock, as in ReactiveSwift: see
        // `Locked.withLockCallingUserCode`.
        try state.withLockCallingUserCode { try action($0.value) }
    }

    /// Changes the value with `action` and sends the new value.
    @inlinable
    func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        // When no thread is sending, this thread becomes the sender and sends its change at
        // once; otherwise the change is queued behind the others and whoever is sending sends it.
        // The caller's closure runs under the lock, as in ReactiveSwift (see
        // `Locked.withLockCallingUserCode`); the old value is released after the lock: releasing
        // it may run a deinitializer that takes locks of its own.
        let (result, change, old) = try state.withLockCallingUserCode { state -> (Result, Value?, Value) in
            let old = state.value
            let result = try action(&state.value)
            return (result, state.queue.claimOrQueue(.change(state.value)) ? state.value : nil, old)
        }
        withExtendedLifetime(old) {}
        if let change {
            deliverChange(change)
            serveQueued()
        }
        return result
    }

    /// Replaces the value and returns the old one.
    @inlinable
    func swap(_ newValue: Value) -> Value {
        modify { value in
            defer { value = newValue }
            return value
        }
    }

    /// A producer sending the current value when started, then each change, and completing
    /// when the property finishes. Its runs keep `retaining` until they end.
    @inlinable
    func producer(retaining: AnyObject? = nil) -> SignalProducer<Value, Never> {
        SignalProducer(run: { makeObserver in
            let run = PropertyProducerRun<Value>(retaining: retaining)
            run.begin(makeObserver(run), core: self)
            return run
        })
    }

    /// Sends `run` the current value before returning, then each change, until it is disposed
    /// or the property finishes (then it completes). Called by the run's starting thread, which
    /// holds the run's delivery.
    @inlinable
    func subscribe(_ run: PropertyProducerRun<Value>) {
        // The run's place in the queue is taken with the current value, under one lock: every
        // change queued before it is already in that value, every later one comes after.
        let (current, item) = state.withLock { state in
            (state.value, state.queue.post(.subscribe(run)))
        }
        run.start(with: current)
        if let item { serve(from: item) }
    }

    /// Completes the changes and every subscriber, after the changes already queued.
    @usableFromInline
    func finish() {
        let item = state.withLock { state -> Item? in
            guard !state.finished else { return nil }
            state.finished = true
            return state.queue.post(.finish)
        }
        if let item { serve(from: item) }
    }

    /// Serves `first`, then the items queued meanwhile, in order, until none is left. Runs on
    /// the thread whose post found no one serving. Inlinable so that the path of a change, which
    /// every set takes, is specialized for the client's value type.
    @inlinable
    func serve(from first: Item) {
        serve(first)
        serveQueued()
    }

    /// Serves the items queued during the delivery the caller is making, in order, until none
    /// is left, then lets go of the delivery.
    @inlinable
    func serveQueued() {
        while !gate.leave() {
            serve(state.withLock { $0.queue.next() })
        }
    }

    /// Serves one item. Called by the thread delivering.
    @inlinable
    func serve(_ item: Item) {
        switch item {
        case let .change(value):
            deliverChange(value)
        case let .subscribe(run):
            register(run)
        case .finish:
            finishServed = true
            let ended = runs
            changeRuns { $0 = [] }
            for run in ended { run.forward(.completed) }
            changesInput.sendCompleted()
        }
    }

    /// Sends `value` to the runs, then to the observers of the changes signal. Called by the
    /// thread delivering.
    ///
    /// Runs first: they feed bindings and composed properties, so an observer of the signal
    /// finds every property bound to or composed from this one already up to date, whichever
    /// was set up first. When the signal has observers, the runs are called under its send lock,
    /// once the observers the change goes to are fixed, so that the whole change is one delivery:
    /// an observer that a run adds to the signal gets the next change, not this one.
    @inlinable
    func deliverChange(_ value: Value) {
        if changesMayBeObserved() {
            changesCore.send(.value(value)) { forwardToRuns(.value(value)) }
        } else {
            forwardToRuns(.value(value))
        }
    }

    /// Whether the changes signal may have observers. An observer added before the change was
    /// stored moved the signal's observers version first, so the change reaches it; one added
    /// while the change is served does not (see ``deliverChange(_:)``).
    @inlinable @inline(__always)
    func changesMayBeObserved() -> Bool {
        let version = changesCore.observersVersion.load(ordering: .acquiring)
        if version != changesVersion { refreshChangesObserved(version: version) }
        return changesObserved
    }

    /// Reads whether the changes signal has observers, as of `version` or later.
    @usableFromInline
    func refreshChangesObserved(version: UInt) {
        changesVersion = version
        changesObserved = changesCore.observerCount > 0
    }

    /// Forwards `event` to every run in `runs`, then drops those that ended.
    @inlinable
    func forwardToRuns(_ event: Signal<Value, Never>.Event) {
        // The list cannot change meanwhile: only `serve` changes it, and what a run's observer
        // does to this property is queued behind the current item.
        guard let slots = runsBase else { return }
        // Each slot is passed as an exclusive access (nothing writes to the list meanwhile, see
        // above), so that the run in it is borrowed rather than retained.
        var someEnded = false
        for index in 0..<runsCount {
            someEnded = Self.forward(event, to: &slots[index]) || someEnded
        }
        if someEnded { dropEndedRuns() }
    }

    /// Drops the runs that ended from `runs`, and sets the length at which a subscription next
    /// does it to twice what is left (at least 16).
    @usableFromInline
    func dropEndedRuns() {
        changeRuns { $0.removeAll { $0.hasEnded } }
        runsCompactionThreshold = Swift.max(16, 2 * runs.count)
    }

    /// Forwards `event` to `run` unless it has ended; returns whether it has, then or now.
    /// `inout`, so that the run is borrowed rather than retained around the call.
    @inlinable @inline(__always)
    static func forward(_ event: Signal<Value, Never>.Event, to run: inout PropertyProducerRun<Value>) -> Bool {
        if run.hasEnded { return true }
        run.forward(event)
        return run.hasEnded
    }

    /// Adds a run whose turn has come for the changes from here on: every change queued before
    /// its start has been sent, every later one will be. It completes at once if the property
    /// has finished.
    @inlinable
    func register(_ run: PropertyProducerRun<Value>) {
        guard !finishServed else {
            run.forward(.completed)
            return
        }
        if runs.count >= runsCompactionThreshold {
            // Runs that ended without a change since are dropped here, amortized over the
            // subscriptions: between changes, the list holds at most about twice as many runs as
            // were live at the last compaction, or 16.
            dropEndedRuns()
        }
        changeRuns { $0.append(run) }
    }
}

/// One run of a property's producer: its observer, fed the current value by the starting
/// thread and then the changes by the property's deliveries, without a signal of its own.
///
/// One thread at a time delivers to the observer, and the delivery is handed over through
/// `state`, two compare-and-exchanges per event (the price of the lock a signal would take):
///
/// - The starting thread holds the delivery from the start: it sends the current value, then
///   what the property forwarded meanwhile (queued in `pending` until the run goes live), and
///   lets go of the delivery under `pending`'s lock as it goes live, so that the next change,
///   which finds the run live under that lock, always finds the delivery free.
/// - Once live, the property's deliveries, which are serialized, take and let go of the
///   delivery for each change.
/// - Disposal never waits: when nobody delivers, the disposing thread takes the run to its end
///   and delivers `interrupted` itself; otherwise it leaves a request, and the thread delivering
///   delivers `interrupted` right after its event.
///
/// The run ends with its terminal event: the observer is released, and so is whatever the run
/// keeps alive; the property drops the run itself from its list at its next change.
@usableFromInline
final class PropertyProducerRun<Value>: Disposable, @unchecked Sendable {
    /// `state` values.
    @usableFromInline static var idle: UInt8 { 0 }
    @usableFromInline static var delivering: UInt8 { 1 }
    @usableFromInline static var interruptRequested: UInt8 { 2 }
    @usableFromInline static var ended: UInt8 { 3 }

    /// Who may call the observer: nobody (`idle`), the thread that moved it to `delivering`, or
    /// (with an interruption requested during that delivery) still that thread; `ended` once the
    /// terminal event was delivered. The starting thread holds `delivering` from the start.
    @usableFromInline let state = Synchronization.Atomic<UInt8>(1)
    /// Touched only by the thread holding the delivery; `nil` once the run has ended.
    @usableFromInline @exclusivity(unchecked) var observer: Signal<Value, Never>.Observer?
    /// Whether the starting thread is done: read by `forward` on its fast path.
    @usableFromInline let isLive = Synchronization.Atomic<Bool>(false)
    /// The events forwarded before the run went live, and whether it has.
    @usableFromInline let pending = Locked<(events: [Signal<Value, Never>.Event], live: Bool)>(([], false))
    /// What the run keeps alive until it ends.
    @usableFromInline let resources = CompositeDisposable()

    @inlinable
    init(retaining: AnyObject?) {
        if let retaining { resources += AnyDisposable { withExtendedLifetime(retaining) {} } }
    }

    /// Whether the run has ended or an interruption is on its way.
    @usableFromInline
    var isDisposed: Bool { state.load(ordering: .acquiring) >= Self.interruptRequested }

    /// Whether the run has delivered its terminal event. A hint for the property dropping runs
    /// from its list: a run seen live may end right after, and then ignores what it is sent.
    @inlinable
    var hasEnded: Bool { state.load(ordering: .relaxed) == Self.ended }

    /// Starts the run with `observer`: subscribes it to `core`, unless the run was disposed
    /// while its observer was made. Called once, by the starting thread.
    @inlinable
    func begin(_ observer: Signal<Value, Never>.Observer, core: PropertyCore<Value>) {
        self.observer = observer
        if state.load(ordering: .acquiring) == Self.interruptRequested {
            deliverHeld(.interrupted)
            return
        }
        core.subscribe(self)
    }

    /// Sends `current`, then what was forwarded meanwhile, and goes live, letting go of the
    /// delivery. Called once, by the starting thread, which holds the delivery.
    @inlinable
    func start(with current: Value) {
        deliverHeld(.value(current))
        while true {
            if state.load(ordering: .relaxed) == Self.ended { return }
            let (waiting, released) = pending.withLock { pending -> ([Signal<Value, Never>.Event], Bool) in
                if pending.events.isEmpty {
                    pending.live = true
                    return ([], state.compareExchange(
                        expected: Self.delivering, desired: Self.idle, ordering: .acquiringAndReleasing).exchanged)
                }
                defer { pending.events = [] }
                return (pending.events, false)
            }
            if waiting.isEmpty {
                isLive.store(true, ordering: .releasing)
                // Not released: a disposal asked for an interruption meanwhile.
                if !released { deliverHeld(.interrupted) }
                return
            }
            for event in waiting where state.load(ordering: .relaxed) != Self.ended {
                deliverHeld(event)
            }
        }
    }

    /// A change or the property's end, from the property's deliveries, which are serialized.
    @inlinable
    func forward(_ event: Signal<Value, Never>.Event) {
        if isLive.load(ordering: .acquiring) {
            deliver(event)
            return
        }
        let deliversNow = pending.withLock { pending -> Bool in
            if pending.live { return true }
            pending.events.append(event)
            return false
        }
        if deliversNow { deliver(event) }
    }

    /// Takes the delivery, delivers `event` and lets go; drops `event` if the run has ended or
    /// is being interrupted.
    @inlinable
    func deliver(_ event: Signal<Value, Never>.Event) {
        guard state.compareExchange(
            expected: Self.idle, desired: Self.delivering, ordering: .acquiringAndReleasing).exchanged
        else { return }
        deliverHeld(event)
        if state.load(ordering: .relaxed) == Self.ended { return }
        if !state.compareExchange(
            expected: Self.delivering, desired: Self.idle, ordering: .acquiringAndReleasing).exchanged {
            // A disposal asked for an interruption during the delivery.
            deliverHeld(.interrupted)
        }
    }

    /// Delivers `event` on the thread holding the delivery; ends the run if it is terminal.
    @inlinable
    func deliverHeld(_ event: Signal<Value, Never>.Event) {
        SignalCore<Value, Never>.call(&observer, with: event)
        guard event.isTerminating else { return }
        state.store(Self.ended, ordering: .releasing)
        let ended = observer
        observer = nil
        resources.dispose()
        withExtendedLifetime(ended) {}
    }

    /// Interrupts the run without waiting: at once when nobody is delivering, otherwise right
    /// after the event being delivered.
    @usableFromInline
    func dispose() {
        var current = state.load(ordering: .acquiring)
        while true {
            let next: UInt8
            switch current {
            case Self.idle: next = Self.delivering
            case Self.delivering: next = Self.interruptRequested
            default: return
            }
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: next, ordering: .acquiringAndReleasing)
            if exchanged {
                // Took the delivery from idle: deliver the interruption here.
                if current == Self.idle { deliverHeld(.interrupted) }
                return
            }
            current = original
        }
    }
}
