/// The error a marble diagram sends for `#` when no other error is given.
///
/// The `hot(_:values:)`, `hot(_:)`, `cold(_:values:)` and `cold(_:)` overloads of ``MarbleTest``
/// fail with `MarbleError()`; give a message to tell several errors apart.
public struct MarbleError: Swift.Error, Equatable, Hashable, CustomStringConvertible, Sendable {
    /// What the error says; `"error"` by default.
    public let message: String

    /// Creates an error with `message`.
    ///
    /// - Parameter message: What the error says; `"error"` by default.
    public init(_ message: String = "error") {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
