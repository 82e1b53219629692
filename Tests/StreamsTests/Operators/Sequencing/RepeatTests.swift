import Foundation
import Testing
@testable import Streams
import StreamsTesting

@Suite("repeat(_:)")
struct RepeatTests {
    @Test("an ended repetition is disposed before the next starts, even when it ended from a scheduled delivery")
    func disposesBeforeTheNextStarts() {
        let scheduler = TestScheduler()
        var log: [String] = []
        // A source that never ends; take(while:) ends each repetition at its first value, which
        // reaches it from an action of the scheduler.
        let source = SignalProducer<Int, Never> { observer, _ in observer.send(value: 1) }
        source
            .on(disposed: { log.append("disposed") })
            .throttle(0.5, on: scheduler)
            .on(starting: { log.append("starting") })
            .take(while: { $0 % 2 == 0 })
            .repeat(2)
            .startWithCompleted { log.append("completed") }
        scheduler.advance()
        #expect(log == ["starting", "disposed", "starting", "completed", "disposed"])
    }

    @Test("runs the producer count times in total, in order, then completes")
    func order() {
        let starts = TestCounter()
        let producer = countedProducer([1, 2], then: .completed, starts: starts).repeat(3)
        #expect(eventsDuringStart(of: producer).compactMap(\.value) == [1, 2, 1, 2, 1, 2])
        #expect(eventsDuringStart(of: producer).last == .completed)
        #expect(starts.value == 6)
    }

    @Test("repeat(0) completes at once without starting the producer; repeat(1) runs it once")
    func zeroAndOne() {
        let starts = TestCounter()
        let source = countedProducer([7], then: .completed, starts: starts)
        #expect(eventsDuringStart(of: source.repeat(0)) == [.completed])
        #expect(starts.value == 0)
        #expect(eventsDuringStart(of: source.repeat(1)) == [.value(7), .completed])
        #expect(starts.value == 1)
    }

    @Test("a failure or an interruption ends the repetition at once",
          arguments: [Termination<TestError>.failed(.first), .interrupted])
    func terminalStops(_ termination: Termination<TestError>) {
        let starts = TestCounter()
        let events = eventsDuringStart(of: countedProducer([1], then: termination, starts: starts).repeat(5))
        #expect(events == [.value(1), Signal.Event(termination)])
        #expect(starts.value == 1)
    }

    @Test("a failure in the third run is forwarded after the values of the first three")
    func failureLater() {
        let runs = TestCounter()
        let source = SignalProducer<Int, TestError> { observer, _ in
            let run = runs.increment()
            observer.send(value: run)
            if run == 3 { observer.send(error: .second) } else { observer.sendCompleted() }
        }
        #expect(eventsDuringStart(of: source.repeat(10)) == [.value(1), .value(2), .value(3), .failed(.second)])
        #expect(runs.value == 3)
    }

    @Test("asynchronous runs: each starts when the previous one completed")
    func asynchronous() {
        let source = ManualSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        source.producer.repeat(3).start(log.observer)
        #expect(source.starts == 1)
        source.send([.value(1), .completed])
        #expect(source.starts == 2)
        source.send([.value(2), .completed])
        source.send([.value(3)])
        #expect(log.events == [.value(1), .value(2), .value(3)])
        source.send([.completed])
        #expect(source.starts == 3)
        #expect(log.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test("disposal interrupts the running run, and no further run starts")
    func disposal() {
        let source = ManualSource<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let disposable = source.producer.repeat(100).start(log.observer)
        source.send([.value(1), .completed])
        disposable.dispose()
        #expect(source.lifetime.hasEnded)
        source.send([.value(2), .completed])
        #expect(source.starts == 2)
        #expect(log.events == [.value(1), .interrupted])
    }

    @Test("disposing from inside the observer stops a synchronous repetition at once")
    func disposalFromObserver() {
        let starts = TestCounter()
        let log = EventLog<Int, TestError>()
        _ = countedProducer([1, 2], then: .completed, starts: starts).repeat(1_000).startWithSignal { signal, handle in
            signal.observe { event in
                log.append(event)
                if log.values.count == 5 { handle.dispose() }
            }
        }
        #expect(log.events == [.value(1), .value(2), .value(1), .value(2), .value(1), .interrupted])
        #expect(starts.value == 3)
    }

    @Test("take(first:) downstream stops an endless repetition")
    func takeStops() {
        let starts = TestCounter()
        let events = eventsDuringStart(of: countedProducer([1], then: .completed, starts: starts).repeat(.max).take(first: 4))
        #expect(events == [.value(1), .value(1), .value(1), .value(1), .completed])
        #expect(starts.value == 4)
    }
}

@Suite("repeat(_:) marbles")
struct RepeatMarbleTests {
    @Test("each run starts at the frame the previous one completed")
    func runs() {
        let test = MarbleTest()
        let source = test.cold("-a-b|")
        test.expect(source.producer.repeat(3), "-a-b-a-b-a-b|")
        #expect(source.subscriptions == ["^---!", "----^---!", "--------^---!"])
    }

    @Test("a failure in a run ends the repetition")
    func failure() {
        let test = MarbleTest()
        let source = test.cold("-a#")
        test.expect(source.producer.repeat(3), "-a#")
        #expect(source.subscriptions == ["^-!"])
    }

    @Test("disposal ends the running run's subscription")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        test.expect(source.producer.repeat(5), "-a-a!", disposeAt: 4)
        #expect(source.subscriptions == ["^-!", "--^-!"])
    }
}
