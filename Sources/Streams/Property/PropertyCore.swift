/// The storage behind every property: the current value, the signal of changes, and the order
/// in which changes and new subscribers are served.
///
/// Setting the value stores it and queues the change under one lock; whichever thread finds
/// the queue idle then sends the queued changes, in order, outside the lock. A producer start
/// is queued the same way: when its turn comes it receives the value as it was when it started,
/// then observes the changes queued after it. So every subscriber sees the current value, then
/// each later change exactly once, in the order the values were stored, and a property set from
/// inside one of its own observers queues the change behind the current delivery instead of
/// deadlocking or reordering.
@usableFromInline
final class PropertyCore<Value>: @unchecked Sendable {
    @usableFromInline
    enum Item {
        case change(Value)
        case subscribe(current: Value, Signal<Value, Never>.Observer, Lifetime)
        case finish
    }

    @usableFromInline
    struct State {
        @usableFromInline var value: Value
        @usableFromInline var queue = Serializer<Item>.State()
        @usableFromInline var finished = false

        @usableFromInline init(value: Value) {
            self.value = value
        }
    }

    @usableFromInline let state: Locked<State>
    @usableFromInline let changes: Signal<Value, Never>
    @usableFromInline let changesInput: Signal<Value, Never>.Observer

    @inlinable init(_ initial: Value) {
        state = Locked(State(value: initial))
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
        // When nothing is queued and no thread is sending, this thread becomes the sender and
        // sends its change at once, without a trip through the queue; otherwise the change is
        // queued behind the others and whoever is sending delivers it.
        let (result, direct, drains) = try state.withLock { state -> (Result, Value?, Bool) in
            let result = try action(&state.value)
            if !state.queue.draining {
                state.queue.draining = true
                return (result, state.value, true)
            }
            return (result, nil, state.enqueue(.change(state.value)))
        }
        if let direct { changesInput.send(value: direct) }
        if drains { drain() }
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

    /// Sends `observer` the current value, then each change, until `lifetime` ends or the
    /// property finishes (then `observer` completes).
    @inlinable
    func subscribe(_ observer: Signal<Value, Never>.Observer, lifetime: Lifetime) {
        let drains = state.withLock { state in
            state.enqueue(.subscribe(current: state.value, observer, lifetime))
        }
        if drains { drain() }
    }

    /// Completes the changes and every subscriber, after the changes already queued.
    @usableFromInline
    func finish() {
        let drains = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.finished = true
            return state.enqueue(.finish)
        }
        if drains { drain() }
    }

    /// Sends the queued items in order, including those queued meanwhile. Inlinable so that
    /// the path of a change, which every set takes, is specialized for the client's value type.
    @inlinable
    func drain() {
        while let item = state.withLock({ $0.queue.next() }) {
            switch item {
            case let .change(value):
                changesInput.send(value: value)
            case let .subscribe(current, observer, lifetime):
                serve(observer, current: current, lifetime: lifetime)
            case .finish:
                changesInput.sendCompleted()
            }
        }
    }

    /// Serves a subscriber whose turn has come: the value as it was when it subscribed, then
    /// the changes from here on.
    @inlinable
    func serve(_ observer: Signal<Value, Never>.Observer, current: Value, lifetime: Lifetime) {
        observer.send(value: current)
        // Registered only now, in queue order: every change queued before this start has
        // been sent, every later one will be.
        if let observation = changes.observe(Signal.Observer { event in
            switch event {
            case let .value(value): observer.send(value: value)
            case .completed, .interrupted: observer.sendCompleted()
            }
        }) {
            lifetime += observation
        } else {
            observer.sendCompleted()
        }
    }
}

extension PropertyCore.State {
    /// Queues `item`; returns whether the caller must drain.
    @inlinable
    mutating func enqueue(_ item: PropertyCore.Item) -> Bool {
        queue.queue.append(item)
        guard !queue.draining else { return false }
        queue.draining = true
        return true
    }
}
