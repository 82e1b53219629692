/// A hot stream: events happen whether or not anyone observes, and every observer sees the events
/// sent after it started observing.
///
/// A signal delivers `value* (failed | completed | interrupted)?` to its observers:
/// - one event at a time: a sender on another thread waits until the current event has reached
///   every observer;
/// - an event sent from inside one of its own observers is queued and delivered, in order, right
///   after the current delivery, to every observer;
/// - observers are called in the order they registered; observers added or removed during a
///   delivery take effect from the next event;
/// - after the terminal event nothing more is delivered, observers are released, and the
///   resources tied to the signal's lifetime are disposed. Observing a terminated signal delivers
///   `.interrupted` at once.
///
/// A signal whose input observer is released without terminating it is interrupted; a signal that
/// is no longer referenced and has no observers ends silently and frees its resources.
public final class Signal<Value, Error: Swift.Error> {
    @usableFromInline let core: SignalCore<Value, Error>

    @usableFromInline
    init(core: SignalCore<Value, Error>) {
        self.core = core
    }

    deinit {
        core.outputDidDeinitialize()
    }

    /// Creates a signal fed by `generator`, which runs at once with the input observer and the
    /// signal's lifetime.
    ///
    /// Add the resources that feed the signal to the lifetime: they are disposed when the signal
    /// terminates, or when it is neither referenced nor observed any more.
    ///
    /// - Parameter generator: Receives the observer to send events into, and the lifetime.
    @inlinable
    public convenience init(_ generator: (Observer, Lifetime) -> Void) {
        let core = SignalCore<Value, Error>()
        self.init(core: core)
        generator(Observer(input: core), Lifetime(core.disposable))
    }

    /// Creates a signal like ``init(_:)``.
    ///
    /// Streams serializes every signal, so this is the same as `init(_:)`; it exists so that code
    /// written against ReactiveSwift compiles unchanged.
    public static func unserialized(_ generator: (Observer, Lifetime) -> Void) -> Signal {
        Signal(generator)
    }

    /// Creates a signal like ``init(_:)``.
    ///
    /// Streams serializes every signal and queues reentrant events instead of delivering them
    /// depth-first, so this is the same as `init(_:)`; it exists for source compatibility.
    public static func reentrantUnserialized(_ generator: (Observer, Lifetime) -> Void) -> Signal {
        Signal(generator)
    }

    /// Starts delivering this signal's events to `observer`.
    ///
    /// - Returns: A disposable that stops the observation, or `nil` if the signal had already
    ///   terminated, in which case `observer` has received `.interrupted`.
    /// - Complexity: Amortized O(1), whatever the number of observers.
    @discardableResult
    public func observe(_ observer: Observer) -> Disposable? {
        core.add(observer)
    }
}

extension Signal: @unchecked Sendable {}

extension Signal {
    /// A signal that never sends any event, not even a terminal one.
    ///
    /// It lasts, with the signals derived from it and their observers, until they are
    /// disposed: `never.map { ... }` observed is never interrupted by itself. With no observer
    /// left and no reference to it, it ends silently and is freed, as any signal.
    public static var never: Signal {
        Signal { input, lifetime in
            // The signal's own lifetime keeps its input: releasing the input would interrupt
            // it. That lifetime ends once the signal has no observer and no reference.
            lifetime.observeEnded { withExtendedLifetime(input) {} }
        }
    }

    /// A signal that has already completed: observers receive `.interrupted` at once, as with any
    /// terminated signal.
    public static var empty: Signal {
        Signal { observer, _ in observer.sendCompleted() }
    }

    /// Creates a signal and the observer that sends into it.
    ///
    /// - Parameter disposable: Disposed when the signal terminates.
    /// - Returns: The signal, to observe, and its input, to send events with. Releasing the input
    ///   without terminating interrupts the signal.
    @inlinable
    public static func pipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        var input: Observer?
        let output = Signal { observer, lifetime in
            input = observer
            lifetime += disposable
        }
        return (output, input!)
    }

    /// The same as ``pipe(disposable:)``: every Streams signal is serialized.
    public static func unserializedPipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        pipe(disposable: disposable)
    }

    /// The same as ``pipe(disposable:)``: every Streams signal queues reentrant events in order.
    public static func reentrantUnserializedPipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        pipe(disposable: disposable)
    }
}

extension Signal {
    /// Observes every event with `action`.
    ///
    /// - Returns: A disposable that stops the observation, or `nil` if the signal had terminated.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func observe(
        _ action: @escaping Signal<Value, Error>.Observer.Action,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable? {
        observe(Observer(isolationChecked(action, isolation, "observe(_:)", file: file, line: line)))
    }

    /// Observes values and failure as `Result`s; completion and interruption are not reported.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func observeResult(
        _ action: @escaping (Result<Value, Error>) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Disposable? {
        let action = isolationChecked(action, isolation, "observeResult(_:)", file: file, line: line)
        return observe(Observer(value: { action(.success($0)) }, failed: { action(.failure($0)) }))
    }

    /// Calls `action` if the signal completes.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func observeCompleted(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable? {
        observe(Observer(completed: isolationChecked(action, isolation, "observeCompleted(_:)", file: file, line: line)))
    }

    /// Calls `action` with the error if the signal fails.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func observeFailed(_ action: @escaping (Error) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable? {
        observe(Observer(failed: isolationChecked(action, isolation, "observeFailed(_:)", file: file, line: line)))
    }

    /// Calls `action` if the signal is interrupted, including when observing an already
    /// terminated signal.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func observeInterrupted(_ action: @escaping () -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable? {
        observe(Observer(interrupted: isolationChecked(action, isolation, "observeInterrupted(_:)", file: file, line: line)))
    }
}

extension Signal where Error == Never {
    /// Calls `action` with each value of a signal that cannot fail.
    /// - Note: Written in code isolated to an actor (a `@MainActor` type, say), `action` belongs
    ///   on that actor. An event delivered on another thread still reaches it there, as in
    ///   ReactiveSwift, and the call site is reported once (see ``IsolationChecking``): put
    ///   `observe(on: UIScheduler())` first, or use the `on: MainActor.self` forms.
    @inlinable @discardableResult
    public func observeValues(_ action: @escaping (Value) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line) -> Disposable? {
        observe(Observer.forValues(isolationChecked(action, isolation, "observeValues(_:)", file: file, line: line)))
    }
}

/// A type that is, or can give, a ``Signal``; lets operators be generic over signals.
public protocol SignalProtocol<Value, Error>: AnyObject {
    /// The value type of the signal.
    associatedtype Value
    /// The error type of the signal.
    associatedtype Error: Swift.Error

    /// The signal itself.
    var signal: Signal<Value, Error> { get }
}

extension Signal: SignalProtocol {
    /// The signal itself.
    public var signal: Signal<Value, Error> { self }
}

extension Signal: SignalProducerConvertible {
    /// A producer that, each time it is started, observes this signal.
    ///
    /// The producer forwards the events the signal sends while it runs; starting it after the
    /// signal terminated yields `.interrupted`. Disposing the run stops observing.
    public var producer: SignalProducer<Value, Error> {
        SignalProducer(self)
    }
}
