/// The shared state of a ``MulticastConnection``: the subscribers, the replay buffer and the
/// upstream run.
///
/// Every input (an upstream event, a subscription, an unsubscription) goes through one
/// ``Serializer``. Its drainer alone touches the buffer and the subscriber list, and calls the
/// subscribers outside any lock, so a subscriber sees the replayed values, then the live events,
/// in order and one at a time, even when it subscribes from another thread or from inside a
/// delivery. Each subscriber is the input of its own producer run, which guards the grammar when
/// that run is disposed.
final class MulticastCore<Value, Error: Swift.Error>: @unchecked Sendable {
    typealias Event = Signal<Value, Error>.Event

    enum Input {
        case event(Event)
        case subscribe(Signal<Value, Error>.Observer, replays: Bool, token: Locked<Bag<Signal<Value, Error>.Observer>.Token?>)
        case unsubscribe(Locked<Bag<Signal<Value, Error>.Observer>.Token?>)
        /// Sends the replay buffer again to a subscriber that is still subscribed.
        case replay(Signal<Value, Error>.Observer, token: Locked<Bag<Signal<Value, Error>.Observer>.Token?>)
    }

    /// The connection to the upstream.
    enum Connection {
        case idle
        /// The running upstream: the handle that interrupts it, and the disposable handed to
        /// callers of `connect()`, which also marks the connection idle again.
        case connected(run: SerialDisposable, disconnect: Disposable)
        /// The upstream terminated: connecting again does nothing.
        case finished
    }

    /// The connection, and whether one can still be made.
    struct ConnectionState {
        var connection = Connection.idle
        /// The ``MulticastConnection`` is gone: nobody can connect any more, so once the
        /// upstream is not running, the subscribers can never receive another event.
        var released = false
    }

    let capacity: Int
    let upstream: SignalProducer<Value, Error>
    let serializer = Serializer<Input>()
    let connection = Locked(ConnectionState())

    // Drainer-only state.
    private var buffer: ContiguousArray<Value> = []
    /// Index of the oldest value once the buffer is full.
    private var oldest = 0
    private var terminal: Event?
    private var subscribers = Bag<Signal<Value, Error>.Observer>()

    init(upstream: SignalProducer<Value, Error>, capacity: Int) {
        self.upstream = upstream
        self.capacity = capacity
    }

    /// Starts the upstream unless it is running or has terminated; returns the disposable that
    /// stops it.
    func connect() -> Disposable {
        let (run, disconnect, starts) = connection.withLock { state -> (SerialDisposable, Disposable, Bool) in
            switch state.connection {
            case let .connected(run, disconnect):
                return (run, disconnect, false)
            case .finished:
                // Disposed below, once the lock is released.
                let done = SerialDisposable()
                return (done, done, false)
            case .idle:
                let run = SerialDisposable()
                let disconnect = AnyDisposable { [weak self] in
                    run.dispose()
                    self?.disconnected(run)
                }
                state.connection = .connected(run: run, disconnect: disconnect)
                return (run, disconnect, true)
            }
        }
        guard starts else {
            if run === disconnect as AnyObject { run.dispose() }
            return disconnect
        }
        _ = upstream.startRun { interrupt in
            run.inner = interrupt
            return Signal.Observer { event in
                // The interruption a disconnection causes is not the upstream's end: the
                // subscribers stay, and a later connect() starts a new run for them.
                if case .interrupted = event, run.isDisposed { return }
                self.submit(.event(event))
            }
        }
        return disconnect
    }

    /// Whether the upstream is running.
    var isConnected: Bool {
        connection.withLock { state in
            if case .connected = state.connection { return true }
            return false
        }
    }

    /// Forgets the connection `handle` once it has been disposed, so that connecting again
    /// starts a new upstream run; if nobody can connect any more, ends the subscribers.
    private func disconnected(_ run: SerialDisposable) {
        let (orphaned, forgotten) = connection.withLock { state -> (Bool, Connection?) in
            guard case let .connected(current, _) = state.connection, current === run else { return (false, nil) }
            defer { state.connection = state.released ? .finished : .idle }
            return (state.released, state.connection)
        }
        withExtendedLifetime(forgotten) {}
        if orphaned { submit(.event(.interrupted)) }
    }

    /// The ``MulticastConnection`` is being deinitialized: nobody can connect any more. If the
    /// upstream is not running, the subscribers can never receive another event: like the
    /// observers of a pipe whose input is released, they are interrupted and released, and a
    /// later subscriber receives the replayed values and the interruption. A running upstream
    /// goes on until it terminates or is disconnected, which then does the same.
    func connectionReleased() {
        let orphaned = connection.withLock { state -> Bool in
            state.released = true
            guard case .idle = state.connection else { return false }
            state.connection = .finished
            return true
        }
        if orphaned { submit(.event(.interrupted)) }
    }

    /// Delivers to `observer` the replayed values (if `replays`) and the terminal event if the
    /// upstream has ended, then every later event until `unsubscribe`.
    func subscribe(_ observer: Signal<Value, Error>.Observer, replays: Bool) -> Disposable {
        subscription(observer, replays: replays)
    }

    /// Subscribes like ``subscribe(_:replays:)``; the subscription can also ask for the replay
    /// buffer again.
    func subscription(_ observer: Signal<Value, Error>.Observer, replays: Bool) -> MulticastSubscription<Value, Error> {
        let token = Locked<Bag<Signal<Value, Error>.Observer>.Token?>(nil)
        submit(.subscribe(observer, replays: replays, token: token))
        return MulticastSubscription(core: self, observer: observer, token: token)
    }

    fileprivate func submit(_ input: Input) {
        serializer.submit(input) { self.process($0) }
    }

    private func process(_ input: Input) {
        switch input {
        case let .event(event):
            if case let .value(value) = event {
                record(value)
                for subscriber in subscribers { subscriber.send(value: value) }
            } else if terminal == nil {
                terminal = event
                // The connection is released after the lock, which is a leaf (see `LockOrder`):
                // releasing it may release the upstream run.
                let finished = connection.withLock { state -> Connection in
                    defer { state.connection = .finished }
                    return state.connection
                }
                withExtendedLifetime(finished) {}
                let ended = subscribers
                subscribers = Bag()
                for subscriber in ended { subscriber.send(event) }
            }
        case let .subscribe(observer, replays, token):
            if replays { sendBuffer(to: observer) }
            if let terminal {
                observer.send(terminal)
            } else {
                let inserted = subscribers.insert(observer)
                token.withLock { $0 = inserted }
            }
        case let .unsubscribe(token):
            if let token = token.withLock({ $0 }) { _ = subscribers.remove(using: token) }
        case let .replay(observer, token):
            if terminal == nil, token.withLock({ $0 }) != nil { sendBuffer(to: observer) }
        }
    }

    /// Sends the buffered values, oldest first, to `observer`.
    private func sendBuffer(to observer: Signal<Value, Error>.Observer) {
        for index in 0..<buffer.count {
            observer.send(value: buffer[(oldest + index) % buffer.count])
        }
    }

    /// How many values the replay buffer holds; for tests, read while no input is being
    /// processed.
    var replayBufferCount: Int { buffer.count }

    /// Keeps `value` for late subscribers, dropping the oldest beyond `capacity`.
    private func record(_ value: Value) {
        guard capacity > 0 else { return }
        if buffer.count < capacity {
            buffer.append(value)
        } else {
            buffer[oldest] = value
            oldest = (oldest + 1) % capacity
        }
    }
}

/// One subscriber of a ``MulticastCore``: disposing it unsubscribes, ``replay()`` sends it the
/// replay buffer again, in order with the live events.
final class MulticastSubscription<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    private let core: MulticastCore<Value, Error>
    /// The subscriber, until disposal releases it.
    private let observer: Locked<Signal<Value, Error>.Observer?>
    private let token: Locked<Bag<Signal<Value, Error>.Observer>.Token?>

    init(core: MulticastCore<Value, Error>, observer: Signal<Value, Error>.Observer,
         token: Locked<Bag<Signal<Value, Error>.Observer>.Token?>) {
        self.core = core
        self.observer = Locked(observer)
        self.token = token
    }

    var isDisposed: Bool { observer.withLock { $0 == nil } }

    func dispose() {
        let released = observer.withLock { observer in
            defer { observer = nil }
            return observer
        }
        guard released != nil else { return }
        core.submit(.unsubscribe(token))
    }

    /// Sends the replay buffer to this subscriber again, unless it has unsubscribed or the
    /// upstream has terminated.
    func replay() {
        guard let observer = observer.withLock({ $0 }) else { return }
        core.submit(.replay(observer, token: token))
    }
}
