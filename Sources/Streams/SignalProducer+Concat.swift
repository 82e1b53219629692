extension SignalProducer {
    /// Replaces each value by a producer and runs those producers one after another.
    ///
    /// `makeTransform` runs once per start, so the transform may keep state for that run.
    /// Setting `stop` ends the source after the producer returned for that value (the source run
    /// is interrupted, which is not reported). Values of the inner producers are forwarded in
    /// order; the result completes when the source and every inner producer completed, and fails
    /// or is interrupted as soon as one of them does. Runs in constant stack, even when a million
    /// inner producers complete synchronously.
    @inlinable
    func concatMap<U>(
        _ makeTransform: @escaping () -> (Value, inout Bool) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        let source = self
        return SignalProducer<U, Error> { observer, lifetime in
            ConcatRun(observer: observer, lifetime: lifetime, transform: makeTransform()).start(source)
        }
    }

    /// The values of this producer, then those of `next`, started once this one completed.
    @inlinable
    func concatenating(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer<SignalProducer<Value, Error>, Error>([self, next]).concatMap {
            { producer, _ in producer }
        }
    }
}

/// One run of ``SignalProducer/concatMap(_:)``. Every input event goes through a ``Serializer``,
/// so the fields below are touched only by its drainer.
@usableFromInline
final class ConcatRun<Outer, Inner, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    enum Input {
        case outer(Signal<Outer, Error>.Event)
        /// The end of the running inner producer; its values go straight downstream.
        case innerEnded(Termination<Error>)
    }

    @usableFromInline let serializer = Serializer<Input>()
    @usableFromInline let observer: Signal<Inner, Error>.Observer
    @usableFromInline let lifetime: Lifetime
    @usableFromInline let transform: (Outer, inout Bool) -> SignalProducer<Inner, Error>
    @usableFromInline let innerHandle = SerialDisposable()

    // Drainer-only state.
    @usableFromInline var pending = FIFOBuffer<SignalProducer<Inner, Error>>()
    @usableFromInline var innerActive = false
    @usableFromInline var outerDone = false
    @usableFromInline var outerStopped = false
    @usableFromInline var finished = false
    @usableFromInline var outerHandle: Disposable?

    @inlinable
    init(observer: Signal<Inner, Error>.Observer, lifetime: Lifetime,
         transform: @escaping (Outer, inout Bool) -> SignalProducer<Inner, Error>) {
        self.observer = observer
        self.lifetime = lifetime
        self.transform = transform
    }

    @inlinable
    func start(_ outer: SignalProducer<Outer, Error>) {
        lifetime += innerHandle
        _ = outer.startRun { handle in
            self.outerHandle = handle
            self.lifetime += handle
            return Signal.Observer { event in self.submit(.outer(event)) }
        }
    }

    @inlinable
    func submit(_ input: Input) {
        serializer.submit(input) { self.handle($0) }
    }

    @inlinable
    func handle(_ input: Input) {
        guard !finished else { return }
        switch input {
        case let .outer(.value(value)):
            var stop = false
            pending.append(transform(value, &stop))
            if stop {
                outerDone = true
                outerStopped = true
                outerHandle?.dispose()
            }
            startNextIfIdle()
        case .outer(.completed):
            outerDone = true
            startNextIfIdle()
        case let .outer(.failed(error)):
            finish(.failed(error))
        case .outer(.interrupted):
            // An interruption this run asked for (stop) is not an interruption of the result.
            if !outerStopped { finish(.interrupted) }
        case .innerEnded(.completed):
            innerActive = false
            startNextIfIdle()
        case let .innerEnded(termination):
            finish(termination)
        }
    }

    @inlinable
    func startNextIfIdle() {
        guard !innerActive else { return }
        if let next = pending.popFirst() {
            innerActive = true
            // The handle is in place before the first inner event, so that ending this run (a
            // downstream `take`) stops even an endless synchronous inner producer. Values go
            // straight downstream: a synchronous inner producer runs to its end inside this
            // call, while this thread is the serializer's drainer, and queueing its values would
            // hold them all back until it ended. Its terminal event is queued, handled after this
            // returns: that is what keeps the stack constant over many inner producers.
            _ = next.startRun { handle in
                self.innerHandle.inner = handle
                return Signal.Observer { event in
                    switch event {
                    case let .value(value): self.observer.send(value: value)
                    case let .failed(error): self.submit(.innerEnded(.failed(error)))
                    case .completed: self.submit(.innerEnded(.completed))
                    case .interrupted: self.submit(.innerEnded(.interrupted))
                    }
                }
            }
        } else if outerDone {
            finish(.completed)
        }
    }

    @inlinable
    func finish(_ termination: Termination<Error>) {
        finished = true
        pending.removeAll()
        // Terminating the run ends its lifetime, which disposes the source and the inner run.
        observer.send(Signal.Event(termination))
    }
}
