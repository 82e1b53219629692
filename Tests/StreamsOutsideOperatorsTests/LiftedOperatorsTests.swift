import Testing
import Streams

@Suite("Operators written outside the package with lift")
struct LiftedOperatorsTests {
    @Test("a signal operator lifted to producers runs with fresh state on each start")
    func liftedOperatorPerRun() {
        let producer = SignalProducer<Int, OutsideError>(1...7).everyNth(3)
        let first = run(producer)
        let second = run(producer)
        #expect(first.values == [3, 6])
        #expect(first.terminal == "completed")
        #expect(second.values == [3, 6])
    }

    @Test("a lifted operator forwards the upstream's failure")
    func liftedOperatorFails() {
        let producer = SignalProducer<Int, OutsideError>([1, 2])
            .concat(SignalProducer(error: .boom))
            .everyNth(2)
        let result = run(producer)
        #expect(result.values == [2])
        #expect(result.terminal == "failed(boom)")
    }

    @Test("disposing a run of a lifted producer interrupts the upstream run")
    func liftedOperatorDisposal() {
        let (upstreamEnded, endedInput) = Signal<Never, Never>.pipe()
        var ended = false
        upstreamEnded.observeCompleted { ended = true }
        // Keeps its observer until the run ends: a start handler that drops it is interrupted.
        let upstream = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded {
                withExtendedLifetime(observer) { endedInput.sendCompleted() }
            }
        }
        var terminal = "none"
        let disposable = upstream.everyNth(2).start { event in
            if case .interrupted = event { terminal = "interrupted" }
        }
        #expect(!ended)
        disposable.dispose()
        #expect(ended)
        #expect(terminal == "interrupted")
    }
}
