import Foundation
import TestSupport
import Testing
// guide: GettingStarted 1: begin
import Streams   // and with it the schedulers (UIScheduler, TestScheduler...)
// guide: GettingStarted 1: end

/// Suspends until the main queue has run every block queued on it before this call.
@MainActor
private func mainQueueHasRun() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// The code blocks of the article "Getting started"
/// (`Sources/Streams/Streams.docc/GettingStarted.md`), compiled in Swift 6 mode with warnings
/// as errors, and run. Regions and blocks are compared by `articleMatchesThisFile`; the
/// `#expect` lines check what the article's comments claim.
@Suite("Getting started guide")
struct GettingStartedGuideTests {
    @Test("a first signal: values while observing, nothing after the terminal event")
    func firstSignal() {
        // guide: GettingStarted 2: begin
        let (temperatures, sensor) = Signal<Double, Never>.pipe()

        var readings: [Double] = []
        temperatures.observeValues { celsius in readings.append(celsius) }

        sensor.send(value: 21.5)
        sensor.send(value: 22.0)
        // readings == [21.5, 22.0]
        // guide: GettingStarted 2: end
        #expect(readings == [21.5, 22.0])

        // guide: GettingStarted 3: begin
        var ended = false
        temperatures.observeCompleted { ended = true }

        sensor.sendCompleted()
        sensor.send(value: 23.0)   // ignored: the signal has completed
        // ended == true; readings is still [21.5, 22.0]
        // guide: GettingStarted 3: end
        #expect(ended)
        #expect(readings == [21.5, 22.0])
    }

    @Test("a first producer: operators, completion, a start handler that can fail")
    func firstProducer() {
        // guide: GettingStarted 4: begin
        let orders = SignalProducer<Int, Never>([12, 7, 30, 3])

        var large: [String] = []
        var finished = false
        orders
            .filter { $0 >= 10 }
            .map { "\($0) items" }
            .start { event in
                switch event {
                case let .value(text): large.append(text)
                case .completed: finished = true
                case .failed, .interrupted: break
                }
            }
        // large == ["12 items", "30 items"]; finished == true
        // guide: GettingStarted 4: end
        #expect(large == ["12 items", "30 items"])
        #expect(finished)

        // guide: GettingStarted 5: begin
        enum LoadError: Error { case notFound }

        func loadUser(id: Int) -> SignalProducer<String, LoadError> {
            SignalProducer { observer, _ in
                if id == 1 {
                    observer.send(value: "Ada")
                    observer.sendCompleted()
                } else {
                    observer.send(error: .notFound)
                }
            }
        }

        var names: [String] = []
        var failures: [LoadError] = []
        for id in [1, 2] {
            loadUser(id: id).startWithResult { result in
                switch result {
                case let .success(name): names.append(name)
                case let .failure(error): failures.append(error)
                }
            }
        }
        // names == ["Ada"]; failures == [.notFound]
        // guide: GettingStarted 5: end
        #expect(names == ["Ada"])
        #expect(failures == [.notFound])
    }

    @Test("properties: the current value first, then the changes; a binding with <~")
    func properties() {
        // guide: GettingStarted 6: begin
        let userName = MutableProperty("Ada")

        var greetings: [String] = []
        userName.producer
            .map { "Hello, \($0)" }
            .startWithValues { greetings.append($0) }

        userName.value = "Grace"
        // greetings == ["Hello, Ada", "Hello, Grace"]
        // guide: GettingStarted 6: end
        #expect(greetings == ["Hello, Ada", "Hello, Grace"])

        // guide: GettingStarted 7: begin
        let title = MutableProperty("")
        title <~ userName.map { "Profile of \($0)" }
        // title.value == "Profile of Grace"
        #expect(title.value == "Profile of Grace")

        userName.value = "Alan"
        // title.value == "Profile of Alan"
        // guide: GettingStarted 7: end
        #expect(title.value == "Profile of Alan")
    }

    @Test("the main thread: observe(on: UIScheduler()) from a main-actor type") @MainActor
    func mainThread() async {
        // guide: GettingStarted 8: begin
        @MainActor final class ThermometerScreen {
            var text = ""
            private var observation: Disposable?

            init(readings: Signal<Double, Never>) {
                observation = readings
                    .observe(on: UIScheduler())
                    .observeValues { [weak self] celsius in self?.text = "\(celsius) °C" }
            }
        }

        let (readings, thermometer) = Signal<Double, Never>.pipe()
        let screen = ThermometerScreen(readings: readings)

        thermometer.send(value: 19.5)   // on the main thread
        await Task.detached { thermometer.send(value: 20.0) }.value   // from another thread
        // once the main queue has run the update: screen.text == "20.0 °C"
        // guide: GettingStarted 8: end
        await mainQueueHasRun()
        #expect(screen.text == "20.0 °C")

        // Every update ran on the main queue, in order: a second observer hopping the same way,
        // registered after the screen's, sees what the screen saw.
        var shown: [String] = []
        readings.observe(on: UIScheduler()).observeValues { _ in shown.append(screen.text) }
        await Task.detached { thermometer.send(value: 21.0) }.value
        await mainQueueHasRun()
        #expect(shown == ["21.0 °C"])
    }

    @Test("disposing a run stops its timer; take(during:) ends a run with its owner's lifetime")
    func disposing() {
        // guide: GettingStarted 9: begin
        let clock = TestScheduler()   // virtual time here; QueueScheduler.main in an app
        var ticks = 0
        let everySecond = SignalProducer.timer(interval: .seconds(1), on: clock)

        let run = everySecond.startWithValues { _ in ticks += 1 }
        clock.advance(by: .seconds(3))   // ticks == 3
        #expect(ticks == 3)
        run.dispose()                    // the timer stops
        #expect(clock.nextDueDate == nil)
        clock.advance(by: .seconds(3))   // ticks is still 3
        // guide: GettingStarted 9: end
        #expect(ticks == 3)

        // guide: GettingStarted 10: begin
        final class Dashboard {
            let (lifetime, token) = Lifetime.make()
            var refreshes = 0
        }

        var dashboard: Dashboard? = Dashboard()
        everySecond
            .take(during: dashboard!.lifetime)
            .startWithValues { [weak dashboard] _ in dashboard?.refreshes += 1 }
        clock.advance(by: .seconds(2))   // dashboard?.refreshes == 2
        #expect(dashboard?.refreshes == 2)
        #expect(clock.nextDueDate != nil)
        dashboard = nil                  // the token goes, the lifetime ends, the timer stops
        // guide: GettingStarted 10: end
        #expect(clock.nextDueDate == nil)
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["GettingStarted"], catalog: GuideArticles.catalog(fromTestFile: #filePath), testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
