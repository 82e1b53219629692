/// Carries a value that is not `Sendable` across a boundary where the package guarantees it is
/// used by one thread at a time (for example a scheduled action, run exactly once).
package struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The wrapped value.
    package let value: Value

    /// Wraps `value`.
    package init(_ value: Value) { self.value = value }
}
