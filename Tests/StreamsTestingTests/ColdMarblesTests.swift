import Testing
@testable import StreamsTesting

@Suite("Cold marbles")
struct ColdMarblesTests {
    @Test("nothing happens until the producer is started")
    func nothingBeforeStart() {
        let test = MarbleTest()
        let source = test.cold("a|")
        test.scheduler.run()
        #expect(source.subscriptions.isEmpty)
        #expect(test.scheduler.nextDueDate == nil)
    }

    @Test("a run plays the diagram from the frame it started at")
    func relativeToStart() {
        let test = MarbleTest()
        let source = test.cold("-a-(bc)|")
        let log = FrameLog<String, MarbleError>(test)
        test.advance(toFrame: 3)
        source.producer.start(log.observer)
        test.scheduler.run()
        #expect(log.events == [
            FramedEvent(4, .value("a")), FramedEvent(6, .value("b")), FramedEvent(6, .value("c")),
            FramedEvent(7, .completed),
        ])
        #expect(source.subscriptions == ["---^---!"])
    }

    @Test("two runs started at different frames play independently, each from its own start")
    func twoRuns() {
        let test = MarbleTest()
        let source = test.cold("-a|", values: ["a": 1])
        let first = FrameLog<Int, MarbleError>(test)
        let second = FrameLog<Int, MarbleError>(test)
        source.producer.start(first.observer)
        test.scheduler.schedule(after: test.date(ofFrame: 4)) { source.producer.start(second.observer) }
        test.scheduler.run()
        #expect(first.events == [FramedEvent(1, .value(1)), FramedEvent(2, .completed)])
        #expect(second.events == [FramedEvent(5, .value(1)), FramedEvent(6, .completed)])
        #expect(source.subscriptions == ["^-!", "----^-!"])
    }

    @Test("values and error come from the arguments")
    func valuesAndError() {
        let test = MarbleTest()
        let log = FrameLog<Int, TestError>(test)
        test.cold("a-#", values: ["a": 5], error: TestError.first).producer.start(log.observer)
        test.scheduler.run()
        #expect(log.events == [FramedEvent(0, .value(5)), FramedEvent(2, .failed(.first))])
    }

    @Test("disposing a run interrupts it at that frame, cancels its later events and ends its subscription")
    func disposal() {
        let test = MarbleTest()
        let source = test.cold("-a-b-|")
        let log = FrameLog<String, MarbleError>(test)
        let run = source.producer.start(log.observer)
        test.advance(toFrame: 2)
        run.dispose()
        test.scheduler.run()
        #expect(log.events == [FramedEvent(1, .value("a")), FramedEvent(2, .interrupted)])
        #expect(source.subscriptions == ["^-!"])
        #expect(test.scheduler.nextDueDate == nil)
    }

    @Test("a run that has not ended has no '!' in its subscription")
    func runStillGoing() {
        let test = MarbleTest()
        let source = test.cold("-a-")
        let log = FrameLog<String, MarbleError>(test)
        test.advance(toFrame: 2)
        source.producer.start(log.observer)
        test.scheduler.run()
        #expect(source.subscriptions == ["--^"])
        // No terminal event in the diagram: the run is not interrupted after its last event.
        #expect(log.events == [FramedEvent(3, .value("a"))])
    }

    @Test("a run that ends at the frame it started draws as a group")
    func endsAtStart() {
        let test = MarbleTest()
        let source = test.cold("|")
        test.advance(toFrame: 1)
        source.producer.start()
        test.scheduler.run()
        #expect(source.subscriptions == ["-(^!)"])
    }

    @Test("the subscriptions of a source a pipeline starts several times show every run")
    func restartedByOperator() {
        let test = MarbleTest()
        let outer = test.hot("-a---b|")
        let inner = test.cold("-x|")
        test.expect(outer.producer.flatMap { _ in inner.producer }, "--x---x|")
        #expect(inner.subscriptions == ["-^-!", "-----^-!"])
    }
}
