// first(), single(), last() and wait(): running a producer to its end on the calling thread.

import Dispatch

extension SignalProducer {
    /// Starts a run and blocks until it ends, returning its values and how it ended.
    ///
    /// At most `limit` values are kept; the run is stopped after that many.
    func runBlocking(keepingAtMost limit: Int) -> (values: [Value], termination: Termination<Error>) {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<(values: [Value], termination: Termination<Error>)>(([], .interrupted))
        take(first: limit).start { event in
            switch event {
            case let .value(value):
                outcome.withLock { $0.values.append(value) }
            case let .failed(error):
                outcome.withLock { $0.termination = .failed(error) }
                done.signal()
            case .completed:
                outcome.withLock { $0.termination = .completed }
                done.signal()
            case .interrupted:
                done.signal()
            }
        }
        done.wait()
        return outcome.withLock { $0 }
    }

    /// Starts a run, blocks until its first value or its end, and stops the run.
    ///
    /// - Returns: `.success` with the first value, `.failure` if the run failed before sending
    ///   one, or `nil` if it completed or was interrupted without a value.
    /// - Warning: Blocks the calling thread; a run that needs this thread to make progress (for
    ///   example one delivering on the main queue, called from the main thread) never ends.
    public func first() -> Result<Value, Error>? {
        take(first: 1).single()
    }

    /// Starts a run and blocks until it ends, expecting exactly one value.
    ///
    /// - Returns: `.success` with the value if the run sent exactly one and then completed or
    ///   was interrupted (as in ReactiveSwift), `.failure` if it failed (after at most one
    ///   value), or `nil` if it sent no value or more than one (the run is stopped at the
    ///   second).
    /// - Warning: Blocks the calling thread until the run ends.
    public func single() -> Result<Value, Error>? {
        let (values, termination) = runBlocking(keepingAtMost: 2)
        switch termination {
        case let .failed(error): return values.count <= 1 ? .failure(error) : nil
        case .completed, .interrupted: return values.count == 1 ? .success(values[0]) : nil
        }
    }

    /// Starts a run, blocks until it ends, and returns its last value.
    ///
    /// - Returns: `.success` with the last value if the run completed after sending one,
    ///   `.failure` if it failed, or `nil` if it completed without a value or was interrupted.
    /// - Warning: Blocks the calling thread until the run ends.
    public func last() -> Result<Value, Error>? {
        take(last: 1).single()
    }

    /// Starts a run and blocks until it ends, ignoring its values.
    ///
    /// - Returns: `.failure` if the run failed, `.success` otherwise (including interruption).
    /// - Warning: Blocks the calling thread until the run ends.
    public func wait() -> Result<(), Error> {
        let (_, termination) = filter { _ in false }.runBlocking(keepingAtMost: 1)
        if case let .failed(error) = termination { return .failure(error) }
        return .success(())
    }
}
