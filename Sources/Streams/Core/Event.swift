extension Signal {
    /// One event of a stream. A stream sends any number of values and then at most one terminal
    /// event: `value* (failed | completed | interrupted)?`.
    public enum Event {
        /// A value. Any number of values may precede the terminal event.
        case value(Value)
        /// The stream failed with an error; nothing follows.
        case failed(Error)
        /// The stream finished successfully; nothing follows.
        case completed
        /// The stream was cancelled (disposed) before it finished; nothing follows.
        case interrupted

        /// Whether this is `.completed`.
        @inlinable
        public var isCompleted: Bool {
            if case .completed = self { return true }
            return false
        }

        /// Whether this event ends the stream: `.failed`, `.completed` or `.interrupted`.
        @inlinable
        public var isTerminating: Bool {
            if case .value = self { return false }
            return true
        }

        /// The event with its value transformed by `f`; terminal events are kept as they are.
        @inlinable
        public func map<U>(_ f: (Value) -> U) -> Signal<U, Error>.Event {
            switch self {
            case let .value(value): return .value(f(value))
            case let .failed(error): return .failed(error)
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }

        /// The event with its error transformed by `f`; other events are kept as they are.
        @inlinable
        public func mapError<F>(_ f: (Error) -> F) -> Signal<Value, F>.Event {
            switch self {
            case let .value(value): return .value(value)
            case let .failed(error): return .failed(f(error))
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }

        /// The value carried by a `.value` event, otherwise `nil`.
        @inlinable
        public var value: Value? {
            if case let .value(value) = self { return value }
            return nil
        }

        /// The error carried by a `.failed` event, otherwise `nil`.
        @inlinable
        public var error: Error? {
            if case let .failed(error) = self { return error }
            return nil
        }

        /// The terminal event corresponding to `termination`.
        @inlinable
        public init(_ termination: Termination<Error>) {
            switch termination {
            case let .failed(error): self = .failed(error)
            case .completed: self = .completed
            case .interrupted: self = .interrupted
            }
        }
    }
}

extension Signal.Event: Equatable where Value: Equatable, Error: Equatable {}

extension Signal.Event: Sendable where Value: Sendable, Error: Sendable {}

extension Signal.Event: CustomStringConvertible {
    /// A readable form: `VALUE 1`, `FAILED someError`, `COMPLETED`, `INTERRUPTED`.
    public var description: String {
        switch self {
        case let .value(value): return "VALUE \(value)"
        case let .failed(error): return "FAILED \(error)"
        case .completed: return "COMPLETED"
        case .interrupted: return "INTERRUPTED"
        }
    }
}

/// A type that wraps a stream event; lets operators such as `dematerialize` be generic over
/// streams of events.
public protocol EventProtocol<Value, Error> {
    /// The value type of the event.
    associatedtype Value
    /// The error type of the event.
    associatedtype Error: Swift.Error

    /// The event itself.
    var event: Signal<Value, Error>.Event { get }
}

extension Signal.Event: EventProtocol {
    /// The event itself.
    public var event: Signal<Value, Error>.Event { self }
}

/// How a stream ended: the terminal part of the event grammar, as seen by an ``Observer``.
public enum Termination<Error: Swift.Error> {
    /// The stream failed with an error.
    case failed(Error)
    /// The stream finished successfully.
    case completed
    /// The stream was cancelled before it finished.
    case interrupted
}

extension Termination: Equatable where Error: Equatable {}
extension Termination: Sendable where Error: Sendable {}
