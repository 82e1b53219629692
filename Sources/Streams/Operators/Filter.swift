// filter, compactMap (and its older name filterMap), skipNil.

extension Operators {
    /// Sends `transform(value)` when it is not `nil`; terminal events pass through.
    @inlinable
    static func compactMap<Value, Error, U>(
        _ transform: @escaping (Value) -> U?
    ) -> FusedOperator<Value, Error, U, Error> {
        return { downstream, _ in
            Signal<Value, Error>.Observer { event in
                if case let .value(value) = event {
                    if let transformed = transform(value) { downstream.send(value: transformed) }
                } else {
                    event.forwardTermination(to: downstream)
                }
            }
        }
    }

    /// The values-only form of ``compactMap(_:)``.
    @inlinable
    static func compactMapValues<Value, U>(_ transform: @escaping (Value) -> U?) -> FusedValuesOperator<Value, U> {
        return { value, downstream in
            if let transformed = transform(value) { downstream(transformed) }
        }
    }

    /// The values-only form of ``filter(_:)``.
    @inlinable
    static func filterValues<Value>(_ isIncluded: @escaping (Value) -> Bool) -> FusedValuesOperator<Value, Value> {
        return { value, downstream in
            if isIncluded(value) { downstream(value) }
        }
    }

    /// Sends the values for which `isIncluded` is true; terminal events pass through.
    @inlinable
    static func filter<Value, Error>(
        _ isIncluded: @escaping (Value) -> Bool
    ) -> FusedOperator<Value, Error, Value, Error> {
        return { downstream, _ in
            // One closure per kind of downstream observer, so that the kind is not checked per
            // value (see `Signal.Observer.delivery`). To an observer of every event, a kept value
            // is passed on as the event received, not rebuilt.
            switch downstream.delivery {
            case let .valuesOnly(values):
                return Signal<Value, Error>.Observer { event in
                    if case let .value(value) = event, isIncluded(value) { values.send(value: value) }
                }
            case let .events(events):
                return Signal<Value, Error>.Observer { event in
                    if case let .value(value) = event {
                        if isIncluded(value) { events.send(event) }
                    } else {
                        events.send(event)
                    }
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Sends only the values for which `isIncluded` returns true.
    ///
    /// - Values: each is passed to `isIncluded` and sent if it returns true, dropped otherwise.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// ```swift
    /// let (numbers, input) = Signal<Int, Never>.pipe()
    /// numbers.filter { $0 % 2 == 0 }.observeValues { print($0) }
    /// input.send(value: 1)
    /// input.send(value: 2)
    /// // Prints: 2
    /// ```
    ///
    /// - Parameter isIncluded: Called once per value.
    /// - Returns: A signal of the included values.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        liftFused(Operators.filter(isIncluded), values: Operators.filterValues(isIncluded))
    }

    /// Transforms each value and sends the results that are not `nil`.
    ///
    /// - Values: each is passed to `transform`; a non-`nil` result is sent, `nil` is dropped.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter transform: Called once per value.
    /// - Returns: A signal of the non-`nil` results.
    @inlinable
    public func compactMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        liftFused(Operators.compactMap(transform), values: Operators.compactMapValues(transform))
    }

    /// The same as ``compactMap(_:)``, under its former name.
    ///
    /// - Parameter transform: Called once per value.
    /// - Returns: A signal of the non-`nil` results.
    @inlinable
    public func filterMap<U>(_ transform: @escaping (Value) -> U?) -> Signal<U, Error> {
        compactMap(transform)
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: OptionalProtocol {
    /// Unwraps the values, dropping `nil`s.
    ///
    /// - Values: a wrapped value is sent unwrapped; `nil` is dropped.
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal of the unwrapped values.
    @inlinable
    public func skipNil() -> Signal<Value.Wrapped, Error> {
        compactMap { $0.optional }
    }
}
