import Dispatch
import Foundation
import Schedulers
import Testing
import TestSupport

/// The virtual date `seconds` after the default start date of a `TestScheduler`.
private func t(_ seconds: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
}

/// The current virtual time of `scheduler`, in seconds since its default start date.
private func now(_ scheduler: TestScheduler) -> Double {
    scheduler.currentDate.timeIntervalSinceReferenceDate
}

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

@Suite("DateScheduler extensions on a TestScheduler")
struct DateSchedulerExtensionTests {
    @Test("schedule(after: DispatchTimeInterval, interval:) starts the delay from the current date")
    func delayedRepeating() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(10))
        var fires: [Double] = []
        let repetition = scheduler.schedule(after: .seconds(2), interval: .seconds(1)) { fires.append(now(scheduler)) }
        scheduler.advance(by: .milliseconds(1_999))
        #expect(fires == [])
        scheduler.advance(to: t(14))
        #expect(fires == [12, 13, 14])
        repetition?.dispose()
        scheduler.advance(by: .seconds(5))
        #expect(fires == [12, 13, 14])
    }

    @Test("schedule(after: Date, interval:) without leeway works through the protocol")
    func repeatingWithoutLeeway() {
        let test = TestScheduler()
        let scheduler: any DateScheduler = test
        var fires: [Double] = []
        let repetition = scheduler.schedule(after: t(3), interval: .milliseconds(1_500)) { fires.append(now(test)) }
        test.advance(by: .seconds(6))
        #expect(fires == [3, 4.5, 6])
        repetition?.dispose()
    }

    @Test("sleep(for:) suspends the task until virtual time reaches the deadline")
    func sleepFor() async throws {
        let test = TestScheduler()
        await test.advance(by: .seconds(10))
        let scheduler = RecordingDateScheduler(test)
        let wokeAt = Shared<Date?>(nil)
        let task = Task {
            try await scheduler.sleep(for: .seconds(5))
            wokeAt.modify { $0 = test.currentDate }
        }
        #expect(await scheduler.waitForOneShots(1))
        #expect(scheduler.oneShots.value.first?.date == t(15))

        await test.advance(by: .milliseconds(4_999))
        for _ in 0..<10 { await Task.yield() }
        #expect(wokeAt.value == nil)

        await test.advance(to: t(15))
        try await task.value
        #expect(wokeAt.value == t(15))
    }

    @Test("sleep(until:) wakes at the deadline; a deadline already past wakes at the next advance")
    func sleepUntil() async throws {
        let test = TestScheduler()
        let scheduler = RecordingDateScheduler(test)
        let task = Task { try await scheduler.sleep(until: t(3)) }
        #expect(await scheduler.waitForOneShots(1))
        #expect(scheduler.oneShots.value.first?.date == t(3))
        await test.advance(by: .seconds(3))
        try await task.value

        let late = Task { try await scheduler.sleep(until: t(1)) }
        #expect(await scheduler.waitForOneShots(2))
        await test.advance()
        try await late.value
        #expect(test.currentDate == t(3))
    }

    @Test("cancelling a sleeping task throws CancellationError at once and disposes the wake-up")
    func sleepCancellation() async throws {
        let test = TestScheduler()
        let scheduler = RecordingDateScheduler(test)
        let task = Task { try await scheduler.sleep(for: .seconds(10)) }
        #expect(await scheduler.waitForOneShots(1))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(test.currentDate == t(0))
        #expect(scheduler.oneShots.value.first?.disposable?.isDisposed == true)
        // The disposed wake-up must not resume the continuation a second time.
        await test.advance(by: .seconds(20))
    }

    @Test("sleeping in an already-cancelled task throws CancellationError without advancing time")
    func sleepInCancelledTask() async {
        let test = TestScheduler()
        let scheduler = RecordingDateScheduler(test)
        let cancelled = Shared(false)
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            cancelled.modify { $0 = true }
            try await scheduler.sleep(for: .seconds(1))
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(cancelled.value)
        #expect(scheduler.oneShots.value.allSatisfy { $0.disposable?.isDisposed != false })
        await test.advance(by: .seconds(5))
    }

    @Test("timer(interval:) yields the virtual date of each tick")
    func timerYieldsVirtualDates() async {
        let scheduler = TestScheduler()
        await scheduler.advance(by: .seconds(100))
        let stream = scheduler.timer(interval: .seconds(2))
        var iterator = stream.makeAsyncIterator()

        await scheduler.advance(by: .seconds(7))
        #expect(await iterator.next() == t(102))
        #expect(await iterator.next() == t(104))
        #expect(await iterator.next() == t(106))

        await scheduler.advance(by: .seconds(1))
        #expect(await iterator.next() == t(108))
    }

    @Test("timer(interval:) stops its repetition when the consumer stops iterating")
    func timerStopsWhenIterationEnds() async {
        let test = TestScheduler()
        let scheduler = RecordingDateScheduler(test)
        var dates: [Date] = []
        let consumer = Task {
            var seen: [Date] = []
            for await date in scheduler.timer(interval: .seconds(1)) {
                seen.append(date)
                if seen.count == 3 { break }
            }
            return seen
        }
        // The repetition is registered when the stream is created.
        let deadline = Date().addingTimeInterval(10)
        while scheduler.repeating.value.isEmpty && Date() < deadline { await Task.yield() }
        #expect(scheduler.repeating.value.count == 1)
        #expect(scheduler.repeating.value.first?.date == t(1))

        await test.advance(by: .seconds(5))
        dates = await consumer.value
        #expect(dates == [t(1), t(2), t(3)])
        #expect(scheduler.repeating.value.first?.disposable?.isDisposed == true)
    }

    @Test("a task started on the main actor just before an advance has slept by then and wakes in it, every time", .timeLimit(.minutes(5)), .offCooperativePool)
    @MainActor
    func mainActorTaskSleepsBeforeAdvance() async throws {
        let scheduler = TestScheduler()
        var woken = 0
        for round in 1...200 {
            let task = Task {
                try await scheduler.sleep(for: .seconds(1))
                woken += 1
            }
            await scheduler.advance(by: .seconds(1))
            // The advance let the task sleep before moving time, and let it finish after.
            #expect(woken == round)
            try await task.value
        }
        #expect(scheduler.currentDate == t(200))
    }

    @Test("a main-actor task sleeping again and again wakes at each instant it asked for, inside one advance", .timeLimit(.minutes(5)), .offCooperativePool)
    @MainActor
    func mainActorTaskSleepsRepeatedlyInOneAdvance() async throws {
        let scheduler = TestScheduler()
        var wokeAt: [Double] = []
        let task = Task {
            for delay in [1.0, 0.5, 2, 0, 1.5] {
                try await scheduler.sleep(for: DispatchTimeInterval(seconds: delay))
                wokeAt.append(now(scheduler))
            }
        }
        await scheduler.advance(by: .seconds(4))
        #expect(wokeAt == [1, 1.5, 3.5, 3.5])
        await scheduler.advance(by: .seconds(1))
        #expect(wokeAt == [1, 1.5, 3.5, 3.5, 5])
        try await task.value
    }

    @Test("timer(interval:) on the main actor: ticks reach a consumer started just before the advance", .timeLimit(.minutes(5)), .offCooperativePool)
    @MainActor
    func mainActorTimer() async {
        let scheduler = TestScheduler()
        var dates: [Date] = []
        let consumer = Task {
            for await date in scheduler.timer(interval: .seconds(1)) {
                dates.append(date)
                if dates.count == 3 { break }
            }
        }
        await scheduler.advance(by: .seconds(3))
        await consumer.value
        #expect(dates == [t(1), t(2), t(3)])
    }
}

@Suite("DateScheduler's asynchronous API called from code isolated to no actor")
struct NonisolatedAsyncSchedulerTests {
    /// Written in a nonisolated async function, as a library or a server would: the timer is
    /// `DateScheduler`'s, called without `await`, on a `TestScheduler` as on any other.
    nonisolated static func threeTicks(of scheduler: TestScheduler) async -> [Date] {
        let ticks = scheduler.timer(interval: .seconds(1))
        var dates: [Date] = []
        for await date in ticks {
            dates.append(date)
            if dates.count == 3 { break }
        }
        return dates
    }

    @Test("timer(interval:) from a nonisolated async function compiles without await and ticks with advance")
    func timerFromNonisolatedCode() async {
        let scheduler = TestScheduler()
        let consumer = Task.detached { await Self.threeTicks(of: scheduler) }
        // The repetition is registered when the detached task creates the stream.
        while scheduler.nextDueDate == nil { await Task.yield() }
        await scheduler.advance(by: .seconds(3))
        #expect(await consumer.value == [t(1), t(2), t(3)])
    }

    @Test("sleep(for:) from a nonisolated async function wakes at the virtual deadline")
    func sleepFromNonisolatedCode() async throws {
        let scheduler = TestScheduler()
        let sleeper = Task.detached { () async throws -> Date in
            try await scheduler.sleep(for: .seconds(2))
            return scheduler.currentDate
        }
        while scheduler.nextDueDate == nil { await Task.yield() }
        await scheduler.advance(by: .seconds(2))
        #expect(try await sleeper.value == t(2))
    }
}
