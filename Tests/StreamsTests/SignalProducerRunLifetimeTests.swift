import Testing
@testable import Streams

/// How long runs last: while their disposable is held, and, inside flattening, after the outer
/// stream completed.
@Suite("Run lifetime")
struct RunLifetimeTests {
    @Test("completing the outer stream does not end the inner runs", arguments: [FlattenStrategy.latest, .merge])
    func innerRunsOutliveOuterCompletion(_ strategy: FlattenStrategy) {
        let (inner, innerInput) = Signal<Int, Never>.pipe()
        var events: [Signal<Int, Never>.Event] = []
        let disposable = SignalProducer<SignalProducer<Int, Never>, Never>(value: inner.producer)
            .flatten(strategy)
            .start { events.append($0) }
        // The outer producer has completed; the inner one runs on.
        innerInput.send(value: 1)
        innerInput.send(value: 2)
        #expect(events == [.value(1), .value(2)])
        innerInput.sendCompleted()
        #expect(events == [.value(1), .value(2), .completed])
        #expect(disposable.isDisposed)
    }

    @Test("disposing the whole run cancels the inner runs at once", arguments: [FlattenStrategy.latest, .merge, .concat])
    func disposalCancelsInnerRuns(_ strategy: FlattenStrategy) {
        var innerDisposals = 0
        let inner = SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { innerDisposals += 1 }
        }
        var events: [Signal<Int, Never>.Event] = []
        let disposable = SignalProducer<SignalProducer<Int, Never>, Never>(value: inner)
            .flatten(strategy)
            .start { events.append($0) }
        #expect(innerDisposals == 0)
        disposable.dispose()
        #expect(innerDisposals == 1)
        #expect(events == [.interrupted])
    }

    @Test("an inner run whose handler keeps nothing lasts while the flattened run does")
    func innerHandlerKeepingNothing() {
        var innerDisposals = 0
        let inner = SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { innerDisposals += 1 }
        }
        var events: [Signal<Int, Never>.Event] = []
        let disposable = SignalProducer<Int, Never>(value: 0)
            .flatMap(.merge) { _ in inner }
            .start { events.append($0) }
        #expect(innerDisposals == 0)
        #expect(events.isEmpty)
        disposable.dispose()
        #expect(innerDisposals == 1)
        #expect(events == [.interrupted])
    }

    @Test("a handler that only adds an upstream run to its lifetime keeps receiving")
    func lifetimeOnlyHandler() {
        let (updates, updatesInput) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        let producer = SignalProducer<Int, Never> { _, lifetime in
            lifetime += updates.producer.startWithValues { seen.append($0) }
        }
        let disposable = producer.start()
        updatesInput.send(value: 1)
        updatesInput.send(value: 2)
        #expect(seen == [1, 2])
        disposable.dispose()
        updatesInput.send(value: 3)
        #expect(seen == [1, 2])
    }
}
