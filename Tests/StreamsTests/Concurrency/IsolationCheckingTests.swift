import Dispatch
import Foundation
import Streams
import Synchronization
import Testing

/// The reports of the isolation check made while a test runs, for the call sites of this file.
///
/// The handler is global, and other suites run meanwhile: reports from their call sites may reach
/// it too, so a test looks only at the lines it wrote. Each call site is reported once per
/// process, so every test registers its closures on lines of its own.
private final class ReportCollector: Sendable {
    private let reports = Mutex<[IsolationViolation]>([])
    /// The handler installed before this collector, which `uninstall()` puts back.
    private let previous: (@Sendable (IsolationViolation) -> Void)?

    private init(previous: (@Sendable (IsolationViolation) -> Void)?) {
        self.previous = previous
    }

    /// Installs a collector as the report handler; `uninstall()` restores the handler that was
    /// installed before (none: standard error). The suite runs its tests one at a time, so
    /// collectors never overlap.
    static func install() -> ReportCollector {
        let collector = ReportCollector(previous: IsolationChecking.reportHandler)
        IsolationChecking.reportHandler = { violation in collector.reports.withLock { $0.append(violation) } }
        return collector
    }

    func uninstall() {
        IsolationChecking.reportHandler = previous
    }

    /// The reports of call sites in this file, at `lines` if given.
    func reports(at lines: [Int]? = nil) -> [IsolationViolation] {
        reports.withLock { reports in
            reports.filter { report in
                report.fileID == "StreamsTests/IsolationCheckingTests.swift"
                    && (lines.map { $0.contains(Int(report.line)) } ?? true)
            }
        }
    }
}

/// Records values from any thread.
private final class Values: Sendable {
    private let values = Mutex<[Int]>([])
    func append(_ value: Int) { values.withLock { $0.append(value) } }
    var all: [Int] { values.withLock { $0 } }
}

/// An actor whose observers are called outside it, and one whose observers are called inside.
private actor Counter {
    var count = 0

    /// Observes on line `registrationLine`, then sends 1 and 2 from another thread.
    func observeAndSendFromAnotherThread(_ values: Values) -> Int {
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { values.append($0) }  // registration line
        onAnotherThread { for value in 1...2 { input.send(value: value) } }
        return #line - 2
    }

    func observeAndSendHere() -> (count: Int, line: Int) {
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { self.count += $0 }
        for value in 1...3 { input.send(value: value) }
        return (count, #line - 2)
    }
}

@Suite("Closures written in actor-isolated code and called outside their actor", .serialized)
struct IsolationCheckingTests {
    @Test("by default the closure runs on the sending thread, and the call site is reported once, with the form, the line and the fix")
    @MainActor
    func reportByDefault() async {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let (signal, input) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        var onMainQueue: [Bool] = []
        signal.observeValues { seen.append($0); onMainQueue.append(Thread.isMainThread) }
        let line = #line - 1
        await mainQueueDrained()  // as in any app, the main queue has been running
        onAnotherThread { for value in 1...3 { input.send(value: value) } }
        #expect(seen == [1, 2, 3], "called where the values were sent, while the main actor waited")
        #expect(onMainQueue == [false, false, false])
        let reports = collector.reports(at: [line])
        #expect(reports.count == 1, "three calls, one call site: one report")
        let report = reports.first
        #expect(report?.form == "observeValues(_:)")
        #expect(report?.actor == "MainActor")
        #expect(report?.description.contains("observeValues(_:) at StreamsTests/IsolationCheckingTests.swift:\(line)") == true)
        #expect(report?.fix.contains("observe(on: UIScheduler())") == true)
        #expect(report?.fix.contains("on: MainActor.self") == true)
    }

    @Test("each call site is reported once, however often it registers and however many events reach it")
    @MainActor
    func oncePerCallSite() async {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let (signal, input) = Signal<Int, Never>.pipe()
        var count = 0
        for _ in 0..<3 { signal.observeValues { count += $0 } }
        let loopLine = #line - 1
        signal.observe { _ in count += 1 }
        let otherLine = #line - 1
        await mainQueueDrained()
        onAnotherThread { for value in 1...2 { input.send(value: value) } }
        #expect(count == 3 * 3 + 2)
        #expect(collector.reports(at: [loopLine]).count == 1)
        #expect(collector.reports(at: [otherLine]).map(\.form) == ["observe(_:)"])
    }

    @Test("producers, owner-bound observations and the side effects of on(...) are checked by the same rule")
    @MainActor
    func everyObservingForm() async {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let (signal, input) = Signal<Int, Never>.pipe()
        final class Screen {
            var shown: [Int] = []
            func show(_ value: Int) { shown.append(value) }
        }
        let screen = Screen()
        var started: [Int] = []
        var sideEffects: [Int] = []
        SignalProducer(signal).startWithValues { started.append($0) }
        let startLine = #line - 1
        signal.observe(with: screen, call: Screen.show)
        let ownerLine = #line - 1
        signal.on(value: { sideEffects.append($0) }).observe(Signal.Observer())
        let onLine = #line - 1
        await mainQueueDrained()
        onAnotherThread { input.send(value: 7) }
        #expect(started == [7] && screen.shown == [7] && sideEffects == [7])
        #expect(collector.reports(at: [startLine]).map(\.form) == ["startWithValues(_:)"])
        #expect(collector.reports(at: [ownerLine]).map(\.form) == ["observe(with:)"])
        #expect(collector.reports(at: [onLine]).map(\.form) == ["on(...)"])
    }

    @Test("a closure called on its actor, or after a hop to it, is not reported")
    @MainActor
    func onTheActorIsNotReported() async {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let (signal, input) = Signal<Int, Never>.pipe()
        var direct: [Int] = []
        var hopped: [Int] = []
        signal.observeValues { direct.append($0) }
        let directLine = #line - 1
        signal.observe(on: UIScheduler()).observeValues { hopped.append($0) }
        let hopLine = #line - 1
        input.send(value: 1)
        onAnotherThread { input.send(value: 2) }
        await mainQueueDrained()
        #expect(hopped == [1, 2])
        #expect(direct == [1, 2])
        #expect(collector.reports(at: [hopLine]).isEmpty)
        // The direct observer was called off the main thread for 2 only: reported.
        #expect(collector.reports(at: [directLine]).count == 1)
    }

    @Test("an observer written inside a custom actor and called from another thread runs there and is reported, naming the actor")
    func customActorOffActor() async {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let values = Values()
        let line = await Counter().observeAndSendFromAnotherThread(values)
        #expect(values.all == [1, 2])
        let reports = collector.reports(at: [line])
        #expect(reports.count == 1)
        #expect(reports.first?.actor.contains("Counter") == true)
        #expect(reports.first?.fix.contains("for await") == true)
    }

    @Test("an observer written inside a custom actor and called inside it is not reported")
    func customActorOnActor() async {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let (count, line) = await Counter().observeAndSendHere()
        #expect(count == 6)
        #expect(collector.reports(at: [line]).isEmpty)
    }

    @Test("an observer written in nonisolated code may be called from any thread, unreported")
    func nonisolatedIsNotChecked() {
        let collector = ReportCollector.install()
        defer { collector.uninstall() }
        let (signal, input) = Signal<Int, Never>.pipe()
        let values = Values()
        signal.observeValues { values.append($0) }
        let line = #line - 1
        onAnotherThread { for value in 1...4 { input.send(value: value) } }
        #expect(values.all == [1, 2, 3, 4])
        #expect(collector.reports(at: [line]).isEmpty)
    }

    // MARK: The other modes, each in a process of its own

    @Test("IsolationChecking.mode = .stop stops the program before the closure runs, naming the call site and the fix")
    func stopMode() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]) {
            IsolationChecking.mode = .stop
            await observeOnMainActorThenSendFromAnotherThread()
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("observeValues(_:) at StreamsTests/IsolationCheckingTests.swift:"))
        #expect(output.contains("the closure was written in code isolated to MainActor but is called outside it"))
        #expect(output.contains("observe(on: UIScheduler())"))
        let printed = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
        #expect(!printed.contains("closure ran"))
    }

    @Test("STREAMS_ISOLATION_CHECKING=stop makes it a stop without code")
    func stopModeFromTheEnvironment() async {
        await #expect(processExitsWith: .failure) {
            setenv("STREAMS_ISOLATION_CHECKING", "stop", 1)
            await observeOnMainActorThenSendFromAnotherThread()
        }
    }

    @Test("IsolationChecking.mode = .off calls the closure and reports nothing")
    func offMode() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            IsolationChecking.mode = .off
            IsolationChecking.reportHandler = { _ in fatalError("reported in .off mode") }
            await observeOnMainActorThenSendFromAnotherThread()
        }
        let printed = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
        #expect(printed.contains("closure ran"))
        let errors = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(!errors.contains("isolated to MainActor"))
    }

    @Test("by default, with no handler, the report goes to standard error once and the program goes on")
    func reportToStandardError() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            await observeOnMainActorThenSendFromAnotherThread()
            await observeOnMainActorThenSendFromAnotherThread()
        }
        let errors = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(errors.components(separatedBy: "warning: observeValues(_:) at StreamsTests/IsolationCheckingTests.swift:").count == 2)
        #expect(errors.contains("STREAMS_ISOLATION_CHECKING=stop"))
        let printed = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
        #expect(printed.components(separatedBy: "closure ran").count == 3)
    }

    @Test("before the main queue runs (top-level code of a script waiting on a semaphore) the closure runs, even in .stop mode")
    func synchronousTopLevelCode() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            IsolationChecking.mode = .stop
            await observeOnMainActorAndWaitLikeAScript()
        }
        let printed = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
        #expect(printed.contains("script received [1, 2, 3]"))
        let errors = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(!errors.contains("isolated to MainActor"))
    }
}

/// Main-actor code that observes, lets the main queue run (as an app's main queue does), then
/// has a value sent from another thread.
@MainActor
private func observeOnMainActorThenSendFromAnotherThread() async {
    let (signal, input) = Signal<Int, Never>.pipe()
    var seen = 0
    signal.observeValues { value in
        seen += value
        say("closure ran")
    }
    await mainQueueDrained()
    onAnotherThread { input.send(value: 1) }
    _ = seen
}

/// What a script's top-level code does: observe, have a queue feed the signal, and wait on a
/// semaphore, all before the main queue has ever run.
@MainActor
private func observeOnMainActorAndWaitLikeAScript() {
    let (signal, input) = Signal<Int, Never>.pipe()
    var received: [Int] = []
    let done = DispatchSemaphore(value: 0)
    signal.observeValues { value in
        received.append(value)
        if value == 3 { done.signal() }
    }
    DispatchQueue.global().async { for value in 1...3 { input.send(value: value) } }
    done.wait()
    say("script received \(received)")
}

/// Writes a line to standard output at once: the exit tests read what was written before a stop.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
