import Synchronization

/// How one run of a ``SignalProducer`` starts.
///
/// The function first asks `makeObserver` for the observer to deliver into, handing it the
/// run's interrupt handle: an operator can keep that handle and dispose it from inside a
/// callback, even before the run function returns, to cancel the rest of a synchronous run. It
/// returns the same handle. Every run guarantees the event grammar to its observer: serial
/// calls, one terminal event, nothing after it.
///
/// Runs are closures built in `@inlinable` code so that they are specialized for the client's
/// value and error types: per-event work then never goes through unspecialized generic code.
@usableFromInline
typealias ProducerRun<Value, Error: Swift.Error> =
    (_ makeObserver: (_ interruptHandle: Disposable) -> Signal<Value, Error>.Observer) -> Disposable

/// A run of a ``SignalProducer`` for a consumer of values only
/// (``SignalProducer/startWithValues(_:isolation:)``), when the producer has that form: it
/// passes every value to `action`, synchronously, and returns when the run has ended.
///
/// Only the synchronous sources of values and the stateless stages applied to them (`map`,
/// `filter`, `compactMap`) have this form. Such a run cannot be interrupted (nothing can reach
/// its handle before it has ended), and the end of the run reaches no one, since the consumer
/// takes values only. So it needs no interrupt handle, no observer and no terminal event: each
/// stage calls the next through a non-escaping closure, whose context is on the stack, and a
/// subscription allocates nothing.
@usableFromInline
typealias ProducerValuesRun<Value> = (_ action: (Value) -> Void) -> Void

/// A stateless stage of a values-only run: handles one value, passing what it sends to
/// `downstream`.
@usableFromInline
typealias FusedValuesOperator<Value, U> = (_ value: Value, _ downstream: (U) -> Void) -> Void

/// A run of a ``SignalProducer`` that its consumer drives, one element of the source at a time
/// (``SignalProducer/values``), when the producer has that form.
///
/// It is set up as a ``ProducerRun`` is (the observer asked for, the interrupt handle handed
/// over first) but sends nothing yet: it returns the ``ProducerPull`` that sends each element.
/// Only the synchronous sources of a sequence and the fused stages applied to them (stateful
/// ones such as `scan` and `take(first:)` included) have this form: the stages are the same
/// observers as in a run started with `start`, and a stage that ends the run (`take(first:)`)
/// disposes the same handle, so every event a pull sends is an event the pushed run would have
/// sent, in the same order. A value costs a call through each stage, with no lock and no
/// allocation. Operators that start other runs, take a scheduler or combine streams have no
/// pulled run: their result is pushed, and ``SignalProducer/values`` buffers what it sends.
@usableFromInline
typealias ProducerPullRun<Value, Error: Swift.Error> =
    (_ makeObserver: (_ interruptHandle: Disposable) -> Signal<Value, Error>.Observer) -> ProducerPull

/// One step of a ``ProducerPullRun``: sends the source's next element through the run's stages,
/// or, when the source is exhausted or the run's handle was disposed, the run's terminal event.
/// Returns `false` once that terminal event has been sent, and does nothing from then on.
///
/// The steps of one run are called one after another, never concurrently (from one task, which
/// may change threads between two steps). A disposal of the handle is seen at the next step,
/// which sends `interrupted` without pulling another element.
@usableFromInline
typealias ProducerPull = () -> Bool

/// The kinds of run the producer initialisers are built from.
@usableFromInline
enum ProducerRuns {
    /// A run driven by a start handler, which may send from any thread: events go through a
    /// serializing ``SignalCore``, exactly as for a ``Signal``.
    ///
    /// The interrupt handle keeps the run's input observer: the run lasts while the handle is
    /// held, whatever the handler keeps, until it terminates or is disposed. Only when the
    /// handler keeps nothing and the handle is released too does the input go away, which
    /// interrupts the run.
    @inlinable
    static func generator<Value, Error>(
        _ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void
    ) -> ProducerRun<Value, Error> {
        return { makeObserver in
            let signal = SignalCore<Value, Error>()
            let input = Signal<Value, Error>.Observer(input: signal)
            let run = GeneratorRun(signal, input: input)
            _ = signal.add(makeObserver(run))
            if !signal.isEnding {
                startHandler(input, Lifetime(signal.disposable))
            }
            return run
        }
    }

    /// A run that produces all its events synchronously, on the starting thread, before it
    /// returns; see ``runSynchronously(_:_:)``.
    @inlinable
    static func synchronous<Value, Error>(
        _ body: @escaping (Signal<Value, Error>.Observer, SynchronousRun) -> Termination<Error>?
    ) -> ProducerRun<Value, Error> {
        return { makeObserver in runSynchronously(makeObserver, body) }
    }

    /// Runs `body`, which produces all the run's events synchronously, on the starting thread.
    ///
    /// No lock per event: `body` sends values and checks `run.isInterrupted` after each one,
    /// returning how the run should end, or `nil` when it stopped because it was interrupted.
    /// Disposal, from another thread or from a callback, only raises the flag; the run itself
    /// then delivers `.interrupted`, so the observer is never called concurrently.
    @inlinable
    static func runSynchronously<Value, Error>(
        _ makeObserver: (_ interruptHandle: Disposable) -> Signal<Value, Error>.Observer,
        _ body: (Signal<Value, Error>.Observer, SynchronousRun) -> Termination<Error>?
    ) -> Disposable {
        let run = SynchronousRun()
        let observer = makeObserver(run)
        let termination = run.isInterrupted ? nil : body(observer, run)
        if run.finish(), let termination {
            observer.send(Signal.Event(termination))
        } else {
            observer.sendInterrupted()
        }
        return run
    }
}

/// The elements of a sequence as the source of a producer, in every form of run: one object that
/// the producer's run closures capture, so that building the producer allocates it alone (a
/// closure that captures a single object uses that object as its context).
///
/// The sequence is iterated anew on each run.
@usableFromInline
final class SequenceSource<S: Sequence> {
    @usableFromInline let values: S

    @inlinable
    init(_ values: S) {
        self.values = values
    }

    /// A synchronous run sending the elements in order, then completing. Disposal is checked
    /// after each element is sent, so a run interrupted by one of its values pulls no further
    /// element from the sequence.
    @inlinable
    func run<Error>(_ makeObserver: (_ interruptHandle: Disposable) -> Signal<S.Element, Error>.Observer) -> Disposable {
        ProducerRuns.runSynchronously(makeObserver) { observer, run in
            // One loop per kind of observer, so that the kind is not checked per value. (An
            // observer of values only rarely comes here: `startWithValues` takes `runValues`.)
            switch observer.delivery {
            case let .valuesOnly(downstream):
                for value in values {
                    downstream.send(value: value)
                    if run.isInterrupted { return nil }
                }
            case let .events(downstream):
                for value in values {
                    downstream.send(value: value)
                    if run.isInterrupted { return nil }
                }
            }
            return .completed
        }
    }

    /// The values-only run (``ProducerValuesRun``): each element passed to `action`, in order.
    @inlinable
    func runValues(_ action: (S.Element) -> Void) {
        for value in values { action(value) }
    }

    /// The run pulled by its consumer (``ProducerPullRun``): each step sends one element, then
    /// the completion. It keeps the events and the checks of ``run(_:)``: a run disposed before
    /// its first step, or by one of its values, pulls no further element and ends with
    /// `interrupted`.
    @inlinable
    func pull<Error>(_ makeObserver: (_ interruptHandle: Disposable) -> Signal<S.Element, Error>.Observer) -> ProducerPull {
        let run = SynchronousRun()
        let observer = makeObserver(run)
        let steps = SequencePull(values.makeIterator(), observer: observer, run: run)
        return { steps.step() }
    }
}

/// The state of a pulled run of a sequence (``SequenceSource/pull(_:)``): the sequence's
/// iterator, the observer its elements go to, and the run's interrupt handle.
///
/// Its steps are called one at a time (see ``ProducerPull``), so its state needs no lock, and
/// no dynamic exclusivity check either.
@usableFromInline
final class SequencePull<Iterator: IteratorProtocol, Error: Swift.Error> {
    @usableFromInline @exclusivity(unchecked) var iterator: Iterator
    @usableFromInline @exclusivity(unchecked) var ended = false
    @usableFromInline let observer: Signal<Iterator.Element, Error>.Observer
    @usableFromInline let run: SynchronousRun

    @inlinable
    init(_ iterator: Iterator, observer: Signal<Iterator.Element, Error>.Observer, run: SynchronousRun) {
        self.iterator = iterator
        self.observer = observer
        self.run = run
    }

    /// Sends the next element, or the end of the run; see ``ProducerPull``.
    @inlinable
    func step() -> Bool {
        if ended { return false }
        var exhausted = false
        if !run.isInterrupted {
            if let value = iterator.next() {
                observer.send(value: value)
                if !run.isInterrupted { return true }
            } else {
                exhausted = true
            }
        }
        ended = true
        if exhausted && run.finish() {
            observer.sendCompleted()
        } else {
            observer.sendInterrupted()
        }
        return false
    }
}

/// The handle returned for a run that had ended before it was returned: already disposed,
/// and disposing it does nothing.
@usableFromInline
final class EndedRun: Disposable, Sendable {
    /// The one instance.
    @usableFromInline static let shared = EndedRun()

    private init() {}

    /// Always `true`: the run has ended.
    @usableFromInline var isDisposed: Bool { true }

    /// Does nothing: the run has ended.
    @usableFromInline func dispose() {}
}

/// The interrupt handle of a start-handler run.
///
/// It holds the run's input observer, so that the run lasts while this handle is held (see
/// ``ProducerRuns/generator(_:)``).
@usableFromInline
final class GeneratorRun<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    private let signal: SignalCore<Value, Error>
    private let input: Signal<Value, Error>.Observer

    @usableFromInline
    init(_ signal: SignalCore<Value, Error>, input: Signal<Value, Error>.Observer) {
        self.signal = signal
        self.input = input
    }

    /// Whether the run has ended, or is being interrupted.
    @usableFromInline
    var isDisposed: Bool { signal.isEnding }

    /// Interrupts the run without waiting: if another thread is delivering one of its events,
    /// `interrupted` follows that delivery and the events still waiting are dropped. From inside
    /// one of its callbacks, the interruption is delivered right after the current event.
    @usableFromInline
    func dispose() {
        signal.send(.interrupted)
    }
}

/// The interrupt handle of a synchronous run: running, interruption requested, or finished.
@usableFromInline
final class SynchronousRun: Disposable, @unchecked Sendable {
    @usableFromInline static let running: UInt8 = 0
    @usableFromInline static let interruptRequested: UInt8 = 1
    @usableFromInline static let finished: UInt8 = 2

    @usableFromInline let state = Synchronization.Atomic<UInt8>(0)

    @usableFromInline init() {}

    /// Whether the body should stop: disposal was requested.
    @inlinable
    var isInterrupted: Bool { state.load(ordering: .relaxed) != Self.running }

    /// Whether the run has ended or been asked to.
    @usableFromInline
    var isDisposed: Bool { state.load(ordering: .acquiring) != Self.running }

    /// Asks the run to stop; it delivers `.interrupted` itself.
    @usableFromInline
    func dispose() {
        _ = state.compareExchange(expected: Self.running, desired: Self.interruptRequested,
                                  ordering: .acquiringAndReleasing)
    }

    /// Marks the run finished. Returns `false` if an interruption was requested first.
    @inlinable
    func finish() -> Bool {
        state.compareExchange(expected: Self.running, desired: Self.finished,
                              ordering: .acquiringAndReleasing).exchanged
    }
}

/// The interrupt handle of a run of ``SignalProducer/never``: it holds the observer, and
/// disposing it delivers `.interrupted`. Dropping the handle frees the run, since nothing could
/// ever reach the observer.
@usableFromInline
final class NeverRun<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    private enum State {
        case starting
        case running(Signal<Value, Error>.Observer)
        case disposed
    }

    private let state = Locked(State.starting)

    @usableFromInline init() {}

    /// Keeps `observer` until disposal; interrupts it at once if disposal came first.
    @usableFromInline
    func attach(_ observer: Signal<Value, Error>.Observer) {
        let disposedEarly = state.withLock { state -> Bool in
            if case .disposed = state { return true }
            state = .running(observer)
            return false
        }
        if disposedEarly { observer.sendInterrupted() }
    }

    /// Whether the run was disposed.
    @usableFromInline
    var isDisposed: Bool {
        state.withLock { state in
            if case .disposed = state { return true }
            return false
        }
    }

    /// Interrupts the run, once.
    @usableFromInline
    func dispose() {
        let observer = state.withLock { state -> Signal<Value, Error>.Observer? in
            defer { state = .disposed }
            if case let .running(observer) = state { return observer }
            return nil
        }
        observer?.sendInterrupted()
    }
}
