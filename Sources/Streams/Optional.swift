/// A type that is an `Optional`; lets operators such as `skipNil()` be written for streams of
/// optionals.
public protocol OptionalProtocol: ExpressibleByNilLiteral {
    /// The type of the wrapped value.
    associatedtype Wrapped

    /// The value as an `Optional`.
    var optional: Wrapped? { get }

    /// Creates the value from an `Optional`.
    ///
    /// - Parameter value: The optional to wrap.
    init(reconstructing value: Wrapped?)
}

extension Optional: OptionalProtocol {
    /// The optional itself.
    public var optional: Wrapped? { self }

    /// Creates the optional from itself.
    ///
    /// - Parameter value: The optional.
    public init(reconstructing value: Wrapped?) {
        self = value
    }
}
