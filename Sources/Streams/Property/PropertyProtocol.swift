/// A value that changes over time and can be observed: it always has a current value.
///
/// ``producer`` sends the current value, then every change; ``signal`` sends the changes only.
/// A property is a ``BindingSource``, so it can feed a binding target with `<~`.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource {
    /// The current value.
    var value: Value { get }

    /// A producer that sends the current value when started, then each change, and completes
    /// when the property is deinitialized.
    var producer: SignalProducer<Value, Never> { get }

    /// A signal of the changes from now on; completes when the property is deinitialized.
    var signal: Signal<Value, Never> { get }
}

/// A property whose value can be set, and which can be the target of a binding.
public protocol MutablePropertyProtocol<Value>: PropertyProtocol, BindingTargetProvider {
    /// The current value; setting it sends the new value to observers.
    var value: Value { get set }

    /// The lifetime of the property: it ends when the property is deinitialized, which also
    /// ends the bindings that target it.
    var lifetime: Lifetime { get }
}

extension MutablePropertyProtocol {
    /// A binding target that sets ``value`` and lives as long as the property.
    public var bindingTarget: BindingTarget<Value> {
        BindingTarget(lifetime: lifetime) { [weak self] value in self?.value = value }
    }
}

/// A mutable property whose value can be read and changed atomically.
public protocol ComposableMutablePropertyProtocol<Value>: MutablePropertyProtocol {
    /// Calls `action` with the current value, while no other thread can change it.
    ///
    /// - Parameter action: Reads the value; must not set the property.
    /// - Returns: What `action` returns.
    func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result

    /// Changes the value in place, atomically, then sends the new value to observers.
    ///
    /// - Parameter action: Mutates the value; must not set the property.
    /// - Returns: What `action` returns.
    func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result
}
