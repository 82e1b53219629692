/// The receiving end of a stream: values one at a time, then at most one termination.
///
/// Streams calls an observer serially (never two calls at once) and never after its termination.
/// It is `open`, as in ReactiveSwift, so that code which subclasses it to handle events in an
/// object of its own keeps compiling; ``Signal/Observer``, the observer every stream delivers
/// to, is the subclass that forwards to a closure. An operator can subclass it to transform
/// events on their way to a downstream observer, with no signal per stage.
open class Observer<Value, Error: Swift.Error>: @unchecked Sendable {
    /// Creates an observer that ignores every event.
    public init() {}

    /// Receives one value. The default implementation ignores it.
    open func receive(_ value: Value) {}

    /// Receives the end of the stream. The default implementation ignores it.
    open func terminate(_ termination: Termination<Error>) {}
}

extension Signal {
    /// An observer that hands each event to a closure; also the input of a pipe.
    ///
    /// The input observer of a ``Signal/pipe(disposable:)`` or of a producer's start handler
    /// interrupts its stream when it is deinitialized without having terminated it, so dropping
    /// the input frees everything downstream.
    public final class Observer: Streams.Observer<Value, Error>, @unchecked Sendable {
        /// The closure an observer forwards events to.
        public typealias Action = (Event) -> Void

        /// Called with every event, unless the observer observes values only. Read only in this
        /// file: an operator forwards through ``send(_:)`` and its siblings, or through
        /// ``delivery``, which cannot drop a value (a values-only observer ignores `_send`).
        @usableFromInline let _send: Action
        /// For an observer of values only (``forValues(_:)``), the action called with each value;
        /// the other events are ignored and `_send` is not called. Held here rather than in a
        /// closure wrapping it, so that such an observer is one allocation, and a value reaches
        /// the action in one call. (Not an optional: a closure stored as such is loaded, and
        /// retained, before each call.)
        @usableFromInline let _values: (Value) -> Void
        /// Whether the observer observes values only, through `_values`.
        @usableFromInline let observesValuesOnly: Bool
        @usableFromInline let interruptsOnDeinit: Bool

        /// Creates an observer that forwards every event to `action`.
        @inlinable
        public init(_ action: @escaping Action) {
            _send = action
            _values = { _ in }
            observesValuesOnly = false
            interruptsOnDeinit = false
        }

        @inlinable
        init(_ action: @escaping Action, interruptsOnDeinit: Bool) {
            _send = action
            _values = { _ in }
            observesValuesOnly = false
            self.interruptsOnDeinit = interruptsOnDeinit
        }

        @inlinable
        init(values action: @escaping (Value) -> Void, ignoring terminations: Void) {
            _send = { _ in }
            _values = action
            observesValuesOnly = true
            interruptsOnDeinit = false
        }

        /// Hands `event` to the action.
        @inlinable @inline(__always)
        func dispatch(_ event: Event) {
            if observesValuesOnly {
                if case let .value(value) = event { _values(value) }
            } else {
                _send(event)
            }
        }

        /// Hands `value` to the action.
        @inlinable @inline(__always)
        func dispatch(value: Value) {
            if observesValuesOnly {
                _values(value)
            } else {
                _send(.value(value))
            }
        }

        /// Creates an observer from one optional closure per kind of event.
        ///
        /// - Parameters:
        ///   - value: Called with each value.
        ///   - failed: Called with the error if the stream fails.
        ///   - completed: Called if the stream completes.
        ///   - interrupted: Called if the stream is interrupted.
        @inlinable
        public convenience init(
            value: ((Value) -> Void)? = nil,
            failed: ((Error) -> Void)? = nil,
            completed: (() -> Void)? = nil,
            interrupted: (() -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case let .value(v): value?(v)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        /// An observer that calls `action` with each value and ignores the end of the stream.
        ///
        /// What `init(value:)` does, holding `action` itself: the forms that observe values only
        /// (`observeValues`, and `startWithValues` on a producer without a run for values only)
        /// allocate the observer alone, and call `action` directly instead of checking four
        /// optional closures.
        @inlinable
        static func forValues(_ action: @escaping (Value) -> Void) -> Observer {
            Observer(values: action, ignoring: ())
        }

        /// The input observer of `core`: sends into it, and interrupts it when deinitialized.
        @inlinable
        convenience init(input core: SignalCore<Value, Error>) {
            self.init({ event in core.send(event) }, interruptsOnDeinit: true)
        }

        /// The input observer of the fused `core`: delivers into it at once (see
        /// `SignalCore.sendFused(_:)`), and interrupts it when deinitialized.
        @inlinable
        convenience init(fusedInput core: SignalCore<Value, Error>) {
            self.init({ event in core.sendFused(event) }, interruptsOnDeinit: true)
        }

        deinit {
            if interruptsOnDeinit { interruptOnDeinit() }
        }

        /// Sends `.interrupted` for the deinitializer of an input observer. Out of line, so that
        /// the deinitializer, which runs unspecialized, looks up the metadata of `Event` (some
        /// three hundred instructions) only for an observer that interrupts.
        @usableFromInline @inline(never)
        func interruptOnDeinit() {
            _send(.interrupted)
        }

        /// Forwards `value` as a `.value` event.
        @inlinable
        public override func receive(_ value: Value) {
            dispatch(value: value)
        }

        /// Forwards `termination` as the matching terminal event.
        @inlinable
        public override func terminate(_ termination: Termination<Error>) {
            dispatch(Event(termination))
        }

        /// How this observer takes its events, for an operator that picks its forwarding loop
        /// once per run rather than testing the kind of observer per value.
        ///
        /// Each case gives a view of the observer with only the calls that reach it: a
        /// values-only observer has no way to be sent a terminal event it would ignore, and
        /// neither view can skip the values. The views hold the observer, so capturing one keeps
        /// the observer alive, as capturing the observer does.
        @inlinable
        var delivery: Delivery {
            observesValuesOnly ? .valuesOnly(ValuesOnlyDelivery(observer: self)) : .events(EventDelivery(observer: self))
        }

        /// The two ways an observer takes its events; see ``delivery``.
        @usableFromInline
        enum Delivery {
            /// An observer of values only: terminal events have nowhere to go.
            case valuesOnly(ValuesOnlyDelivery)
            /// An observer of every event.
            case events(EventDelivery)
        }

        /// An observer of values only, seen by an operator: values go to its action directly.
        @usableFromInline
        struct ValuesOnlyDelivery {
            @usableFromInline let observer: Observer

            @inlinable
            init(observer: Observer) { self.observer = observer }

            /// Sends a value, in one call.
            @inlinable @inline(__always)
            func send(value: Value) { observer._values(value) }
        }

        /// An observer of every event, seen by an operator: events go to its action directly.
        @usableFromInline
        struct EventDelivery {
            @usableFromInline let observer: Observer

            @inlinable
            init(observer: Observer) { self.observer = observer }

            /// Sends an event, in one call.
            @inlinable @inline(__always)
            func send(_ event: Event) { observer._send(event) }

            /// Sends a value, in one call.
            @inlinable @inline(__always)
            func send(value: Value) { observer._send(.value(value)) }
        }

        /// Sends `event`: the call the delivery loop makes, kept out of line so that `self` is
        /// borrowed and the closure's context needs no retain.
        @inlinable @inline(never)
        func deliver(_ event: Event) {
            dispatch(event)
        }

        /// Sends `event`.
        @inlinable
        public func send(_ event: Event) {
            dispatch(event)
        }

        /// Sends a value.
        @inlinable
        public func send(value: Value) {
            dispatch(value: value)
        }

        /// Fails the stream with `error`.
        @inlinable
        public func send(error: Error) {
            dispatch(.failed(error))
        }

        /// Completes the stream.
        @inlinable
        public func sendCompleted() {
            dispatch(.completed)
        }

        /// Interrupts the stream.
        @inlinable
        public func sendInterrupted() {
            dispatch(.interrupted)
        }
    }
}
