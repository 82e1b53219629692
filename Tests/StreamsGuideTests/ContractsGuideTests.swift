import Dispatch
import Foundation
import Streams
import TestSupport
import Testing

/// The code blocks of the article "The contracts" (`Sources/Streams/Streams.docc/Contracts.md`),
/// compiled in Swift 6 mode with warnings as errors, and run. Regions and blocks are compared by
/// `articleMatchesThisFile`; the `#expect` lines check what the article's comments claim.
@Suite("Contracts guide")
struct ContractsGuideTests {
    @Test("the grammar: values, one terminal event delivered at once, nothing after it")
    func grammar() {
        // guide: Contracts 1: begin
        enum SyncError: Error { case offline }

        let (status, input) = Signal<String, SyncError>.pipe()
        var log: [String] = []
        let observation = status.observe { event in log.append("\(event)") }

        input.send(value: "syncing")
        input.send(error: .offline)   // delivered at once, like a value
        #expect(log == ["VALUE syncing", "FAILED offline"])
        input.sendCompleted()         // ignored: the signal has failed
        input.send(value: "synced")   // ignored
        // log == ["VALUE syncing", "FAILED offline"]; observation?.isDisposed == true
        // guide: Contracts 1: end
        #expect(log == ["VALUE syncing", "FAILED offline"])
        #expect(observation?.isDisposed == true)
    }

    @Test("deliveries never overlap: an observer's plain state sees every send from four threads",
          .offCooperativePool, .timeLimit(.minutes(5)))
    func serialized() {
        // guide: Contracts 2: begin
        let (hits, input) = Signal<Int, Never>.pipe()
        var total = 0   // no lock: deliveries never overlap
        hits.observeValues { total += $0 }

        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 1...1_000 { input.send(value: 1) }
        }
        // total == 4_000
        // guide: Contracts 2: end
        #expect(total == 4_000)
    }

    @Test("an event sent from inside an observer is queued and delivered in order, without deadlock")
    func reentrant() {
        // guide: Contracts 3: begin
        let (countdown, input) = Signal<Int, Never>.pipe()
        var log: [String] = []
        countdown.observeValues { number in
            log.append("first \(number)")
            if number > 0 { input.send(value: number - 1) }   // queued behind the current event
        }
        countdown.observeValues { number in log.append("second \(number)") }

        input.send(value: 2)
        // log == ["first 2", "second 2", "first 1", "second 1", "first 0", "second 0"]
        // guide: Contracts 3: end
        #expect(log == ["first 2", "second 2", "first 1", "second 1", "first 0", "second 0"])
        input.sendCompleted()   // releases the observer, which holds the input
    }

    @Test("disposal interrupts, disposes the lifetime, frees the run; scheduled operators interrupt on their scheduler")
    func disposal() {
        // guide: Contracts 4: begin
        final class Poller {
            private var polls = 0
            func poll() -> Int {
                polls += 1
                return polls
            }
        }

        let clock = TestScheduler()
        weak var currentPoller: Poller?
        var log: [String] = []
        let polling = SignalProducer<Int, Never> { observer, lifetime in
            let poller = Poller()   // one per run
            currentPoller = poller
            lifetime += clock.schedule(after: .seconds(1), interval: .seconds(1)) {
                observer.send(value: poller.poll())
            }
            lifetime.observeEnded { log.append("ended") }
        }

        let run = polling.start { event in log.append("\(event)") }
        clock.advance(by: .seconds(2))
        #expect(currentPoller != nil)
        run.dispose()
        // log == ["VALUE 1", "VALUE 2", "INTERRUPTED", "ended"]; currentPoller == nil
        #expect(log == ["VALUE 1", "VALUE 2", "INTERRUPTED", "ended"])
        #expect(currentPoller == nil)
        #expect(clock.nextDueDate == nil)
        clock.advance(by: .seconds(2))   // nothing more: the timer is cancelled
        // guide: Contracts 4: end
        #expect(log == ["VALUE 1", "VALUE 2", "INTERRUPTED", "ended"])
        run.dispose()
        #expect(log == ["VALUE 1", "VALUE 2", "INTERRUPTED", "ended"], "disposing twice does nothing more")

        // guide: Contracts 5: begin
        var events: [String] = []
        let onClock = SignalProducer<Int, Never>.never
            .observe(on: clock)
            .start { event in events.append("\(event)") }

        onClock.dispose()   // events == []: the interruption waits for its turn on the scheduler
        #expect(events == [])
        clock.advance()     // events == ["INTERRUPTED"]
        // guide: Contracts 5: end
        #expect(events == ["INTERRUPTED"])
    }

    @Test("a run whose start handler keeps nothing lasts while its disposable is held")
    func runLastsWhileHeld() {
        // guide: Contracts 6: begin
        final class Screen {
            var refresh: Disposable?
        }

        var log: [String] = []
        let waiting = SignalProducer<Int, Never> { _, lifetime in   // keeps nothing of its own
            lifetime.observeEnded { log.append("ended") }
        }

        let screen = Screen()
        screen.refresh = waiting.start { event in log.append("\(event)") }
        // log == []: the run goes on while screen.refresh holds it
        #expect(log == [])
        #expect(screen.refresh?.isDisposed == false)
        screen.refresh = nil   // released without being disposed: nothing can send into the run now
        // log == ["INTERRUPTED", "ended"]
        // guide: Contracts 6: end
        #expect(log == ["INTERRUPTED", "ended"])

        // A run whose resources hold its observer (a timer) goes on without its disposable.
        let clock = TestScheduler()
        var ticks = 0
        _ = SignalProducer.timer(interval: .seconds(1), on: clock).take(first: 3).startWithValues { _ in ticks += 1 }
        clock.advance(by: .seconds(5))
        #expect(ticks == 3)
    }

    @Test("repeat runs in constant stack", .offCooperativePool, .timeLimit(.minutes(5)))
    func constantStack() {
        // guide: Contracts 7: begin
        var count = 0
        SignalProducer<Int, Never>(value: 1)
            .repeat(100_000)
            .startWithValues { count += $0 }
        // count == 100_000, in the stack of a single round
        // guide: Contracts 7: end
        #expect(count == 100_000)
    }

    @Test("an observer added during a delivery receives events from the next one")
    func observerAddedDuringDelivery() {
        // guide: Contracts 8: begin
        let (taps, input) = Signal<String, Never>.pipe()
        var log: [String] = []
        taps.observeValues { [weak taps] tap in
            log.append("first \(tap)")
            if tap == "a" {
                taps?.observeValues { log.append("late \($0)") }   // from the next event on
            }
        }

        input.send(value: "a")
        input.send(value: "b")
        // log == ["first a", "first b", "late b"]
        // guide: Contracts 8: end
        #expect(log == ["first a", "first b", "late b"])
    }

    @Test("observing a signal that has ended: interrupted at once, and no disposable")
    func observingEndedSignal() {
        // guide: Contracts 9: begin
        let (finished, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()

        var log: [String] = []
        let observation = finished.observe { event in log.append("\(event)") }
        // log == ["INTERRUPTED"]; observation == nil
        // guide: Contracts 9: end
        #expect(log == ["INTERRUPTED"])
        #expect(observation == nil)

        // A producer made from the ended signal interrupts each run as it starts.
        var runs: [String] = []
        finished.producer.start { event in runs.append("\(event)") }
        #expect(runs == ["INTERRUPTED"])
    }

    @Test("releasing a pipe's input without a terminal event interrupts the signal")
    func droppingTheInput() {
        // guide: Contracts 10: begin
        final class Download {
            let (progress, progressInput) = Signal<Double, Never>.pipe()
        }

        var download: Download? = Download()
        var log: [String] = []
        download?.progress.observe { event in log.append("\(event)") }
        download?.progressInput.send(value: 0.5)
        #expect(log == ["VALUE 0.5"])

        download = nil   // the input goes with it, without a terminal event
        // log == ["VALUE 0.5", "INTERRUPTED"]
        // guide: Contracts 10: end
        #expect(log == ["VALUE 0.5", "INTERRUPTED"])
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["Contracts"], catalog: GuideArticles.catalog(fromTestFile: #filePath), testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
