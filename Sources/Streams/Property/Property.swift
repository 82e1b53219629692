/// A read-only property: a current value that changes over time and can be observed.
///
/// A `Property` is a constant (``init(value:)``), a read-only view of another property
/// (``init(capturing:)``, ``init(_:)``), the latest value of a producer
/// (`init(initial:then:)`), or the result of composing properties (`map`, `combineLatest`,
/// `zip`, `flatMap`...). It can be used as a property wrapper to expose a read-only
/// property alongside the value.
///
/// - ``producer`` sends the current value on start, then every change; ``signal`` sends the
///   changes from now on. Both complete when the property can no longer change.
/// - Thread-safe: observers see the values in order, each once, one at a time.
@propertyWrapper
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    private let currentValue: () -> Value
    private let source: AnyObject?

    /// A producer sending the current value when started, then each change.
    public let producer: SignalProducer<Value, Never>

    /// The changes from now on.
    public let signal: Signal<Value, Never>

    /// The current value.
    public var value: Value { currentValue() }

    /// The current value, for the property-wrapper syntax.
    public var wrappedValue: Value { value }

    /// The property itself, for the property-wrapper syntax (`$name`).
    public var projectedValue: Property<Value> { self }

    /// Creates a property that always holds `value`. Its ``signal`` has already ended, and its
    /// ``producer`` sends `value` and completes.
    ///
    /// - Parameter value: The constant value.
    public init(value: Value) {
        currentValue = { value }
        source = nil
        producer = SignalProducer(value: value)
        signal = .empty
    }

    /// Creates a read-only view of `property` that keeps it alive.
    ///
    /// - Parameter property: The property to view.
    public init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
        currentValue = { property.value }
        source = property
        producer = property.producer
        signal = property.signal
    }

    /// Creates a read-only property that follows `property`.
    ///
    /// - Parameter property: The property to follow.
    public convenience init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        self.init(unsafeProducer: property.producer)
    }

    /// Creates a property holding `initial`, then each value `values` sends.
    ///
    /// `values` is started at once and runs until it terminates or the property is
    /// deinitialized.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: The later values.
    public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        self.init(unsafeProducer: values.prefix(value: initial))
    }

    /// Creates a property holding `initial`, then each value `values` sends.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: Anything that gives the producer of later values.
    public convenience init<Values: SignalProducerConvertible>(initial: Value, then values: Values)
    where Values.Value == Value, Values.Error == Never {
        self.init(initial: initial, then: values.producer)
    }

    /// Creates a property from a producer that sends its first value synchronously when
    /// started: that value is the initial one, the later values are the changes.
    ///
    /// The producer's run lasts as long as the property is used: while the property lives, while
    /// its ``producer`` is held or has a running start, and while its ``signal`` is held or
    /// observed; so a binding from a composed property made on the spot
    /// (`label <~ name.map { ... }`) goes on after the property object itself is gone. As in
    /// ReactiveSwift, a composed property does not retain the properties it is composed from:
    /// when they deinitialize, the producer completes, and so do the property's producer and
    /// signal; its value stays the last one.
    ///
    /// - Precondition: `producer` sends a value before `start` returns.
    init(unsafeProducer: SignalProducer<Value, Never>) {
        let feed = PropertyFeed<Value>()
        let run = unsafeProducer.start { event in feed.receive(event) }
        guard let core = feed.core else {
            preconditionFailure("Property(unsafeProducer:) needs a producer that sends a value synchronously when started")
        }
        currentValue = { core.value }
        // The run is kept by the property object and by each of its users; no source is kept:
        // when the sources go, the run completes, and so does the property.
        let keepAlive = PropertyRun(run)
        source = keepAlive
        producer = core.producer(retaining: keepAlive)
        // The changes, through a signal of their own whose observation keeps the run going; it
        // ends silently once neither it nor an observer of it is left (a signal nobody can
        // observe any more), which lets the run go.
        signal = Signal { observer, lifetime in
            lifetime += core.changes.observe(observer)
            lifetime.observeEnded { withExtendedLifetime(keepAlive) {} }
        }
    }
}

extension Property where Value: OptionalProtocol {
    /// Creates a property holding `initial`, then each value `values` sends, wrapped.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: The later values.
    public convenience init(initial: Value, then values: SignalProducer<Value.Wrapped, Never>) {
        self.init(initial: initial, then: values.map { Value(reconstructing: $0) })
    }

    /// Creates a property holding `initial`, then each value `values` sends, wrapped.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: Anything that gives the producer of later values.
    public convenience init<Values: SignalProducerConvertible>(initial: Value, then values: Values)
    where Values.Value == Value.Wrapped, Values.Error == Never {
        self.init(initial: initial, then: values.producer)
    }
}

/// Receives the run feeding a derived property: its first value creates the storage, later
/// values update it, its end finishes it.
final class PropertyFeed<Value>: @unchecked Sendable {
    private let storage = Locked<PropertyCore<Value>?>(nil)

    var core: PropertyCore<Value>? { storage.withLock { $0 } }

    func receive(_ event: Signal<Value, Never>.Event) {
        switch event {
        case let .value(value):
            if let existing = core {
                existing.modify { $0 = value }
                return
            }
            // The first value: the storage is made outside the lock, which is a leaf (see
            // `LockOrder`), since making it makes a signal.
            let created = PropertyCore(value)
            let existing = storage.withLock { core -> PropertyCore<Value>? in
                if let core { return core }
                core = created
                return nil
            }
            existing?.modify { $0 = value }
        case .completed, .interrupted:
            core?.finish()
        }
    }
}

/// The run feeding a derived property: interrupted, which finishes the property, once neither
/// the property object nor any of its users holds it.
final class PropertyRun: @unchecked Sendable {
    private let run: Disposable

    init(_ run: Disposable) {
        self.run = run
    }

    deinit {
        run.dispose()
    }
}
