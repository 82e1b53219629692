import Synchronization

/// The storage behind every property: the current value, the signal of changes, and the order
/// in which changes and new subscribers are served.
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
@usableFromInline
final class PropertyCore<Value>: @unchecked Sendable {
    @usableFromInline
    enum Item {
        case change(Value)
        case subscribe(PropertySubscription<Value>)
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

    @inlinable init(_ initial: Value) {
        let gate = DeliveryGate()
        self.gate = gate
        state = Locked(State(value: initial, gate: gate))
        (changes, changesInput) = Signal.pipe()
    }

    @inlinable
    var value: Value {
        state.withLock { $0.value }
    }

    @inlinable
    func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try state.withLock { try action($0.value) }
    }

    /// Changes the value with `action` and sends the new value.
    @inlinable
    func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        // When no thread is sending, this thread becomes the sender and sends its change at
        // once; otherwise the change is queued behind the others and whoever is sending sends it.
        let (result, item) = try state.withLock { state -> (Result, Item?) in
            let result = try action(&state.value)
            return (result, state.queue.post(.change(state.value)))
        }
        if let item { serve(from: item) }
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

    /// Sends `observer` the current value before returning, then each change, until `lifetime`
    /// ends or the property finishes (then `observer` completes).
    @inlinable
    func subscribe(_ observer: Signal<Value, Never>.Observer, lifetime: Lifetime) {
        let subscription = PropertySubscription(observer, lifetime: lifetime)
        // The subscription's place in the queue is taken with the current value, under one lock:
        // every change queued before it is already in that value, every later one comes after.
        let (current, item) = state.withLock { state in
            (state.value, state.queue.post(.subscribe(subscription)))
        }
        subscription.start(with: current)
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
        var item = first
        while true {
            switch item {
            case let .change(value):
                changesInput.send(value: value)
            case let .subscribe(subscription):
                register(subscription)
            case .finish:
                changesInput.sendCompleted()
            }
            if gate.leave() { return }
            item = state.withLock { $0.queue.next() }
        }
    }

    /// Registers a subscriber whose turn has come for the changes from here on: every change
    /// queued before its start has been sent, every later one will be.
    @inlinable
    func register(_ subscription: PropertySubscription<Value>) {
        if let observation = changes.observe(Signal.Observer { event in
            switch event {
            case let .value(value): subscription.forward(.value(value))
            case .completed, .interrupted: subscription.forward(.completed)
            }
        }) {
            subscription.lifetime += observation
        } else {
            subscription.forward(.completed)
        }
    }
}

/// A producer subscriber of a ``PropertyCore``.
///
/// Its starting thread sends it the current value, while the thread draining the property's
/// queue may already register it and forward the next change. Until the starting thread has sent
/// the current value, forwarded events wait in `pending`; the starting thread sends them after
/// the current value, in order, then marks the subscription live, after which changes go
/// straight to the observer. The handoff costs one atomic load per change.
@usableFromInline
final class PropertySubscription<Value>: @unchecked Sendable {
    @usableFromInline let observer: Signal<Value, Never>.Observer
    @usableFromInline let lifetime: Lifetime
    /// Whether the starting thread is done: read by `forward` on its fast path.
    @usableFromInline let isLive = Synchronization.Atomic<Bool>(false)
    /// The events forwarded before the subscription went live, and whether it has.
    @usableFromInline let pending = Locked<(events: [Signal<Value, Never>.Event], live: Bool)>(([], false))

    @inlinable
    init(_ observer: Signal<Value, Never>.Observer, lifetime: Lifetime) {
        self.observer = observer
        self.lifetime = lifetime
    }

    /// Sends `current`, then what was forwarded meanwhile, and goes live. Called once, by the
    /// starting thread.
    @inlinable
    func start(with current: Value) {
        observer.send(value: current)
        while true {
            let waiting = pending.withLock { state -> [Signal<Value, Never>.Event] in
                if state.events.isEmpty {
                    state.live = true
                    return []
                }
                defer { state.events = [] }
                return state.events
            }
            if waiting.isEmpty { break }
            for event in waiting { observer.send(event) }
        }
        isLive.store(true, ordering: .releasing)
    }

    /// A change or the property's end, from the property's deliveries, which are serialized.
    @inlinable
    func forward(_ event: Signal<Value, Never>.Event) {
        if isLive.load(ordering: .acquiring) {
            observer.send(event)
            return
        }
        let sendsNow = pending.withLock { state -> Bool in
            if state.live { return true }
            state.events.append(event)
            return false
        }
        if sendsNow { observer.send(event) }
    }
}
