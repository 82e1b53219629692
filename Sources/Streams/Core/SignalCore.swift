import Synchronization

/// The typed heart of a ``Signal``: the machinery that delivers one event at a time to the
/// observers ``SignalCoreBase`` keeps.
///
/// A `Signal` is a thin public object around its core, which does all the work. The core is also
/// held by the signal's input observer and, for a run of a start-handler producer, by the run's
/// interrupt handle (``GeneratorRun``); an observation's ``ObserverRegistration`` holds it weakly.
/// When the `Signal` object is deinitialized it tells the core
/// (``SignalCoreBase/outputDidDeinitialize()``), which ends silently if no observer is left.
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
        LockOrder.willTake(.delivery)
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
        LockOrder.willTake(.delivery)
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
    ///
    /// An observer that observes or disposes during the delivery makes the delivery list stale;
    /// it is dropped at the end of the delivery, inside the source's, so a removed observer is
    /// freed there. An observer removed on another thread after that check, while the source
    /// still holds the lock, stays in the list until this core's next delivery.
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
            // Waiting for the lock, in a loop of tries.
            LockOrder.willTake(.delivery)
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
