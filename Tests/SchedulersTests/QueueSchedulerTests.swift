import Dispatch
import Foundation
import Schedulers
import Testing
import TestSupport

/// Marks a queue so that an action can check it is running on it (or on a queue targeting it).
private func mark(_ queue: DispatchQueue) -> DispatchSpecificKey<Int> {
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 42)
    return key
}

/// Waits for whatever is already on `scheduler`'s queue to finish.
private func drain(_ scheduler: QueueScheduler) {
    scheduler.queue.sync {}
}

@Suite("QueueScheduler")
struct QueueSchedulerTests {
    @Test("runs 1000 actions on its queue, in the order they were scheduled")
    func runsInOrderOnQueue() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.order")
        let key = mark(scheduler.queue)
        let log = Shared<[Int]>([])
        let offQueue = Shared(0)
        let done = DispatchSemaphore(value: 0)
        for i in 0..<1_000 {
            scheduler.schedule {
                if DispatchQueue.getSpecific(key: key) != 42 { offQueue.increment() }
                log.append(i)
                if i == 999 { done.signal() }
            }
        }
        #expect(done.wait(seconds: 10))
        #expect(log.value == Array(0..<1_000))
        #expect(offQueue.value == 0)
    }

    @Test("schedule does not run the action inline")
    func notInline() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.notInline")
        let ran = Shared(false)
        scheduler.queue.sync {
            // The queue is busy with this block, so nothing scheduled now can have run yet.
            scheduler.schedule { ran.modify { $0 = true } }
            #expect(!ran.value)
        }
        drain(scheduler)
        #expect(ran.value)
    }

    @Test("an action disposed before it starts never runs")
    func disposedActionDoesNotRun() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.dispose")
        let log = Shared<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        // Hold the queue so the next actions are still waiting when they are disposed.
        scheduler.schedule { _ = gate.wait(seconds: 10) }
        let first = scheduler.schedule { log.append(1) }
        let second = scheduler.schedule { log.append(2) }
        let third = scheduler.schedule { log.append(3) }
        #expect(first != nil && second != nil && third != nil)
        second?.dispose()
        #expect(second?.isDisposed == true)
        gate.signal()
        drain(scheduler)
        #expect(log.value == [1, 3])
    }

    @Test("schedule(after:) runs on the queue at or after the date")
    func scheduleAfterDate() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.after")
        let key = mark(scheduler.queue)
        let fired = Shared<(date: Date, onQueue: Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let start = scheduler.currentDate
        let due = start.addingTimeInterval(0.05)
        scheduler.schedule(after: due) {
            fired.modify { $0 = (Date(), DispatchQueue.getSpecific(key: key) == 42) }
            done.signal()
        }
        #expect(fired.value == nil)
        #expect(done.wait(seconds: 10))
        let result = fired.value
        // Wall-clock timers never fire early; allow a millisecond for Date/timespec rounding.
        #expect(result.map { $0.date >= due.addingTimeInterval(-0.001) } == true)
        #expect(result?.onQueue == true)
    }

    @Test("schedule(after:) actions run in due-date order, not scheduling order")
    func scheduleAfterOrder() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.afterOrder")
        let log = Shared<[Int]>([])
        let group = DispatchGroup()
        let now = Date()
        for (label, delay) in [(3, 0.09), (1, 0.03), (2, 0.06)] {
            group.enter()
            scheduler.schedule(after: now.addingTimeInterval(delay)) {
                log.append(label)
                group.leave()
            }
        }
        #expect(group.wait(seconds: 10))
        #expect(log.value == [1, 2, 3])
    }

    @Test("a timed action disposed before its date never runs")
    func disposedTimedActionDoesNotRun() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.afterDispose")
        // The disposal must happen before the date for the test to mean anything: on a loaded
        // machine this thread may be descheduled past a short delay, so the delay grows until
        // the disposal is seen to come first.
        var delay = 0.03
        for _ in 0..<6 {
            let ran = Shared(false)
            let due = Date().addingTimeInterval(delay)
            let cancelled = scheduler.schedule(after: due) { ran.modify { $0 = true } }
            cancelled?.dispose()
            guard Date() < due else {
                delay *= 4
                continue
            }
            #expect(cancelled?.isDisposed == true)
            // A later action on the same serial queue: once it ran, the disposed one's date has
            // passed.
            let done = DispatchSemaphore(value: 0)
            scheduler.schedule(after: due.addingTimeInterval(0.05)) { done.signal() }
            #expect(done.wait(seconds: 10))
            #expect(!ran.value)
            return
        }
        Issue.record("the action could never be disposed before its date, even \(delay) s ahead")
    }

    @Test("schedule(after:) with a date in the past runs soon")
    func pastDate() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.past")
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: Date().addingTimeInterval(-60)) { done.signal() }
        #expect(done.wait(seconds: 10))
    }

    @Test("a repeating timer fires several times, each not before its slot, and stops once disposed")
    func repeatingTimer() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.timer")
        let key = mark(scheduler.queue)
        let fires = Shared<[Date]>([])
        let offQueue = Shared(0)
        let thirdFire = DispatchSemaphore(value: 0)
        let interval = 0.02
        let start = Date().addingTimeInterval(interval)
        let timer = scheduler.schedule(after: start, interval: .milliseconds(20)) {
            if DispatchQueue.getSpecific(key: key) != 42 { offQueue.increment() }
            let count = fires.modify { $0.append(Date()); return $0.count }
            if count == 3 { thirdFire.signal() }
        }
        #expect(timer != nil)
        #expect(thirdFire.wait(seconds: 10))
        timer?.dispose()
        #expect(timer?.isDisposed == true)
        drain(scheduler)
        let countAtDisposal = fires.value.count
        #expect(countAtDisposal >= 3)

        // An action due five periods later, on the same serial queue: once it has run, a live
        // timer would have fired in between.
        let later = DispatchSemaphore(value: 0)
        scheduler.schedule(after: Date().addingTimeInterval(interval * 5)) { later.signal() }
        #expect(later.wait(seconds: 10))
        drain(scheduler)
        #expect(fires.value.count == countAtDisposal)
        #expect(offQueue.value == 0)
        for (k, date) in fires.value.enumerated() {
            #expect(date >= start.addingTimeInterval(Double(k) * interval - 0.001))
        }
    }

    @Test("a repeating timer with explicit leeway fires and can be disposed from its own action")
    func repeatingTimerDisposedFromInside() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.timerInside")
        let count = Shared(0)
        let handle = Shared<Disposable?>(nil)
        let stopped = DispatchSemaphore(value: 0)
        // The first fire is far enough out that the handle is stored before it, even on a loaded
        // machine.
        let timer = scheduler.schedule(after: Date().addingTimeInterval(0.5), interval: .milliseconds(10),
                                       leeway: .milliseconds(1)) {
            if count.increment() == 4 {
                handle.value?.dispose()
                stopped.signal()
            }
        }
        handle.modify { $0 = timer }
        #expect(stopped.wait(seconds: 10))
        // An action due after six more periods, on the same serial queue: once it has run, a
        // timer still going would have fired in between.
        let later = DispatchSemaphore(value: 0)
        scheduler.schedule(after: Date().addingTimeInterval(0.06)) { later.signal() }
        #expect(later.wait(seconds: 10))
        drain(scheduler)
        #expect(count.value == 4)
    }

    @Test("a repeating timer releases its action once disposed")
    func timerReleasesAction() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.timerRelease")
        weak var weakTracked: Tracked?
        var timer: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            timer = scheduler.schedule(after: Date().addingTimeInterval(60), interval: .seconds(1)) {
                tracked.hits += 1
            }
        }
        #expect(weakTracked != nil)
        timer?.dispose()
        // libdispatch drops a cancelled source's handler asynchronously, on the source's queue.
        #expect(eventually { drain(scheduler); return weakTracked == nil })
    }

    @Test("a repeating timer keeps firing when the caller drops its disposable, while the scheduler lives")
    func timerOutlivesDroppedDisposable() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.timerDropped")
        let fires = Shared(0)
        let fifth = DispatchSemaphore(value: 0)
        do {
            // The disposable is dropped at once.
            _ = scheduler.schedule(after: Date(), interval: .milliseconds(2), leeway: .nanoseconds(0)) {
                if fires.increment() == 5 { fifth.signal() }
            }
        }
        #expect(fifth.wait(timeout: .now() + 20) == .success)
        withExtendedLifetime(scheduler) {}
    }

    @Test("a repeating timer stops, and releases its action, when its scheduler deinitializes")
    func timerStopsWithScheduler() {
        weak var weakTracked: Tracked?
        weak var weakScheduler: QueueScheduler?
        let firstFire = DispatchSemaphore(value: 0)
        var queue: DispatchQueue?
        do {
            let scheduler = QueueScheduler(name: "QueueSchedulerTests.timerScheduler")
            weakScheduler = scheduler
            queue = scheduler.queue
            let tracked = Tracked()
            weakTracked = tracked
            _ = scheduler.schedule(after: Date(), interval: .milliseconds(2), leeway: .nanoseconds(0)) {
                tracked.hits += 1
                if tracked.hits == 1 { firstFire.signal() }
            }
            #expect(firstFire.wait(timeout: .now() + 20) == .success)
        }
        #expect(weakScheduler == nil)
        // libdispatch drops a cancelled source's handler asynchronously, on the source's queue.
        #expect(eventually { queue?.sync {}; return weakTracked == nil })
    }

    @Test("a timed action's captures are released when it is disposed, not at its date")
    func timedActionReleasedOnDispose() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.afterRelease")
        weak var weakTracked: Tracked?
        var cancelled: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            cancelled = scheduler.schedule(after: Date().addingTimeInterval(60)) { tracked.hits += 1 }
        }
        #expect(weakTracked != nil)
        cancelled?.dispose()
        // Generous: the deadline is a minute away, so only a release on disposal passes.
        #expect(eventually(within: 1) { drain(scheduler); return weakTracked == nil })
    }

    @Test("timer(interval:) yields wall-clock dates, one per interval, until iteration stops")
    func asyncTimer() async {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.asyncTimer")
        let start = Date()
        var dates: [Date] = []
        for await date in scheduler.timer(interval: .milliseconds(10)) {
            dates.append(date)
            if dates.count == 3 { break }
        }
        #expect(dates.count == 3)
        #expect(dates == dates.sorted())
        #expect(dates.first.map { $0 >= start.addingTimeInterval(0.009) } == true)
    }

    @Test("timer(interval:) keeps working when the scheduler itself is not retained by the caller",
          .timeLimit(.minutes(5)), .offCooperativePool)
    func asyncTimerOnTemporaryScheduler() async {
        // The stream is the only thing the caller keeps; the scheduler must outlive it. A timer
        // that stopped with its scheduler would never tick again and hit the time limit.
        var count = 0
        for await _ in QueueScheduler(name: "QueueSchedulerTests.temporary").timer(interval: .milliseconds(10)) {
            count += 1
            if count == 3 { break }
        }
        #expect(count == 3)
    }

    @Test("the DateScheduler schedule(after: DispatchTimeInterval, interval:) extension starts after the delay")
    func delayedRepeatingExtension() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.delayExtension")
        let firstFire = Shared<Date?>(nil)
        let fired = DispatchSemaphore(value: 0)
        let start = Date()
        let timer = scheduler.schedule(after: .milliseconds(50), interval: .seconds(10)) {
            firstFire.modify { $0 = $0 ?? Date() }
            fired.signal()
        }
        #expect(fired.wait(seconds: 10))
        timer?.dispose()
        #expect(firstFire.value.map { $0 >= start.addingTimeInterval(0.049) } == true)
    }

    @Test("init(qos:name:targeting:) creates a serial queue with that label and target")
    func initWithQoS() {
        let target = DispatchQueue(label: "QueueSchedulerTests.target")
        let targetKey = mark(target)
        let scheduler = QueueScheduler(qos: .userInitiated, name: "QueueSchedulerTests.qos", targeting: target)
        #expect(scheduler.queue.label == "QueueSchedulerTests.qos")
        #expect(scheduler.queue.qos == .userInitiated)
        let onTarget = Shared(false)
        scheduler.schedule { onTarget.modify { $0 = DispatchQueue.getSpecific(key: targetKey) == 42 } }
        drain(scheduler)
        #expect(onTarget.value)

        let defaults = QueueScheduler()
        #expect(defaults.queue.label == "Streams.QueueScheduler")
        let ran = Shared(false)
        defaults.schedule { ran.modify { $0 = true } }
        drain(defaults)
        #expect(ran.value)
    }

    @Test("init(queue:name:) serializes actions even when targeting a concurrent queue")
    func initTargetingConcurrentQueue() {
        let concurrent = DispatchQueue(label: "QueueSchedulerTests.concurrent", attributes: .concurrent)
        let targetKey = mark(concurrent)
        let scheduler = QueueScheduler(queue: concurrent, name: "QueueSchedulerTests.serialized")
        #expect(scheduler.queue.label == "QueueSchedulerTests.serialized")
        #expect(scheduler.queue !== concurrent)

        let inFlight = Shared(0)
        let maxInFlight = Shared(0)
        let log = Shared<[Int]>([])
        let offTarget = Shared(0)
        let group = DispatchGroup()
        for i in 0..<200 {
            group.enter()
            scheduler.schedule {
                let now = inFlight.increment()
                maxInFlight.modify { $0 = max($0, now) }
                if DispatchQueue.getSpecific(key: targetKey) != 42 { offTarget.increment() }
                if i % 20 == 0 { Thread.sleep(forTimeInterval: 0.001) }
                log.append(i)
                inFlight.modify { $0 -= 1 }
                group.leave()
            }
        }
        #expect(group.wait(seconds: 10))
        #expect(maxInFlight.value == 1)
        #expect(log.value == Array(0..<200))
        #expect(offTarget.value == 0)
        #expect(QueueScheduler(queue: concurrent).queue.label == "Streams.QueueScheduler")
    }

    @Test("currentDate is the wall clock")
    func currentDateIsWallClock() {
        let scheduler = QueueScheduler(name: "QueueSchedulerTests.date")
        let before = Date()
        let now = scheduler.currentDate
        let after = Date()
        #expect(now >= before && now <= after)
    }

    @Test("QueueScheduler.main runs on the main queue and never inline")
    func mainScheduler() async {
        let mainKey = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainKey, value: 7)
        #expect(QueueScheduler.main.queue.label == DispatchQueue.main.label)
        let (ranInline, onMainQueue) = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, Bool), Never>) in
            DispatchQueue.main.async {
                var returned = false
                QueueScheduler.main.schedule {
                    continuation.resume(returning: (!returned, DispatchQueue.getSpecific(key: mainKey) == 7))
                }
                returned = true
            }
        }
        #expect(!ranInline)
        #expect(onMainQueue)
    }

    @Test("a non-positive repeat interval is a precondition failure naming the operator")
    func nonPositiveIntervalTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = QueueScheduler(name: "QueueSchedulerTests.precondition")
            _ = scheduler.schedule(after: Date(), interval: .seconds(0)) {}
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("QueueScheduler.schedule(after:interval:leeway:action:) needs an interval > 0"))

        await #expect(processExitsWith: .failure) {
            _ = QueueScheduler().schedule(after: Date(), interval: .milliseconds(-5), leeway: .seconds(0)) {}
        }
    }
}
