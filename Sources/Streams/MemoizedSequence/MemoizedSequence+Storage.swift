import Dispatch
import Synchronization

// The storage of a MemoizedSequence: a singly linked list of nodes, each computed at most once.
//
// A *slot* is a position in the list: the rest of the sequence from there. It is unevaluated
// (it holds a thunk that computes its first node), being evaluated (by one thread, whose id it
// records), or evaluated (the node of its first value, or `nil` at the end). A *node* is a value
// together with the slot after it, so that a node is itself the slot of the rest of the sequence:
// one object per value.
//
// Reading an evaluated slot is one acquiring atomic load. The first thread to read an unevaluated
// slot claims it with a compare-and-exchange, runs the thunk outside any lock, stores the node and
// publishes it with a releasing exchange. A thread that finds the slot being evaluated by another
// thread parks on a semaphore of its own, registered in a table shared by all slots and touched
// only on contention; the evaluating thread wakes it after publishing. A thread that finds the
// slot being evaluated by itself has met a value that depends on itself, and stops.
//
// The code that computes values (the thunks, the operators' steps) is `@inlinable`, so that it is
// specialized for the client's value types. Apart from the value itself, the classes store
// nothing whose layout depends on the value type (no `Value?`, no tuple; the thunk is wrapped in a
// struct), so that releasing a node, which runs unspecialized code, needs no type metadata lookup.

/// The phases of a slot, in its atomic `phase`.
@usableFromInline
enum MemoSlotPhase {
    @usableFromInline static let unevaluated: UInt8 = 0
    /// Claimed by the thread in `owner`; nobody waits.
    @usableFromInline static let evaluating: UInt8 = 1
    /// Claimed by the thread in `owner`; at least one thread waits in `memoSlotWaiters`.
    @usableFromInline static let evaluatingWithWaiters: UInt8 = 2
    @usableFromInline static let evaluated: UInt8 = 3
}

/// The semaphores of the threads waiting for a slot that another thread is evaluating, by slot.
///
/// Touched only on contention: by a waiting thread to register, and by the evaluating thread to
/// wake the waiters after publishing, if the slot's phase says there are any.
let memoSlotWaiters = Locked<[ObjectIdentifier: [DispatchSemaphore]]>([:])

/// What every slot is, whatever its value type: the phase, and the link to the first node.
///
/// Non-generic so that releasing a list, which runs unspecialized code, needs no type metadata.
/// Releasing a long evaluated list would recurse once per node, each node's release releasing
/// the next: a dying slot instead unlinks, in a loop, the nodes that nothing else references.
@usableFromInline
class MemoSlotBase: @unchecked Sendable {
    /// One of ``MemoSlotPhase``.
    @usableFromInline final let phase: Synchronization.Atomic<UInt8>
    /// The thread evaluating the slot, while it does; 0 before.
    @usableFromInline final let owner: Synchronization.Atomic<UInt>
    /// The first node (a `MemoNode<Value>` of the subclass's `Value`), or `nil` at the end.
    ///
    /// Written once, by the evaluating thread, before `phase` becomes `evaluated` (releasing);
    /// read only after `phase` was seen `evaluated` (acquiring), or when nothing else references
    /// the slot.
    @usableFromInline @exclusivity(unchecked) final var link: MemoSlotBase?

    @inlinable
    init(phase: UInt8, link: MemoSlotBase?) {
        self.phase = Synchronization.Atomic(phase)
        owner = Synchronization.Atomic(0)
        self.link = link
        #if DEBUG
        MemoCensus.record(1)
        #endif
    }

    /// Whether the first node has been computed.
    @inlinable
    final var isEvaluated: Bool {
        phase.load(ordering: .acquiring) == MemoSlotPhase.evaluated
    }

    deinit {
        #if DEBUG
        MemoCensus.record(-1)
        #endif
        // Each node that only this chain references is unlinked from the next before it goes, so
        // that its own release does not go on down the list.
        guard var next = link else { return }
        link = nil
        while isKnownUniquelyReferenced(&next), let after = next.link {
            next.link = nil
            next = after
        }
    }
}

/// A position in a ``MemoizedSequence``: the rest of the sequence from there, unevaluated, being
/// evaluated, or evaluated (its first node, or `nil` at the end).
///
/// Instances of this class are the first slot of a sequence; every other slot is a ``MemoNode``,
/// the slot after the node's value.
@usableFromInline
class MemoSlot<Value>: MemoSlotBase, @unchecked Sendable {
    /// Computes the first node of an unevaluated slot, `nil` for the end. Called once.
    @usableFromInline typealias Thunk = () -> MemoNode<Value>?

    /// Taken, once, by the evaluating thread.
    @usableFromInline @exclusivity(unchecked) final var thunk: MemoThunk<Value>?

    /// An unevaluated slot, computed by `thunk`.
    @inlinable
    init(thunk: @escaping Thunk) {
        self.thunk = MemoThunk(run: thunk)
        super.init(phase: MemoSlotPhase.unevaluated, link: nil)
    }

    /// A slot evaluated from the start: `node` is its first node, `nil` for the end.
    @inlinable
    init(evaluated node: MemoNode<Value>?) {
        super.init(phase: MemoSlotPhase.evaluated, link: node)
    }

    /// The first node, computed on the calling thread if nobody has computed it yet, or waited
    /// for if another thread is computing it; `nil` at the end.
    @inlinable
    final var content: MemoNode<Value>? {
        let node = phase.load(ordering: .acquiring) == MemoSlotPhase.evaluated ? link : evaluate()
        guard let node else { return nil }
        return unsafeDowncast(node, to: MemoNode<Value>.self)
    }

    /// The slow path of ``content``: claims and computes the slot, or waits for the thread that
    /// claimed it.
    ///
    /// Returns the base type: this code is not specialized, and a downcast here would look up
    /// type metadata; the inlined caller downcasts for free. For the same reason there is no
    /// `Optional.take()` here.
    @usableFromInline @inline(never)
    final func evaluate() -> MemoSlotBase? {
        let me = currentThreadID()
        while true {
            let current = phase.load(ordering: .acquiring)
            if current == MemoSlotPhase.evaluated {
                return link
            }
            if current == MemoSlotPhase.unevaluated {
                guard phase.compareExchange(
                    expected: MemoSlotPhase.unevaluated, desired: MemoSlotPhase.evaluating, ordering: .acquiring
                ).exchanged else { continue }
                owner.store(me, ordering: .relaxed)
                guard let thunk else {
                    preconditionFailure("MemoizedSequence: internal error, a value was computed twice")
                }
                self.thunk = nil
                let result: MemoSlotBase? = thunk.run()
                link = result
                let previous = phase.exchange(MemoSlotPhase.evaluated, ordering: .acquiringAndReleasing)
                if previous == MemoSlotPhase.evaluatingWithWaiters { wakeWaiters() }
                return result
            }
            precondition(
                owner.load(ordering: .relaxed) != me,
                "MemoizedSequence: a value depends on itself: it was read again, on the same thread, while it was being computed (a cyclic definition)"
            )
            waitForEvaluation()
        }
    }

    /// Parks the calling thread until the thread evaluating this slot has published it. Returns
    /// at once if it already has.
    private final func waitForEvaluation() {
        let semaphore = DispatchSemaphore(value: 0)
        let key = ObjectIdentifier(self)
        let mustWait = memoSlotWaiters.withLock { waiters -> Bool in
            var current = phase.load(ordering: .acquiring)
            while true {
                switch current {
                case MemoSlotPhase.evaluatingWithWaiters:
                    waiters[key, default: []].append(semaphore)
                    return true
                case MemoSlotPhase.evaluating:
                    let (exchanged, original) = phase.compareExchange(
                        expected: MemoSlotPhase.evaluating, desired: MemoSlotPhase.evaluatingWithWaiters,
                        ordering: .acquiringAndReleasing)
                    if exchanged {
                        waiters[key, default: []].append(semaphore)
                        return true
                    }
                    current = original
                default:
                    // Published meanwhile: nothing to wait for.
                    return false
                }
            }
        }
        if mustWait { semaphore.wait() }
    }

    /// Wakes the threads that registered to wait for this slot.
    private final func wakeWaiters() {
        let key = ObjectIdentifier(self)
        let semaphores = memoSlotWaiters.withLock { $0.removeValue(forKey: key) } ?? []
        for semaphore in semaphores { semaphore.signal() }
    }
}

/// The thunk of an unevaluated slot.
///
/// A struct around the closure so that the optional the slot stores does not hold the closure at
/// the maximal abstraction a bare `Optional<() -> T>` requires, which would wrap every thunk in a
/// reabstraction closure.
@usableFromInline
struct MemoThunk<Value> {
    @usableFromInline let run: () -> MemoNode<Value>?

    @inlinable
    init(run: @escaping () -> MemoNode<Value>?) {
        self.run = run
    }
}

/// A value of a ``MemoizedSequence`` and, being a slot, the rest of the sequence after it.
@usableFromInline
final class MemoNode<Value>: MemoSlot<Value>, @unchecked Sendable {
    /// The value.
    @usableFromInline let value: Value

    /// `value`, followed by the unevaluated slot computed by `thunk`.
    @inlinable
    init(_ value: Value, thunk: @escaping Thunk) {
        self.value = value
        super.init(thunk: thunk)
    }

    /// `value`, followed by `next` (`nil` for the end), already evaluated.
    @inlinable
    init(_ value: Value, next: MemoNode<Value>?) {
        self.value = value
        super.init(evaluated: next)
    }
}

/// How an unevaluated slot computes its first node: the state of an operator at one position.
///
/// A step is captured by one thunk, moved out of it when the slot is evaluated (so that nothing
/// else holds what the step references) and evaluated once. To continue, it captures a copy of
/// itself, advanced, in the thunk of the next node. Steps loop over their source instead of
/// recursing, and walk it through a stored cursor they overwrite, so that the nodes they pass are
/// released as they go.
@usableFromInline
protocol MemoStep<Value> {
    associatedtype Value

    /// The first node of the slot this step computes: `nil` for the end of the sequence.
    mutating func evaluate() -> MemoNode<Value>?
}

extension MemoStep {
    /// The thunk that evaluates this step, once.
    ///
    /// The step is kept in a box the thunk empties when it runs, so that the step's cursor is the
    /// only reference to the source's current position while it loops.
    @inlinable
    var thunk: MemoSlot<Value>.Thunk {
        var pending: Self? = self
        return {
            guard var step = pending.take() else {
                preconditionFailure("MemoizedSequence: internal error, a step was evaluated twice")
            }
            return step.evaluate()
        }
    }

    /// The unevaluated slot computed by this step.
    @inlinable
    var slot: MemoSlot<Value> {
        MemoSlot(thunk: thunk)
    }
}

/// A step that takes its values from an iterator, one per node; the iterator moves along the
/// nodes, so it is called once per value, in order.
@usableFromInline
struct IteratorStep<Base: IteratorProtocol>: MemoStep {
    @usableFromInline var base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
    }

    @inlinable
    mutating func evaluate() -> MemoNode<Base.Element>? {
        guard let value = base.next() else { return nil }
        return MemoNode(value, thunk: thunk)
    }
}

extension MemoSlot {
    /// The unevaluated slot whose values `iterator` gives.
    @inlinable
    static func lazy<Base: IteratorProtocol>(_ iterator: Base) -> MemoSlot<Value> where Base.Element == Value {
        IteratorStep(iterator).slot
    }

    /// The end of a sequence.
    @inlinable
    static var end: MemoSlot<Value> { MemoSlot(evaluated: nil) }
}

#if DEBUG
/// Counts the slots created minus the slots freed by one observing thread, so that a test can
/// check that iterating a long sequence keeps a bounded number of them alive.
///
/// Debug builds only, for the tests: when nobody observes, a slot pays one relaxed atomic load
/// at creation and at release; release builds pay nothing.
@usableFromInline
enum MemoCensus {
    /// The thread whose slots are counted, or 0.
    @usableFromInline static let observer = Synchronization.Atomic<UInt>(0)
    private static let count = Synchronization.Atomic<Int>(0)

    @inlinable @inline(__always)
    static func record(_ delta: Int) {
        if observer.load(ordering: .relaxed) != 0 { recordIfObserving(delta) }
    }

    @usableFromInline
    static func recordIfObserving(_ delta: Int) {
        if observer.load(ordering: .relaxed) == currentThreadID() {
            count.add(delta, ordering: .relaxed)
        }
    }

    /// Runs `body`, counting the slots the calling thread creates and frees meanwhile; `body`
    /// reads the running count with ``liveSlots``. One observer at a time.
    static func observe<R>(_ body: () throws -> R) rethrows -> R {
        count.store(0, ordering: .relaxed)
        let claimed = observer.compareExchange(expected: 0, desired: currentThreadID(), ordering: .relaxed).exchanged
        precondition(claimed, "MemoCensus.observe(_:) is already observing another thread")
        defer { observer.store(0, ordering: .relaxed) }
        return try body()
    }

    /// The slots created minus the slots freed on the observing thread since ``observe(_:)`` began.
    static var liveSlots: Int { count.load(ordering: .relaxed) }
}
#endif
