// Delivery to the main actor that the compiler can check.

extension Signal where Value: Sendable {
    /// Observes every event with a main-actor closure, called on the main actor in the order
    /// the events were sent.
    ///
    /// Events sent on the main thread with nothing waiting are delivered at once; others are
    /// queued on the main queue (as `UIScheduler` does). Disposing the observation drops the
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

/// The hop of main-actor delivery.
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
