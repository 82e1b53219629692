import Testing
@testable import StreamsTesting

@Suite("Hot marbles")
struct HotMarblesTests {
    @Test("a hot signal sends each event at its frame, counted from frame 0")
    func timing() {
        let test = MarbleTest()
        let log = FrameLog<String, MarbleError>(test)
        test.hot("-a-b-|").observe(log.observer)
        test.advance(toFrame: 2)
        #expect(log.events == [FramedEvent(1, .value("a"))])
        test.scheduler.run()
        #expect(log.events == [FramedEvent(1, .value("a")), FramedEvent(3, .value("b")), FramedEvent(5, .completed)])
    }

    @Test("events happen whether or not anyone observes: a late observer misses the earlier ones")
    func lateObserverMissesEvents() {
        let test = MarbleTest()
        let signal = test.hot("-a-b-|")
        test.advance(toFrame: 2)
        let log = FrameLog<String, MarbleError>(test)
        signal.observe(log.observer)
        test.scheduler.run()
        #expect(log.events == [FramedEvent(3, .value("b")), FramedEvent(5, .completed)])
    }

    @Test("values come from the dictionary and '#' fails with the given error")
    func valuesAndError() {
        let test = MarbleTest()
        let log = FrameLog<Int, TestError>(test)
        test.hot("-a-(bc)#", values: ["a": 1, "b": 2, "c": 3], error: TestError.second).observe(log.observer)
        test.scheduler.run()
        #expect(log.events == [
            FramedEvent(1, .value(1)), FramedEvent(3, .value(2)), FramedEvent(3, .value(3)),
            FramedEvent(4, .failed(.second)),
        ])
    }

    @Test("without an error, '#' fails with MarbleError()")
    func defaultError() {
        let test = MarbleTest()
        let log = FrameLog<Int, MarbleError>(test)
        test.hot("a#", values: ["a": 7]).observe(log.observer)
        test.scheduler.run()
        #expect(log.events == [FramedEvent(0, .value(7)), FramedEvent(1, .failed(MarbleError()))])
        #expect(MarbleError() == MarbleError("error"))
        #expect(MarbleError("boom").description == "boom")
    }

    @Test("'!' interrupts the signal")
    func interruption() {
        let test = MarbleTest()
        let log = FrameLog<String, MarbleError>(test)
        test.hot("-a!").observe(log.observer)
        test.scheduler.run()
        #expect(log.events == [FramedEvent(1, .value("a")), FramedEvent(2, .interrupted)])
    }

    @Test("a diagram without a terminal event leaves the signal open after its last event")
    func staysOpen() {
        let test = MarbleTest()
        let log = FrameLog<String, MarbleError>(test)
        let signal = test.hot("-a--")
        signal.observe(log.observer)
        test.scheduler.run()
        #expect(log.events == [FramedEvent(1, .value("a"))])
    }

    @Test("the frame duration sets the virtual time of each frame")
    func frameDuration() {
        let test = MarbleTest(frameDuration: .milliseconds(10))
        #expect(test.frameInterval == 0.01)
        #expect(abs(test.frames(3) - 0.03) < 1e-12)
        var times: [Double] = []
        let start = test.scheduler.currentDate
        test.hot("-a--b|").observe { _ in times.append(test.scheduler.currentDate.timeIntervalSince(start)) }
        test.scheduler.run()
        #expect(times.count == 3)
        #expect(zip(times, [0.01, 0.04, 0.05]).allSatisfy { abs($0 - $1) < 1e-9 })
    }
}
