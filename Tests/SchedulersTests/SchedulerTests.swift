import Dispatch
import Foundation
import Schedulers
import Testing
import TestSupport

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
