/// The result of comparing what a pipeline sent with an expected marble diagram; made by
/// ``MarbleTest``'s `compare` and `expect` methods.
///
/// The comparison is made on the events and their frames. ``expected`` and ``actual`` are
/// drawings of both, aligned frame for frame, for the message; they can look alike while the
/// events differ (two errors both drawn `#`), in which case ``legend`` lists the actual events.
public struct MarbleComparison: CustomStringConvertible {
    /// Whether the pipeline sent exactly the expected events, each at its expected frame.
    public let matches: Bool

    /// The expected diagram, normalized: spaces and the frames after the last event removed.
    public let expected: String

    /// The diagram of the events the pipeline sent: one character per frame, a group `(..)` for
    /// a frame with several events, `?` for a value that has no character in `values`.
    public let actual: String

    /// The events the pipeline sent, one line each with its frame (`frame 3: VALUE 1`), when the
    /// ``actual`` diagram cannot show them exactly; empty otherwise.
    public let legend: [String]

    /// Why the comparison could not be completed as asked, if it could not (the scheduler still
    /// had work long after the last expected frame); `nil` otherwise.
    public let note: String?

    /// The message: whether the diagrams match, both diagrams aligned, then the legend and the
    /// note if there are any.
    ///
    /// ```
    /// marble mismatch
    /// expected: -a-b--c-|
    /// actual:   -a-b-c--|
    /// ```
    public var description: String {
        var lines = [
            matches ? "marbles match" : "marble mismatch",
            "expected: \(expected)",
            "actual:   \(actual)",
        ]
        if !legend.isEmpty {
            lines.append("actual events:")
            lines += legend.map { "  \($0)" }
        }
        if let note { lines.append(note) }
        return lines.joined(separator: "\n")
    }
}
