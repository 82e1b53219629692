import Testing
@testable import StreamsTesting

@Suite("MarbleTest.expect and compare")
struct MarbleTestExpectTests {
    // MARK: Passing pipelines

    @Test("a pass-through producer matches its own diagram")
    func passThroughProducer() {
        let test = MarbleTest()
        let source = test.cold("-a-(bc)--d|")
        let comparison = test.expect(source.producer, "-a-(bc)--d|")
        #expect(comparison.matches)
        #expect(comparison.actual == "-a-(bc)--d|")
        #expect(source.subscriptions == ["^------!"])
    }

    @Test("a map over a producer matches the mapped values")
    func mapProducer() {
        let test = MarbleTest()
        let numbers = test.cold("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
        let comparison = test.expect(numbers.producer.map { $0 * 10 }, "-a-b--c|", values: ["a": 10, "b": 20, "c": 30])
        #expect(comparison.matches)
        #expect(comparison.expected == "-a-b--c|")
        #expect(comparison.actual == "-a-b--c|")
    }

    @Test("a filter drops values and keeps the timing of the rest")
    func filterProducer() {
        let test = MarbleTest()
        let numbers = test.cold("-1-2-3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        let comparison = test.expect(numbers.producer.filter { $0.isMultiple(of: 2) }, "---2---4|",
                                     values: ["2": 2, "4": 4])
        #expect(comparison.matches)
    }

    @Test("take(first:) completes with the last value taken and ends the source's run there")
    func takeProducer() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c|")
        #expect(test.expect(source.producer.take(first: 2), "-a-(b|)").matches)
        #expect(source.subscriptions == ["^--!"])
    }

    @Test("a hot signal is observed, not started, and matches from frame 0")
    func hotSignal() {
        let test = MarbleTest()
        let comparison = test.expect(test.hot("a-b-#"), "a-b-#", error: MarbleError())
        #expect(comparison.matches)
        #expect(comparison.actual == "a-b-#")
    }

    @Test("a ColdMarbles is a producer to expect as it is")
    func coldMarblesDirectly() {
        let test = MarbleTest()
        let source = test.cold("--a|")
        #expect(test.expect(source, "--a|").matches)
        #expect(source.subscriptions == ["^--!"])
    }

    @Test("characters without a value stand for themselves when the values are strings")
    func stringFallback() {
        // 'a' is a key, standing for "x"; 'b' is not, and stands for "b".
        let test = MarbleTest()
        #expect(test.compare(test.cold("-a-b|", values: ["a": "x", "b": "b"]), "-a-b|", values: ["a": "x"]).matches)
        let other = MarbleTest()
        #expect(other.compare(other.cold("-a-b|", values: ["a": "x", "b": "b"]), "-x-b|").matches)
    }

    @Test("spaces in the expected diagram only align it")
    func spacedExpectation() {
        let test = MarbleTest()
        let comparison = test.expect(test.cold("-a-b|"), " - a - b | ")
        #expect(comparison.matches)
        #expect(comparison.expected == "-a-b|")
    }

    @Test("trailing frames after the last expected event do not matter")
    func trailingFrames() {
        let test = MarbleTest()
        #expect(test.compare(test.cold("-a-"), "-a-----").matches)
        let other = MarbleTest()
        #expect(other.compare(other.cold("-a-"), "-a").matches)
    }

    // MARK: Mismatches

    @Test("compare reports a mismatch with both diagrams aligned, and records no issue")
    func mismatch() {
        let test = MarbleTest()
        let comparison = test.compare(test.cold("-a-b-c-|"), "-a-b--c|")
        #expect(!comparison.matches)
        #expect(comparison.expected == "-a-b--c|")
        #expect(comparison.actual == "-a-b-c-|")
        #expect(comparison.legend.isEmpty)
        #expect(comparison.description == """
            marble mismatch
            expected: -a-b--c|
            actual:   -a-b-c-|
            """)
    }

    @Test("a matching comparison says so")
    func matchDescription() {
        let test = MarbleTest()
        #expect(test.compare(test.cold("a|"), "a|").description == "marbles match\nexpected: a|\nactual:   a|")
    }

    @Test("every kind of difference is a mismatch", arguments: [
        "-a-b|",    // a value too many
        "-a-c-|",   // another value
        "-a-b-",    // no terminal event
        "-a-b-#",   // another terminal event
        "-a-b-!",
        "-a-(bc)|", // wrong frames
        "-(ab)-c-|",
    ])
    func differences(expected: String) {
        let test = MarbleTest()
        #expect(!test.compare(test.cold("-a-b-c-|"), expected).matches)
    }

    @Test("a value not in the dictionary draws as '?' and the actual events are listed")
    func legendForUnknownValues() {
        let test = MarbleTest()
        let source = test.cold("-a-b|", values: ["a": 1, "b": 7])
        let comparison = test.compare(source, "-a-b|", values: ["a": 1, "b": 2])
        #expect(!comparison.matches)
        #expect(comparison.actual == "-a-?|")
        #expect(comparison.legend == ["frame 1: VALUE 1", "frame 3: VALUE 7", "frame 4: COMPLETED"])
        #expect(comparison.description.hasSuffix("""
            actual events:
              frame 1: VALUE 1
              frame 3: VALUE 7
              frame 4: COMPLETED
            """))
    }

    @Test("a different error draws as '#' too, so the actual events are listed")
    func legendForOtherError() {
        let test = MarbleTest()
        let source = test.cold("-a#", values: ["a": 1], error: TestError.second)
        let comparison = test.compare(source, "-a#", values: ["a": 1], error: .first)
        #expect(!comparison.matches)
        #expect(comparison.expected == comparison.actual)
        #expect(comparison.legend.last == "frame 2: FAILED second")
    }

    @Test("without an expected error, '#' stands for any error")
    func anyError() {
        let test = MarbleTest()
        #expect(test.compare(test.cold("-a#", values: ["a": 1], error: TestError.second), "-a#", values: ["a": 1]).matches)
        let other = MarbleTest()
        let source = other.cold("-a#", values: ["a": 1], error: TestError.second)
        #expect(other.compare(source, "-a#", values: ["a": 1], error: .second).matches)
    }

    // MARK: Reporting

    @Test("expect records an issue with both diagrams at the caller's location")
    func expectRecordsIssue() {
        let test = MarbleTest()
        let location = #_sourceLocation
        withKnownIssue {
            test.expect(test.cold("-a-b-c-|"), "-a-b--c|", sourceLocation: location)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return issue.sourceLocation == location
                && text.contains("marble mismatch\nexpected: -a-b--c|\nactual:   -a-b-c-|")
        }
    }

    @Test("expect returns the comparison, matching or not")
    func expectReturnsComparison() {
        let test = MarbleTest()
        withKnownIssue {
            let comparison = test.expect(test.hot("-a|"), "-b|")
            #expect(!comparison.matches)
            #expect(comparison.actual == "-a|")
        }
    }

    // MARK: Disposal

    @Test("disposeAt interrupts a producer's run at that frame, drawn as '!'")
    func disposeProducer() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c|")
        #expect(test.expect(source, "-a-b!", disposeAt: 4).matches)
        #expect(source.subscriptions == ["^---!"])
    }

    @Test("an event already scheduled for the frame of disposeAt happens before the disposal")
    func disposeOnEventFrame() {
        let test = MarbleTest()
        let source = test.cold("-a-b-c|")
        #expect(test.expect(source, "-a-(b!)", disposeAt: 3).matches)
        #expect(source.subscriptions == ["^--!"])
    }

    @Test("disposeAt stops observing a signal at that frame, with no event for it")
    func disposeSignalObservation() {
        let test = MarbleTest()
        #expect(test.expect(test.hot("-a-b-c|"), "-a-b", disposeAt: 4).matches)
    }

    @Test("disposing after the run ended changes nothing")
    func disposeAfterEnd() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        #expect(test.expect(source, "-a|", disposeAt: 5).matches)
        #expect(source.subscriptions == ["^-!"])
    }

    // MARK: Values that are not Equatable

    @Test("tuples compare with a function")
    func tuples() {
        let test = MarbleTest()
        let pairs: [Character: (Int, String)] = ["a": (1, "one"), "b": (2, "two")]
        let source = test.cold("-a-b|", values: pairs)
        #expect(test.expect(source, "-a-b|", values: pairs, by: ==).matches)

        let second = MarbleTest()
        let other = second.cold("-a-b|", values: ["a": (1, "one"), "b": (2, "deux")])
        let comparison = second.compare(other, "-a-b|", values: pairs) { $0 == $1 }
        #expect(!comparison.matches)
        #expect(comparison.actual == "-a-?|")
        #expect(comparison.legend.contains("frame 3: VALUE (2, \"deux\")"))
    }

    @Test("the comparison function decides what matches")
    func customEquivalence() {
        let nearby: [Character: Double] = ["a": 1.001, "b": 1.999]
        let test = MarbleTest()
        let source = test.cold("-a-b|", values: ["a": 1.0, "b": 2.0])
        #expect(test.compare(source, "-a-b|", values: nearby) { abs($0 - $1) < 0.01 }.matches)
        let other = MarbleTest()
        let same = other.cold("-a-b|", values: ["a": 1.0, "b": 2.0])
        #expect(!other.compare(same, "-a-b|", values: nearby) { $0 == $1 }.matches)
    }

    @Test("signals compare with a function too")
    func tupleSignal() {
        let test = MarbleTest()
        let pairs: [Character: (Int, Int)] = ["a": (1, 2)]
        let signal = test.hot("--a|", values: pairs)
        #expect(test.expect(signal, "--a|", values: pairs, by: ==).matches)
    }

    // MARK: Virtual time

    @Test("an event between two frames counts at the nearest frame")
    func nearestFrame() {
        let test = MarbleTest(frameDuration: .milliseconds(100))
        let source: SignalProducer<String, MarbleError> = test.timed([
            (1.4, .value("a")), (1.6, .value("b")), (3.6, .value("c")), (4.4, .completed),
        ])
        let comparison = test.compare(source, "-ab-(c|)")
        #expect(comparison.matches)
        #expect(comparison.actual == "-ab-(c|)")
    }

    @Test("time-based work is compared at the frames it runs")
    func delayedWork() {
        let test = MarbleTest()
        let delayed = SignalProducer<String, MarbleError> { observer, lifetime in
            lifetime += test.scheduler.schedule(after: .seconds(2)) { observer.send(value: "a") }
            lifetime += test.scheduler.schedule(after: .seconds(5)) { observer.sendCompleted() }
        }
        #expect(test.expect(delayed, "--a--|").matches)
        #expect(test.currentFrame == 5)
    }

    @Test("until stops at a frame, for a pipeline that never stops scheduling work")
    func until() {
        let test = MarbleTest()
        // The timer never ends by itself; cancelling it at the end frees the run, whose pending
        // tick would otherwise keep it, and the test, alive through the scheduler.
        let timers = CompositeDisposable()
        defer { timers.dispose() }
        let ticks = SignalProducer<String, MarbleError> { observer, lifetime in
            timers += test.scheduler.schedule(after: test.date(ofFrame: 1), interval: .seconds(2)) {
                observer.send(value: "t")
            }
        }
        #expect(test.expect(ticks, "-t-t-t", until: 6).matches)
        #expect(test.currentFrame == 6)
    }

    @Test("without until, a pipeline that never settles is a mismatch with a note")
    func neverSettles() {
        let test = MarbleTest()
        let timers = CompositeDisposable()
        defer { timers.dispose() }
        let ticks = SignalProducer<String, MarbleError> { observer, lifetime in
            timers += test.scheduler.schedule(after: test.date(ofFrame: 0), interval: .seconds(100)) {
                observer.send(value: "t")
            }
        }
        let comparison = test.compare(ticks, "t")
        #expect(!comparison.matches)
        #expect(comparison.note?.contains("until:") == true)
        #expect(comparison.description.contains(comparison.note ?? "no note"))
        #expect(test.currentFrame == MarbleTest.settlingFrames)
    }

    @Test("frames(_:) and frameInterval give the time of frames for operators taking seconds")
    func frameArithmetic() {
        let test = MarbleTest(frameDuration: .milliseconds(250))
        #expect(test.frameInterval == 0.25)
        #expect(test.frames(4) == 1.0)
        #expect(test.frames(0) == 0)
        #expect(test.frameDuration == .milliseconds(250))
    }

    @Test("a second comparison on one test goes on from the frame the first one left the clock at")
    func secondComparison() {
        let test = MarbleTest()
        #expect(test.expect(test.cold("-a|"), "-a|").matches)
        #expect(test.currentFrame == 2)
        #expect(test.expect(test.cold("-b|"), "---b|").matches)
    }

    @Test("a comparison after the clock moved starts the pipeline at the current frame")
    func startsAtCurrentFrame() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        test.advance(toFrame: 3)
        #expect(test.expect(source, "----a|").matches)
        #expect(source.subscriptions == ["---^-!"])
    }
}
