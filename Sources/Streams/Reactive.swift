/// A type whose reactive extensions live under `.reactive`.
///
/// Conform a type to it, then extend ``Reactive`` where `Base` is that type: the extensions
/// appear as `value.reactive.something`, apart from the type's own members.
///
/// ```swift
/// extension Reactive where Base: Thermometer {
///     var temperatures: Signal<Double, Never> { base.readings }
/// }
/// thermometer.reactive.temperatures.observeValues { print($0) }
/// ```
public protocol ReactiveExtensionsProvider {}

extension ReactiveExtensionsProvider {
    /// The reactive extensions of this value.
    public var reactive: Reactive<Self> {
        Reactive(self)
    }

    /// The reactive extensions of this type, for static members.
    public static var reactive: Reactive<Self>.Type {
        Reactive<Self>.self
    }
}

/// The namespace of a type's reactive extensions; see ``ReactiveExtensionsProvider``.
public struct Reactive<Base> {
    /// The value the extensions apply to.
    public let base: Base

    /// Wraps `base`.
    ///
    /// - Parameter base: The value the extensions apply to.
    public init(_ base: Base) {
        self.base = base
    }
}
