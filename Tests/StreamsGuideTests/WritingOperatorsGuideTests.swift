import Foundation
// guide: WritingOperators 10: begin
import StreamsTesting
import Testing

@Test func linesJoinTheChunks() {
    let test = MarbleTest()
    let chunks = test.cold("-a-b-c|", values: ["a": "GET / HT", "b": "TP/1.1\nHost", "c": ": x\n"])
    test.expect(chunks.producer.lines(), "---a-b|", values: ["a": "GET / HTTP/1.1", "b": "Host: x"])
    // chunks.subscriptions == ["^-----!"]: one run, from frame 0 to the completion at frame 6
    #expect(chunks.subscriptions == ["^-----!"])
}

@Test func disposingLinesStopsTheSource() {
    let test = MarbleTest()
    let chunks = test.cold("-a-b-c|", values: ["a": "GET / HT", "b": "TP/1.1\nHost", "c": ": x\n"])
    test.expect(chunks.producer.lines(), "---a!", values: ["a": "GET / HTTP/1.1"], disposeAt: 4)
    // chunks.subscriptions == ["^---!"]: the source run ended with the disposal, at frame 4
    #expect(chunks.subscriptions == ["^---!"])
}
// guide: WritingOperators 10: end
import Streams
import TestSupport

// guide: WritingOperators 1: begin
extension SignalProducer where Value == String {
    /// Search terms: trimmed, without empty ones, and without repeating the previous one.
    func searchTerms() -> SignalProducer<String, Error> {
        map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .skipRepeats()
    }
}
// guide: WritingOperators 1: end

// guide: WritingOperators 3: begin
extension Signal where Value == String {
    /// The text of the chunks, split into lines.
    func lines() -> Signal<String, Error> {
        Signal { downstream, lifetime in
            var partial = ""   // touched only by the observer below, which is called serially
            lifetime += self.observe { event in
                switch event {
                case let .value(chunk):
                    var parts = (partial + chunk).split(separator: "\n", omittingEmptySubsequences: false)
                    partial = String(parts.removeLast())
                    for line in parts { downstream.send(value: String(line)) }
                case .completed:
                    if !partial.isEmpty { downstream.send(value: partial) }
                    downstream.sendCompleted()
                case let .failed(error):
                    downstream.send(error: error)
                case .interrupted:
                    downstream.sendInterrupted()
                }
            }
        }
    }
}
// guide: WritingOperators 3: end

// guide: WritingOperators 4: begin
extension SignalProducer where Value == String {
    /// The text of each run's chunks, split into lines.
    func lines() -> SignalProducer<String, Error> {
        lift { $0.lines() }
    }
}
// guide: WritingOperators 4: end

// guide: WritingOperators 6: begin
extension StreamProtocol {
    /// The values up to and including the first one for which `isLast` is true.
    func take(through isLast: @escaping (Value) -> Bool) -> Self {
        Self(stream: bind {
            { value, stop in
                stop = isLast(value)
                return Kind.just(value)
            }
        })
    }

    /// Each value with its position in the run, counting from 0.
    func numbered() -> StreamOf<Kind, (position: Int, value: Value)> {
        bind {
            var position = 0   // one counter per run
            return { value, _ in
                defer { position += 1 }
                return Kind.just((position: position, value: value))
            }
        }
    }
}
// guide: WritingOperators 6: end

// guide: WritingOperators 8: begin
extension Signal {
    /// The values sent while the latest value of `isOpen` is true.
    func gated(by isOpen: Signal<Bool, Never>) -> Signal<Value, Error> {
        Signal { downstream, lifetime in
            let open = Atomic(false)   // written by one source, read by the other
            lifetime += isOpen.observeValues { open.value = $0 }
            lifetime += self.observe { event in
                if case .value = event, !open.value { return }   // decided under the lock...
                downstream.send(event)                           // ...sent after it
            }
        }
    }
}
// guide: WritingOperators 8: end

/// The code blocks of the article "Writing your own operators"
/// (`Sources/Streams/Streams.docc/WritingOperators.md`), compiled in Swift 6 mode with warnings
/// as errors, and run. Regions and blocks are compared by `articleMatchesThisFile`; the
/// `#expect` lines check what the article's comments claim. The marble tests of the article are
/// the two free tests at the top of this file.
@Suite("Writing operators guide")
struct WritingOperatorsGuideTests {
    @Test("an operator composed of existing operators")
    func composed() {
        // guide: WritingOperators 2: begin
        let typed = SignalProducer<String, Never>(["swift", " swift ", "", "streams"])
        var terms: [String] = []
        typed.searchTerms().startWithValues { terms.append($0) }
        // terms == ["swift", "streams"]
        // guide: WritingOperators 2: end
        #expect(terms == ["swift", "streams"])
    }

    @Test("a signal operator lifted to producers, with fresh state on every run")
    func lifted() {
        // guide: WritingOperators 5: begin
        let response = SignalProducer<String, Never>(["HTTP/1.1 200 O", "K\nServer: demo\nLen", "gth: 2"])
        var header: [String] = []
        response.lines().startWithValues { header.append($0) }
        // header == ["HTTP/1.1 200 OK", "Server: demo", "Length: 2"]
        #expect(header == ["HTTP/1.1 200 OK", "Server: demo", "Length: 2"])

        var again: [String] = []
        response.lines().startWithValues { again.append($0) }
        // again == header: the second run started with an empty partial line
        // guide: WritingOperators 5: end
        #expect(again == header)
    }

    @Test("the signal operator forwards failures and interruptions, without the partial line")
    func liftedTerminalEvents() {
        struct Dropped: Error, Equatable {}
        let (chunks, input) = Signal<String, Dropped>.pipe()
        var events: [String] = []
        chunks.lines().observe { event in
            switch event {
            case let .value(line): events.append(line)
            case .failed: events.append("failed")
            case .completed: events.append("completed")
            case .interrupted: events.append("interrupted")
            }
        }
        input.send(value: "a\nb")
        input.send(error: Dropped())
        #expect(events == ["a", "failed"])

        let (more, moreInput) = Signal<String, Never>.pipe()
        var ended: [String] = []
        more.lines().observe { event in
            if case let .value(line) = event { ended.append(line) }
            if case .interrupted = event { ended.append("interrupted") }
        }
        moreInput.send(value: "x\ny")
        moreInput.sendInterrupted()
        #expect(ended == ["x", "interrupted"])
    }

    @Test("operators on StreamProtocol, on a producer and on an endless memoized sequence")
    func onStreamProtocol() {
        // guide: WritingOperators 7: begin
        let countdown = SignalProducer<Int, Never>([3, 2, 1, 0, -1])
        var launch: [Int] = []
        countdown.take(through: { $0 == 0 }).startWithValues { launch.append($0) }
        // launch == [3, 2, 1, 0]
        #expect(launch == [3, 2, 1, 0])

        let naturals = MemoizedSequence.iterate(1) { $0 + 1 }   // endless, computed on demand
        let upToFirstBigSquare = Array(naturals.take(through: { $0 * $0 > 50 }))
        // upToFirstBigSquare == [1, 2, 3, 4, 5, 6, 7, 8]
        #expect(upToFirstBigSquare == [1, 2, 3, 4, 5, 6, 7, 8])

        var places: [String] = []
        SignalProducer<String, Never>(["gold", "silver"]).numbered().producer
            .startWithValues { places.append("\($0.position + 1): \($0.value)") }
        // places == ["1: gold", "2: silver"]
        // guide: WritingOperators 7: end
        #expect(places == ["1: gold", "2: silver"])

        // The counter is per run: a second start counts from 0 again, and so does a sequence.
        let medals = SignalProducer<String, Never>(["gold", "silver"]).numbered().producer
        var first: [Int] = []
        var second: [Int] = []
        medals.startWithValues { first.append($0.position) }
        medals.startWithValues { second.append($0.position) }
        #expect(first == [0, 1])
        #expect(second == [0, 1])
        #expect(Array(MemoizedSequence(["a", "b", "c"]).numbered()).map { $0.position } == [0, 1, 2])
    }

    @Test("an operator with two sources keeps its state behind a lock")
    func twoSources() {
        // guide: WritingOperators 9: begin
        let (readings, sensor) = Signal<Int, Never>.pipe()
        let (recording, recorder) = Signal<Bool, Never>.pipe()
        var saved: [Int] = []
        readings.gated(by: recording).observeValues { saved.append($0) }

        sensor.send(value: 1)
        recorder.send(value: true)
        sensor.send(value: 2)
        recorder.send(value: false)
        sensor.send(value: 3)
        // saved == [2]
        // guide: WritingOperators 9: end
        #expect(saved == [2])
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["WritingOperators"], catalog: GuideArticles.catalog(fromTestFile: #filePath),
            testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
