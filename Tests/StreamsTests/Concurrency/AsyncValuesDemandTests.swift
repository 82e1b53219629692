import Foundation
import Streams
import Testing
import TestSupport

/// `values` of producers that never end by themselves: a synchronous source, and the fused
/// stages on it, pulled one value per `next()`; any other run stopped by leaving the loop or by
/// cancelling the task, even while its start is still running inside the first `next()`.
///
/// Each loop runs in a task whose jobs run on a thread of its own (``taskOnOwnThread(_:)``), and
/// is awaited for a bounded time (``finishing(within:_:)``): a loop that never returns fails its
/// test and keeps only that thread, instead of taking a thread of the task pool for good and
/// hanging the suite.
@Suite("values: on demand, and stoppable", .timeLimit(.minutes(5)), .offCooperativePool)
struct AsyncValuesDemandTests {
    /// 1, 2, 3 ... without end, counting the elements its iterators have produced.
    struct CountingNaturals: Sequence, Sendable {
        let pulls: TestCounter

        func makeIterator() -> AnyIterator<Int> {
            var last = 0
            return AnyIterator {
                pulls.increment()
                last += 1
                return last
            }
        }
    }

    @Test("an endless sequence's values: leaving the loop after three values returns, having pulled three")
    func endlessSequence() async {
        let pulls = TestCounter()
        let producer = SignalProducer<Int, Never>(CountingNaturals(pulls: pulls))
        let loop = await finishing {
            var seen: [Int] = []
            var pulledBeforeEach: [Int] = []
            for await value in producer.values {
                pulledBeforeEach.append(pulls.value)
                seen.append(value)
                if value == 3 { break }
            }
            return (seen, pulledBeforeEach)
        }
        #expect(loop?.0 == [1, 2, 3])
        #expect(loop?.1 == [1, 2, 3])   // one element pulled per value taken, not ahead
        #expect(pulls.value == 3)
    }

    @Test("for await v in SignalProducer(1...).values { if v == 3 { break } } returns")
    func partialRange() async {
        let plain = await finishing {
            var seen: [Int] = []
            for await value in SignalProducer<Int, Never>(1...).values {
                seen.append(value)
                if value == 3 { break }
            }
            return seen
        }
        #expect(plain == [1, 2, 3])
    }

    @Test("through map, filter, compactMap and skipNil, each stage runs once per element pulled, and no element more")
    func endlessSequenceThroughStages() async {
        let pulls = TestCounter()
        let maps = TestCounter()
        let filters = TestCounter()
        let compactMaps = TestCounter()
        let producer = SignalProducer<Int, Never>(CountingNaturals(pulls: pulls))
            .map { value -> Int in maps.increment(); return value * 2 }
            .filter { value in filters.increment(); return value % 3 == 0 }
            .compactMap { value -> Int? in compactMaps.increment(); return value % 4 == 0 ? nil : value }
            .map { value -> Int? in value % 5 == 0 ? nil : value }
            .skipNil()
        let seen = await finishing {
            var seen: [Int] = []
            for await value in producer.values {
                seen.append(value)
                if seen.count == 3 { break }
            }
            return seen
        }
        // 2, 4, 6 ... kept if a multiple of 3 (6, 12, 18, 24, 30, 36, 42), not of 4 (6, 18, 30, 42),
        // not of 5 (6, 18, 42): the third is the double of 21.
        #expect(seen == [6, 18, 42])
        #expect(pulls.value == 21)
        #expect(maps.value == 21)
        #expect(filters.value == 21)
        #expect(compactMaps.value == 7)
    }

    @Test("stateful fused stages (scan, skip, on) are pulled too, and leaving the loop interrupts the run through them")
    func statefulStagesAndBreak() async {
        let pulls = TestCounter()
        let sideEffects = TestCounter()
        let interruptions = TestCounter()
        let disposals = TestCounter()
        let producer = SignalProducer<Int, Never>(CountingNaturals(pulls: pulls))
            .scan(0, +)
            .skip(first: 1)
            .on(interrupted: { interruptions.increment() },
                disposed: { disposals.increment() },
                value: { _ in sideEffects.increment() })
        let loop = await finishing {
            var seen: [Int] = []
            var effectsBeforeEach: [Int] = []
            for await value in producer.values {
                effectsBeforeEach.append(sideEffects.value)
                seen.append(value)
                if seen.count == 3 { break }
            }
            return (seen, effectsBeforeEach)
        }
        #expect(loop?.0 == [3, 6, 10])
        #expect(loop?.1 == [1, 2, 3])
        #expect(pulls.value == 4)
        #expect(interruptions.value == 1)
        #expect(disposals.value == 1)
    }

    @Test("a stage that keeps nothing still checks the task: cancelling it stops a loop that pulls without end")
    func cancelWhilePullingNothing() async {
        let pulls = TestCounter()
        let producer = SignalProducer<Int, Never>(CountingNaturals(pulls: pulls)).filter { _ in false }
        let task = taskOnOwnThread {
            var count = 0
            for await _ in producer.values { count += 1 }
            return count
        }
        #expect(await eventually { pulls.value >= 1_000 })
        task.cancel()
        let count = await finishing { await task.value }
        #expect(count == 0)
    }

    @Test("a start handler sending until its lifetime ends, inside the first next(), ends when the task is cancelled")
    func cancelEndlessStartHandler() async {
        let sent = TestCounter()
        let ended = TestCounter()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            var value = 0
            while !lifetime.hasEnded {
                value += 1
                observer.send(value: value)
                sent.increment()
            }
            ended.increment()
        }
        let task = taskOnOwnThread {
            var count = 0
            for await _ in producer.values { count += 1 }
            return count
        }
        #expect(await eventually { sent.value >= 1_000 })
        task.cancel()
        // The loop ends without a value: the task was cancelled before next() returned.
        let count = await finishing { await task.value }
        #expect(count == 0)
        #expect(ended.value == 1)
    }

    @Test("a synchronous run without a pull form (after on(starting:)) ends when the task is cancelled")
    func cancelEndlessSynchronousRun() async {
        let pulls = TestCounter()
        let producer = SignalProducer<Int, Never>(CountingNaturals(pulls: pulls)).on(starting: {})
        let task = taskOnOwnThread {
            var count = 0
            for await _ in producer.values(bufferingPolicy: .bufferingNewest(1)) { count += 1 }
            return count
        }
        #expect(await eventually { pulls.value >= 1_000 })
        task.cancel()
        let count = await finishing { await task.value }
        #expect(count == 0)
    }

    @Test("an endless memoized sequence on an immediate scheduler, as a producer, ends when the task is cancelled")
    func cancelEndlessMemoizedSequence() async {
        let produced = TestCounter()
        let producer = countingNaturals(produced).producer(on: ImmediateScheduler())
        let task = taskOnOwnThread {
            var count = 0
            for await _ in producer.values(bufferingPolicy: .bufferingOldest(1)) { count += 1 }
            return count
        }
        #expect(await eventually { produced.value >= 1_000 })
        task.cancel()
        let count = await finishing { await task.value }
        #expect(count == 0)
    }

    @Test("an endless memoized sequence, as a Swift sequence, is pulled")
    func endlessMemoizedSequencePulled() async {
        let pulled = TestCounter()
        let seen = await finishing {
            var seen: [Int] = []
            for await value in SignalProducer<Int, Never>(countingNaturals(pulled)).values {
                seen.append(value)
                if seen.count == 3 { break }
            }
            return seen
        }
        #expect(seen == [0, 1, 2])
        #expect(pulled.value == 3)
    }

    @Test("a pulled source keeps every value under every buffering policy: nothing waits, so nothing is dropped")
    func pulledSourceDropsNothing() async {
        let hundred = SignalProducer<Int, Never>(1...100).map { $0 * 2 }
        for policy: AsyncValuesBufferingPolicy in [.unbounded, .bufferingNewest(0), .bufferingNewest(3), .bufferingOldest(0), .bufferingOldest(3)] {
            var seen: [Int] = []
            for await value in hundred.values(bufferingPolicy: policy) { seen.append(value) }
            #expect(seen == Array(1...100).map { $0 * 2 }, "\(policy)")
        }
        // Values that one pull sends together all wait for the loop, whatever the policy.
        var last: [Int] = []
        for await value in SignalProducer<Int, Never>(1...100).take(last: 3).values(bufferingPolicy: .bufferingNewest(1)) {
            last.append(value)
        }
        #expect(last == [98, 99, 100])
    }

    @Test("a property's producer keeps its behaviour: the current value, then each change, until the loop is left")
    func propertyProducer() async {
        let property = MutableProperty(1)
        var seen: [Int] = []
        for await value in property.producer.values {
            seen.append(value)
            if value == 3 { break }
            property.value = value + 1
        }
        #expect(seen == [1, 2, 3])
    }
}

/// Runs `body` in a task of its own (on its own thread) and returns what it returns, or `nil` if
/// it has not returned within `seconds`: the task is then cancelled and left behind, so that a
/// loop that never returns fails the test that runs it rather than hanging the suite.
func finishing<T: Sendable>(within seconds: Double = 10, _ body: @escaping @Sendable () async -> T) async -> T? {
    let done = TestCounter()
    let task = taskOnOwnThread {
        let result = await body()
        done.increment()
        return result
    }
    guard await eventually(seconds: seconds, { done.value == 1 }) else {
        task.cancel()
        Issue.record("the loop did not return within \(seconds) s")
        return nil
    }
    return await task.value
}

/// A task whose jobs run on a thread of its own rather than on the task pool, whose few threads
/// (two on a two-core machine) a few loops that never suspend would take for good.
func taskOnOwnThread<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> Task<T, Never> {
    let executor = ThreadExecutor()
    return Task(executorPreference: executor) {
        defer { executor.finish() }
        return await body()
    }
}

/// A task executor running the jobs it is given, in order, on one thread, which ends once
/// ``finish()`` was called and no job waits.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {  // `jobs` and `finished` only under `condition`
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        Thread.detachNewThread { [self] in
            while let job = nextJob() {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once no job waits.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func nextJob() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !finished { condition.wait() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}
