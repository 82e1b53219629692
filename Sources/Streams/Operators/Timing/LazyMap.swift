// lazyMap(on:transform:): the latest value transformed on a scheduler, when it gets to it.

/// The state of one run of ``Operators/lazyMap(on:transform:)``.
@usableFromInline
struct LazyMapState<Value> {
    /// The latest value, waiting for the scheduler.
    @usableFromInline var pending: Value?
    /// The scheduled transformation of `pending`.
    @usableFromInline var pendingAction: ScheduledActions.ID?

    @inlinable
    init() {}
}

extension Operators {
    /// Keeps the latest value and transforms it on `scheduler`; a value replaced before the
    /// scheduler gets to it is never transformed.
    @inlinable
    static func lazyMap<Value, Error, U>(
        on scheduler: Scheduler, transform: @escaping (Value) -> U
    ) -> SerializedOperator<Value, Error, U, Error> {
        return { downstream, lifetime in
            let run = TimingState(LazyMapState<Value>(), until: lifetime)
            let send: (Value) -> Void = { downstream.send(value: transform($0)) }
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    // One critical section: replace the waiting value, or reserve the
                    // transformation of this one when none waits. The value replaced is released
                    // after the lock, since its deinitializer may take locks of its own.
                    let (id, replaced) = run.withLock { storage -> (ScheduledActions.ID?, Value?) in
                        let replaced = storage.state.pending
                        storage.state.pending = value
                        guard replaced == nil else { return (nil, replaced) }
                        storage.state.pendingAction = storage.reserve()
                        return (storage.state.pendingAction, nil)
                    }
                    withExtendedLifetime(replaced) {}
                    run.launch(id, on: scheduler, take: { state -> Value? in
                        defer {
                            state.pending = nil
                            state.pendingAction = nil
                        }
                        return state.pending
                    }, deliver: send)
                case .completed:
                    // After the pending transformation, which was scheduled first.
                    let id = run.withLock { $0.reserve() }
                    run.launch(id, on: scheduler) { downstream.sendCompleted() }
                case let .failed(error):
                    let id = run.withLock { $0.reserve() }
                    run.launch(id, on: scheduler) { downstream.send(error: error) }
                case .interrupted:
                    let (dropped, id, droppedValue) = run.withLock { storage in
                        let droppedValue = storage.state.pending
                        storage.state.pending = nil
                        defer { storage.state.pendingAction = nil }
                        return (storage.cancel(storage.state.pendingAction), storage.reserve(), droppedValue)
                    }
                    withExtendedLifetime(droppedValue) {}
                    dropped?.dispose()
                    run.launch(id, on: scheduler) { downstream.sendInterrupted() }
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Transforms values on `scheduler`, only the latest one each time the scheduler gets to it.
    ///
    /// Use it for an expensive transformation whose intermediate results nobody needs: values
    /// that arrive while one is waiting for the scheduler replace it, and only the value the
    /// scheduler finds is transformed.
    ///
    /// - Values: the latest is transformed with `transform` on `scheduler` and delivered there;
    ///   values replaced before that are never transformed.
    /// - Completion and errors: delivered on `scheduler` after the value waiting, if any.
    /// - Interruption: delivered on `scheduler`; the value waiting is dropped.
    /// - Scheduler: `transform` runs, and everything is delivered, on `scheduler`.
    /// - Disposal: when the returned signal ends, the waiting transformation is cancelled.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler to transform and deliver on.
    ///   - transform: Called on `scheduler` with the latest value.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func lazyMap<U>(on scheduler: Scheduler, transform: @escaping (Value) -> U) -> Signal<U, Error> {
        liftScheduled(on: scheduler, Operators.lazyMap(on: scheduler, transform: transform))
    }
}
