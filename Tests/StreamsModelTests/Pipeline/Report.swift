// How a divergence is shown: the case as code, the outputs of the model and of Streams as marble
// diagrams, and the hook calls and subscriptions where they differ.

enum Report {
    /// Events at their times as a marble diagram: one character per frame (per half or quarter
    /// frame when an event falls between frames, said in a note), `(..)` for several events at
    /// one time. Values that are not single digits get letters, listed after the diagram.
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
            if text.hasPrefix("FAILED ") { return "#" + text.dropFirst(7) }
            let value = text.hasPrefix("VALUE ") ? String(text.dropFirst(6)) : text
            if value.count == 1 { return value }
            if let existing = legend.first(where: { $0.value == value }) { return existing.key }
            let letter = String(UnicodeScalar(UInt8(97 + legend.count % 26)))
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
            text += group.count == 1 && group[0].count == 1 ? group[0] : "(" + group.joined() + ")"
            slot += 1
        }
        switch step {
        case ticksPerFrame: return text
        case ticksPerFrame / 2: return text + "   (one character per half frame)"
        default: return text + "   (one character per quarter frame)"
        }
    }

    static func describe(_ c: Case, seed: UInt64, model: Observation, streams: Observation, shrunkFrom: Int?) -> String {
        var legend: [String: String] = [:]
        let expected = diagram(model.output, legend: &legend)
        let actual = diagram(streams.output, legend: &legend)
        var lines = [
            "Streams diverges from the reference model.",
            "Replay: STREAMS_MODEL_SEED=\(seed) STREAMS_MODEL_CASES=1 swift test --filter GeneratedPipelineTests"
                + (shrunkFrom.map { "  (then shrunk, in \($0) attempts, to:)" } ?? ""),
            "",
            c.code,
            "",
            "model:   \(expected)",
            "streams: \(actual)",
        ]
        if !legend.isEmpty {
            lines.append("where " + legend.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
        }
        if model.log != streams.log {
            lines.append("")
            lines.append("events and hook calls, in order (model | streams):")
            let count = max(model.log.count, streams.log.count)
            for index in 0..<count {
                let left = index < model.log.count ? model.log[index].description : ""
                let right = index < streams.log.count ? streams.log[index].description : ""
                let mark = left == right ? "  " : "≠ "
                lines.append(mark + left.padding(toLength: 44, withPad: " ", startingAt: 0) + " | " + right)
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
