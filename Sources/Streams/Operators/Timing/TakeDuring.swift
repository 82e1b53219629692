// take(during:): a stream that completes when a lifetime ends.

extension Operators {
    /// Forwards every event, and completes when `lifetime` ends; is interrupted at once if it
    /// has already ended.
    @inlinable
    static func take<Value, Error>(during lifetime: Lifetime) -> SerializedOperator<Value, Error, Value, Error> {
        return { downstream, outputLifetime in
            // A lifetime that has already ended gives a stream that has ended before anyone
            // observes it: `interrupted`, as in ReactiveSwift.
            if lifetime.hasEnded {
                downstream.sendInterrupted()
                return downstream
            }
            // Tied to the output, so that a long-lived lifetime does not keep ended streams.
            outputLifetime += lifetime.observeEnded { downstream.sendCompleted() }
            return downstream
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Forwards events until `lifetime` ends, then completes.
    ///
    /// - Values, errors, completion and interruption: forwarded unchanged until the lifetime
    ///   ends.
    /// - Lifetime: when it ends, the returned signal completes, on the thread that ended it, and
    ///   stops observing this signal. If it has already ended, the returned signal has ended
    ///   before anyone can observe it: observers receive `interrupted`, as in ReactiveSwift.
    /// - Scheduler: none; events are delivered where this signal sends them.
    ///
    /// ```swift
    /// // Stops updating the view once the view controller is gone.
    /// model.changes.take(during: viewController.lifetime).observeValues(render)
    /// ```
    ///
    /// - Parameter lifetime: The lifetime bounding the returned signal.
    /// - Returns: A signal of this signal's events during `lifetime`.
    @inlinable
    public func take(during lifetime: Lifetime) -> Signal<Value, Error> {
        liftSerialized(Operators.take(during: lifetime))
    }
}
