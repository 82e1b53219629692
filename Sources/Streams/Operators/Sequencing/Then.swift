// then(_:): wait for a producer to complete, ignoring its values, then run another.

extension Operators {
    /// Drops every value and gives the stream another value type; terminal events pass through.
    @inlinable
    static func droppingValues<Value, Error, U>() -> FusedOperator<Value, Error, U, Error> {
        return { downstream, _ in
            Signal<Value, Error>.Observer { event in
                if case .value = event { return }
                event.forwardTermination(to: downstream)
            }
        }
    }
}

extension SignalProducer {
    /// The body of every `then` overload: this producer's values dropped, then `replacement`.
    @inlinable
    func sequenced<U>(before replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        let waited = liftFused(Operators.droppingValues()) as SignalProducer<U, Error>
        return .sequencing { [waited, replacement].makeIterator() }
    }
}

extension SignalProducer {
    /// Waits for this producer to complete, ignoring its values, then runs `replacement`, which
    /// cannot fail.
    ///
    /// - Values: none of this producer's; then `replacement`'s, on the thread it sends them from.
    /// - Completion: when `replacement` completes.
    /// - Errors: a failure of this producer is forwarded at once, and `replacement` never starts.
    /// - Interruption: an interruption of either producer interrupts the result. Disposing the
    ///   result interrupts the producer that is running and starts no other.
    /// - Scheduler: none; `replacement` is started on the thread this producer completed on.
    ///
    /// Chains of `then` of any length run in constant stack.
    ///
    /// - Parameter replacement: The producer to run once this one completed.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Error> {
        sequenced(before: replacement.promoteError(Error.self))
    }

    /// Waits for this producer to complete, ignoring its values, then runs the producer of
    /// `replacement`, which cannot fail. See `then(_:)`.
    ///
    /// - Parameter replacement: A producer, property or anything that converts to a producer.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Error> where Replacement.Error == Never {
        sequenced(before: replacement.producer.promoteError(Error.self))
    }

    /// Waits for this producer to complete, ignoring its values, then runs `replacement`.
    ///
    /// - Values: none of this producer's; then `replacement`'s, on the thread it sends them from.
    /// - Completion: when `replacement` completes.
    /// - Errors: a failure of either producer is forwarded at once; after a failure of this
    ///   producer, `replacement` never starts.
    /// - Interruption: an interruption of either producer interrupts the result. Disposing the
    ///   result interrupts the producer that is running and starts no other.
    /// - Scheduler: none; `replacement` is started on the thread this producer completed on.
    ///
    /// Chains of `then` of any length run in constant stack.
    ///
    /// ```swift
    /// saveDraft.then(SignalProducer(value: "saved"))   // "saved", once the save completed
    /// ```
    ///
    /// - Parameter replacement: The producer to run once this one completed.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        sequenced(before: replacement)
    }

    /// Waits for this producer to complete, ignoring its values, then runs the producer of
    /// `replacement`. See ``then(_:)-(SignalProducer<U,Error>)``.
    ///
    /// - Parameter replacement: A producer, property or anything that converts to a producer.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Error> where Replacement.Error == Error {
        sequenced(before: replacement.producer)
    }

    /// Waits for this producer to complete, ignoring its values, then runs `replacement`, of the
    /// same value type. See ``then(_:)-(SignalProducer<U,Error>)``; this overload lets the type
    /// of `replacement` be inferred (`.then(.empty)`).
    ///
    /// - Parameter replacement: The producer to run once this one completed.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then(_ replacement: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        sequenced(before: replacement)
    }

    /// Waits for this producer to complete, ignoring its values, then runs the producer of
    /// `replacement`, of the same value type. See ``then(_:)-(SignalProducer<U,Error>)``.
    ///
    /// - Parameter replacement: A producer, property or anything that converts to a producer.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Value, Error> where Replacement.Value == Value, Replacement.Error == Error {
        sequenced(before: replacement.producer)
    }
}

extension SignalProducer where Error == Never {
    /// Waits for this producer, which cannot fail, to complete, ignoring its values, then runs
    /// `replacement`, which may fail.
    ///
    /// - Values: none of this producer's; then `replacement`'s, on the thread it sends them from.
    /// - Completion: when `replacement` completes.
    /// - Errors: those of `replacement`, forwarded at once.
    /// - Interruption: an interruption of either producer interrupts the result. Disposing the
    ///   result interrupts the producer that is running and starts no other.
    /// - Scheduler: none; `replacement` is started on the thread this producer completed on.
    ///
    /// - Parameter replacement: The producer to run once this one completed.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<U, F>(_ replacement: SignalProducer<U, F>) -> SignalProducer<U, F> {
        promoteError(F.self).sequenced(before: replacement)
    }

    /// Waits for this producer, which cannot fail, to complete, ignoring its values, then runs
    /// the producer of `replacement`. See ``then(_:)-(SignalProducer<U,F>)``.
    ///
    /// - Parameter replacement: A producer, property or anything that converts to a producer.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Replacement.Error> {
        promoteError(Replacement.Error.self).sequenced(before: replacement.producer)
    }

    /// Waits for this producer, which cannot fail, to complete, ignoring its values, then runs
    /// `replacement`, which cannot fail either; the result cannot fail.
    ///
    /// - Values: none of this producer's; then `replacement`'s, on the thread it sends them from.
    /// - Completion: when `replacement` completes.
    /// - Interruption: an interruption of either producer interrupts the result. Disposing the
    ///   result interrupts the producer that is running and starts no other.
    /// - Scheduler: none; `replacement` is started on the thread this producer completed on.
    ///
    /// - Parameter replacement: The producer to run once this one completed.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<U>(_ replacement: SignalProducer<U, Never>) -> SignalProducer<U, Never> {
        sequenced(before: replacement)
    }

    /// Waits for this producer, which cannot fail, to complete, ignoring its values, then runs
    /// the producer of `replacement`, which cannot fail either. See
    /// `then(_:)`.
    ///
    /// - Parameter replacement: A producer, property or anything that converts to a producer.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Never> where Replacement.Error == Never {
        sequenced(before: replacement.producer)
    }

    /// Waits for this producer, which cannot fail, to complete, ignoring its values, then runs
    /// `replacement`, of the same value type; this overload lets the type of `replacement` be
    /// inferred. See `then(_:)`.
    ///
    /// - Parameter replacement: The producer to run once this one completed.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then(_ replacement: SignalProducer<Value, Never>) -> SignalProducer<Value, Never> {
        sequenced(before: replacement)
    }

    /// Waits for this producer, which cannot fail, to complete, ignoring its values, then runs
    /// the producer of `replacement`, of the same value type. See
    /// `then(_:)`.
    ///
    /// - Parameter replacement: A producer, property or anything that converts to a producer.
    /// - Returns: A producer sending `replacement`'s values after this producer completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Value, Never> where Replacement.Value == Value, Replacement.Error == Never {
        sequenced(before: replacement.producer)
    }
}
