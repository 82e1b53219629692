// observe(on:): every event delivered on a scheduler, in order.

extension Operators {
    /// Schedules the delivery of every event on `scheduler`, one action per event.
    ///
    /// The upstream calls the operator serially, so the actions are scheduled in event order and
    /// a scheduler, which runs its actions in order, delivers them in order. On a
    /// ``QueueScheduler`` the events wait in a ``QueueHop`` and each queue item delivers the
    /// oldest, which is the same order at less cost.
    @inlinable
    static func observe<Value, Error>(on scheduler: Scheduler) -> SerializedOperator<Value, Error, Value, Error> {
        if let queueScheduler = scheduler as? QueueScheduler {
            return { downstream, lifetime in
                let hop = QueueHop(to: downstream, on: queueScheduler, until: lifetime)
                return Signal<Value, Error>.Observer { event in hop.send(event) }
            }
        }
        return { downstream, lifetime in
            let actions = ScheduledActions(until: lifetime)
            return Signal<Value, Error>.Observer { event in
                actions.schedule(on: scheduler) { downstream.send(event) }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Delivers every event on `scheduler`.
    ///
    /// - Values, errors, completion and interruption: each is forwarded unchanged, in the order
    ///   this signal sent it, from an action scheduled on `scheduler` as soon as the event
    ///   arrives. A terminal event is delivered after the values sent before it.
    /// - Scheduler: everything is delivered on `scheduler`.
    /// - Disposal: when the returned signal ends, events still waiting on the scheduler are
    ///   cancelled.
    ///
    /// ```swift
    /// let (numbers, input) = Signal<Int, Never>.pipe()
    /// numbers.observe(on: QueueScheduler.main).observeValues { print($0) }   // on the main queue
    /// input.send(value: 1)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to deliver on.
    /// - Returns: A signal sending this signal's events on `scheduler`.
    @inlinable
    public func observe(on scheduler: Scheduler) -> Signal<Value, Error> {
        liftScheduled(on: scheduler, Operators.observe(on: scheduler))
    }
}
