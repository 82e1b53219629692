import Foundation
import Streams
import StreamsTesting
import Testing
import TestSupport

/// The operator reference of the Streams catalog, `OperatorReference.md` and its pictures
/// `Resources/marble-*.svg` (light) and `marble-*~dark.svg` (dark), are made from runs of the
/// operators (``operatorDiagrams``). These tests make them again and fail when a committed file
/// differs, so that the reference cannot drift from what the operators do.
///
/// To write them after changing an operator or an entry:
///
///     STREAMS_WRITE_DIAGRAMS=1 swift test --filter OperatorReference
///
/// (`Scripts/generate-diagrams` runs this.)
@Suite("Operator reference")
struct OperatorReferenceTests {
    static let catalog = GuideArticles.catalog(fromTestFile: #filePath)
    static let writes = ProcessInfo.processInfo.environment["STREAMS_WRITE_DIAGRAMS"] == "1"

    /// Every file of the reference, by its path in the catalog, as the operators make it now.
    static func files() throws -> [(path: String, contents: String)] {
        var files: [(String, String)] = []
        var article = OperatorReference.header
        var topic = ""
        for entry in operatorDiagrams {
            let (inputs, output) = try entry.lanes()
            let text = DiagramRendering.text(inputs: inputs, call: entry.call, output: output)
            let title = "Marble diagram of \(entry.call):\n\(text)"
            for (suffix, palette) in [("", DiagramRendering.Palette.light), ("~dark", .dark)] {
                files.append((
                    "Resources/marble-\(entry.name)\(suffix).svg",
                    DiagramRendering.svg(inputs: inputs, call: entry.call, output: output, palette: palette, title: title)))
            }
            if entry.topic != topic {
                topic = entry.topic
                article += "\n## \(topic)\n"
            }
            article += OperatorReference.entry(entry, text: text)
        }
        files.append(("OperatorReference.md", article))
        return files
    }

    @Test("the committed reference and pictures are what the operators do now")
    func referenceIsCurrent() throws {
        let files = try Self.files()
        #expect(files.count == operatorDiagrams.count * 2 + 1)
        var stale: [String] = []
        for file in files {
            let url = Self.catalog.appendingPathComponent(file.path)
            let committed = try? String(contentsOf: url, encoding: .utf8)
            guard committed != file.contents else { continue }
            if Self.writes {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
            } else {
                stale.append(file.path)
            }
        }
        // Pictures of entries that no longer exist.
        let resources = Self.catalog.appendingPathComponent("Resources")
        let made = Set(files.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        let present = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
        for name in present where name.hasPrefix("marble-") && !made.contains(name) {
            if Self.writes {
                try FileManager.default.removeItem(at: resources.appendingPathComponent(name))
            } else {
                stale.append("Resources/\(name) (no entry makes it)")
            }
        }
        #expect(stale.isEmpty, """
            The operator reference differs from what the operators do: \(stale.joined(separator: ", ")). \
            If the change is intended, run: STREAMS_WRITE_DIAGRAMS=1 swift test --filter OperatorReference
            """)
    }

    @Test("a diagram is the run of its operator: another operator draws another output")
    func diagramsComeFromRuns() throws {
        let map = try #require(operatorDiagrams.first { $0.name == "map" })
        let (_, output) = try map.lanes()
        #expect(output.marks.map(\.frame) == [1, 3, 5, 7])
        #expect(output.marks.map(\.mark) == [.value("2"), .value("4"), .value("6"), .completed])
        let changed = OperatorDiagram(
            map.topic, map.name, call: map.call, summary: map.summary, inputs: map.inputs,
            terminal: map.terminal, disposal: map.disposal,
            apply: { _, inputs in inputs[0].map { $0 * 3 }.map(String.init) })
        #expect(try changed.lanes().output != output)
    }

    @Test("each entry has a unique name, inputs that parse, and an output that ends")
    func entriesAreWellFormed() throws {
        #expect(Set(operatorDiagrams.map(\.name)).count == operatorDiagrams.count)
        for entry in operatorDiagrams {
            let (_, output) = try entry.lanes()
            let last = output.marks.last?.mark
            #expect(last == .completed || last == .failed, "\(entry.name) ends its output")
        }
    }

    @Test("the text form draws long values as letters with a legend")
    func textLegend() {
        let text = DiagramRendering.text(
            inputs: [Lane(name: "a", marks: [(1, .value("1")), (2, .completed)])], call: "collect()",
            output: Lane(name: "output", marks: [(2, .value("[1]")), (2, .completed)]))
        #expect(text == """
            a          -1|
            collect()
            output     --(a|)

            a = [1]
            """)
    }
}

/// The text of the reference article.
enum OperatorReference {
    static let header = """
        # Operator reference

        What each operator does, drawn from a run of the operator itself.

        ## Overview

        Each entry draws the operator's inputs above it and what it sends below, time flowing to the
        right, one column per frame of virtual time: a circle is a value, a bar is completion, a
        cross is failure, a dashed bar is interruption. Values in one frame stand side by side. The
        text form under each picture is the same diagram in the grammar of StreamsTesting's
        `MarbleTest`, which is also how you would test the operator yourself.

        The pictures are not drawn by hand: a test of the package runs every operator on its inputs
        through `MarbleTest` and fails when a committed picture differs from what the operator sends.
        The inputs are producers started with the result; for a signal the operator behaves the
        same, with the signal's events.

        Not drawn, because a drawn entry shows them: the forms of `combineLatest`, `zip` and `merge`
        over several sources or an array (as their two-source forms), `flatten` (as `flatMap` with
        the same strategy, `.concurrent(limit:)` between `.merge` and `.concat`), `or` (as `and`),
        `dematerialize` and the `Result` forms of `materialize` (the reverse of `materialize`).
        Nor the operators that change no event: `on`, `logEvents`, `promoteError`, `start(on:)`
        (it starts the producer on a scheduler); nor the sources (`timer`, `SignalProducer(value:)`
        and the other initializers) and the blocking `first()`, `last()`, `single()` and `wait()`,
        described on ``SignalProducer``.

        """

    static func entry(_ entry: OperatorDiagram, text: String) -> String {
        """

        ### \(entry.call)

        \(entry.summary)

        ![Marble diagram of \(entry.call)](marble-\(entry.name))

        ```text
        \(text)
        ```

        - Terminal events: \(entry.terminal)
        - Disposal: \(entry.disposal)
        - Scheduler: \(entry.scheduler)

        """
    }
}
