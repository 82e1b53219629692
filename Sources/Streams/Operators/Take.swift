// take(first:), take(last:), take(while:) and take(until:) with a predicate.

extension Operators {
    /// Completes after `count` values; at once if `count` is zero.
    @inlinable
    static func take<Value, Error>(first count: Int, file: StaticString, line: UInt) -> FusedOperator<Value, Error, Value, Error> {
        requirement(count >= 0, "take(first:) needs a count >= 0, got \(count)", file: file, line: line)
        guard count > 0 else {
            // As in ReactiveSwift, whose result has ended before anyone observes it.
            return { downstream, stop in
                downstream.sendInterrupted()
                stop.dispose()
                return Signal<Value, Error>.Observer { _ in }
            }
        }
        return ending(into: 0) { taken, value in
            taken += 1
            return taken < count ? .send(value) : .finish(last: value, .completed)
        }
    }

    /// Keeps the last `count` values and sends them on completion.
    @inlinable
    static func take<Value, Error>(last count: Int, file: StaticString, line: UInt) -> FusedOperator<Value, Error, Value, Error> {
        requirement(count >= 0, "take(last:) needs a count >= 0, got \(count)", file: file, line: line)
        return { downstream, _ in
            // A ring of the last values, and the index of the oldest.
            let ring = RunState.make((buffer: [Value](), oldest: 0))
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    guard count > 0 else { return }
                    ring.update { ring in
                        if ring.buffer.count < count {
                            ring.buffer.append(value)
                        } else {
                            ring.buffer[ring.oldest] = value
                            ring.oldest = (ring.oldest + 1) % count
                        }
                    }
                case .completed:
                    let (buffer, oldest) = ring.update { ring in
                        defer { ring.buffer = [] }
                        return (ring.buffer, ring.oldest)
                    }
                    for index in 0..<buffer.count {
                        downstream.send(value: buffer[(oldest + index) % buffer.count])
                    }
                    downstream.sendCompleted()
                default:
                    downstream.send(event)
                }
            }
        }
    }

    /// Sends values while `shouldContinue` holds; completes at the first that fails it, which
    /// is sent too when `inclusive`.
    @inlinable
    static func take<Value, Error>(
        while shouldContinue: @escaping (Value) -> Bool, inclusive: Bool
    ) -> FusedOperator<Value, Error, Value, Error> {
        ending(into: ()) { _, value in
            if shouldContinue(value) { return .send(value) }
            return .finish(last: inclusive ? value : nil, .completed)
        }
    }
}

// take(first:) differs on producers, which skip the source when there is nothing to take.
extension Signal {
    /// Sends the first `count` values, then completes.
    ///
    /// - Values: the first `count` are sent; with the last of them the signal completes and
    ///   stops observing this one. With a `count` of zero the signal has ended before anyone can
    ///   observe it: observers receive `interrupted`, as in ReactiveSwift.
    /// - Errors, completion and interruption before that: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - count: How many values to send; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of at most `count` values.
    @inlinable
    public func take(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftFused(Operators.take(first: count, file: file, line: line))
    }
}

extension SignalProducer {
    /// Sends the first `count` values of each run, then completes and interrupts the source.
    ///
    /// - Values: the first `count` are sent; with the last of them the run completes and the
    ///   source run is interrupted (a synchronous source stops at once). A `count` of zero
    ///   is interrupted at once, as in ReactiveSwift, without starting the source at all.
    /// - Errors, completion and interruption before that: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// ```swift
    /// SignalProducer(1...).take(first: 2).startWithValues { print($0) }
    /// // Prints: 1 and 2, one per line; the infinite sequence stops there.
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many values to send; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer of at most `count` values.
    @inlinable
    public func take(first count: Int, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        // With nothing to take, the source is not started: its start handler, and side effects
        // injected before it such as `on(starting:)`, do not run, and the run is interrupted at
        // once (as in ReactiveSwift, whose result has ended before it is observed).
        requirement(count >= 0, "take(first:) needs a count >= 0, got \(count)", file: file, line: line)
        guard count > 0 else { return SignalProducer(run: ProducerRuns.synchronous { _, _ in nil }) }
        return liftFused(Operators.take(first: count, file: file, line: line))
    }
}

// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
extension Signal {
    /// Sends the last `count` values once this signal completes.
    ///
    /// - Values: the last `count` are kept (O(`count`) memory) and sent in order on completion,
    ///   followed by completion.
    /// - Errors and interruption: passed through; the kept values are discarded.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameters:
    ///   - count: How many values to keep; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A signal of at most `count` values, all sent on completion.
    @inlinable
    public func take(last count: Int, file: StaticString = #fileID, line: UInt = #line) -> Signal<Value, Error> {
        liftFused(Operators.take(last: count, file: file, line: line))
    }

    /// Sends values while `shouldContinue` returns true, then completes.
    ///
    /// - Values: sent while `shouldContinue` holds; the first value for which it returns false
    ///   is not sent, and the signal completes and stops observing this one.
    /// - Errors, completion and interruption before that: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter shouldContinue: Called with each value until it returns false.
    /// - Returns: A signal of the leading values that satisfy `shouldContinue`.
    @inlinable
    public func take(while shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        liftFused(Operators.take(while: shouldContinue, inclusive: false))
    }

    /// Sends values until `shouldContinue` returns false; that last value is sent too, then the
    /// signal completes.
    ///
    /// - Values: each is sent; if `shouldContinue` returned false for it, completion follows and
    ///   the signal stops observing this one.
    /// - Errors, completion and interruption before that: passed through.
    /// - Scheduler: none; events are delivered where the source delivers them.
    ///
    /// - Parameter shouldContinue: Called with each value until it returns false.
    /// - Returns: A signal of the values up to and including the first that fails the test.
    @inlinable
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        liftFused(Operators.take(while: shouldContinue, inclusive: true))
    }
}
