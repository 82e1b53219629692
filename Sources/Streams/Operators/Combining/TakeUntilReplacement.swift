// take(untilReplacement:): the events of a stream until another one sends, then the other's.

/// One run of `take(untilReplacement:)`. Both streams' events go through a ``Serializer``, so
/// a value of the original stream is either delivered before the replacement's first event or
/// not at all, whatever the threads; `replaced` is touched only by the serializer's drainer.
@usableFromInline
final class ReplacementRun<Value, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline
    enum Input {
        case original(Signal<Value, Error>.Event)
        case replacement(Signal<Value, Error>.Event)
    }

    @usableFromInline let serializer = Serializer<Input>()
    @usableFromInline let downstream: Signal<Value, Error>.Observer
    /// The observation or run of the original stream, ended when the replacement takes over.
    @usableFromInline let original = CompositeDisposable()
    /// Drainer-only.
    @usableFromInline var replaced = false

    @inlinable
    init(downstream: Signal<Value, Error>.Observer) {
        self.downstream = downstream
    }

    /// The generator of a stream that forwards `primary` until `replacement` sends any event.
    ///
    /// The replacement is attached first (as ReactiveSwift starts the argument of a binary
    /// producer operator first), then the original, unless the replacement already took over.
    @inlinable
    static func generator(
        _ primary: CombiningSource<Value, Error>,
        until replacement: CombiningSource<Value, Error>
    ) -> CombiningGenerator<Value, Error> {
        return { downstream, lifetime in
            let run = ReplacementRun(downstream: downstream)
            lifetime += run.original
            replacement.attach(Signal.Observer { run.submit(.replacement($0)) }, lifetime)
            guard !lifetime.hasEnded, !run.original.isDisposed else { return }
            primary.attach(Signal.Observer { run.submit(.original($0)) }, Lifetime(run.original))
        }
    }

    @inlinable
    func submit(_ input: Input) {
        serializer.submit(input) { self.handle($0) }
    }

    @inlinable
    func handle(_ input: Input) {
        switch input {
        case let .original(event):
            // After the replacement, the original's end (our own disposal) is not news.
            guard !replaced else { return }
            // The original completing is not the end: the replacement is still to come.
            if event.isCompleted { return }
            downstream.send(event)
        case let .replacement(event):
            if !replaced {
                replaced = true
                original.dispose()
            }
            downstream.send(event)
        }
    }
}

extension Signal {
    /// Forwards the values of this signal until `replacement` sends an event, then forwards
    /// the replacement's events instead.
    ///
    /// - Values: this signal's, until the replacement's first event (of any kind); from then
    ///   on, only the replacement's, and this signal is no longer observed.
    /// - Completion: this signal's completion is not forwarded (the result waits for the
    ///   replacement); the replacement's is.
    /// - Errors and interruption: this signal's end the result until the replacement has sent
    ///   anything; the replacement's always do.
    /// - Scheduler: none; events are delivered on the thread of the signal that sent them, one
    ///   at a time. A value of this signal is delivered before the replacement's first event or
    ///   not at all, even when they race on two threads.
    ///
    /// ```swift
    /// let (old, oldInput) = Signal<Int, Never>.pipe()
    /// let (new, newInput) = Signal<Int, Never>.pipe()
    /// old.take(untilReplacement: new).observeValues { print($0) }
    /// oldInput.send(value: 1)
    /// newInput.send(value: 10)
    /// oldInput.send(value: 2)
    /// // Prints: 1, then 10
    /// ```
    ///
    /// - Parameter replacement: The signal that takes over with its first event.
    /// - Returns: A signal of this signal's values, then the replacement's events.
    @inlinable
    public func take(untilReplacement replacement: Signal<Value, Error>) -> Signal<Value, Error> {
        Signal(ReplacementRun.generator(CombiningSource(self), until: CombiningSource(replacement)))
    }
}

extension SignalProducer {
    /// Forwards the values of each run until a run of `replacement` sends an event, then
    /// forwards the replacement's events instead.
    ///
    /// Each run starts the replacement first, then this producer (unless the replacement has
    /// already sent something). When the replacement takes over, this producer's run is
    /// interrupted. Otherwise the same as
    /// ``Signal/take(untilReplacement:)``: this producer's completion is not forwarded, its
    /// error or interruption is until the replacement has sent anything, and the replacement's
    /// events are all forwarded. Disposing the run interrupts both.
    ///
    /// - Parameter replacement: The producer that takes over with its first event.
    /// - Returns: A producer of this producer's values, then the replacement's events.
    @inlinable
    public func take(untilReplacement replacement: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer(ReplacementRun.generator(CombiningSource(self), until: CombiningSource(replacement)))
    }

    /// Forwards the values of each run until a run of `replacement` sends an event, then
    /// forwards the replacement's events instead.
    ///
    /// The same as ``take(untilReplacement:)-(SignalProducer<Value,Error>)``.
    ///
    /// - Parameter replacement: Anything that gives the producer that takes over with its first
    ///   event.
    /// - Returns: A producer of this producer's values, then the replacement's events.
    @inlinable
    public func take<Replacement: SignalProducerConvertible>(
        untilReplacement replacement: Replacement
    ) -> SignalProducer<Value, Error> where Replacement.Value == Value, Replacement.Error == Error {
        take(untilReplacement: replacement.producer)
    }
}
