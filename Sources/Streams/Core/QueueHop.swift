import Dispatch

/// The hand-off of `observe(on:)` to a ``QueueScheduler``: the events sent and not yet delivered,
/// in order, and the observer they go to.
///
/// The sender appends each event and enqueues one item for it on the scheduler's serial queue;
/// each item the queue runs takes the oldest event and delivers it. Items run in the order they
/// were enqueued, so the item enqueued for an event delivers that event, at the same place in the
/// queue as ReactiveSwift's one action per event: work that other code enqueues between two
/// events still runs between them.
///
/// What this saves over scheduling a cancellable action per event (``ScheduledActions``): the
/// cancellable wrapper, the closure per event, and the table of pending actions, a lock trip
/// and an entry per event. Cancellation needs none of them: when the output ends, ``end()``
/// drops the waiting events and the observer at once, and the items still on the queue find
/// nothing to deliver.
@usableFromInline
final class QueueHop<Value, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    struct State {
        /// The events sent and not yet taken, oldest first.
        @usableFromInline var events = FIFOBuffer<Signal<Value, Error>.Event>()
        /// Where events go; `nil` once the output has ended.
        @usableFromInline var downstream: Signal<Value, Error>.Observer?

        @inlinable
        init(downstream: Signal<Value, Error>.Observer) {
            self.downstream = downstream
        }
    }

    @usableFromInline let state: Locked<State>
    @usableFromInline let queue: DispatchQueue

    /// Creates the hand-off of one run to `scheduler`'s queue, which ends when `lifetime` does.
    @inlinable
    init(to downstream: Signal<Value, Error>.Observer, on scheduler: QueueScheduler, until lifetime: Lifetime) {
        state = Locked(State(downstream: downstream))
        queue = scheduler.queue
        // Weak: the items on the queue keep this object alive, and the lifetime must not.
        lifetime.observeEnded { [weak self] in self?.end() }
    }

    /// Hands `event` to the queue, unless the output has ended. Called serially, by the upstream.
    @inlinable
    func send(_ event: Signal<Value, Error>.Event) {
        let accepted = state.withLock { state -> Bool in
            guard state.downstream != nil else { return false }
            state.events.append(event)
            return true
        }
        if accepted { queue.async { self.deliver() } }
    }

    /// Delivers the oldest event waiting, if any: run by the queue, once per event sent.
    @inlinable
    func deliver() {
        let next = state.withLock { state -> (Signal<Value, Error>.Observer, Signal<Value, Error>.Event)? in
            guard let downstream = state.downstream, let event = state.events.popFirst() else { return nil }
            return (downstream, event)
        }
        if let (downstream, event) = next { downstream.send(event) }
    }

    /// Drops the events waiting and the observer; the items still on the queue do nothing.
    @inlinable
    func end() {
        let dropped = state.withLock { state -> (FIFOBuffer<Signal<Value, Error>.Event>, Signal<Value, Error>.Observer?) in
            defer {
                state.events = FIFOBuffer()
                state.downstream = nil
            }
            return (state.events, state.downstream)
        }
        // Released here, after the lock.
        withExtendedLifetime(dropped) {}
    }
}
