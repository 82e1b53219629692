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
//   disposes `stop` to interrupt the upstream, and ignores whatever upstream still sends.
// - A *serialized* operator (``SerializedOperator``) may send from other threads (timers,
//   triggers, other inputs) and may keep resources. Its downstream is the input of a signal,
//   which serializes what it sends and enforces the event grammar, and it gets that signal's
//   lifetime: resources added to it are disposed when the output terminates, for any reason,
//   and ending the output stops the upstream.

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
    /// Applies a fused operator: a signal observing this one through it.
    @inlinable
    func liftFused<U, F>(_ transform: @escaping FusedOperator<Value, Error, U, F>) -> Signal<U, F> {
        Signal<U, F> { observer, lifetime in
            lifetime += self.observe(transform(observer, AlreadyHandledDisposable.shared))
        }
    }

    /// Applies a serialized operator: a signal observing this one through it, the operator
    /// sending into the new signal's input and keeping resources in its lifetime.
    @inlinable
    func liftSerialized<U, F>(_ transform: @escaping SerializedOperator<Value, Error, U, F>) -> Signal<U, F> {
        Signal<U, F> { observer, lifetime in
            lifetime += self.observe(transform(observer, lifetime))
        }
    }
}

extension SignalProducer {
    /// Applies a fused operator to every run: the run's observer is wrapped, no signal is created.
    @inlinable
    func liftFused<U, F>(_ transform: @escaping FusedOperator<Value, Error, U, F>) -> SignalProducer<U, F> {
        let run = startRun
        return SignalProducer<U, F>(run: { makeObserver in
            run { handle in transform(makeObserver(handle), handle) }
        })
    }

    /// Applies a serialized operator to every run: the operator sends into a signal that the
    /// run's observer observes; the upstream run is interrupted when that signal terminates.
    @inlinable
    func liftSerialized<U, F>(_ transform: @escaping SerializedOperator<Value, Error, U, F>) -> SignalProducer<U, F> {
        let run = startRun
        return SignalProducer<U, F>(run: ProducerRuns.generator { observer, lifetime in
            _ = run { handle in
                lifetime += handle
                return transform(observer, lifetime)
            }
        })
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
        on scheduler: Scheduler, _ transform: @escaping SerializedOperator<Value, Error, U, F>
    ) -> SignalProducer<U, F> {
        let run = startRun
        return SignalProducer<U, F>(run: { makeObserver in
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

/// The namespace of the operator bodies shared by ``Signal`` and ``SignalProducer``: each
/// returns a ``FusedOperator`` or a ``SerializedOperator`` that both types apply with
/// `liftFused` or `liftSerialized`.
@usableFromInline
enum Operators {}

/// What an operator that can end its stream early does with one value.
@usableFromInline
enum OperatorStep<Output, Error: Swift.Error> {
    /// Send the value downstream.
    case send(Output)
    /// Send nothing.
    case drop
    /// Send `last` if any, then end with `termination`, stopping the upstream.
    case finish(last: Output?, Termination<Error>)
}

extension Operators {
    /// The body of the operators that may end their stream before the upstream does
    /// (`take(first:)`, `take(while:)`, `attemptMap`...): `next` decides per value, with a state
    /// created for each run or observation; after finishing, whatever the upstream still sends
    /// is ignored. Upstream terminal events pass through.
    @inlinable
    static func ending<Value, Error, State, U, F>(
        into initialState: State,
        mapTermination: @escaping (Termination<Error>) -> Termination<F>,
        _ next: @escaping (inout State, Value) -> OperatorStep<U, F>
    ) -> FusedOperator<Value, Error, U, F> {
        return { downstream, stop in
            // The state, and whether the operator has finished.
            let state = RunState.make((initialState, false))
            return Signal<Value, Error>.Observer { event in
                switch event {
                case let .value(value):
                    let step = state.update { state -> OperatorStep<U, F>? in
                        if state.1 { return nil }
                        let step = next(&state.0, value)
                        if case .finish = step { state.1 = true }
                        return step
                    }
                    switch step {
                    case let .send(output)?:
                        downstream.send(value: output)
                    case .drop?, nil:
                        break
                    case let .finish(last, termination)?:
                        if let last { downstream.send(value: last) }
                        downstream.send(Signal<U, F>.Event(termination))
                        stop.dispose()
                    }
                default:
                    let alreadyFinished = state.update { state -> Bool in
                        defer { state.1 = true }
                        return state.1
                    }
                    guard !alreadyFinished else { return }
                    switch event {
                    case .value: break
                    case let .failed(error): downstream.send(Signal<U, F>.Event(mapTermination(.failed(error))))
                    case .completed: downstream.sendCompleted()
                    case .interrupted: downstream.sendInterrupted()
                    }
                }
            }
        }
    }

    /// ``ending(into:mapTermination:_:)`` for operators that keep the error type.
    @inlinable
    static func ending<Value, Error, State, U>(
        into initialState: State,
        _ next: @escaping (inout State, Value) -> OperatorStep<U, Error>
    ) -> FusedOperator<Value, Error, U, Error> {
        ending(into: initialState, mapTermination: { $0 }, next)
    }

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
}

/// The mutable state of one run or observation of an operator.
///
/// Operators keep per-run state here rather than in a captured `var`: a captured variable is
/// boxed and every access to it pays a dynamic exclusivity check, while this buffer's header is
/// reached through a pointer. Only the operator's own serial callbacks touch it.
@usableFromInline
final class RunState<State>: ManagedBuffer<State, Void> {
    /// A new state holding `initial`.
    @inlinable
    static func make(_ initial: State) -> RunState<State> {
        unsafeDowncast(create(minimumCapacity: 0) { _ in initial }, to: RunState<State>.self)
    }

    /// Runs `body` with the state, mutably.
    @inlinable
    func update<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
    }
}
