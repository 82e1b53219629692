import Foundation
import StreamsTesting

/// Draws the lanes of an operator diagram as text (the grammar of ``MarbleTest``) and as SVG.
enum DiagramRendering {
    // MARK: Text

    /// The text form: one line per lane, names aligned, and a legend for values longer than one
    /// character, which the diagram shows as letters.
    static func text(inputs: [Lane], call: String, output: Lane) -> String {
        var legend: [(Character, String)] = []
        func symbol(_ mark: Lane.Mark) -> Character {
            switch mark {
            case .completed: return "|"
            case .failed: return "#"
            case .interrupted: return "!"
            case let .value(label) where label.count == 1 && label != "-" && label != "(" && label != ")":
                return Character(label)
            case let .value(label):
                if let known = legend.first(where: { $0.1 == label }) { return known.0 }
                let letters = Array("abcdefghijklmnopqrstuvwxyz")
                let next = letters[legend.count % letters.count]
                legend.append((next, label))
                return next
            }
        }
        let lanes = inputs + [output]
        let width = max(call.count, lanes.map(\.name.count).max() ?? 0) + 2
        func padded(_ name: String) -> String { name + String(repeating: " ", count: width - name.count) }
        var lines = inputs.map { lane in
            padded(lane.name) + MarbleTest.diagram(of: lane.marks.map { ($0.frame, symbol($0.mark)) })
        }
        lines.append(call)
        lines.append(padded(output.name) + MarbleTest.diagram(of: output.marks.map { ($0.frame, symbol($0.mark)) }))
        if !legend.isEmpty {
            lines.append("")
            lines.append(contentsOf: legend.map { "\($0.0) = \($0.1)" })
        }
        return lines.joined(separator: "\n")
    }

    // MARK: SVG

    struct Palette {
        let line: String
        let text: String
        let boxFill: String
        let boxStroke: String
        let marbles: [String]
        let marbleText: String
        let error: String
        let interruption: String

        static let light = Palette(
            line: "#3a3a3c", text: "#1c1c1e", boxFill: "#f2f2f7", boxStroke: "#8e8e93",
            marbles: ["#ffd60a", "#64d2ff", "#ff9f0a", "#30d158", "#bf5af2", "#ff6482", "#5e5ce6", "#ac8e68", "#66d4cf"],
            marbleText: "#1c1c1e", error: "#d70015", interruption: "#6e6e73")
        static let dark = Palette(
            line: "#d1d1d6", text: "#f2f2f7", boxFill: "#2c2c2e", boxStroke: "#8e8e93",
            marbles: ["#c9a800", "#3a9fc9", "#c77a00", "#1f9e45", "#9040c0", "#c94a64", "#4644b8", "#8a7152", "#3fa6a1"],
            marbleText: "#ffffff", error: "#ff6961", interruption: "#aeaeb2")
    }

    static let frameWidth = 34
    static let laneHeight = 46
    static let nameWidth = 96
    static let boxHeight = 34

    /// The picture: input lanes, the call in a box, the output lane, time flowing right.
    static func svg(inputs: [Lane], call: String, output: Lane, palette: Palette, title: String) -> String {
        let frames = (inputs + [output]).map { $0.length(atLeast: 0) }.max()! + 1
        let width = nameWidth + frames * frameWidth + 24
        let height = (inputs.count + 1) * laneHeight + boxHeight + 16
        var body: [String] = []
        var y = laneHeight / 2 + 4
        var colors: [String: String] = [:]
        func color(_ label: String) -> String {
            if let known = colors[label] { return known }
            let next = palette.marbles[colors.count % palette.marbles.count]
            colors[label] = next
            return next
        }
        for lane in inputs {
            body += drawLane(lane, y: y, frames: frames, palette: palette, color: color)
            y += laneHeight
        }
        let boxTop = y - laneHeight / 2 + 6
        body.append(#"<rect x="\#(nameWidth - 8)" y="\#(boxTop)" width="\#(frames * frameWidth + 16)" height="\#(boxHeight)" rx="8" fill="\#(palette.boxFill)" stroke="\#(palette.boxStroke)"/>"#)
        body.append(#"<text x="\#(nameWidth + (frames * frameWidth) / 2)" y="\#(boxTop + boxHeight / 2 + 5)" text-anchor="middle" font-family="Menlo, Consolas, monospace" font-size="14" fill="\#(palette.text)">\#(escaped(call))</text>"#)
        y += boxHeight + 12
        body += drawLane(output, y: y, frames: frames, palette: palette, color: color)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img">
            <title>\(escaped(title))</title>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    private static func drawLane(
        _ lane: Lane, y: Int, frames: Int, palette: Palette, color: (String) -> String
    ) -> [String] {
        let end = nameWidth + frames * frameWidth + 10
        var parts = [
            #"<text x="8" y="\#(y + 5)" font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="13" fill="\#(palette.text)">\#(escaped(lane.name))</text>"#,
            #"<line x1="\#(nameWidth - 4)" y1="\#(y)" x2="\#(end)" y2="\#(y)" stroke="\#(palette.line)" stroke-width="1.5"/>"#,
            #"<path d="M\#(end + 8) \#(y) L\#(end) \#(y - 5) L\#(end) \#(y + 5) Z" fill="\#(palette.line)"/>"#,
        ]
        // Several events in one frame stand side by side, centred on the frame, each as wide as
        // it is drawn.
        func width(_ mark: Lane.Mark) -> Int {
            guard case let .value(label) = mark else { return 6 }
            return label.count <= 2 ? 26 : 12 + label.count * 8
        }
        let byFrame = Dictionary(grouping: lane.marks.indices, by: { lane.marks[$0].frame })
        for (index, entry) in lane.marks.enumerated() {
            let group = byFrame[entry.frame]!
            let gap = 4
            let total = group.map { width(lane.marks[$0].mark) }.reduce(0, +) + gap * (group.count - 1)
            let before = group.prefix { $0 != index }.map { width(lane.marks[$0].mark) + gap }.reduce(0, +)
            let x = nameWidth + entry.frame * frameWidth + frameWidth / 2 - total / 2 + before
                + width(entry.mark) / 2
            switch entry.mark {
            case let .value(label):
                let fill = color(label)
                if label.count <= 2 {
                    parts.append(#"<circle cx="\#(x)" cy="\#(y)" r="13" fill="\#(fill)" stroke="\#(palette.line)" stroke-width="1.5"/>"#)
                } else {
                    let w = 12 + label.count * 8
                    parts.append(#"<rect x="\#(x - w / 2)" y="\#(y - 13)" width="\#(w)" height="26" rx="13" fill="\#(fill)" stroke="\#(palette.line)" stroke-width="1.5"/>"#)
                }
                parts.append(#"<text x="\#(x)" y="\#(y + 5)" text-anchor="middle" font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="13" font-weight="600" fill="\#(palette.marbleText)">\#(escaped(label))</text>"#)
            case .completed:
                parts.append(#"<line x1="\#(x)" y1="\#(y - 13)" x2="\#(x)" y2="\#(y + 13)" stroke="\#(palette.line)" stroke-width="3"/>"#)
            case .failed:
                parts.append(#"<path d="M\#(x - 9) \#(y - 9) L\#(x + 9) \#(y + 9) M\#(x + 9) \#(y - 9) L\#(x - 9) \#(y + 9)" stroke="\#(palette.error)" stroke-width="3"/>"#)
            case .interrupted:
                parts.append(#"<line x1="\#(x)" y1="\#(y - 13)" x2="\#(x)" y2="\#(y + 13)" stroke="\#(palette.interruption)" stroke-width="3" stroke-dasharray="4 3"/>"#)
            }
        }
        return parts
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
