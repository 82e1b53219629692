// The strategies of flatten and flatMap: how the inner streams of a stream of streams are run.

/// How `flatten(_:)` and `flatMap(_:_:)` run the inner streams of a stream of streams.
///
/// Whatever the strategy:
/// - a failure of the outer stream or of any inner stream fails the result at once and disposes
///   every run still going;
/// - an interruption of the outer stream interrupts the result; an interruption of an inner
///   stream the operator did not dispose itself counts, as in ReactiveSwift, as that inner
///   stream's completion, except in a race, where it interrupts the result;
/// - ending the result (disposing its run, or the signal terminating) disposes the outer stream
///   and every inner run at once, and starts nothing more: waiting inner streams are dropped;
/// - values are delivered on the thread of the inner stream that sent them, one at a time: no
///   two events of the result ever overlap, and no scheduler is involved.
public struct FlattenStrategy: Sendable, Equatable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Equatable {
        /// At most `limit` inner streams at once; the others wait, in order.
        case concurrent(limit: UInt)
        /// Only the newest inner stream; a newer one disposes it.
        case latest
        /// Every inner stream until one sends a value; that one only from then on.
        case race
        /// One inner stream at a time; those arriving meanwhile are dropped.
        case throttle
    }

    @usableFromInline let kind: Kind

    @inlinable
    init(kind: Kind) {
        self.kind = kind
    }

    /// Runs every inner stream as soon as it arrives, all at once, and forwards their values as
    /// they come. The result completes when the outer stream and every inner stream have
    /// completed.
    public static let merge = FlattenStrategy(kind: .concurrent(limit: .max))

    /// Runs the inner streams one after another, in the order they arrived: the next one starts
    /// when the previous one completed, and the others wait in a queue. The result completes
    /// when the outer stream has completed and the last inner stream has. Synchronous inner
    /// streams are started from a loop, so a million of them run in constant stack.
    public static let concat = FlattenStrategy(kind: .concurrent(limit: 1))

    /// Runs at most `limit` inner streams at once; the others wait in a queue and start, in the
    /// order they arrived, as running ones complete. The result completes when the outer stream
    /// has completed and no inner stream is running or waiting. `concurrent(limit: 1)` is
    /// ``concat``; `concurrent(limit: .max)` is ``merge``.
    ///
    /// - Precondition: `limit >= 1`.
    /// - Parameters:
    ///   - limit: The most inner streams running at the same time.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    public static func concurrent(limit: UInt, file: StaticString = #fileID, line: UInt = #line) -> FlattenStrategy {
        requirement(limit >= 1, "FlattenStrategy.concurrent(limit:) needs a limit >= 1, got \(limit)", file: file, line: line)
        return FlattenStrategy(kind: .concurrent(limit: limit))
    }

    /// Runs only the newest inner stream: when the outer stream sends a new one, the running one
    /// is disposed (its interruption is not reported) and the new one starts. The result
    /// completes when the outer stream and the newest inner stream have completed.
    public static let latest = FlattenStrategy(kind: .latest)

    /// Runs every inner stream until one of them sends an event, of any kind (a value, or its
    /// completion, failure or interruption): that one wins, the others are disposed (their
    /// interruption is not reported), and inner streams arriving later are not started. The
    /// winner's events are forwarded, its interruption included. The result completes when the
    /// outer stream has completed and the winner has (or no inner stream was ever started).
    public static let race = FlattenStrategy(kind: .race)

    /// Runs one inner stream at a time and drops (never starts) those that arrive while it
    /// runs; the next inner stream to arrive after it completed starts. The result completes
    /// when the outer stream and the running inner stream have completed.
    public static let throttle = FlattenStrategy(kind: .throttle)

    /// The strategy's name, as written in code: `merge`, `concat`, `concurrent(limit: 3)`,
    /// `latest`, `race` or `throttle`.
    public var description: String {
        switch kind {
        case .concurrent(limit: .max): return "merge"
        case .concurrent(limit: 1): return "concat"
        case let .concurrent(limit): return "concurrent(limit: \(limit))"
        case .latest: return "latest"
        case .race: return "race"
        case .throttle: return "throttle"
        }
    }
}
