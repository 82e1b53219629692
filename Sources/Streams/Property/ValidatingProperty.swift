/// A mutable property that validates every proposed value before storing it.
///
/// Setting ``value`` asks the validator for a ``Decision``: a valid value is stored; a coerced
/// one stores the replacement the validator gives; an invalid one leaves the stored value
/// unchanged. ``result`` always holds the outcome of the latest proposal, including an invalid
/// one, so a form can show the error next to the field while the model keeps its last valid
/// value. Changes made directly to the inner property are validated too.
///
/// ```swift
/// let age = ValidatingProperty(0) { $0 >= 0 ? .valid : .invalid(AgeError.negative) }
/// age.value = -3
/// print(age.value, age.result.value.isInvalid)
/// // Prints: 0 true
/// ```
public final class ValidatingProperty<Value, ValidationError: Swift.Error>: MutablePropertyProtocol {
    /// What the validator decides about a proposed value.
    public enum Decision {
        /// The value is valid and is stored.
        case valid
        /// The value is replaced by another, which is stored; the error, if any, says why.
        case coerced(Value, ValidationError?)
        /// The value is invalid and is not stored.
        case invalid(ValidationError)
    }

    /// The outcome of validating a proposed value.
    public enum Result {
        /// The value was valid and stored.
        case valid(Value)
        /// The proposed value was replaced by `replacement`, which was stored.
        case coerced(replacement: Value, proposed: Value, error: ValidationError?)
        /// The value was invalid and not stored.
        case invalid(Value, ValidationError)

        init(_ proposed: Value, _ decision: Decision) {
            switch decision {
            case .valid: self = .valid(proposed)
            case let .coerced(replacement, error): self = .coerced(replacement: replacement, proposed: proposed, error: error)
            case let .invalid(error): self = .invalid(proposed, error)
            }
        }

        /// The value that was proposed.
        var proposed: Value {
            switch self {
            case let .valid(value): return value
            case let .coerced(_, proposed, _): return proposed
            case let .invalid(proposed, _): return proposed
            }
        }

        /// Whether the proposal was rejected.
        public var isInvalid: Bool {
            if case .invalid = self { return true }
            return false
        }

        /// The value stored as a result: the valid value or the replacement; `nil` if invalid.
        public var value: Value? {
            switch self {
            case let .valid(value): return value
            case let .coerced(replacement, _, _): return replacement
            case .invalid: return nil
            }
        }

        /// The validation error, if any.
        public var error: ValidationError? {
            switch self {
            case .valid: return nil
            case let .coerced(_, _, error): return error
            case let .invalid(_, error): return error
            }
        }
    }

    /// The outcome of the latest proposal.
    public let result: Property<Result>

    /// The stored values: the current one on start, then each change.
    public let producer: SignalProducer<Value, Never>

    /// The changes of the stored value from now on.
    public let signal: Signal<Value, Never>

    /// The lifetime of the inner property.
    public let lifetime: Lifetime

    private let getter: () -> Value
    private let setter: (Value) -> Void

    /// The stored value. Setting it proposes a value: it is validated, and stored (or its
    /// replacement is) unless invalid.
    public var value: Value {
        get { getter() }
        set { setter(newValue) }
    }

    /// Creates a validating property over `inner`, whose current value is validated at once.
    ///
    /// - Parameters:
    ///   - inner: The property that stores the valid values.
    ///   - validator: Decides about each proposed value.
    public init<Inner: ComposableMutablePropertyProtocol>(_ inner: Inner, _ validator: @escaping (Value) -> Decision)
    where Inner.Value == Value {
        getter = { inner.value }
        producer = inner.producer
        signal = inner.signal
        lifetime = inner.lifetime
        let outcome = MutableProperty(Result(inner.value, validator(inner.value)))
        result = Property(capturing: outcome)
        // Each value written back after a validation comes back once through `inner.signal`;
        // it has been validated already.
        let pendingWritebacks = Locked(0)
        outcome <~ inner.signal.filter { _ in
            pendingWritebacks.withLock { pending in
                guard pending > 0 else { return true }
                pending -= 1
                return false
            }
        }.map { Result($0, validator($0)) }
        setter = { proposed in
            let validated = Result(proposed, validator(proposed))
            if let stored = validated.value {
                pendingWritebacks.withLock { $0 += 1 }
                inner.value = stored
            }
            outcome.value = validated
        }
    }

    /// Creates a validating property holding `initial`, validated at once.
    ///
    /// - Parameters:
    ///   - initial: The first proposed value.
    ///   - validator: Decides about each proposed value.
    public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// Creates a validating property over `inner` whose decisions also depend on `other`: when
    /// `other` changes, the latest proposal is validated again.
    ///
    /// - Parameters:
    ///   - inner: The property that stores the valid values.
    ///   - other: The property the validation depends on.
    ///   - validator: Decides about a proposed value given `other`'s value.
    public convenience init<Other: PropertyProtocol>(
        _ inner: MutableProperty<Value>,
        with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        // A view that follows `other` without keeping it alive.
        let other = Property(other)
        self.init(inner) { proposed in validator(proposed, other.value) }
        // A change of `other` revalidates the latest proposal, valid or not.
        lifetime += other.signal.observeValues { [weak self] _ in
            guard let self else { return }
            self.value = self.result.value.proposed
        }
    }

    /// Creates a validating property holding `initial` whose decisions also depend on `other`.
    ///
    /// - Parameters:
    ///   - initial: The first proposed value.
    ///   - other: The property the validation depends on.
    ///   - validator: Decides about a proposed value given `other`'s value.
    public convenience init<Other: PropertyProtocol>(
        _ initial: Value,
        with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Creates a validating property holding `initial` whose decisions also depend on the
    /// latest proposal of another validating property.
    ///
    /// - Parameters:
    ///   - initial: The first proposed value.
    ///   - other: The validating property the validation depends on.
    ///   - validator: Decides about a proposed value given `other`'s latest proposal.
    public convenience init<U, E>(
        _ initial: Value,
        with other: ValidatingProperty<U, E>,
        _ validator: @escaping (Value, U) -> Decision
    ) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Creates a validating property over `inner` whose decisions also depend on the latest
    /// proposal of another validating property.
    ///
    /// - Parameters:
    ///   - inner: The property that stores the valid values.
    ///   - other: The validating property the validation depends on.
    ///   - validator: Decides about a proposed value given `other`'s latest proposal.
    public convenience init<U, E>(
        _ inner: MutableProperty<Value>,
        with other: ValidatingProperty<U, E>,
        _ validator: @escaping (Value, U) -> Decision
    ) {
        self.init(inner, with: other.result.map { $0.proposed }, validator)
    }
}

/// A validating property is shared between threads only when its values may be, as
/// ``MutableProperty`` is.
extension ValidatingProperty: @unchecked Sendable where Value: Sendable {}
