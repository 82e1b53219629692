// The one engine behind combineLatest and zip, for any number of sources, on signals and
// producers alike.
//
// Each source has a typed slot (its latest value, or its queue of unpaired values), so a value
// is stored as its own type, never boxed; the run itself only counts, per source, how many
// values it holds and whether it completed. So the engine is written once for every arity and
// value type: an arity only says how to read its slots into a tuple
// (`Combining+Arities.generated.swift`, written by `Scripts/generate-arities.swift`), and a
// sequence of sources reads them into an array.
//
// Ordering: a value is stored, the combination it makes is built, and that combination is
// queued for delivery, all in one critical section of one lock. Whichever thread then finds no
// delivery in progress delivers the queue, in order, without holding the lock. So combinations
// reach downstream in the order the state changed (a late sender never delivers a stale
// combination after a newer one), never two at once, and a value sent from inside downstream
// (reentrancy) is queued behind the current delivery instead of deadlocking.

/// Whether a combining run keeps the latest value of each source or queues them for pairing.
@usableFromInline
enum CombiningMode: Sendable {
    /// `combineLatest`: a combination of the latest values each time any source sends, once
    /// every source has sent.
    case latest
    /// `zip`: the n-th values of every source, once each source has sent its n-th value.
    case zip
}

/// How one source joins a run: observing a signal, or starting a producer.
@usableFromInline
struct CombiningSource<Value, Error: Swift.Error> {
    /// Delivers the source's events to the observer, tying the observation to the lifetime.
    @usableFromInline let attach: (Signal<Value, Error>.Observer, Lifetime) -> Void

    /// A source observing `signal`.
    @inlinable
    init(_ signal: Signal<Value, Error>) {
        attach = { observer, lifetime in lifetime += signal.observe(observer) }
    }

    /// A source starting `producer`; its run joins the lifetime before its first event, so
    /// that ending the result stops even an endless synchronous producer.
    @inlinable
    init(_ producer: SignalProducer<Value, Error>) {
        let run = producer.startRun
        attach = { observer, lifetime in
            _ = run { handle in
                lifetime += handle
                return observer
            }
        }
    }
}

/// The storage of one source's values; touched only under the run's lock.
@usableFromInline
struct CombiningSlotStorage<Value> {
    /// The latest value (`.latest` mode).
    @usableFromInline var latest: Value?
    /// The values not yet paired (`.zip` mode).
    @usableFromInline var queue = FIFOBuffer<Value>()

    @inlinable
    init() {}
}

/// One source's slot in a run: `put` stores a value, `take` reads the one the next combination
/// uses. Called only under the run's lock.
@usableFromInline
struct CombiningSlot<Value> {
    @usableFromInline let storage = RunState.make(CombiningSlotStorage<Value>())
    @usableFromInline let zipping: Bool

    @inlinable
    init(zipping: Bool) {
        self.zipping = zipping
    }

    /// Stores `value`; returns the value it replaces, to be released once the lock is dropped
    /// (its deinitialization may run user code).
    @inlinable
    func put(_ value: Value) -> Value? {
        storage.update { slot in
            if zipping {
                slot.queue.append(value)
                return nil
            }
            let previous = slot.latest
            slot.latest = value
            return previous
        }
    }

    /// The value for the next combination: the latest one, or the oldest unpaired one, which
    /// leaves the queue.
    ///
    /// - Precondition: the run counted a value in this slot.
    @inlinable
    func take() -> Value {
        storage.update { slot in
            guard zipping else { return slot.latest! }
            return slot.queue.popFirst()!
        }
    }
}

/// The sources of one run, collected before it starts: each `add` gives the slot a combination
/// reads from, and remembers how to attach the source once the run exists.
@usableFromInline
struct CombiningWiring<Output, Error: Swift.Error> {
    @usableFromInline let zipping: Bool
    @usableFromInline var attachments: [(CombiningRun<Output, Error>, Lifetime) -> Void] = []

    @inlinable
    init(zipping: Bool) {
        self.zipping = zipping
    }

    /// Adds `source` as the next source; returns its slot.
    @inlinable
    mutating func add<Value>(_ source: CombiningSource<Value, Error>) -> CombiningSlot<Value> {
        let slot = CombiningSlot<Value>(zipping: zipping)
        let index = attachments.count
        attachments.append { run, lifetime in
            source.attach(run.observer(at: index, slot), lifetime)
        }
        return slot
    }
}

/// How a combining stream starts: the body of `Signal { observer, lifetime in ... }` or of
/// `SignalProducer { observer, lifetime in ... }`, so both are built from the same function.
@usableFromInline
typealias CombiningGenerator<Output, Error: Swift.Error> = (Signal<Output, Error>.Observer, Lifetime) -> Void

/// The namespace of the combining wiring: `generator` builds a run for any sources, and the
/// arity overloads in `Combining+Arities.generated.swift` read their slots into tuples.
@usableFromInline
enum Combining {
    /// A generator that wires the sources with `wire`, which adds each source and returns the
    /// function building a combination from their slots, then starts them in order.
    ///
    /// With no source at all, the stream sends `emptySentinel` if there is one, and completes.
    @inlinable
    static func generator<Output, Error>(
        _ mode: CombiningMode,
        emptySentinel: Output? = nil,
        _ wire: @escaping (inout CombiningWiring<Output, Error>) -> () -> Output
    ) -> CombiningGenerator<Output, Error> {
        return { observer, lifetime in
            var wiring = CombiningWiring<Output, Error>(zipping: mode == .zip)
            let build = wire(&wiring)
            guard !wiring.attachments.isEmpty else {
                if let emptySentinel { observer.send(value: emptySentinel) }
                observer.sendCompleted()
                return
            }
            let run = CombiningRun(sourceCount: wiring.attachments.count, zipping: wiring.zipping,
                                   downstream: observer, build: build)
            for attach in wiring.attachments {
                // A source that ended the run already (it failed, or completed empty) leaves
                // nothing to combine: the others are not started.
                guard !lifetime.hasEnded else { return }
                attach(run, lifetime)
            }
        }
    }

    /// A generator combining the sources of a sequence into arrays, in the sequence's order.
    @inlinable
    static func array<Value, Error>(
        _ mode: CombiningMode,
        _ sources: [CombiningSource<Value, Error>],
        emptySentinel: [Value]? = nil
    ) -> CombiningGenerator<[Value], Error> {
        generator(mode, emptySentinel: emptySentinel) { wiring in
            let slots = sources.map { wiring.add($0) }
            return { slots.map { $0.take() } }
        }
    }
}

/// One run of `combineLatest` or `zip` over any number of sources.
///
/// The counting state and the delivery queue are behind one lock; the values are in the slots,
/// touched under that same lock. Downstream is called only by the thread that found no delivery
/// in progress, never with the lock held.
@usableFromInline
final class CombiningRun<Output, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline typealias Event = Signal<Output, Error>.Event

    /// What the run knows of one source.
    @usableFromInline
    struct Source {
        /// Values held: 0 or 1 in `.latest` mode (whether it has sent), the queue length in
        /// `.zip` mode.
        @usableFromInline var held = 0
        @usableFromInline var completed = false

        @inlinable init() {}
    }

    @usableFromInline
    struct State {
        @usableFromInline var sources: ContiguousArray<Source>
        /// Sources holding no value: a combination is made when this reaches zero.
        @usableFromInline var waiting: Int
        /// Sources not completed.
        @usableFromInline var running: Int
        /// A terminal event has been queued: nothing more is accepted.
        @usableFromInline var finished = false
        /// The events to deliver, and which thread delivers them.
        @usableFromInline var outbox: DeliveryQueue<Event>

        @inlinable
        init(sourceCount: Int, gate: DeliveryGate) {
            sources = ContiguousArray(repeating: Source(), count: sourceCount)
            waiting = sourceCount
            running = sourceCount
            outbox = DeliveryQueue(gate: gate)
        }

        /// Hands `event` to the caller to deliver if no delivery is in progress (the caller
        /// becomes the deliverer), or queues it behind the current delivery.
        @inlinable
        mutating func post(_ event: Event) -> Event? {
            outbox.post(event)
        }

        /// Queues the terminal event; nothing is accepted afterwards.
        @inlinable
        mutating func finish(_ event: Event) -> Event? {
            finished = true
            return post(event)
        }

        /// Counts a value stored in source `index`'s slot; queues the combination it completes,
        /// if any, and the completion of a zip whose completed source has nothing left.
        @inlinable
        mutating func valueStored(at index: Int, zipping: Bool, build: () -> Output) -> Event? {
            if sources[index].held == 0 { waiting -= 1 }
            sources[index].held = zipping ? sources[index].held + 1 : 1
            guard waiting == 0 else { return nil }
            let first = post(.value(build()))
            guard zipping else { return first }
            var exhausted = false
            for i in sources.indices {
                sources[i].held -= 1
                if sources[i].held == 0 {
                    waiting += 1
                    if sources[i].completed { exhausted = true }
                }
            }
            if exhausted { _ = finish(.completed) }
            return first
        }

        /// Counts the completion of source `index`; queues the completion of the result when it
        /// is due.
        @inlinable
        mutating func sourceCompleted(at index: Int, zipping: Bool) -> Event? {
            guard !sources[index].completed else { return nil }
            sources[index].completed = true
            running -= 1
            // zip: a source that completes holding nothing can never give another pair.
            // combineLatest completes only when every source has, as ReactiveSwift's does, even
            // when one completed without a value (no combination can come then, but a later
            // failure of another source still fails the result).
            let due = zipping ? sources[index].held == 0 : running == 0
            return due ? finish(.completed) : nil
        }
    }

    @usableFromInline let zipping: Bool
    @usableFromInline let downstream: Signal<Output, Error>.Observer
    /// Reads the slots into a combination; called under the lock.
    @usableFromInline let build: () -> Output
    @usableFromInline let state: Locked<State>
    /// The gate `state` also holds, reached here without the lock.
    @usableFromInline let gate: DeliveryGate

    @inlinable
    init(sourceCount: Int, zipping: Bool, downstream: Signal<Output, Error>.Observer, build: @escaping () -> Output) {
        self.zipping = zipping
        self.downstream = downstream
        self.build = build
        let gate = DeliveryGate()
        self.gate = gate
        state = Locked(State(sourceCount: sourceCount, gate: gate))
    }

    /// The observer of source `index`, storing its values in `slot`.
    @inlinable
    func observer<Value>(at index: Int, _ slot: CombiningSlot<Value>) -> Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { event in
            switch event {
            case let .value(value): self.receive(at: index) { slot.put(value) }
            case .completed: self.update { $0.sourceCompleted(at: index, zipping: self.zipping) }
            case let .failed(error): self.update { $0.finish(.failed(error)) }
            case .interrupted: self.update { $0.finish(.interrupted) }
            }
        }
    }

    /// Stores a value of source `index` with `store` and delivers what it leads to.
    @inlinable
    func receive<Value>(at index: Int, _ store: () -> Value?) {
        let (event, replaced) = state.withLock { state -> (Event?, Value?) in
            guard !state.finished else { return (nil, nil) }
            let replaced = store()
            return (state.valueStored(at: index, zipping: zipping, build: build), replaced)
        }
        withExtendedLifetime(replaced) {}
        if let event { deliver(from: event) }
    }

    /// Updates the state with `change` and delivers what it queued, if this thread is to.
    @inlinable
    func update(_ change: (inout State) -> Event?) {
        let event = state.withLock { state -> Event? in
            guard !state.finished else { return nil }
            return change(&state)
        }
        if let event { deliver(from: event) }
    }

    /// Delivers `first`, then whatever was queued meanwhile, until the queue is empty. Runs on
    /// the one thread that found no delivery in progress, without holding the lock.
    /// When nothing was queued meanwhile, it leaves with one compare-and-exchange on the gate
    /// instead of a trip through the lock.
    @inlinable
    func deliver(from first: Event) {
        var event = first
        while true {
            downstream.send(event)
            if gate.leave() { return }
            event = state.withLock { $0.outbox.next() }
        }
    }
}
