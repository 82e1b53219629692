import Foundation
import Testing
@testable import Streams

// Helpers for the tests of concat, prefix, then, repeat and retry.

/// Starts `producer` and returns every event it delivered before `start` returned.
func eventsDuringStart<Value, Error>(of producer: SignalProducer<Value, Error>) -> [Signal<Value, Error>.Event] {
    let log = EventLog<Value, Error>()
    producer.start(log.observer)
    return log.events
}

/// A synchronous producer that counts its starts in `starts`, then sends `values` and ends with
/// `termination` (a failure by default).
func countedProducer(
    _ values: [Int], then termination: Termination<TestError> = .failed(.first), starts: TestCounter
) -> SignalProducer<Int, TestError> {
    SignalProducer(run: ProducerRuns.synchronous { observer, _ in
        starts.increment()
        for value in values { observer.send(value: value) }
        return termination
    })
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes (256 KiB by default) and waits
/// for it; a recursion per repetition would overflow such a stack and crash the test process.
///
/// - Returns: Whether it finished within `seconds`.
func runWithSmallStack(
    stackSize: Int = 256 << 10, seconds: Double = 300, _ body: @escaping @Sendable () -> Void
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// How many repetitions the constant-stack tests run: a million in optimized builds, a hundred
/// thousand in debug builds, which are far slower and whose frames are larger, so that a
/// recursion per repetition would overflow the small stack just as surely.
var deepCount: Int {
    #if DEBUG
    return 100_000
    #else
    return 1_000_000
    #endif
}

/// The text a failed exit test wrote on its standard error.
func standardError(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}
