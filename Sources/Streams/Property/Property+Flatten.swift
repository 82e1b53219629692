// flatten and flatMap on properties: a property following the property that another one holds.

extension PropertyProtocol where Value: PropertyProtocol {
    /// A property holding the value of the property this one holds, switching, as `strategy`
    /// says, when this one changes to another property.
    ///
    /// With `.latest` (the usual choice) the result always holds the current value of the
    /// current inner property. The result updates synchronously, on the thread where the outer
    /// or inner property changed; it keeps this property alive, and each inner property runs
    /// while the strategy follows it (a composed inner property made on the spot included).
    ///
    /// Every strategy starts the first inner property at once; its current value is the
    /// result's initial value.
    ///
    /// - Parameter strategy: How the inner properties are followed.
    /// - Returns: A property of the inner properties' values.
    public func flatten(_ strategy: FlattenStrategy) -> Property<Value.Value> {
        lift { $0.flatMap(strategy) { $0.producer } }
    }
}

extension PropertyProtocol {
    /// A property holding the value of the property `transform` makes from this property's
    /// value, switching, as `strategy` says, when this property changes.
    ///
    /// With `.latest` the result always holds the current value of the property made from the
    /// current value. Updates are synchronous, on the thread where a property changed; the
    /// result keeps this property alive, and each inner property runs while it is followed
    /// (a composed inner property made on the spot included).
    ///
    /// - Parameters:
    ///   - strategy: How the inner properties are followed.
    ///   - transform: Makes the inner property for a value.
    /// - Returns: A property of the inner properties' values.
    public func flatMap<P: PropertyProtocol>(_ strategy: FlattenStrategy, _ transform: @escaping (Value) -> P) -> Property<P.Value> {
        lift { $0.flatMap(strategy) { transform($0).producer } }
    }
}
