// Properties composed from properties: each is a Property fed by the composed producers, so its
// value is always the latest result.

extension PropertyProtocol {
    /// Lifts a producer operator to properties: the result follows `transform(producer)`, whose
    /// first value must be sent synchronously on start.
    func lift<U>(_ transform: @escaping (SignalProducer<Value, Never>) -> SignalProducer<U, Never>) -> Property<U> {
        Property(unsafeProducer: transform(producer))
    }

    /// A property holding `transform` applied to this property's value.
    ///
    /// - Parameter transform: Called with the current value and each change.
    /// - Returns: The transformed property.
    public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        lift { $0.map(transform) }
    }

    /// A property holding `value` whatever this property's value.
    ///
    /// - Parameter value: The value of the result.
    /// - Returns: A property whose changes come with this property's.
    @_disfavoredOverload
    public func map<U>(value: U) -> Property<U> {
        lift { $0.map(value: value) }
    }

    /// A property holding the property at `keyPath` of this property's value.
    ///
    /// - Parameter keyPath: The property to read.
    /// - Returns: The derived property.
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
        lift { $0.map(keyPath) }
    }

    /// A property holding the latest value of this one that satisfies `predicate`, or `initial`
    /// if none has yet.
    ///
    /// - Parameters:
    ///   - initial: The value until one satisfies `predicate`.
    ///   - predicate: Which values to keep.
    /// - Returns: The filtered property.
    public func filter(initial: Value, _ predicate: @escaping (Value) -> Bool) -> Property<Value> {
        Property(unsafeProducer: producer.filter(predicate).prefix(value: initial))
    }

    /// A property holding the current value paired with the previous one; `initial` stands
    /// before the first.
    ///
    /// - Parameter initial: The value paired with the current value at first.
    /// - Returns: A property of pairs.
    public func combinePrevious(_ initial: Value) -> Property<(Value, Value)> {
        lift { $0.combinePrevious(initial) }
    }

    /// A property that changes only when this one changes to a value not equivalent to the
    /// previous one.
    ///
    /// - Parameter isEquivalent: Compares the previous value with the new one.
    /// - Returns: A property without repeated changes.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        lift { $0.skipRepeats(isEquivalent) }
    }

    /// A property that changes only to values whose identity it has not held before.
    ///
    /// - Parameter transform: The identity of a value.
    /// - Returns: A property of first occurrences.
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> Property<Value> {
        lift { $0.uniqueValues(transform) }
    }
}

extension PropertyProtocol where Value: Equatable {
    /// A property that changes only when this one changes to a different value.
    ///
    /// - Returns: A property without repeated changes.
    public func skipRepeats() -> Property<Value> {
        skipRepeats(==)
    }
}

extension PropertyProtocol where Value: Hashable {
    /// A property that changes only to values it has not held before.
    ///
    /// - Returns: A property of first occurrences.
    public func uniqueValues() -> Property<Value> {
        uniqueValues { $0 }
    }
}
