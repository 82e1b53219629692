// Streams into Swift concurrency: `values`, an AsyncSequence over a producer's runs or a
// signal's events, with a buffering policy and cancellation in both directions.

extension SignalProducer where Value: Sendable {
    /// The values of a run of this producer, as an asynchronous sequence.
    ///
    /// Each iteration starts its own run when it first asks for a value; leaving the loop, or
    /// cancelling the task that iterates, disposes the run at once. Values are buffered without
    /// bound while the loop is busy; ``values(bufferingPolicy:)`` bounds the buffer.
    ///
    /// The sequence ends when the run completes or is interrupted, and throws the run's error
    /// when it fails: `for await` needs no `try` when `Error` is `Never`, and a `catch` gets the
    /// producer's own error type. To tell an interruption from a completion, iterate
    /// `materialize().values`, whose last element is the terminal event.
    ///
    /// ```swift
    /// for await page in pages.values {
    ///     render(page)
    /// }
    /// ```
    public var values: AsyncValues<Value, Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The values of a run of this producer, as an asynchronous sequence that buffers values
    /// according to `bufferingPolicy` while the loop is busy.
    ///
    /// - Parameter bufferingPolicy: What to keep when values arrive faster than the loop
    ///   takes them; see ``AsyncValuesBufferingPolicy``.
    /// - Returns: A sequence whose every iteration starts a run; see ``values``.
    public func values(bufferingPolicy: AsyncValuesBufferingPolicy) -> AsyncValues<Value, Error> {
        AsyncValues(policy: bufferingPolicy) { observer in self.start(observer) }
    }
}

extension Signal where Value: Sendable {
    /// The values this signal sends from the time an iteration begins, as an asynchronous
    /// sequence.
    ///
    /// Each iteration observes the signal when it first asks for a value; leaving the loop or
    /// cancelling the task stops that observation. The sequence ends when the signal completes
    /// or is interrupted (at once if it already has), and throws its error if it fails.
    /// Values are buffered without bound while the loop is busy; see
    /// ``values(bufferingPolicy:)``.
    public var values: AsyncValues<Value, Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The values this signal sends from the time an iteration begins, as an asynchronous
    /// sequence that buffers according to `bufferingPolicy`.
    ///
    /// - Parameter bufferingPolicy: What to keep when values arrive faster than the loop
    ///   takes them.
    /// - Returns: A sequence whose every iteration observes the signal; see ``values``.
    public func values(bufferingPolicy: AsyncValuesBufferingPolicy) -> AsyncValues<Value, Error> {
        AsyncValues(policy: bufferingPolicy) { observer in self.observe(observer) }
    }
}

/// What an ``AsyncValues`` sequence keeps when values arrive faster than its loop takes them.
public struct AsyncValuesBufferingPolicy: Sendable, Equatable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Equatable {
        case unbounded
        case newest(Int)
        case oldest(Int)
    }

    @usableFromInline let kind: Kind

    /// Keeps every value: nothing is ever lost. The default.
    public static let unbounded = AsyncValuesBufferingPolicy(kind: .unbounded)

    /// Keeps at most the `limit` most recent values waiting: an older waiting value is dropped
    /// when a newer one arrives. With `0`, a value is kept only if the loop is already waiting
    /// for it.
    ///
    /// - Parameter limit: The number of waiting values kept; must not be negative.
    public static func bufferingNewest(_ limit: Int, file: StaticString = #fileID, line: UInt = #line) -> AsyncValuesBufferingPolicy {
        requirement(limit >= 0, "values(bufferingPolicy:): bufferingNewest needs a limit of 0 or more, not \(limit)", file: file, line: line)
        return AsyncValuesBufferingPolicy(kind: .newest(limit))
    }

    /// Keeps at most the first `limit` values waiting: a value that arrives while `limit`
    /// values wait is dropped. With `0`, a value is kept only if the loop is already waiting
    /// for it.
    ///
    /// - Parameter limit: The number of waiting values kept; must not be negative.
    public static func bufferingOldest(_ limit: Int, file: StaticString = #fileID, line: UInt = #line) -> AsyncValuesBufferingPolicy {
        requirement(limit >= 0, "values(bufferingPolicy:): bufferingOldest needs a limit of 0 or more, not \(limit)", file: file, line: line)
        return AsyncValuesBufferingPolicy(kind: .oldest(limit))
    }

    /// The policy as written in code, as in `bufferingNewest(3)`.
    public var description: String {
        switch kind {
        case .unbounded: "unbounded"
        case let .newest(limit): "bufferingNewest(\(limit))"
        case let .oldest(limit): "bufferingOldest(\(limit))"
        }
    }
}

/// The values of a producer's run or of a signal, as an asynchronous sequence; made by
/// `values` on ``SignalProducer`` and ``Signal``.
///
/// It fails with the stream's own error type (`Failure == Error`), so a loop over a stream
/// that cannot fail is a plain `for await`. Every iteration has its own run or observation,
/// started by its first `next()`, and ended by the iteration's end, by dropping its iterator,
/// or by cancelling its task.
public struct AsyncValues<Value: Sendable, Error: Swift.Error>: AsyncSequence, Sendable {
    /// The type of the values.
    public typealias Element = Value
    /// The stream's error type, thrown when it fails.
    public typealias Failure = Error

    @usableFromInline let policy: AsyncValuesBufferingPolicy
    @usableFromInline let subscribe: @Sendable (Signal<Value, Error>.Observer) -> Disposable?

    init(policy: AsyncValuesBufferingPolicy, subscribe: @escaping @Sendable (Signal<Value, Error>.Observer) -> Disposable?) {
        self.policy = policy
        self.subscribe = subscribe
    }

    /// Makes an iterator; its first `next()` starts the run or the observation.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(handle: AsyncValuesHandle(AsyncValuesChannel(policy: policy, subscribe: subscribe)))
    }

    /// Takes the values of one run or observation, in order.
    public struct Iterator: AsyncIteratorProtocol {
        /// The type of the values.
        public typealias Element = Value
        /// The stream's error type.
        public typealias Failure = Error

        @usableFromInline let handle: AsyncValuesHandle<Value, Error>

        @inlinable init(handle: AsyncValuesHandle<Value, Error>) {
            self.handle = handle
        }

        /// The next value, or `nil` once the stream has completed or been interrupted, or the
        /// task cancelled; throws the stream's error if it failed.
        @inlinable
        public mutating func next() async throws(Error) -> Value? {
            try await handle.channel.next(isolation: nil)
        }

        /// The next value, waiting on `actor`'s executor; see ``next()``.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Error) -> Value? {
            try await handle.channel.next(isolation: actor)
        }
    }
}

/// Owned by the iterator alone: when the last copy of the iterator goes, the run is disposed.
/// The run's observer holds the channel, never this handle, so nothing keeps the handle alive
/// but the iterator.
@usableFromInline
final class AsyncValuesHandle<Value: Sendable, Error: Swift.Error>: Sendable {
    @usableFromInline let channel: AsyncValuesChannel<Value, Error>

    @usableFromInline
    init(_ channel: AsyncValuesChannel<Value, Error>) {
        self.channel = channel
    }

    deinit {
        channel.cancel()
    }
}

/// The meeting point of a run (which sends from any thread) and an iterating task: a buffer of
/// waiting values, the termination, and at most one suspended `next()`.
@usableFromInline
final class AsyncValuesChannel<Value: Sendable, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    enum Phase {
        case idle
        case started(Disposable?)
        /// The termination is recorded; it is reported once the buffer is empty.
        case terminated(Termination<Error>)
        /// Cancelled, or the termination reported: `next()` returns nil from now on.
        case finished
    }

    @usableFromInline
    struct State {
        @usableFromInline var phase = Phase.idle
        @usableFromInline var buffer = FIFOBuffer<Value>()
        @usableFromInline var waiter: UnsafeContinuation<Result<Value?, Error>, Never>?
        @usableFromInline init() {}
    }

    /// The outcome of looking at the state from `next()`.
    @usableFromInline
    enum Take {
        case value(Value)
        case end(Result<Value?, Error>)
        case start
        case wait
    }

    @usableFromInline let state = Locked(State())
    @usableFromInline let policy: AsyncValuesBufferingPolicy
    @usableFromInline let subscribe: @Sendable (Signal<Value, Error>.Observer) -> Disposable?

    @usableFromInline
    init(policy: AsyncValuesBufferingPolicy, subscribe: @escaping @Sendable (Signal<Value, Error>.Observer) -> Disposable?) {
        self.policy = policy
        self.subscribe = subscribe
    }

    @inlinable
    func next(isolation actor: isolated (any Actor)?) async throws(Error) -> Value? {
        // A cancelled task ends the iteration even while values wait: the run is disposed
        // before the loop can take another.
        if Task.isCancelled {
            cancel()
            return nil
        }
        switch state.withLock({ Self.take(&$0, starting: true) }) {
        case let .value(value): return value
        case let .end(result): return try result.get()
        case .wait: break
        case .start:
            start()
            switch state.withLock({ Self.take(&$0, starting: false) }) {
            case let .value(value): return value
            case let .end(result): return try result.get()
            case .wait, .start: break
            }
        }
        let result = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Result<Value?, Error>, Never>) in
                let ready = state.withLock { state -> Result<Value?, Error>? in
                    switch Self.take(&state, starting: false) {
                    case let .value(value): return .success(value)
                    case let .end(result): return result
                    case .wait, .start:
                        state.waiter = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            self.cancel()
        }
        return try result.get()
    }

    /// What `next()` gets now: a waiting value, the end, or nothing yet.
    @inlinable
    static func take(_ state: inout State, starting: Bool) -> Take {
        if let value = state.buffer.popFirst() { return .value(value) }
        switch state.phase {
        case .idle:
            if starting {
                state.phase = .started(nil)
                return .start
            }
            return .wait
        case .started:
            return .wait
        case let .terminated(termination):
            state.phase = .finished
            if case let .failed(error) = termination { return .end(.failure(error)) }
            return .end(.success(nil))
        case .finished:
            return .end(.success(nil))
        }
    }

    /// Starts the run (or observation) outside the lock: a synchronous producer delivers all its
    /// values into the buffer before `subscribe` returns.
    @inlinable
    func start() {
        let disposable = subscribe(Signal<Value, Error>.Observer { [self] event in
            switch event {
            case let .value(value): receive(value)
            case let .failed(error): terminate(.failed(error))
            case .completed: terminate(.completed)
            case .interrupted: terminate(.interrupted)
            }
        })
        let cancelled = state.withLock { state -> Bool in
            if case .started = state.phase {
                state.phase = .started(disposable)
                return false
            }
            // Terminated meanwhile (nothing left to dispose) or cancelled (dispose now).
            if case .finished = state.phase { return true }
            return false
        }
        if cancelled { disposable?.dispose() }
    }

    @inlinable
    func receive(_ value: Value) {
        let waiter = state.withLock { state -> UnsafeContinuation<Result<Value?, Error>, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            guard case .started = state.phase else { return nil }
            switch policy.kind {
            case .unbounded:
                state.buffer.append(value)
            case let .newest(limit):
                state.buffer.append(value)
                if state.buffer.count > limit { _ = state.buffer.popFirst() }
            case let .oldest(limit):
                if state.buffer.count < limit { state.buffer.append(value) }
            }
            return nil
        }
        waiter?.resume(returning: .success(value))
    }

    @inlinable
    func terminate(_ termination: Termination<Error>) {
        let waiter = state.withLock { state -> UnsafeContinuation<Result<Value?, Error>, Never>? in
            guard case .started = state.phase else { return nil }
            if let waiter = state.waiter {
                // Waiting means the buffer is empty: report the end now.
                state.waiter = nil
                state.phase = .finished
                return waiter
            }
            state.phase = .terminated(termination)
            return nil
        }
        guard let waiter else { return }
        if case let .failed(error) = termination {
            waiter.resume(returning: .failure(error))
        } else {
            waiter.resume(returning: .success(nil))
        }
    }

    /// Ends the iteration: disposes the run, drops waiting values, and lets a suspended
    /// `next()` return nil.
    @usableFromInline
    func cancel() {
        let (waiter, disposable) = state.withLock { state -> (UnsafeContinuation<Result<Value?, Error>, Never>?, Disposable?) in
            var disposable: Disposable?
            if case let .started(running) = state.phase { disposable = running }
            state.phase = .finished
            state.buffer.removeAll()
            defer { state.waiter = nil }
            return (state.waiter, disposable)
        }
        disposable?.dispose()
        waiter?.resume(returning: .success(nil))
    }
}
