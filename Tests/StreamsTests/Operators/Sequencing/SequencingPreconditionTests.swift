import Foundation
import Testing
@testable import Streams

/// Bad counts and intervals stop with a message naming the operator and the value.
@Suite("Sequencing operators: misuse")
struct SequencingPreconditionTests {
    @Test("negative counts and intervals")
    func negativeArguments() async {
        let repeated = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, Never>(value: 1).repeat(-3)
        }
        #expect(standardError(repeated).contains("repeat(_:) needs a count >= 0, got -3"))
        let retried = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, TestError>(value: 1).retry(upTo: -1)
        }
        #expect(standardError(retried).contains("retry(upTo:) needs a count >= 0, got -1"))
        let retriedCount = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, TestError>(value: 1).retry(upTo: -2, interval: 1, on: TestScheduler())
        }
        #expect(standardError(retriedCount).contains("retry(upTo:interval:on:) needs a count >= 0, got -2"))
        let retriedInterval = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, TestError>(value: 1).retry(upTo: 2, interval: -1.5, on: TestScheduler())
        }
        #expect(standardError(retriedInterval).contains("retry(upTo:interval:on:) needs an interval >= 0, got -1.5"))
    }
}
