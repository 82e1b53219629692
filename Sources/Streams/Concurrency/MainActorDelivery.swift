// Delivery to the main actor that the compiler can check, and the runtime check that catches a
// closure isolated to an actor being called outside it.

extension Signal where Value: Sendable {
    /// Observes every event with a main-actor closure, called on the main actor in the order
    /// the events were sent.
    ///
    /// Events sent on the main thread with nothing waiting are delivered at once; others are
    /// queued on the main queue (as ``UIScheduler`` does). Disposing the observation drops the
    /// events still queued.
    ///
    /// ```swift
    /// @MainActor final class DownloadViewModel {
    ///     var status = ""
    ///     func follow(_ progress: Signal<Double, Never>) {
    ///         progress.observe(on: MainActor.self) { [weak self] event in
    ///             self?.status = event.value.map { "\(Int($0 * 100))%" } ?? "done"
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - actor: `MainActor.self`.
    ///   - action: Called on the main actor with each event.
    /// - Returns: A disposable that stops the observation, or `nil` if the signal had terminated.
    @discardableResult
    public func observe(on actor: MainActor.Type, _ action: @escaping @MainActor (Event) -> Void) -> Disposable? {
        observe(on: UIScheduler()).observe(Observer(MainActorDelivery.hop(action)))
    }
}

extension Signal where Value: Sendable, Error == Never {
    /// Observes the values of a signal that cannot fail with a main-actor closure, called on
    /// the main actor in order; see ``observe(on:_:)-(MainActor.Type,_)``.
    ///
    /// - Parameters:
    ///   - actor: `MainActor.self`.
    ///   - action: Called on the main actor with each value.
    /// - Returns: A disposable that stops the observation, or `nil` if the signal had terminated.
    @discardableResult
    public func observeValues(on actor: MainActor.Type, _ action: @escaping @MainActor (Value) -> Void) -> Disposable? {
        observe(on: actor) { event in
            if case let .value(value) = event { action(value) }
        }
    }
}

extension SignalProducer where Value: Sendable {
    /// Starts a run delivering every event to a main-actor closure, called on the main actor in
    /// the order the events were sent.
    ///
    /// Events sent on the main thread with nothing waiting are delivered at once; others are
    /// queued on the main queue. Disposing the run drops the events still queued.
    ///
    /// - Parameters:
    ///   - actor: `MainActor.self`.
    ///   - action: Called on the main actor with each event.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func start(on actor: MainActor.Type, _ action: @escaping @MainActor (Signal<Value, Error>.Event) -> Void) -> Disposable {
        observe(on: UIScheduler()).start(Signal<Value, Error>.Observer(MainActorDelivery.hop(action)))
    }
}

extension SignalProducer where Value: Sendable, Error == Never {
    /// Starts a run of a producer that cannot fail, calling a main-actor closure with each
    /// value on the main actor, in order.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel {
    ///     var name = ""
    ///     init(profile: Property<String>) {
    ///         profile.producer.startWithValues(on: MainActor.self) { [weak self] in self?.name = $0 }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - actor: `MainActor.self`.
    ///   - action: Called on the main actor with each value.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func startWithValues(on actor: MainActor.Type, _ action: @escaping @MainActor (Value) -> Void) -> Disposable {
        start(on: actor) { event in
            if case let .value(value) = event { action(value) }
        }
    }
}

/// The two halves of main-actor delivery: the hop, and the check on closures written in
/// actor-isolated code.
@usableFromInline
enum MainActorDelivery {
    /// Calls `action` on the main actor; the caller has already moved the event to the main
    /// queue, where the main actor runs.
    static func hop<T: Sendable>(_ action: @escaping @MainActor (T) -> Void) -> (T) -> Void {
        { value in
            MainActor.assumeIsolated { action(value) }
        }
    }
}

/// Wraps `action`, written in code isolated to `isolation`, so that calling it anywhere but on
/// that actor stops the program with a message naming `form` (an observation that would
/// otherwise mutate the actor's state from another thread). Returns `action` itself when the
/// code was not isolated.
@inlinable
func isolationChecked<T>(_ action: @escaping (T) -> Void, _ isolation: (any Actor)?, _ form: StaticString) -> (T) -> Void {
    guard let isolation else { return action }
    return { value in
        checkIsolation(isolation, form)
        action(value)
    }
}

/// ``isolationChecked(_:_:_:)`` for closures of two parameters, as the owner-bound forms take.
@inlinable
func isolationChecked<A, B>(_ action: @escaping (A, B) -> Void, _ isolation: (any Actor)?, _ form: StaticString) -> (A, B) -> Void {
    guard let isolation else { return action }
    return { first, second in
        checkIsolation(isolation, form)
        action(first, second)
    }
}

/// ``isolationChecked(_:_:_:)`` for closures without a parameter.
@inlinable
func isolationChecked(_ action: @escaping () -> Void, _ isolation: (any Actor)?, _ form: StaticString) -> () -> Void {
    guard let isolation else { return action }
    return {
        checkIsolation(isolation, form)
        action()
    }
}

/// Stops the program with the message of ``isolationViolation(_:_:)`` unless the caller runs on
/// `isolation`.
///
/// The runtime's `preconditionIsolated` traps inside its own check, without printing the
/// message it is given, so the main actor is checked here: the caller must be on the main
/// queue, the main actor's executor (the main thread, or, on Linux once `dispatchMain()` has
/// handed the main queue to another thread, a block of the main queue). Other actors have no
/// check that does not trap; for them the runtime's message names the actor.
@usableFromInline
func checkIsolation(_ isolation: any Actor, _ form: StaticString) {
    if isolation is MainActor {
        if !MainQueue.isCurrent { fatalError(isolationViolation(form, isolation)) }
    } else {
        isolation.preconditionIsolated(isolationViolation(form, isolation))
    }
}

/// The message of a failed isolation check.
@usableFromInline
func isolationViolation(_ form: StaticString, _ isolation: any Actor) -> String {
    let actor = isolation is MainActor ? "MainActor" : "\(type(of: isolation))"
    let fix = isolation is MainActor
        ? "deliver on the main actor with a form that takes `on: MainActor.self`, or put observe(on: UIScheduler()) before it"
        : "deliver the values to the actor with `for await` over `values` instead"
    return "\(form): the closure was written in code isolated to \(actor) but is called outside it, from another thread; \(fix)"
}
