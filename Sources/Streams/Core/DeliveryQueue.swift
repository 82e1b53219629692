import Synchronization

/// The events an operator with its state behind a lock has to deliver, and which thread
/// delivers them.
///
/// An event is posted under the operator's lock, in the order the state changed. The thread that
/// posts while no delivery is in progress gets the event back and delivers it, without the lock;
/// events posted meanwhile (by other threads, or from inside the delivery) are queued, and the
/// deliverer takes them, in order, once it is done with its own. So deliveries never overlap,
/// keep the order of the state changes, and a reentrant post is queued instead of deadlocking.
///
/// The deliverer leaves through the gate: when nothing was queued meanwhile, one
/// compare-and-exchange and no lock (``DeliveryGate/leave()``); otherwise it takes the next
/// event under the lock (``next()``).
///
/// It is shared by `combineLatest` and `zip` (`CombiningRun`), by properties (``PropertyCore``:
/// changes, new subscribers and the end, in one order) and, behind a lock of its own, by
/// ``Serializer``, which the flattening and sequencing engines, the multicast core and other
/// operators with several inputs use.
@usableFromInline
struct DeliveryQueue<Item> {
    /// Whether a thread is delivering, and whether `waiting` holds items for it.
    @usableFromInline let gate: DeliveryGate
    /// Items posted during the current delivery.
    @usableFromInline var waiting = FIFOBuffer<Item>()

    /// An empty queue with its gate; the operator keeps the gate too, to leave without the lock.
    @inlinable
    init(gate: DeliveryGate) {
        self.gate = gate
    }

    /// Posts `item`: returns it if the caller is to deliver it (no delivery was in progress),
    /// or queues it behind the current delivery and returns `nil`. Called under the lock.
    @inlinable
    mutating func post(_ item: Item) -> Item? {
        claimOrQueue(item) ? item : nil
    }

    /// What ``post(_:)`` does, building the item only if it is queued: returns `true` if the
    /// caller is to deliver it (no delivery was in progress). Called under the lock.
    @inlinable
    mutating func claimOrQueue(_ item: @autoclosure () -> Item) -> Bool {
        if gate.claimOrMarkQueued(claimAs: DeliveryGate.delivering) { return true }
        waiting.append(item())
        return false
    }

    /// Queues `item` and returns whether the caller is to deliver the queue (no delivery was in
    /// progress); the caller then takes the items with ``next()`` until ``DeliveryGate/leave()``
    /// succeeds. Called under the lock.
    @inlinable
    mutating func enqueue(_ item: Item) -> Bool {
        waiting.append(item)
        return gate.claimOrMarkQueued(claimAs: DeliveryGate.deliveringWithQueue)
    }

    /// Makes the caller the deliverer if no delivery is in progress, without queueing anything;
    /// returns whether it did. Called under the lock.
    @inlinable
    func acquire() -> Bool {
        guard gate.state.load(ordering: .acquiring) == DeliveryGate.idle else { return false }
        gate.state.store(DeliveryGate.delivering, ordering: .relaxed)
        return true
    }

    /// The next queued item. Called under the lock by the deliverer, when ``DeliveryGate/leave()``
    /// has said items are queued.
    @inlinable
    mutating func next() -> Item {
        // The queue lets go of a taken item at once, so that it is released by the deliverer
        // once delivered, not later under the lock.
        guard let item = waiting.popFirst() else {
            preconditionFailure("DeliveryQueue: internal error, the gate says items are queued but none is")
        }
        if waiting.isEmpty { gate.state.store(DeliveryGate.delivering, ordering: .relaxed) }
        return item
    }
}

/// The state of a ``DeliveryQueue``, readable without the operator's lock.
@usableFromInline
final class DeliveryGate: Sendable {
    /// No thread is delivering.
    @usableFromInline static var idle: Int { 0 }
    /// A thread is delivering and nothing is queued for it.
    @usableFromInline static var delivering: Int { 1 }
    /// A thread is delivering and items are queued for it.
    @usableFromInline static var deliveringWithQueue: Int { 2 }

    /// Moves out of `idle` and into `deliveringWithQueue` only under the operator's lock, as the
    /// queue changes; back to `delivering` under the lock when the deliverer empties the queue;
    /// and from `delivering` to `idle` by the deliverer, without the lock.
    @usableFromInline let state = Synchronization.Atomic<Int>(0)

    @inlinable init() {}

    /// When no thread is delivering, moves the gate to `claimAs` and returns `true`: the caller
    /// delivers. Otherwise records that items are queued for the deliverer and returns `false`.
    /// Called under the operator's lock, by a thread about to queue an item (or, with `true`, to
    /// deliver one).
    @inlinable
    func claimOrMarkQueued(claimAs claimed: Int) -> Bool {
        var current = state.load(ordering: .acquiring)
        while true {
            switch current {
            case Self.idle:
                // Only a thread holding the lock moves the gate out of idle.
                state.store(claimed, ordering: .relaxed)
                return true
            case Self.delivering:
                // The deliverer may be leaving (delivering → idle) at this very moment.
                let (exchanged, original) = state.compareExchange(
                    expected: Self.delivering, desired: Self.deliveringWithQueue, ordering: .acquiringAndReleasing)
                if exchanged { return false }
                current = original
            default:
                return false
            }
        }
    }

    /// Whether items are queued for the thread delivering: then ``leave()`` would fail. One
    /// load, cheaper than the compare-and-exchange of a `leave()` bound to fail.
    @inlinable
    var hasQueue: Bool {
        state.load(ordering: .acquiring) == Self.deliveringWithQueue
    }

    /// Ends the caller's delivery if nothing was queued during it, and returns `true`; returns
    /// `false` if items are queued, which the caller takes with ``DeliveryQueue/next()``.
    @inlinable
    func leave() -> Bool {
        state.compareExchange(expected: Self.delivering, desired: Self.idle, ordering: .acquiringAndReleasing)
            .exchanged
    }
}
