// promoteError, promoteValue, attempt and attemptMap: changing what a stream can fail with or
// send.

extension Operators {
    /// Gives a stream that cannot fail another error type.
    @inlinable
    static func promoteError<Value, F>() -> FusedOperator<Value, Never, Value, F> {
        return { downstream, _ in
            Signal<Value, Never>.Observer { event in
                switch event {
                case let .value(value): downstream.send(value: value)
                case .completed: downstream.sendCompleted()
                case .interrupted: downstream.sendInterrupted()
                }
            }
        }
    }

    /// Gives a stream that sends no value another value type.
    @inlinable
    static func promoteValue<U, Error>() -> FusedOperator<Never, Error, U, Error> {
        return { downstream, _ in
            Signal<Never, Error>.Observer { event in event.forwardTermination(to: downstream) }
        }
    }

    /// Sends what `transform` succeeds with; fails with its first failure.
    @inlinable
    static func attemptMap<Value, Error, U, F>(
        mapError: @escaping (Error) -> F,
        _ transform: @escaping (Value) -> Result<U, F>
    ) -> FusedOperator<Value, Error, U, F> {
        ending(into: (), mapTermination: { termination in
            switch termination {
            case let .failed(error): return .failed(mapError(error))
            case .completed: return .completed
            case .interrupted: return .interrupted
            }
        }) { _, value in
            switch transform(value) {
            case let .success(output): return .send(output)
            case let .failure(error): return .finish(last: nil, .failed(error))
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Never {
    /// Gives this signal, which cannot fail, the error type `F`.
    ///
    /// - Values, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter _: The new error type, usually inferred.
    /// - Returns: The same events, typed as possibly failing with `F`.
    @inlinable
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
        liftFused(Operators.promoteError())
    }

    /// Returns this signal unchanged; lets generic code promote an error type that is already
    /// `Never`.
    ///
    /// - Parameter _: `Never`.
    /// - Returns: This signal.
    @inlinable
    public func promoteError(_: Error.Type = Error.self) -> Signal<Value, Error> {
        self
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value == Never {
    /// Gives this signal, which sends no value, the value type `U`.
    ///
    /// - Errors, completion and interruption: passed through unchanged.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter _: The new value type, usually inferred.
    /// - Returns: The same termination, typed as sending `U`.
    @inlinable
    public func promoteValue<U>(_: U.Type = U.self) -> Signal<U, Error> {
        liftFused(Operators.promoteValue())
    }

    /// Returns this signal unchanged; lets generic code promote a value type that is already
    /// `Never`.
    ///
    /// - Parameter _: `Never`.
    /// - Returns: This signal.
    @inlinable
    public func promoteValue(_: Value.Type = Value.self) -> Signal<Value, Error> {
        self
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Runs `action` with each value; fails with its first failure.
    ///
    /// - Values: sent after `action` succeeds with them; if it fails, the signal fails with
    ///   that error and stops observing this one.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter action: Checks a value.
    /// - Returns: A signal of the values that passed.
    @inlinable
    public func attempt(_ action: @escaping (Value) -> Result<(), Error>) -> Signal<Value, Error> {
        attemptMap { value in action(value).map { value } }
    }

    /// Transforms each value with `transform`; fails with its first failure.
    ///
    /// - Values: each is replaced by the success of `transform`; a failure fails the signal,
    ///   which stops observing this one.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter transform: Transforms a value or fails.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func attemptMap<U>(_ transform: @escaping (Value) -> Result<U, Error>) -> Signal<U, Error> {
        liftFused(Operators.attemptMap(mapError: { $0 }, transform))
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Never {
    /// Runs the throwing `action` with each value; fails with the first error it throws.
    ///
    /// - Values: sent after `action` returns; if it throws, the signal fails with the error and
    ///   stops observing this one.
    /// - Completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter action: Checks a value, throwing to fail.
    /// - Returns: A signal of the values that passed.
    @inlinable
    public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal<Value, Swift.Error> {
        attemptMap { value in
            try action(value)
            return value
        }
    }

    /// Transforms each value with the throwing `transform`; fails with the first error thrown.
    ///
    /// - Values: each is replaced by what `transform` returns; if it throws, the signal fails
    ///   with the error and stops observing this one.
    /// - Completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter transform: Transforms a value, throwing to fail.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Swift.Error> {
        liftFused(Operators.attemptMap(mapError: { never -> Swift.Error in }) { value in
            Result { try transform(value) }
        })
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Swift.Error {
    /// Runs the throwing `action` with each value; fails with the first error it throws.
    ///
    /// - Values: sent after `action` returns; if it throws, the signal fails with the error and
    ///   stops observing this one.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter action: Checks a value, throwing to fail.
    /// - Returns: A signal of the values that passed.
    @inlinable
    public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal<Value, Error> {
        attemptMap { value in
            try action(value)
            return value
        }
    }

    /// Transforms each value with the throwing `transform`; fails with the first error thrown.
    ///
    /// - Values: each is replaced by what `transform` returns; if it throws, the signal fails
    ///   with the error and stops observing this one.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter transform: Transforms a value, throwing to fail.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Error> {
        liftFused(Operators.attemptMap(mapError: { $0 }) { value in Result { try transform(value) } })
    }
}
