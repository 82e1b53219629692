// Streams into Swift concurrency: `values`, an AsyncSequence over a producer's runs or a
// signal's events, with a buffering policy and cancellation in both directions.
//
// Two ways to meet a loop. A producer with a pulled run (a sequence source and the fused stages
// on it, `ProducerPullRun`) is driven by the loop: each `next()` steps the run until a value or
// the end comes out, on the iterating task, with no lock and no buffer beyond what one step
// sends. Any other producer, and a signal, pushes into an `AsyncValuesChannel`: a locked buffer
// shaped by the buffering policy, and at most one suspended `next()`.

extension SignalProducer where Value: Sendable {
    /// The values of a run of this producer, as an asynchronous sequence.
    ///
    /// Each iteration starts its own run when it first asks for a value. How the run meets the
    /// loop depends on the producer:
    ///
    /// - **Pulled.** A producer of the elements of a sequence (`SignalProducer(1...)`,
    ///   `init(values:_:_:)`, `init(value:)`), and the operators applied to it that act on
    ///   each event as it passes, with no scheduler and no other stream (`map`, `filter`,
    ///   `compactMap`, `skipNil`, `scan`, `take(first:)`, `take(while:)`, `skip(first:)`,
    ///   `on(value:)` and their kin), is driven by the loop: each `next()` takes elements from
    ///   the sequence, through the operators, until a value comes out or the run ends. Nothing is
    ///   computed ahead of the loop, so an endless sequence is fine; the operators' closures run
    ///   on the iterating task, one pull at a time. Leaving the loop pulls nothing more and
    ///   interrupts the run through the operators; a cancelled task's `next()` does the same and
    ///   returns `nil`.
    /// - **Pushed.** Any other producer sends as it runs: the first `next()` starts the run and
    ///   the values sent while the loop is busy wait in a buffer, without bound unless
    ///   ``values(bufferingPolicy:)`` bounds it. Leaving the loop, or cancelling the task,
    ///   disposes the run at once, also while the run's start is still going on inside that
    ///   first `next()`. A start handler that sends in a loop of its own must stop when
    ///   `lifetime.hasEnded`: one that never looks runs until it returns by itself, and nothing
    ///   can stop it (nor can the loop see a value before it returns).
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
    /// The policy applies to a run that pushes. A pulled run (see ``values``) computes a value
    /// only when the loop asks for it, so nothing waits and no policy drops anything: values
    /// that one pull brings out together (`take(last:)` on completion, say) are all kept.
    ///
    /// - Parameter bufferingPolicy: What to keep when values arrive faster than the loop
    ///   takes them; see ``AsyncValuesBufferingPolicy``.
    /// - Returns: A sequence whose every iteration starts a run; see ``values``.
    public func values(bufferingPolicy: AsyncValuesBufferingPolicy) -> AsyncValues<Value, Error> {
        AsyncValues(policy: bufferingPolicy, source: .producer(self))
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
    ///   takes them; see ``AsyncValuesBufferingPolicy``.
    /// - Returns: A sequence whose every iteration observes the signal; see ``values``.
    public func values(bufferingPolicy: AsyncValuesBufferingPolicy) -> AsyncValues<Value, Error> {
        AsyncValues(policy: bufferingPolicy, source: .signal(self))
    }
}

/// What an ``AsyncValues`` sequence keeps when values arrive faster than its loop takes them.
///
/// A run that pushes (a start handler, a timer, a signal, anything but a pulled sequence source;
/// see ``SignalProducer/values``) sends values whenever it runs. The ones the loop is not yet
/// waiting for wait in a buffer, and the policy decides how large that buffer may grow and
/// which values it gives up. Against a producer faster than its loop, say one that sends
/// 1 ... 100 inside its start, before the loop takes the first value:
///
/// | Policy | The loop gets | Memory while the loop is busy |
/// |---|---|---|
/// | ``unbounded`` | 1 ... 100, every value | grows with every value sent |
/// | `bufferingNewest(3)` | 98, 99, 100 | at most 3 values |
/// | `bufferingOldest(3)` | 1, 2, 3 | at most 3 values |
/// | `bufferingNewest(0)`, `bufferingOldest(0)` | nothing | none |
///
/// A value sent while the loop is suspended in `next()` goes to it directly, whatever the
/// policy, so a loop that keeps up loses nothing under any policy. A pulled run never gets ahead
/// of its loop: every policy gives every value.
public struct AsyncValuesBufferingPolicy: Sendable, Equatable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Equatable {
        case unbounded
        case newest(Int)
        case oldest(Int)
    }

    @usableFromInline let kind: Kind

    /// Keeps every value: nothing is ever lost. The default.
    ///
    /// A producer that outruns its loop for good (an endless run sending from its start, inside
    /// the first `next()`) grows the buffer for as long as it runs: bound it with
    /// ``bufferingNewest(_:file:line:)`` or ``bufferingOldest(_:file:line:)`` where that can
    /// happen.
    public static let unbounded = AsyncValuesBufferingPolicy(kind: .unbounded)

    /// Keeps at most the `limit` most recent values waiting: an older waiting value is dropped
    /// when a newer one arrives. With `0`, a value is kept only if the loop is already waiting
    /// for it.
    ///
    /// Suits a reading of which only the latest matters: the loop, when it asks again, gets the
    /// newest `limit` values sent meanwhile, and memory stays bounded however fast the producer.
    ///
    /// - Parameters:
    ///   - limit: The number of waiting values kept; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    public static func bufferingNewest(_ limit: Int, file: StaticString = #fileID, line: UInt = #line) -> AsyncValuesBufferingPolicy {
        requirement(limit >= 0, "values(bufferingPolicy:): bufferingNewest needs a limit of 0 or more, not \(limit)", file: file, line: line)
        return AsyncValuesBufferingPolicy(kind: .newest(limit))
    }

    /// Keeps at most the first `limit` values waiting: a value that arrives while `limit`
    /// values wait is dropped. With `0`, a value is kept only if the loop is already waiting
    /// for it.
    ///
    /// The loop, when it asks again, gets the `limit` values that came first after it last
    /// asked; later ones are lost until it catches up. Memory stays bounded however fast the
    /// producer.
    ///
    /// - Parameters:
    ///   - limit: The number of waiting values kept; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
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
/// or by cancelling its task. A run of a sequence source is pulled by the loop, any other pushes
/// into a buffer; see ``SignalProducer/values``.
public struct AsyncValues<Value: Sendable, Error: Swift.Error>: AsyncSequence, Sendable {
    /// The type of the values.
    public typealias Element = Value
    /// The stream's error type, thrown when it fails.
    public typealias Failure = Error

    /// What an iteration runs or observes.
    @usableFromInline
    enum Source: Sendable {
        case producer(SignalProducer<Value, Error>)
        case signal(Signal<Value, Error>)
    }

    @usableFromInline let policy: AsyncValuesBufferingPolicy
    @usableFromInline let source: Source

    /// Makes an iterator; its first `next()` starts the run or the observation.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        if case let .producer(producer) = source, let pullRun = producer.startPullRun {
            return Iterator(pull: AsyncValuesPull(pullRun))
        }
        return Iterator(handle: AsyncValuesHandle(AsyncValuesChannel(policy: policy, source: source)))
    }

    /// Takes the values of one run or observation, in order.
    public struct Iterator: AsyncIteratorProtocol {
        /// The type of the values.
        public typealias Element = Value
        /// The stream's error type.
        public typealias Failure = Error

        /// The run that pushes, through a channel; `nil` for a pulled run.
        @usableFromInline let handle: AsyncValuesHandle<Value, Error>?
        /// The pulled run; `nil` for a run that pushes.
        @usableFromInline let pull: AsyncValuesPull<Value, Error>?

        @inlinable init(handle: AsyncValuesHandle<Value, Error>) {
            self.handle = handle
            pull = nil
        }

        @inlinable init(pull: AsyncValuesPull<Value, Error>) {
            handle = nil
            self.pull = pull
        }

        /// The next value, or `nil` once the stream has completed or been interrupted, or the
        /// task cancelled; throws the stream's error if it failed.
        @inlinable
        public mutating func next() async throws(Error) -> Value? {
            if let pull { return try pull.next() }
            return try await handle?.channel.next(isolation: nil)
        }

        /// The next value, waiting on `actor`'s executor; see ``next()``.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Error) -> Value? {
            if let pull { return try pull.next() }
            return try await handle?.channel.next(isolation: actor)
        }
    }
}

/// A pulled run iterated by ``AsyncValues``: started by the first `next()`, stepped by each
/// `next()` until a value or the end comes out, interrupted when the iterator goes or its task
/// is cancelled.
///
/// Only the iterator holds it, and an iterator is used by one task at a time, so nothing here
/// is locked. The run's observer holds the ``AsyncValuesPullOutput`` only, never this object,
/// so dropping the iterator frees it, which interrupts the run.
@usableFromInline
final class AsyncValuesPull<Value, Error: Swift.Error> {
    @usableFromInline
    enum Phase {
        case idle(ProducerPullRun<Value, Error>)
        case running(ProducerPull, interruptHandle: Disposable)
        case ended
    }

    @usableFromInline @exclusivity(unchecked) var phase: Phase
    @usableFromInline let output = AsyncValuesPullOutput<Value, Error>()

    @inlinable
    init(_ run: @escaping ProducerPullRun<Value, Error>) {
        phase = .idle(run)
    }

    deinit {
        interrupt()
    }

    /// The next value of the run, or `nil` at its end or once the task is cancelled.
    @inlinable
    func next() throws(Error) -> Value? {
        // A cancelled task ends the iteration even while values wait, as a run that pushes does.
        if Task.isCancelled {
            interrupt()
            return nil
        }
        while true {
            if let value = output.values.popFirst() { return value }
            switch phase {
            case let .running(pull, _):
                if !pull() {
                    phase = .ended
                } else if output.values.isEmpty, Task.isCancelled {
                    // A step that brings out nothing (a filter that drops every value) must not
                    // keep a cancelled task pulling.
                    interrupt()
                    return nil
                }
            case .ended:
                return try output.end()
            case let .idle(run):
                let output = output
                var handle: Disposable?
                let pull = run { interruptHandle in
                    handle = interruptHandle
                    return Signal<Value, Error>.Observer { event in output.receive(event) }
                }
                guard let handle else { preconditionFailure("a pulled run did not hand over its interrupt handle") }
                phase = .running(pull, interruptHandle: handle)
            }
        }
    }

    /// Ends the iteration: a run still going is disposed and sends `interrupted` through its
    /// stages at once, on this thread; values waiting are dropped.
    @usableFromInline
    func interrupt() {
        if case let .running(pull, handle) = phase {
            phase = .ended
            handle.dispose()
            _ = pull()
        }
        phase = .ended
        output.finish()
    }
}

/// What a pulled run has sent and the loop has not taken: the values of the current step, and
/// the run's end.
@usableFromInline
final class AsyncValuesPullOutput<Value, Error: Swift.Error> {
    @usableFromInline @exclusivity(unchecked) var values = FIFOBuffer<Value>()
    @usableFromInline @exclusivity(unchecked) var termination: Termination<Error>?
    /// Whether the end was reported (or the iteration cancelled): nothing more is taken.
    @usableFromInline @exclusivity(unchecked) var finished = false

    @usableFromInline init() {}

    @inlinable
    func receive(_ event: Signal<Value, Error>.Event) {
        guard !finished, termination == nil else { return }
        switch event {
        case let .value(value): values.append(value)
        case let .failed(error): termination = .failed(error)
        case .completed: termination = .completed
        case .interrupted: termination = .interrupted
        }
    }

    /// Reports the end once (throwing a failure), then `nil`.
    @inlinable
    func end() throws(Error) -> Value? {
        guard !finished else { return nil }
        finished = true
        if case let .failed(error) = termination { throw error }
        return nil
    }

    /// Drops what waits; `end()` returns `nil` from now on.
    @usableFromInline
    func finish() {
        finished = true
        values.removeAll()
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

/// The meeting point of a run that pushes (and sends from any thread) and an iterating task: a
/// buffer of waiting values, the termination, and at most one suspended `next()`.
@usableFromInline
final class AsyncValuesChannel<Value: Sendable, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    enum Phase {
        case idle
        /// Started; the run's interrupt handle once it is known.
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
    @usableFromInline let source: AsyncValues<Value, Error>.Source

    @usableFromInline
    init(policy: AsyncValuesBufferingPolicy, source: AsyncValues<Value, Error>.Source) {
        self.policy = policy
        self.source = source
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
            // A synchronous run sends everything inside its start, and an endless one never
            // returns by itself: a cancellation meanwhile disposes it, through the handle the
            // run handed over before its first event.
            await withTaskCancellationHandler {
                start()
            } onCancel: {
                self.cancel()
            }
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

    /// Starts the run (or observation) outside the lock. A producer hands over its interrupt
    /// handle before its first event, so a cancellation during a start that sends everything
    /// synchronously (or forever) reaches the run; a signal's observation is known when
    /// `observe` returns.
    @inlinable
    func start() {
        switch source {
        case let .producer(producer):
            // Isolated as `start(_:)` is (see `SequencingTrampoline`).
            _ = SequencingTrampoline.isolated {
                producer.startRun { handle in
                    attach(handle)
                    return makeObserver()
                }
            }
        case let .signal(signal):
            attach(signal.observe(makeObserver()))
        }
    }

    /// The observer of the run: every event into the channel.
    @inlinable
    func makeObserver() -> Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { [self] event in
            switch event {
            case let .value(value): receive(value)
            case let .failed(error): terminate(.failed(error))
            case .completed: terminate(.completed)
            case .interrupted: terminate(.interrupted)
            }
        }
    }

    /// Records the run's interrupt handle; disposes it at once if the iteration was cancelled
    /// meanwhile.
    @inlinable
    func attach(_ handle: Disposable?) {
        let cancelled = state.withLock { state -> Bool in
            switch state.phase {
            case .started:
                state.phase = .started(handle)
                return false
            case .finished:
                return true
            case .idle, .terminated:
                // Terminated already: nothing is left to dispose.
                return false
            }
        }
        if cancelled { handle?.dispose() }
    }

    @inlinable
    func receive(_ value: Value) {
        // A value the buffer drops is released after the lock, since its deinitializer may take
        // locks of its own.
        let (waiter, dropped) = state.withLock { state -> (UnsafeContinuation<Result<Value?, Error>, Never>?, Value?) in
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            guard case .started = state.phase else { return (nil, nil) }
            switch policy.kind {
            case .unbounded:
                state.buffer.append(value)
            case let .newest(limit):
                state.buffer.append(value)
                if state.buffer.count > limit { return (nil, state.buffer.popFirst()) }
            case let .oldest(limit):
                if state.buffer.count < limit { state.buffer.append(value) }
            }
            return (nil, nil)
        }
        withExtendedLifetime(dropped) {}
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
        // The values dropped are released after the lock, since their deinitializers may take
        // locks of their own.
        let (waiter, disposable, dropped) = state.withLock {
            state -> (UnsafeContinuation<Result<Value?, Error>, Never>?, Disposable?, FIFOBuffer<Value>) in
            var disposable: Disposable?
            if case let .started(running) = state.phase { disposable = running }
            state.phase = .finished
            let dropped = state.buffer
            state.buffer = FIFOBuffer()
            defer { state.waiter = nil }
            return (state.waiter, disposable, dropped)
        }
        withExtendedLifetime(dropped) {}
        disposable?.dispose()
        waiter?.resume(returning: .success(nil))
    }
}
