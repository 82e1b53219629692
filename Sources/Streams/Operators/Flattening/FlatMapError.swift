// flatMapError: replacing a failure with the events of another producer.

extension Operators {
    /// Forwards values and completion; on failure, starts the producer `transform` returns for
    /// the error and forwards all its events instead. Interruption passes through.
    @inlinable
    static func flatMapError<Value, Error, F>(
        _ transform: @escaping (Error) -> SignalProducer<Value, F>
    ) -> SerializedOperator<Value, Error, Value, F> {
        return { downstream, lifetime in
            Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    downstream.send(value: value)
                case let .failed(error):
                    // The replacement's run joins the output's lifetime before its first event,
                    // so that ending the output stops it, even an endless synchronous one.
                    let replacement = transform(error)
                    guard !lifetime.hasEnded else { return }
                    _ = replacement.startRun { handle in
                        lifetime += handle
                        return downstream
                    }
                case .completed:
                    downstream.sendCompleted()
                case .interrupted:
                    downstream.sendInterrupted()
                }
            }
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Replaces a failure with the events of the producer `transform` returns for the error.
    ///
    /// - Values: this signal's, then, after a failure, those of the replacement producer, on
    ///   the thread it sends them on. No scheduler is involved.
    /// - Errors: this signal's error is not forwarded: it starts the replacement, whose own
    ///   failure fails the result.
    /// - Completion: this signal's, or, after a failure, the replacement's.
    /// - Interruption: this signal's, or the replacement's. When the result terminates, the
    ///   replacement's run is disposed.
    ///
    /// ```swift
    /// fetch.flatMapError { _ in SignalProducer(value: cachedValue) }
    /// ```
    ///
    /// - Parameter transform: Makes the replacement for the error; called once, on the thread of
    ///   the failure.
    /// - Returns: A signal that fails only as the replacement does.
    @inlinable
    public func flatMapError<F>(_ transform: @escaping (Error) -> SignalProducer<Value, F>) -> Signal<Value, F> {
        liftSerialized(Operators.flatMapError(transform))
    }

    /// Replaces a failure with the events of what `transform` returns for the error (anything
    /// that gives a producer); see `flatMapError(_:)`.
    ///
    /// Values pass through, then the replacement's, on their threads; the result completes,
    /// fails or is interrupted as this signal does, or after a failure as the replacement does.
    ///
    /// - Parameter transform: Makes the replacement for the error.
    /// - Returns: A signal that fails only as the replacement does.
    @inlinable
    public func flatMapError<Inner: SignalProducerConvertible>(
        _ transform: @escaping (Error) -> Inner
    ) -> Signal<Value, Inner.Error> where Inner.Value == Value {
        liftSerialized(Operators.flatMapError { transform($0).producer })
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Never {
    /// This signal, which cannot fail, with the error type `NewError`: `transform` is never
    /// called. Values, completion and interruption pass through on the thread they come on.
    ///
    /// - Parameter transform: Never called.
    /// - Returns: This signal with the error type `NewError`.
    @inlinable
    public func flatMapError<NewError>(
        _ transform: @escaping (Error) -> SignalProducer<Value, NewError>
    ) -> Signal<Value, NewError> {
        promoteError(NewError.self)
    }
}
