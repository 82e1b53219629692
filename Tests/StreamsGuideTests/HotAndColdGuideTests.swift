import Foundation
import Streams
import TestSupport
import Testing

/// The code blocks of the article "Hot and cold" (`Sources/Streams/Streams.docc/HotAndCold.md`),
/// compiled in Swift 6 mode with warnings as errors, and run. Regions and blocks are compared by
/// `articleMatchesThisFile`; the `#expect` lines check what the article's comments claim.
@Suite("Hot and cold guide")
struct HotAndColdGuideTests {
    @Test("a signal is hot: a late observer misses what was sent before; an ended one interrupts")
    func signalsAreHot() {
        // guide: HotAndCold 1: begin
        let (prices, market) = Signal<Int, Never>.pipe()

        var early: [Int] = []
        var late: [Int] = []
        prices.observeValues { early.append($0) }
        market.send(value: 100)
        prices.observeValues { late.append($0) }
        market.send(value: 101)
        // early == [100, 101]; late == [101]: nothing was kept for the late observer
        // guide: HotAndCold 1: end
        #expect(early == [100, 101])
        #expect(late == [101])

        // guide: HotAndCold 2: begin
        market.sendCompleted()

        var afterTheEnd: [String] = []
        prices.observe { event in afterTheEnd.append("\(event)") }
        // afterTheEnd == ["INTERRUPTED"]
        // guide: HotAndCold 2: end
        #expect(afterTheEnd == ["INTERRUPTED"])
    }

    @Test("a producer is cold: nothing runs until started, and each start runs the work anew")
    func producersAreCold() {
        // guide: HotAndCold 3: begin
        var requests = 0
        let fetchGreeting = SignalProducer<String, Never> { observer, _ in
            requests += 1   // stands for a network request
            observer.send(value: "hello #\(requests)")
            observer.sendCompleted()
        }
        let shouted = fetchGreeting.map { $0.uppercased() }
        // requests == 0: nothing has started
        #expect(requests == 0)

        var first: [String] = []
        var second: [String] = []
        fetchGreeting.startWithValues { first.append($0) }
        shouted.startWithValues { second.append($0) }
        // requests == 2; first == ["hello #1"]; second == ["HELLO #2"]
        // guide: HotAndCold 3: end
        #expect(requests == 2)
        #expect(first == ["hello #1"])
        #expect(second == ["HELLO #2"])
    }

    @Test("a memoized sequence is lazy, computes only as far as read, and computes each value once")
    func memoizedSequencesAreLazy() {
        // guide: HotAndCold 4: begin
        var computed: [Int] = []
        let squares = MemoizedSequence(1...).map { n -> Int in
            computed.append(n)
            return n * n
        }
        // computed == []: an endless sequence, and nothing computed yet
        #expect(computed.isEmpty)

        let firstTwo = Array(squares.take(first: 2))     // [1, 4]; computed == [1, 2]
        #expect(firstTwo == [1, 4])
        #expect(computed == [1, 2])
        let firstThree = Array(squares.take(first: 3))   // [1, 4, 9]; computed == [1, 2, 3]
        #expect(firstThree == [1, 4, 9])
        #expect(computed == [1, 2, 3])
        let head = squares.head                          // 1; computed is still [1, 2, 3]
        // guide: HotAndCold 4: end
        #expect(head == 1)
        #expect(computed == [1, 2, 3])
    }

    @Test("converting: a producer from a signal, a signal from a producer's run, a property")
    func converting() {
        // guide: HotAndCold 5: begin
        let (taps, screen) = Signal<Int, Never>.pipe()
        let tapProducer = SignalProducer(taps)

        var seen: [Int] = []
        screen.send(value: 1)   // no run yet: nobody sees 1
        tapProducer.startWithValues { seen.append($0) }
        screen.send(value: 2)
        // seen == [2]
        // guide: HotAndCold 5: end
        #expect(seen == [2])

        // guide: HotAndCold 6: begin
        var runs = 0
        let download = SignalProducer<Int, Never> { observer, _ in
            runs += 1
            for percent in [10, 50, 100] { observer.send(value: percent) }
            observer.sendCompleted()
        }

        var progress: [Int] = []
        var done = false
        download.startWithSignal { signal, _ in
            signal.observeValues { progress.append($0) }
            signal.observeCompleted { done = true }
        }
        // runs == 1; progress == [10, 50, 100]; done == true
        // guide: HotAndCold 6: end
        #expect(runs == 1)
        #expect(progress == [10, 50, 100])
        #expect(done)

        // guide: HotAndCold 7: begin
        let (levels, battery) = Signal<Int, Never>.pipe()
        let level = Property(initial: 100, then: levels)

        battery.send(value: 80)
        var shown: [Int] = []
        level.producer.startWithValues { shown.append($0) }
        battery.send(value: 75)
        // level.value == 75; shown == [80, 75]: the value at the start, then the changes
        // guide: HotAndCold 7: end
        #expect(level.value == 75)
        #expect(shown == [80, 75])
    }

    @Test("converting: a producer of a sequence's values on a scheduler, a sequence of a producer's")
    func sequencesAndProducers() {
        // guide: HotAndCold 8: begin
        let clock = TestScheduler()   // a QueueScheduler in an app
        let cubes = MemoizedSequence(1...3).map { $0 * $0 * $0 }

        var received: [Int] = []
        cubes.producer(on: clock).startWithValues { received.append($0) }
        // received == []: the values are sent from the scheduler
        #expect(received.isEmpty)
        clock.advance()
        // received == [1, 8, 27]
        #expect(received == [1, 8, 27])

        let collected = MemoizedSequence(SignalProducer<Int, Never>([4, 5, 6]))
        // Array(collected) == [4, 5, 6]
        // guide: HotAndCold 8: end
        #expect(Array(collected) == [4, 5, 6])

        // The prose: a producer that can fail makes the initializer throw its error, typed.
        enum ReadError: Error { case unreadable }
        do {
            _ = try MemoizedSequence(SignalProducer<Int, ReadError>(error: .unreadable))
            Issue.record("MemoizedSequence(producer) did not throw the producer's error")
        } catch {
            #expect(error == .unreadable)
        }
    }

    @Test("the trap: two starts run the work twice; replayLazily shares one run")
    func startingTwice() {
        // guide: HotAndCold 9: begin
        var profileRequests = 0
        let profile = SignalProducer<String, Never> { observer, _ in
            profileRequests += 1   // stands for a network request
            observer.send(value: "Ada Lovelace")
            observer.sendCompleted()
        }

        var header = ""
        var headerLength = 0
        profile.startWithValues { header = $0 }
        profile.map { $0.count }.startWithValues { headerLength = $0 }
        // header == "Ada Lovelace"; headerLength == 12; profileRequests == 2
        // guide: HotAndCold 9: end
        #expect(header == "Ada Lovelace")
        #expect(headerLength == 12)
        #expect(profileRequests == 2)

        header = ""
        headerLength = 0
        // guide: HotAndCold 10: begin
        profileRequests = 0
        let sharedProfile = profile.replayLazily(upTo: 1)

        sharedProfile.startWithValues { header = $0 }
        sharedProfile.map { $0.count }.startWithValues { headerLength = $0 }
        // header == "Ada Lovelace"; headerLength == 12; profileRequests == 1
        // guide: HotAndCold 10: end
        #expect(header == "Ada Lovelace")
        #expect(headerLength == 12)
        #expect(profileRequests == 1)
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["HotAndCold"], catalog: GuideArticles.catalog(fromTestFile: #filePath), testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
