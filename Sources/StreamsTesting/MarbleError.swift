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

/// What is wrong with the grammar of a marble diagram; see ``MarbleTest`` for the grammar.
public struct MarbleSyntaxError: Swift.Error, Equatable, Hashable, CustomStringConvertible, Sendable {
    /// The problem, as in `unknown character '*'`.
    public let problem: String
    /// The diagram that has it.
    public let diagram: String

    /// Creates the error of `problem` in `diagram`.
    ///
    /// - Parameters:
    ///   - problem: What is wrong.
    ///   - diagram: The diagram.
    public init(problem: String, diagram: String) {
        self.problem = problem
        self.diagram = diagram
    }

    /// The problem and the diagram, as in `unknown character '*' in diagram "-a*|"`.
    public var description: String { "\(problem) in diagram \"\(diagram)\"" }
}
