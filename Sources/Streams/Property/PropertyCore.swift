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
final class PropertyCore<Value>: @unchecked Sendable {
    enum Item {
        case change(Value)
        case subscribe(current: Value, Signal<Value, Never>.Observer, Lifetime)
        case finish
    }

    struct State {
        var value: Value
        var queue = Serializer<Item>.State()
        var finished = false
    }

    let state: Locked<State>
    let changes: Signal<Value, Never>
    private let changesInput: Signal<Value, Never>.Observer

    init(_ initial: Value) {
        state = Locked(State(value: initial))
        (changes, changesInput) = Signal.pipe()
    }

    var value: Value {
        state.withLock { $0.value }
    }

    func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        try state.withLock { try action($0.value) }
    }

    /// Changes the value with `action` and sends the new value.
    func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        let (result, drains) = try state.withLock { state -> (Result, Bool) in
            let result = try action(&state.value)
            return (result, state.enqueue(.change(state.value)))
        }
        if drains { drain() }
        return result
    }

    /// Replaces the value and returns the old one.
    func swap(_ newValue: Value) -> Value {
        modify { value in
            defer { value = newValue }
            return value
        }
    }

    /// Sends `observer` the current value, then each change, until `lifetime` ends or the
    /// property finishes (then `observer` completes).
    func subscribe(_ observer: Signal<Value, Never>.Observer, lifetime: Lifetime) {
        let drains = state.withLock { state in
            state.enqueue(.subscribe(current: state.value, observer, lifetime))
        }
        if drains { drain() }
    }

    /// Completes the changes and every subscriber, after the changes already queued.
    func finish() {
        let drains = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.finished = true
            return state.enqueue(.finish)
        }
        if drains { drain() }
    }

    private func drain() {
        while let item = state.withLock({ $0.queue.next() }) {
            switch item {
            case let .change(value):
                changesInput.send(value: value)
            case let .subscribe(current, observer, lifetime):
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
            case .finish:
                changesInput.sendCompleted()
            }
        }
    }
}

extension PropertyCore.State {
    /// Queues `item`; returns whether the caller must drain.
    mutating func enqueue(_ item: PropertyCore.Item) -> Bool {
        queue.queue.append(item)
        guard !queue.draining else { return false }
        queue.draining = true
        return true
    }
}
