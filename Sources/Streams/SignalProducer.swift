/// A cold stream: a recipe for work that runs anew, with its own side effects, each time it is
/// started.
///
/// Starting a producer returns a `Disposable`; disposing it interrupts the run (the observer
/// receives `.interrupted`) and frees its resources. Each run delivers
/// `value* (failed | completed | interrupted)?` to its observer, one event at a time.
///
/// Producers built from values (`init(value:)`, `init(_:)`, ``init(result:)`` ...) run
/// synchronously inside `start` without taking a lock per value. Producers built from a start
/// handler (``init(_:)-((Signal<Value,Error>.Observer,Lifetime)->Void)``) may send from any
/// thread; their events are serialized like those of a ``Signal``.
public struct SignalProducer<Value, Error: Swift.Error> {
    /// The type of signal a run of this producer feeds.
    public typealias ProducedSignal = Signal<Value, Error>

    /// Starts one run; see ``ProducerRun``.
    @usableFromInline let startRun: ProducerRun<Value, Error>

    /// Starts one run for a consumer of values only, when the producer has that form; see
    /// ``ProducerValuesRun``. `nil` for every producer but the synchronous sources of values and
    /// the stateless stages (`map`, `filter`, `compactMap`) applied to them.
    @usableFromInline let startValuesRun: ProducerValuesRun<Value>?

    /// Sets up one run that its consumer pulls, an element at a time, when the producer has that
    /// form; see ``ProducerPullRun``. ``values`` iterates it. `nil` for every producer but the
    /// synchronous sources of a sequence and the fused stages applied to them.
    @usableFromInline let startPullRun: ProducerPullRun<Value, Error>?

    /// The debugging name given by ``named(_:)``.
    @usableFromInline var debugName: String?

    @inlinable
    init(
        run: @escaping ProducerRun<Value, Error>,
        valuesRun: ProducerValuesRun<Value>? = nil,
        pullRun: ProducerPullRun<Value, Error>? = nil
    ) {
        startRun = run
        startValuesRun = valuesRun
        startPullRun = pullRun
        debugName = nil
    }

    /// A producer sending the elements of `values`, then completing.
    @inlinable
    init<S: Sequence>(sequence values: S) where S.Element == Value {
        let source = SequenceSource(values)
        self.init(run: { source.run($0) }, valuesRun: { source.runValues($0) }, pullRun: { source.pull($0) })
    }

    /// Creates a producer from anything that can give one.
    @inlinable
    public init<T: SignalProducerConvertible>(_ base: T) where T.Value == Value, T.Error == Error {
        self = base.producer
    }

    /// Creates a producer whose runs observe `signal`: each run forwards the events `signal`
    /// sends while the run lasts. Starting after `signal` terminated yields `.interrupted`.
    @inlinable
    public init(_ signal: Signal<Value, Error>) {
        self.init { observer, lifetime in
            lifetime += signal.observe(observer)
        }
    }

    /// Creates a producer that runs `startHandler` on every start.
    ///
    /// The handler gets the observer to send events into (from any thread; they are serialized)
    /// and the run's lifetime, to which it adds its resources: they are disposed when the run
    /// terminates or is interrupted. If the handler releases the observer without terminating
    /// the run, the run is interrupted.
    @inlinable
    public init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void) {
        self.init(run: ProducerRuns.generator(startHandler))
    }

    /// The same as ``init(_:)-((Signal<Value,Error>.Observer,Lifetime)->Void)``: Streams
    /// serializes every run. Kept for source compatibility.
    @inlinable
    public static func unserialized(
        _ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void
    ) -> SignalProducer<Value, Error> {
        SignalProducer(startHandler)
    }

    /// Creates a producer that sends `value` and completes.
    @inlinable
    public init(value: Value) {
        self.init(sequence: CollectionOfOne(value))
    }

    /// Creates a producer that, on each start, calls `action` and sends its result, then
    /// completes.
    @inlinable
    public init(_ action: @escaping () -> Value) {
        self.init(run: ProducerRuns.synchronous { observer, _ in
            observer.send(value: action())
            return .completed
        })
    }

    /// Creates a producer that, on each start, calls `action`, then sends the value and
    /// completes, or fails with the error.
    @inlinable
    public init(_ action: @escaping () -> Result<Value, Error>) {
        self.init(run: ProducerRuns.synchronous { observer, _ in
            switch action() {
            case let .success(value):
                observer.send(value: value)
                return .completed
            case let .failure(error):
                return .failed(error)
            }
        })
    }

    /// Creates a producer that fails with `error` at once.
    @inlinable
    public init(error: Error) {
        self.init(run: ProducerRuns.synchronous { _, _ in .failed(error) })
    }

    /// Creates a producer that sends the success value and completes, or fails with the failure.
    @inlinable
    public init(result: Result<Value, Error>) {
        self.init { result }
    }

    /// Creates a producer that sends the elements of `values` in order, then completes.
    ///
    /// The sequence is iterated anew on each start, synchronously, checking for disposal after
    /// each element is sent: disposing the run from inside the observer (as `take(first:)` does)
    /// stops the iteration without pulling another element.
    @inlinable
    public init<S: Sequence>(_ values: S) where S.Iterator.Element == Value {
        self.init(sequence: values)
    }

    /// Creates a producer that sends the given values in order, then completes.
    @inlinable
    public init(values first: Value, _ second: Value, _ tail: Value...) {
        self.init([first, second] + tail)
    }

    /// A producer that completes at once without a value.
    @inlinable
    public static var empty: SignalProducer {
        SignalProducer(run: ProducerRuns.synchronous { _, _ in .completed })
    }

    /// A producer that never sends an event; its runs end only when disposed (`.interrupted`).
    @inlinable
    public static var never: SignalProducer {
        SignalProducer(run: { makeObserver in
            let run = NeverRun<Value, Error>()
            run.attach(makeObserver(run))
            return run
        })
    }
}

/// A producer is an immutable value: any thread may start it, and each start runs the producer's
/// work on the starting thread. What the work itself captures is the work's to protect, exactly
/// as for a closure handed to a scheduler; every event the run sends is serialized by Streams.
extension SignalProducer: @unchecked Sendable {}

extension SignalProducer where Error == Never {
    /// Creates a producer that cannot fail, sending `value` and completing.
    @inlinable
    public init(value: Value) {
        self.init(sequence: CollectionOfOne(value))
    }

    /// Creates a producer that cannot fail, sending the elements of `values`, then completing.
    @inlinable
    public init<S: Sequence>(_ values: S) where S.Iterator.Element == Value {
        self.init(sequence: values)
    }

    /// Creates a producer that cannot fail, sending the given values, then completing.
    @inlinable
    public init(values first: Value, _ second: Value, _ tail: Value...) {
        self.init([first, second] + tail)
    }
}

extension SignalProducer where Error == Swift.Error {
    /// Creates a producer that, on each start, calls the throwing `action`, then sends its value
    /// and completes, or fails with what it threw.
    @inlinable
    public init(_ action: @escaping () throws -> Value) {
        self.init(run: ProducerRuns.synchronous { observer, _ in
            do {
                observer.send(value: try action())
                return .completed
            } catch {
                return .failed(error)
            }
        })
    }
}

/// A type that can give a ``SignalProducer``: producers, signals, properties, results.
public protocol SignalProducerConvertible<Value, Error> {
    /// The value type of the producer.
    associatedtype Value
    /// The error type of the producer.
    associatedtype Error: Swift.Error

    /// The producer.
    var producer: SignalProducer<Value, Error> { get }
}

/// A type that is a ``SignalProducer``; lets operators be generic over producers.
public protocol SignalProducerProtocol<Value, Error> {
    /// The value type of the producer.
    associatedtype Value
    /// The error type of the producer.
    associatedtype Error: Swift.Error

    /// The producer itself.
    var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerConvertible, SignalProducerProtocol {
    /// The producer itself.
    public var producer: SignalProducer { self }
}

extension Result: SignalProducerConvertible {
    /// A producer that sends the success value and completes, or fails with the failure.
    public var producer: SignalProducer<Success, Failure> {
        SignalProducer(result: self)
    }
}
