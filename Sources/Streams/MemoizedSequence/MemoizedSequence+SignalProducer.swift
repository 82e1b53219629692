import Dispatch

extension MemoizedSequence {
    /// A producer that sends the values of this sequence from `scheduler`, one value per
    /// scheduled action, then completes.
    ///
    /// Each start iterates the sequence anew, from its first value: values already computed (by
    /// an earlier start, or by anyone reading the sequence) are not computed again, and the values
    /// not computed yet are computed on `scheduler`, as the run reaches them. The run reschedules
    /// itself after each value with `Scheduler/scheduleRecursively(_:)`, so on a scheduler that
    /// runs actions inline (`ImmediateScheduler`) a run over a million values needs the stack of
    /// one, and disposing the run stops it before the next value.
    ///
    /// The producer holds the sequence, so the values computed stay memoized for as long as the
    /// producer lives.
    ///
    /// ```swift
    /// MemoizedSequence(1...3).producer(on: QueueScheduler())
    ///     .startWithValues { print($0) }               // 1, 2, 3, on the queue
    /// ```
    ///
    /// - Parameter scheduler: Where the values are computed and sent.
    public func producer(on scheduler: Scheduler) -> SignalProducer<Value, Never> {
        let start = start
        return SignalProducer { observer, lifetime in
            // Touched only by the recursive action, whose runs never overlap.
            var position = start
            lifetime += scheduler.scheduleRecursively { reschedule in
                guard !lifetime.hasEnded else { return }
                guard let node = position.content else {
                    observer.sendCompleted()
                    return
                }
                position = node
                observer.send(value: node.value)
                reschedule()
            }
        }
    }

    /// The values of `producer`, collected by starting it and blocking the calling thread until it
    /// terminates.
    ///
    /// A synchronous producer runs to its end inside this initialiser; an asynchronous one sends
    /// its values from wherever it runs while the caller waits. If the producer is interrupted,
    /// the sequence holds the values received before the interruption.
    ///
    /// ```swift
    /// let numbers = try MemoizedSequence(SignalProducer<Int, MyError>([1, 2, 3]))
    /// ```
    ///
    /// - Warning: Blocks until the producer terminates: never on a producer that does not
    ///   terminate, and it deadlocks if the producer needs the blocked thread to make progress
    ///   (one that sends on the main queue, called from the main thread, for example).
    /// - Throws: The producer's error, if it fails; the values received before are dropped.
    /// - Complexity: O(*n*) for *n* values, which are all kept.
    public init<Failure: Swift.Error>(_ producer: SignalProducer<Value, Failure>) throws(Failure) {
        let collected = Locked(CollectedValues<Value, Failure>())
        let terminated = DispatchSemaphore(value: 0)
        producer.start { event in
            switch event {
            case let .value(value):
                collected.withLock { $0.values.append(value) }
            case let .failed(error):
                collected.withLock { $0.error = error }
                terminated.signal()
            case .completed, .interrupted:
                terminated.signal()
            }
        }
        terminated.wait()
        let (values, error) = collected.withLock { collected -> ([Value], Failure?) in
            defer { collected.values = [] }
            return (collected.values, collected.error)
        }
        if let error { throw error }
        self.init(values)
    }
}

/// What a producer sent, for `MemoizedSequence.init(_:)` taking a producer.
private struct CollectedValues<Value, Failure: Swift.Error> {
    var values: [Value] = []
    var error: Failure?
}

extension SignalProducer where Error == Never {
    /// The values of this producer, collected by starting it and blocking the calling thread until
    /// it terminates; see `MemoizedSequence.init(_:)` taking a producer.
    ///
    /// - Warning: Blocks until the producer terminates.
    /// - Complexity: O(*n*) for *n* values, which are all kept.
    public var sequence: MemoizedSequence<Value> {
        MemoizedSequence(self)
    }
}
