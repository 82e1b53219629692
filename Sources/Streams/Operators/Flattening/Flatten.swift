// flatten(_:) and flatMap(_:_:), in every combination of error types, and flatten() for
// values that are sequences. Every form runs the flattening engine in `FlattenRun.swift`.

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: SignalProducerConvertible, Error == Value.Error {
    /// Flattens a signal of producers (or of anything that gives one) according to `strategy`.
    ///
    /// - Values: those of the inner producers, run as `strategy` says (see ``FlattenStrategy``),
    ///   each delivered on the thread of the inner producer that sent it; no two events of the
    ///   result ever overlap. No scheduler is involved.
    /// - Errors: a failure of the outer signal or of any inner producer fails the result at once
    ///   and disposes everything still running.
    /// - Completion: once the outer signal has completed and the inner producers the strategy
    ///   runs have completed.
    /// - Interruption: of the outer signal interrupts the result; that of an inner producer the
    ///   operator did not dispose itself counts as its completion, except for a race's winner,
    ///   whose interruption interrupts the result (see ``FlattenStrategy``). When the result
    ///   terminates, its inner runs are disposed.
    ///
    /// ```swift
    /// let (searches, input) = Signal<SignalProducer<String, Never>, Never>.pipe()
    /// searches.flatten(.latest).observeValues { print($0) }
    /// ```
    ///
    /// - Parameter strategy: How the inner producers are run.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        flattening(strategy, mapError: { $0 }) { $0.producer }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: SignalProducerConvertible, Error == Never {
    /// Flattens a signal of producers that cannot fail according to `strategy`; the result fails
    /// with the inner producers' errors.
    ///
    /// Values come from the inner producers as `strategy` says, on their threads, one at a
    /// time; an inner failure fails the result at once; the result completes when the outer
    /// signal and the inner producers have completed, and is interrupted with the outer one (an
    /// interrupted inner producer counts as completed). When the result terminates, its inner runs
    /// are disposed.
    ///
    /// - Parameter strategy: How the inner producers are run.
    /// - Returns: A signal of the inner producers' values and errors.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Value.Error> {
        flattening(strategy, mapError: { (_: Never) -> Value.Error in }) { $0.producer }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: SignalProducerConvertible, Error == Never, Value.Error == Never {
    /// Flattens a signal of producers, none of which can fail, according to `strategy`.
    ///
    /// Values come from the inner producers as `strategy` says, on their threads, one at a
    /// time; the result completes when the outer signal and the inner producers have completed,
    /// and is interrupted with the outer one (an interrupted inner producer counts as completed).
    /// When the result terminates, its inner runs are disposed.
    ///
    /// - Parameter strategy: How the inner producers are run.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Value.Error> {
        flattening(strategy, mapError: { (_: Never) -> Never in }) { $0.producer }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: SignalProducerConvertible, Value.Error == Never {
    /// Flattens a signal of producers that cannot fail according to `strategy`; the result fails
    /// only with this signal's error.
    ///
    /// Values come from the inner producers as `strategy` says, on their threads, one at a
    /// time; the outer failure fails the result at once; the result completes when the outer
    /// signal and the inner producers have completed, and is interrupted with the outer one (an
    /// interrupted inner producer counts as completed). When the result terminates, its inner runs
    /// are disposed.
    ///
    /// - Parameter strategy: How the inner producers are run.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        flattening(strategy, mapError: { $0 }) { $0.producer.promoteError(Error.self) }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: Sequence {
    /// Sends the elements of each value, a sequence, in order, before those of the next value.
    ///
    /// Elements are delivered on the thread that sent the sequence; the result fails, completes
    /// or is interrupted as this signal does. Ending the result stops iterating a sequence at the
    /// next element, so an endless sequence can be cut short by `take(first:)` downstream.
    ///
    /// - Returns: A signal of the sequences' elements.
    @inlinable
    public func flatten() -> Signal<Value.Iterator.Element, Error> {
        flattening(.concat, mapError: { $0 }) { SignalProducer<Value.Iterator.Element, Error>($0) }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Replaces each value with the producer `transform` returns and flattens those producers
    /// according to `strategy`.
    ///
    /// - Values: those of the inner producers, run as `strategy` says (see ``FlattenStrategy``),
    ///   each delivered on the thread of the inner producer that sent it, one at a time. No
    ///   scheduler is involved. `transform` is called on the thread of this signal's value.
    /// - Errors: a failure of this signal or of any inner producer fails the result at once and
    ///   disposes everything still running.
    /// - Completion: once this signal has completed and the inner producers the strategy runs
    ///   have completed.
    /// - Interruption: of this signal interrupts the result; that of an inner producer the
    ///   operator did not dispose itself counts as its completion, except for a race's winner,
    ///   whose interruption interrupts the result (see ``FlattenStrategy``). When the result
    ///   terminates, its inner runs are disposed.
    ///
    /// ```swift
    /// query.flatMap(.latest) { text in search(text) }   // only the newest search's answer
    /// ```
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> Signal<U, Error> {
        flattening(strategy, mapError: { $0 }, transform)
    }

    /// Replaces each value with what `transform` returns (anything that gives a producer) and
    /// flattens those producers according to `strategy`; see
    /// ``flatMap(_:_:)-(FlattenStrategy,(Value)->SignalProducer<U,Error>)``.
    ///
    /// Values come from the inner producers, on their threads, one at a time; any failure fails
    /// the result at once; it completes when this signal and the inner producers have completed,
    /// and is interrupted with the outer one (an interrupted inner producer counts as completed).
    /// When the result terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Error {
        flattening(strategy, mapError: { $0 }) { transform($0).producer }
    }

    /// Replaces each value with a producer that cannot fail and flattens those producers
    /// according to `strategy`; the result fails only with this signal's error.
    ///
    /// Values come from the inner producers, on their threads, one at a time; this signal's
    /// failure fails the result at once; it completes when this signal and the inner producers
    /// have completed, and is interrupted with the outer one (an interrupted inner producer counts
    /// as completed). When the result terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> Signal<U, Error> {
        flattening(strategy, mapError: { $0 }) { transform($0).promoteError(Error.self) }
    }

    /// Replaces each value with what `transform` returns (anything that gives a producer that
    /// cannot fail) and flattens those producers according to `strategy`; the result fails only
    /// with this signal's error.
    ///
    /// Values come from the inner producers, on their threads, one at a time; this signal's
    /// failure fails the result at once; it completes when this signal and the inner producers
    /// have completed, and is interrupted with the outer one (an interrupted inner producer counts
    /// as completed). When the result terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Never {
        flattening(strategy, mapError: { $0 }) { transform($0).producer.promoteError(Error.self) }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Error == Never {
    /// Replaces each value of a signal that cannot fail with a producer and flattens those
    /// producers according to `strategy`; the result fails with the inner producers' errors.
    ///
    /// Values come from the inner producers, on their threads, one at a time; an inner failure
    /// fails the result at once; it completes when this signal and the inner producers have
    /// completed, and is interrupted with the outer one (an interrupted inner producer counts as
    /// completed). When the result terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values and errors.
    @inlinable
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> Signal<U, F> {
        flattening(strategy, mapError: { (_: Never) -> F in }, transform)
    }

    /// Replaces each value of a signal that cannot fail with what `transform` returns (anything
    /// that gives a producer) and flattens according to `strategy`; the result fails with the
    /// inner producers' errors.
    ///
    /// Values come from the inner producers, on their threads, one at a time; an inner failure
    /// fails the result at once; it completes when this signal and the inner producers have
    /// completed, and is interrupted with the outer one (an interrupted inner producer counts as
    /// completed). When the result terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values and errors.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Inner.Error> {
        flattening(strategy, mapError: { (_: Never) -> Inner.Error in }) { transform($0).producer }
    }

    /// Replaces each value of a signal that cannot fail with a producer that cannot fail either,
    /// and flattens those producers according to `strategy`.
    ///
    /// Values come from the inner producers, on their threads, one at a time; the result
    /// completes when this signal and the inner producers have completed, and is interrupted with
    /// the outer one (an interrupted inner producer counts as completed). When the result
    /// terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Never>
    ) -> Signal<U, Never> {
        flattening(strategy, mapError: { (_: Never) -> Never in }, transform)
    }

    /// Replaces each value of a signal that cannot fail with what `transform` returns (anything
    /// that gives a producer that cannot fail), and flattens according to `strategy`.
    ///
    /// Values come from the inner producers, on their threads, one at a time; the result
    /// completes when this signal and the inner producers have completed, and is interrupted with
    /// the outer one (an interrupted inner producer counts as completed). When the result
    /// terminates, its inner runs are disposed.
    ///
    /// - Parameters:
    ///   - strategy: How the inner producers are run.
    ///   - transform: Makes the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Never> where Inner.Error == Never {
        flattening(strategy, mapError: { (_: Never) -> Never in }) { transform($0).producer }
    }
}

// The forms below exist for a signal that sends no value: `transform` can never be called, and
// they only make the call type-check without ambiguity, as in ReactiveSwift.

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value == Never {
    /// A signal that sends no value, typed as the flattened result: `transform` is never called,
    /// and the result fails, completes or is interrupted as this signal does, on its thread.
    ///
    /// - Parameters:
    ///   - strategy: Unused: there is no inner producer.
    ///   - transform: Never called.
    /// - Returns: This signal's termination, with the inner value type.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Error {
        flattening(strategy, mapError: { $0 }) { (_: Never) -> SignalProducer<Inner.Value, Error> in }
    }

    /// A signal that sends no value, typed as the flattened result: `transform` is never called,
    /// and the result fails, completes or is interrupted as this signal does, on its thread.
    ///
    /// - Parameters:
    ///   - strategy: Unused: there is no inner producer.
    ///   - transform: Never called.
    /// - Returns: This signal's termination, with the inner value type.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Never {
        flattening(strategy, mapError: { $0 }) { (_: Never) -> SignalProducer<Inner.Value, Error> in }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value == Never, Error == Never {
    /// A signal that sends nothing but its end, typed as the flattened result: `transform` is
    /// never called, and the result completes or is interrupted as this signal does, on its
    /// thread.
    ///
    /// - Parameters:
    ///   - strategy: Unused: there is no inner producer.
    ///   - transform: Never called.
    /// - Returns: This signal's termination, with the inner value and error types.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Inner.Error> {
        flattening(strategy, mapError: { (_: Never) -> Inner.Error in }) { (_: Never) -> SignalProducer<Inner.Value, Inner.Error> in }
    }

    /// A signal that sends nothing but its end, typed as the flattened result: `transform` is
    /// never called, and the result completes or is interrupted as this signal does, on its
    /// thread.
    ///
    /// - Parameters:
    ///   - strategy: Unused: there is no inner producer.
    ///   - transform: Never called.
    /// - Returns: This signal's termination, with the inner value type.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Inner.Error> where Inner.Error == Error {
        flattening(strategy, mapError: { (_: Never) -> Never in }) { (_: Never) -> SignalProducer<Inner.Value, Inner.Error> in }
    }
}
