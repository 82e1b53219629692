// The one engine behind flatten, flatMap and merge, for every strategy, on signals and
// producers alike.
//
// An outer value is handled on the thread that sent it, before its `send` returns: the strategy
// decides, under the run's lock, whether the new inner stream starts now, waits its turn or is
// dropped, and a stream that starts is started (a signal observed) right there, outside the
// lock. So an event sent into an inner signal right after `outerInput.send(inner)` returned is
// never missed, whatever another thread is delivering meanwhile. The one exception is a send
// made from inside `SequencingTrampoline.maximumDepth` (eight) nested sequencing or flattening
// drains on its thread: the start then waits for the outermost drain there, which keeps the
// stack flat.
//
// Everything that reaches downstream (inner values, the end of the outer stream, inner ends)
// goes through a `Serializer`: the thread that finds it idle processes the queue, in order, and
// no lock is held while calling downstream. The bookkeeping of the strategy (running inner
// streams, waiting ones, the winner of a race) is shared by the outer thread and the draining
// thread, and kept under the run's lock for the few instructions each decision takes.
//
// Two details keep the stack constant and synchronous inner streams flowing:
// - a thread that starts an inner producer while the serializer is idle becomes its drainer for
//   the duration of the start. A synchronous inner producer runs to its end inside that call:
//   its values are checked and delivered at once, on the spot, since queueing them would hold
//   every one back until the producer ended, forever for an endless one; its terminal event is
//   queued, and handled by the drain loop after the start returned. Waiting producers are
//   started from that loop, so a million synchronous inner producers start one after another,
//   never from inside one another.
// - values of inner streams running on other threads, or started while another thread drains,
//   are queued like any input, so a value of an inner stream that `latest` has just replaced, or
//   that lost a `race`, is dropped rather than delivered after the newer stream's values.
//
// Order: the values of one inner stream keep their order, and `concat` and `concurrent(limit:)`
// start their waiting producers in the order the outer stream sent them. The drainer checks every
// inner value against the current state (`FlattenInner.active`, the race's winner) when it
// delivers it, even a value that raced on another thread.
//
// Cancellation: each inner run's interrupt handle is registered before its first event, in
// `innerRuns`, a composite kept in the output's lifetime. Ending the output (its terminal event,
// the disposal of its run, a `take` downstream) disposes the outer run and every inner run at
// once and drops the waiting producers; from then on nothing is started, not even by an outer
// value or an inner completion that the teardown itself causes. When the operator stops an inner
// run itself (`latest` switching, the losers of a `race`), it marks the run inactive first, so
// that the interruption that follows is ignored. An interruption the operator did not cause
// counts as that inner stream's completion, except for a race's winner, whose events are
// forwarded as they are. A failure, of the outer stream or of an inner one, ends the result as
// soon as the drainer reaches it, without waiting for the other inner streams.

import Synchronization

/// One inner run of a ``FlattenRun``; its fields are guarded by the run's lock.
@usableFromInline
final class FlattenInner: @unchecked Sendable {
    /// Identifies the run among those running.
    @usableFromInline let id: Int
    /// Whether its events still count: false once it ended or was stopped by the operator.
    @usableFromInline var active = true
    /// Its interrupt handle, and the token that removes it from the operator's composite.
    @usableFromInline var handle: Disposable?
    @usableFromInline var removal: Disposable?

    @inlinable
    init(id: Int) {
        self.id = id
    }

    /// Marks the run inactive and hands back what must be disposed, outside the lock, to stop
    /// it (its interruption will be ignored) and forget it. The handle goes with it even when
    /// the run is not stopped, so that it is released outside the lock too.
    @inlinable
    func deactivate(stopping: Bool) -> FlattenInnerRelease {
        active = false
        defer { handle = nil; removal = nil }
        return FlattenInnerRelease(handle: handle, stops: stopping, removal: removal)
    }
}

/// What stops or forgets an inner run; disposed, and released, outside the run's lock.
@usableFromInline
struct FlattenInnerRelease {
    @usableFromInline var handle: Disposable?
    @usableFromInline var stops: Bool
    @usableFromInline var removal: Disposable?

    @inlinable
    init(handle: Disposable?, stops: Bool, removal: Disposable?) {
        self.handle = handle
        self.stops = stops
        self.removal = removal
    }

    @inlinable
    func perform() {
        if stops { handle?.dispose() }
        removal?.dispose()
    }
}

/// The strategy's bookkeeping, guarded by the run's lock.
@usableFromInline
struct FlattenState<Inner, Error: Swift.Error> {
    @usableFromInline var running: [Int: FlattenInner] = [:]
    @usableFromInline var waiting = FIFOBuffer<SignalProducer<Inner, Error>>()
    @usableFromInline var nextID = 0
    @usableFromInline var outerCompleted = false
    @usableFromInline var finished = false
    /// `race`: the inner run that sent the first value.
    @usableFromInline var winner: FlattenInner?

    @inlinable
    init() {}

    /// Registers a new inner run.
    @inlinable
    mutating func register() -> FlattenInner {
        nextID += 1
        let inner = FlattenInner(id: nextID)
        running[inner.id] = inner
        return inner
    }

    /// Stops every running inner run; returns what to dispose.
    @inlinable
    mutating func stopAll(except kept: FlattenInner? = nil) -> [FlattenInnerRelease] {
        var releases: [FlattenInnerRelease] = []
        for inner in running.values where inner !== kept {
            releases.append(inner.deactivate(stopping: true))
        }
        running.removeAll()
        if let kept { running[kept.id] = kept }
        return releases
    }

    /// Takes the waiting producers that may start now under a limit of `limit` runs.
    @inlinable
    mutating func takeStartable(limit: UInt) -> [(SignalProducer<Inner, Error>, FlattenInner)] {
        var starts: [(SignalProducer<Inner, Error>, FlattenInner)] = []
        while UInt(running.count) < limit, let next = waiting.popFirst() {
            starts.append((next, register()))
        }
        return starts
    }

    /// Whether the result is due to complete.
    @inlinable
    var isDone: Bool {
        outerCompleted && running.isEmpty && waiting.isEmpty
    }

    /// Forgets everything: nothing more is started or delivered. The inner runs still going are
    /// disposed with the output's lifetime, which holds their handles.
    ///
    /// Returns what it held, for the caller to release once the lock is released: releasing a
    /// producer or a handle may run deinitializers that take locks of their own.
    @inlinable
    mutating func end() -> [Any] {
        finished = true
        var held: [Any] = []
        while let producer = waiting.popFirst() { held.append(producer) }
        for inner in running.values {
            inner.active = false
            held.append(inner.handle as Any)
            held.append(inner.removal as Any)
            inner.handle = nil
            inner.removal = nil
        }
        held.append(running)
        running = [:]
        held.append(winner as Any)
        winner = nil
        return held
    }
}

/// One run of a flattening operator: one output stream, fed by one outer stream of inner
/// producers, run according to a ``FlattenStrategy``.
@usableFromInline
final class FlattenRun<Inner, Error: Swift.Error>: TrampolineTask, InnerRunOwner, @unchecked Sendable {
    @usableFromInline
    enum Input {
        case outerEnded(Termination<Error>)
        case innerValue(FlattenInner, Inner)
        case innerEnded(FlattenInner, Termination<Error>)
    }

    @usableFromInline let serializer = Serializer<Input>()
    @usableFromInline let state = Locked(FlattenState<Inner, Error>())
    @usableFromInline let downstream: Signal<Inner, Error>.Observer
    @usableFromInline let kind: FlattenStrategy.Kind
    /// The interrupt handles of the running inner streams, disposed all at once when the output
    /// ends; in the output's lifetime.
    @usableFromInline let innerRuns = CompositeDisposable()
    /// The thread that may deliver inner values on the spot: the drainer, while it is inside
    /// the start of an inner producer and not calling downstream; otherwise 0.
    @usableFromInline let onTheSpotThread = Synchronization.Atomic<UInt>(0)
    /// The output's lifetime: once it has ended (the output terminated or its run was disposed),
    /// nothing is started any more, not even by an outer value or an inner completion that the
    /// disposal of the runs still going causes.
    @usableFromInline let lifetime: Lifetime
    /// Drainer-only: the inner producer to start on the spot when the trampoline runs this run's
    /// drain (see ``outerValue(_:)``).
    @usableFromInline @exclusivity(unchecked) var pendingStart: (SignalProducer<Inner, Error>, FlattenInner)?
    /// Starts `pendingStart` and drains. Built in inlinable code, so that the trampoline, which
    /// calls tasks through a protocol, reaches the specialized code at once.
    @usableFromInline let drainTask: (FlattenRun<Inner, Error>) -> Void

    @inlinable
    init(kind: FlattenStrategy.Kind, downstream: Signal<Inner, Error>.Observer, lifetime: Lifetime) {
        self.kind = kind
        self.downstream = downstream
        self.lifetime = lifetime
        drainTask = { run in run.startPendingAndDrain() }
        lifetime += innerRuns
        lifetime.observeEnded { [self] in
            let held = state.withLock { $0.end() }
            withExtendedLifetime(held) {}
        }
    }

    // MARK: The outer stream

    /// A new inner producer: started, queued or dropped as the strategy says, before this
    /// returns.
    @inlinable
    func outerValue(_ producer: SignalProducer<Inner, Error>) {
        let kind = self.kind
        let lifetime = self.lifetime
        // Read before the lock, which is a leaf (see `LockOrder`): the lifetime has a lock of its
        // own. Once it has ended, `finished` is set under this lock.
        let ended = lifetime.hasEnded
        let (inner, releases) = state.withLock { state -> (FlattenInner?, [FlattenInnerRelease]) in
            guard !state.finished, !ended else { return (nil, []) }
            switch kind {
            case let .concurrent(limit):
                if UInt(state.running.count) < limit { return (state.register(), []) }
                state.waiting.append(producer)
                return (nil, [])
            case .latest:
                let releases = state.stopAll()
                return (state.register(), releases)
            case .race:
                return (state.winner == nil ? state.register() : nil, [])
            case .throttle:
                return (state.running.isEmpty ? state.register() : nil, [])
            }
        }
        for release in releases { release.perform() }
        guard let inner else { return }
        if serializer.tryAcquire() {
            // Through the sequencing trampoline: nested more than a few runs deep on this
            // thread (a recursion through `flatMap`, each level starting the next from inside
            // its own start), the start waits for the outermost drain on this thread, which
            // keeps the stack flat; the serializer stays acquired meanwhile.
            pendingStart = (producer, inner)
            SequencingTrampoline.run(self)
        } else {
            start(producer, inner)
        }
    }

    @usableFromInline
    func runTrampolineTask() {
        drainTask(self)
    }

    /// Starts the inner producer `outerValue` left, delivering its synchronous values on the
    /// spot, then processes what was queued. Called by the drainer only.
    @inlinable
    func startPendingAndDrain() {
        if let (producer, inner) = pendingStart {
            pendingStart = nil
            startOnTheSpot(producer, inner)
        }
        drain()
    }

    /// The end of the outer stream, in order with the values already delivered.
    @inlinable
    func outerEnded(_ termination: Termination<Error>) {
        submit(.outerEnded(termination))
    }

    // MARK: Serialized processing

    /// Hands `input` to the serializer; processes it, and whatever arrives meanwhile, if no
    /// other thread is processing. The drain goes through the sequencing trampoline, as
    /// ``outerValue(_:)``'s does: the end of a run nested in another (a recursion through
    /// `flatMap`) ends the run around it from inside its own drain, level after level.
    @inlinable
    func submit(_ input: Input) {
        guard serializer.enqueue(input) else { return }
        SequencingTrampoline.run(self)
    }

    /// Processes queued inputs until none is left. Called by the drainer only.
    @inlinable
    func drain() {
        serializer.drain { item in handle(item) }
    }

    /// A value of an inner run: delivered on the spot by the drainer inside the start of a
    /// synchronous inner producer, queued otherwise.
    @inlinable
    func receive(_ value: Inner, from inner: FlattenInner) {
        if onTheSpotThread.load(ordering: .relaxed) == currentThreadID() {
            deliver(value, from: inner)
        } else {
            submit(.innerValue(inner, value))
        }
    }

    @inlinable
    func handle(_ input: Input) {
        switch input {
        case let .innerValue(inner, value):
            deliver(value, from: inner)
        case .outerEnded(.completed):
            let done = state.withLock { state -> Bool in
                guard !state.finished else { return false }
                state.outerCompleted = true
                return state.isDone
            }
            if done { finish(.completed) }
        case let .outerEnded(termination):
            finish(termination)
        case let .innerEnded(inner, termination):
            let kind = self.kind
            // A failure ends the result. An interruption that this operator did not cause counts,
            // as in ReactiveSwift, as the inner stream's completion, except in a race, where the
            // winner's events are forwarded as they are.
            var endsResult = false
            switch (termination, kind) {
            case (.failed, _), (.interrupted, .race): endsResult = true
            default: break
            }
            if endsResult {
                // The end of a run this operator stopped, or of one that already ended, is no news.
                let counts = state.withLock { state in !state.finished && inner.active }
                if counts { finish(termination) }
                return
            }
            // Read before the lock, which is a leaf (see `LockOrder`).
            let ended = lifetime.hasEnded
            let (releases, starts, done) = state.withLock {
                state -> ([FlattenInnerRelease], [(SignalProducer<Inner, Error>, FlattenInner)], Bool) in
                guard !state.finished, inner.active else { return ([], [], false) }
                var releases: [FlattenInnerRelease] = []
                // In a race, the first inner stream to send any event wins, a completion as well
                // as a value: the others are disposed. A race's winner stays the winner once it
                // completed: inner streams arriving later are not started.
                if case .race = kind, state.winner == nil {
                    state.winner = inner
                    releases = state.stopAll(except: inner)
                }
                state.running[inner.id] = nil
                releases.append(inner.deactivate(stopping: false))
                var starts: [(SignalProducer<Inner, Error>, FlattenInner)] = []
                // Once the output has ended, the waiting producers are dropped, never started.
                if case let .concurrent(limit) = kind, !ended { starts = state.takeStartable(limit: limit) }
                return (releases, starts, starts.isEmpty && state.isDone)
            }
            for release in releases { release.perform() }
            for (producer, next) in starts { startOnTheSpot(producer, next) }
            if done { finish(.completed) }
        }
    }

    /// Delivers a value of `inner` if it still counts; in a race, the first value makes `inner`
    /// the winner and stops the others.
    @inlinable
    func deliver(_ value: Inner, from inner: FlattenInner) {
        let isRace: Bool
        if case .race = kind { isRace = true } else { isRace = false }
        let (counts, releases) = state.withLock { state -> (Bool, [FlattenInnerRelease]) in
            guard !state.finished, inner.active else { return (false, []) }
            guard isRace, state.winner == nil else { return (true, []) }
            state.winner = inner
            return (true, state.stopAll(except: inner))
        }
        for release in releases { release.perform() }
        guard counts else { return }
        // Downstream may send a new outer value from here: its inner stream's values are
        // queued behind this one, not delivered inside this call.
        let spot = onTheSpotThread.load(ordering: .relaxed)
        if spot != 0 { onTheSpotThread.store(0, ordering: .relaxed) }
        downstream.send(value: value)
        if spot != 0 { onTheSpotThread.store(spot, ordering: .relaxed) }
    }

    /// Starts `producer` as `inner` on the drainer, delivering its synchronous values on the
    /// spot.
    @inlinable
    func startOnTheSpot(_ producer: SignalProducer<Inner, Error>, _ inner: FlattenInner) {
        let previous = onTheSpotThread.load(ordering: .relaxed)
        onTheSpotThread.store(currentThreadID(), ordering: .relaxed)
        start(producer, inner)
        onTheSpotThread.store(previous, ordering: .relaxed)
    }

    /// Starts `producer` as the inner run `inner`.
    @inlinable
    func start(_ producer: SignalProducer<Inner, Error>, _ inner: FlattenInner) {
        producer.startInnerRun(of: self, inner)
    }

    /// Registers the handle of `inner` before its first event, so that ending the output stops
    /// even an endless synchronous producer; disposes it at once if the operator already
    /// stopped `inner`.
    @inlinable
    func innerRunStarted(_ inner: FlattenInner, handle: Disposable) {
        let removal = innerRuns.add(handle)
        let stopped = state.withLock { _ -> Bool in
            guard inner.active else { return true }
            inner.handle = handle
            inner.removal = removal
            return false
        }
        if stopped {
            handle.dispose()
            removal?.dispose()
        }
    }

    @inlinable @inline(__always)
    func innerRun(_ inner: FlattenInner, sent event: Signal<Inner, Error>.Event) {
        switch event {
        case let .value(value): receive(value, from: inner)
        case let .failed(error): submit(.innerEnded(inner, .failed(error)))
        case .completed: submit(.innerEnded(inner, .completed))
        case .interrupted: submit(.innerEnded(inner, .interrupted))
        }
    }

    /// Ends the output with `termination`; ending it disposes the outer run and every inner run.
    @inlinable
    func finish(_ termination: Termination<Error>) {
        let held = state.withLock { state -> [Any]? in
            guard !state.finished else { return nil }
            return state.end()
        }
        guard let held else { return }
        withExtendedLifetime(held) {}
        downstream.send(Signal.Event(termination))
    }
}

extension Operators {
    /// The body of every flattening operator: each outer value becomes an inner producer
    /// (`transform`), run according to `strategy`; outer errors become output errors
    /// (`mapError`).
    @inlinable
    static func flatten<Value, OuterError, Inner, Error>(
        _ strategy: FlattenStrategy,
        mapError: @escaping (OuterError) -> Error,
        _ transform: @escaping (Value) -> SignalProducer<Inner, Error>
    ) -> SerializedOperator<Value, OuterError, Inner, Error> {
        let kind = strategy.kind
        return { downstream, lifetime in
            let run = FlattenRun(kind: kind, downstream: downstream, lifetime: lifetime)
            return Signal<Value, OuterError>.Observer { event in
                switch event {
                case let .value(value):
                    // The drains postponed on this thread run first: a synchronous outer stream
                    // deep inside nested runs waits for the inner streams it already sent
                    // instead of running ahead of them.
                    SequencingTrampoline.runPostponed()
                    run.outerValue(transform(value))
                case let .failed(error): run.outerEnded(.failed(mapError(error)))
                case .completed: run.outerEnded(.completed)
                case .interrupted: run.outerEnded(.interrupted)
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Applies the flattening engine to this signal.
    @inlinable
    func flattening<U, F>(
        _ strategy: FlattenStrategy,
        mapError: @escaping (Error) -> F,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> Signal<U, F> {
        liftSerialized(Operators.flatten(strategy, mapError: mapError, transform))
    }
}
