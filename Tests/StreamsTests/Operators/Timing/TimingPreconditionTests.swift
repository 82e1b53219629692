import Foundation
import Testing
@testable import Streams

/// Bad intervals stop with a message naming the operator and the value.
@Suite("Timing operators: misuse")
struct TimingPreconditionTests {
    func stderr(_ result: ExitTest.Result?) -> String {
        result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    }

    @Test("negative delay, throttle, debounce and timeout intervals")
    func negativeIntervals() async {
        let delay = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, Never>.never.delay(-1, on: TestScheduler())
        }
        #expect(stderr(delay).contains("delay(_:on:): interval must be >= 0, got -1.0"))
        let throttle = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.throttle(-2, on: TestScheduler())
        }
        #expect(stderr(throttle).contains("throttle(_:on:): interval must be >= 0, got -2.0"))
        let debounce = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, Never>.never.debounce(-0.5, on: TestScheduler())
        }
        #expect(stderr(debounce).contains("debounce(_:on:discardWhenCompleted:): interval must be >= 0, got -0.5"))
        let timeout = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer<Int, TestError>.never.timeout(after: -3, raising: .first, on: TestScheduler())
        }
        #expect(stderr(timeout).contains("timeout(after:raising:on:): interval must be >= 0, got -3.0"))
    }

    @Test("non-positive periods of collect(every:), timer and interval, and a negative leeway")
    func nonPositivePeriods() async {
        let collect = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.collect(every: .seconds(0), on: TestScheduler())
        }
        #expect(stderr(collect).contains("collect(every:on:skipEmpty:discardWhenCompleted:): interval must be > 0, got seconds(0)"))
        let timer = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer.timer(interval: .milliseconds(-5), on: TestScheduler())
        }
        #expect(stderr(timer).contains("timer(interval:on:): interval must be > 0, got milliseconds(-5)"))
        let leeway = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer.timer(interval: .seconds(1), on: TestScheduler(), leeway: .seconds(-1))
        }
        #expect(stderr(leeway).contains("timer(interval:on:leeway:): leeway must be >= 0, got seconds(-1)"))
        let sequence = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer.interval([1, 2], interval: .seconds(0), on: TestScheduler())
        }
        #expect(stderr(sequence).contains("interval(_:interval:on:): interval must be > 0, got seconds(0)"))
        let count = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SignalProducer.interval(.nanoseconds(0), on: TestScheduler())
        }
        #expect(stderr(count).contains("interval(_:on:): interval must be > 0, got nanoseconds(0)"))
    }
}
