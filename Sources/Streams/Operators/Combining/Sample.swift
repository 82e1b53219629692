// sample(with:) and sample(on:): the latest value of a stream, each time a sampler sends.

extension Operators {
    /// What a sampling operator knows; behind a lock, since the sampler may send from another
    /// thread.
    @usableFromInline
    struct SampleState<Value> {
        @usableFromInline var latest: Value?
        @usableFromInline var sourceCompleted = false
        @usableFromInline var samplerCompleted = false

        @inlinable init() {}
    }

    /// Sends `combine(latest, samplerValue)` for each value of the sampler, once the source has
    /// sent a value; completes when both have completed; fails with the source; is interrupted
    /// when either is.
    ///
    /// - Parameters:
    ///   - attachSampler: Connects the sampler's events to an observer for the output's lifetime.
    ///   - combine: Builds the value sent for a sample.
    @inlinable
    static func sample<Value, Error, T, U>(
        sampler attachSampler: @escaping (Signal<T, Never>.Observer, Lifetime) -> Void,
        _ combine: @escaping (Value, T) -> U
    ) -> SerializedOperator<Value, Error, U, Error> {
        let parts: (Signal<U, Error>.Observer, Lifetime) -> (Signal<Value, Error>.Observer, () -> Void) =
            sampleParts(sampler: attachSampler, combine)
        return { downstream, lifetime in
            let (source, startSampler) = parts(downstream, lifetime)
            startSampler()
            return source
        }
    }

    /// The parts of a sampling operator: the observer of the source, and the function that
    /// attaches the sampler, which a producer calls once the source's run has started.
    @inlinable
    static func sampleParts<Value, Error, T, U>(
        sampler attachSampler: @escaping (Signal<T, Never>.Observer, Lifetime) -> Void,
        _ combine: @escaping (Value, T) -> U
    ) -> (Signal<U, Error>.Observer, Lifetime) -> (Signal<Value, Error>.Observer, () -> Void) {
        return { downstream, lifetime in
            let state = Locked(SampleState<Value>())
            let sampler = Signal<T, Never>.Observer { event in
                switch event {
                case let .value(samplerValue):
                    if let latest = state.withLock({ $0.latest }) {
                        downstream.send(value: combine(latest, samplerValue))
                    }
                case .completed:
                    let both = state.withLock { state -> Bool in
                        state.samplerCompleted = true
                        return state.sourceCompleted
                    }
                    if both { downstream.sendCompleted() }
                case .interrupted:
                    downstream.sendInterrupted()
                }
            }
            let source = Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    // The value replaced is released here, once the lock is dropped.
                    let replaced = state.withLock { state -> Value? in
                        defer { state.latest = value }
                        return state.latest
                    }
                    withExtendedLifetime(replaced) {}
                case .completed:
                    let both = state.withLock { state -> Bool in
                        state.sourceCompleted = true
                        return state.samplerCompleted
                    }
                    if both { downstream.sendCompleted() }
                case let .failed(error):
                    downstream.send(error: error)
                case .interrupted:
                    downstream.sendInterrupted()
                }
            }
            return (source, { attachSampler(sampler, lifetime) })
        }
    }
}

extension SignalProducer {
    /// Samples this producer with `sampler`, as ReactiveSwift does: each run starts this
    /// producer first, then the sampler, so a synchronous sampler samples the values this
    /// producer sent synchronously.
    @inlinable
    func sampling<T, U>(
        _ sampler: SignalProducer<T, Never>, _ combine: @escaping (Value, T) -> U
    ) -> SignalProducer<U, Error> {
        let run = startRun
        let parts: (Signal<U, Error>.Observer, Lifetime) -> (Signal<Value, Error>.Observer, () -> Void) =
            Operators.sampleParts(sampler: CombiningSource(sampler).attach, combine)
        return SignalProducer<U, Error>(run: ProducerRuns.generator { observer, lifetime in
            let (source, startSampler) = parts(observer, lifetime)
            _ = run { handle in
                lifetime += handle
                return source
            }
            guard !lifetime.hasEnded else { return }
            startSampler()
        })
    }
}

extension Signal {
    /// Sends the latest value of this signal, paired with the sampler's value, each time
    /// `sampler` sends.
    ///
    /// - Values: for each value of the sampler, `(latest, samplerValue)` if this signal has
    ///   sent a value yet, nothing otherwise. The same latest value may be sampled many times.
    /// - Completion: once both this signal and the sampler have completed.
    /// - Errors: this signal's error, at once.
    /// - Interruption: when either this signal or the sampler is interrupted.
    /// - Scheduler: none; samples are delivered on the sampler's thread, terminal events on the
    ///   thread of the stream that caused them, one at a time.
    ///
    /// ```swift
    /// let (numbers, numbersInput) = Signal<Int, Never>.pipe()
    /// let (ticks, ticksInput) = Signal<String, Never>.pipe()
    /// numbers.sample(with: ticks).observeValues { print($0) }
    /// numbersInput.send(value: 1)
    /// numbersInput.send(value: 2)
    /// ticksInput.send(value: "tick")
    /// // Prints: (2, "tick")
    /// ```
    ///
    /// - Parameter sampler: The signal whose values trigger the samples.
    /// - Returns: A signal of `(latest value, sampler value)` pairs.
    @inlinable
    public func sample<T>(with sampler: Signal<T, Never>) -> Signal<(Value, T), Error> {
        liftSerialized(Operators.sample(sampler: CombiningSource(sampler).attach) { ($0, $1) })
    }

    /// Sends the latest value of this signal each time `sampler` sends.
    ///
    /// The same as ``sample(with:)`` keeping only this signal's value: each value of the
    /// sampler sends the latest value, if there is one; the result completes once both have
    /// completed, fails with this signal, and is interrupted when either is.
    ///
    /// - Parameter sampler: The signal whose values trigger the samples.
    /// - Returns: A signal of sampled values.
    @inlinable
    public func sample(on sampler: Signal<(), Never>) -> Signal<Value, Error> {
        liftSerialized(Operators.sample(sampler: CombiningSource(sampler).attach) { value, _ in value })
    }
}

extension SignalProducer {
    /// Sends the latest value of each run, paired with the sampler's value, each time
    /// `sampler` sends.
    ///
    /// Each run starts this producer first, then the sampler (as ReactiveSwift does), so a
    /// synchronous sampler samples the values this producer sent synchronously.
    ///
    /// - Values: for each value of the sampler, `(latest, samplerValue)` if this producer has
    ///   sent a value yet, nothing otherwise.
    /// - Completion: once both this producer and the sampler have completed.
    /// - Errors: this producer's error, at once; the sampler is then interrupted.
    /// - Interruption: when either is interrupted. Disposing the run interrupts both.
    /// - Scheduler: none; samples are delivered on the sampler's thread.
    ///
    /// - Parameter sampler: The producer whose values trigger the samples.
    /// - Returns: A producer of `(latest value, sampler value)` pairs.
    @inlinable
    public func sample<U>(with sampler: SignalProducer<U, Never>) -> SignalProducer<(Value, U), Error> {
        sampling(sampler) { ($0, $1) }
    }

    /// Sends the latest value of each run, paired with the sampler's value, each time
    /// `sampler` sends.
    ///
    /// The same as ``sample(with:)-(SignalProducer<U,Never>)``.
    ///
    /// - Parameter sampler: Anything that gives the producer whose values trigger the samples.
    /// - Returns: A producer of `(latest value, sampler value)` pairs.
    @inlinable
    public func sample<Sampler: SignalProducerConvertible>(
        with sampler: Sampler
    ) -> SignalProducer<(Value, Sampler.Value), Error> where Sampler.Error == Never {
        sample(with: sampler.producer)
    }

    /// Sends the latest value of each run each time `sampler` sends.
    ///
    /// The same as ``sample(with:)-(SignalProducer<U,Never>)`` keeping only this producer's
    /// value.
    ///
    /// - Parameter sampler: The producer whose values trigger the samples.
    /// - Returns: A producer of sampled values.
    @inlinable
    public func sample(on sampler: SignalProducer<(), Never>) -> SignalProducer<Value, Error> {
        sampling(sampler) { value, _ in value }
    }

    /// Sends the latest value of each run each time `sampler` sends.
    ///
    /// The same as ``sample(on:)-(SignalProducer<(),Never>)``.
    ///
    /// - Parameter sampler: Anything that gives the producer whose values trigger the samples.
    /// - Returns: A producer of sampled values.
    @inlinable
    public func sample<Sampler: SignalProducerConvertible>(
        on sampler: Sampler
    ) -> SignalProducer<Value, Error> where Sampler.Value == (), Sampler.Error == Never {
        sample(on: sampler.producer)
    }
}
