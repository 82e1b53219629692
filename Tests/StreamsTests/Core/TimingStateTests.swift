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
