import Foundation
import Streams
import TestSupport
import Testing

// guide: ThreadsAndSchedulers 7: begin
@MainActor final class DownloadBadge {
    private(set) var text = "waiting"
    private var observation: Disposable?

    init(progress: Signal<Int, Never>) {
        observation = progress.observeValues(on: MainActor.self) { [weak self] percent in
            self?.text = "\(percent)%"   // the compiler knows this runs on the main actor
        }
    }
}
// guide: ThreadsAndSchedulers 7: end

// guide: ThreadsAndSchedulers 9: begin
@MainActor final class StatusLine {
    private(set) var text = ""
    private var observation: Disposable?

    init(statuses: Signal<String, Never>) {
        observation = statuses.observeValues { [weak self] status in
            self?.text = status   // runs on whatever thread sends the status
        }
    }
}
// guide: ThreadsAndSchedulers 9: end

/// Suspends until the main queue has run every block queued on it before this call.
@MainActor
private func mainQueueHasRunEverything() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// Installs the article's report handler, then makes the mistake of `StatusLine`: a status sent
/// from a background queue reaches a main-actor closure without a hop. Prints the report (through
/// the handler) and the text the closure set. Runs in a process of its own (see
/// `isolationReport()`): the mode and the handler are global, and other suites, which install
/// handlers of their own, run meanwhile in the test process.
@MainActor
private func reportMissingHop() async {
    // guide: ThreadsAndSchedulers 10: begin
    IsolationChecking.mode = .report   // the default
    IsolationChecking.reportHandler = { violation in
        print("isolation: \(violation)")   // or hand it to your logger
    }
    // guide: ThreadsAndSchedulers 10: end
    let (statuses, input) = Signal<String, Never>.pipe()
    let statusLine = StatusLine(statuses: statuses)
    await mainQueueHasRunEverything()   // as in an app, the main queue is being served
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            input.send(value: "synced")
            continuation.resume()
        }
    }
    print("text: \(statusLine.text)")
    // Ends the process here, without the handlers `exit` runs: under AddressSanitizer those include
    // its leak check, which has ended this process with status 1 on loaded runs, its output still
    // unflushed. The parent process checks the whole suite for leaks.
    fflush(nil)
    _exit(0)
}

/// The code blocks of the article "Threads, schedulers and the main actor"
/// (`Sources/Streams/Streams.docc/ThreadsAndSchedulers.md`), compiled in Swift 6 mode with
/// warnings as errors, and run. Regions and blocks are compared by `articleMatchesThisFile`; the
/// `#expect` lines check what the article's comments claim.
@Suite("Threads and schedulers guide")
struct ThreadsAndSchedulersGuideTests {
    @Test("an observer runs on the sending thread, inside send")
    func deliveredInsideSend() {
        // guide: ThreadsAndSchedulers 1: begin
        let (taps, input) = Signal<String, Never>.pipe()
        var log: [String] = []
        taps.observeValues { log.append("observed \($0)") }

        log.append("before send")
        input.send(value: "tap")
        log.append("after send")
        // log == ["before send", "observed tap", "after send"]
        // guide: ThreadsAndSchedulers 1: end
        #expect(log == ["before send", "observed tap", "after send"])
    }

    @Test("senders on several threads: one event at a time, each sender's order kept",
          .offCooperativePool, .timeLimit(.minutes(5)))
    func serializedAcrossThreads() {
        // guide: ThreadsAndSchedulers 2: begin
        let (samples, sensors) = Signal<(sensor: Int, reading: Int), Never>.pipe()
        var received: [(sensor: Int, reading: Int)] = []   // no lock: deliveries never overlap
        samples.observeValues { received.append($0) }

        DispatchQueue.concurrentPerform(iterations: 4) { sensor in
            for reading in 1...250 { sensors.send(value: (sensor, reading)) }
        }
        // received.count == 1000, and each sensor's readings are in order, 1 to 250
        // guide: ThreadsAndSchedulers 2: end
        #expect(received.count == 1000)
        for sensor in 0..<4 {
            #expect(received.filter { $0.sensor == sensor }.map(\.reading) == Array(1...250))
        }
    }

    @Test("an event sent from an observer waits until the current one has reached every observer")
    func reentrantSend() {
        // guide: ThreadsAndSchedulers 3: begin
        let (messages, inbox) = Signal<String, Never>.pipe()
        var seen: [String] = []
        messages.observeValues { message in
            seen.append("first \(message)")
            if message == "ping" { inbox.send(value: "pong") }   // queued behind "ping"
        }
        messages.observeValues { seen.append("second \($0)") }

        inbox.send(value: "ping")
        // seen == ["first ping", "second ping", "first pong", "second pong"]
        // guide: ThreadsAndSchedulers 3: end
        #expect(seen == ["first ping", "second ping", "first pong", "second pong"])
        // The first observer holds the input of its own signal: ending the signal releases both.
        inbox.sendCompleted()
    }

    @Test("observe(on:) delivers every event on the scheduler, in order",
          .offCooperativePool, .timeLimit(.minutes(5)))
    func observeOn() {
        // guide: ThreadsAndSchedulers 4: begin
        let parsing = QueueScheduler(name: "parsing")
        let (lines, network) = Signal<String, Never>.pipe()
        var parsed: [String] = []
        let allParsed = DispatchSemaphore(value: 0)
        lines
            .observe(on: parsing)
            .observe { event in
                dispatchPrecondition(condition: .onQueue(parsing.queue))   // holds for every event
                switch event {
                case let .value(line): parsed.append(line.uppercased())
                case .completed, .failed, .interrupted: allParsed.signal()
                }
            }

        network.send(value: "get /")   // returns without waiting for the parser
        network.send(value: "get /about")
        network.sendCompleted()
        allParsed.wait()   // a test may wait; an app moves the result on instead
        // parsed == ["GET /", "GET /ABOUT"]
        // guide: ThreadsAndSchedulers 4: end
        #expect(parsed == ["GET /", "GET /ABOUT"])
    }

    @Test("start(on:) runs the start handler on the scheduler", .offCooperativePool, .timeLimit(.minutes(5)))
    func startOn() {
        // guide: ThreadsAndSchedulers 5: begin
        let disk = QueueScheduler(name: "disk")
        let listing = SignalProducer<String, Never> { observer, _ in
            dispatchPrecondition(condition: .onQueue(disk.queue))   // the handler runs on disk.queue
            for name in ["notes.txt", "todo.txt"] { observer.send(value: name) }
            observer.sendCompleted()
        }

        var names: [String] = []
        let listed = DispatchSemaphore(value: 0)
        listing
            .start(on: disk)
            .start { event in
                if case let .value(name) = event { names.append(name) } else { listed.signal() }
            }
        listed.wait()
        // names == ["notes.txt", "todo.txt"]
        // guide: ThreadsAndSchedulers 5: end
        #expect(names == ["notes.txt", "todo.txt"])
    }

    @Test("a scheduler parameter: ImmediateScheduler keeps the delivery synchronous")
    func schedulerParameter() {
        // guide: ThreadsAndSchedulers 6: begin
        func priceLabels(_ prices: Signal<Double, Never>, on scheduler: any Scheduler = UIScheduler()) -> Signal<String, Never> {
            prices.map { "\($0) €" }.observe(on: scheduler)
        }

        let (prices, feed) = Signal<Double, Never>.pipe()
        var labels: [String] = []
        priceLabels(prices, on: ImmediateScheduler()).observeValues { labels.append($0) }
        feed.send(value: 9.5)
        // labels == ["9.5 €"], delivered before send returned
        // guide: ThreadsAndSchedulers 6: end
        #expect(labels == ["9.5 €"])
    }

    @Test("the MainActor.self forms deliver on the main actor", .offCooperativePool, .timeLimit(.minutes(5)))
    @MainActor
    func mainActorDelivery() async {
        // guide: ThreadsAndSchedulers 8: begin
        let (progress, download) = Signal<Int, Never>.pipe()
        let badge = DownloadBadge(progress: progress)

        let network = QueueScheduler(name: "network")
        network.schedule {
            download.send(value: 40)
            download.send(value: 100)
        }
        // on the main actor, in order: "40%", then "100%"; once the main queue has run both,
        // badge.text == "100%"
        // guide: ThreadsAndSchedulers 8: end
        // Both values have been sent once an action scheduled after the sends has run; their
        // deliveries are then on the main queue, ahead of the block that resumes this test.
        await withCheckedContinuation { continuation in
            network.schedule { continuation.resume() }
        }
        await mainQueueHasRunEverything()
        #expect(badge.text == "100%")
    }

    @Test("a report handler receives the report of a closure called off its actor, in .report mode",
          .offCooperativePool, .timeLimit(.minutes(5)))
    func isolationReport() async {
        // In a process of its own: the mode and the handler are global (see `reportMissingHop()`).
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            await reportMissingHop()
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("isolation: observeValues(_:) at StreamsGuideTests/ThreadsAndSchedulersGuideTests.swift:"))
        #expect(output.contains("the closure was written in code isolated to MainActor but is called outside it"))
        #expect(output.contains("`observe(on: UIScheduler())`"))
        #expect(output.contains("text: synced"), "in .report mode the closure runs anyway")
    }

    @Test("the switch that turns the report into a stop, in debug builds")
    func isolationStop() async {
        // In a process of its own: the mode is global, and the other tests run meanwhile.
        await #expect(processExitsWith: .success) {
            // guide: ThreadsAndSchedulers 11: begin
            #if DEBUG
            IsolationChecking.mode = .stop
            #endif
            // guide: ThreadsAndSchedulers 11: end
            #if DEBUG
            guard IsolationChecking.mode == .stop else { exit(1) }
            #endif
        }
    }

    @Test("TestScheduler: debounce checked by advancing virtual time")
    func debounceOnTestScheduler() {
        // guide: ThreadsAndSchedulers 12: begin
        let clock = TestScheduler()
        let (keystrokes, field) = Signal<String, Never>.pipe()
        var searches: [String] = []
        keystrokes
            .debounce(0.3, on: clock)
            .observeValues { searches.append($0) }

        field.send(value: "s")
        field.send(value: "sw")
        clock.advance(by: .milliseconds(200))   // searches == []: the user is still typing
        #expect(searches == [])
        field.send(value: "swift")
        clock.advance(by: .milliseconds(300))   // searches == ["swift"]
        // guide: ThreadsAndSchedulers 12: end
        #expect(searches == ["swift"])

        // guide: ThreadsAndSchedulers 13: begin
        let reminder = SignalProducer<String, Never>(value: "stretch").delay(3600, on: clock)
        var reminders: [String] = []
        reminder.startWithValues { reminders.append($0) }
        clock.run()   // reminders == ["stretch"]
        // guide: ThreadsAndSchedulers 13: end
        #expect(reminders == ["stretch"])
        #expect(clock.currentDate == .distantFuture)
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["ThreadsAndSchedulers"], catalog: GuideArticles.catalog(fromTestFile: #filePath),
            testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
