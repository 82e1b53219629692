// skip(first:), skip(while:), skipRepeats and uniqueValues: operators that drop values.

extension Operators {
    /// Drops the first `count` values.
    @inlinable
    static func skip<Value, Error>(first count: Int, file: StaticString, line: UInt) -> FusedOperator<Value, Error, Value, Error> {
        requirement(count >= 0, "skip(first:) needs a count >= 0, got \(count)", file: file, line: line)
        return stateful(into: 0) { skipped, value in
            guard skipped >= count else {
                skipped += 1
                return nil
            }
            return value
        }
    }

    /// Drops values while `shouldContinue` holds, then sends every value.
    @inlinable
    static func skip<Value, Error>(while shouldContinue: @escaping (Value) -> Bool) -> FusedOperator<Value, Error, Value, Error> {
        stateful(into: true) { skipping, value in
            if skipping && shouldContinue(value) { return nil }
            skipping = false
            return value
        }
    }

    /// Drops each value equivalent to the last value sent. A dropped value does not replace it:
    /// with an equivalence that is not transitive, a slow drift is still sent once it strays far
    /// enough from the last value sent (as in ReactiveSwift).
    @inlinable
    static func skipRepeats<Value, Error>(
        _ isEquivalent: @escaping (Value, Value) -> Bool
    ) -> FusedOperator<Value, Error, Value, Error> {
        stateful(into: Value?.none) { lastSent, value in
            if let lastSent, isEquivalent(lastSent, value) { return nil }
            lastSent = value
            return value
        }
    }

    /// Drops each value whose identity was seen before.
    @inlinable
    static func uniqueValues<Value, Error, Identity: Hashable>(
        _ transform: @escaping (Value) -> Identity
    ) -> FusedOperator<Value, Error, Value, Error> {
        stateful(into: Set<Identity>()) { seen, value in
            seen.insert(transform(value)).inserted ? value : nil
        }
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Drops the first `count` values.
    ///
    /// - Values: the first `count` are dropped, the rest sent.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - count: How many values to drop; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of the values after the first `count`.
    @inlinable
    public func skip(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftFused(Operators.skip(first: count, file: file, line: line))
    }

    /// Drops values while `shouldContinue` returns true, then sends every value.
    ///
    /// - Values: dropped until the first for which `shouldContinue` returns false; that one and
    ///   all later ones are sent without calling `shouldContinue` again.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter shouldContinue: Called with each leading value until it returns false.
    /// - Returns: A signal of the values from the first that fails `shouldContinue`.
    @inlinable
    public func skip(while shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        liftFused(Operators.skip(while: shouldContinue))
    }

    /// Drops each value that `isEquivalent` says repeats the last value sent.
    ///
    /// - Values: the first is sent; each later one is sent unless `isEquivalent(lastSent, value)`
    ///   says it repeats the last value sent (a dropped value is not compared with).
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter isEquivalent: Compares the last value sent with the current one.
    /// - Returns: A signal without consecutive repeats.
    @inlinable
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal<Value, Error> {
        liftFused(Operators.skipRepeats(isEquivalent))
    }

    /// Sends each value whose identity has not been seen before.
    ///
    /// - Values: sent if `transform(value)` was not produced by an earlier value.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    /// - Complexity: O(1) per value on average; memory grows with the distinct identities.
    ///
    /// - Parameter transform: The identity of a value.
    /// - Returns: A signal of the values with a new identity.
    @inlinable
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity) -> Signal<Value, Error> {
        liftFused(Operators.uniqueValues(transform))
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: Equatable {
    /// Drops each value equal to the one before it.
    ///
    /// - Values: sent unless equal to the value just before it.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Returns: A signal without consecutive repeats.
    @inlinable
    public func skipRepeats() -> Signal<Value, Error> {
        skipRepeats(==)
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal where Value: Hashable {
    /// Sends each value not seen before.
    ///
    /// - Values: sent the first time they appear.
    /// - Errors, completion and interruption: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    /// - Complexity: O(1) per value on average; memory grows with the distinct values.
    ///
    /// - Returns: A signal of distinct values.
    @inlinable
    public func uniqueValues() -> Signal<Value, Error> {
        uniqueValues { $0 }
    }
}
