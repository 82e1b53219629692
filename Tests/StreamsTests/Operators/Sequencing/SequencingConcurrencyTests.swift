import Dispatch
import Foundation
import Testing
@testable import Streams

// Sequencing runs whose stages send and end on other threads; run under ThreadSanitizer in CI.

/// Records events from any thread: overlapping deliveries, terminal events and anything after one.
private final class GrammarLog: @unchecked Sendable {
    let detector = OverlapDetector()
    private(set) var values: [Int] = []
    private(set) var terminals: [Signal<Int, TestError>.Event] = []
    private(set) var afterTerminal = 0
    let ended = DispatchSemaphore(value: 0)

    var observer: Signal<Int, TestError>.Observer {
        Signal.Observer { [self] event in
            detector.enter()
            if !terminals.isEmpty { afterTerminal += 1 }
            if let value = event.value {
                _ = spin(5)
                values.append(value)
            } else {
                terminals.append(event)
                ended.signal()
            }
            detector.leave()
        }
    }
}

extension ConcurrencySuites {
    @Suite("Sequencing Concurrency")
    struct SequencingConcurrencyTests {
        @Test("retry: attempts that fail on other threads lose no value and keep the grammar")
        func retryAcrossThreads() {
            let attempts = TestCounter()
            let perAttempt = 200
            let retries = 30
            // Each attempt sends from a new thread, then fails, except the last, which completes.
            let source = SignalProducer<Int, TestError> { observer, lifetime in
                let attempt = attempts.increment()
                onNewThread {
                    for index in 0..<perAttempt where !lifetime.hasEnded {
                        observer.send(value: attempt * perAttempt + index)
                    }
                    if attempt == retries + 1 { observer.sendCompleted() } else { observer.send(error: .first) }
                }
            }
            let log = GrammarLog()
            source.retry(upTo: retries).start(log.observer)
            #expect(log.ended.wait(timeout: .now() + 60) == .success)
            #expect(attempts.value == retries + 1)
            #expect(log.values == Array(perAttempt..<((retries + 2) * perAttempt)))
            #expect(log.terminals == [.completed])
            #expect(log.afterTerminal == 0)
            #expect(log.detector.overlaps == 0)
        }

        @Test("repeat: one producer started concurrently from several threads gives each run all its values")
        func concurrentStarts() {
            let threads = 4
            let repetitions = 2_000
            let producer = SignalProducer<Int, TestError>([0, 1, 2]).repeat(repetitions)
            let results = (0..<threads).map { _ in TestBox<[Int]>([]) }
            let terminals = (0..<threads).map { _ in TestBox<[Signal<Int, TestError>.Event]>([]) }
            let done = (0..<threads).map { thread in
                onNewThread {
                    producer.start { event in
                        if let value = event.value { results[thread].value.append(value) } else { terminals[thread].value.append(event) }
                    }
                }
            }
            for semaphore in done { #expect(semaphore.wait(timeout: .now() + 60) == .success) }
            let expected = Array(repeating: [0, 1, 2], count: repetitions).flatMap { $0 }
            for thread in 0..<threads {
                #expect(results[thread].value == expected)
                #expect(terminals[thread].value == [.completed])
            }
        }

        @Test("repeat: disposal from another thread while runs end on other threads stops the restarts")
        func disposalRace() {
            for round in 0..<20 {
                let starts = TestCounter()
                let source = SignalProducer<Int, TestError> { observer, lifetime in
                    let run = starts.increment()
                    onNewThread {
                        if !lifetime.hasEnded { observer.send(value: run) }
                        observer.sendCompleted()
                    }
                }
                let log = GrammarLog()
                let disposable = source.repeat(.max).start(log.observer)
                _ = waitUntil(seconds: 10) { starts.value >= 3 + round % 5 }
                disposable.dispose()
                #expect(log.ended.wait(timeout: .now() + 10) == .success)
                let startsAtDisposal = starts.value
                // A restart already decided may still begin, but nothing follows it.
                Thread.sleep(forTimeInterval: 0.01)
                #expect(starts.value <= startsAtDisposal + 1)
                #expect(log.terminals == [.interrupted])
                #expect(log.afterTerminal == 0)
                #expect(log.detector.overlaps == 0)
                #expect(log.values == (0..<log.values.count).map { $0 + 1 })
            }
        }
    }
}
