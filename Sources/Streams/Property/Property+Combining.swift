// The composed forms of properties that combine several: combineLatest, zip, and the Boolean
// operators. Each is a Property fed by the matching producer operator over the properties'
// producers. Like every composed property, it does not keep those properties alive
// (DesignGuidelines 3.12): once they are all gone, its producer and signal complete and its
// value stays the last one (PropertyCompositionTests). The forms of combineLatest and zip for 2
// to 10 properties are generated into `Property+Combining+Arities.generated.swift` by
// `Scripts/generate-arities.swift`.

extension PropertyProtocol {
    /// A property holding this property's value paired with `other`'s, updated when either
    /// changes.
    ///
    /// - Parameter other: The property to combine with.
    /// - Returns: A property of pairs of the latest values.
    public func combineLatest<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(unsafeProducer: producer.combineLatest(with: other.producer))
    }

    /// A property holding the n-th value of this property paired with the n-th of `other`:
    /// it changes once both have changed.
    ///
    /// - Parameter other: The property to zip with.
    /// - Returns: A property of pairs of values of the same rank.
    public func zip<P: PropertyProtocol>(with other: P) -> Property<(Value, P.Value)> {
        Property(unsafeProducer: producer.zip(with: other.producer))
    }

    /// A property holding the latest values of the properties, updated when any changes, as an array in
    /// their order; `nil` when `properties` is empty.
    ///
    /// - Parameter properties: The properties to combine.
    /// - Returns: A property of arrays, or `nil` if there is no property.
    public static func combineLatest<S: Sequence>(_ properties: S) -> Property<[S.Iterator.Element.Value]>?
    where S.Iterator.Element: PropertyProtocol {
        let properties = Array(properties)
        guard !properties.isEmpty else { return nil }
        return Property(unsafeProducer: SignalProducer.combineLatest(properties.map { $0.producer }))
    }

    /// A property holding the latest values of the properties, updated when any changes, as an array in
    /// their order; `emptySentinel` when `properties` is empty.
    ///
    /// - Parameters:
    ///   - properties: The properties to combine.
    ///   - emptySentinel: The value of the result when there is no property.
    /// - Returns: A property of arrays.
    public static func combineLatest<S: Sequence>(
        _ properties: S, emptySentinel: [S.Iterator.Element.Value]
    ) -> Property<[S.Iterator.Element.Value]> where S.Iterator.Element: PropertyProtocol {
        combineLatest(properties) ?? Property(value: emptySentinel)
    }

    /// A property holding the n-th values of the properties, updated once each has changed again, as an array in
    /// their order; `nil` when `properties` is empty.
    ///
    /// - Parameter properties: The properties to combine.
    /// - Returns: A property of arrays, or `nil` if there is no property.
    public static func zip<S: Sequence>(_ properties: S) -> Property<[S.Iterator.Element.Value]>?
    where S.Iterator.Element: PropertyProtocol {
        let properties = Array(properties)
        guard !properties.isEmpty else { return nil }
        return Property(unsafeProducer: SignalProducer.zip(properties.map { $0.producer }))
    }

    /// A property holding the n-th values of the properties, updated once each has changed again, as an array in
    /// their order; `emptySentinel` when `properties` is empty.
    ///
    /// - Parameters:
    ///   - properties: The properties to combine.
    ///   - emptySentinel: The value of the result when there is no property.
    /// - Returns: A property of arrays.
    public static func zip<S: Sequence>(
        _ properties: S, emptySentinel: [S.Iterator.Element.Value]
    ) -> Property<[S.Iterator.Element.Value]> where S.Iterator.Element: PropertyProtocol {
        zip(properties) ?? Property(value: emptySentinel)
    }
}

extension PropertyProtocol where Value == Bool {
    /// A property holding the negation of this one.
    ///
    /// - Returns: The negated property.
    public func negate() -> Property<Value> {
        map { !$0 }
    }

    /// A property that is true while this property and `property` are both true.
    ///
    /// - Parameter property: The other Boolean property.
    /// - Returns: The conjunction.
    public func and<P: PropertyProtocol>(_ property: P) -> Property<Value> where P.Value == Value {
        Property(unsafeProducer: producer.and(property.producer))
    }

    /// A property that is true while this property or `property` is true.
    ///
    /// - Parameter property: The other Boolean property.
    /// - Returns: The disjunction.
    public func or<P: PropertyProtocol>(_ property: P) -> Property<Value> where P.Value == Value {
        Property(unsafeProducer: producer.or(property.producer))
    }

    /// A property that is true while every property of `properties` is true; true if there is
    /// none.
    ///
    /// - Parameter properties: The Boolean properties.
    /// - Returns: The conjunction of all.
    public static func all<P: PropertyProtocol, Properties: Collection>(_ properties: Properties) -> Property<Value>
    where P.Value == Value, Properties.Element == P {
        Property<Bool>.combineLatest(properties, emptySentinel: []).map { $0.allSatisfy { $0 } }
    }

    /// A property that is true while every given property is true.
    ///
    /// - Parameter properties: The Boolean properties.
    /// - Returns: The conjunction of all.
    public static func all<P: PropertyProtocol>(_ properties: P...) -> Property<Value> where P.Value == Value {
        all(properties)
    }

    /// A property that is true while at least one property of `properties` is true; false if
    /// there is none.
    ///
    /// - Parameter properties: The Boolean properties.
    /// - Returns: The disjunction of all.
    public static func any<P: PropertyProtocol, Properties: Collection>(_ properties: Properties) -> Property<Value>
    where P.Value == Value, Properties.Element == P {
        Property<Bool>.combineLatest(properties, emptySentinel: []).map { $0.contains(true) }
    }

    /// A property that is true while at least one given property is true.
    ///
    /// - Parameter properties: The Boolean properties.
    /// - Returns: The disjunction of all.
    public static func any<P: PropertyProtocol>(_ properties: P...) -> Property<Value> where P.Value == Value {
        any(properties)
    }
}
