import Foundation
import Testing
@testable import Streams

// An observer of values only (`observeValues`, `startWithValues`) ignores the event action its
// class holds; the stages that forward to it must go through `delivery` or `send`, which reach
// the right action. These tests check both kinds of observer behind each stage that picks its
// forwarding by kind, and that no source reaches an observer's actions directly.

@Suite("Observer delivery")
struct ObserverTests {
    @Test("a values-only observer gets every value that an observer of every event gets")
    func valuesOnlyObserverGetsEveryValue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var everyEvent: [Int] = []
        var valuesOnly: [Int] = []
        let stages = signal.map { $0 * 10 }.filter { $0 != 20 }
        stages.observe(Signal.Observer(value: { everyEvent.append($0) }))
        stages.observeValues { valuesOnly.append($0) }
        for value in 1...4 { input.send(value: value) }
        input.sendCompleted()
        #expect(everyEvent == [10, 30, 40])
        #expect(valuesOnly == everyEvent)
    }

    @Test("delivery gives the view that matches the observer, and each view reaches its action")
    func deliveryMatchesTheObserver() {
        var values: [Int] = []
        var events: [String] = []
        switch Signal<Int, Never>.Observer.forValues({ values.append($0) }).delivery {
        case let .valuesOnly(view): view.send(value: 1)
        case .events: Issue.record("a values-only observer was seen as an observer of every event")
        }
        let observer = Signal<Int, Never>.Observer { event in events.append("\(event)") }
        switch observer.delivery {
        case .valuesOnly: Issue.record("an observer of every event was seen as values-only")
        case let .events(view):
            view.send(value: 2)
            view.send(.completed)
        }
        #expect(values == [1])
        #expect(events.count == 2)
    }

    @Test("a sequence source sends its elements to both kinds of observer")
    func sequenceSourceSendsToBothKinds() {
        let producer = SignalProducer<Int, Never>([1, 2, 3])
        var valuesOnly: [Int] = []
        // Through `start` with a values-only observer: the observer path, not the values-only run.
        producer.start(Signal<Int, Never>.Observer.forValues { valuesOnly.append($0) })
        var everyEvent: [Int] = []
        producer.start(Signal<Int, Never>.Observer(value: { everyEvent.append($0) }))
        #expect(valuesOnly == [1, 2, 3])
        #expect(everyEvent == [1, 2, 3])
    }

    @Test("only Core/Observer.swift reads an observer's actions directly")
    func onlyObserverReadsItsActions() throws {
        // The sources, found from this file's path: Tests/StreamsTests/Core/.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50, "the sources were not found under \(sources.path)")
        let direct = try Regex(#"\._(send|values)\b"#)
        let offenders = try files.filter { $0.lastPathComponent != "Observer.swift" }.filter { file in
            try String(contentsOf: file, encoding: .utf8).contains(direct)
        }
        #expect(offenders.isEmpty, "read an observer's actions directly: \(offenders.map(\.lastPathComponent))")
    }
}
