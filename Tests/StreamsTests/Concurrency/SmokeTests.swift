import Foundation
import Streams
import Testing

@Suite("Swift concurrency smoke")
struct SwiftConcurrencySmokeTests {
    struct Boom: Error, Equatable {}

    @Test func valuesOfSyncProducer() async {
        var got: [Int] = []
        for await value in SignalProducer<Int, Never>(0..<5).values { got.append(value) }
        #expect(got == [0, 1, 2, 3, 4])
    }

    @Test func valuesThrowTyped() async {
        var got: [Int] = []
        do {
            for try await value in SignalProducer<Int, Boom>([1, 2]).concat(SignalProducer(error: Boom())).values { got.append(value) }
            Issue.record("no error")
        } catch {
            let typed: Boom = error
            #expect(typed == Boom())
        }
        #expect(got == [1, 2])
    }

    @Test func fromAsyncSequence() async {
        let stream = AsyncStream<Int> { c in for i in 0..<3 { c.yield(i) }; c.finish() }
        let producer = SignalProducer(stream)
        let all = await producer.collect().firstValue()
        #expect(all == [0, 1, 2])
        let one = await SignalProducer<Int, Never> { () async -> Int in 42 }.firstValue()
        #expect(one == 42)
    }

    @MainActor @Test func mainActorDelivery() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        var got: [Int] = []
        let done = AsyncStream<Void>.makeStream()
        signal.observeValues(on: MainActor.self) { value in
            got.append(value)
            if value == 3 { done.continuation.yield() }
        }
        Thread.detachNewThread { for i in 1...3 { input.send(value: i) } }
        for await _ in done.stream { break }
        #expect(got == [1, 2, 3])
    }
}

import Observation

@Observable final class SmokeModel {
    var score = 0
}

@Suite("Observation smoke")
struct ObservationSmokeTests {
    @Test func keyPathProducer() {
        let scheduler = TestScheduler()
        var model: SmokeModel? = SmokeModel()
        var got: [Int] = []
        var ended = false
        SignalProducer(observing: model!, \.score, on: scheduler).start { event in
            switch event {
            case let .value(v): got.append(v)
            case .completed: ended = true
            default: break
            }
        }
        model!.score = 1
        model!.score = 2
        scheduler.advance()
        model!.score = 3
        scheduler.advance()
        #expect(got == [0, 2, 3])
        model = nil
        #expect(ended)
    }

    @Test func observableProperty() {
        let count = MutableProperty(0)
        let shown = count.observable
        let fired = TestCounter()
        withObservationTracking { _ = shown.value } onChange: { fired.increment() }
        count.value = 1
        #expect(fired.value == 1)
        shown.value = 5
        #expect(count.value == 5)
    }
}
