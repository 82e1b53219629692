import Foundation
import Streams
import TestSupport
import Testing

/// The code blocks of the article "Sharing work" (`Sources/Streams/Streams.docc/SharingWork.md`),
/// compiled in Swift 6 mode with warnings as errors, and run. Regions and blocks are compared by
/// `articleMatchesThisFile`; the `#expect` lines check what the article's comments claim.
@Suite("Sharing work guide")
struct SharingWorkGuideTests {
    @Test("one shared run: replayLazily, a multicast connection, startWithSignal")
    func sharedRun() {
        // guide: SharingWork 1: begin
        let clock = TestScheduler()   // a QueueScheduler in an app
        var connections = 0
        let quotes = SignalProducer<Int, Never> { observer, lifetime in
            connections += 1   // stands for opening a connection to a server
            var price = 100
            lifetime += clock.schedule(after: .seconds(1), interval: .seconds(1)) {
                price += 1
                observer.send(value: price)
                if price == 110 { observer.sendCompleted() }   // the feed closes after ten quotes
            }
        }
        let sharedQuotes = quotes.replayLazily(upTo: 1)

        var chart: [Int] = []
        var ticker: [Int] = []
        let chartRun = sharedQuotes.startWithValues { chart.append($0) }     // starts the work
        #expect(connections == 1)
        clock.advance(by: .seconds(2))
        let tickerRun = sharedQuotes.startWithValues { ticker.append($0) }   // gets 102 at once
        #expect(ticker == [102])
        clock.advance(by: .seconds(1))
        // connections == 1; chart == [101, 102, 103]; ticker == [102, 103]
        // guide: SharingWork 1: end
        #expect(connections == 1)
        #expect(chart == [101, 102, 103])
        #expect(ticker == [102, 103])

        // guide: SharingWork 2: begin
        chartRun.dispose()
        tickerRun.dispose()
        clock.advance(by: .seconds(1))   // 104 is sent to nobody, and kept for replay
        #expect(chart == [101, 102, 103])
        #expect(ticker == [102, 103])

        var later: [Int] = []
        sharedQuotes.startWithValues { later.append($0) }
        // later == [104]; connections is still 1
        // guide: SharingWork 2: end
        #expect(later == [104])
        #expect(connections == 1)

        // guide: SharingWork 3: begin
        let connection = quotes.replay(upTo: 1)
        var alerts: [Int] = []
        connection.producer.startWithValues { alerts.append($0) }   // subscribes; starts nothing
        #expect(connections == 1)

        let work = connection.connect()   // one more connection to the server
        clock.advance(by: .seconds(1))
        work.dispose()                    // closes it
        clock.advance(by: .seconds(1))
        // alerts == [101]; connections == 2
        // guide: SharingWork 3: end
        #expect(alerts == [101])
        #expect(connections == 2)

        // guide: SharingWork 4: begin
        let lines = SignalProducer<String, Never>(["Title", "Author", "", "Body", "More body"])

        var headerLines: [String] = []
        var linesRead = 0
        lines.startWithSignal { signal, interruptHandle in
            signal.observeValues { line in
                if line.isEmpty { interruptHandle.dispose() } else { headerLines.append(line) }
            }
            signal.observeValues { _ in linesRead += 1 }
        }
        // headerLines == ["Title", "Author"]; linesRead == 3: the run stopped after the blank line
        // guide: SharingWork 4: end
        #expect(headerLines == ["Title", "Author"])
        #expect(linesRead == 3)

        // The shared run lasts as long as its producer, which its timer's action keeps alive
        // through the clock: the feed closing ends it, and its timer with it.
        clock.advance(by: .seconds(10))
        #expect(clock.nextDueDate == nil)
    }

    @Test("the shared run of replayLazily stops once the producer and its starts are gone")
    func replayLazilyStopsWhenGone() {
        let clock = TestScheduler()
        var sharedQuotes: SignalProducer<Int, Never>? = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += clock.schedule(after: .seconds(1), interval: .seconds(1)) { observer.send(value: 1) }
        }.replayLazily(upTo: 1)
        let run = sharedQuotes?.start()
        clock.advance(by: .seconds(1))
        run?.dispose()
        #expect(clock.nextDueDate != nil)
        sharedQuotes = nil
        #expect(clock.nextDueDate == nil)
    }

    @Test("properties and bindings: producer and signal, read-only views, composition, <~, lifetimes")
    func propertiesAndBindings() {
        let clock = TestScheduler()   // defined in the article's first block

        // guide: SharingWork 5: begin
        let volume = MutableProperty(5)

        var fromProducer: [Int] = []
        var fromSignal: [Int] = []
        volume.producer.startWithValues { fromProducer.append($0) }
        volume.signal.observeValues { fromSignal.append($0) }
        volume.value = 6
        volume.value = 7
        // fromProducer == [5, 6, 7]; fromSignal == [6, 7]
        // guide: SharingWork 5: end
        #expect(fromProducer == [5, 6, 7])
        #expect(fromSignal == [6, 7])

        // guide: SharingWork 6: begin
        final class Download {
            let progress: Property<Double>
            private let mutableProgress = MutableProperty(0.0)

            init() {
                progress = Property(mutableProgress)
            }

            func receive(fraction: Double) {
                mutableProgress.value = fraction
            }
        }

        let download = Download()
        download.receive(fraction: 0.5)
        // download.progress.value == 0.5
        // guide: SharingWork 6: end
        #expect(download.progress.value == 0.5)

        // guide: SharingWork 7: begin
        let timer = SignalProducer.timer(interval: .seconds(1), on: clock)
        let elapsed = Property(initial: 0, then: timer.scan(0) { seconds, _ in seconds + 1 })
        // elapsed.value == 0
        #expect(elapsed.value == 0)
        clock.advance(by: .seconds(3))
        // elapsed.value == 3
        // guide: SharingWork 7: end
        #expect(elapsed.value == 3)

        // guide: SharingWork 8: begin
        let firstName = MutableProperty("Ada")
        let lastName = MutableProperty("Lovelace")

        let fullName = Property.combineLatest(firstName, lastName).map { "\($0) \($1)" }
        let letters = fullName.map(\.count)
        // fullName.value == "Ada Lovelace"; letters.value == 12
        #expect(fullName.value == "Ada Lovelace")
        #expect(letters.value == 12)

        lastName.value = "Byron"
        // fullName.value == "Ada Byron"; letters.value == 9
        // guide: SharingWork 8: end
        #expect(fullName.value == "Ada Byron")
        #expect(letters.value == 9)
        #expect(firstName.combineLatest(with: lastName).value == ("Ada", "Byron"))

        // guide: SharingWork 9: begin
        let shownVolume = MutableProperty("")
        let binding = shownVolume <~ volume.map { "Volume \($0)" }
        // shownVolume.value == "Volume 7"
        #expect(shownVolume.value == "Volume 7")

        volume.value = 8
        // shownVolume.value == "Volume 8"
        #expect(shownVolume.value == "Volume 8")

        binding?.dispose()
        volume.value = 9
        // shownVolume.value is still "Volume 8"
        // guide: SharingWork 9: end
        #expect(shownVolume.value == "Volume 8")
        // The prose: `<~` returns nil when the target's lifetime has already ended.
        #expect((BindingTarget<Int>(lifetime: .empty) { _ in } <~ volume) == nil)

        // guide: SharingWork 10: begin
        final class VolumeLabel {
            let (lifetime, token) = Lifetime.make()
            var text = ""

            var textTarget: BindingTarget<String> {
                BindingTarget(lifetime: lifetime, object: self, keyPath: \.text)
            }
        }

        var label: VolumeLabel? = VolumeLabel()
        var bindingEnded = false
        label!.textTarget <~ volume.producer
            .map { "Volume \($0)" }
            .on(disposed: { bindingEnded = true })
        // label!.text == "Volume 9"
        #expect(label!.text == "Volume 9")
        #expect(!bindingEnded)

        label = nil   // the label goes, its lifetime ends, and the binding with it
        // bindingEnded == true
        // guide: SharingWork 10: end
        #expect(bindingEnded)   // so the label was deinitialized: only it held the token
    }

    @Test("actions: executing, values, errors, disabled while executing or by state, binding")
    func actions() {
        let clock = TestScheduler()   // defined in the article's first block

        // guide: SharingWork 11: begin
        struct UploadError: Error, Equatable { let reason: String }

        let isOnline = MutableProperty(true)
        let upload = Action<String, Int, UploadError>(enabledIf: isOnline) { text in
            guard !text.isEmpty else { return SignalProducer(error: UploadError(reason: "empty")) }
            return SignalProducer(value: text.utf8.count).delay(1, on: clock)   // a second of network
        }

        var uploaded: [Int] = []
        upload.values.observeValues { uploaded.append($0) }

        upload.apply("hello").start()
        // upload.isExecuting.value == true; upload.isEnabled.value == false
        #expect(upload.isExecuting.value)
        #expect(!upload.isEnabled.value)
        clock.advance(by: .seconds(1))
        // uploaded == [5]; upload.isExecuting.value == false; upload.isEnabled.value == true
        // guide: SharingWork 11: end
        #expect(uploaded == [5])
        #expect(!upload.isExecuting.value)
        #expect(upload.isEnabled.value)

        // guide: SharingWork 12: begin
        var failures: [UploadError] = []
        upload.errors.observeValues { failures.append($0) }

        var outcome: ActionError<UploadError>?
        upload.apply("").startWithFailed { outcome = $0 }
        // outcome == .producerFailed(UploadError(reason: "empty"))
        // failures == [UploadError(reason: "empty")]
        // guide: SharingWork 12: end
        #expect(outcome == .producerFailed(UploadError(reason: "empty")))
        #expect(failures == [UploadError(reason: "empty")])

        // guide: SharingWork 13: begin
        var refusals = 0
        upload.disabledErrors.observeValues { refusals += 1 }

        upload.apply("first").start()
        upload.apply("second").startWithFailed { outcome = $0 }
        // outcome == .disabled: "first" is still executing
        #expect(outcome == .disabled)
        clock.advance(by: .seconds(1))

        isOnline.value = false
        upload.apply("third").startWithFailed { outcome = $0 }
        // outcome == .disabled; refusals == 2; uploaded == [5, 5]: only "first" ran
        // guide: SharingWork 13: end
        #expect(outcome == .disabled)
        #expect(refusals == 2)
        #expect(uploaded == [5, 5])

        // The closing sentence: an action is a binding target, applied to each value.
        isOnline.value = true
        let (submissions, form) = Signal<String, Never>.pipe()
        upload <~ submissions
        form.send(value: "report")
        clock.advance(by: .seconds(1))
        #expect(uploaded == [5, 5, 6])
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["SharingWork"], catalog: GuideArticles.catalog(fromTestFile: #filePath), testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
