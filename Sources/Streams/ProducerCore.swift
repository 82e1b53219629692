import Synchronization

/// How a ``SignalProducer`` runs. Each `start` creates one independent run.
///
/// `start` first asks `makeObserver` for the observer to deliver into, handing it the run's
/// interrupt handle: an operator can keep that handle and dispose it from inside a callback,
/// even before `start` returns, to cancel the rest of a synchronous run. Every core guarantees
/// the event grammar to that observer: serial calls, one terminal event, nothing after it.
@usableFromInline
class ProducerCore<Value, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline init() {}

    /// Starts one run delivering into the observer `makeObserver` returns.
    ///
    /// - Returns: The interrupt handle: disposing it interrupts the run (the observer receives
    ///   `.interrupted` unless the run already terminated) and frees its resources.
    @usableFromInline
    func start(_ makeObserver: (_ interruptHandle: Disposable) -> Observer<Value, Error>) -> Disposable {
        fatalError("ProducerCore.start(_:) is abstract; \(type(of: self)) must override it")
    }
}

/// A run of a producer built from a start handler: the handler may send from any thread, so the
/// run delivers through a serializing ``SignalCore``.
final class GeneratorCore<Value, Error: Swift.Error>: ProducerCore<Value, Error>, @unchecked Sendable {
    private let startHandler: (Signal<Value, Error>.Observer, Lifetime) -> Void

    init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void) {
        self.startHandler = startHandler
    }

    override func start(_ makeObserver: (Disposable) -> Observer<Value, Error>) -> Disposable {
        let signal = SignalCore<Value, Error>()
        let run = GeneratorRun(signal)
        _ = signal.add(makeObserver(run))
        if !signal.isTerminated {
            let input = Signal<Value, Error>.Observer(signal.send, interruptsOnDeinit: true)
            startHandler(input, Lifetime(signal.disposable))
        }
        return run
    }
}

/// The interrupt handle of a ``GeneratorCore`` run.
private final class GeneratorRun<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    private let signal: SignalCore<Value, Error>

    init(_ signal: SignalCore<Value, Error>) {
        self.signal = signal
    }

    /// Whether the run has ended, by disposal or by its own terminal event.
    var isDisposed: Bool { signal.isTerminated }

    /// Interrupts the run. From inside one of its callbacks, the interruption is delivered right
    /// after the current event.
    func dispose() {
        signal.send(.interrupted)
    }
}

/// A run that produces all its events synchronously, on the starting thread, inside `start`.
///
/// No lock per event: the body checks an atomic interruption flag between values. Disposal from
/// another thread (or from a callback) sets the flag; the body stops at its next check and the
/// run itself delivers `.interrupted`, so the observer is never called concurrently.
@usableFromInline
final class SynchronousCore<Value, Error: Swift.Error>: ProducerCore<Value, Error>, @unchecked Sendable {
    /// Sends values into the observer, checking `run.isInterrupted` before each, and returns how
    /// the run should end, or `nil` if it stopped because it was interrupted.
    @usableFromInline let body: (Observer<Value, Error>, SynchronousRun) -> Termination<Error>?

    @usableFromInline
    init(_ body: @escaping (Observer<Value, Error>, SynchronousRun) -> Termination<Error>?) {
        self.body = body
    }

    @usableFromInline
    override func start(_ makeObserver: (Disposable) -> Observer<Value, Error>) -> Disposable {
        let run = SynchronousRun()
        let observer = makeObserver(run)
        let termination = run.isInterrupted ? nil : body(observer, run)
        if run.finish(), let termination {
            observer.terminate(termination)
        } else {
            observer.terminate(.interrupted)
        }
        return run
    }
}

/// The interrupt handle of a ``SynchronousCore`` run: running, interruption requested, finished.
@usableFromInline
final class SynchronousRun: Disposable, @unchecked Sendable {
    private static let running: UInt8 = 0
    private static let interruptRequested: UInt8 = 1
    private static let finished: UInt8 = 2

    @usableFromInline let state = Synchronization.Atomic<UInt8>(0)

    @usableFromInline init() {}

    /// Whether the body should stop: disposal was requested.
    @inlinable
    var isInterrupted: Bool { state.load(ordering: .relaxed) != 0 }

    /// Whether the run has ended or been asked to.
    @usableFromInline
    var isDisposed: Bool { state.load(ordering: .acquiring) != 0 }

    /// Asks the run to stop; it delivers `.interrupted` itself.
    @usableFromInline
    func dispose() {
        _ = state.compareExchange(expected: Self.running, desired: Self.interruptRequested,
                                  ordering: .acquiringAndReleasing)
    }

    /// Marks the run finished. Returns `false` if an interruption was requested first.
    @usableFromInline
    func finish() -> Bool {
        state.compareExchange(expected: Self.running, desired: Self.finished,
                              ordering: .acquiringAndReleasing).exchanged
    }
}
