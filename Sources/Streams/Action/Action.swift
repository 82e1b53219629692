/// Work to run on demand, at most one execution at a time, enabled by state.
///
/// An action turns an input into a producer of work (`execute`). ``apply(_:)`` returns a
/// producer that, when started, runs that work if the action is enabled: the action is then
/// executing until the work ends, and every event of the work is also sent on ``events`` (and
/// split into ``values``, ``errors`` and ``completed``). Started while disabled (or executing),
/// it fails at once with ``ActionError/disabled`` and ``disabledErrors`` fires.
///
/// ```swift
/// let email = MutableProperty("")
/// let submit = Action<Void, String, Never>(state: email, enabledIf: { $0.contains("@") }) { address, _ in
///     SignalProducer<String, Never>(value: "sent to \(address)")
/// }
/// submit.values.observeValues { print($0) }
/// email.value = "ada@example.com"
/// submit.apply().start()
/// // Prints: sent to ada@example.com
/// ```
///
/// - Thread-safe: `apply` may be started from any thread; checking and marking the action
///   executing is one atomic step, so two concurrent starts never both run.
/// - ``isEnabled`` is true when the state allows it and no execution is running;
///   ``isExecuting`` is true while one is.
/// - The signals complete when the action is deinitialized.
public final class Action<Input, Output, Error: Swift.Error> {
    private let token: Lifetime.Token
    private let execute: (Input) -> SignalProducer<Output, ActionError<Error>>
    private let eventsObserver: Signal<Signal<Output, Error>.Event, Never>.Observer
    private let disabledErrorsObserver: Signal<(), Never>.Observer
    /// The state property, kept alive as long as the action follows it.
    private let state: AnyObject

    /// The lifetime of the action; it ends when the action is deinitialized.
    public let lifetime: Lifetime

    /// Every event of every execution, in order.
    public let events: Signal<Signal<Output, Error>.Event, Never>

    /// The values of every execution.
    public let values: Signal<Output, Never>

    /// The errors of the executions that failed.
    public let errors: Signal<Error, Never>

    /// Fires each time the action is applied while disabled.
    public let disabledErrors: Signal<(), Never>

    /// Fires each time an execution completes.
    public let completed: Signal<(), Never>

    /// Whether an execution is running.
    public let isExecuting: Property<Bool>

    /// Whether applying the action now would run it: the state allows it and no execution is
    /// running.
    public let isEnabled: Property<Bool>

    /// Creates an action whose work and enablement depend on `state`.
    ///
    /// - Parameters:
    ///   - state: The state the action reads when it starts, and its enablement follows.
    ///   - isEnabled: Whether a state value allows the action to run.
    ///   - execute: Makes the work for the state value and the input.
    public init<State: PropertyProtocol>(
        state: State,
        enabledIf isEnabled: @escaping (State.Value) -> Bool,
        execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.state = state
        (lifetime, token) = Lifetime.make()
        (events, eventsObserver) = Signal.pipe()
        (disabledErrors, disabledErrorsObserver) = Signal.pipe()
        values = events.compactMap { $0.value }
        errors = events.compactMap { $0.error }
        completed = events.filter { $0.isCompleted }.map { _ in () }

        let actionState = MutableProperty(ActionState(value: state.value, isUserEnabled: isEnabled))
        // Follow the state for as long as the action lives.
        lifetime += state.signal.observeValues { value in actionState.modify { $0.value = value } }
        self.isEnabled = actionState.map { $0.isEnabled }.skipRepeats()
        self.isExecuting = actionState.map { $0.isExecuting }.skipRepeats()

        let eventsObserver = self.eventsObserver
        let disabledErrorsObserver = self.disabledErrorsObserver
        self.execute = { input in
            SignalProducer { observer, lifetime in
                let startingState = actionState.modify { state -> State.Value? in
                    guard state.isEnabled else { return nil }
                    state.isExecuting = true
                    return state.value
                }
                guard let startingState else {
                    observer.send(error: .disabled)
                    disabledErrorsObserver.send(value: ())
                    return
                }
                lifetime.observeEnded { actionState.modify { $0.isExecuting = false } }
                lifetime += execute(startingState, input).start { event in
                    observer.send(event.mapError(ActionError.producerFailed))
                    eventsObserver.send(value: event)
                }
            }
        }
    }

    /// Creates an action always enabled by `state` (unless executing), whose work reads it.
    ///
    /// - Parameters:
    ///   - state: The state the action reads when it starts.
    ///   - execute: Makes the work for the state value and the input.
    public convenience init<P: PropertyProtocol>(state: P, execute: @escaping (P.Value, Input) -> SignalProducer<Output, Error>) {
        self.init(state: state, enabledIf: { _ in true }, execute: execute)
    }

    /// Creates an action enabled while `isEnabled` is true (and not executing).
    ///
    /// - Parameters:
    ///   - isEnabled: The property that enables the action.
    ///   - execute: Makes the work for the input.
    public convenience init<P: PropertyProtocol>(enabledIf isEnabled: P, execute: @escaping (Input) -> SignalProducer<Output, Error>)
    where P.Value == Bool {
        self.init(state: isEnabled, enabledIf: { $0 }) { _, input in execute(input) }
    }

    /// Creates an action enabled while `state` holds a value (and not executing), whose work
    /// gets that value unwrapped.
    ///
    /// - Parameters:
    ///   - state: The optional state.
    ///   - execute: Makes the work for the unwrapped state and the input.
    public convenience init<P: PropertyProtocol, T>(unwrapping state: P, execute: @escaping (T, Input) -> SignalProducer<Output, Error>)
    where P.Value == T? {
        self.init(state: state, enabledIf: { $0 != nil }) { state, input in execute(state!, input) }
    }

    /// Creates an action enabled while `state`'s latest proposal is valid (and not executing),
    /// whose work gets the validated value.
    ///
    /// - Parameters:
    ///   - state: The validating property.
    ///   - execute: Makes the work for the validated value and the input.
    public convenience init<T, E>(validated state: ValidatingProperty<T, E>, execute: @escaping (T, Input) -> SignalProducer<Output, Error>) {
        self.init(unwrapping: state.result.map { $0.value }, execute: execute)
    }

    /// Creates an action that is always enabled, except while executing.
    ///
    /// - Parameter execute: Makes the work for the input.
    public convenience init(execute: @escaping (Input) -> SignalProducer<Output, Error>) {
        self.init(enabledIf: Property(value: true), execute: execute)
    }

    deinit {
        eventsObserver.sendCompleted()
        disabledErrorsObserver.sendCompleted()
        token.dispose()
    }

    /// A producer that, when started, runs the action with `input` if it is enabled.
    ///
    /// - Values, completion and interruption: those of the work.
    /// - Errors: ``ActionError/disabled`` at once if the action was disabled or executing when
    ///   started; ``ActionError/producerFailed(_:)`` if the work failed.
    /// - Disposing the run interrupts the work; the action stops executing.
    ///
    /// - Parameter input: The input of the work.
    /// - Returns: A producer of one execution per start.
    public func apply(_ input: Input) -> SignalProducer<Output, ActionError<Error>> {
        execute(input)
    }
}

extension Action: BindingTargetProvider {
    /// A binding target that applies the action to each value it receives, while the action
    /// lives.
    public var bindingTarget: BindingTarget<Input> {
        BindingTarget(lifetime: lifetime) { [weak self] input in self?.apply(input).start() }
    }
}

extension Action where Input == Void {
    /// A producer that, when started, runs the action if it is enabled; see ``apply(_:)``.
    ///
    /// - Returns: A producer of one execution per start.
    public func apply() -> SignalProducer<Output, ActionError<Error>> {
        apply(())
    }

    /// Creates an action enabled while `state` holds a value, whose work gets it unwrapped.
    ///
    /// - Parameters:
    ///   - state: The optional state.
    ///   - execute: Makes the work for the unwrapped state.
    public convenience init<P: PropertyProtocol, T>(unwrapping state: P, execute: @escaping (T) -> SignalProducer<Output, Error>)
    where P.Value == T? {
        self.init(unwrapping: state) { state, _ in execute(state) }
    }

    /// Creates an action enabled while `state`'s latest proposal is valid, whose work gets the
    /// validated value.
    ///
    /// - Parameters:
    ///   - state: The validating property.
    ///   - execute: Makes the work for the validated value.
    public convenience init<T, E>(validated state: ValidatingProperty<T, E>, execute: @escaping (T) -> SignalProducer<Output, Error>) {
        self.init(validated: state) { state, _ in execute(state) }
    }

    /// Creates an action whose work reads `state` when it starts.
    ///
    /// - Parameters:
    ///   - state: The state the action reads when it starts.
    ///   - execute: Makes the work for the state value.
    public convenience init<P: PropertyProtocol, T>(state: P, execute: @escaping (T) -> SignalProducer<Output, Error>)
    where P.Value == T {
        self.init(state: state) { state, _ in execute(state) }
    }
}

/// What an action's enablement depends on.
struct ActionState<Value> {
    var isExecuting = false
    var value: Value
    let isUserEnabled: (Value) -> Bool

    init(value: Value, isUserEnabled: @escaping (Value) -> Bool) {
        self.value = value
        self.isUserEnabled = isUserEnabled
    }

    var isEnabled: Bool { !isExecuting && isUserEnabled(value) }
}

extension Action: @unchecked Sendable where Input: Sendable, Output: Sendable {}
