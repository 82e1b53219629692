import Foundation
import TestSupport
import Testing
// guide: MigratingFromReactiveSwift 1: begin
import Streams   // was: import ReactiveSwift
// guide: MigratingFromReactiveSwift 1: end

/// Suspends until the main queue has run every block queued on it before this call.
@MainActor
private func mainQueueHasRun() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// The isolation check's example: a main-actor label observing with a plain `observeValues`, fed
/// from another thread. Returns the label's text. Run in a process of its own by
/// `isolationReport`, which reads the report on standard error: the check's mode and report
/// handler are global, and other suites use them meanwhile.
@MainActor
private func scoreLabelExample() async -> String {
    // guide: MigratingFromReactiveSwift 4: begin
    @MainActor final class ScoreLabel {
        var text = ""
        private var observation: Disposable?

        func show(_ scores: Signal<Int, Never>) {
            observation = scores.observeValues { [weak self] score in
                self?.text = "\(score)"   // written for the main actor
            }
        }
    }

    let (scores, input) = Signal<Int, Never>.pipe()
    let label = ScoreLabel()
    label.show(scores)
    // guide: MigratingFromReactiveSwift 4: end

    // As in an app, the main queue has run since the observation started: a program still in
    // synchronous top-level code is not reported (no hop to the main actor could run there).
    await mainQueueHasRun()

    // guide: MigratingFromReactiveSwift 5: begin
    await Task.detached {   // from another thread, twice
        input.send(value: 2)
        input.send(value: 3)
    }.value
    // label.text == "3", and standard error shows one report for the call site:
    // warning: observeValues(_:) at <file>:<line>: the closure was written in code
    // isolated to MainActor but is called outside it, on another thread; ...
    // guide: MigratingFromReactiveSwift 5: end
    return label.text
}

/// The code blocks of the article "Migrating from ReactiveSwift"
/// (`Sources/Streams/Streams.docc/MigratingFromReactiveSwift.md`), compiled in Swift 6 mode with
/// warnings as errors, and run. Regions and blocks are compared by `articleMatchesThisFile`; the
/// `#expect` lines check what the article's comments claim.
@Suite("Migrating from ReactiveSwift guide")
struct MigratingGuideTests {
    @Test("names qualified with a module: Schedulers for schedulers, Streams for the rest")
    func qualifiedNames() {
        // guide: MigratingFromReactiveSwift 2: begin
        let scheduler: Schedulers.QueueScheduler = .main    // was: ReactiveSwift.QueueScheduler
        let updates: Streams.Signal<Int, Never> = .never    // was: ReactiveSwift.Signal
        // guide: MigratingFromReactiveSwift 2: end
        #expect(scheduler === QueueScheduler.main)
        #expect(type(of: updates) == Signal<Int, Never>.self)
    }

    @Test("reentrantUnserializedPipe is a serialized pipe: a reentrant send is queued, not delivered depth-first")
    func reentrantUnserialized() {
        // guide: MigratingFromReactiveSwift 3: begin
        let (moves, input) = Signal<String, Never>.reentrantUnserializedPipe()
        var log: [String] = []
        moves.observeValues { move in
            log.append("rules: \(move)")
            if move == "check" { input.send(value: "block") }
        }
        moves.observeValues { move in log.append("board: \(move)") }

        input.send(value: "check")
        // log == ["rules: check", "board: check", "rules: block", "board: block"]
        // guide: MigratingFromReactiveSwift 3: end
        #expect(log == ["rules: check", "board: check", "rules: block", "board: block"])
        input.sendCompleted()   // releases the observer, which holds the input
    }

    @Test("a main-actor closure called from another thread runs there, and its call site is reported once on standard error",
          .offCooperativePool, .timeLimit(.minutes(5)))
    func isolationReport() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let text = await scoreLabelExample()
            if text != "3" { exit(2) }   // label.text == "3"
        }
        let errors = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        let reports = errors.components(separatedBy: "warning: observeValues(_:) at ").count - 1
        #expect(reports == 1, "two calls from one call site: one report\n\(errors)")
        #expect(errors.contains("warning: observeValues(_:) at StreamsGuideTests/MigratingGuideTests.swift:"))
        #expect(errors.contains(
            "the closure was written in code isolated to MainActor but is called outside it, on another thread; "))
    }

    @Test("a disposable of one's own is Sendable, as the Disposable protocol requires")
    func sendableDisposable() {
        // guide: MigratingFromReactiveSwift 6: begin
        final class CancelFlag: Disposable {   // Sendable, as Disposable requires
            private let flag = Atomic(false)
            var isDisposed: Bool { flag.value }
            func dispose() { flag.value = true }
        }

        let cleanup = CompositeDisposable()
        let flag = CancelFlag()
        cleanup += flag
        cleanup.dispose()
        // flag.isDisposed == true
        // guide: MigratingFromReactiveSwift 6: end
        #expect(flag.isDisposed)
    }

    @Test("combineLatest(with:) given an existential binding source's producer")
    func combineLatestWithExistential() {
        // guide: MigratingFromReactiveSwift 7: begin
        let volume = MutableProperty(3)
        let level: any BindingSource<Int> = volume
        var shown: [String] = []
        SignalProducer<String, Never>(value: "speaker")
            .combineLatest(with: level.producer)
            .startWithValues { name, value in shown.append("\(name) \(value)") }
        // shown == ["speaker 3"]
        // guide: MigratingFromReactiveSwift 7: end
        #expect(shown == ["speaker 3"])
    }

    @Test("for await over a producer's values")
    func values() async {
        // guide: MigratingFromReactiveSwift 8: begin
        var received: [Int] = []
        for await number in SignalProducer<Int, Never>([1, 2, 3]).values {
            received.append(number)
        }
        // received == [1, 2, 3]
        // guide: MigratingFromReactiveSwift 8: end
        #expect(received == [1, 2, 3])
    }

    @Test("every swift block of the article is a region of this file")
    func articleMatchesThisFile() throws {
        let problems = try GuideArticles.mismatches(
            articles: ["MigratingFromReactiveSwift"], catalog: GuideArticles.catalog(fromTestFile: #filePath),
            testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
