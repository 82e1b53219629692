// Operators written once, on the protocol, from the primitives of the stream's kind. They work
// on every kind of stream, SignalProducer and MemoizedSequence alike, and they are the model
// for operators written outside the package: see DesignGuidelines.md.
//
// Operators that keep the value type return `Self`; those that change it return
// `StreamOf<Kind, NewValue>`. Stateful operators keep their state inside the closure made by
// `bind`'s `makeTransform`, which runs once per start (or evaluation), never in a variable
// shared between runs.

extension StreamProtocol {
    /// A stream of this kind with no value, that ends at once.
    @inlinable
    public static var empty: Self { Self(stream: Kind.empty()) }

    /// A stream of this kind with the single value `value`.
    @inlinable
    public static func just(_ value: Value) -> Self { Self(stream: Kind.just(value)) }

    /// Replaces each value by a stream, concatenating those streams; the primitive behind the
    /// other operators. See ``StreamKind/bind(_:_:)``.
    ///
    /// - Parameter makeTransform: Called once per start or evaluation; returns the transform,
    ///   which may keep state and may set `stop` to end the source after the stream it returns.
    @inlinable
    @_disfavoredOverload
    public func bind<Result>(
        _ makeTransform: @escaping () -> (_ value: Value, _ stop: inout Bool) -> StreamOf<Kind, Result>
    ) -> StreamOf<Kind, Result> {
        Kind.bind(stream, makeTransform)
    }

    /// Replaces each value by the stream `transform` returns, concatenating them in order.
    @inlinable
    @_disfavoredOverload
    public func flatMap<Inner: StreamProtocol>(
        _ transform: @escaping (Value) -> Inner
    ) -> StreamOf<Kind, Inner.Value> where Inner.Kind == Kind {
        bind { { value, _ in transform(value).stream } }
    }

    /// Each value transformed by `transform`.
    @inlinable
    @_disfavoredOverload
    public func map<T>(_ transform: @escaping (Value) -> T) -> StreamOf<Kind, T> {
        bind { { value, _ in Kind.just(transform(value)) } }
    }

    /// The values for which `isIncluded` returns `true`.
    @inlinable
    @_disfavoredOverload
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Self {
        Self(stream: bind { { value, _ in isIncluded(value) ? Kind.just(value) : Kind.empty() } })
    }

    /// The first `count` values; the source ends as soon as they have been taken.
    ///
    /// - Precondition: `count >= 0`.
    @inlinable
    @_disfavoredOverload
    public func take(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> Self {
        requirement(count >= 0, "take(first:) needs a count >= 0, got \(count)", file: file, line: line)
        guard count > 0 else { return .empty }
        return Self(stream: bind {
            var taken = 0
            return { value, stop in
                taken += 1
                if taken == count { stop = true }
                return Kind.just(value)
            }
        })
    }

    /// The values after the first `count`.
    ///
    /// - Precondition: `count >= 0`.
    @inlinable
    @_disfavoredOverload
    public func skip(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> Self {
        requirement(count >= 0, "skip(first:) needs a count >= 0, got \(count)", file: file, line: line)
        guard count > 0 else { return self }
        return Self(stream: bind {
            var skipped = 0
            return { value, _ in
                guard skipped == count else {
                    skipped += 1
                    return Kind.empty()
                }
                return Kind.just(value)
            }
        })
    }

    /// The values up to, not including, the first for which `shouldContinue` returns `false`;
    /// the source ends there.
    @inlinable
    @_disfavoredOverload
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> Self {
        Self(stream: bind {
            { value, stop in
                guard shouldContinue(value) else {
                    stop = true
                    return Kind.empty()
                }
                return Kind.just(value)
            }
        })
    }

    /// The values from the first for which `shouldContinue` returns `false` on.
    @inlinable
    @_disfavoredOverload
    public func skip(while shouldContinue: @escaping (Value) -> Bool) -> Self {
        Self(stream: bind {
            var skipping = true
            return { value, _ in
                if skipping && shouldContinue(value) { return Kind.empty() }
                skipping = false
                return Kind.just(value)
            }
        })
    }

    /// Each intermediate result of combining the values with `nextPartialResult`, starting from
    /// `initialResult` (which is not itself sent).
    @inlinable
    @_disfavoredOverload
    public func scan<Result>(
        _ initialResult: Result, _ nextPartialResult: @escaping (Result, Value) -> Result
    ) -> StreamOf<Kind, Result> {
        bind {
            var partial = initialResult
            return { value, _ in
                partial = nextPartialResult(partial, value)
                return Kind.just(partial)
            }
        }
    }

    /// `value`, then the values of this stream.
    @inlinable
    @_disfavoredOverload
    public func prefix(value: Value) -> Self {
        Self(stream: Kind.concat(Kind.just(value), stream))
    }

    /// `value`, then the values of this stream; the same as ``prefix(value:)``.
    @inlinable
    @_disfavoredOverload
    public func startWith(_ value: Value) -> Self {
        prefix(value: value)
    }

    /// The values of this stream, then those of `next`.
    @inlinable
    @_disfavoredOverload
    public func concat(_ next: Self) -> Self {
        Self(stream: Kind.concat(stream, next.stream))
    }

    /// Pairs of the n-th values of this stream and of `other`, ending with the shorter.
    @inlinable
    @_disfavoredOverload
    public func zip<Other: StreamProtocol>(
        with other: Other
    ) -> StreamOf<Kind, (Value, Other.Value)> where Other.Kind == Kind {
        Kind.zip(stream, other.stream)
    }

    /// No value: only the end of the stream.
    @inlinable
    @_disfavoredOverload
    public func ignoreValues() -> Self {
        Self(stream: bind { { _, _ in Kind.empty() } })
    }

    /// The values that are not equivalent, by `isEquivalent`, to the last value kept.
    @inlinable
    @_disfavoredOverload
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Self {
        Self(stream: bind {
            var previous: Value?
            return { value, _ in
                if let previous, isEquivalent(previous, value) { return Kind.empty() }
                previous = value
                return Kind.just(value)
            }
        })
    }
}

extension StreamProtocol where Value: Equatable {
    /// The values that differ from the value just before them.
    @inlinable
    @_disfavoredOverload
    public func skipRepeats() -> Self {
        skipRepeats(==)
    }
}
