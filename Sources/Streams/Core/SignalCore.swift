import Synchronization

/// The shared heart of a ``Signal``: its observers, its terminal state and the machinery that
/// delivers one event at a time.
///
/// Two locks, never held while calling user code except as described here:
/// - `sendLock` serializes delivery. The sending thread holds it for the whole delivery of its
///   event (that is the contract: a concurrent sender of a value or a terminal event waits; an
///   interruption never does, see ``SignalCore``). While it is held, only the holder
///   touches `reentrantQueue` and the delivery list, so an event sent from inside an observer on
///   the delivering thread is appended there and delivered, in order, once the current delivery
///   finishes.
/// - `state`'s lock guards the observer list and the terminal flag; it is held only for a few
///   instructions (to add or remove an observer, to refresh the delivery list), never across a
///   callback.
///
/// Observers live in a contiguous array with holes. A registration remembers its slot, so
/// removal is O(1); holes are compacted when they outnumber live observers, which keeps
/// insertion and removal amortized O(1).
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
/// drops it.
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
        /// The name, observer limit and hooks, for the few signals that have any.
        var diagnostics: ObserverDiagnostics?
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
        let (registration, diagnostics, count) = state.withLock {
            state -> (ObserverRegistration?, ObserverDiagnostics?, Int) in
            guard !state.terminated else { return (nil, nil, 0) }
            unshareObservers(&state, holdsSendLock: holdsSendLock)
            let registration = ObserverRegistration(core: self, index: state.observers.count)
            state.observers.append(observer)
            state.registrations.append(registration)
            observersDidChange()
            guard let diagnostics = state.diagnostics else { return (registration, nil, 0) }
            return (registration, diagnostics, state.observers.count - state.holes)
        }
        if let diagnostics { diagnostics.observerAdded(count: count) }
        return registration
    }

    /// Unregisters the observer behind `registration`, if it still is registered.
    ///
    /// The observer is released after the lock is dropped: its deinitialization may run user code
    /// (a captured object's `deinit`) that touches this very signal.
    final func remove(_ registration: ObserverRegistration) {
        var diagnostics: ObserverDiagnostics?
        var count = 0
        let triesSendLock = deliveryListLoaded.load(ordering: .relaxed)
        let holdsSendLock = triesSendLock && sendLock.tryLock()
        let (removed, abandoned) = state.withLock { state -> (AnyObject?, Bool) in
            let index = registration.index
            guard index >= 0, !state.terminated else { return (nil, false) }
            unshareObservers(&state, holdsSendLock: holdsSendLock)
            diagnostics = state.diagnostics
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
        diagnostics?.observerRemoved(count: count)
        if abandoned { disposable.dispose() }
    }

    /// The diagnostics of this signal, created on first use.
    final var diagnostics: ObserverDiagnostics {
        state.withLock { state in
            if let diagnostics = state.diagnostics { return diagnostics }
            let diagnostics = ObserverDiagnostics()
            state.diagnostics = diagnostics
            return diagnostics
        }
    }

    /// The diagnostics of this signal, if any were ever set.
    final var existingDiagnostics: ObserverDiagnostics? { state.withLock { $0.diagnostics } }

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

/// The typed heart of a ``Signal``: the machinery that delivers one event at a time to the
/// observers ``SignalCoreBase`` keeps.
///
/// Interruption never waits. `send(.interrupted)` raises `interruptState` and tries the send
/// lock: if another thread holds it, the call returns at once and that thread delivers
/// `interrupted` right after the delivery under way; values and terminal events not yet
/// delivered (queued by observers, or waiting for the lock on other threads) are dropped. This
/// is what lets disposal, which interrupts, run anywhere: it never blocks on a delivery that may
/// itself be waiting for the disposing thread.
///
/// The resources of the signal are disposed after the send lock is released, so the disposal of
/// an upstream run (which interrupts it) never happens while this signal's lock is held.
@usableFromInline
final class SignalCore<Value, Error: Swift.Error>: SignalCoreBase, @unchecked Sendable {
    @usableFromInline typealias Event = Signal<Value, Error>.Event
    @usableFromInline typealias Sink = Signal<Value, Error>.Observer

    /// `interruptState` values: no interruption asked for; asked for and not yet delivered;
    /// delivered (or found the signal already ended).
    @usableFromInline static var noInterrupt: UInt8 { 0 }
    @usableFromInline static var interruptRequested: UInt8 { 1 }
    @usableFromInline static var interruptHandled: UInt8 { 2 }

    /// Whether an interruption was asked for and not delivered yet. Raised by any thread; moved on
    /// to `interruptHandled` only by the thread holding `sendLock`.
    @usableFromInline let interruptState = Synchronization.Atomic<UInt8>(0)
    /// Events sent by observers during a delivery; touched only by the thread holding `sendLock`.
    @usableFromInline @exclusivity(unchecked) var reentrantQueue: ContiguousArray<Event> = []

    /// A serializing core, with a send lock of its own.
    @usableFromInline override init() {
        super.init()
    }

    /// A fused core: see ``sendFused(_:)``.
    @usableFromInline override init(fusedTo source: SignalCoreBase) {
        super.init(fusedTo: source)
    }

    /// Whether the signal has ended or an interruption is on its way.
    @usableFromInline
    var isEnding: Bool {
        interruptState.load(ordering: .acquiring) != Self.noInterrupt || isTerminated
    }

    // MARK: Sending
    //
    // The sending path is inlinable so that it is specialized for the client's value and error
    // types: unspecialized generic code would pay value-witness calls on every event.

    /// Delivers `event` to every observer registered when its delivery starts.
    ///
    /// A value or a terminal event blocks while another thread is delivering. `.interrupted`
    /// never blocks (see the type's documentation). Called from inside an observer of this
    /// signal, `send` queues `event` behind the current delivery and returns at once; an
    /// interruption sent that way overtakes the events still queued.
    @inlinable
    func send(_ event: Event) {
        let me = currentThreadID()
        let isInterrupt: Bool
        if case .interrupted = event { isInterrupt = true } else { isInterrupt = false }
        if deliveringThread.load(ordering: .relaxed) == me {
            if isInterrupt {
                requestInterrupt()
            } else {
                reentrantQueue.append(event)
            }
            return
        }
        if isInterrupt {
            requestInterrupt()
            commitInterrupt()
            return
        }
        sendLock.lock()
        deliveringThread.store(me, ordering: .relaxed)
        endDelivery(ended: deliver(event))
    }

    /// Sends the value event `event` as ``send(_:)`` does from a thread that is not delivering
    /// this signal, calling `prelude` first, under the send lock, once the observers the event
    /// goes to are fixed: an observer added during `prelude` does not receive `event`, one
    /// removed may still receive it, as for an observer added or removed during a delivery.
    /// What `prelude` sends into this signal is queued behind `event`.
    ///
    /// For a property, whose producer runs receive each change before the observers of its
    /// changes signal, within one delivery of that change.
    @inlinable
    func send(_ event: Event, after prelude: () -> Void) {
        sendLock.lock()
        deliveringThread.store(currentThreadID(), ordering: .relaxed)
        let live = observersVersion.load(ordering: .acquiring) == deliveryVersion || refreshDeliveryList()
        prelude()
        if live, interruptState.load(ordering: .relaxed) != Self.interruptRequested, let base = deliveryBase {
            // The list taken before `prelude`, even if the observers changed since.
            Self.deliver(event, to: base, count: deliveryCount)
        }
        endDelivery(ended: false)
    }

    /// Ends a delivery made by this thread under the send lock (`ended`: whether its event ended
    /// the signal): delivers what observers sent meanwhile and an interruption asked for, lets
    /// go of the lock, then disposes the resources if the signal ended, and drops a delivery list
    /// the observers changed meanwhile.
    @inlinable @inline(__always)
    func endDelivery(ended eventEnded: Bool) {
        var ended = eventEnded
        if !reentrantQueue.isEmpty { ended = drainReentrantQueue() || ended }
        if interruptState.load(ordering: .relaxed) == Self.interruptRequested {
            ended = deliverInterrupt() || ended
        }
        let deliveredVersion = deliveryVersion
        deliveringThread.store(0, ordering: .releasing)
        sendLock.unlock()
        if ended {
            disposable.dispose()
        } else if interruptState.load(ordering: .sequentiallyConsistent) == Self.interruptRequested {
            // Asked for by a thread whose try of the lock failed while this one held it.
            commitInterrupt()
        }
        if observersVersion.load(ordering: .sequentiallyConsistent) != deliveredVersion {
            // The observers changed during the delivery, and the thread that changed them could
            // not drop the list: do it now that the lock is free.
            dropDeliveryListIfIdle()
        }
    }

    /// Delivers `event` at once, on the calling thread, without a lock of this signal: the input
    /// of a fused core, a signal derived by a fused operator (`map`, `filter`, ...) from a source
    /// whose delivery already serializes everything it receives.
    ///
    /// Such a core is fed only by its operator, which sends only from inside its callbacks, and
    /// those run inside the source's deliveries, with the source's send lock held (shared with
    /// this core, so that `observe` and `dispose` know when this core may be delivering). Its
    /// observers therefore see one event at a time, and an event an observer sends into the
    /// source is queued there, behind the current delivery, as for any signal. The one event
    /// that may arrive otherwise is `.interrupted`, sent when the input is released: by a source
    /// that had terminated before the core observed it, or by a source being freed without ever
    /// terminating. The source never delivers to this core again in either case, and the
    /// terminal path touches the delivery list only under the state lock.
    @inlinable
    func sendFused(_ event: Event) {
        if deliverNow(event) {
            disposable.dispose()
        } else if observersVersion.load(ordering: .relaxed) != deliveryVersion {
            // An observer observed or disposed during the delivery (this thread holds the send
            // lock, so the change could not drop the list).
            dropChangedFusedDeliveryList()
        }
    }

    /// Records that an interruption is due. Sequentially consistent, so that a thread releasing
    /// the send lock and then reading the state cannot miss it while the requesting thread's try
    /// of the lock fails.
    @usableFromInline
    func requestInterrupt() {
        _ = interruptState.compareExchange(
            expected: Self.noInterrupt, desired: Self.interruptRequested, ordering: .sequentiallyConsistent)
    }

    /// Delivers a requested interruption if no thread is delivering; otherwise leaves it to the
    /// thread that is, which checks for it after its delivery.
    ///
    /// The send lock is also taken, for a few instructions and without calling out, by a thread
    /// adding or removing an observer or dropping the delivery list (`deliveringThread` is then
    /// 0). That thread does not deliver interruptions, so this one waits for it to let go.
    @usableFromInline
    func commitInterrupt() {
        while !sendLock.tryLock() {
            if deliveringThread.load(ordering: .acquiring) != 0 { return }
            if interruptState.load(ordering: .acquiring) != Self.interruptRequested { return }
            yieldProcessor()
        }
        deliveringThread.store(currentThreadID(), ordering: .relaxed)
        var ended = false
        if interruptState.load(ordering: .relaxed) == Self.interruptRequested {
            ended = deliverInterrupt()
        }
        // Events observers sent while `interrupted` was delivered reach a terminated signal.
        if !reentrantQueue.isEmpty { reentrantQueue.removeAll() }
        deliveringThread.store(0, ordering: .releasing)
        sendLock.unlock()
        if ended { disposable.dispose() }
    }

    /// Delivers the requested interruption. Runs on the thread holding `sendLock`.
    @usableFromInline
    func deliverInterrupt() -> Bool {
        interruptState.store(Self.interruptHandled, ordering: .relaxed)
        let ended = deliverNow(.interrupted)
        reentrantQueue.removeAll()
        return ended
    }

    /// Delivers the events queued by observers during a delivery, including those they queue in
    /// turn, in order. Runs on the delivering thread, holding `sendLock`. Returns whether one of
    /// them ended the signal.
    @usableFromInline
    func drainReentrantQueue() -> Bool {
        var index = 0
        var ended = false
        while index < reentrantQueue.count {
            let queued = reentrantQueue[index]
            index += 1
            ended = deliver(queued) || ended
        }
        reentrantQueue.removeAll(keepingCapacity: true)
        return ended
    }

    /// Delivers `event` unless an interruption is due, which drops it. Returns whether the
    /// event ended the signal; the caller then disposes its resources once it released the lock.
    @inlinable
    func deliver(_ event: Event) -> Bool {
        if interruptState.load(ordering: .relaxed) == Self.interruptRequested { return false }
        return deliverNow(event)
    }

    /// Delivers `event` to the delivery list, refreshed first if the observers changed. Runs on
    /// the thread holding `sendLock`.
    @inlinable @inline(__always)
    func deliverNow(_ event: Event) -> Bool {
        if event.isTerminating {
            guard let observers = takeObserversForTermination() else { return false }
            Self.deliver(event, to: observers)
            return true
        }
        if observersVersion.load(ordering: .acquiring) != deliveryVersion {
            guard refreshDeliveryList() else { return false }
        }
        // Nothing replaces the list while it is iterated: only this thread may, outside
        // deliveries (an observer's `observe` or `dispose` fails to try the send lock, which this
        // thread holds, and a send from an observer is queued).
        guard let base = deliveryBase else { return false }
        Self.deliver(event, to: base, count: deliveryCount)
        return false
    }

    /// Calls every observer in `observers` with `event`.
    @inlinable
    static func deliver(_ event: Event, to observers: ContiguousArray<AnyObject?>) {
        observers.withUnsafeBufferPointer { observers in
            guard let base = observers.baseAddress else { return }
            deliver(event, to: UnsafeRawPointer(base), count: observers.count)
        }
    }

    /// Calls every observer in the `count` slots at `base`, which something else keeps alive and
    /// unchanged for the whole call, with `event`.
    @inlinable @inline(__always)
    static func deliver(_ event: Event, to base: UnsafeRawPointer, count: Int) {
        // Every object in a list was registered by `add`, as a `Sink`, and nothing writes to a
        // list's storage while it is delivered (a change of the observers copies it, see
        // `SignalCoreBase.deliveryList`). Each slot is only read, as a plain pointer: other
        // threads read the same storage meanwhile (`remove` finds the observer it takes out),
        // and a read is all they may share with this loop. The observer is then borrowed, not
        // retained, for the call: the list keeps it alive, and `Observer.deliver` borrows the
        // closure it holds in turn.
        for index in 0..<count {
            let slot = base.load(
                fromByteOffset: index &* MemoryLayout<UnsafeRawPointer?>.stride, as: UnsafeRawPointer?.self)
            if let slot { call(Unmanaged<Sink>.fromOpaque(slot), with: event) }
        }
    }

    /// Calls the observer in `slot`, if any, with `event`, borrowing it and the closure it holds
    /// instead of retaining them; for a slot only the calling thread touches.
    @inlinable @inline(__always)
    static func call(_ slot: inout Sink?, with event: Event) {
        slot?.deliver(event)
    }

    /// Calls the observer `observer`, borrowed, with `event`; see ``deliver(_:to:count:)``.
    @inlinable @inline(__always)
    static func call(_ observer: Unmanaged<Sink>, with event: Event) {
        observer._withUnsafeGuaranteedRef { $0.deliver(event) }
    }

    // MARK: Observers

    /// Registers `observer` for every event from the next delivery on.
    ///
    /// On a terminated signal the observer receives `.interrupted` at once and `nil` is returned.
    @inlinable
    func add(_ observer: Sink) -> Disposable? {
        guard let registration = register(observer) else {
            observer.sendInterrupted()
            return nil
        }
        return registration
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
