import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Streams

// Helpers shared by the Streams contract tests.

/// An error type for streams that can fail.
enum TestError: Swift.Error, Equatable, CustomStringConvertible {
    case first
    case second

    var description: String {
        switch self {
        case .first: return "first"
        case .second: return "second"
        }
    }
}

/// A class instance to capture in closures, so that a weak reference tells whether the closure
/// (and whatever owns it) has been released.
final class TestCanary: @unchecked Sendable {
    let name: String
    init(_ name: String = "canary") { self.name = name }
}

/// Mutable state captured by closures.
///
/// `@unchecked Sendable` on purpose: the tests that mutate it from several threads do so only
/// inside deliveries the library promises to serialize, so a broken promise shows up as a wrong
/// count, an overlap, or a ThreadSanitizer report.
final class TestBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A lock-free counter, safe from any thread.
final class TestCounter: Sendable {
    private let storage = Synchronization.Atomic<Int>(0)

    init() {}

    @discardableResult
    func increment() -> Int { storage.add(1, ordering: .sequentiallyConsistent).newValue }

    var value: Int { storage.load(ordering: .sequentiallyConsistent) }

    func store(_ newValue: Int) { storage.store(newValue, ordering: .sequentiallyConsistent) }

    func add(_ amount: Int) { storage.add(amount, ordering: .sequentiallyConsistent) }
}

/// Detects overlapping calls: every callback calls `enter()` on entry and `leave()` on exit; if
/// two callbacks are ever inside at once, `overlaps` becomes positive.
final class OverlapDetector: Sendable {
    private let inside = Synchronization.Atomic<Bool>(false)
    private let overlapCount = Synchronization.Atomic<Int>(0)

    init() {}

    func enter() {
        if inside.exchange(true, ordering: .acquiringAndReleasing) {
            overlapCount.add(1, ordering: .relaxed)
        }
    }

    func leave() {
        inside.store(false, ordering: .releasing)
    }

    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
}

/// Runs `body` on a fresh thread and waits at most `seconds` for it.
///
/// - Returns: What `body` returned, or `nil` if it did not finish in time (a deadlock). The
///   stuck thread is abandoned; the test reports the failure instead of hanging the run.
func runWithDeadline<T>(seconds: Double = 10, _ body: @escaping @Sendable () -> T) -> T? {
    let result = TestBox<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.value = value
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.value
}

/// Runs `body` on a new thread of its own and returns a semaphore signalled when it is done.
///
/// Stress tests use dedicated threads rather than `DispatchQueue.global()` for work that loops
/// until told to stop: on a 2-core machine the global queue's few workers can all be taken by
/// other spinning work, and the loop would never get to run.
@discardableResult
func onNewThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    return done
}

/// Waits, yielding the processor, until `condition` holds or `seconds` pass. Returns whether it
/// held.
func waitUntil(seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        sched_yield()
    }
    return true
}

/// The parent of every multi-threaded suite (all have "Concurrency" in their names, for the
/// ThreadSanitizer run). They run one at a time, so that no stress test starves another of
/// processors on a small machine.
@Suite("Concurrency", .serialized)
enum ConcurrencySuites {}

/// Busy work that keeps an observer "inside" for a moment, so that concurrent callers would
/// overlap if delivery were not serialized.
@inline(never)
func spin(_ iterations: Int) -> Int {
    var x = 0
    for i in 0..<iterations { x = x &* 31 &+ i }
    return x
}

/// A tiny deterministic pseudo-random generator (the tests must be reproducible).
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Records the events of one stream, in order.
final class EventLog<Value, Error: Swift.Error>: @unchecked Sendable {
    private(set) var events: [Signal<Value, Error>.Event] = []

    init() {}

    var observer: Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { [self] event in events.append(event) }
    }

    func append(_ event: Signal<Value, Error>.Event) { events.append(event) }

    var values: [Value] { events.compactMap(\.value) }
    var terminals: [Signal<Value, Error>.Event] { events.filter(\.isTerminating) }
}

/// Starts `producer` and returns every event of the run.
func events<Value, Error>(of producer: SignalProducer<Value, Error>) -> [Signal<Value, Error>.Event] {
    let log = EventLog<Value, Error>()
    producer.start(log.observer)
    return log.events
}

/// Runs `body` on a new thread and waits for it: a sender outside the main actor, with the main
/// actor blocked meanwhile, so whatever the sender hands to the main queue waits there.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}

/// Suspends until the main queue has run every block queued on it before this call.
@MainActor
func mainQueueDrained() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}
