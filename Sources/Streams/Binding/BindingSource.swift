/// A source of values that can be bound to a target with `<~`: anything that gives a producer
/// that cannot fail.
///
/// Properties, signals and producers whose `Error` is `Never` are binding sources. A binding
/// starts the source's ``SignalProducerConvertible/producer`` and hands each of its values to
/// the target until the source completes or the target's lifetime ends.
public protocol BindingSource<Value>: SignalProducerConvertible where Error == Never {}
