// Writes the SignalProducer form of every operator whose Signal form is marked as the one
// written by hand, into `<File>+SignalProducer.generated.swift` beside its source file.
//
//     swift Scripts/generate-forms.swift                 # from the package root: rewrites them
//     swift Scripts/generate-forms.swift --output DIR    # writes them under DIR instead
//
// Why a generator: an operator has a `Signal` form and a `SignalProducer` form with the same
// body and the same documentation, and Swift cannot write one declaration for both (a method
// generic over "the kind of stream" would need higher-kinded types). So the operator's body
// lives once in the `Operators` namespace, its `Signal` form is written by hand with the one
// doc comment, and the `SignalProducer` form is derived from it here. Both forms call the same
// lifting functions (`liftFused`, `liftSerialized`, `liftScheduled`), which each stream kind
// implements in its own way.
//
// What is derived: an extension of `Signal` preceded by the line
//
//     // The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift).
//
// is copied as an extension of `SignalProducer`, with these changes:
// - code: the return type `-> Signal<...>` of each declaration becomes `-> SignalProducer<...>`;
//   nothing else in the code changes, so a form whose body must differ on producers stays in an
//   extension of its own, written by hand and not marked;
// - doc comments: "signal(s)" becomes "producer(s)" and "observation(s)" becomes "run(s)"
//   (words in code voice and symbol links are left alone); an example that sends values into a
//   pipe starts a producer of those values instead.
//
// `.ci/run` regenerates into a copy of `Sources` and fails if the result differs from the
// committed files: change a marked extension or this script, run it, and commit both.

import Foundation

let marker = "// The SignalProducer forms of this extension are generated (Scripts/generate-forms.swift)."
let generatedSuffix = "+SignalProducer.generated.swift"

/// Replaces the whole words of `text` matching `pattern` (a regular expression) with `template`,
/// outside code voice (`` `...` ``).
func replacingWords(_ text: String, _ rules: [(String, String)]) -> String {
    // Split on backticks: even pieces are prose, odd pieces are code voice.
    var pieces = text.components(separatedBy: "`")
    for index in stride(from: 0, to: pieces.count, by: 2) {
        for (pattern, template) in rules {
            let regex = try! NSRegularExpression(pattern: pattern)
            let piece = pieces[index]
            pieces[index] = regex.stringByReplacingMatches(
                in: piece, range: NSRange(piece.startIndex..., in: piece), withTemplate: template)
        }
    }
    return pieces.joined(separator: "`")
}

let proseRules: [(String, String)] = [
    (#"\bsignals\b"#, "producers"),
    (#"\bsignal\b"#, "producer"),
    (#"\bobservations\b"#, "runs"),
    (#"\bobservation\b"#, "run"),
]

/// The producer form of one line of code: the return type of a declaration.
func producerCode(_ line: String) -> String {
    line.replacingOccurrences(of: "-> Signal<", with: "-> SignalProducer<")
}

/// The producer form of a code example in a doc comment, its fences included.
///
/// An example that sends values into a pipe, `let (numbers, input) = Signal<Int, Never>.pipe()`
/// and `input.send(value: 1)`, becomes a producer of those values, `SignalProducer<Int,
/// Never>([1])`; what observes values with `observeValues` starts with `startWithValues`.
func producerExample(_ example: [String]) -> [String] {
    let pipe = try! NSRegularExpression(pattern: #"let \((\w+), (\w+)\) = Signal(<[^=]*>)\.pipe\(\)"#)
    let body = example.map { line -> String in
        line.replacingOccurrences(of: ".observeValues", with: ".startWithValues")
    }
    guard let declaration = body.first(where: { $0.contains(".pipe()") }),
          let match = pipe.firstMatch(in: declaration, range: NSRange(declaration.startIndex..., in: declaration))
    else { return body }
    let group = { (index: Int) in String(declaration[Range(match.range(at: index), in: declaration)!]) }
    let (stream, input, types) = (group(1), group(2), group(3))
    let sendPrefix = "\(input).send(value: "
    let values = body.compactMap { line -> String? in
        guard let start = line.range(of: sendPrefix), let end = line[start.upperBound...].firstIndex(of: ")") else { return nil }
        return String(line[start.upperBound..<end])
    }
    return body.compactMap { line in
        if line == declaration || line.contains("\(input).") { return nil }
        return line.replacingOccurrences(
            of: "/// \(stream).", with: "/// SignalProducer\(types)([\(values.joined(separator: ", "))]).")
    }
}

/// The producer form of the lines of a marked extension, its header included.
func producerForm(_ lines: [String]) -> [String] {
    var output: [String] = []
    var index = 0
    while index < lines.count {
        let line = lines[index]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if index == 0 {
            output.append(line.replacingOccurrences(of: "extension Signal", with: "extension SignalProducer"))
        } else if trimmed.hasPrefix("/// ```") {
            // A code example: kept as it is, or left out with the blank doc line before it when
            // it builds its input with `pipe()`.
            var end = index + 1
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("/// ```") { end += 1 }
            output.append(contentsOf: producerExample(Array(lines[index...min(end, lines.count - 1)])))
            index = end + 1
            continue
        } else if trimmed.hasPrefix("///") {
            output.append(replacingWords(line, proseRules))
        } else {
            output.append(producerCode(line))
        }
        index += 1
    }
    return output
}

/// The marked extensions of a source file, each as its lines from `extension` to its closing
/// brace.
func markedExtensions(in text: String, path: String) -> [[String]] {
    let lines = text.components(separatedBy: "\n")
    var extensions: [[String]] = []
    for (index, line) in lines.enumerated() where line == marker {
        guard index + 1 < lines.count, lines[index + 1].hasPrefix("extension Signal ") else {
            fatalError("\(path):\(index + 1): the marker must stand right before an `extension Signal` line")
        }
        guard let end = lines[(index + 1)...].firstIndex(of: "}") else {
            fatalError("\(path):\(index + 2): no closing brace at the start of a line")
        }
        extensions.append(Array(lines[(index + 1)..<end]) + ["}"])
    }
    return extensions
}

// MARK: - Main

var arguments = Array(CommandLine.arguments.dropFirst())
var outputRoot = "."
if arguments.first == "--output", arguments.count == 2 {
    outputRoot = arguments[1]
} else if !arguments.isEmpty {
    FileHandle.standardError.write(Data("usage: swift Scripts/generate-forms.swift [--output DIR]\n".utf8))
    exit(2)
}
let fileManager = FileManager.default
guard fileManager.fileExists(atPath: "Sources/Streams") else {
    FileHandle.standardError.write(Data("run from the package root: swift Scripts/generate-forms.swift\n".utf8))
    exit(2)
}

var sources: [String] = []
var generated: [String] = []
let enumerator = fileManager.enumerator(atPath: "Sources/Streams")!
while let relative = enumerator.nextObject() as? String {
    guard relative.hasSuffix(".swift") else { continue }
    let path = "Sources/Streams/" + relative
    if relative.hasSuffix(generatedSuffix) {
        generated.append(path)
    } else if !relative.hasSuffix(".generated.swift") {
        sources.append(path)
    }
}

var written: Set<String> = []
for path in sources.sorted() {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let extensions = markedExtensions(in: text, path: path)
    guard !extensions.isEmpty else { continue }
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    let target = (path as NSString).deletingLastPathComponent + "/" + name + generatedSuffix
    var contents = "// Generated by `swift Scripts/generate-forms.swift` from \(name).swift; do not edit.\n"
    // The source file's imports, which its declarations may need.
    let imports = text.components(separatedBy: "\n").filter { $0.hasPrefix("import ") }
    if !imports.isEmpty { contents += "\n" + imports.joined(separator: "\n") + "\n" }
    for lines in extensions {
        contents += "\n" + producerForm(lines).joined(separator: "\n") + "\n"
    }
    let destination = URL(fileURLWithPath: outputRoot).appendingPathComponent(target)
    try contents.write(to: destination, atomically: true, encoding: .utf8)
    written.insert(target)
}
// A generated file whose source no longer marks anything is stale.
for path in generated where !written.contains(path) {
    try? fileManager.removeItem(at: URL(fileURLWithPath: outputRoot).appendingPathComponent(path))
}
print("wrote \(written.count) files of SignalProducer forms")
