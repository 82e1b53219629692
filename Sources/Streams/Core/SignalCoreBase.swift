import Synchronization

/// The shared heart of a ``Signal``: its observers, its terminal state and the machinery that
/// delivers one event at a time.
///
/// Two locks, never held while calling user code except as described here:
/// - `sendLock` serializes delivery. The sending thread holds it for the whole delivery of its
///   event (that is the contract: a concurrent sender of a value or a terminal event waits; an
///   interruption never does, see ``SignalCore``). It is a bare `PlatformLock`, used directly
///   because it is held across calls into user code, and `deliveringThread` records which thread
///   holds it. While it is held, only the holder touches `reentrantQueue` and the delivery list,
///   so an event sent from inside an observer on the delivering thread is appended there and
///   delivered, in order, once the current delivery finishes.
/// - `state`'s lock (a `Locked`) guards the observer list, the terminal flag and whether the
///   public ``Signal`` object still exists; it is held only for a few instructions (to add or
///   remove an observer, to refresh the delivery list), never across a callback.
///
/// Observers live in a contiguous array with holes, in registration order, beside a parallel
/// array of their registrations. A registration remembers its slot, so removal is O(1); holes
/// are compacted, keeping the order, when there are more than 16 of them and they outnumber the
/// live observers, which keeps insertion and removal amortized O(1) whatever the number of
/// observers.
///
/// Delivery does not touch that array or its lock. The thread holding `sendLock` iterates its own
/// copy, the delivery list, which shares the array's storage (no element is copied) and is
/// refreshed only when `observersVersion` says the observers changed. A value delivered in steady
/// state therefore costs the send lock and nothing else that synchronizes: no second lock and no
/// snapshot to take. Observers added or removed during a delivery take effect from the next
/// event. A change first tries the send lock and, when no thread is delivering, drops a delivery
/// list that shares the array's storage (which frees nothing), so that the array it changes is
/// not copied and a removed observer is freed at once. When a thread is delivering, the list
/// keeps what it holds until that thread, having released the lock, sees the version moved and
/// drops it. A removal whose try failed tries once more after moving the version, which is
/// written and read sequentially consistent: either that try succeeds and drops the list, or the
/// delivering thread reads the moved version after releasing the lock. A change skips trying the
/// lock when no delivery list is loaded (`deliveryListLoaded`), as when observers come and go
/// between sends: it then costs the state lock alone.
///
/// `SignalCoreBase` is the part that does not depend on the value and error types, so that
/// registering and removing an observer, which run outside the client's specialized code (a
/// removal comes through `Disposable`), never look up type metadata: observers are stored as plain
/// objects and cast back, for free, by the typed delivery loop.
@usableFromInline
class SignalCoreBase: @unchecked Sendable {
    /// What `state` guards.
    @usableFromInline
    struct State {
        /// Observers (each a `Signal<Value, Error>.Observer` of the concrete core) in
        /// registration order; `nil` slots are holes left by removal.
        @usableFromInline var observers: ContiguousArray<AnyObject?> = []
        /// The registration of each slot, parallel to `observers`.
        var registrations: ContiguousArray<ObserverRegistration?> = []
        var holes = 0
        @usableFromInline var terminated = false
        /// Whether the public ``Signal`` object still exists.
        var outputAlive = true
        #if DEBUG
        /// Slots moved by compaction since creation; lets tests check that churn is amortized O(1).
        var compactionMoves = 0
        #endif
        /// What is told of the observers coming and going, for the few signals that have
        /// anything listening (see ``ObserverCountListener``).
        var listener: (any ObserverCountListener)?
        /// The owner of `sendLock`'s memory once a fused signal shares the lock (a serializing
        /// core only); `nil` while this core owns it alone.
        var sharedSendLock: SendLockOwner?

        @usableFromInline init() {}

        /// Marks the signal terminated and releases the observer list.
        @usableFromInline
        mutating func terminate() {
            terminated = true
            observers = []
            registrations = []
            holes = 0
        }
    }

    @usableFromInline final let state = Locked(State())

    /// The resources of whoever feeds this signal; disposed once it terminates or is abandoned.
    @usableFromInline final let disposable = CompositeDisposable()

    /// Held by the delivering thread for a whole delivery. A fused core (see
    /// ``SignalCore/sendFused(_:)``) shares the lock of the core that serializes its deliveries.
    @usableFromInline final let sendLock: PlatformLock
    /// For a fused core, the owner of `sendLock`'s memory, which outlives the serializing core
    /// as long as a fused core uses the lock; `nil` for a serializing core.
    final let sendLockOwner: SendLockOwner?
    /// The thread holding `sendLock`, or 0.
    @usableFromInline final let deliveringThread = Synchronization.Atomic<UInt>(0)
    /// Whether the signal was given a name: lets the signals derived from an unnamed one skip
    /// looking for a name to extend (see `Signal.name`).
    @usableFromInline final let isNamed = Synchronization.Atomic<Bool>(false)
    /// Moves on every change of the observers or of the terminal flag; written under `state`'s
    /// lock, read by the delivering thread to know whether its delivery list is current.
    @usableFromInline final let observersVersion = Synchronization.Atomic<UInt>(0)
    /// The observers the delivering thread iterates: `state.observers` as of `deliveryVersion`,
    /// sharing its storage. Touched only by the thread holding `sendLock`; set only through
    /// ``setDeliveryList(_:version:)``.
    @usableFromInline @exclusivity(unchecked) final private(set) var deliveryList: ContiguousArray<AnyObject?> = []
    /// The first element of `deliveryList`'s storage, which the list keeps alive and unchanged
    /// while it is the delivery list: the delivery loop reads the list through it, so that it
    /// does not retain and release the storage on every event. Touched only by the thread
    /// holding `sendLock`.
    @usableFromInline @exclusivity(unchecked) final private(set) var deliveryBase: UnsafeRawPointer?
    /// The number of elements of `deliveryList`. Touched only by the thread holding `sendLock`.
    @usableFromInline @exclusivity(unchecked) final private(set) var deliveryCount = 0
    /// Whether `deliveryList` holds anything, written with it. `observe` and `dispose` read it
    /// without ordering to skip trying the send lock when there is no list to drop: a list
    /// taken meanwhile costs a copy of the observers on the change, never a wrong delivery.
    final let deliveryListLoaded = Synchronization.Atomic<Bool>(false)
    /// The version `deliveryList` was taken at; `staleVersion` when it must be refreshed before
    /// use. Touched only by the thread holding `sendLock`.
    @usableFromInline @exclusivity(unchecked) final var deliveryVersion: UInt = SignalCoreBase.staleVersion

    /// A `deliveryVersion` that no `observersVersion` ever equals.
    @usableFromInline static var staleVersion: UInt { .max }

    /// Makes `list` the delivery list, taken at `version`, and returns the list it replaces,
    /// for the caller to release when it may run user code. Runs on the thread holding
    /// `sendLock`.
    private final func setDeliveryList(
        _ list: ContiguousArray<AnyObject?>, version: UInt
    ) -> ContiguousArray<AnyObject?> {
        let previous = deliveryList
        deliveryList = list
        deliveryVersion = version
        deliveryCount = list.count
        deliveryBase = list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if deliveryListLoaded.load(ordering: .relaxed) == list.isEmpty {
            deliveryListLoaded.store(!list.isEmpty, ordering: .relaxed)
        }
        return previous
    }

    /// A serializing core, with a send lock of its own.
    @usableFromInline init() {
        sendLock = PlatformLock()
        sendLockOwner = nil
    }

    /// A fused core, whose events are delivered under the send lock of `source`'s serializing
    /// core.
    @usableFromInline init(fusedTo source: SignalCoreBase) {
        sendLock = source.sendLock
        sendLockOwner = source.sendLockOwner ?? source.state.withLock { state in
            if let owner = state.sharedSendLock { return owner }
            let owner = SendLockOwner(source.sendLock)
            state.sharedSendLock = owner
            return owner
        }
    }

    deinit {
        if sendLockOwner == nil && state.withLock({ $0.sharedSendLock }) == nil {
            sendLock.deallocate()
        }
    }

    /// Whether a terminal event has been delivered (or the signal was abandoned).
    @usableFromInline
    final var isTerminated: Bool { state.withLock { $0.terminated } }

    /// Records a change of the observers or of the terminal flag. Called with `state`'s lock held.
    ///
    /// Sequentially consistent, so that a delivering thread that releases `sendLock` and then
    /// reads the version cannot miss a change whose try of the lock failed meanwhile.
    private final func observersDidChange() {
        observersVersion.store(
            observersVersion.load(ordering: .relaxed) &+ 1, ordering: .sequentiallyConsistent)
    }

    /// Drops the delivery list if no thread is delivering, so that the observer array is not
    /// shared when it is changed next and no removed observer stays alive in the list. When a
    /// thread is delivering, it drops the list itself once it has released the lock.
    ///
    /// The list is released after the lock is: releasing an observer may run user code.
    @usableFromInline
    final func dropDeliveryListIfIdle() {
        guard sendLock.tryLock() else { return }
        let dropped = detachDeliveryList()
        sendLock.unlock()
        withExtendedLifetime(dropped) {}
    }

    /// Empties the delivery list and returns what it held, for the caller to release. Runs on
    /// the thread holding `sendLock`, and under the state lock too: a fused core's terminal event
    /// may be delivered without the send lock (see `SignalCore.sendFused`).
    private final func detachDeliveryList() -> ContiguousArray<AnyObject?> {
        state.withLock { _ in setDeliveryList([], version: Self.staleVersion) }
    }

    /// Takes `state.observers` as the delivery list. Runs on the thread holding `sendLock`.
    ///
    /// - Returns: `false` if the signal has terminated, in which case the list is empty.
    @usableFromInline
    final func refreshDeliveryList() -> Bool {
        let (observers, version, live) = state.withLock { state in
            (state.observers, observersVersion.load(ordering: .relaxed), !state.terminated)
        }
        let previous = setDeliveryList(live ? observers : [], version: version)
        withExtendedLifetime(previous) {}
        return live
    }

    /// Terminates the signal and returns the observers to deliver the terminal event to, or `nil`
    /// if it had already terminated. Runs on the thread holding `sendLock`, or for a fused core,
    /// on a thread its source will never deliver on again (see `SignalCore.sendFused`): the
    /// delivery list is replaced under the state lock, which every other writer of it holds too.
    @usableFromInline
    final func takeObserversForTermination() -> ContiguousArray<AnyObject?>? {
        let taken = state.withLock { state -> (ContiguousArray<AnyObject?>, ContiguousArray<AnyObject?>)? in
            if state.terminated { return nil }
            let observers = state.observers
            state.terminate()
            observersDidChange()
            let previous = setDeliveryList([], version: observersVersion.load(ordering: .relaxed))
            return (observers, previous)
        }
        guard let (observers, previous) = taken else { return nil }
        withExtendedLifetime(previous) {}
        return observers
    }

    /// Drops the delivery list of a fused core whose observers changed during the delivery that
    /// just ended, so that a removed observer is freed now rather than at the next event. Runs on
    /// the thread holding the shared send lock, inside the source's delivery, where observers
    /// already run.
    @usableFromInline
    final func dropChangedFusedDeliveryList() {
        let dropped = detachDeliveryList()
        withExtendedLifetime(dropped) {}
    }

    /// Stops the delivery list from sharing the storage of `state.observers`, so that a change
    /// of the observers does not copy them. Called with `state`'s lock held, and `sendLock` held
    /// by the caller (`holdsSendLock`), otherwise a thread may be iterating the list.
    ///
    /// Only a list that shares the observers' storage is dropped, which frees nothing (the state
    /// still references that storage): a list taken before an earlier change may hold the last
    /// reference to a removed observer, whose release runs user code, and this runs inside
    /// `observe` and `dispose`, whose callers may hold locks of their own. Such a list is dropped
    /// by the delivering thread after its delivery, or by the next delivery.
    private final func unshareObservers(_ state: inout State, holdsSendLock: Bool) {
        guard holdsSendLock else { return }
        let shared = deliveryList.withUnsafeBufferPointer { list in
            state.observers.withUnsafeBufferPointer { $0.baseAddress == list.baseAddress }
        }
        guard shared else { return }
        _ = setDeliveryList([], version: Self.staleVersion)
    }

    /// Registers `observer` for every event from the next delivery on; `nil` if the signal has
    /// terminated (the caller then interrupts the observer).
    @usableFromInline
    final func register(_ observer: AnyObject) -> ObserverRegistration? {
        let holdsSendLock = deliveryListLoaded.load(ordering: .relaxed) && sendLock.tryLock()
        defer { if holdsSendLock { sendLock.unlock() } }
        let (registration, listener, count) = state.withLock {
            state -> (ObserverRegistration?, (any ObserverCountListener)?, Int) in
            guard !state.terminated else { return (nil, nil, 0) }
            unshareObservers(&state, holdsSendLock: holdsSendLock)
            let registration = ObserverRegistration(core: self, index: state.observers.count)
            state.observers.append(observer)
            state.registrations.append(registration)
            observersDidChange()
            guard let listener = state.listener else { return (registration, nil, 0) }
            return (registration, listener, state.observers.count - state.holes)
        }
        if let listener { listener.observerAdded(count: count) }
        return registration
    }

    /// Unregisters the observer behind `registration`, if it still is registered.
    ///
    /// The observer is released after the lock is dropped: its deinitialization may run user code
    /// (a captured object's `deinit`) that touches this very signal.
    final func remove(_ registration: ObserverRegistration) {
        var listener: (any ObserverCountListener)?
        var count = 0
        let triesSendLock = deliveryListLoaded.load(ordering: .relaxed)
        let holdsSendLock = triesSendLock && sendLock.tryLock()
        let (removed, abandoned) = state.withLock { state -> (AnyObject?, Bool) in
            let index = registration.index
            guard index >= 0, !state.terminated else { return (nil, false) }
            unshareObservers(&state, holdsSendLock: holdsSendLock)
            listener = state.listener
            registration.index = -1
            let removed = state.observers[index]
            state.observers[index] = nil
            state.registrations[index] = nil
            state.holes += 1
            if state.holes == state.observers.count {
                state.observers.removeAll(keepingCapacity: true)
                state.registrations.removeAll(keepingCapacity: true)
                state.holes = 0
            } else if state.holes > 16 && state.holes * 2 > state.observers.count {
                Self.compact(&state)
            }
            observersDidChange()
            count = state.observers.count - state.holes
            if !state.outputAlive && state.observers.isEmpty {
                state.terminate()
                return (removed, true)
            }
            return (removed, false)
        }
        if holdsSendLock {
            sendLock.unlock()
        } else if triesSendLock, removed != nil {
            // A thread held the send lock: if it has let go by now, it may have read the version
            // before this change, so drop the list here. If a delivering thread holds it, that
            // thread reads the version after releasing it and drops the list itself; a thread
            // changing other observers does not, and the list is then dropped by the next send.
            dropDeliveryListIfIdle()
        }
        withExtendedLifetime(removed) {}
        listener?.observerRemoved(count: count)
        if abandoned { disposable.dispose() }
    }

    /// The listener to the observers of this signal, set by `make` under the lock the first time
    /// one is asked for; the same one afterwards.
    final func listener<Listener: ObserverCountListener>(_ make: () -> Listener) -> Listener {
        state.withLock { state in
            if let listener = state.listener as? Listener { return listener }
            let listener = make()
            state.listener = listener
            return listener
        }
    }

    /// The listener to the observers of this signal, if one was ever set.
    final var existingListener: (any ObserverCountListener)? { state.withLock { $0.listener } }

    /// Whether `registration` is no longer registered.
    final func isRemoved(_ registration: ObserverRegistration) -> Bool {
        state.withLock { _ in registration.index < 0 }
    }

    /// Moves live observers down over the holes, keeping their order. Called with the lock held.
    private static func compact(_ state: inout State) {
        var write = 0
        for read in state.observers.indices {
            guard let registration = state.registrations[read] else { continue }
            if read != write {
                state.observers[write] = state.observers[read]
                state.registrations[write] = registration
                registration.index = write
                #if DEBUG
                state.compactionMoves += 1
                #endif
            }
            write += 1
        }
        state.observers.removeLast(state.observers.count - write)
        state.registrations.removeLast(state.registrations.count - write)
        state.holes = 0
    }

    /// The number of registered observers.
    @usableFromInline
    final var observerCount: Int { state.withLock { $0.observers.count - $0.holes } }

    #if DEBUG
    /// Total slot moves made by compaction so far (debug builds only, for the tests).
    final var totalCompactionMoves: Int { state.withLock { $0.compactionMoves } }
    #endif

    /// Called when the public ``Signal`` object goes away: with no observer left, nobody can ever
    /// see another event, so the signal ends silently and frees its resources.
    final func outputDidDeinitialize() {
        let abandoned = state.withLock { state -> Bool in
            state.outputAlive = false
            guard !state.terminated, state.observers.count == state.holes else { return false }
            state.terminate()
            observersDidChange()
            return true
        }
        if abandoned {
            dropDeliveryListIfIdle()
            disposable.dispose()
        }
    }
}

/// Told of the observers of a signal coming and going, outside the signal's locks, on the thread
/// that added or removed one: what a layer above the core (the name, observer limit and hooks of
/// `Signal+Diagnostics.swift`) attaches to a signal without the core knowing it.
protocol ObserverCountListener: AnyObject, Sendable {
    /// An observer was added; `count` includes it.
    func observerAdded(count: Int)
    /// An observer was removed; `count` is what remains.
    func observerRemoved(count: Int)
}

/// Owns the memory of a serializing core's send lock once fused cores share it, so that the lock
/// outlives whichever of them goes first.
@usableFromInline
final class SendLockOwner: @unchecked Sendable {
    let lock: PlatformLock

    init(_ lock: PlatformLock) {
        self.lock = lock
    }

    deinit {
        lock.deallocate()
    }
}

/// The disposable returned by `observe`: it knows its observer's slot in the core.
///
/// It holds the core weakly. A core that nobody can send into any more (no input observer, no
/// run, no `Signal` object) is freed with its observers, silently, since no event can ever reach
/// them; disposing the registration afterwards does nothing.
@usableFromInline
final class ObserverRegistration: Disposable, @unchecked Sendable {
    private weak var core: SignalCoreBase?
    /// The slot in the core's arrays; -1 once removed. Guarded by the core's state lock.
    var index: Int

    init(core: SignalCoreBase, index: Int) {
        self.core = core
        self.index = index
    }

    /// Whether the observer has been removed (by disposal or because the signal terminated).
    @usableFromInline
    var isDisposed: Bool {
        guard let core else { return true }
        return core.isRemoved(self) || core.isTerminated
    }

    /// Removes the observer; it receives no event whose delivery starts afterwards.
    @usableFromInline
    func dispose() {
        core?.remove(self)
    }
}
