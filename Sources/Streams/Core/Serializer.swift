/// Runs work items one at a time, in submission order, without holding a lock while they run.
///
/// Operators with several inputs (zip, concatenation) submit every input event here; whichever
/// thread finds the serializer idle becomes its drainer and processes items until none is left,
/// while other threads only enqueue and return. An item submitted from inside the processing of
/// another (a synchronous inner stream, a reentrant send) is queued and processed after it, by
/// the same loop: the stack does not grow and the order is kept. The state an operator keeps is
/// touched only by the drainer, so it needs no lock of its own.
///
/// It is a ``DeliveryQueue`` behind its own lock: the drainer leaves through the queue's gate,
/// with one compare-and-exchange, once nothing is left.
@usableFromInline
final class Serializer<Item>: @unchecked Sendable {
    @usableFromInline let gate = DeliveryGate()
    @usableFromInline let queue: Locked<DeliveryQueue<Item>>

    @inlinable
    init() {
        queue = Locked(DeliveryQueue(gate: gate))
    }

    /// Enqueues `item`. If no thread is processing, the caller becomes the drainer and calls
    /// `process` with this item and everything submitted meanwhile, in order.
    @inlinable
    func submit(_ item: Item, _ process: (Item) -> Void) {
        guard enqueue(item) else { return }
        drain(process)
    }

    /// Enqueues `item` and returns whether the caller became the drainer. A drainer must call
    /// ``drain(_:)``, now or later: until it does, other submitters only enqueue. Splitting
    /// ``submit(_:_:)`` in two lets an operator postpone its drain (see `SequencingTrampoline`).
    @inlinable
    func enqueue(_ item: Item) -> Bool {
        queue.withLock { $0.enqueue(item) }
    }

    /// Makes the caller the drainer if no thread is processing, without queueing anything;
    /// returns whether it did. A caller that became the drainer must call ``drain(_:)``.
    @inlinable
    func tryAcquire() -> Bool {
        queue.withLock { $0.acquire() }
    }

    /// Processes the queued items in order, including those submitted meanwhile, until none is
    /// left. Only the drainer chosen by ``enqueue(_:)`` calls it, once per time it was chosen.
    @inlinable
    func drain(_ process: (Item) -> Void) {
        while gate.hasQueue || !gate.leave() {
            process(queue.withLock { $0.next() })
        }
    }
}
