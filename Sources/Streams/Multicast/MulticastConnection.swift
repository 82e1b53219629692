/// One run of a producer, shared by any number of subscribers and started explicitly.
///
/// Made by ``SignalProducer/publish()`` (no replay) or `SignalProducer/replay(upTo:)` (late
/// subscribers first receive the last values). Nothing runs until ``connect()``: subscribers of
/// ``producer`` or ``signal`` then all see the events of the same single upstream run.
///
/// ```swift
/// let request = SignalProducer<String, Never> { observer, _ in
///     print("request sent")
///     observer.send(value: "response")
///     observer.sendCompleted()
/// }
/// let shared = request.replay(upTo: 1)
/// shared.producer.startWithValues { print("first: \($0)") }
/// shared.connect()
/// shared.producer.startWithValues { print("late: \($0)") }
/// // Prints: request sent, first: response, late: response
/// ```
///
/// - Subscribers receive the replayed values, then the live events, one at a time and in order,
///   whichever thread they subscribe from.
/// - Once the upstream has terminated, a new subscriber receives the replayed values and the
///   terminal event; connecting again does nothing.
/// - Disposing the disposable `connect()` returned interrupts the upstream run; subscribers stay
///   subscribed (they receive no terminal event), and a later `connect()` starts a new run.
/// - Once the connection object is gone and its upstream is not running (never connected, or
///   disconnected), nothing can reach the subscribers any more: they are interrupted and
///   released, as the observers of a pipe whose input is released are.
/// - Thread-safe: concurrent `connect()` calls start the upstream once.
/// - Memory: at most `capacity` values are kept, whatever the length of the upstream.
public final class MulticastConnection<Value, Error: Swift.Error>: Sendable {
    let core: MulticastCore<Value, Error>
    let replays: Bool

    init(upstream: SignalProducer<Value, Error>, capacity: Int) {
        core = MulticastCore(upstream: upstream, capacity: capacity)
        replays = capacity > 0
    }

    deinit {
        core.connectionReleased()
    }

    /// A producer whose runs subscribe to the shared upstream.
    ///
    /// Starting it never starts the upstream: a run first receives the replayed values (for a
    /// replaying connection), then the events the upstream sends from then on, and its terminal
    /// event. Disposing a run unsubscribes it (it receives `.interrupted`) without affecting the
    /// upstream or the other subscribers.
    public var producer: SignalProducer<Value, Error> {
        let core = self.core
        let replays = self.replays
        return SignalProducer { observer, lifetime in
            lifetime += core.subscribe(observer, replays: replays)
        }
    }

    /// A hot signal of the upstream events sent from now on, without replay.
    ///
    /// If the upstream has already terminated, the signal terminates at once with the same
    /// event. The signal stops listening once it terminates or is neither referenced nor
    /// observed.
    public var signal: Signal<Value, Error> {
        let core = self.core
        return Signal { observer, lifetime in
            lifetime += core.subscribe(observer, replays: false)
        }
    }

    /// Whether the upstream run is going: connected, not disposed and not terminated.
    public var isConnected: Bool { core.isConnected }

    /// Starts the upstream run, unless it is already running or has terminated.
    ///
    /// - Returns: A disposable that interrupts the upstream run. While the run is going, every
    ///   call returns a disposable for that same run.
    @discardableResult
    public func connect() -> Disposable {
        core.connect()
    }

    /// A producer that connects when its first run starts and disconnects when its last run
    /// ends.
    ///
    /// Runs receive what runs of ``producer`` receive. When the number of running subscribers
    /// drops to zero, the upstream run is interrupted; the next subscriber connects again,
    /// starting a new upstream run, unless the upstream had terminated, in which case it receives
    /// the replayed values and the terminal event.
    ///
    /// - Returns: A reference-counted view of this connection.
    public func autoconnect() -> SignalProducer<Value, Error> {
        let counter = AutoconnectCounter(self)
        let subscribe = producer
        return SignalProducer { observer, lifetime in
            lifetime += subscribe.start(observer)
            counter.retain()
            lifetime.observeEnded { counter.release() }
        }
    }
}

/// Counts the running subscribers of an autoconnecting connection; connects on the first and
/// disconnects after the last, without calling into the connection while holding its lock.
final class AutoconnectCounter<Value, Error: Swift.Error>: Sendable {
    private struct State {
        var count = 0
        /// Bumped at every connect and disconnect, so a connect that raced with a disconnect
        /// knows it is stale.
        var generation = 0
        var connection: Disposable?
    }

    private let connection: MulticastConnection<Value, Error>
    private let state = Locked(State())

    init(_ connection: MulticastConnection<Value, Error>) {
        self.connection = connection
    }

    func retain() {
        let generation = state.withLock { state -> Int? in
            state.count += 1
            guard state.count == 1 else { return nil }
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        let connected = connection.connect()
        let stale = state.withLock { state -> Bool in
            guard state.generation == generation, state.count > 0 else { return true }
            state.connection = connected
            return false
        }
        if stale { connected.dispose() }
    }

    func release() {
        let connected = state.withLock { state -> Disposable? in
            state.count -= 1
            guard state.count == 0 else { return nil }
            state.generation += 1
            defer { state.connection = nil }
            return state.connection
        }
        connected?.dispose()
    }
}
