/// Something that can give a producer that cannot fail: the source side of a `<~` binding.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}

extension Signal: BindingSource where Error == Never {}
extension SignalProducer: BindingSource where Error == Never {}

/// Something that can receive the values of a binding: the target side of `<~`.
public protocol BindingTargetProvider<Value> {
    /// The type of the values the target receives.
    associatedtype Value

    /// The binding target.
    var bindingTarget: BindingTarget<Value> { get }
}

/// Where a binding sends its values: an action to run with each, on a scheduler, for as long
/// as a lifetime lasts.
public struct BindingTarget<Value>: BindingTargetProvider {
    /// The lifetime of the target; the bindings to it end with it.
    public let lifetime: Lifetime

    /// Receives each value, on the target's scheduler.
    public let action: (Value) -> Void

    /// The target itself.
    public var bindingTarget: BindingTarget<Value> { self }

    /// Creates a target that runs `action` with each value on `scheduler` while `lifetime`
    /// lasts.
    ///
    /// - Parameters:
    ///   - scheduler: Where `action` runs; by default on the thread the value arrives on.
    ///   - lifetime: The target's lifetime; bindings to it end with it.
    ///   - action: Receives each value.
    public init(on scheduler: Scheduler = ImmediateScheduler(), lifetime: Lifetime, action: @escaping (Value) -> Void) {
        self.lifetime = lifetime
        if scheduler is ImmediateScheduler {
            self.action = action
        } else {
            let action = UncheckedSendable(action)
            self.action = { value in
                let value = UncheckedSendable(value)
                scheduler.schedule { action.value(value.value) }
            }
        }
    }

    /// Creates a target that writes each value to `object[keyPath: keyPath]` on `scheduler`
    /// while `lifetime` lasts. The target holds the object weakly: it does not keep it alive, and
    /// once the object is gone, values are dropped.
    ///
    /// - Parameters:
    ///   - scheduler: Where the writes happen; by default on the thread the value arrives on.
    ///   - lifetime: The target's lifetime; bindings to it end with it.
    ///   - object: The object to write to.
    ///   - keyPath: The property of `object` to write.
    public init<Object: AnyObject>(
        on scheduler: Scheduler = ImmediateScheduler(),
        lifetime: Lifetime,
        object: Object,
        keyPath: ReferenceWritableKeyPath<Object, Value>
    ) {
        // Weakly: a binding must not keep its target alive, or the target's lifetime, and with
        // it the binding, could never end.
        self.init(on: scheduler, lifetime: lifetime) { [weak object] value in object?[keyPath: keyPath] = value }
    }
}

extension Optional: BindingTargetProvider where Wrapped: BindingTargetProvider {
    /// The values the wrapped target receives.
    public typealias Value = Wrapped.Value

    /// The wrapped target, or, for `nil`, a target whose lifetime has already ended, so that a
    /// binding to it does nothing.
    public var bindingTarget: BindingTarget<Wrapped.Value> {
        switch self {
        case let .some(provider): return provider.bindingTarget
        case .none: return BindingTarget(lifetime: .empty) { _ in }
        }
    }
}

precedencegroup BindingPrecedence {
    associativity: right
    // Binds looser than assignment, so `disposable = target <~ source` reads as expected.
    higherThan: AssignmentPrecedence
}

infix operator <~ : BindingPrecedence

extension BindingTargetProvider {
    /// Binds `source` to `provider`: each value `source` sends is given to the target.
    ///
    /// The binding ends when the source terminates, when either side's lifetime ends (the
    /// target's lifetime, or the source's, for a source that is an object with a lifetime), or
    /// when the returned disposable is disposed.
    ///
    /// - Parameters:
    ///   - provider: The target.
    ///   - source: The source of values.
    /// - Returns: A disposable that ends the binding, or `nil` if the target's lifetime had
    ///   already ended.
    @discardableResult
    public static func <~ <Source: BindingSource>(provider: Self, source: Source) -> Disposable?
    where Source.Value == Value {
        let target = provider.bindingTarget
        guard !target.lifetime.hasEnded else { return nil }
        // The binding is tied to the target's lifetime, and untied once it ends on its own, so
        // that a long-lived target does not accumulate finished bindings.
        let binding = SerialDisposable()
        let untie = SerialDisposable()
        untie.inner = target.lifetime += binding
        binding.inner = source.producer
            .on(terminated: { untie.dispose() })
            .startWithValues(target.action)
        return AnyDisposable {
            untie.dispose()
            binding.dispose()
        }
    }

    /// Binds a source of non-optional values to a target of optional values.
    ///
    /// - Parameters:
    ///   - provider: The target.
    ///   - source: The source of values, each wrapped in an optional.
    /// - Returns: A disposable that ends the binding, or `nil` if the target's lifetime had
    ///   already ended.
    @discardableResult
    public static func <~ <Source: BindingSource>(provider: Self, source: Source) -> Disposable?
    where Value == Source.Value? {
        provider <~ source.producer.map(Optional.some)
    }
}

extension Signal.Observer {
    /// Sends every value of `source` to this observer, until the source terminates or the
    /// returned disposable is disposed; the observer's own lifetime is not tracked.
    ///
    /// - Parameters:
    ///   - observer: The observer receiving the values.
    ///   - source: The source of values.
    /// - Returns: A disposable that ends the binding.
    @discardableResult
    public static func <~ <Source: BindingSource>(observer: Signal<Value, Error>.Observer, source: Source) -> Disposable
    where Source.Value == Value {
        source.producer.startWithValues { observer.send(value: $0) }
    }
}
