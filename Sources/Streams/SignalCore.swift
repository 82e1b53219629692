import Synchronization

/// The shared heart of a ``Signal``: its observers, its terminal state and the machinery that
/// delivers one event at a time.
///
/// Two locks, never held while calling user code except as described here:
/// - `sendLock` serializes delivery. The sending thread holds it for the whole delivery of its
///   event (that is the contract: a concurrent sender waits). While it is held, only the holder
///   touches `reentrantQueue`, so an event sent from inside an observer on the delivering thread
///   is appended there and delivered, in order, once the current delivery finishes.
/// - `stateLock` guards the observer list and the terminal flag; it is held only for a few
///   instructions (to take a snapshot, to add or remove an observer), never across a callback.
///
/// Observers live in a contiguous array with holes. A registration remembers its slot, so
/// removal is O(1); holes are compacted when they outnumber live observers, which keeps
/// insertion and removal amortized O(1). Delivery iterates a snapshot of the array (a retain of
/// its buffer, no allocation), so observers added or removed during a delivery take effect from
/// the next event.
@usableFromInline
final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
    @usableFromInline typealias Event = Signal<Value, Error>.Event

    // MARK: State guarded by `stateLock`
    private var observers: ContiguousArray<Observer<Value, Error>?> = []
    private var registrations: ContiguousArray<ObserverRegistration<Value, Error>?> = []
    private var holes = 0
    private var terminated = false
    private var outputAlive = true
    private let stateLock = PlatformLock()
    /// Slots moved by compaction since creation; lets tests check that churn stays amortized O(1).
    private var compactionMoves = 0

    // MARK: State owned by the thread holding `sendLock`
    private var reentrantQueue: ContiguousArray<Event> = []
    private let sendLock = PlatformLock()
    private let deliveringThread = Synchronization.Atomic<UInt>(0)

    /// The resources of whoever feeds this signal; disposed once it terminates or is abandoned.
    let disposable = CompositeDisposable()

    init() {}

    deinit {
        stateLock.deallocate()
        sendLock.deallocate()
    }

    // MARK: Sending

    /// Delivers `event` to every observer registered when its delivery starts.
    ///
    /// Blocks while another thread is delivering. Called from inside an observer of this signal,
    /// it queues `event` behind the current delivery and returns at once.
    @usableFromInline
    func send(_ event: Event) {
        let me = currentThreadID()
        if deliveringThread.load(ordering: .relaxed) == me {
            reentrantQueue.append(event)
            return
        }
        sendLock.lock()
        deliveringThread.store(me, ordering: .relaxed)
        deliver(event)
        if !reentrantQueue.isEmpty {
            var index = 0
            while index < reentrantQueue.count {
                let queued = reentrantQueue[index]
                index += 1
                deliver(queued)
            }
            reentrantQueue.removeAll(keepingCapacity: true)
        }
        deliveringThread.store(0, ordering: .relaxed)
        sendLock.unlock()
    }

    private func deliver(_ event: Event) {
        stateLock.lock()
        if terminated {
            stateLock.unlock()
            return
        }
        let snapshot = observers
        let isTerminal = event.isTerminating
        if isTerminal {
            terminated = true
            observers = []
            registrations = []
            holes = 0
        }
        stateLock.unlock()

        switch event {
        case let .value(value):
            for observer in snapshot { observer?.receive(value) }
        case let .failed(error):
            for observer in snapshot { observer?.terminate(.failed(error)) }
        case .completed:
            for observer in snapshot { observer?.terminate(.completed) }
        case .interrupted:
            for observer in snapshot { observer?.terminate(.interrupted) }
        }
        if isTerminal { disposable.dispose() }
    }

    // MARK: Observers

    /// Whether a terminal event has been delivered (or the signal was abandoned).
    var isTerminated: Bool { stateLock.withLock { terminated } }

    /// Registers `observer` for every event from the next delivery on.
    ///
    /// On a terminated signal the observer receives `.interrupted` at once and `nil` is returned.
    @usableFromInline
    func add(_ observer: Observer<Value, Error>) -> Disposable? {
        let registration: ObserverRegistration<Value, Error>? = stateLock.withLock {
            guard !terminated else { return nil }
            let registration = ObserverRegistration(core: self, index: observers.count)
            observers.append(observer)
            registrations.append(registration)
            return registration
        }
        guard let registration else {
            observer.terminate(.interrupted)
            return nil
        }
        return registration
    }

    /// Unregisters the observer behind `registration`, if it still is registered.
    func remove(_ registration: ObserverRegistration<Value, Error>) {
        var abandoned = false
        stateLock.withLock {
            let index = registration.index
            guard index >= 0, !terminated else { return }
            registration.index = -1
            observers[index] = nil
            registrations[index] = nil
            holes += 1
            if holes == observers.count {
                observers.removeAll(keepingCapacity: true)
                registrations.removeAll(keepingCapacity: true)
                holes = 0
            } else if holes > 16 && holes * 2 > observers.count {
                compact()
            }
            if !outputAlive && observers.isEmpty {
                terminated = true
                abandoned = true
            }
        }
        if abandoned { disposable.dispose() }
    }

    /// Whether `registration` is no longer registered.
    func isRemoved(_ registration: ObserverRegistration<Value, Error>) -> Bool {
        stateLock.withLock { registration.index < 0 }
    }

    /// Moves live observers down over the holes, keeping their order. Called with `stateLock` held.
    private func compact() {
        var write = 0
        for read in observers.indices {
            guard let registration = registrations[read] else { continue }
            if read != write {
                observers[write] = observers[read]
                registrations[write] = registration
                registration.index = write
                compactionMoves += 1
            }
            write += 1
        }
        observers.removeLast(observers.count - write)
        registrations.removeLast(registrations.count - write)
        holes = 0
    }

    /// The number of registered observers.
    var observerCount: Int { stateLock.withLock { observers.count - holes } }

    /// Total slot moves made by compaction so far.
    var totalCompactionMoves: Int { stateLock.withLock { compactionMoves } }

    /// Called when the public ``Signal`` object goes away: with no observer left, nobody can ever
    /// see another event, so the signal ends silently and frees its resources.
    func outputDidDeinitialize() {
        let abandoned = stateLock.withLock { () -> Bool in
            outputAlive = false
            guard !terminated, observers.count == holes else { return false }
            terminated = true
            return true
        }
        if abandoned { disposable.dispose() }
    }
}

/// The disposable returned by `observe`: it knows its observer's slot in the core.
final class ObserverRegistration<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    private let core: SignalCore<Value, Error>
    /// The slot in the core's arrays; -1 once removed. Guarded by the core's state lock.
    var index: Int

    init(core: SignalCore<Value, Error>, index: Int) {
        self.core = core
        self.index = index
    }

    /// Whether the observer has been removed (by disposal or because the signal terminated).
    var isDisposed: Bool { core.isRemoved(self) || core.isTerminated }

    /// Removes the observer; it receives no event whose delivery starts afterwards.
    func dispose() {
        core.remove(self)
    }
}
