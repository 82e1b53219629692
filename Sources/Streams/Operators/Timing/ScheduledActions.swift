// The bookkeeping shared by the operators that deliver on a scheduler.
//
// Every timing operator is a serialized operator (see `Lift.swift`): it sends into the input of
// its output signal from actions it hands to a scheduler. Those actions capture what they will
// deliver (a delayed value, the downstream observer). `ScheduledActions` keeps their disposables
// so that when the output ends (it terminated, its run was disposed, or it was abandoned) every
// pending action is cancelled and releases what it captured at once, instead of whenever the
// scheduler would have reached it.

import Foundation

/// The actions one run of a timing operator has handed to a scheduler and that have not run yet.
///
/// - Each action is either run by the scheduler or cancelled, never both: running and
///   cancelling claim the action under the lock, and the loser does nothing.
/// - When the lifetime given at creation ends, every pending action is cancelled and later calls
///   to `schedule` do nothing.
/// - The lock is held only for bookkeeping: actions run, and disposables are disposed, outside it.
///
/// - Complexity: O(1) per scheduled, run or cancelled action (a dictionary insert and removal).
@usableFromInline
final class ScheduledActions: @unchecked Sendable {
    /// Identifies one scheduled action, for ``cancel(_:)``.
    @usableFromInline
    typealias ID = UInt64

    @usableFromInline
    struct State {
        /// Whether the output ended: nothing may be scheduled any more.
        var ended = false
        var nextID: ID = 0
        /// The actions not yet run nor cancelled, with the disposable their scheduler returned
        /// (`nil` until `schedule` returns, or when the scheduler cannot cancel).
        var pending: [ID: Disposable?] = [:]

        init() {}
    }

    @usableFromInline let state = Locked(State())

    /// Creates the bookkeeping of one run, which cancels everything when `lifetime` ends.
    @usableFromInline
    init(until lifetime: Lifetime) {
        // Weak: the pending actions keep this object alive, and the lifetime must not keep them.
        lifetime.observeEnded { [weak self] in self?.cancelAll() }
    }

    /// Schedules `action` on `scheduler` as soon as it allows.
    ///
    /// - Returns: The action's identifier, or `nil` if the output has ended and nothing was
    ///   scheduled.
    @usableFromInline @discardableResult
    func schedule(on scheduler: Scheduler, _ action: @escaping () -> Void) -> ID? {
        track(action) { scheduler.schedule($0) }
    }

    /// Schedules `action` on `scheduler` at `date`.
    ///
    /// - Returns: The action's identifier, or `nil` if the output has ended and nothing was
    ///   scheduled.
    @usableFromInline @discardableResult
    func schedule(on scheduler: DateScheduler, after date: Date, _ action: @escaping () -> Void) -> ID? {
        track(action) { scheduler.schedule(after: date, action: $0) }
    }

    /// Cancels the action `id` unless it has already started; does nothing for `nil`.
    @usableFromInline
    func cancel(_ id: ID?) {
        guard let id else { return }
        let disposable = state.withLock { state -> Disposable? in
            guard let index = state.pending.index(forKey: id) else { return nil }
            return state.pending.remove(at: index).value
        }
        disposable?.dispose()
    }

    /// Cancels every pending action and refuses new ones.
    @usableFromInline
    func cancelAll() {
        let disposables = state.withLock { state -> [ID: Disposable?] in
            state.ended = true
            defer { state.pending = [:] }
            return state.pending
        }
        for case let disposable? in disposables.values {
            disposable.dispose()
        }
    }

    private func track(_ action: @escaping () -> Void,
                       _ start: (@escaping () -> Void) -> Disposable?) -> ID? {
        let id = state.withLock { state -> ID? in
            guard !state.ended else { return nil }
            let id = state.nextID
            state.nextID &+= 1
            state.pending[id] = .some(nil)
            return id
        }
        guard let id else { return nil }
        let disposable = start { [self] in
            // Claim the action; a cancelled one does not run.
            let claimed = state.withLock { state -> Bool in
                guard let index = state.pending.index(forKey: id) else { return false }
                state.pending.remove(at: index)
                return true
            }
            if claimed { action() }
        }
        guard let disposable else { return id }
        let cancelled = state.withLock { state -> Bool in
            // Still pending: keep its disposable. Otherwise it ran inline or was cancelled while
            // being scheduled (the output ended meanwhile), and the disposable must go now.
            guard state.pending.index(forKey: id) != nil else { return true }
            state.pending[id] = .some(disposable)
            return false
        }
        if cancelled { disposable.dispose() }
        return id
    }
}

extension DispatchTimeInterval {
    /// A tenth of the interval: the leeway ReactiveSwift gives repeating timers by default,
    /// following Apple's power-efficiency advice.
    @usableFromInline
    var defaultLeeway: DispatchTimeInterval {
        .nanoseconds(nanoseconds / 10)
    }

    /// The interval in seconds, for date arithmetic; `.never` is infinite.
    @usableFromInline
    var seconds: TimeInterval { timeInterval }

    /// Whether the interval is longer than zero, as a repeating timer needs.
    @usableFromInline
    var isPositive: Bool { nanoseconds > 0 }

    /// Whether the interval is zero or longer, as a leeway must be.
    @usableFromInline
    var isNonNegative: Bool { nanoseconds >= 0 }
}
