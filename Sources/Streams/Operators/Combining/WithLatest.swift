// withLatest(from:): each value of a stream, paired with the latest value of another.

extension Operators {
    /// Sends `(value, latest)` for each value, once the samplee has sent; terminal events of
    /// the source pass through; the samplee's own end is ignored (its last value stays).
    ///
    /// - Parameter attachSamplee: Connects the samplee's events to an observer for the output's
    ///   lifetime.
    @inlinable
    static func withLatest<Value, Error, U>(
        from attachSamplee: @escaping (Signal<U, Never>.Observer, Lifetime) -> Void
    ) -> SerializedOperator<Value, Error, (Value, U), Error> {
        return { downstream, lifetime in
            let latest = Locked<U?>(nil)
            attachSamplee(Signal<U, Never>.Observer { event in
                guard case let .value(value) = event else { return }
                // The value replaced is released here, once the lock is dropped.
                let replaced = latest.withLock { latest -> U? in
                    defer { latest = value }
                    return latest
                }
                withExtendedLifetime(replaced) {}
            }, lifetime)
            return Signal<Value, Error>.Observer { event in
                if case let .value(value) = event {
                    if let sample = latest.withLock({ $0 }) { downstream.send(value: (value, sample)) }
                } else {
                    event.forwardTermination(to: downstream)
                }
            }
        }
    }
}

extension Signal {
    /// Pairs each value of this signal with the latest value of `samplee`.
    ///
    /// - Values: each value becomes `(value, latest)` once the samplee has sent a value; values
    ///   sent before that are dropped.
    /// - Errors, completion and interruption: this signal's, passed through. The samplee's
    ///   completion or interruption is ignored: its last value keeps being used.
    /// - Scheduler: none; values are delivered on the thread this signal sends them.
    ///
    /// ```swift
    /// let (clicks, clicksInput) = Signal<Int, Never>.pipe()
    /// let (names, namesInput) = Signal<String, Never>.pipe()
    /// clicks.withLatest(from: names).observeValues { print($0) }
    /// clicksInput.send(value: 1)
    /// namesInput.send(value: "Ada")
    /// clicksInput.send(value: 2)
    /// // Prints: (2, "Ada")
    /// ```
    ///
    /// - Parameter samplee: The signal whose latest value is paired with each value.
    /// - Returns: A signal of `(value, latest samplee value)` pairs.
    @inlinable
    public func withLatest<U>(from samplee: Signal<U, Never>) -> Signal<(Value, U), Error> {
        liftSerialized(Operators.withLatest(from: CombiningSource(samplee).attach))
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Pairs each value with the latest value of a run of `samplee`.
    ///
    /// The samplee is started before this signal sends anything, and interrupted when the
    /// result terminates.
    ///
    /// - Values: each value becomes `(value, latest)` once the samplee has sent a value; values
    ///   sent before that are dropped.
    /// - Errors, completion and interruption: this signal's, passed through. The samplee's
    ///   completion or interruption is ignored: its last value keeps being used.
    /// - Scheduler: none; values are delivered on the thread this signal sends them.
    ///
    /// - Parameter samplee: The producer whose latest value is paired with each value.
    /// - Returns: A signal of `(value, latest samplee value)` pairs.
    @inlinable
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        liftSerialized(Operators.withLatest(from: CombiningSource(samplee).attach))
    }

    /// Pairs each value with the latest value of `samplee`.
    ///
    /// The same as ``withLatest(from:)-(SignalProducer<U,Never>)``.
    ///
    /// - Parameter samplee: Anything that gives the producer whose latest value is paired with
    ///   each value: a producer, a signal, a property.
    /// - Returns: A signal of `(value, latest samplee value)` pairs.
    @inlinable
    public func withLatest<Samplee: SignalProducerConvertible>(
        from samplee: Samplee
    ) -> Signal<(Value, Samplee.Value), Error> where Samplee.Error == Never {
        withLatest(from: samplee.producer)
    }
}
