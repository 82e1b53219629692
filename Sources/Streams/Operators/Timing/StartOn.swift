// start(on:): each run started, and disposed, on a scheduler.

/// Where one run of ``SignalProducer/start(on:)`` is: waiting for the scheduler, running
/// upstream, or ended.
@usableFromInline
enum StartOnState {
    case waiting
    case running(Disposable)
    case ended
}

extension SignalProducer {
    /// Starts each run on `scheduler`, and disposes it there.
    ///
    /// Starting the returned producer schedules the start of this producer on `scheduler` and
    /// returns at once. Use it to move the work of a producer's start (its side effects, a
    /// synchronous source) off the starting thread.
    ///
    /// - Values, errors, completion and interruption: forwarded unchanged, on whatever thread
    ///   this producer sends them (for a synchronous producer, `scheduler`). Combine with
    ///   ``observe(on:)`` to choose where they are delivered.
    /// - Disposal: interrupts the run at once, on the disposing thread. If this producer has not
    ///   started yet, it never starts; if it is running, its run is disposed on `scheduler`, so
    ///   that its teardown happens where its start did.
    ///
    /// ```swift
    /// SignalProducer { loadFromDisk() }
    ///     .start(on: QueueScheduler())             // the load runs on a background queue
    ///     .observe(on: QueueScheduler.main)        // the result arrives on the main queue
    ///     .startWithValues(show)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to start (and dispose) each run on.
    /// - Returns: A producer whose runs start on `scheduler`.
    @inlinable
    public func start(on scheduler: Scheduler) -> SignalProducer<Value, Error> {
        let run = startRun
        return SignalProducer(run: ProducerRuns.generator { observer, lifetime in
            let state = Locked(StartOnState.waiting)
            lifetime.observeEnded {
                let upstream = state.withLock { state -> Disposable? in
                    defer { state = .ended }
                    if case let .running(handle) = state { return handle }
                    return nil
                }
                // A run that ended on its own needs no disposal; one still going is disposed
                // where it was started.
                if let upstream, !upstream.isDisposed {
                    scheduler.schedule { upstream.dispose() }
                }
            }
            lifetime += scheduler.schedule {
                guard !lifetime.hasEnded else { return }
                _ = run { handle in
                    let alreadyEnded = state.withLock { state -> Bool in
                        if case .ended = state { return true }
                        state = .running(handle)
                        return false
                    }
                    // Ended while starting: we are on the scheduler already, stop here.
                    if alreadyEnded { handle.dispose() }
                    return observer
                }
            }
        })
    }
}
