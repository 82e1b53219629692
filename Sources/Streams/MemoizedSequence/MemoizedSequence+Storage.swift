import Dispatch
import Synchronization

// The storage of a MemoizedSequence: a singly linked list of nodes, each computed at most once.
//
// A *slot* is a position in the list: the rest of the sequence from there. It is unevaluated
// (it holds the step that computes the rest), being evaluated (by one thread, whose id it
// records), or evaluated (the node of its first value, or `nil` at the end). A *node* is a value
// together with the slot after it, so that a node is itself the slot of the rest of the sequence:
// one object per value.
//
// A *step* is the state of a source or an operator (an iterator, a closure and the reader of its
// source) at the frontier of its sequence. It lives in one object per sequence (`MemoStepBox`),
// which the sequence's one unevaluated slot holds: evaluating the slot computes a node and moves
// the step object to that node's slot, mutated in place. A value memoized therefore costs one
// allocation, its node.
//
// Reading an evaluated slot is one acquiring atomic load. The first thread to read an unevaluated
// slot claims it with a compare-and-exchange, runs the step outside any lock, stores the node and
// publishes it with a releasing exchange. A thread that finds the slot being evaluated by another
// thread parks on a semaphore of its own, registered in a table shared by all slots and touched
// only on contention; the evaluating thread wakes it after publishing. A thread that finds the
// slot being evaluated by itself has met a value that depends on itself, and stops.
//
// Streaming. Values are read through a `MemoReader`: the iterator's, and the one each operator's
// step reads its source with. When the reader holds the only reference to an unevaluated slot
// (`isKnownUniquelyReferenced`, then an acquiring fence), nothing else can ever read the values
// from there: the reader asks the slot's step for the next value (`advance`) and makes no node.
// The slot stays unevaluated and keeps standing for the rest of the sequence. A reader inside a
// step is never copied, so its slot stays its own to the end; an iterator can be copied, so it
// checks before each value, and once anything else holds its slot, or has evaluated it, it reads
// nodes from there. In a chain that nothing else holds every stage streams, with no allocation
// per value; where a stage is shared, that stage is memoized, and the stages that only it reads
// stream into it. The benchmark W9 (a million values through `map` and `filter`, summed by
// iteration) streams every stage; kept in a variable and iterated twice, it keeps the values of
// the `filter` stage only, one node each.
//
// The code that computes values (the steps, the readers) is `@inlinable`, so that it is
// specialized for the client's value types. A step object's two entry points (`evaluate`,
// `advance`) are closures made in specialized code and stored in its base class: a call through
// them runs the specialized step, where a method of a generic class, or a witness of a generic
// type's conformance, would run unspecialized code. `advance` passes the value through an
// `inout` parameter, passed by address at any abstraction, so that the stored closure needs no
// reabstraction thunk. Apart from the value itself, the slot classes store nothing whose layout
// depends on the value type (the step object is a reference), so that releasing a node, which
// runs unspecialized code, needs no type metadata lookup; a step object, released once per
// sequence, holds the step's state, whose layout does depend on it.

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
    /// The step of an unevaluated slot, which computes the rest of the sequence from here.
    ///
    /// Taken, once, by the evaluating thread; or advanced in place by a ``MemoReader`` that holds
    /// the only reference to the slot.
    @usableFromInline @exclusivity(unchecked) final var step: AnyMemoStep<Value>?

    /// An unevaluated slot, computed by `step`.
    @inlinable
    init(step: AnyMemoStep<Value>) {
        self.step = step
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

    /// Whether the slot is unevaluated, for a reader that holds the only reference to it, after
    /// the fence that makes the last other holder's writes visible (see ``MemoReader/next()``):
    /// then nobody else evaluates it meanwhile, and its step is there.
    @inlinable
    final var isUnevaluated: Bool {
        phase.load(ordering: .relaxed) == MemoSlotPhase.unevaluated
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
                guard let step else {
                    preconditionFailure("MemoizedSequence: internal error, a value was computed twice")
                }
                self.step = nil
                let result: MemoSlotBase? = step.evaluate(step)
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

/// A value of a ``MemoizedSequence`` and, being a slot, the rest of the sequence after it.
@usableFromInline
final class MemoNode<Value>: MemoSlot<Value>, @unchecked Sendable {
    /// The value.
    @usableFromInline let value: Value

    /// `value`, followed by the unevaluated slot computed by `step`.
    @inlinable
    init(_ value: Value, step: AnyMemoStep<Value>) {
        self.value = value
        super.init(step: step)
    }

    /// `value`, followed by `next` (`nil` for the end), already evaluated.
    @inlinable
    init(_ value: Value, next: MemoNode<Value>?) {
        self.value = value
        super.init(evaluated: next)
    }
}

/// The state of a source or an operator at the frontier of its sequence, type-erased: one object
/// per sequence, held by the sequence's one unevaluated slot, and moved to the slot of each node
/// it computes.
///
/// Its two entry points are closures made by ``MemoStepBox`` in specialized code: a call through
/// them runs the step specialized for the client's types, where a method of a generic class (or a
/// witness of a generic type's conformance) would run unspecialized code.
@usableFromInline
class AnyMemoStep<Value> {
    /// Computes the first node of the slot that held this step (its argument): `nil` for the
    /// end. A node followed by more values holds this step, advanced, as the step of its slot.
    @usableFromInline final let evaluate: (AnyMemoStep<Value>) -> MemoNode<Value>?
    /// Stores the next value into its second argument, computing no node; `nil` for the end,
    /// after which it is not called again.
    ///
    /// The value goes through an `inout` parameter, which is passed by address at any
    /// abstraction, so that the closure stored here needs no reabstraction thunk around it.
    @usableFromInline final let advance: (AnyMemoStep<Value>, inout Value?) -> Void

    @inlinable
    init(
        evaluate: @escaping (AnyMemoStep<Value>) -> MemoNode<Value>?,
        advance: @escaping (AnyMemoStep<Value>, inout Value?) -> Void
    ) {
        self.evaluate = evaluate
        self.advance = advance
    }

    /// Stores the next value into `value` (see ``advance``).
    @inlinable @inline(__always)
    final func advanceInPlace(_ value: inout Value?) {
        advance(self, &value)
    }
}

/// The object that holds a step's state, in place: evaluating and advancing mutate it.
@usableFromInline
final class MemoStepBox<Step: MemoStep>: AnyMemoStep<Step.Value> {
    /// Touched by one thread at a time: the one evaluating the slot that holds this object, or
    /// the reader that holds that slot alone.
    @usableFromInline @exclusivity(unchecked) final var step: Step

    @inlinable
    init(_ step: Step) {
        self.step = step
        super.init(
            evaluate: { box in
                let box = unsafeDowncast(box, to: MemoStepBox<Step>.self)
                return box.step.evaluate(continuingIn: box)
            },
            advance: { box, value in
                value = unsafeDowncast(box, to: MemoStepBox<Step>.self).step.nextValue()
            }
        )
    }
}

/// How a source or an operator computes the rest of its sequence from one position.
///
/// A step lives in a ``MemoStepBox``, held by the sequence's unevaluated slot. It computes values
/// in two ways: ``evaluate(continuingIn:)`` makes the node of the slot, which is kept (memoized),
/// and ``nextValue()`` gives the next value and makes nothing (streaming), for a reader that holds
/// the slot alone. The two may alternate: both consume the same state. Steps loop over their
/// source instead of recursing, and read it through a ``MemoReader``, which streams the source
/// when nothing else holds it.
@usableFromInline
protocol MemoStep<Value> {
    associatedtype Value

    /// The first node of the slot that holds `box`, the object this step is stored in: `nil` for
    /// the end. A node followed by more values takes `box` as the step of its slot.
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>?

    /// The next value, without making a node; `nil` for the end.
    mutating func nextValue() -> Value?
}

extension MemoStep {
    /// The next value, in a node followed by the rest of this step.
    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        guard let value = nextValue() else { return nil }
        return MemoNode(value, step: box)
    }

    /// This step, in its object.
    @inlinable
    var box: AnyMemoStep<Value> {
        MemoStepBox(self)
    }

    /// The unevaluated slot computed by this step.
    @inlinable
    var slot: MemoSlot<Value> {
        MemoSlot(step: box)
    }
}

/// Reads a sequence from a position, in order: an iterator, or an operator's step reading its
/// source.
///
/// `position` always stands for the rest of the sequence. While the reader holds the only
/// reference to it and it is unevaluated, nothing else can ever read those values: the reader
/// advances the slot's step in place and makes no node (streaming). Otherwise it reads the
/// slot's node, computing it if needed (memoized), and moves to the next slot, letting go of the
/// one it passed.
@usableFromInline
struct MemoReader<Value> {
    /// The rest of the sequence; `nil` once read to the end, or closed.
    @usableFromInline var position: MemoSlot<Value>?
    /// The step of `position`, while the reader streams it; `nil` while it reads nodes.
    ///
    /// Set once the reader has found `position` unevaluated and held by it alone; a reader
    /// inside a step then streams to the end, an iterator checks again before each value
    /// (``checkStream()``).
    @usableFromInline var stream: AnyMemoStep<Value>?

    @inlinable
    init(_ position: MemoSlot<Value>?) {
        self.position = position
    }

    /// The next value; `nil` at the end, and after.
    @inlinable
    mutating func next() -> Value? {
        if stream == nil {
            guard isKnownUniquelyReferenced(&position) else { return nextNode() }
            // The uniqueness check reads the reference count without ordering: the fence orders
            // it before the reads below, so that what the last other holder did before letting
            // go of the slot (evaluating it, for one) is seen. Nobody can take a new reference
            // meanwhile: only this reader has one to copy.
            atomicMemoryFence(ordering: .acquiring)
            guard position.unsafelyUnwrapped.isUnevaluated else { return nextNode() }
            stream = position.unsafelyUnwrapped.step
        }
        var value: Value? = nil
        // Through the step's final method, whose `self` the compiler borrows: called through an
        // `unowned(unsafe)` reference instead, the `advance` closure's context is retained and
        // released around every value (W9 runs twice the instructions).
        stream.unsafelyUnwrapped.advanceInPlace(&value)
        if value == nil {
            stream = nil
            position = nil
        }
        return value
    }

    /// The next value, read from the node of `position`, computed if needed.
    @inlinable
    mutating func nextNode() -> Value? {
        guard let node = position?.content else {
            position = nil
            return nil
        }
        let value = node.value
        position = consume node
        return value
    }

    /// Stops streaming if anything else has come to hold the position, or evaluated it: for an
    /// iterator, whose copies share its position. (A reader inside a step is never copied: the
    /// slot it streams stays its own.)
    @inlinable
    mutating func checkStream() {
        guard stream != nil else { return }
        if isKnownUniquelyReferenced(&position) {
            atomicMemoryFence(ordering: .acquiring)
            if position.unsafelyUnwrapped.isUnevaluated { return }
        }
        stream = nil
    }

    /// Lets go of the rest of the sequence: ``next()`` returns `nil` from now on.
    @inlinable
    mutating func close() {
        position = nil
        stream = nil
    }

    /// This reader, moved out; this one is closed.
    @inlinable
    mutating func take() -> MemoReader<Value> {
        defer {
            position = nil
            stream = nil
        }
        return self
    }
}

/// A step that takes its values from an iterator; the iterator lives in the step's object, so
/// it is called once per value, in order.
@usableFromInline
struct IteratorStep<Base: IteratorProtocol>: MemoStep {
    @usableFromInline var base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
    }

    @inlinable
    mutating func nextValue() -> Base.Element? {
        base.next()
    }
}

/// The rest of a sequence from a reader's position: evaluating gives the source's own node,
/// shared; streaming passes the source's values through.
@usableFromInline
struct ForwardStep<Value>: MemoStep {
    @usableFromInline var source: MemoReader<Value>

    @inlinable
    init(_ source: MemoReader<Value>) {
        self.source = source
    }

    @inlinable
    mutating func evaluate(continuingIn box: AnyMemoStep<Value>) -> MemoNode<Value>? {
        source.position?.content
    }

    @inlinable
    mutating func nextValue() -> Value? {
        source.next()
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
