// An app-like pipeline, run for N minutes on real queue schedulers:
//
//   keystrokes (a UI queue) → debounce → flatMap(.latest) requests (a network queue)
//     → a MutableProperty bound with <~ → a derived Property → a PostOffice bus → a screen
//
// Every value is counted at each stage; at the end the input stops, the pipeline drains, and
// the counts must balance: each debounced query started one request; each request either
// completed or was interrupted by a newer query (possibly after answering, and an answer that
// races with the replacement is dropped); each answer out of flatMap(.latest) reached the
// property, the derived property and, through the bus, the screen. Resident memory is sampled
// as it runs; after a warm-up it must stay flat.

import Foundation
import Streams

// MARK: Options

struct Options {
    var minutes = 10.0
    var sampleSeconds = 10.0

    init(_ arguments: [String]) {
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            let next = index + 1 < arguments.count ? Double(arguments[index + 1]) : nil
            switch argument {
            case "--minutes": minutes = next ?? minutes; index += 1
            case "--sample-seconds": sampleSeconds = next ?? sampleSeconds; index += 1
            default:
                print("usage: streams-soak [--minutes N] [--sample-seconds S]")
                exit(2)
            }
            index += 1
        }
    }
}

// MARK: Counters

/// The counts of each stage, written from several queues.
final class Ledger: Sendable {
    let keystrokes = Atomic(0)
    let queries = Atomic(0)
    let requestsStarted = Atomic(0)
    let requestsCompleted = Atomic(0)
    let requestsInterrupted = Atomic(0)
    let requestsAnswered = Atomic(0)
    let latestAnswers = Atomic(0)
    let resultsBound = Atomic(0)
    let summariesDerived = Atomic(0)
    let postsReceived = Atomic(0)

    func line() -> String {
        "keys \(keystrokes.value)  queries \(queries.value)  requests \(requestsStarted.value) "
            + "(answered \(requestsAnswered.value), done \(requestsCompleted.value), replaced \(requestsInterrupted.value))  "
            + "latest \(latestAnswers.value)  bound \(resultsBound.value)  derived \(summariesDerived.value)  posted \(postsReceived.value)"
    }
}

/// What the screen receives on the bus.
struct ResultsChanged: Sendable {
    let query: String
    let count: Int
}

/// Resident memory, in kB, from /proc (0 where there is none).
func residentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

let searchWords = ["signal", "stream", "producer", "property", "binding", "actor", "bus", "timer"]

/// The screen at the end of the bus.
final class Screen: @unchecked Sendable {   // touched only on the screen queue
    private let ledger: Ledger
    var shown = 0

    init(ledger: Ledger) {
        self.ledger = ledger
    }

    func show(_ change: ResultsChanged) {
        shown = change.count
        ledger.postsReceived.modify { $0 += 1 }
    }
}

/// A request that answers after a few milliseconds on the network queue.
func search(_ query: String, _ ledger: Ledger, on network: QueueScheduler) -> SignalProducer<[String], Never> {
    SignalProducer(value: query)
        .on(started: { ledger.requestsStarted.modify { $0 += 1 } })
        .delay(Double(query.count % 5 + 1) / 100, on: network)   // 10 to 50 ms: often longer than the next query takes to come
        .map { query in searchWords.filter { $0.hasPrefix(String(query.prefix(1))) }.map { "\($0) (\(query))" } }
        .on(value: { _ in ledger.requestsAnswered.modify { $0 += 1 } })
        .on(completed: { ledger.requestsCompleted.modify { $0 += 1 } },
            interrupted: { ledger.requestsInterrupted.modify { $0 += 1 } })
}

/// Runs the soak; returns the exit status. Not isolated to the main actor: its observers run
/// on the queues.
func runSoak(_ options: Options) -> Int32 {
    // MARK: The pipeline

    let ledger = Ledger()
    let ui = QueueScheduler(name: "soak.ui")
    let network = QueueScheduler(name: "soak.network")
    let screenQueue = QueueScheduler(name: "soak.screen")

    let (keystrokes, typing) = Signal<String, Never>.pipe()
    let words = searchWords

    let results = MutableProperty<[String]>([])
    let summary = results.map { $0.count }
    let bus = PostOffice(name: "soak")

    let screen = Screen(ledger: ledger)
    bus.register(on: screenQueue, screen, Screen.show)

    let queries = keystrokes
        .on(value: { _ in ledger.keystrokes.modify { $0 += 1 } })
        .debounce(0.003, on: ui)
        .on(value: { _ in ledger.queries.modify { $0 += 1 } })

    let lastQuery = Atomic("")
    let binding = results <~ queries
        .flatMap(.latest) { query in
            search(query, ledger, on: network).on(value: { _ in lastQuery.value = query })
        }
        .on(value: { _ in ledger.latestAnswers.modify { $0 += 1 } })
    results.signal.observeValues { _ in ledger.resultsBound.modify { $0 += 1 } }
    summary.signal.observeValues { count in
        ledger.summariesDerived.modify { $0 += 1 }
        bus.post(ResultsChanged(query: lastQuery.value, count: count))
    }

    // MARK: Typing, sampling, draining

    let ticks = Atomic(0)
    let typingTimer = PeriodicTimer(interval: .microseconds(700), on: ui)
    typingTimer.fired.observeValues { _ in
        let tick = ticks.modify { tick -> Int in
            tick += 1
            return tick
        }
        // Bursts of keys with pauses, so that some queries get through the debounce.
        if tick % 40 < 30 {
            typing.send(value: String(words[tick % words.count].prefix(tick % 6 + 1)))
        }
    }

    let start = Date()
    let deadline = start.addingTimeInterval(options.minutes * 60)
    print("streams-soak: \(options.minutes) minutes, a sample every \(options.sampleSeconds) s")
    print(String(format: "%8@  %10@  %@", "seconds", "RSS kB", "counts"))
    typingTimer.activate()

    var samples: [(seconds: Double, kilobytes: Int)] = []
    while Date() < deadline {
        Thread.sleep(forTimeInterval: min(options.sampleSeconds, max(0, deadline.timeIntervalSinceNow)))
        let seconds = Date().timeIntervalSince(start)
        let kilobytes = residentKilobytes()
        samples.append((seconds, kilobytes))
        print(String(format: "%8.0f  %10d  ", seconds, kilobytes) + ledger.line())
        fflush(nil)   // one line per sample, even into a file
    }

    typingTimer.stop()
    // Drain: the last debounce and the last request settle within milliseconds; wait until the
    // counts stop moving.
    var previous = ""
    repeat {
        previous = ledger.line()
        Thread.sleep(forTimeInterval: 0.2)
        ui.queue.sync {}
        network.queue.sync {}
        screenQueue.queue.sync {}
    } while ledger.line() != previous

    // MARK: Verdict

    var failures: [String] = []
    func check(_ condition: Bool, _ message: String) {
        if !condition { failures.append(message) }
    }

    let started = ledger.requestsStarted.value
    check(ledger.queries.value == started, "queries \(ledger.queries.value) != requests started \(started)")
    check(ledger.requestsCompleted.value + ledger.requestsInterrupted.value == started,
          "requests completed \(ledger.requestsCompleted.value) + replaced \(ledger.requestsInterrupted.value) != started \(started)")
    // A request can be replaced after answering and before completing; an answer that races
    // with its request's replacement is dropped by flatMap(.latest): it counts as replaced.
    let answered = ledger.requestsAnswered.value
    let latest = ledger.latestAnswers.value
    check(answered >= ledger.requestsCompleted.value && answered <= started,
          "answers \(answered) outside [completed \(ledger.requestsCompleted.value), started \(started)]")
    check(latest <= answered && answered - latest <= ledger.requestsInterrupted.value,
          "flatMap(.latest) passed \(latest) of \(answered) answers, with \(ledger.requestsInterrupted.value) requests replaced")
    check(ledger.resultsBound.value == latest,
          "results bound \(ledger.resultsBound.value) != answers out of flatMap(.latest) \(latest)")
    check(ledger.summariesDerived.value == ledger.resultsBound.value,
          "derived \(ledger.summariesDerived.value) != bound \(ledger.resultsBound.value)")
    check(ledger.postsReceived.value == ledger.summariesDerived.value,
          "posts received \(ledger.postsReceived.value) != posted \(ledger.summariesDerived.value)")
    check(screen.shown == summary.value, "the screen shows \(screen.shown), the summary is \(summary.value)")
    check(started > 0, "no request ran")

    // Flat memory: after the first quarter (warm-up), no sample exceeds the warm-up's last sample
    // by more than 10% plus 4 MB.
    let warmedUp = samples.dropFirst(max(1, samples.count / 4))
    if let baseline = samples.dropFirst(max(1, samples.count / 4) - 1).first?.kilobytes, baseline > 0 {
        let limit = baseline + baseline / 10 + 4_096
        let peak = warmedUp.map(\.kilobytes).max() ?? baseline
        check(peak <= limit, "memory grew: peak \(peak) kB after warm-up, limit \(limit) kB")
        print("memory after warm-up: \(baseline) kB, peak \(peak) kB (limit \(limit) kB)")
    }
    print("final: " + ledger.line())
    withExtendedLifetime((binding, typingTimer)) {}
    if failures.isEmpty {
        print("soak passed: every value accounted for, memory flat")
        return 0
    }
    for failure in failures { print("soak FAILED: \(failure)") }
    return 1
}

exit(runSoak(Options(CommandLine.arguments)))
