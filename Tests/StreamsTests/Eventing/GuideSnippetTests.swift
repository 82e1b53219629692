import Foundation
import Streams
import TestSupport
import Testing

/// The code blocks of the guide articles in `Sources/Streams/Streams.docc`, compiled and run.
///
/// Each block of an article is a region of this file between `// guide: <Article> <n>: begin`
/// and `// guide: <Article> <n>: end` (n counts the article's ```swift blocks from 1). The
/// region, without its `#expect` lines and its common indentation, must equal the block:
/// `articlesMatchThisFile` fails if they drift apart. The `#expect` lines check what the
/// articles' comments claim.
@Suite("Guide snippets")
struct GuideSnippetTests {
    @Test("Eventing: owner-bound observation, one-shot, last value, limits, timers, bus")
    func eventing() {
        // guide: Eventing 1: begin
        final class TemperatureLabel {
            var text = ""
            func show(_ celsius: Double) { text = "\(celsius) °C" }
        }

        let (readings, input) = Signal<Double, Never>.pipe()
        let label = TemperatureLabel()
        readings.observe(with: label, call: TemperatureLabel.show)
        input.send(value: 21.5)   // label.text == "21.5 °C"
        #expect(label.text == "21.5 °C")
        // guide: Eventing 1: end

        // guide: Eventing 2: begin
        readings.observe(with: label) { label, celsius in
            label.text = celsius > 30 ? "hot" : "fine"
        }
        // guide: Eventing 2: end

        // guide: Eventing 3: begin
        final class Screen: LifetimeProviding {
            let (lifetime, token) = Lifetime.make()
            var alerts = 0
        }

        var screen: Screen? = Screen()
        readings.observe(with: screen!) { screen, _ in screen.alerts += 1 }
        screen = nil   // the observation ends here, and its closure is released
        #expect(readings.observerCount == 2)
        // guide: Eventing 3: end

        // guide: Eventing 4: begin
        var firstReading: Double?
        readings.observeNextValue { firstReading = $0 }
        readings.observe(with: label, once: true) { label, celsius in label.text = "first: \(celsius)" }
        input.send(value: 19.0)   // firstReading == 19.0; label.text == "first: 19.0"
        #expect(label.text == "first: 19.0")
        input.send(value: 20.0)   // neither observation sees 20.0
        #expect(firstReading == 19.0)
        #expect(label.text == "fine")
        // guide: Eventing 4: end
    }

    @Test("Eventing: last value, observer limits, delivery, timers")
    func eventingContinued() {
        // guide: Eventing 5: begin
        let temperature = LastValueSignal<Double>()
        temperature.send(value: 21.5)
        var seen: [Double] = []
        temperature.observe { seen.append($0) }   // seen == [21.5] at once
        #expect(seen == [21.5])

        let results = LastValueSignal<String>(replaysToNewObservers: false)
        results.send(value: "done")
        var log: [String] = []
        let observation = results.observe { log.append($0) }   // log == []
        #expect(log.isEmpty)
        observation.replayLastValue()                         // log == ["done"]
        #expect(log == ["done"])
        // guide: Eventing 5: end

        // guide: Eventing 6: begin
        let (progress, progressInput) = Signal<Double, Never>.pipe()
        progress.named("download progress").maximumObservers = 100
        progress.setObserverHooks(
            added: { count in print("observers: \(count)") },
            removed: { count in print("observers: \(count)") })
        print(progress)   // Signal<Double, Never>("download progress", 0 observers)
        #expect(progress.description == "Signal<Double, Never>(\"download progress\", 0 observers)")
        // guide: Eventing 6: end
        _ = progressInput

        // guide: Eventing 7: begin
        final class ProgressBar { var fraction = 0.0 }
        let bar = ProgressBar()
        // On the main thread: inline when the value is sent there, else on the main queue.
        progress.observe(with: bar, on: UIScheduler()) { bar, fraction in bar.fraction = fraction }
        // On a queue, inline when already on it; or as operations of an OperationQueue.
        let parsing = InlineQueueScheduler(queue: DispatchQueue(label: "parser"))
        progress.observe(with: bar, on: parsing) { _, fraction in print("parsed", fraction) }
        progress.observe(with: bar, on: OperationQueueScheduler(OperationQueue())) { _, _ in }
        // guide: Eventing 7: end
        #expect(progress.observerCount == 3)

        // guide: Eventing 8: begin
        let clock = TestScheduler()   // QueueScheduler.main in an app
        let autosave = OneShotTimer(on: clock)
        var saves = 0
        autosave.fired.observeValues { _ in saves += 1 }
        autosave.fire(after: .seconds(30))
        clock.advance(by: .seconds(20))
        autosave.fire(after: .seconds(30))   // armed again: the first firing is replaced
        clock.advance(by: .seconds(30))       // saves == 1
        #expect(saves == 1)

        let poll = PeriodicTimer(interval: .seconds(10), on: clock)
        var polls = 0
        poll.fired.observeValues { _ in polls += 1 }
        poll.activate()
        clock.advance(by: .seconds(20))       // polls == 2
        poll.interval = .seconds(5)
        clock.advance(by: .seconds(10))       // polls == 4
        poll.stop()
        #expect(polls == 4)
        // guide: Eventing 8: end
    }

    @Test("Eventing: the bus")
    func eventingBus() {
        // guide: Eventing 9: begin
        struct CartChanged { let items: Int }

        final class CartBadge {
            var count = 0
            func update(_ change: CartChanged) { count = change.items }
        }

        let bus = PostOffice()   // or PostOffice.default
        let badge = CartBadge()
        bus.register(badge, CartBadge.update)
        let id = bus.register { (change: CartChanged) in print("cart: \(change.items)") }
        bus.post(CartChanged(items: 3))   // badge.count == 3
        #expect(badge.count == 3)
        bus.unregister(id)
        // guide: Eventing 9: end
    }

    @Test("signals-ios: each idiom, the Streams way")
    func signalsIOS() {
        // guide: ComingFromSignalsIOS 1: begin
        final class NetworkRequest {
            let onResult = LastValueSignal<Result<Data, URLError>>(replaysToNewObservers: false)
            let onProgress = LastValueSignal<Double>(replaysToNewObservers: false)

            func finish(with data: Data) {
                onProgress.send(value: 1.0)
                onResult.send(value: .success(data))
            }
        }
        // guide: ComingFromSignalsIOS 1: end

        final class ViewController: @unchecked Sendable {
            var status = ""
            var progress = 0.0
        }
        let request = NetworkRequest()
        let viewController = ViewController()

        // guide: ComingFromSignalsIOS 2: begin
        let observation = request.onResult.observe(with: viewController) { viewController, result in
            viewController.status = (try? result.get()).map { "\($0.count) bytes" } ?? "failed"
        }
        request.finish(with: Data([1, 2, 3]))   // viewController.status == "3 bytes"
        #expect(viewController.status == "3 bytes")
        observation.dispose()                    // cancels this observer only
        // guide: ComingFromSignalsIOS 2: end

        // guide: ComingFromSignalsIOS 3: begin
        request.onProgress.observe(with: viewController, once: true) { viewController, fraction in
            viewController.progress = fraction
        }
        // guide: ComingFromSignalsIOS 3: end

        // guide: ComingFromSignalsIOS 4: begin
        let late = request.onResult.observe(with: viewController, on: OperationQueueScheduler(.main)) {
            viewController, _ in viewController.status = "seen again"
        }
        late.replayLastValue()   // the last result, to this observer alone, on the main queue
        // guide: ComingFromSignalsIOS 4: end
        #expect(waitUntil { DispatchQueue.main.sync { viewController.status == "seen again" } })

        // guide: ComingFromSignalsIOS 5: begin
        let (results, resultsInput) = Signal<Int, Never>.pipe()
        results.maximumObservers = 500   // the failure names the signal and the count
        // guide: ComingFromSignalsIOS 5: end
        _ = resultsInput
    }

    @Test("SwiftySignals: each idiom, the Streams way")
    func swiftySignals() {
        // guide: ComingFromSwiftySignals 1: begin
        final class TemperatureSensor {
            let temperature = LastValueSignal<Double>()   // new observers get the last value
            func update(_ celsius: Double) { temperature.send(value: celsius) }
        }

        final class TemperatureView {
            var shown: [Double] = []
            func show(_ celsius: Double) { shown.append(celsius) }
        }

        let sensor = TemperatureSensor()
        sensor.update(20)
        let view = TemperatureView()
        sensor.temperature.observe(with: view, call: TemperatureView.show)   // view.shown == [20]
        sensor.update(21)                                                     // view.shown == [20, 21]
        #expect(view.shown == [20, 21])
        // guide: ComingFromSwiftySignals 1: end

        // guide: ComingFromSwiftySignals 2: begin
        sensor.temperature.signal
            .filter { $0 > 30 }
            .observe(with: view, on: UIScheduler(), call: TemperatureView.show)
        // guide: ComingFromSwiftySignals 2: end

        // guide: ComingFromSwiftySignals 3: begin
        let setting = MutableProperty(56.0)
        setting.producer.start(with: view, call: TemperatureView.show)   // the current value, then each change
        // guide: ComingFromSwiftySignals 3: end
        #expect(view.shown == [20, 21, 56])

        // guide: ComingFromSwiftySignals 4: begin
        let scheduler = TestScheduler()   // QueueScheduler.main in an app
        let reminder = OneShotTimer(on: scheduler)
        reminder.fired.observe(with: view) { view, _ in view.show(-1) }
        reminder.fire(after: .seconds(600))
        reminder.invalidate()   // stopped; fire(after:) arms it again

        let refresh = PeriodicTimer(interval: .seconds(600), on: scheduler)
        refresh.fired.observe(with: sensor) { sensor, _ in sensor.update(22) }
        refresh.activate()
        scheduler.advance(by: .seconds(600))   // view.shown.last == 22
        #expect(view.shown.last == 22)
        // guide: ComingFromSwiftySignals 4: end
    }

    @Test("PonyExpress: each idiom, the Streams way")
    func ponyExpress() {
        // guide: ComingFromPonyExpress 1: begin
        struct ItemAdded { let name: String }
        final class Library {}

        final class Shelf {
            var names: [String] = []
            init(bus: PostOffice) {
                bus.register(self, Shelf.add)
                bus.register(self, Shelf.addFromLibrary)
            }
            func add(_ item: ItemAdded) { names.append(item.name) }
            func addFromLibrary(_ item: ItemAdded, sender: Library) { names.append("library: \(item.name)") }
        }

        let bus = PostOffice()
        let shelf = Shelf(bus: bus)
        bus.post(ItemAdded(name: "atlas"))                      // shelf.names == ["atlas"]
        bus.post(ItemAdded(name: "globe"), sender: Library())   // + "globe", "library: globe"
        #expect(shelf.names == ["atlas", "globe", "library: globe"])
        // guide: ComingFromPonyExpress 1: end

        // guide: ComingFromPonyExpress 2: begin
        let library = Library()
        let fromThisLibrary = bus.register(sender: library) { (item: ItemAdded) in print(item.name) }
        let maybeFromALibrary = bus.register { (item: ItemAdded, sender: Library?) in
            print(item.name, sender == nil ? "no sender" : "a library")
        }
        bus.unregister(fromThisLibrary)
        bus.unregister(maybeFromALibrary)
        bus.unregister(shelf)   // every registration of the shelf
        // guide: ComingFromPonyExpress 2: end
        #expect(bus.recipientCount == 0)

        // guide: ComingFromPonyExpress 3: begin
        bus.register(on: QueueScheduler(name: "indexer"), shelf, Shelf.add)
        // guide: ComingFromPonyExpress 3: end
        #expect(bus.recipientCount == 1)
    }

    // MARK: Articles against this file

    @Test("every swift block of the eventing articles is a region of this file")
    func articlesMatchThisFile() throws {
        let articles = ["Eventing", "ComingFromSignalsIOS", "ComingFromSwiftySignals", "ComingFromPonyExpress"]
        let problems = try GuideArticles.mismatches(
            articles: articles, catalog: GuideArticles.catalog(fromTestFile: #filePath), testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
