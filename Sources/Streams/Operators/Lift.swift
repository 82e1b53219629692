import Synchronization

// How operators are written once and applied to both signals and producers.
//
// An operator is a function from the observer downstream to the observer upstream delivers
// into. There are two shapes, chosen by what the operator needs:
//
// - A *fused* operator (``FusedOperator``) sends downstream only from inside its own callbacks,
//   holds no resource, and never needs a lock. On a producer it is applied by wrapping the run's
//   observer: a chain of fused operators over a synchronous source is one loop calling one closure
//   per stage, with no signal, no lock and no allocation per event. It receives a `stop` handle:
//   an operator that ends the stream early (`take(first:)`) sends its terminal event, then
//   disposes `stop` to interrupt the upstream, and ignores whatever upstream still sends
//   (`Operators.ending` does all three). Its per-run state lives in a `RunState` rather than in
//   a captured `var`, which would pay a dynamic exclusivity check on every access. On a signal it
//   makes a *fused signal* (see `Signal.liftFused`).
// - A *serialized* operator (``SerializedOperator``) may send from other threads (timers,
//   triggers, other inputs) and may keep resources. Its downstream is the input of a signal,
//   which serializes what it sends and enforces the event grammar, and it gets that signal's
//   lifetime: resources added to it are disposed when the output terminates, for any reason,
//   and ending the output stops the upstream. One that delivers on a scheduler is applied with
//   `liftScheduled`, which also interrupts on that scheduler when a run is disposed.
//
// An operator's body is a function rather than a type of its own: what it makes is an observer,
// whose action is a closure whatever makes it (a `Signal.Observer` holds one), so a type per
// operator would only name the frame that builds the closure, at the price of a declaration per
// operator. What keeps state across a run's stages and is held by one engine generic over it is
// a type: the sequencing engine's plans (`SequencePlan`).
//
// The public forms call an operator's body through `liftFused`, `liftSerialized` or
// `liftScheduled`, which both kinds of stream implement. The `Signal` form of an operator is
// written by hand and its `SignalProducer` form generated from it (`Scripts/generate-forms.swift`),
// unless the body must differ on producers.

/// An operator that forwards synchronously from its own callbacks; see the comment at the top of
/// `Lift.swift`.
@usableFromInline
typealias FusedOperator<Value, Error: Swift.Error, U, F: Swift.Error> =
    (_ downstream: Signal<U, F>.Observer, _ stop: Disposable) -> Signal<Value, Error>.Observer

/// An operator whose downstream is a serialized signal input, with that signal's lifetime; see
/// the comment at the top of `Lift.swift`.
@usableFromInline
typealias SerializedOperator<Value, Error: Swift.Error, U, F: Swift.Error> =
    (_ downstream: Signal<U, F>.Observer, _ lifetime: Lifetime) -> Signal<Value, Error>.Observer

/// The `stop` handle given to fused operators applied to a signal: the derived signal stops
/// observing its source as soon as it terminates, so there is nothing more to do.
@usableFromInline
final class AlreadyHandledDisposable: Disposable {
    @usableFromInline static let shared = AlreadyHandledDisposable()
    @usableFromInline var isDisposed: Bool { false }
    @usableFromInline func dispose() {}
}

extension Signal.Event {
    /// Sends this terminal event, with its error, to `observer` of another value type.
    ///
    /// - Precondition: the event is terminal.
    @inlinable
    func forwardTermination<U>(to observer: Signal<U, Error>.Observer) {
        switch self {
        case .value: preconditionFailure("forwardTermination(to:) called with a value event")
        case let .failed(error): observer.send(error: error)
        case .completed: observer.sendCompleted()
        case .interrupted: observer.sendInterrupted()
        }
    }
}

extension Signal {
    /// Applies a fused operator: a signal observing this one through it, delivered under this
    /// signal's send lock rather than a lock of its own (see `SignalCore.sendFused(_:)`).
    ///
    /// The derived signal has observers of its own but no send lock of its own: its operator sends
    /// only from inside its callbacks, which run inside this signal's deliveries, so this
    /// signal's send lock already serializes everything it delivers. The derived core shares that
    /// lock (through a ``SendLockOwner``, so that the lock outlives whichever core goes first),
    /// and its `observe` and `dispose` try it, as any signal's do, to know whether a delivery may
    /// be under way. A value crossing `signal.map { ... }` therefore takes one lock, this
    /// signal's, not two.
    ///
    /// `operatorName` (the calling operator, by default) extends this signal's name, if it has
    /// one, into the derived signal's; see ``Signal/name``.
    @inlinable
    func liftFused<U, F>(
        _ transform: @escaping FusedOperator<Value, Error, U, F>, operatorName: StaticString = #function
    ) -> Signal<U, F> {
        let derived = SignalCore<U, F>(fusedTo: core)
        let signal = Signal<U, F>(core: derived)
        signal.continueName(of: self, operatorName)
        let input = Signal<U, F>.Observer(fusedInput: derived)
        Lifetime(derived.disposable) += observe(transform(input, AlreadyHandledDisposable.shared))
        return signal
    }

    /// Applies a serialized operator: a signal observing this one through it, the operator
    /// sending into the new signal's input and keeping resources in its lifetime.
    @inlinable
    func liftSerialized<U, F>(
        _ transform: @escaping SerializedOperator<Value, Error, U, F>, operatorName: StaticString = #function
    ) -> Signal<U, F> {
        let signal = Signal<U, F> { observer, lifetime in
            lifetime += self.observe(transform(observer, lifetime))
        }
        signal.continueName(of: self, operatorName)
        return signal
    }

    /// Applies a fused operator that also has a values-only form. A signal has one observer
    /// list for every kind of observer, so `values` is not used: the producer form of the
    /// operator, generated from the signal form, is what takes it.
    @inlinable
    func liftFused<U, F>(
        _ transform: @escaping FusedOperator<Value, Error, U, F>,
        values: FusedValuesOperator<Value, U>?,
        operatorName: StaticString = #function
    ) -> Signal<U, F> {
        liftFused(transform, operatorName: operatorName)
    }

    /// Applies a serialized operator whose events are scheduled on `scheduler`. A signal is not
    /// started, so this is ``liftSerialized(_:operatorName:)``: the producer form, generated
    /// from the signal form, also interrupts on `scheduler` when a run is disposed.
    @inlinable
    func liftScheduled<U, F>(
        on scheduler: Scheduler, _ transform: @escaping SerializedOperator<Value, Error, U, F>,
        operatorName: StaticString = #function
    ) -> Signal<U, F> {
        liftSerialized(transform, operatorName: operatorName)
    }
}

extension SignalProducer {
    /// Applies a fused operator to every run: the run's observer is wrapped, no signal is created.
    ///
    /// A stateless operator also passes its values-only form, `values`: the result then keeps a
    /// values-only run (``ProducerValuesRun``) when this producer has one. Any fused operator
    /// keeps the run pulled by its consumer (``ProducerPullRun``) when this producer has one.
    @inlinable
    func liftFused<U, F>(
        _ transform: @escaping FusedOperator<Value, Error, U, F>,
        values: FusedValuesOperator<Value, U>? = nil,
        operatorName: StaticString = #function
    ) -> SignalProducer<U, F> {
        let stage = FusedStage(upstream: self, transform: transform, values: values)
        var lifted = SignalProducer<U, F>(
            run: { stage.run($0) },
            valuesRun: stage.hasValuesRun ? { stage.runValues($0) } : nil,
            pullRun: stage.hasPullRun ? { stage.pull($0) } : nil)
        lifted.continueName(of: self, operatorName)
        return lifted
    }

    /// Applies a serialized operator to every run: the operator sends into a signal that the
    /// run's observer observes; the upstream run is interrupted when that signal terminates.
    @inlinable
    func liftSerialized<U, F>(
        _ transform: @escaping SerializedOperator<Value, Error, U, F>, operatorName: StaticString = #function
    ) -> SignalProducer<U, F> {
        let run = startRun
        var lifted = SignalProducer<U, F>(run: ProducerRuns.generator { observer, lifetime in
            _ = run { handle in
                lifetime += handle
                return transform(observer, lifetime)
            }
        })
        lifted.continueName(of: self, operatorName)
        return lifted
    }
}

/// A fused operator applied to a producer, in every form of run: one object that the new
/// producer's run closures capture, so that applying the operator allocates it alone.
@usableFromInline
final class FusedStage<Value, Error: Swift.Error, U, F: Swift.Error> {
    @usableFromInline let upstream: ProducerRun<Value, Error>
    @usableFromInline let transform: FusedOperator<Value, Error, U, F>
    @usableFromInline let upstreamValues: ProducerValuesRun<Value>?
    @usableFromInline let values: FusedValuesOperator<Value, U>?
    @usableFromInline let upstreamPull: ProducerPullRun<Value, Error>?

    @inlinable
    init(
        upstream: SignalProducer<Value, Error>,
        transform: @escaping FusedOperator<Value, Error, U, F>,
        values: FusedValuesOperator<Value, U>?
    ) {
        self.upstream = upstream.startRun
        self.transform = transform
        upstreamPull = upstream.startPullRun
        // The values-only form needs one on both sides.
        if let values, let upstreamValues = upstream.startValuesRun {
            self.upstreamValues = upstreamValues
            self.values = values
        } else {
            self.upstreamValues = nil
            self.values = nil
        }
    }

    /// Whether the stage has a values-only run.
    @inlinable
    var hasValuesRun: Bool { values != nil }

    /// A run: the upstream run, its observer wrapped by the operator.
    @inlinable
    func run(_ makeObserver: (_ interruptHandle: Disposable) -> Signal<U, F>.Observer) -> Disposable {
        upstream { handle in transform(makeObserver(handle), handle) }
    }

    /// The values-only run: each upstream value through the operator's values-only form.
    ///
    /// - Precondition: ``hasValuesRun``.
    @inlinable
    func runValues(_ action: (U) -> Void) {
        guard let upstreamValues, let values else {
            preconditionFailure("FusedStage.runValues called on a stage without a values-only run")
        }
        upstreamValues { value in values(value, action) }
    }

    /// Whether the stage has a run pulled by its consumer: whether its upstream has one.
    @inlinable
    var hasPullRun: Bool { upstreamPull != nil }

    /// The run pulled by its consumer: the upstream's, its observer wrapped by the operator as in
    /// ``run(_:)``. The operator sends only from inside its callbacks, so what one step of the
    /// upstream sends through it is all it sends for that step.
    ///
    /// - Precondition: ``hasPullRun``.
    @inlinable
    func pull(_ makeObserver: (_ interruptHandle: Disposable) -> Signal<U, F>.Observer) -> ProducerPull {
        guard let upstreamPull else {
            preconditionFailure("FusedStage.pull called on a stage without a pulled run")
        }
        return upstreamPull { handle in transform(makeObserver(handle), handle) }
    }
}

extension SignalProducer {
    /// Applies a serialized operator that delivers on `scheduler` to every run.
    ///
    /// Like ``liftSerialized(_:)``, except for disposal: disposing the run cancels the upstream
    /// run at once, drops whatever the operator still holds or has scheduled (its output is
    /// closed), and delivers `interrupted` on `scheduler`, after the actions already scheduled
    /// there, never on the disposing thread inside `dispose()`.
    @inlinable
    func liftScheduled<U, F>(
        on scheduler: Scheduler, _ transform: @escaping SerializedOperator<Value, Error, U, F>,
        operatorName: StaticString = #function
    ) -> SignalProducer<U, F> {
        let run = startRun
        var lifted = SignalProducer<U, F>(run: { makeObserver in
            let signal = SignalCore<U, F>()
            let input = Signal<U, F>.Observer(input: signal)
            // The operator's resources (its upstream run, its scheduled actions) end with the
            // output, or at once when the run is disposed.
            let resources = CompositeDisposable()
            signal.disposable.add(resources)
            let handle = ScheduledRun(signal, input: input, scheduler: scheduler, resources: resources)
            _ = signal.add(makeObserver(handle))
            guard !signal.isEnding else { return handle }
            let lifetime = Lifetime(resources)
            // What the operator sends, unless the run was disposed: then only the interruption
            // the handle scheduled gets through.
            let output = Signal<U, F>.Observer { event in
                if !handle.isClosed { input.send(event) }
            }
            _ = run { upstream in
                lifetime += upstream
                return transform(output, lifetime)
            }
            return handle
        })
        lifted.continueName(of: self, operatorName)
        return lifted
    }
}

/// The interrupt handle of a run of an operator that delivers on a scheduler; see
/// ``SignalProducer/liftScheduled(on:_:)``. Like ``GeneratorRun``, it holds the run's input,
/// so the run lasts while the handle is held.
@usableFromInline
final class ScheduledRun<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    @usableFromInline let signal: SignalCore<Value, Error>
    @usableFromInline let input: Signal<Value, Error>.Observer
    @usableFromInline let scheduler: Scheduler
    @usableFromInline let closed = Synchronization.Atomic<Bool>(false)
    /// The operator's upstream run and scheduled actions.
    @usableFromInline let resources: CompositeDisposable

    @usableFromInline
    init(_ signal: SignalCore<Value, Error>, input: Signal<Value, Error>.Observer, scheduler: Scheduler,
         resources: CompositeDisposable) {
        self.signal = signal
        self.input = input
        self.scheduler = scheduler
        self.resources = resources
    }

    /// Whether the run was disposed: the operator's output is then dropped.
    @inlinable
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Whether the run has ended or been disposed.
    @usableFromInline
    var isDisposed: Bool { isClosed || signal.isEnding }

    /// Closes the operator's output, schedules `interrupted` on the scheduler, and ends the
    /// operator's resources at once: the upstream run is cancelled and the values still waiting
    /// are dropped.
    @usableFromInline
    func dispose() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        guard !signal.isEnding else { return }
        let input = self.input
        scheduler.schedule { input.sendInterrupted() }
        resources.dispose()
    }
}

extension SignalProducer {
    /// Applies a signal operator to every run of this producer.
    ///
    /// Each start creates a signal fed by a new run of this producer and hands it to `transform`;
    /// the run's observer observes the signal `transform` returns. When that signal terminates,
    /// in any way, the upstream run is interrupted; disposing the resulting run interrupts both.
    ///
    /// This is how any operator written for ``Signal`` becomes one for producers.
    ///
    /// - Parameter transform: A signal operator, called once per start.
    /// - Returns: A producer whose runs deliver what `transform`'s signal delivers.
    @inlinable
    public func lift<U, F>(_ transform: @escaping (Signal<Value, Error>) -> Signal<U, F>) -> SignalProducer<U, F> {
        let run = startRun
        return SignalProducer<U, F>(run: ProducerRuns.generator { observer, lifetime in
            let (signal, input) = Signal<Value, Error>.pipe()
            lifetime += transform(signal).observe(observer)
            guard !lifetime.hasEnded else { return }
            _ = run { handle in
                lifetime += handle
                return input
            }
        })
    }

    /// Turns a binary signal operator into a binary producer operator.
    ///
    /// The returned function starts both producers for each run (the argument first, then this
    /// producer), hands their signals to `transform`, and delivers what it returns. Ending the
    /// result interrupts both runs.
    ///
    /// - Parameter transform: A signal operator taking this producer's signal, then the other's.
    /// - Returns: A function from the other producer to the combined producer.
    @inlinable
    public func lift<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        let left = startRun
        return { other in
            let right = other.startRun
            return SignalProducer<V, G>(run: ProducerRuns.generator { observer, lifetime in
                let (leftSignal, leftInput) = Signal<Value, Error>.pipe()
                let (rightSignal, rightInput) = Signal<U, F>.pipe()
                lifetime += transform(leftSignal)(rightSignal).observe(observer)
                guard !lifetime.hasEnded else { return }
                _ = right { handle in
                    lifetime += handle
                    return rightInput
                }
                guard !lifetime.hasEnded else { return }
                _ = left { handle in
                    lifetime += handle
                    return leftInput
                }
            })
        }
    }
}
