import Foundation
import Streams
import Testing
import TestSupport

/// `values` on producers and signals: order, typed errors, the end of a sequence, buffering
/// policies, lazy starts, and cancellation from the loop's side.
@Suite("values: streams as async sequences")
struct AsyncValuesTests {
    struct Boom: Error, Equatable {}

    /// A producer that never ends by itself, counting its starts and disposals.
    final class Probe: Sendable {
        let starts = TestCounter()
        let disposals = TestCounter()
        let interruptions = TestCounter()

        func producer<Value: Sendable>(sending values: [Value] = []) -> SignalProducer<Value, Never> {
            SignalProducer<Value, Never> { observer, _ in
                for value in values { observer.send(value: value) }
            }
            .on(started: { self.starts.increment() },
                interrupted: { self.interruptions.increment() },
                disposed: { self.disposals.increment() })
        }
    }

    @Test("a loop over a producer gets every value in order, then ends at its completion")
    func order() async {
        var seen: [Int] = []
        for await value in SignalProducer<Int, Never>(1...1_000).map({ $0 * 2 }).values { seen.append(value) }
        #expect(seen == Array(1...1_000).map { $0 * 2 })
    }

    @Test("a failing producer throws its own error type, after the values before it")
    func typedFailure() async {
        var seen: [Int] = []
        do {
            for try await value in SignalProducer<Int, Boom>([1, 2]).concat(SignalProducer(error: Boom())).values {
                seen.append(value)
            }
            Issue.record("the loop ended without the error")
        } catch {
            let typed: Boom = error   // compiles only if the thrown type is Boom
            #expect(typed == Boom())
        }
        #expect(seen == [1, 2])
    }

    @Test("an interruption ends the loop like a completion; materialize tells them apart")
    func interruption() async {
        let interrupted = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        var seen: [Int] = []
        for await value in interrupted.values { seen.append(value) }
        #expect(seen == [1])

        var events: [Signal<Int, Never>.Event] = []
        for await event in interrupted.materialize().values { events.append(event) }
        #expect(events == [.value(1), .interrupted])
        events = []
        for await event in SignalProducer<Int, Never>(value: 1).materialize().values { events.append(event) }
        #expect(events == [.value(1), .completed])
    }

    @Test("each iteration starts a run of its own, at its first next(); an iterator never used starts none")
    func lazyRuns() async {
        let probe = Probe()
        let values = probe.producer(sending: [7]).take(first: 1).values
        let unused = values.makeAsyncIterator()
        #expect(probe.starts.value == 0)
        _ = unused
        var first = values.makeAsyncIterator()
        #expect(probe.starts.value == 0)
        #expect(await first.next() == 7)
        #expect(probe.starts.value == 1)
        var second = values.makeAsyncIterator()
        #expect(await second.next() == 7)
        #expect(await second.next() == nil)
        #expect(probe.starts.value == 2)
    }

    @Test("leaving the loop disposes the run at once")
    func breakDisposes() async {
        let probe = Probe()
        for await value in probe.producer(sending: [1, 2, 3]).values {
            if value == 2 { break }
        }
        #expect(probe.starts.value == 1)
        #expect(probe.disposals.value == 1)
        #expect(probe.interruptions.value == 1)
    }

    @Test("cancelling the task of a waiting loop disposes the run, and the loop ends")
    func cancellationWhileWaiting() async {
        let probe = Probe()
        let (started, startedInput) = AsyncStream.makeStream(of: Void.self)
        let producer = probe.producer(sending: [1]).on(value: { _ in startedInput.yield() })
        let task = Task {
            var seen: [Int] = []
            for await value in producer.values { seen.append(value) }
            return seen
        }
        for await _ in started { break }   // the run is going and the loop waits for more
        task.cancel()
        #expect(await task.value == [1])
        #expect(probe.disposals.value == 1)
        #expect(probe.interruptions.value == 1)
    }

    @Test("a cancelled task's loop ends even while values wait, disposing the run")
    func cancellationWithValuesWaiting() async {
        let probe = Probe()
        let producer = probe.producer(sending: Array(1...100))
        let task = Task {
            var seen: [Int] = []
            for await value in producer.values {
                seen.append(value)
                if value == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return seen
        }
        #expect(await task.value == [1, 2, 3])
        #expect(probe.disposals.value == 1)
    }

    @Test("buffering: unbounded keeps all, newest(n) the newest n, oldest(n) the first n")
    func bufferingPolicies() async {
        // A start handler sends all 100 values before the loop takes the first. (A sequence
        // source would be pulled, one value per next(), with nothing to buffer.)
        let hundred = SignalProducer<Int, Never> { observer, _ in
            for value in 1...100 { observer.send(value: value) }
            observer.sendCompleted()
        }
        func collect(_ policy: AsyncValuesBufferingPolicy) async -> [Int] {
            var seen: [Int] = []
            for await value in hundred.values(bufferingPolicy: policy) { seen.append(value) }
            return seen
        }
        #expect(await collect(.unbounded) == Array(1...100))
        #expect(await collect(.bufferingNewest(3)) == [98, 99, 100])
        #expect(await collect(.bufferingOldest(3)) == [1, 2, 3])
        #expect(await collect(.bufferingNewest(0)) == [])
        #expect(await collect(.bufferingOldest(0)) == [])
        #expect(AsyncValuesBufferingPolicy.bufferingNewest(3).description == "bufferingNewest(3)")
    }

    @Test("a slow consumer: values sent on another thread while the loop is busy are kept as the policy says",
          .timeLimit(.minutes(5)), .offCooperativePool,
          arguments: [
              (AsyncValuesBufferingPolicy.unbounded, Array(1...10)),
              (.bufferingNewest(2), [1, 9, 10]),
              (.bufferingOldest(2), [1, 2, 3]),
          ])
    func slowConsumer(_ policy: AsyncValuesBufferingPolicy, expected: [Int]) async {
        let go = DispatchSemaphore(value: 0)
        let sent = AsyncStream<Void>.makeStream()
        let producer = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 1)
            Thread.detachNewThread {
                go.wait()
                for value in 2...10 { observer.send(value: value) }
                observer.sendCompleted()
                sent.continuation.yield()
            }
        }
        var seen: [Int] = []
        for await value in producer.values(bufferingPolicy: policy) {
            seen.append(value)
            if value == 1 {
                // Busy: the other thread sends everything else before the loop asks again.
                go.signal()
                for await _ in sent.stream { break }
            }
        }
        #expect(seen == expected)
    }

    @Test("a signal's values start with the iteration and end with the signal")
    func signalValues() async {
        let (signal, input) = Signal<Int, Boom>.pipe()
        input.send(value: 0)   // before any iteration: nobody sees it
        var iterator = signal.values.makeAsyncIterator()
        #expect(signal.observerCount == 0)
        let reader = Task {
            var seen: [Int] = []
            do {
                while let value = try await iterator.next() { seen.append(value) }
            } catch {
                #expect(error as? Boom == Boom())
                seen.append(-1)
            }
            return seen
        }
        #expect(await eventually { signal.observerCount == 1 })
        input.send(value: 1)
        input.send(value: 2)
        input.send(error: Boom())
        #expect(await reader.value == [1, 2, -1])

        let (finished, finishedInput) = Signal<Int, Never>.pipe()
        finishedInput.sendCompleted()
        var afterEnd = finished.values.makeAsyncIterator()
        #expect(await afterEnd.next() == nil)
    }

    @Test("after the loop, the run, its observer and the channel are freed")
    func nothingLeaks() async {
        weak var weakCanary: TestCanary?
        do {
            let canary = TestCanary()
            weakCanary = canary
            let producer = SignalProducer<Int, Never>(1...10).map { value in
                withExtendedLifetime(canary) { value }
            }
            for await value in producer.values where value == 5 { break }
            var whole = 0
            for await value in producer.values { whole += value }
            #expect(whole == 55)
        }
        #expect(weakCanary == nil)
    }

    @Test("a negative buffering limit is a misuse naming values(bufferingPolicy:) and the value")
    func negativeLimit() async {
        let newest = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AsyncValuesBufferingPolicy.bufferingNewest(-2)
        }
        let message = newest.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("values(bufferingPolicy:): bufferingNewest needs a limit of 0 or more, not -2"))
        let oldest = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AsyncValuesBufferingPolicy.bufferingOldest(-1)
        }
        let oldestMessage = oldest.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(oldestMessage.contains("bufferingOldest needs a limit of 0 or more, not -1"))
    }
}

extension ConcurrencySuites {
    @Suite("values Concurrency", .timeLimit(.minutes(5)), .offCooperativePool)
    struct AsyncValuesConcurrencyTests {
        @Test("threads sending into a signal while a task iterates: nothing lost, each thread's order kept")
        func sendersAndLoop() async {
            let (signal, input) = Signal<(thread: Int, index: Int), Never>.pipe()
            let perThread = 2_000
            let reader = Task {
                var seen: [[Int]] = Array(repeating: [], count: 3)
                for await (thread, index) in signal.values {
                    seen[thread].append(index)
                    if seen.map(\.count).reduce(0, +) == 3 * perThread { break }
                }
                return seen
            }
            #expect(await eventually { signal.observerCount == 1 })
            let senders = (0..<3).map { thread in
                onNewThread { for index in 0..<perThread { input.send(value: (thread, index)) } }
            }
            for sender in senders { sender.wait() }
            let seen = await reader.value
            for thread in 0..<3 { #expect(seen[thread] == Array(0..<perThread)) }
        }

        @Test("cancelling the loop's task from another task while values flow disposes the run")
        func cancelWhileFlowing() async {
            let disposed = TestCounter()
            let stop = TestCounter()
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                onNewThread {
                    var value = 0
                    while stop.value == 0 {
                        value += 1
                        observer.send(value: value)
                    }
                }
                // Runs on the sending thread when it delivers the interruption: it must not
                // wait for that thread.
                lifetime.observeEnded { stop.increment() }
            }
            .on(disposed: { disposed.increment() })
            let (reading, readingInput) = AsyncStream.makeStream(of: Void.self)
            let reader = Task {
                var count = 0
                for await _ in producer.values {
                    count += 1
                    if count == 100 { readingInput.yield() }
                }
                return count
            }
            for await _ in reading { break }
            reader.cancel()
            let count = await reader.value
            #expect(count >= 100)
            // Disposed at once; the sending thread, inside a delivery, runs the disposal
            // callbacks right after it.
            #expect(await eventually { disposed.value == 1 })
        }

        @Test("many iterations of one producer at once each get the whole run")
        func concurrentIterations() async {
            let producer = SignalProducer<Int, Never>(1...500)
            let sums = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var sum = 0
                        for await value in producer.values { sum += value }
                        return sum
                    }
                }
                var sums: [Int] = []
                for await sum in group { sums.append(sum) }
                return sums
            }
            #expect(sums == Array(repeating: 125_250, count: 8))
        }
    }
}

/// Waits, suspending rather than blocking a thread, until `condition` holds or `seconds` pass;
/// returns whether it held. Async tests use it so that the tasks they wait for can run.
func eventually(seconds: Double = 20, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
