// take(until:) and skip(until:) with a trigger stream.

extension Signal {
    /// Forwards events until `trigger` sends a value or completes; then completes.
    ///
    /// - Values, errors, completion and interruption of this signal: forwarded until the
    ///   trigger fires.
    /// - Trigger: its first value or its completion completes the result, which stops observing
    ///   both; its interruption is ignored (the result goes on).
    /// - Scheduler: none; events are delivered where this signal or the trigger delivers them,
    ///   one at a time.
    ///
    /// - Parameter trigger: The signal whose first value or completion ends the result.
    /// - Returns: A signal of this signal's events up to the trigger.
    public func take(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            lifetime += trigger.observe { event in
                switch event {
                case .value, .completed: observer.sendCompleted()
                case .interrupted: break
                }
            }
            lifetime += self.observe(observer)
        }
    }

    /// Ignores this signal until `trigger` sends a value or completes; then forwards every event.
    ///
    /// - Before the trigger fires, this signal is not observed at all: its values and its
    ///   terminal event are not seen.
    /// - Trigger: its first value or its completion starts the forwarding. If it is interrupted
    ///   first, it can never fire: it releases its observer, which held the result's only input,
    ///   so the result is interrupted (as in ReactiveSwift).
    /// - Scheduler: none; events are delivered where this signal delivers them.
    ///
    /// - Parameter trigger: The signal whose first value or completion starts the forwarding.
    /// - Returns: A signal of this signal's events after the trigger.
    public func skip(until trigger: Signal<(), Never>) -> Signal<Value, Error> {
        Signal { observer, lifetime in
            let observation = SerialDisposable()
            lifetime += observation
            observation.inner = trigger.observe { event in
                switch event {
                case .value, .completed:
                    // Replacing the trigger's observation disposes it; the trigger's remaining
                    // events are no longer seen.
                    if !lifetime.hasEnded { observation.inner = self.observe(observer) }
                case .interrupted:
                    // Nothing: the trigger then releases this closure, the last holder of
                    // `observer`, whose release interrupts the result.
                    break
                }
            }
        }
    }
}

extension SignalProducer {
    /// Forwards each run's events until `trigger` sends a value or completes; then completes.
    ///
    /// Each run starts the trigger first, then this producer. The trigger's first value or its
    /// completion completes the run and interrupts both; its interruption is ignored.
    ///
    /// - Scheduler: none; events are delivered where this producer or the trigger delivers them,
    ///   one at a time.
    ///
    /// - Parameter trigger: The producer whose first value or completion ends the run.
    /// - Returns: A producer of this producer's events up to the trigger.
    public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
        let take: (Signal<Value, Error>) -> (Signal<(), Never>) -> Signal<Value, Error> = { signal in
            { trigger in signal.take(until: trigger) }
        }
        return lift(take)(trigger)
    }

    /// Forwards each run's events until `trigger` sends a value or completes; then completes.
    ///
    /// - Parameter trigger: Anything that gives the producer whose first value or completion
    ///   ends the run.
    /// - Returns: A producer of this producer's events up to the trigger.
    public func take<Trigger: SignalProducerConvertible>(until trigger: Trigger) -> SignalProducer<Value, Error>
    where Trigger.Value == (), Trigger.Error == Never {
        take(until: trigger.producer)
    }

    /// Ignores each run's events until `trigger` sends a value or completes; then forwards
    /// every event.
    ///
    /// Each run starts the trigger first, then this producer; events of this producer before
    /// the trigger fires are dropped (a terminal event among them is not seen either, and the
    /// run then waits for the trigger or for disposal). A trigger interrupted before firing
    /// interrupts the run.
    ///
    /// - Scheduler: none; events are delivered where this producer delivers them.
    ///
    /// - Parameter trigger: The producer whose first value or completion starts the forwarding.
    /// - Returns: A producer of this producer's events after the trigger.
    public func skip(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
        let skip: (Signal<Value, Error>) -> (Signal<(), Never>) -> Signal<Value, Error> = { signal in
            { trigger in signal.skip(until: trigger) }
        }
        return lift(skip)(trigger)
    }

    /// Ignores each run's events until `trigger` sends a value or completes; then forwards
    /// every event.
    ///
    /// - Parameter trigger: Anything that gives the producer whose first value or completion
    ///   starts the forwarding.
    /// - Returns: A producer of this producer's events after the trigger.
    public func skip<Trigger: SignalProducerConvertible>(until trigger: Trigger) -> SignalProducer<Value, Error>
    where Trigger.Value == (), Trigger.Error == Never {
        skip(until: trigger.producer)
    }
}
