/// The mutable state of one run or observation of an operator.
///
/// Operators keep per-run state here rather than in a captured `var`: a captured variable is
/// boxed and every access to it pays a dynamic exclusivity check, while this buffer's header is
/// reached through a pointer. Only the operator's own serial callbacks touch it.
@usableFromInline
final class RunState<State>: ManagedBuffer<State, Void> {
    /// A new state holding `initial`.
    @inlinable
    static func make(_ initial: State) -> RunState<State> {
        unsafeDowncast(create(minimumCapacity: 0) { _ in initial }, to: RunState<State>.self)
    }

    /// Runs `body` with the state, mutably.
    @inlinable
    func update<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
    }
}
