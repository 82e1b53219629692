/// A value that changes over time and can be observed: its current value, and the streams of
/// its changes.
///
/// A property always has a value. Reading ``value`` is thread-safe. ``producer`` sends the
/// current value first and then every change, and ``signal`` sends the changes only; both
/// complete when the property can change no more (it was deinitialized, or, for a property
/// derived from others, when its sources can change no more). Neither ever fails.
///
/// Conforming types are reference types, so that every holder of a property sees the same
/// value; a property is also a ``BindingSource``, so it can feed a binding with `<~`.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource {
    /// The current value of the property.
    var value: Value { get }

    /// A producer that, each time it is started, sends the current value and then every change,
    /// and completes when the property can change no more.
    ///
    /// For a property derived from others, the producer ends with the lifetime of its sources.
    var producer: SignalProducer<Value, Never> { get }

    /// A signal of the changes of the property from now on, without the current value; it
    /// completes when the property can change no more.
    ///
    /// For a property derived from others, the signal ends with the lifetime of its sources.
    var signal: Signal<Value, Never> { get }
}
