// publish(), replay(upTo:) and replayLazily(upTo:): one upstream run shared by many subscribers.

extension SignalProducer {
    /// A connection sharing one run of this producer among its subscribers, without replay.
    ///
    /// Nothing starts until ``MulticastConnection/connect()``; subscribers then receive the
    /// events sent after they subscribed.
    ///
    /// - Returns: The connection.
    public func publish() -> MulticastConnection<Value, Error> {
        MulticastConnection(upstream: self, capacity: 0)
    }

    /// A connection sharing one run of this producer among its subscribers, replaying the last
    /// `capacity` values to each new subscriber.
    ///
    /// Nothing starts until ``MulticastConnection/connect()``. At most `capacity` values are kept.
    ///
    /// - Parameters:
    ///   - capacity: How many of the latest values to replay; must not be negative.
    ///     Zero behaves like ``publish()``.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: The connection.
    public func replay(upTo capacity: Int, file: StaticString = #fileID, line: UInt = #line) -> MulticastConnection<Value, Error> {
        requirement(capacity >= 0, "replay(upTo:) needs a capacity >= 0, got \(capacity)", file: file, line: line)
        return MulticastConnection(upstream: self, capacity: capacity)
    }

    /// A producer that starts this one on its first start, shares that single run with every
    /// later start, and replays the last `capacity` values to each.
    ///
    /// - Values: each start receives the last `capacity` values sent so far, then the values sent
    ///   from then on.
    /// - Errors and completion: delivered to every running start; a start after the upstream
    ///   terminated receives the replayed values and the terminal event.
    /// - Interruption: disposing a start only unsubscribes it. The upstream run is interrupted
    ///   once the returned producer and all its starts are gone.
    /// - Scheduler: none; events are delivered on the thread the upstream sends them from (the
    ///   replay on the subscribing thread), one at a time per subscriber.
    ///
    /// - Parameters:
    ///   - capacity: How many of the latest values to replay; must not be negative.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer sharing one run of this one.
    public func replayLazily(upTo capacity: Int, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(capacity >= 0, "replayLazily(upTo:) needs a capacity >= 0, got \(capacity)", file: file, line: line)
        let shared = LazyReplay(replay(upTo: capacity))
        return SignalProducer { observer, lifetime in
            lifetime += shared.connection.producer.start(observer)
            shared.connectOnce()
            // Each running start keeps the shared run alive.
            lifetime.observeEnded { withExtendedLifetime(shared) {} }
        }
    }
}

/// The shared run of ``SignalProducer/replayLazily(upTo:)``: connected by the first start,
/// interrupted when nothing refers to it any more.
final class LazyReplay<Value, Error: Swift.Error>: Sendable {
    let connection: MulticastConnection<Value, Error>
    private let upstream = Locked<Disposable?>(nil)

    init(_ connection: MulticastConnection<Value, Error>) {
        self.connection = connection
    }

    /// Connects the first time it is called. Concurrent first calls are safe: while the
    /// upstream runs, `connect()` returns the same run to every caller.
    func connectOnce() {
        guard upstream.withLock({ $0 == nil }) else { return }
        let connected = connection.connect()
        upstream.withLock { current in
            if current == nil { current = connected }
        }
    }

    deinit {
        upstream.withLock { $0 }?.dispose()
    }
}
