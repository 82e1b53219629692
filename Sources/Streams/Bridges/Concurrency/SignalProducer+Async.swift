// Swift concurrency into Streams: producers from async sequences, async closures and async
// start handlers, each run in a task of its own that disposal cancels; and the async forms of
// first(), single(), last() and wait().

extension SignalProducer {
    /// Creates a producer whose every run iterates `sequence` anew, in a task of its own.
    ///
    /// Each value of the sequence is sent as it comes; the run completes when the sequence
    /// ends and fails when it throws. Disposing the run cancels the task: the sequence's
    /// iterator sees the cancellation (`Task.isCancelled`, or a `CancellationError` thrown by
    /// what it awaits), and nothing it produces afterwards is sent.
    ///
    /// ```swift
    /// let ticks = SignalProducer(AsyncStream<Int> { continuation in ... })
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The sequence; iterated once per run.
    ///   - priority: The priority of each run's task.
    public init<S: AsyncSequence & Sendable>(_ sequence: S, priority: TaskPriority? = nil)
    where S.Element == Value, S.Failure == Error {
        self.init(asyncStartHandler: priority) { observer, _ async in
            let outcome = await Self.iterate(sequence, into: observer)
            switch outcome {
            case .success: observer.sendCompleted()
            case let .failure(error): observer.send(error: error)
            }
        }
    }

    /// Creates a producer whose every run calls `action` in a task of its own, then sends its
    /// result and completes, or fails with the error it throws.
    ///
    /// Disposing the run cancels the task; `action` sees it through `Task.isCancelled` or the
    /// `CancellationError` of what it awaits, and its result is then dropped.
    ///
    /// ```swift
    /// let profile = SignalProducer<Profile, APIError> { () async throws(APIError) -> Profile in
    ///     try await api.profile(id)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The priority of each run's task.
    ///   - action: The work of one run.
    public init(priority: TaskPriority? = nil, _ action: @escaping @Sendable () async throws(Error) -> Value) {
        self.init(asyncStartHandler: priority) { observer, _ async in
            let outcome: Result<Value, Error> = await Self.capture(action)
            switch outcome {
            case let .success(value):
                observer.send(value: value)
                observer.sendCompleted()
            case let .failure(error):
                observer.send(error: error)
            }
        }
    }

    /// Creates a producer that runs the async `startHandler` in a task of its own on every
    /// start.
    ///
    /// As with the synchronous start handler, the handler sends events into the observer (from
    /// any thread; they are serialized) and adds its resources to the lifetime. Disposing the
    /// run cancels the task. When the handler returns, the run goes on as long as something
    /// holds the observer or the run's disposable (as for every run); once nothing does, an
    /// unterminated run is interrupted. A handler that does all its work in its body ends with
    /// `observer.sendCompleted()`.
    ///
    /// - Parameters:
    ///   - priority: The priority of each run's task.
    ///   - startHandler: The work of one run.
    public init(
        priority: TaskPriority? = nil,
        _ startHandler: @escaping @Sendable (Signal<Value, Error>.Observer, Lifetime) async -> Void
    ) {
        self.init(asyncStartHandler: priority, startHandler)
    }

    /// The body of the async initialisers: one task per run, cancelled when the run ends.
    init(
        asyncStartHandler priority: TaskPriority?,
        _ startHandler: @escaping @Sendable (Signal<Value, Error>.Observer, Lifetime) async -> Void
    ) {
        self.init { observer, lifetime in
            let task = Task(priority: priority) {
                await startHandler(observer, lifetime)
            }
            lifetime += AnyDisposable { task.cancel() }
        }
    }

    /// Sends every value of `sequence` into `observer`; returns how the sequence ended.
    private static func iterate<S: AsyncSequence>(
        _ sequence: S, into observer: Signal<Value, Error>.Observer
    ) async -> Result<Void, Error> where S.Element == Value, S.Failure == Error {
        var iterator = sequence.makeAsyncIterator()
        while true {
            let next: Result<Value?, Error> = await capture { () async throws(Error) -> Value? in
                try await iterator.next(isolation: nil)
            }
            switch next {
            case let .success(value?): observer.send(value: value)
            case .success(nil): return .success(())
            case let .failure(error): return .failure(error)
            }
        }
    }

    /// Runs `body` and returns its outcome as a `Result` typed with the producer's error.
    private static func capture<T>(_ body: () async throws(Error) -> T) async -> Result<T, Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

extension SignalProducer where Value: Sendable {
    /// Starts a run and waits for its first value, then disposes the run.
    ///
    /// The async form of ``first()``; it does not block a thread. Cancelling the waiting task
    /// disposes the run, and the result is then `nil`.
    ///
    /// - Returns: The first value, or `nil` if the run completed or was interrupted without one.
    /// - Throws: The run's error, if it failed before sending a value.
    public func firstValue() async throws(Error) -> Value? {
        for try await value in take(first: 1).values {
            return value
        }
        return nil
    }

    /// Starts a run and waits for its end, expecting exactly one value.
    ///
    /// The async form of ``single()``: a run that sends a second value is disposed at once.
    /// Cancelling the waiting task disposes the run, and the result is then what had arrived:
    /// the value if exactly one had.
    ///
    /// - Returns: The value if the run sent exactly one and then completed or was interrupted,
    ///   `nil` if it sent none or more than one.
    /// - Throws: The run's error, if it failed after at most one value.
    public func singleValue() async throws(Error) -> Value? {
        var iterator = take(first: 2).values.makeAsyncIterator()
        var received: [Value] = []
        while let value = try await iterator.next(isolation: nil) {
            received.append(value)
            if received.count == 2 { return nil }
        }
        return received.count == 1 ? received[0] : nil
    }

    /// Starts a run, waits for its end, and returns its last value.
    ///
    /// The async form of ``last()``. Cancelling the waiting task disposes the run, and the
    /// result is then `nil`.
    ///
    /// - Returns: The last value if the run completed after sending one, `nil` if it completed
    ///   without a value or was interrupted.
    /// - Throws: The run's error, if it failed.
    public func lastValue() async throws(Error) -> Value? {
        for try await value in take(last: 1).values {
            return value
        }
        return nil
    }
}

extension SignalProducer {
    /// Starts a run and waits for its end, ignoring its values.
    ///
    /// The async form of ``wait()``; it does not block a thread. Cancelling the waiting task
    /// disposes the run, and the function then returns.
    ///
    /// - Throws: The run's error, if it failed; a completion or an interruption returns.
    public func waitUntilEnd() async throws(Error) {
        for try await _ in filter({ _ in false }).map({ _ in () }).values {}
    }
}
