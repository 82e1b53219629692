import Foundation
import StreamsTesting
import Testing
@testable import Streams

// Marble diagrams for every flatten strategy. The outer stream is a hot signal of letters; each
// letter names a cold inner source, started when the letter arrives.

/// The strategies whose behaviour with a single inner stream is the same.
let everyStrategy: [FlattenStrategy] = [.merge, .concat, .concurrent(limit: 2), .latest, .race, .throttle]

@Suite("flatten marbles")
struct FlattenMarbleTests {
    /// `outer` flat-mapped with `strategy` to the cold sources named by its values.
    func flattened(
        _ outer: Signal<String, MarbleError>, _ strategy: FlattenStrategy,
        _ inners: [String: ColdMarbles<String, MarbleError>]
    ) -> SignalProducer<String, MarbleError> {
        outer.producer.flatMap(strategy) { inners[$0]!.producer }
    }

    @Test("merge runs every inner stream at once and completes after the outer and all inners")
    func merge() {
        let test = MarbleTest()
        let outer = test.hot("-a--b------|")
        let a = test.cold("x-y-z|")
        let b = test.cold("p--q|")
        test.expect(flattened(outer, .merge, ["a": a, "b": b]), "-x-ypz-q---|")
        #expect(a.subscriptions == ["-^----!"])
        #expect(b.subscriptions == ["----^---!"])
    }

    @Test("merge waits for a running inner stream after the outer completed")
    func mergeWaitsForInner() {
        let test = MarbleTest()
        let outer = test.hot("-a-|")
        let a = test.cold("x---y|")
        test.expect(flattened(outer, .merge, ["a": a]), "-x---y|")
    }

    @Test("concat runs one inner stream at a time, in order, queueing the others")
    func concat() {
        let test = MarbleTest()
        let outer = test.hot("-a--b------|")
        let a = test.cold("x-y-z|")
        let b = test.cold("p--q|")
        test.expect(flattened(outer, .concat, ["a": a, "b": b]), "-x-y-zp--q-|")
        #expect(a.subscriptions == ["-^----!"])
        #expect(b.subscriptions == ["------^---!"])
    }

    @Test("concurrent(limit:) runs at most that many inner streams and starts the queued ones in order")
    func concurrentLimit() {
        let test = MarbleTest()
        let outer = test.hot("-abcd------|")
        let a = test.cold("x---|")
        let b = test.cold("y-----|")
        let c = test.cold("z|")
        let d = test.cold("w|")
        test.expect(flattened(outer, .concurrent(limit: 2), ["a": a, "b": b, "c": c, "d": d]), "-xy--zw----|")
        #expect(a.subscriptions == ["-^---!"])
        #expect(b.subscriptions == ["--^-----!"])
        // c waits for a free place (a completes at 5), d for the next one (c completes at 6).
        #expect(c.subscriptions == ["-----^!"])
        #expect(d.subscriptions == ["------^!"])
    }

    @Test("latest switches to the newest inner stream, disposing the previous one")
    func latest() {
        let test = MarbleTest()
        let outer = test.hot("-a--b------|")
        let a = test.cold("x-y-z|")
        let b = test.cold("p--q|")
        test.expect(flattened(outer, .latest, ["a": a, "b": b]), "-x-yp--q---|")
        #expect(a.subscriptions == ["-^--!"])
        #expect(b.subscriptions == ["----^---!"])
    }

    @Test("latest completes only when the newest inner stream has completed")
    func latestWaitsForNewest() {
        let test = MarbleTest()
        let outer = test.hot("-a-b|")
        let a = test.cold("x----|")
        let b = test.cold("--y-|")
        test.expect(flattened(outer, .latest, ["a": a, "b": b]), "-x---y-|")
    }

    @Test("race keeps the first inner stream to send a value and disposes the others")
    func race() {
        let test = MarbleTest()
        let outer = test.hot("-ab---c--|")
        let a = test.cold("---x-|")
        let b = test.cold("-p-q|")
        let c = test.cold("r|")
        test.expect(flattened(outer, .race, ["a": a, "b": b, "c": c]), "---p-q---|")
        #expect(a.subscriptions == ["-^-!"])
        #expect(b.subscriptions == ["--^---!"])
        // Once there is a winner, later inner streams are not started.
        #expect(c.subscriptions == [])
    }

    // Regression: race let an inner stream that completed before any value drop out, and went on
    // with the others, where ReactiveSwift's race is won by the first inner stream to send any
    // event (found by the generated pipelines of StreamsModelTests).
    @Test("race: an inner stream that completes before any other sends wins; the others are disposed")
    func raceEmptyInner() {
        let test = MarbleTest()
        let outer = test.hot("-ab-c---|")
        let a = test.cold("-|")
        let b = test.cold("--x|")
        let c = test.cold("y|")
        // a completes at frame 2, after b arrived: a wins, b is disposed, c is not started.
        test.expect(flattened(outer, .race, ["a": a, "b": b, "c": c]), "--------|")
        #expect(a.subscriptions == ["-^!"])
        #expect(b.subscriptions == ["--(^!)"])
        #expect(c.subscriptions == [])
    }

    @Test("throttle drops inner streams arriving while one runs")
    func throttle() {
        let test = MarbleTest()
        let outer = test.hot("-a-b---c--|")
        let a = test.cold("x-y|")
        let b = test.cold("q|")
        let c = test.cold("z|")
        test.expect(flattened(outer, .throttle, ["a": a, "b": b, "c": c]), "-x-y---z--|")
        #expect(b.subscriptions == [])
        #expect(c.subscriptions == ["-------^!"])
    }

    @Test("an outer failure fails the result at once and disposes the inner stream", arguments: everyStrategy)
    func outerFailure(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.hot("-a--#")
        let a = test.cold("x-----y|")
        test.expect(flattened(outer, strategy, ["a": a]), "-x--#")
        #expect(a.subscriptions == ["-^--!"])
    }

    @Test("an inner failure fails the result at once", arguments: everyStrategy)
    func innerFailure(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.hot("-a--b---|")
        let a = test.cold("x-#")
        let b = test.cold("y|")
        test.expect(flattened(outer, strategy, ["a": a, "b": b]), "-x-#")
        #expect(b.subscriptions == [])
    }

    @Test("an outer interruption interrupts the result and disposes the inner stream", arguments: everyStrategy)
    func outerInterruption(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.hot("-a--!")
        let a = test.cold("x-----y|")
        test.expect(flattened(outer, strategy, ["a": a]), "-x--!")
        #expect(a.subscriptions == ["-^--!"])
    }

    // Regression: an interruption of an inner stream interrupted the result whatever the
    // strategy, where ReactiveSwift treats it as the inner stream's completion, except in a race
    // (found by the generated pipelines of StreamsModelTests).
    @Test("an inner interruption counts as its completion", arguments: everyStrategy.filter { $0 != .race })
    func innerInterruption(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.hot("-a--b---|")
        let a = test.cold("x-!")
        let b = test.cold("y|")
        // Under concat the next inner stream starts when the interrupted one ends; under
        // throttle, b arrives after a ended, and starts.
        test.expect(flattened(outer, strategy, ["a": a, "b": b]), "-x--y---|")
        #expect(b.subscriptions == ["----^!"])
    }

    @Test("a race winner's interruption interrupts the result")
    func raceInnerInterruption() {
        let test = MarbleTest()
        let outer = test.hot("-a------|")
        let a = test.cold("x-!")
        test.expect(flattened(outer, .race, ["a": a]), "-x-!")
    }

    @Test("concat: an interrupted inner stream lets the next one start")
    func concatAfterInterruption() {
        let test = MarbleTest()
        let outer = test.hot("-ab-----|")
        let a = test.cold("x-!")
        let b = test.cold("-y|")
        test.expect(flattened(outer, .concat, ["a": a, "b": b]), "-x--y---|")
        #expect(b.subscriptions == ["---^-!"])
    }

    // Regression: disposing the result disposed the outer run first, and an outer value sent in
    // reaction to that disposal (here, `materialize` turning the interruption into a value)
    // started an inner stream during the teardown (found by the generated pipelines of
    // StreamsModelTests).
    @Test("disposing the result starts no inner stream, even one that the disposal of the outer run asks for",
          arguments: everyStrategy)
    func noStartDuringTeardown(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.cold("-a----")
        let inner = test.cold("-x---|")
        // The outer run's interruption reaches flatMap as a value, through materialize.
        let flattened = outer.producer.materialize().flatMap(strategy) { _ in inner.producer }
        test.expect(flattened, "--x!", disposeAt: 3)
        #expect(inner.subscriptions == ["-^-!"])
    }

    @Test("disposing the result disposes the inner streams at once", arguments: everyStrategy)
    func disposal(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.hot("-ab------|")
        let a = test.cold("x-----y|")
        let b = test.cold("-z-----|")
        test.expect(flattened(outer, strategy, ["a": a, "b": b]), disposalExpectation(strategy), disposeAt: 4)
        #expect(a.subscriptions == [strategy == .latest ? "-^!" : "-^--!"])
        let bRuns = strategy == .merge || strategy == .concurrent(limit: 2) || strategy == .latest
        #expect(b.subscriptions == (bRuns ? ["--^-!"] : []))
    }

    func disposalExpectation(_ strategy: FlattenStrategy) -> String {
        switch strategy {
        case .merge, .concurrent(limit: 2), .latest: return "-x-z!"
        default: return "-x--!"
        }
    }

    @Test("an outer stream that completes without values completes the result", arguments: everyStrategy)
    func emptyOuter(_ strategy: FlattenStrategy) {
        let test = MarbleTest()
        let outer = test.hot("---|")
        test.expect(flattened(outer, strategy, [:]), "---|")
    }
}
