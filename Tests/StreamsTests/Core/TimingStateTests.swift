import Foundation
import Testing
@testable import Streams

/// `TimingState`: the state and pending actions of one run of a timing operator, behind one lock.
@Suite("TimingState")
struct TimingStateTests {
    /// A scheduler that runs every action at once, inside `schedule`, and returns a disposable
    /// that counts its disposals.
    final class InlineScheduler: Scheduler, @unchecked Sendable {
        let disposals = TestCounter()
        func schedule(_ action: @escaping () -> Void) -> Disposable? {
            action()
            let disposals = self.disposals
            return AnyDisposable { disposals.increment() }
        }
    }

    @Test("an action runs once when the scheduler gets to it, and a cancelled one never runs")
    func runAndCancel() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let actions = ScheduledActions(until: lifetime)
        let ran = Locked<[String]>([])
        actions.schedule(on: scheduler) { ran.withLock { $0.append("first") } }
        let second = actions.schedule(on: scheduler) { ran.withLock { $0.append("second") } }
        actions.cancel(second)
        #expect(scheduler.nextDueDate != nil, "the first action is still queued")
        scheduler.run()
        #expect(ran.withLock { $0 } == ["first"])
        #expect(actions.withLock { $0.pending.isEmpty })
        withExtendedLifetime(token) {}
    }

    @Test("cancelling withdraws the action from the scheduler at once, releasing what it captured")
    func cancelReleases() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let actions = ScheduledActions(until: lifetime)
        weak var weakCapture: NSObject?
        var id: ScheduledActions.ID?
        do {
            let capture = NSObject()
            weakCapture = capture
            id = actions.schedule(on: scheduler, after: scheduler.currentDate.addingTimeInterval(5)) {
                withExtendedLifetime(capture) {}
            }
        }
        #expect(weakCapture != nil)
        actions.cancel(id)
        #expect(weakCapture == nil, "the scheduler's queue released the cancelled action")
        #expect(scheduler.nextDueDate == nil)
        withExtendedLifetime(token) {}
    }

    @Test("when the lifetime ends every pending action is cancelled and nothing more is reserved")
    func lifetimeEnd() {
        let scheduler = TestScheduler()
        let token = Lifetime.Token()
        let actions = ScheduledActions(until: Lifetime(token))
        let ran = TestCounter()
        actions.schedule(on: scheduler) { ran.increment() }
        actions.schedule(on: scheduler, after: scheduler.currentDate.addingTimeInterval(1)) { ran.increment() }
        token.dispose()
        #expect(scheduler.nextDueDate == nil, "both actions were withdrawn from the scheduler")
        #expect(actions.schedule(on: scheduler) { ran.increment() } == nil)
        #expect(actions.withLock { $0.reserve() } == nil)
        scheduler.run()
        #expect(ran.value == 0)
    }

    @Test("an action the scheduler runs inline is claimed once, and the disposable it returns is disposed")
    func inlineScheduler() {
        let scheduler = InlineScheduler()
        let (lifetime, token) = Lifetime.make()
        let run = TimingState(0, until: lifetime)
        let delivered = Locked<[Int]>([])
        let id = run.withLock { storage -> ScheduledActions.ID? in
            storage.state = 42
            return storage.reserve()
        }
        run.launch(id, on: scheduler, take: { state -> Int? in
            defer { state = 0 }
            return state
        }, deliver: { value in delivered.withLock { $0.append(value) } })
        #expect(delivered.withLock { $0 } == [42])
        #expect(scheduler.disposals.value == 1, "a stale disposable is disposed, not kept")
        #expect(run.withLock { $0.pending.isEmpty && $0.state == 0 })
        withExtendedLifetime(token) {}
    }

    @Test("claiming and taking are one step: an action withdrawn before it fires takes nothing")
    func claimAndTake() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let run = TimingState<Int?>(nil, until: lifetime)
        let delivered = Locked<[Int]>([])
        let deliver: (Int) -> Void = { value in delivered.withLock { $0.append(value) } }
        // Takes without clearing: a withdrawn action that fired anyway would deliver twice.
        let take: (inout Int?) -> Int? = { state in state }
        let first = run.withLock { storage -> ScheduledActions.ID? in
            storage.state = 1
            return storage.reserve()
        }
        run.launch(first, on: scheduler, take: take, deliver: deliver)
        // A second value withdraws the first delivery and reserves its own, in one step.
        let (withdrawn, second) = run.withLock { storage in
            storage.state = 2
            return (storage.cancel(first), storage.reserve())
        }
        withdrawn?.dispose()
        run.launch(second, on: scheduler, take: take, deliver: deliver)
        scheduler.run()
        #expect(delivered.withLock { $0 } == [2])
        #expect(run.withLock { $0.cancel(first) } == nil, "a withdrawn action cannot be withdrawn twice")
        withExtendedLifetime(token) {}
    }
}

/// `PendingActions`: the reserved actions of a `TimingState`, in identifier order.
@Suite("PendingActions")
struct PendingActionsTests {
    /// A disposable that counts its disposals.
    final class Counted: Disposable, @unchecked Sendable {
        var disposals = 0
        var isDisposed: Bool { disposals > 0 }
        func dispose() { disposals += 1 }
    }

    @Test("an action is found until it is removed, in any order, and only once")
    func removeInAnyOrder() {
        var pending = PendingActions()
        for id in UInt64(0)..<10 { pending.append(id) }
        for id: UInt64 in [3, 0, 9, 4, 1] {
            let first = pending.remove(id)
            let second = pending.remove(id)
            #expect(first?.id == id)
            #expect(second == nil, "\(id) removed twice")
        }
        #expect(pending.liveCount == 5)
        for id in UInt64(0)..<10 {
            #expect((pending.index(of: id) != nil) == [2, 5, 6, 7, 8].contains(id), "\(id)")
        }
        #expect(pending.index(of: 10) == nil)
        for id: UInt64 in [2, 5, 6, 7, 8] {
            let removed = pending.remove(id)
            #expect(removed != nil)
        }
        #expect(pending.isEmpty)
        #expect(pending.entries.isEmpty, "emptied with its last live action")
    }

    @Test("a disposable is kept only for a pending action, and disposeAll disposes the pending ones")
    func keepAndDisposeAll() {
        var pending = PendingActions()
        let kept = (0..<4).map { _ in Counted() }
        for id in UInt64(0)..<4 { pending.append(id) }
        for id in 0..<4 {
            let isKept = pending.keep(kept[id], for: UInt64(id))
            #expect(isKept)
        }
        let removed = pending.remove(1)
        #expect(removed?.disposable === kept[1])
        let keptAfterRemoval = pending.keep(Counted(), for: 1)
        #expect(!keptAfterRemoval, "a withdrawn action keeps nothing")
        pending.disposeAll()
        #expect(kept.map(\.disposals) == [1, 0, 1, 1])
    }

    @Test("actions removed in the order they were added leave the array within twice the pending ones")
    func boundedWhenRemovedInOrder() {
        var pending = PendingActions()
        var next: UInt64 = 0
        var oldest: UInt64 = 0
        for _ in 0..<100 {
            pending.append(next)
            next += 1
        }
        for round in 0..<10_000 {
            pending.append(next)
            next += 1
            let removed = pending.remove(oldest)
            #expect(removed != nil)
            oldest += 1
            if pending.entries.count > 2 * pending.liveCount + 16 {
                Issue.record("round \(round): \(pending.entries.count) entries for \(pending.liveCount) pending")
                return
            }
        }
        #expect(pending.liveCount == 100)
        #expect(pending.index(of: oldest) == pending.head, "the dead entries at the front are skipped")
        #expect(pending.index(of: oldest) != nil && pending.index(of: next - 1) != nil)
    }

    @Test("removing all but the oldest compacts the array and keeps the order")
    func compactionKeepsOrder() {
        var pending = PendingActions()
        for id in UInt64(0)..<100 { pending.append(id) }
        for id in Array(stride(from: UInt64(99), to: 0, by: -2)) + Array(stride(from: UInt64(98), to: 0, by: -2)) {
            let removed = pending.remove(id)
            #expect(removed != nil, "\(id)")
        }
        #expect(pending.liveCount == 1)
        #expect(pending.entries.count <= 17, "\(pending.entries.count) entries for 1 pending")
        #expect(pending.index(of: 0) == pending.head)
        pending.append(100)
        let newest = pending.remove(100)
        let oldest = pending.remove(0)
        #expect(newest != nil && oldest != nil)
        #expect(pending.isEmpty)
    }
}
