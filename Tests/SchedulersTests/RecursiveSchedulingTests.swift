import Dispatch
import Foundation
import Schedulers
import Testing
import TestSupport

@Suite("scheduleRecursively")
struct RecursiveSchedulingTests {
    @Test("a million reschedules on ImmediateScheduler run in constant stack, exactly a million times", .offCooperativePool)
    func millionOnImmediateScheduler() {
        let scheduler = ImmediateScheduler()
        var runs = 0
        scheduler.scheduleRecursively { reschedule in
            runs += 1
            if runs < 1_000_000 { reschedule() }
        }
        // Nesting a million frames would have crashed; every run happened before the call returned.
        #expect(runs == 1_000_000)
    }

    @Test("without reschedule the action runs once")
    func runsOnceWithoutReschedule() {
        var runs = 0
        let disposable = ImmediateScheduler().scheduleRecursively { _ in runs += 1 }
        #expect(runs == 1)
        #expect(!disposable.isDisposed)
    }

    @Test("calling reschedule several times during one run asks for one more run")
    func rescheduleTwiceIsOneRun() {
        var runs = 0
        ImmediateScheduler().scheduleRecursively { reschedule in
            runs += 1
            if runs < 3 {
                reschedule()
                reschedule()
                reschedule()
            }
        }
        #expect(runs == 3)
    }

    @Test("runs are sequential, never nested: each run returns before the next starts")
    func runsAreNotNested() {
        var depth = 0
        var maxDepth = 0
        var runs = 0
        ImmediateScheduler().scheduleRecursively { reschedule in
            depth += 1
            maxDepth = max(maxDepth, depth)
            runs += 1
            if runs < 100 { reschedule() }
            depth -= 1
        }
        #expect(runs == 100)
        #expect(maxDepth == 1)
    }

    @Test("on a TestScheduler nothing runs before the first advance, and reschedules run in that advance")
    func onTestScheduler() {
        let scheduler = TestScheduler()
        var runs: [Double] = []
        let disposable = scheduler.scheduleRecursively { reschedule in
            runs.append(scheduler.currentDate.timeIntervalSinceReferenceDate)
            if runs.count < 5 { reschedule() }
        }
        #expect(runs.isEmpty)
        // Each reschedule is due now, and work falling due during an advance runs in that advance.
        scheduler.advance()
        #expect(runs == [0, 0, 0, 0, 0])
        scheduler.run()
        #expect(runs.count == 5)
        #expect(!disposable.isDisposed)
    }

    @Test("on a TestScheduler each reschedule is a separate scheduled action, after work already due")
    func reschedulesQueueBehindOtherWork() {
        let scheduler = TestScheduler()
        var log: [String] = []
        var runs = 0
        scheduler.scheduleRecursively { reschedule in
            runs += 1
            log.append("r\(runs)")
            if runs < 3 { reschedule() }
        }
        scheduler.schedule { log.append("other") }
        scheduler.advance()
        #expect(log == ["r1", "other", "r2", "r3"])
    }

    @Test("disposing on a TestScheduler stops further runs, even one already queued")
    func disposeOnTestScheduler() {
        let scheduler = TestScheduler()
        var runs = 0
        let disposable = scheduler.scheduleRecursively { reschedule in
            runs += 1
            reschedule()
        }
        // The recursion never ends by itself: this disposal, queued behind the first run and ahead
        // of the second, is what stops it.
        scheduler.schedule { disposable.dispose() }
        scheduler.advance()
        #expect(runs == 1)
        #expect(disposable.isDisposed)
        scheduler.advance(by: .seconds(10))
        scheduler.run()
        #expect(runs == 1)
    }

    @Test("disposing from inside the action stops the recursion on a TestScheduler")
    func disposeFromInsideOnTestScheduler() {
        let scheduler = TestScheduler()
        var runs = 0
        let handle = Shared<Disposable?>(nil)
        handle.modify {
            $0 = scheduler.scheduleRecursively { reschedule in
                runs += 1
                reschedule()
                if runs == 4 { handle.value?.dispose() }
            }
        }
        scheduler.advance()
        #expect(runs == 4)
        scheduler.run()
        #expect(runs == 4)
    }

    @Test("works on a QueueScheduler: every run on the queue, one after the other")
    func onQueueScheduler() {
        let scheduler = QueueScheduler(name: "RecursiveSchedulingTests.queue")
        let key = DispatchSpecificKey<Int>()
        scheduler.queue.setSpecific(key: key, value: 1)
        let runs = Shared(0)
        let offQueue = Shared(0)
        let done = DispatchSemaphore(value: 0)
        scheduler.scheduleRecursively { reschedule in
            if DispatchQueue.getSpecific(key: key) != 1 { offQueue.increment() }
            if runs.increment() < 10_000 {
                reschedule()
            } else {
                done.signal()
            }
        }
        #expect(done.wait(seconds: 10))
        scheduler.queue.sync {}
        #expect(runs.value == 10_000)
        #expect(offQueue.value == 0)
    }

    @Test("the recursion survives a first run that reschedules before schedule has returned to the caller")
    func firstRunBeforeScheduleReturns() {
        // Models a caller preempted right after enqueuing: the queue runs the first action, which
        // reschedules, before the caller's `schedule` call has returned its disposable.
        let scheduler = CallerPreemptingScheduler()
        let runs = Shared(0)
        let done = DispatchSemaphore(value: 0)
        scheduler.scheduleRecursively { reschedule in
            if runs.increment() < 5 { reschedule() } else { done.signal() }
        }
        // Only now, with scheduleRecursively returned, may the queue go on to the second run.
        scheduler.releaseQueue()
        #expect(done.wait(seconds: 2))
        scheduler.queue.sync {}
        #expect(runs.value == 5)
    }

    @Test("disposing stops a recursion running on a QueueScheduler")
    func disposeOnQueueScheduler() {
        let scheduler = QueueScheduler(name: "RecursiveSchedulingTests.queueDispose")
        let runs = Shared(0)
        let started = DispatchSemaphore(value: 0)
        let disposable = scheduler.scheduleRecursively { reschedule in
            if runs.increment() == 100 { started.signal() }
            reschedule()
        }
        #expect(started.wait(seconds: 10))
        disposable.dispose()
        #expect(disposable.isDisposed)
        scheduler.queue.sync {}
        let atDisposal = runs.value
        // A recursion still going would have queued its next run before this block: the queue
        // is serial, so that run would come first.
        scheduler.queue.sync {}
        #expect(runs.value == atDisposal)
    }

    @Test("disposing before the first run on a QueueScheduler means the action never runs")
    func disposeBeforeFirstRun() {
        let scheduler = QueueScheduler(name: "RecursiveSchedulingTests.early")
        let runs = Shared(0)
        let gate = DispatchSemaphore(value: 0)
        scheduler.schedule { _ = gate.wait(seconds: 10) }
        let disposable = scheduler.scheduleRecursively { _ in runs.increment() }
        disposable.dispose()
        gate.signal()
        scheduler.queue.sync {}
        #expect(runs.value == 0)
    }

    @Test("the action's captures are released as soon as the recursion is disposed")
    func capturesReleasedOnDispose() {
        let scheduler = TestScheduler()
        weak var weakTracked: Tracked?
        let disposable: Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            disposable = scheduler.scheduleRecursively { _ in tracked.hits += 1 }
        }
        #expect(weakTracked != nil)
        // The first run is still queued on the scheduler; disposing must not wait for it.
        disposable.dispose()
        #expect(weakTracked == nil)
        scheduler.run()
        #expect(weakTracked == nil)
    }

    @Test("the action's captures are released once the recursion ends on its own")
    func capturesReleasedAfterCompletion() {
        weak var weakTracked: Tracked?
        let scheduler = TestScheduler()
        do {
            let tracked = Tracked()
            weakTracked = tracked
            scheduler.scheduleRecursively { reschedule in
                tracked.hits += 1
                if tracked.hits < 3 { reschedule() }
            }
        }
        #expect(weakTracked != nil)
        scheduler.run()
        #expect(weakTracked == nil)

        do {
            let tracked = Tracked()
            weakTracked = tracked
            ImmediateScheduler().scheduleRecursively { reschedule in
                tracked.hits += 1
                if tracked.hits < 3 { reschedule() }
            }
        }
        #expect(weakTracked == nil)
    }

    @Test("the captures of a recursion on a QueueScheduler are released after disposal")
    func capturesReleasedOnQueueScheduler() {
        let scheduler = QueueScheduler(name: "RecursiveSchedulingTests.release")
        weak var weakTracked: Tracked?
        let started = DispatchSemaphore(value: 0)
        let disposable: Disposable
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let count = Shared(0)
            disposable = scheduler.scheduleRecursively { reschedule in
                _ = tracked
                if count.increment() == 10 { started.signal() }
                reschedule()
            }
        }
        #expect(started.wait(seconds: 10))
        disposable.dispose()
        scheduler.queue.sync {}
        #expect(weakTracked == nil)
    }

    @Test("reschedule called after the run has returned still schedules one more run")
    func rescheduleCalledLater() {
        let scheduler = TestScheduler()
        var runs = 0
        let saved = Shared<(() -> Void)?>(nil)
        let disposable = scheduler.scheduleRecursively { reschedule in
            runs += 1
            // Ask again later, for example from a completion callback, instead of during the run.
            saved.modify { $0 = reschedule }
        }
        scheduler.advance()
        #expect(runs == 1)

        saved.value?()
        scheduler.advance()
        #expect(runs == 2)
        disposable.dispose()
    }

    @Test("two calls to reschedule outside a run ask for two more runs")
    func twoLateReschedules() {
        let scheduler = TestScheduler()
        var runs = 0
        let saved = Shared<(() -> Void)?>(nil)
        let disposable = scheduler.scheduleRecursively { reschedule in
            runs += 1
            saved.modify { $0 = reschedule }
        }
        scheduler.advance()
        #expect(runs == 1)

        saved.value?()
        saved.value?()
        scheduler.advance()
        #expect(runs == 3)
        disposable.dispose()
    }

    @Test("works on QueueScheduler.main, which never runs inline")
    func onMainQueueScheduler() async {
        let runs = Shared(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            QueueScheduler.main.scheduleRecursively { reschedule in
                if runs.increment() < 50 { reschedule() } else { continuation.resume() }
            }
        }
        #expect(runs.value == 50)
    }
}

/// A serial-queue scheduler whose first `schedule` call returns only after the action has run,
/// as if the calling thread had been preempted between enqueuing and returning. The queue then
/// waits for `releaseQueue()` before running anything else.
private final class CallerPreemptingScheduler: Scheduler, @unchecked Sendable {
    let queue = DispatchQueue(label: "RecursiveSchedulingTests.preempting")
    private let calls = Shared(0)
    private let gate = DispatchSemaphore(value: 0)

    func releaseQueue() { gate.signal() }

    func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let disposable = AnyDisposable()
        let work = UncheckedAction(action)
        guard calls.increment() == 1 else {
            queue.async { if !disposable.isDisposed { work.action() } }
            return disposable
        }
        let finished = DispatchSemaphore(value: 0)
        let gate = self.gate
        queue.async {
            if !disposable.isDisposed { work.action() }
            finished.signal()
            _ = gate.wait(seconds: 10)
        }
        _ = finished.wait(seconds: 10)
        return disposable
    }
}

private struct UncheckedAction: @unchecked Sendable {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
}
