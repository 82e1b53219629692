// throttle(while:on:): values held back while a property is true, the latest released when it
// turns false.

/// One run of ``Operators/throttle(while:on:)``. The property's changes and the upstream events
/// go through one ``Serializer``, so the fields below are touched only by its drainer, and the
/// deliveries are scheduled in the order the drainer decides them.
@usableFromInline
final class ThrottleWhileRun<Value, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    enum Input {
        case shouldThrottle(Bool)
        case event(Signal<Value, Error>.Event)
    }

    @usableFromInline let serializer = Serializer<Input>()
    @usableFromInline let downstream: Signal<Value, Error>.Observer
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let actions: ScheduledActions

    // Drainer-only state.
    @usableFromInline var isThrottling: Bool?
    @usableFromInline var held: Value?
    @usableFromInline var isTerminated = false

    @inlinable
    init(downstream: Signal<Value, Error>.Observer, lifetime: Lifetime, scheduler: Scheduler) {
        self.downstream = downstream
        self.scheduler = scheduler
        actions = ScheduledActions(until: lifetime)
    }

    @inlinable
    func submit(_ input: Input) {
        serializer.submit(input) { self.handle($0) }
    }

    @inlinable
    func handle(_ input: Input) {
        guard !isTerminated else { return }
        switch input {
        case let .shouldThrottle(throttle):
            guard throttle != isThrottling else { return }
            isThrottling = throttle
            if !throttle, let value = held {
                held = nil
                deliver(.value(value))
            }
        case let .event(.value(value)):
            if isThrottling == true {
                held = value
            } else {
                deliver(.value(value))
            }
        case let .event(terminal):
            isTerminated = true
            held = nil
            deliver(terminal)
        }
    }

    @inlinable
    func deliver(_ event: Signal<Value, Error>.Event) {
        let downstream = self.downstream
        actions.schedule(on: scheduler) { downstream.send(event) }
    }
}

extension Operators {
    /// Forwards values while `shouldThrottle` is false; while it is true, holds the latest value
    /// and delivers it when the property turns false.
    @inlinable
    static func throttle<Value, Error, P: PropertyProtocol>(
        while shouldThrottle: P, on scheduler: Scheduler
    ) -> SerializedOperator<Value, Error, Value, Error> where P.Value == Bool {
        let changes = shouldThrottle.producer
        return { downstream, lifetime in
            let run = ThrottleWhileRun<Value, Error>(downstream: downstream, lifetime: lifetime, scheduler: scheduler)
            // The property first: its current value decides what happens to the first value.
            lifetime += changes.start { event in
                if case let .value(throttle) = event { run.submit(.shouldThrottle(throttle)) }
            }
            return Signal<Value, Error>.Observer { event in run.submit(.event(event)) }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Holds values back while `shouldThrottle` is `true`, and releases the latest one when it
    /// becomes `false`.
    ///
    /// - Values: while `shouldThrottle.value` is `false`, each is delivered on `scheduler`, in
    ///   order. While it is `true`, the latest value is held (replacing any held before) and
    ///   delivered when the property turns `false`.
    /// - Errors, completion and interruption: delivered on `scheduler`, after the values already
    ///   on their way; a value still held is dropped.
    /// - Property: observed from the moment the returned signal is created; its current value
    ///   applies to the first value. Repeated identical values are ignored; its completion
    ///   leaves the last state in force.
    /// - Scheduler: values and terminal events are delivered on `scheduler`.
    /// - Disposal: when the returned signal ends, it stops observing the property and cancels
    ///   deliveries still waiting on the scheduler.
    ///
    /// - Parameters:
    ///   - shouldThrottle: Whether values are held back at the moment.
    ///   - scheduler: The scheduler to deliver on.
    /// - Returns: A signal of the values let through.
    @inlinable
    public func throttle<P: PropertyProtocol>(while shouldThrottle: P, on scheduler: Scheduler) -> Signal<Value, Error>
    where P.Value == Bool {
        liftScheduled(on: scheduler, Operators.throttle(while: shouldThrottle, on: scheduler))
    }
}
