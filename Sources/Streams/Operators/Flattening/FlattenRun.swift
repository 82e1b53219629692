// The one engine behind flatten, flatMap and merge, for every strategy, on signals and
// producers alike.
//
// Every input event (a new inner producer, the end of the outer stream, an inner value or end)
// goes through a `Serializer`: the thread that finds it idle processes the queue, in order, and
// is the only one that touches the run's state, so the state needs no lock of its own and no
// lock is held while calling downstream.
//
// Two details keep the stack constant and synchronous inner streams flowing:
// - an inner producer is started by the draining thread, from inside the processing of the
//   outer value that brought it. A synchronous inner producer runs to its end inside that call:
//   its values are checked and delivered at once, on the spot (the draining thread owns the
//   state), since queueing them would hold every one back until the producer ended, forever
//   for an endless one; its terminal event is queued, and handled by the drain loop after the
//   start returned. So a million synchronous inner producers start one after another from the
//   loop, never from inside one another.
// - values of inner streams running on other threads are queued like any input, so a value of
//   an inner stream that `latest` has just replaced, or that lost a `race`, is dropped rather
//   than delivered after the newer stream's values.

import Synchronization

/// One inner run of a ``FlattenRun``; its fields are touched only by the run's draining thread.
@usableFromInline
final class FlattenInner: @unchecked Sendable {
    /// Identifies the run among those running.
    @usableFromInline let id: Int
    /// Whether its events still count: false once it ended or was disposed by the operator.
    @usableFromInline var active = true
    /// Its interrupt handle, and the token that removes it from the operator's composite.
    @usableFromInline var handle: Disposable?
    @usableFromInline var removal: Disposable?

    @inlinable
    init(id: Int) {
        self.id = id
    }

    /// Disposes the inner run (its interruption will be ignored) and forgets its handles.
    @inlinable
    func stop() {
        active = false
        handle?.dispose()
        release()
    }

    /// Forgets the handles of an inner run that ended.
    @inlinable
    func release() {
        active = false
        handle = nil
        removal?.dispose()
        removal = nil
    }
}

/// One run of a flattening operator: one output stream, fed by one outer stream of inner
/// producers, run according to a ``FlattenStrategy``.
@usableFromInline
final class FlattenRun<Inner, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    enum Input {
        case outerValue(SignalProducer<Inner, Error>)
        case outerEnded(Termination<Error>)
        case innerValue(FlattenInner, Inner)
        case innerEnded(FlattenInner, Termination<Error>)
        /// The output ended (terminal event or disposal): release what still waits.
        case outputEnded
    }

    @usableFromInline let serializer = Serializer<Input>()
    @usableFromInline let downstream: Signal<Inner, Error>.Observer
    @usableFromInline let kind: FlattenStrategy.Kind
    /// The interrupt handles of the running inner streams, disposed all at once when the output
    /// ends; in the output's lifetime.
    @usableFromInline let innerRuns = CompositeDisposable()
    /// The thread processing an input right now, or 0.
    @usableFromInline let drainingThread = Synchronization.Atomic<UInt>(0)

    // Touched only by the draining thread.
    @usableFromInline var running: [Int: FlattenInner] = [:]
    @usableFromInline var waiting: ContiguousArray<SignalProducer<Inner, Error>> = []
    @usableFromInline var waitingHead = 0
    @usableFromInline var nextID = 0
    @usableFromInline var outerCompleted = false
    @usableFromInline var finished = false
    /// `race`: the inner run that sent the first value.
    @usableFromInline var winner: FlattenInner?

    @inlinable
    init(kind: FlattenStrategy.Kind, downstream: Signal<Inner, Error>.Observer, lifetime: Lifetime) {
        self.kind = kind
        self.downstream = downstream
        lifetime += innerRuns
        lifetime.observeEnded { self.submit(.outputEnded) }
    }

    /// Hands `input` to the serializer; processes it, and whatever arrives meanwhile, if no
    /// other thread is processing.
    @inlinable
    func submit(_ input: Input) {
        let me = currentThreadID()
        serializer.submit(input) { item in
            drainingThread.store(me, ordering: .relaxed)
            handle(item)
            drainingThread.store(0, ordering: .relaxed)
        }
    }

    /// A value of an inner run: delivered on the spot by the draining thread (a synchronous
    /// inner run started by it), queued otherwise.
    @inlinable
    func receive(_ value: Inner, from inner: FlattenInner) {
        if drainingThread.load(ordering: .relaxed) == currentThreadID() {
            deliver(value, from: inner)
        } else {
            submit(.innerValue(inner, value))
        }
    }

    @inlinable
    func handle(_ input: Input) {
        if case .outputEnded = input {
            end()
            return
        }
        guard !finished else { return }
        switch input {
        case let .outerValue(producer):
            switch kind {
            case let .concurrent(limit):
                if UInt(running.count) < limit {
                    start(producer)
                } else {
                    waiting.append(producer)
                }
            case .latest:
                for inner in running.values { inner.stop() }
                running.removeAll()
                start(producer)
            case .race:
                if winner == nil { start(producer) }
            case .throttle:
                if running.isEmpty { start(producer) }
            }
        case .outerEnded(.completed):
            outerCompleted = true
            completeIfDone()
        case let .outerEnded(termination):
            finish(termination)
        case let .innerValue(inner, value):
            deliver(value, from: inner)
        case let .innerEnded(inner, termination):
            // The end of a run this operator disposed, or of one that already ended, is no news.
            guard inner.active else { return }
            guard case .completed = termination else { return finish(termination) }
            running[inner.id] = nil
            inner.release()
            if winner === inner { winner = nil }
            startWaiting()
            completeIfDone()
        case .outputEnded:
            break
        }
    }

    /// Delivers a value of `inner` if it still counts; in a race, the first value makes `inner`
    /// the winner and disposes the others.
    @inlinable
    func deliver(_ value: Inner, from inner: FlattenInner) {
        guard !finished, inner.active else { return }
        if case .race = kind, winner == nil {
            winner = inner
            for other in running.values where other !== inner { other.stop() }
            running = [inner.id: inner]
        }
        downstream.send(value: value)
    }

    /// Starts `producer` as a new inner run. Its handle is registered before its first event, so
    /// that ending the output stops even an endless synchronous producer.
    @inlinable
    func start(_ producer: SignalProducer<Inner, Error>) {
        nextID += 1
        let inner = FlattenInner(id: nextID)
        running[inner.id] = inner
        _ = producer.startRun { handle in
            inner.handle = handle
            inner.removal = self.innerRuns.add(handle)
            return Signal<Inner, Error>.Observer { event in
                switch event {
                case let .value(value): self.receive(value, from: inner)
                case let .failed(error): self.submit(.innerEnded(inner, .failed(error)))
                case .completed: self.submit(.innerEnded(inner, .completed))
                case .interrupted: self.submit(.innerEnded(inner, .interrupted))
                }
            }
        }
    }

    /// Starts waiting producers while the strategy's limit allows.
    @inlinable
    func startWaiting() {
        guard case let .concurrent(limit) = kind else { return }
        while UInt(running.count) < limit, waitingHead < waiting.count {
            let next = waiting[waitingHead]
            waitingHead += 1
            if waitingHead == waiting.count {
                waiting.removeAll(keepingCapacity: waiting.count <= 64)
                waitingHead = 0
            }
            start(next)
            if finished { return }
        }
    }

    @inlinable
    func completeIfDone() {
        if outerCompleted && running.isEmpty && waitingHead == waiting.count {
            finish(.completed)
        }
    }

    /// Ends the output with `termination`; ending it disposes the outer run and every inner run.
    @inlinable
    func finish(_ termination: Termination<Error>) {
        end()
        downstream.send(Signal.Event(termination))
    }

    /// Forgets everything: nothing more is started or delivered.
    @inlinable
    func end() {
        finished = true
        waiting.removeAll()
        waitingHead = 0
        for inner in running.values { inner.active = false }
        running.removeAll()
        winner = nil
    }
}

extension Operators {
    /// The body of every flattening operator: each outer value becomes an inner producer
    /// (`transform`), run according to `strategy`; outer errors become output errors
    /// (`mapError`).
    @inlinable
    static func flatten<Value, OuterError, Inner, Error>(
        _ strategy: FlattenStrategy,
        mapError: @escaping (OuterError) -> Error,
        _ transform: @escaping (Value) -> SignalProducer<Inner, Error>
    ) -> SerializedOperator<Value, OuterError, Inner, Error> {
        let kind = strategy.kind
        return { downstream, lifetime in
            let run = FlattenRun(kind: kind, downstream: downstream, lifetime: lifetime)
            return Signal<Value, OuterError>.Observer { event in
                switch event {
                case let .value(value): run.submit(.outerValue(transform(value)))
                case let .failed(error): run.submit(.outerEnded(.failed(mapError(error))))
                case .completed: run.submit(.outerEnded(.completed))
                case .interrupted: run.submit(.outerEnded(.interrupted))
                }
            }
        }
    }
}

extension Signal {
    /// Applies the flattening engine to this signal.
    @inlinable
    func flattening<U, F>(
        _ strategy: FlattenStrategy,
        mapError: @escaping (Error) -> F,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> Signal<U, F> {
        liftSerialized(Operators.flatten(strategy, mapError: mapError, transform))
    }
}

extension SignalProducer {
    /// Applies the flattening engine to every run of this producer.
    @inlinable
    func flattening<U, F>(
        _ strategy: FlattenStrategy,
        mapError: @escaping (Error) -> F,
        _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> SignalProducer<U, F> {
        liftSerialized(Operators.flatten(strategy, mapError: mapError, transform))
    }
}
