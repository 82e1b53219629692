/// The mutable state of one run or observation of an operator.
///
/// Operators keep per-run state here rather than in a captured `var`: a captured variable is
/// boxed and every access to it pays a dynamic exclusivity check. Only the operator's own serial
/// callbacks touch the state, so the check would never fire, and it is turned off with
/// `@exclusivity(unchecked)`, the one way Streams avoids exclusivity checks: on a stored property
/// of the class that owns state only one thread touches at a time (here, the operator's serial
/// callbacks; in ``SignalCore``, the thread holding the send lock; in a memoized sequence, the
/// thread evaluating a slot).
@usableFromInline
final class RunState<State> {
    /// The state; touched only by the serial callbacks of one run.
    @usableFromInline @exclusivity(unchecked) var state: State

    @inlinable
    init(_ initial: State) {
        state = initial
    }

    /// A new state holding `initial`.
    @inlinable
    static func make(_ initial: State) -> RunState<State> {
        RunState(initial)
    }

    /// Runs `body` with the state, mutably.
    @inlinable
    func update<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try body(&state)
    }
}
