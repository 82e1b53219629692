// How a divergence is shown: the case as code, the outputs of the model and of Streams as marble
// diagrams, and the log and subscriptions where they differ; and how a case is written into the
// replay command and read back from it.

import Foundation

enum Report {
    /// Events at their times as a marble diagram: one character per event and per frame (per
    /// half or quarter frame when an event falls between frames, said in a note), `(..)` for
    /// several events at one time and only for that. Values that are not single digits get
    /// letters, and failures `#`, `%`, `&`... (one per error), listed after the diagram.
    static func diagram(_ events: [(time: Int, text: String)], legend: inout [String: String]) -> String {
        guard !events.isEmpty else { return "(nothing)" }
        let step: Int
        if events.allSatisfy({ $0.time % ticksPerFrame == 0 }) {
            step = ticksPerFrame
        } else if events.allSatisfy({ $0.time % (ticksPerFrame / 2) == 0 }) {
            step = ticksPerFrame / 2
        } else {
            step = 1
        }
        func symbol(_ text: String) -> String {
            switch text {
            case "COMPLETED": return "|"
            case "INTERRUPTED": return "!"
            default: break
            }
            if text.hasPrefix("FAILED ") {
                let error = "failed " + text.dropFirst(7)
                if let existing = legend.first(where: { $0.value == error }) { return existing.key }
                let used = legend.keys.filter { failureSymbols.contains($0) }.count
                let glyph = used < failureSymbols.count ? failureSymbols[used] : "?"
                legend[glyph] = error
                return glyph
            }
            let value = text.hasPrefix("VALUE ") ? String(text.dropFirst(6)) : text
            if value.count == 1, value.first!.isNumber { return value }
            if let existing = legend.first(where: { $0.value == value }) { return existing.key }
            let letters = legend.keys.filter { !failureSymbols.contains($0) }.count
            let letter = String(UnicodeScalar(UInt8(97 + letters % 26)))
            legend[letter] = value
            return letter
        }
        var text = ""
        var slot = 0
        var index = 0
        while index < events.count {
            let time = events[index].time
            while slot * step < time {
                text += "-"
                slot += 1
            }
            var group: [String] = []
            while index < events.count, events[index].time == time {
                group.append(symbol(events[index].text))
                index += 1
            }
            text += group.count == 1 ? group[0] : "(" + group.joined() + ")"
            slot += 1
        }
        switch step {
        case ticksPerFrame: return text
        case ticksPerFrame / 2: return text + "   (one character per half frame)"
        default: return text + "   (one character per quarter frame)"
        }
    }

    static let failureSymbols = ["#", "%", "&", "@", "$", "*"]

    /// The command that runs `c` again, alone.
    static func replayCommand(_ c: Case) -> String {
        "STREAMS_MODEL_REPLAY=\(encode(c)) swift test --filter GeneratedPipelineTests"
    }

    static func encode(_ c: Case) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(c))?.base64EncodedString() ?? "?"
    }

    static func decode(_ text: String) -> Case? {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return try? JSONDecoder().decode(Case.self, from: data)
    }

    /// Where a case came from: case `index` of the run seeded `seed`, after `ran` cases had run.
    struct Origin {
        var seed: UInt64
        var index: Int
        var ran: Int
    }

    static func describe(_ c: Case, origin: Origin?, model: Observation, streams: Observation, shrunkFrom: Int?) -> String {
        var legend: [String: String] = [:]
        var lines = ["Streams diverges from the reference model."]
        if let origin {
            lines.append("Found at case \(origin.index) of the run seeded \(origin.seed), after \(origin.ran) cases had run"
                + " (STREAMS_MODEL_SEED=\(origin.seed) STREAMS_MODEL_FIRST=\(origin.index) STREAMS_MODEL_CASES=1 runs it as generated)"
                + (shrunkFrom.map { "; shrunk in \($0) attempts to:" } ?? ":"))
        }
        lines += [
            "Replay: " + replayCommand(c),
            "",
            c.code,
            "",
        ]
        for j in c.consumers.indices {
            let name = Case.consumerName(j)
            lines.append("model   \(name): " + diagram(model.output(name), legend: &legend))
            lines.append("streams \(name): " + diagram(streams.output(name), legend: &legend))
        }
        if !legend.isEmpty {
            lines.append("where " + legend.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
        }
        if model.log != streams.log {
            lines.append("")
            lines.append("events and hook calls, in order, with where they ran (model | streams):")
            let count = max(model.log.count, streams.log.count)
            for index in 0..<count {
                let left = index < model.log.count ? model.log[index].description : ""
                let right = index < streams.log.count ? streams.log[index].description : ""
                let mark = left == right ? "  " : "≠ "
                lines.append(mark + left.padding(toLength: 48, withPad: " ", startingAt: 0) + " | " + right)
            }
        }
        if model.subscriptions != streams.subscriptions {
            lines.append("")
            lines.append("subscriptions, start...end in frames (model | streams):")
            for name in Set(model.subscriptions.keys).union(streams.subscriptions.keys).sorted() {
                let left = (model.subscriptions[name] ?? []).map(\.description).joined(separator: ", ")
                let right = (streams.subscriptions[name] ?? []).map(\.description).joined(separator: ", ")
                lines.append("\(left == right ? "  " : "≠ ")\(name): \(left) | \(right)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
