// The bookkeeping shared by the operators that deliver on a scheduler.
//
// Every timing operator is a serialized operator (see `Lift.swift`): it sends into the input of
// its output signal from actions it hands to a scheduler. Those actions capture what they will
// deliver (a delayed value, the downstream observer). `TimingState` keeps the operator's state
// and their disposables behind one lock, so that an event is one critical section, and when the
// output ends (it terminated, its run was disposed, or it was abandoned) every pending action is
// cancelled and releases what it captured at once, instead of whenever the scheduler would have
// reached it.

import Foundation

/// One run of a timing operator: its own state and the actions it has handed to a scheduler
/// that have not run yet, behind one lock.
///
/// The pattern is a state value whose transitions run inside one critical section and return
/// what to do once the lock is released (see ``LockOrder``): an event of the operator takes the
/// lock once, updates `State`, withdraws the action it supersedes (``Storage/cancel(_:)``) and
/// reserves the one it will schedule (``Storage/reserve()``); outside the lock it disposes what it
/// withdrew and hands the reserved action to the scheduler. A scheduled action that fires claims
/// itself and takes what it delivers from `State` in one critical section too, and delivers
/// outside it.
///
/// - Each action is either run by the scheduler or cancelled, never both: running and
///   cancelling claim the action under the lock, and the loser does nothing.
/// - When the lifetime given at creation ends, every pending action is cancelled and no action
///   can be reserved any more.
/// - The disposable a scheduler returns is kept under the lock once `schedule` has returned (a
///   second, short critical section: the scheduler cannot be called under the lock, since it may
///   run the action at once, and the action takes the lock).
///
/// - Complexity: O(log n) per scheduled, run or cancelled action, for n pending actions (see
///   ``PendingActions``): O(1) for the operators that keep one action pending at a time, as
///   `throttle` and `debounce` do.
@usableFromInline
final class TimingState<State>: @unchecked Sendable {
    /// Identifies one scheduled action.
    @usableFromInline
    typealias ID = UInt64

    /// The operator's state and the bookkeeping of its pending actions, changed only under the
    /// lock.
    @usableFromInline
    struct Storage {
        /// The operator's own state.
        @usableFromInline var state: State
        /// Whether the output ended: nothing may be scheduled any more.
        @usableFromInline var ended = false
        @usableFromInline var nextID: ID = 0
        /// The actions not yet run nor cancelled, with the disposable their scheduler returned
        /// (`nil` until `schedule` returns, or when the scheduler cannot cancel).
        @usableFromInline var pending = PendingActions()

        @inlinable
        init(state: State) {
            self.state = state
        }

        /// Reserves an action about to be scheduled.
        ///
        /// - Returns: Its identifier, or `nil` if the output has ended and nothing may be
        ///   scheduled.
        @inlinable
        mutating func reserve() -> ID? {
            guard !ended else { return nil }
            let id = nextID
            nextID &+= 1
            pending.append(id)
            return id
        }

        /// Withdraws the action `id` unless it has run or started running; does nothing for
        /// `nil`.
        ///
        /// - Returns: The disposable to dispose once the lock is released, if any.
        @inlinable
        mutating func cancel(_ id: ID?) -> Disposable? {
            guard let id else { return nil }
            return pending.remove(id)?.disposable
        }

        /// Whether the pending action `id` can stay scheduled instead of being withdrawn for a new
        /// one due at the same date: its scheduler numbers its actions (see
        /// ``NumberedScheduler``) and has been given none since it, so that the scheduler's
        /// queue is as rescheduling would leave it. `false` for `nil`, for an action whose
        /// scheduler has not returned yet, or for another kind of scheduler.
        ///
        /// Reads the scheduler's count with an atomic load, which takes no lock.
        @inlinable
        func isLastScheduled(_ id: ID?, on scheduler: (any NumberedScheduler)?) -> Bool {
            guard let id, let scheduler, let number = pending.number(of: id) else { return false }
            return scheduler.nextNumber == number &+ 1
        }

        /// Claims the action `id` for running: `false` if it was cancelled.
        @inlinable
        mutating func claim(_ id: ID) -> Bool {
            pending.remove(id) != nil
        }
    }

    @usableFromInline let storage: Locked<Storage>

    /// Creates the run, starting from `state`, which cancels every pending action when
    /// `lifetime` ends.
    ///
    /// The run holds no scheduler: its pending actions hold it, and a scheduler dropped with
    /// actions pending must still be freed, which releases them.
    @inlinable
    init(_ state: State, until lifetime: Lifetime) {
        storage = Locked(Storage(state: state))
        // Weak: the pending actions keep this object alive, and the lifetime must not keep them.
        lifetime.observeEnded { [weak self] in self?.cancelAll() }
    }

    /// Runs `body` on the storage, inside the run's one critical section.
    ///
    /// `body` must not call out of the operator: no observer, no scheduler, no disposal. The one
    /// exception, ``Storage/isLastScheduled(_:on:)``, reads a number the scheduler keeps in an
    /// atomic, without a lock and without running anything.
    @inlinable
    func withLock<R>(_ body: (inout Storage) -> R) -> R {
        storage.withLock(body)
    }

    /// Hands the action reserved as `id` to `scheduler`; once it fires and claims itself it
    /// runs `action`. Does nothing for `nil`.
    @inlinable
    func launch(_ id: ID?, on scheduler: Scheduler, _ action: @escaping () -> Void) {
        guard let id else { return }
        keep(scheduler.schedule(fire(id, action)), for: id)
    }

    /// Hands the action reserved as `id` to `scheduler`, to fire at `date`. Does nothing for
    /// `nil`.
    @inlinable
    func launch(_ id: ID?, on scheduler: DateScheduler, after date: Date, _ action: @escaping () -> Void) {
        guard let id else { return }
        keep(scheduler.schedule(after: date, action: fire(id, action)), for: id)
    }

    /// Hands the action reserved as `id` to `scheduler`: once it fires it claims itself and calls
    /// `take` in one critical section, and passes what `take` returned, if anything, to `deliver`
    /// once the lock is released. Does nothing for `nil`.
    ///
    /// - Parameters:
    ///   - take: Takes what to deliver from the state; runs under the lock.
    ///   - deliver: Delivers it; made once per run, so that scheduling captures it without
    ///     allocating.
    @inlinable
    func launch<Output>(
        _ id: ID?, on scheduler: Scheduler,
        take: @escaping (inout State) -> Output?, deliver: @escaping (Output) -> Void
    ) {
        guard let id else { return }
        keep(scheduler.schedule(fire(id, take: take, deliver: deliver)), for: id)
    }

    /// ``launch(_:on:take:deliver:)`` at `date`.
    ///
    /// - Parameter numbered: `scheduler`, if it numbers its actions and the operator keeps a
    ///   pending action rather than rescheduling it: the action's number is kept, for
    ///   ``Storage/isLastScheduled(_:on:)``.
    @inlinable
    func launch<Output>(
        _ id: ID?, on scheduler: DateScheduler, after date: Date, numbered: (any NumberedScheduler)? = nil,
        take: @escaping (inout State) -> Output?, deliver: @escaping (Output) -> Void
    ) {
        guard let id else { return }
        let disposable = scheduler.schedule(after: date, action: fire(id, take: take, deliver: deliver))
        keep(disposable, for: id, number: disposable.flatMap { numbered?.number(of: $0) })
    }

    /// The scheduled form of `action`: it runs only if it claims itself.
    @inlinable
    func fire(_ id: ID, _ action: @escaping () -> Void) -> () -> Void {
        return { [self] in
            if storage.withLock({ $0.claim(id) }) { action() }
        }
    }

    /// The scheduled form of a `take` and `deliver`: claiming and taking are one critical section.
    @inlinable
    func fire<Output>(
        _ id: ID, take: @escaping (inout State) -> Output?, deliver: @escaping (Output) -> Void
    ) -> () -> Void {
        return { [self] in
            let output = storage.withLock { storage -> Output? in
                storage.claim(id) ? take(&storage.state) : nil
            }
            if let output { deliver(output) }
        }
    }

    /// Keeps the disposable of the action `id`, and its number if its scheduler gave it one, or
    /// disposes it if the action has already run (inline) or been cancelled while it was being
    /// scheduled.
    @inlinable
    func keep(_ disposable: Disposable?, for id: ID, number: UInt64? = nil) {
        guard let disposable else { return }
        let stale = storage.withLock { storage in !storage.pending.keep(disposable, number: number, for: id) }
        if stale { disposable.dispose() }
    }

    /// Cancels every pending action and refuses new ones.
    @usableFromInline
    func cancelAll() {
        let pending = storage.withLock { storage -> PendingActions in
            storage.ended = true
            defer { storage.pending = PendingActions() }
            return storage.pending
        }
        pending.disposeAll()
    }
}

/// The actions a ``TimingState`` has reserved that have neither run nor been cancelled, in the
/// order they were reserved, which is the order of their identifiers.
///
/// An array of entries in identifier order: reserving appends, and finding an action is a binary
/// search. A removed action leaves a dead entry, so that removing never shifts the array: the
/// dead entries at the front are skipped at once, the array is emptied with its last live entry,
/// and it is compacted when dead entries outnumber live ones (and 16), which keeps it within twice
/// the pending actions, amortized O(1) per removal. Timing operators keep one action pending at a
/// time (`throttle`, `debounce`) or see their actions run in the order they were scheduled
/// (`delay`), so the search is over one entry, or the dead entries are all at the front and are
/// skipped there; a hash table would cost a hash of the identifier per operation.
@usableFromInline
struct PendingActions {
    /// One reserved action.
    @usableFromInline
    struct Entry {
        @usableFromInline let id: UInt64
        /// The disposable its scheduler returned, once `schedule` has returned one.
        @usableFromInline var disposable: Disposable?
        /// Its number, if its scheduler numbers its actions (see ``NumberedScheduler``).
        @usableFromInline var number: UInt64?
        /// Whether it has neither run nor been cancelled.
        @usableFromInline var isLive: Bool

        @inlinable
        init(id: UInt64) {
            self.id = id
            disposable = nil
            number = nil
            isLive = true
        }
    }

    /// The entries in identifier order; those before `head` are dead.
    @usableFromInline var entries: ContiguousArray<Entry> = []
    /// The first entry that may be live.
    @usableFromInline var head = 0
    /// How many entries are live.
    @usableFromInline var liveCount = 0

    /// No action.
    @inlinable
    init() {}

    /// Whether no action is pending.
    @inlinable
    var isEmpty: Bool { liveCount == 0 }

    /// Adds the action `id`, which is greater than every identifier added before.
    @inlinable
    mutating func append(_ id: UInt64) {
        entries.append(Entry(id: id))
        liveCount += 1
    }

    /// The index of the live entry of `id`, if there is one.
    @inlinable
    func index(of id: UInt64) -> Int? {
        var low = head
        var high = entries.count
        while low < high {
            let middle = low + (high - low) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].id == id, entries[low].isLive else { return nil }
        return low
    }

    /// Withdraws the action `id`: returns its entry, or `nil` if it is not pending.
    @inlinable
    mutating func remove(_ id: UInt64) -> Entry? {
        guard let index = index(of: id) else { return nil }
        let removed = entries[index]
        liveCount -= 1
        if liveCount == 0 {
            entries.removeAll(keepingCapacity: entries.capacity <= 64)
            head = 0
            return removed
        }
        entries[index].isLive = false
        entries[index].disposable = nil
        // A live entry remains, so the skip stops at it.
        while !entries[head].isLive { head += 1 }
        if entries.count - liveCount > Swift.max(liveCount, 16) {
            entries = ContiguousArray(entries[head...].lazy.filter { $0.isLive })
            head = 0
        }
        return removed
    }

    /// Keeps `disposable` and `number` for the action `id` and returns `true`, or returns
    /// `false` if the action is no longer pending (it ran or was cancelled while it was being
    /// scheduled).
    @inlinable
    mutating func keep(_ disposable: Disposable, number: UInt64? = nil, for id: UInt64) -> Bool {
        guard let index = index(of: id) else { return false }
        entries[index].disposable = disposable
        entries[index].number = number
        return true
    }

    /// The number its scheduler gave the pending action `id`, if it has one.
    @inlinable
    func number(of id: UInt64) -> UInt64? {
        index(of: id).flatMap { entries[$0].number }
    }

    /// Disposes the disposable of every pending action.
    @inlinable
    func disposeAll() {
        for entry in entries[head...] where entry.isLive {
            entry.disposable?.dispose()
        }
    }
}

/// The pending actions of a timing operator that keeps no state of its own.
@usableFromInline
typealias ScheduledActions = TimingState<Void>

extension TimingState where State == Void {
    /// Creates the bookkeeping of one run, which cancels everything when `lifetime` ends.
    @inlinable
    convenience init(until lifetime: Lifetime) {
        self.init((), until: lifetime)
    }

    /// Schedules `action` on `scheduler` as soon as it allows.
    ///
    /// - Returns: The action's identifier, or `nil` if the output has ended and nothing was
    ///   scheduled.
    @inlinable @discardableResult
    func schedule(on scheduler: Scheduler, _ action: @escaping () -> Void) -> ID? {
        let id = withLock { $0.reserve() }
        launch(id, on: scheduler, action)
        return id
    }

    /// Schedules `action` on `scheduler` at `date`.
    ///
    /// - Returns: The action's identifier, or `nil` if the output has ended and nothing was
    ///   scheduled.
    @inlinable @discardableResult
    func schedule(on scheduler: DateScheduler, after date: Date, _ action: @escaping () -> Void) -> ID? {
        let id = withLock { $0.reserve() }
        launch(id, on: scheduler, after: date, action)
        return id
    }

    /// Cancels the action `id` unless it has already started; does nothing for `nil`.
    @inlinable
    func cancel(_ id: ID?) {
        withLock { $0.cancel(id) }?.dispose()
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
