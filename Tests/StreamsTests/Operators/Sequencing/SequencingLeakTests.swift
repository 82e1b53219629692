import Foundation
import Testing
@testable import Streams

// After completion or disposal, a run of concat, then, repeat or retry lets go of its observer,
// of the producers it ran and of what their closures captured. Each test first checks that the
// canary is alive while the run is, so that nil afterwards means "released".

@Suite("Leaks: sequencing operators")
struct SequencingLeakTests {
    /// A start-handler producer capturing `canary`, whose runs the test ends through `inputs`.
    private func manual(_ canary: TestCanary, _ inputs: TestBox<[Signal<Int, TestError>.Observer]>) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, _ in
            _ = canary
            inputs.value.append(observer)
        }
    }

    @Test("repeat releases its producer and observer after completing")
    func repeatCompletion() {
        weak var producerCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let inputs = TestBox<[Signal<Int, TestError>.Observer]>([])
        var values: [Int] = []
        do {
            let inProducer = TestCanary()
            let inObserver = TestCanary()
            producerCanary = inProducer
            observerCanary = inObserver
            manual(inProducer, inputs).repeat(2).startWithResult { result in
                _ = inObserver
                if case let .success(value) = result { values.append(value) }
            }
        }
        #expect(producerCanary != nil && observerCanary != nil)
        inputs.value.last?.send(value: 1)
        inputs.value.last?.sendCompleted()
        inputs.value.last?.send(value: 2)
        inputs.value.last?.sendCompleted()
        inputs.value = []
        #expect(values == [1, 2])
        #expect(producerCanary == nil)
        #expect(observerCanary == nil)
    }

    @Test("retry releases everything when disposed during an attempt")
    func retryDisposal() {
        weak var producerCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let inputs = TestBox<[Signal<Int, TestError>.Observer]>([])
        let disposable: Disposable
        do {
            let inProducer = TestCanary()
            let inObserver = TestCanary()
            producerCanary = inProducer
            observerCanary = inObserver
            disposable = manual(inProducer, inputs).retry(upTo: 3).startWithFailed { _ in _ = inObserver }
        }
        inputs.value.last?.send(error: .first)
        #expect(inputs.value.count == 2)
        #expect(producerCanary != nil && observerCanary != nil)
        disposable.dispose()
        // Released even though the test still holds the inputs of both attempts.
        #expect(producerCanary == nil)
        #expect(observerCanary == nil)
        #expect(inputs.value.count == 2)
    }

    @Test("retry with an interval releases everything when disposed while waiting, though the scheduler lives on")
    func retryIntervalDisposal() {
        let scheduler = TestScheduler()
        weak var producerCanary: TestCanary?
        weak var observerCanary: TestCanary?
        let disposable: Disposable
        do {
            let inProducer = TestCanary()
            let inObserver = TestCanary()
            producerCanary = inProducer
            observerCanary = inObserver
            disposable = SignalProducer<Int, TestError> { observer, _ in
                _ = inProducer
                observer.send(error: .first)
            }
            .retry(upTo: 3, interval: 60, on: scheduler)
            .startWithFailed { _ in _ = inObserver }
        }
        #expect(scheduler.nextDueDate != nil)
        #expect(producerCanary != nil && observerCanary != nil)
        disposable.dispose()
        #expect(scheduler.nextDueDate == nil)
        #expect(producerCanary == nil)
        #expect(observerCanary == nil)
        withExtendedLifetime(scheduler) {}
    }

    @Test("then releases both producers and the observer after completing, and after disposal")
    func thenRelease() {
        for dispose in [false, true] {
            weak var firstCanary: TestCanary?
            weak var replacementCanary: TestCanary?
            weak var observerCanary: TestCanary?
            let inputs = TestBox<[Signal<Int, TestError>.Observer]>([])
            let disposable: Disposable
            do {
                let inFirst = TestCanary()
                let inReplacement = TestCanary()
                let inObserver = TestCanary()
                firstCanary = inFirst
                replacementCanary = inReplacement
                observerCanary = inObserver
                disposable = manual(inFirst, inputs).then(manual(inReplacement, inputs)).start { _ in _ = inObserver }
            }
            inputs.value.last?.sendCompleted()
            #expect(inputs.value.count == 2)
            #expect(firstCanary != nil && replacementCanary != nil && observerCanary != nil)
            if dispose { disposable.dispose() } else { inputs.value.last?.sendCompleted() }
            inputs.value = []
            #expect(firstCanary == nil, "dispose: \(dispose)")
            #expect(replacementCanary == nil, "dispose: \(dispose)")
            #expect(observerCanary == nil, "dispose: \(dispose)")
        }
    }
}
