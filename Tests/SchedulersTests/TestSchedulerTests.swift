import Dispatch
import Foundation
import Schedulers
import Testing
import TestSupport

@Suite("TestScheduler")
struct TestSchedulerTests {
    @Test("starts at the reference date by default, or at the given start date")
    func startDate() {
        #expect(TestScheduler().currentDate == t(0))
        let start = Date(timeIntervalSince1970: 1_000_000)
        let scheduler = TestScheduler(startDate: start)
        #expect(scheduler.currentDate == start)
        var ranAt: Date?
        scheduler.schedule(after: .seconds(2)) { ranAt = scheduler.currentDate }
        scheduler.advance(by: .seconds(2))
        #expect(ranAt == start.addingTimeInterval(2))
    }

    @Test("nothing runs before time is advanced")
    func nothingRunsBeforeAdvance() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        let now = scheduler.schedule { ran.append("now") }
        let later = scheduler.schedule(after: .seconds(1)) { ran.append("later") }
        let dated = scheduler.schedule(after: t(2)) { ran.append("dated") }
        let repeating = scheduler.schedule(after: t(0), interval: .seconds(1)) { ran.append("repeating") }
        #expect(ran.isEmpty)
        #expect(scheduler.currentDate == t(0))
        #expect(now != nil && later != nil && dated != nil && repeating != nil)
        repeating?.dispose()
    }

    @Test("advance() runs the work due now, in scheduling order, without moving time")
    func advanceRunsWorkDueNow() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        scheduler.schedule { ran.append("a") }
        scheduler.schedule(after: .seconds(1)) { ran.append("later") }
        scheduler.schedule(after: t(0)) { ran.append("b") }
        scheduler.schedule { ran.append("c") }
        scheduler.advance()
        #expect(ran == ["a", "b", "c"])
        #expect(scheduler.currentDate == t(0))
        scheduler.advance()
        #expect(ran == ["a", "b", "c"])
    }

    @Test("advance(by:) runs work due up to and including the target, in due-date order")
    func advanceByRunsInDueOrder() {
        let scheduler = TestScheduler()
        var ran: [Double] = []
        for seconds in [3.0, 1.0, 3.5, 2.0, 0.5] {
            scheduler.schedule(after: t(seconds)) { ran.append(seconds) }
        }
        scheduler.advance(by: .seconds(3))
        #expect(ran == [0.5, 1.0, 2.0, 3.0])
        #expect(scheduler.currentDate == t(3))

        scheduler.advance(by: .milliseconds(499))
        #expect(ran == [0.5, 1.0, 2.0, 3.0])
        scheduler.advance(to: t(3.5))
        #expect(ran == [0.5, 1.0, 2.0, 3.0, 3.5])
        #expect(scheduler.currentDate == t(3.5))
    }

    @Test("advance(by: TimeInterval) and advance(to:) move time and run the work due")
    func advanceByTimeIntervalAndTo() {
        let scheduler = TestScheduler()
        var ran: [Double] = []
        scheduler.schedule(after: t(1.5)) { ran.append(now(scheduler)) }
        scheduler.schedule(after: t(4)) { ran.append(now(scheduler)) }
        scheduler.advance(by: 1.5)
        #expect(ran == [1.5])
        #expect(scheduler.currentDate == t(1.5))

        scheduler.advance(to: t(3.75))
        #expect(ran == [1.5])
        #expect(scheduler.currentDate == t(3.75))
        scheduler.advance(to: t(10))
        #expect(ran == [1.5, 4])
        #expect(scheduler.currentDate == t(10))
    }

    @Test("work due at the same instant runs in the order it was scheduled")
    func sameInstantInSchedulingOrder() {
        let scheduler = TestScheduler()
        var ran: [Int] = []
        for i in 0..<20 {
            if i.isMultiple(of: 2) {
                scheduler.schedule(after: t(2)) { ran.append(i) }
            } else {
                scheduler.schedule(after: .seconds(2)) { ran.append(i) }
            }
            // Interleave other due dates to exercise the sorted insertion.
            scheduler.schedule(after: t(Double(i % 3) + 0.5)) {}
        }
        scheduler.advance(by: .seconds(5))
        #expect(ran == Array(0..<20))
    }

    @Test("currentDate during each action equals the action's due date")
    func currentDateDuringActions() {
        let scheduler = TestScheduler()
        var seen: [Double: Double] = [:]
        for seconds in [0.25, 1, 2.5, 7] {
            scheduler.schedule(after: t(seconds)) { seen[seconds] = now(scheduler) }
        }
        scheduler.advance(by: .seconds(10))
        #expect(seen == [0.25: 0.25, 1: 1, 2.5: 2.5, 7: 7])
        #expect(scheduler.currentDate == t(10))
    }

    @Test("work scheduled during an advance runs in the same advance when it falls due by the target")
    func workScheduledDuringAdvance() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        scheduler.schedule(after: t(1)) {
            ran.append("1")
            scheduler.schedule(after: .seconds(1)) { ran.append("2 from 1 @\(now(scheduler))") }
            scheduler.schedule { ran.append("now from 1 @\(now(scheduler))") }
            scheduler.schedule(after: .seconds(5)) { ran.append("6 from 1") }
        }
        scheduler.schedule(after: t(1.5)) { ran.append("1.5") }
        scheduler.advance(by: .seconds(3))
        #expect(ran == ["1", "now from 1 @1.0", "1.5", "2 from 1 @2.0"])
        #expect(scheduler.currentDate == t(3))
        scheduler.advance(by: .seconds(3))
        #expect(ran.last == "6 from 1")
    }

    @Test("run() drains all work, including work scheduled while running, and leaves the clock at the distant future")
    func runDrainsEverything() {
        let scheduler = TestScheduler()
        var ran: [Double] = []
        scheduler.schedule(after: t(100)) {
            ran.append(now(scheduler))
            scheduler.schedule(after: .seconds(100)) { ran.append(now(scheduler)) }
        }
        scheduler.schedule(after: t(5)) { ran.append(now(scheduler)) }
        scheduler.schedule { ran.append(now(scheduler)) }
        scheduler.run()
        #expect(ran == [0, 5, 100, 200])
        #expect(scheduler.currentDate == .distantFuture)

        scheduler.run()
        #expect(ran == [0, 5, 100, 200])
        #expect(scheduler.currentDate == .distantFuture)
    }

    @Test("disposed work never runs")
    func disposedWorkNeverRuns() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        let now = scheduler.schedule { ran.append("now") }
        scheduler.schedule { ran.append("kept now") }
        let later = scheduler.schedule(after: .seconds(1)) { ran.append("later") }
        scheduler.schedule(after: .seconds(2)) { ran.append("kept later") }
        now?.dispose()
        later?.dispose()
        #expect(now?.isDisposed == true)
        scheduler.run()
        #expect(ran == ["kept now", "kept later"])
    }

    @Test("work disposed by an earlier action of the same advance does not run")
    func disposedDuringAdvance() {
        let scheduler = TestScheduler()
        var ran: [Int] = []
        let victim = Shared<Disposable?>(nil)
        scheduler.schedule(after: t(1)) {
            ran.append(1)
            victim.value?.dispose()
        }
        victim.modify { $0 = scheduler.schedule(after: t(2)) { ran.append(2) } }
        scheduler.schedule(after: t(3)) { ran.append(3) }
        scheduler.advance(by: .seconds(5))
        #expect(ran == [1, 3])
    }

    @Test("a disposed action's captures are released without advancing time")
    func disposedActionReleased() {
        let scheduler = TestScheduler()
        weak var weakTracked: Tracked?
        var disposable: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            disposable = scheduler.schedule(after: .seconds(60)) { tracked.hits += 1 }
        }
        #expect(weakTracked != nil)
        disposable?.dispose()
        #expect(weakTracked == nil)
    }

    @Test("disposing one of many actions due at the same instant withdraws that one only, wherever it stands")
    func disposeAmongSameInstant() {
        for victim in 0..<7 {
            let scheduler = TestScheduler()
            var ran: [Int] = []
            let disposables = (0..<7).map { index in scheduler.schedule(after: t(1)) { ran.append(index) } }
            scheduler.schedule(after: t(2)) { ran.append(100) }
            disposables[victim]?.dispose()
            disposables[victim]?.dispose()
            scheduler.advance(by: .seconds(2))
            #expect(ran == (0..<7).filter { $0 != victim } + [100], "victim \(victim)")
        }
    }

    @Test("a disposable kept after its action ran holds nothing and disposes nothing else")
    func disposableAfterRun() {
        let scheduler = TestScheduler()
        weak var weakTracked: Tracked?
        var ran: [String] = []
        var disposable: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            disposable = scheduler.schedule { tracked.hits += 1; ran.append("first") }
        }
        scheduler.schedule { ran.append("second") }
        scheduler.schedule(after: .seconds(1)) { ran.append("later") }
        scheduler.advance()
        #expect(weakTracked == nil, "the action ran and was released, though its disposable is kept")
        disposable?.dispose()
        #expect(disposable?.isDisposed == true)
        scheduler.run()
        #expect(ran == ["first", "second", "later"])
    }

    @Test("a disposable kept after its scheduler is gone does nothing when disposed")
    func disposableOutlivesScheduler() {
        weak var weakScheduler: TestScheduler?
        var disposable: Disposable?
        do {
            let scheduler = TestScheduler()
            weakScheduler = scheduler
            disposable = scheduler.schedule(after: .seconds(1)) {}
        }
        #expect(weakScheduler == nil, "pending work does not keep its scheduler")
        disposable?.dispose()
        #expect(disposable?.isDisposed == true)
    }

    @Test("a repeating action fires at its first date and then every interval, until disposed")
    func repeating() {
        let scheduler = TestScheduler()
        var fires: [Double] = []
        let repetition = scheduler.schedule(after: t(1), interval: .seconds(2)) { fires.append(now(scheduler)) }
        scheduler.advance(by: .milliseconds(999))
        #expect(fires == [])
        scheduler.advance(to: t(1))
        #expect(fires == [1])
        scheduler.advance(by: .seconds(5))
        #expect(fires == [1, 3, 5])
        scheduler.advance(by: .milliseconds(500))
        #expect(fires == [1, 3, 5])
        scheduler.advance(to: t(7))
        #expect(fires == [1, 3, 5, 7])

        repetition?.dispose()
        #expect(repetition?.isDisposed == true)
        scheduler.advance(by: .seconds(20))
        #expect(fires == [1, 3, 5, 7])
    }

    @Test("a repeating action with a sub-second interval and leeway fires at exact virtual times")
    func repeatingSubSecond() {
        let scheduler = TestScheduler()
        var fires: [Double] = []
        let repetition = scheduler.schedule(after: t(0), interval: .milliseconds(250), leeway: .milliseconds(10)) {
            fires.append(now(scheduler))
        }
        scheduler.advance(by: .seconds(1))
        #expect(fires == [0, 0.25, 0.5, 0.75, 1])
        repetition?.dispose()
    }

    @Test("a repeating action disposed from inside its own action stops at once")
    func repeatingDisposedFromInside() {
        let scheduler = TestScheduler()
        var fires: [Double] = []
        let handle = Shared<Disposable?>(nil)
        handle.modify {
            $0 = scheduler.schedule(after: t(1), interval: .seconds(1)) {
                fires.append(now(scheduler))
                if fires.count == 3 { handle.value?.dispose() }
            }
        }
        scheduler.advance(by: .seconds(100))
        #expect(fires == [1, 2, 3])
        #expect(handle.value?.isDisposed == true)
        // Nothing is left: run() terminates and does not run the repetition again.
        scheduler.run()
        #expect(fires == [1, 2, 3])
    }

    @Test("a disposed repetition releases its action")
    func repeatingReleasesAction() {
        let scheduler = TestScheduler()
        weak var weakTracked: Tracked?
        var repetition: Disposable?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            repetition = scheduler.schedule(after: t(1), interval: .seconds(1)) { tracked.hits += 1 }
        }
        scheduler.advance(by: .seconds(2))
        #expect(weakTracked?.hits == 2)
        repetition?.dispose()
        scheduler.advance(by: .seconds(10))
        #expect(weakTracked == nil)
    }

    @Test("rewind(by:) moves time back; work already scheduled keeps its due date")
    func rewind() {
        let scheduler = TestScheduler()
        var ran: [String] = []
        scheduler.advance(by: .seconds(10))
        scheduler.schedule(after: .seconds(5)) { ran.append("15 @\(now(scheduler))") }
        scheduler.rewind(by: .seconds(5))
        #expect(scheduler.currentDate == t(5))
        scheduler.schedule(after: .seconds(1)) { ran.append("6 @\(now(scheduler))") }

        scheduler.advance(by: .seconds(9))
        #expect(ran == ["6 @6.0"])
        #expect(scheduler.currentDate == t(14))
        scheduler.advance(by: .seconds(1))
        #expect(ran == ["6 @6.0", "15 @15.0"])

        scheduler.rewind(by: .milliseconds(500))
        #expect(scheduler.currentDate == t(14.5))
    }

    @Test("scheduling from many threads at once loses nothing")
    func concurrentScheduling() {
        let scheduler = TestScheduler()
        let ran = Shared<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 500) { i in
            scheduler.schedule(after: t(Double(i))) { ran.append(i) }
        }
        scheduler.run()
        #expect(ran.value == Array(0..<500))
        #expect(scheduler.currentDate == .distantFuture)
    }

    @Test("the async advance variants run the same work as the synchronous ones")
    func asyncVariants() async {
        let scheduler = TestScheduler()
        var ran: [Double] = []
        for seconds in [0.0, 1, 2.5, 4, 9] {
            scheduler.schedule(after: t(seconds)) { ran.append(now(scheduler)) }
        }
        await scheduler.advance()
        #expect(ran == [0])
        #expect(scheduler.currentDate == t(0))
        await scheduler.advance(by: .seconds(1))
        #expect(ran == [0, 1])
        #expect(scheduler.currentDate == t(1))
        await scheduler.advance(by: 1.5)
        #expect(ran == [0, 1, 2.5])
        #expect(scheduler.currentDate == t(2.5))
        await scheduler.advance(to: t(5))
        #expect(ran == [0, 1, 2.5, 4])
        #expect(scheduler.currentDate == t(5))
        await scheduler.run()
        #expect(ran == [0, 1, 2.5, 4, 9])
        #expect(scheduler.currentDate == .distantFuture)
    }

    @Test("async advance lets a task resumed by the work run before the test continues")
    func asyncAdvanceResumesTask() async throws {
        let test = TestScheduler()
        let scheduler = RecordingDateScheduler(test)
        let task = Task { try await scheduler.sleep(for: .seconds(1)) }
        #expect(await scheduler.waitForOneShots(1))
        await test.advance(by: .seconds(1))
        try await task.value
        #expect(test.currentDate == t(1))
    }

    @Test("the preconditions name the operator and the bad argument")
    func preconditions() async {
        let advance = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().advance(by: -1.0)
        }
        #expect(advance.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("TestScheduler.advance(by:) needs an interval >= 0, got -1.0") == true)

        let backwards = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            scheduler.advance(by: .seconds(5))
            scheduler.advance(to: Date(timeIntervalSinceReferenceDate: 1))
        }
        #expect(backwards.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("TestScheduler.advance(to:) cannot move time backwards") == true)

        let rewind = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().rewind(by: .seconds(-1))
        }
        #expect(rewind.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("TestScheduler.rewind(by:) needs an interval >= 0") == true)

        let interval = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler().schedule(after: Date(timeIntervalSinceReferenceDate: 0), interval: .seconds(0)) {}
        }
        #expect(interval.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }?
            .contains("TestScheduler.schedule(after:interval:leeway:action:) needs an interval > 0") == true)
    }

    @Test("nextDueDate is the due date of the earliest scheduled action, nil when idle")
    func nextDueDate() {
        let scheduler = TestScheduler()
        #expect(scheduler.nextDueDate == nil)
        scheduler.schedule(after: t(3)) {}
        let early = scheduler.schedule(after: t(1)) {}
        #expect(scheduler.nextDueDate == t(1))
        early?.dispose()
        #expect(scheduler.nextDueDate == t(3))
        scheduler.advance(to: t(3))
        #expect(scheduler.nextDueDate == nil)
        #expect(scheduler.currentDate == t(3))
    }
}
