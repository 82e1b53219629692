import Foundation
import TestSupport
import Observation
import Streams
import Testing

// guide: SwiftConcurrency 9: begin
struct NotFound: Error {}

func fetchTitle(_ id: Int) async throws(NotFound) -> String {
    guard id > 0 else { throw NotFound() }
    return "Item \(id)"
}
// guide: SwiftConcurrency 9: end

// guide: SwiftConcurrency 15: begin
@Observable final class Player {
    var score = 0
}
// guide: SwiftConcurrency 15: end

/// The code blocks of the article "Streams and Swift concurrency"
/// (`Sources/Streams/Streams.docc/SwiftConcurrency.md`), compiled in Swift 6 mode with warnings
/// as errors, and run. Regions and blocks are compared by `articleMatchesThisFile`; the
/// `#expect` lines check what the article's comments claim.
@Suite("Swift concurrency guide")
struct SwiftConcurrencyGuideTests {
    @Test("values: a loop over a producer, a pulled sequence, typed errors, buffering, stopping, interruption")
    func values() async {
        // guide: SwiftConcurrency 1: begin
        let pages = SignalProducer<Int, Never>([1, 2, 3])
        var seen: [Int] = []
        for await page in pages.values {
            seen.append(page)
        }
        // seen == [1, 2, 3]
        // guide: SwiftConcurrency 1: end
        #expect(seen == [1, 2, 3])

        // guide: SwiftConcurrency 2: begin
        let naturals = SignalProducer<Int, Never>(1...)
        var squares: [Int] = []
        for await square in naturals.map({ $0 * $0 }).values {
            squares.append(square)
            if squares.count == 3 { break }
        }
        // squares == [1, 4, 9]: each next() pulled one number through the map, and leaving the
        // loop pulled nothing more.
        // guide: SwiftConcurrency 2: end
        #expect(squares == [1, 4, 9])

        // guide: SwiftConcurrency 3: begin
        enum FeedError: Error { case offline }

        let feed = SignalProducer<String, FeedError>(error: .offline)
        do {
            for try await item in feed.values {
                print(item)
            }
        } catch {
            // `error` is a FeedError: the loop throws the producer's own error type.
            #expect(error == .offline)
            switch error {
            case .offline: print("offline")
            }
        }
        // guide: SwiftConcurrency 3: end

        // guide: SwiftConcurrency 4: begin
        let readings = SignalProducer<Int, Never> { observer, _ in
            for reading in 1...100 { observer.send(value: reading) }   // all sent inside the start
            observer.sendCompleted()
        }
        var latest: [Int] = []
        for await reading in readings.values(bufferingPolicy: .bufferingNewest(2)) {
            latest.append(reading)
        }
        // latest == [99, 100]: all 100 readings arrived before the loop took the first, and
        // only the newest two were kept waiting.
        // guide: SwiftConcurrency 4: end
        #expect(latest == [99, 100])

        // guide: SwiftConcurrency 5: begin
        let ticks = SignalProducer<Int, Never> { observer, lifetime in
            var tick = 0
            while !lifetime.hasEnded {   // ends when the loop's task is cancelled
                tick += 1
                observer.send(value: tick)
            }
        }
        let watcher = Task {
            for await tick in ticks.values(bufferingPolicy: .bufferingNewest(1)) {
                print(tick)
            }
        }
        watcher.cancel()
        await watcher.value   // returns: the cancellation disposed the run
        // guide: SwiftConcurrency 5: end

        // guide: SwiftConcurrency 6: begin
        let upload = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 40)
            observer.sendInterrupted()
        }
        var ending: Signal<Int, Never>.Event?
        for await event in upload.materialize().values {
            ending = event
        }
        // ending == .interrupted; after a completion it would be .completed
        // guide: SwiftConcurrency 6: end
        #expect(ending == .interrupted)
    }

    @Test("the async forms of first, single, last and wait")
    func awaitingOneValue() async throws {
        // guide: SwiftConcurrency 7: begin
        let numbers = SignalProducer<Int, Never>([3, 5, 8])
        let first = await numbers.firstValue()        // 3
        let last = await numbers.lastValue()          // 8
        let only = await numbers.singleValue()        // nil: there are three
        await numbers.waitUntilEnd()                  // returns when the run ends
        // guide: SwiftConcurrency 7: end
        #expect(first == 3)
        #expect(last == 8)
        #expect(only == nil)
    }

    @Test("into Streams: async sequences, async closures, async start handlers, actions")
    func intoStreams() async throws {
        // guide: SwiftConcurrency 8: begin
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        continuation.yield("GET /")
        continuation.yield("GET /about")
        continuation.finish()

        let requests = SignalProducer(lines)   // SignalProducer<String, Never>
        let all = await requests.collect().firstValue()   // ["GET /", "GET /about"]
        // guide: SwiftConcurrency 8: end
        #expect(all == ["GET /", "GET /about"])

        // guide: SwiftConcurrency 10: begin
        let title = SignalProducer<String, NotFound> { () async throws(NotFound) -> String in
            try await fetchTitle(7)
        }
        let fetched = try await title.firstValue()   // "Item 7"
        // guide: SwiftConcurrency 10: end
        #expect(fetched == "Item 7")

        // guide: SwiftConcurrency 11: begin
        let countdown = SignalProducer<Int, Never> { observer, _ async in
            for remaining in stride(from: 3, through: 1, by: -1) {
                observer.send(value: remaining)
                await Task.yield()
            }
            observer.sendCompleted()
        }
        let counted = await countdown.collect().firstValue()   // [3, 2, 1]
        // guide: SwiftConcurrency 11: end
        #expect(counted == [3, 2, 1])

        // guide: SwiftConcurrency 12: begin
        let save = Action<String, Int, NotFound> { (draft: String) async throws(NotFound) -> Int in
            guard !draft.isEmpty else { throw NotFound() }
            return draft.count
        }
        let saved = try await save.apply("hello").lastValue()   // 5
        // guide: SwiftConcurrency 12: end
        #expect(saved == 5)
    }

    @Test("the main actor: delivery the compiler checks") @MainActor
    func mainActor() async {
        // guide: SwiftConcurrency 13: begin
        @MainActor final class ScoreViewModel {
            var text = ""
            private var observation: Disposable?

            init(scores: Property<Int>) {
                observation = scores.producer.startWithValues(on: MainActor.self) { [weak self] score in
                    self?.text = "Score: \(score)"
                }
            }
        }
        // guide: SwiftConcurrency 13: end

        let score = MutableProperty(0)
        let model = ScoreViewModel(scores: Property(score))
        // At once only on the main thread with nothing waiting: the runner may service the main
        // queue from another thread, and tests running meanwhile may have queued work there. The
        // initial value is delivered by the time the main queue has run what was queued before.
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(model.text == "Score: 0")
        let changed = AsyncStream.makeStream(of: Void.self)
        let watcher = score.signal.observeValues(on: MainActor.self) { _ in changed.continuation.yield() }
        Thread.detachNewThread { score.value = 7 }
        for await _ in changed.stream { break }
        #expect(model.text == "Score: 7")
        watcher?.dispose()
    }

    @Test("the switch that turns the isolation report into a stop")
    func isolationCheckingStop() async {
        // In a process of its own: the mode is global, and the other tests run meanwhile.
        await #expect(processExitsWith: .success) {
            // guide: SwiftConcurrency 14: begin
            IsolationChecking.mode = .stop   // or STREAMS_ISOLATION_CHECKING=stop in the environment
            // guide: SwiftConcurrency 14: end
            guard IsolationChecking.mode == .stop else { exit(1) }
        }
    }

    @Test("Observation: a key path as a producer, a property as an observable")
    func observation() {
        // guide: SwiftConcurrency 16: begin
        let scheduler = TestScheduler()
        let player = Player()
        var scores: [Int] = []
        SignalProducer(observing: player, \.score, on: scheduler).startWithValues { scores.append($0) }
        player.score = 10
        player.score = 20
        scheduler.advance()   // scores == [0, 20]: two changes in one turn give the latest
        // guide: SwiftConcurrency 16: end
        #expect(scores == [0, 20])

        // guide: SwiftConcurrency 17: begin
        let volume = MutableProperty(3)
        let shown = volume.observable   // ObservableMutableProperty<Int>
        let changes = Atomic(0)
        withObservationTracking {
            _ = shown.value
        } onChange: {
            changes.modify { $0 += 1 }
        }
        volume.value = 4      // changes.value == 1
        shown.value = 5       // sets volume.value
        // guide: SwiftConcurrency 17: end
        #expect(changes.value == 1)
        #expect(volume.value == 5)
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["SwiftConcurrency"], catalog: GuideArticles.catalog(fromTestFile: #filePath), testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
