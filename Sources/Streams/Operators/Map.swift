// map, its key-path and constant forms, and mapError.

extension Operators {
    /// Sends `transform(value)` for each value; terminal events pass through.
    @inlinable
    static func map<Value, Error, U>(
        _ transform: @escaping (Value) -> U
    ) -> FusedOperator<Value, Error, U, Error> {
        return { downstream, _ in
            // One closure per kind of downstream observer, so that the kind is not checked per
            // value (see `Signal.Observer.delivery`).
            switch downstream.delivery {
            case let .valuesOnly(values):
                return Signal<Value, Error>.Observer { event in
                    if case let .value(value) = event { values.send(value: transform(value)) }
                }
            case let .events(events):
                return Signal<Value, Error>.Observer { event in
                    if case let .value(value) = event {
                        events.send(value: transform(value))
                    } else {
                        event.forwardTermination(to: events.observer)
                    }
                }
            }
        }
    }

    /// The values-only form of ``map(_:)``.
    @inlinable
    static func mapValues<Value, U>(_ transform: @escaping (Value) -> U) -> FusedValuesOperator<Value, U> {
        return { value, downstream in downstream(transform(value)) }
    }

    /// Sends values unchanged and `transform(error)` instead of an error.
    @inlinable
    static func mapError<Value, Error, F>(
        _ transform: @escaping (Error) -> F
    ) -> FusedOperator<Value, Error, Value, F> {
        return { downstream, _ in
            Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: value)
                case let .failed(error): downstream.send(error: transform(error))
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Transforms each value with `transform`.
    ///
    /// - Values: each is replaced by `transform(value)`, on the thread that sent it.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// ```swift
    /// let (numbers, input) = Signal<Int, Never>.pipe()
    /// numbers.map { $0 * 10 }.observeValues { print($0) }
    /// input.send(value: 1)
    /// // Prints: 10
    /// ```
    ///
    /// - Parameter transform: Called once per value.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func map<U>(_ transform: @escaping (Value) -> U) -> Signal<U, Error> {
        liftFused(Operators.map(transform), values: Operators.mapValues(transform))
    }

    /// Replaces every value by `value`.
    ///
    /// - Values: each becomes `value`. Errors, completion and interruption pass through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter value: The value sent for each value of this signal.
    /// - Returns: A signal sending `value` once per value of this signal.
    @inlinable
    @_disfavoredOverload
    public func map<U>(value: U) -> Signal<U, Error> {
        let transform: (Value) -> U = { _ in value }
        return liftFused(Operators.map(transform), values: Operators.mapValues(transform))
    }

    /// Replaces each value by the property at `keyPath`.
    ///
    /// - Values: each becomes `value[keyPath: keyPath]`. Errors, completion and interruption pass
    ///   through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter keyPath: The property to read from each value.
    /// - Returns: A signal of the properties.
    @inlinable
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Signal<U, Error> {
        let transform: (Value) -> U = { $0[keyPath: keyPath] }
        return liftFused(Operators.map(transform), values: Operators.mapValues(transform))
    }

    /// Transforms the error with `transform`.
    ///
    /// - Values, completion and interruption: passed through unchanged.
    /// - Errors: the stream fails with `transform(error)` instead.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter transform: Called with the error, at most once.
    /// - Returns: A signal with the new error type.
    @inlinable
    public func mapError<F>(_ transform: @escaping (Error) -> F) -> Signal<Value, F> {
        liftFused(Operators.mapError(transform))
    }
}
