import Foundation
import Testing
@testable import Streams

/// A misuse stops the program with a message that names the operator, the bad value and the
/// caller's file and line, in debug and optimized builds alike (CI runs this suite in both).
///
/// An exit test's body is expanded at its `#expect`, so the caller's line is that of the
/// `#expect(processExitsWith:)` line.
@Suite("Misuse messages")
struct MisuseMessageTests {
    func stderr(_ result: ExitTest.Result?) -> String {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    }

    @Test("take(first:) with a negative count names the caller's line")
    func takeFirst() async {
        let takeLine = #line + 1
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, Never>(value: 1).take(first: -3)
        }
        let output = stderr(result)
        #expect(output.contains("take(first:) needs a count >= 0, got -3"))
        #expect(output.contains("StreamsTests/MisuseMessageTests.swift:\(takeLine)"))
        #expect(!output.contains("Lift.swift"))
        #expect(!output.contains("Take.swift"))
    }

    @Test("a timing operator and a scheduler name the caller's line")
    func timingAndScheduler() async {
        let delayLine = #line + 1
        let delay = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.delay(-1, on: TestScheduler())
        }
        #expect(stderr(delay).contains("delay(_:on:): interval must be >= 0, got -1.0"))
        #expect(stderr(delay).contains("StreamsTests/MisuseMessageTests.swift:\(delayLine)"))
        let advanceLine = #line + 1
        let advance = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().advance(by: -2)
        }
        #expect(stderr(advance).contains("TestScheduler.advance(by:) needs an interval >= 0, got -2.0"))
        #expect(stderr(advance).contains("StreamsTests/MisuseMessageTests.swift:\(advanceLine)"))
        let strategyLine = #line + 1
        let strategy = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FlattenStrategy.concurrent(limit: 0)
        }
        #expect(stderr(strategy).contains("FlattenStrategy.concurrent(limit:) needs a limit >= 1, got 0"))
        #expect(stderr(strategy).contains("StreamsTests/MisuseMessageTests.swift:\(strategyLine)"))
    }
}
