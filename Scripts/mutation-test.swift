// Mutation testing: plants each bug of `Scripts/mutants.txt` in a scratch copy of the package,
// one at a time, runs the tests that should catch it, and reports which were caught.
//
//     swift Scripts/mutation-test.swift                  # every mutant (an hour or more)
//     swift Scripts/mutation-test.swift --only ID ...    # the named mutants
//     swift Scripts/mutation-test.swift --list           # the mutants, without running them
//     swift Scripts/mutation-test.swift --check          # only whether each still applies (CI)
//     swift Scripts/mutation-test.swift --repeat N       # run each mutant's tests N times
//     swift Scripts/mutation-test.swift --timeout S      # a test run's time limit (600 s)
//
// The scratch copy is `.build-mutants/package`: the files git tracks, as they are in the work
// tree (uncommitted changes included), copied anew on each run; its build directory is kept
// between runs, so only what a mutant touches is rebuilt. Before any mutant, the unmutated copy
// must build and pass the tests of every mutant to be run, or nothing is judged.
//
// A mutant is caught when its tests fail (with `--repeat N`: in every one of the N runs; the
// model's seed changes from run to run, as in `swift test`). It survives when they pass. It is
// stale when its original text is not found exactly once in its file (the code moved: update
// the mutant), and invalid when the mutated package does not build. Survivors, stale and
// invalid mutants make the script exit with status 1. Logs of each run are kept in
// `.build-mutants/logs/`.
//
// Not run by `.ci/run`: it takes long. Its last result, and the command, are in
// `Scripts/README.md`.

import Foundation

// MARK: - Mutants

struct Mutant {
    var id: String
    var why: String
    var file: String
    /// `swift test --filter` patterns, joined with `|`.
    var tests: String
    var original: String
    var mutated: String
}

/// Reads `Scripts/mutants.txt`: blocks of `## id`, `why:`, `file:`, `tests:`, then the original
/// text after a `--- original` line and the mutated text after `+++ mutant`, up to `===`.
func readMutants(_ path: String) throws -> [Mutant] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var mutants: [Mutant] = []
    var current: Mutant?
    var section: String?
    var original: [String] = []
    var mutated: [String] = []
    for line in text.components(separatedBy: "\n") {
        if line.hasPrefix("## ") {
            current = Mutant(id: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces),
                             why: "", file: "", tests: "", original: "", mutated: "")
            section = nil
            original = []
            mutated = []
        } else if line == "--- original" {
            section = "original"
        } else if line == "+++ mutant" {
            section = "mutant"
        } else if line == "===" {
            guard var mutant = current else { continue }
            mutant.original = original.joined(separator: "\n")
            mutant.mutated = mutated.joined(separator: "\n")
            mutants.append(mutant)
            current = nil
            section = nil
        } else if section == "original" {
            original.append(line)
        } else if section == "mutant" {
            mutated.append(line)
        } else if current != nil, let colon = line.firstIndex(of: ":") {
            let key = line[..<colon]
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "why": current!.why = value
            case "file": current!.file = value
            case "tests": current!.tests = value
            default: break
            }
        }
    }
    return mutants
}

// MARK: - Processes

/// Runs `arguments` in `directory`, writing its output to `log`; returns its exit status.
@discardableResult
func run(_ arguments: [String], in directory: String, log: String) -> Int32 {
    FileManager.default.createFile(atPath: log, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: log) else { return -1 }
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = handle
    process.standardError = handle
    do {
        try process.run()
    } catch {
        return -1
    }
    process.waitUntilExit()
    return process.terminationStatus
}

/// Runs `arguments` in `directory` and returns their standard output.
func output(_ arguments: [String], in directory: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The first failing test named in a log, for the report.
func firstFailure(inLog log: String) -> String {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return "" }
    for line in text.components(separatedBy: "\n") where line.hasPrefix("✘ Test \"") {
        if let end = line.dropFirst(8).firstIndex(of: "\"") { return String(line[line.index(line.startIndex, offsetBy: 8)..<end]) }
    }
    if text.contains("error: fatalError") || text.contains("Fatal error") { return "(a crash)" }
    if text.contains("mutation-test: interrupted after") { return "(a hang)" }
    return ""
}

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

// MARK: - Main

let root = FileManager.default.currentDirectoryPath
var arguments = Array(CommandLine.arguments.dropFirst())
var only: Set<String> = []
var listOnly = false
var checkOnly = false
var repeats = 1
var testTimeout = 600
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--list": listOnly = true
    case "--check": checkOnly = true
    case "--repeat": repeats = Int(arguments.removeFirst()) ?? 1
    case "--timeout": testTimeout = Int(arguments.removeFirst()) ?? testTimeout
    case "--only":
        while let next = arguments.first, !next.hasPrefix("--") {
            only.insert(next)
            arguments.removeFirst()
        }
    default:
        say("usage: swift Scripts/mutation-test.swift [--list | --check] [--repeat N] [--timeout SECONDS] [--only ID ...]")
        exit(2)
    }
}

let allMutants = try readMutants("\(root)/Scripts/mutants.txt")
let mutants = only.isEmpty ? allMutants : allMutants.filter { only.contains($0.id) }
if mutants.isEmpty {
    say("no mutant to run")
    exit(2)
}
if listOnly {
    for mutant in mutants { say("\(mutant.id)  (\(mutant.file); tests: \(mutant.tests))\n    \(mutant.why)") }
    exit(0)
}

/// The text of the mutant's file under `directory`, if the mutant's original text stands in it
/// exactly once; `nil` means the mutant is stale.
func plantableSource(_ mutant: Mutant, under directory: String) -> String? {
    guard let source = try? String(contentsOfFile: "\(directory)/\(mutant.file)", encoding: .utf8),
          source.components(separatedBy: mutant.original).count == 2
    else { return nil }
    return source
}

// A few seconds, in `.ci/run`: a change that moves the code a mutant plants its bug in makes the
// mutant stale, and this says so with the change, not at the next mutation run.
if checkOnly {
    let stale = mutants.filter { plantableSource($0, under: root) == nil }
    for mutant in stale {
        say("\(mutant.id): STALE, its original text is not found exactly once in \(mutant.file): "
            + "plant the same bug in the code as it is now (Scripts/mutants.txt)")
    }
    say(stale.isEmpty ? "each of the \(mutants.count) mutants still applies" : "\(stale.count) of \(mutants.count) mutants are stale")
    exit(stale.isEmpty ? 0 : 1)
}

let base = "\(root)/.build-mutants"
let scratch = "\(base)/package"
let logs = "\(base)/logs"
let fileManager = FileManager.default
try? fileManager.createDirectory(atPath: logs, withIntermediateDirectories: true)

// The scratch copy: the tracked files as they are in the work tree, over the kept build.
say("copying the package to \(scratch)")
for entry in (try? fileManager.contentsOfDirectory(atPath: scratch)) ?? [] where entry != ".build" {
    try? fileManager.removeItem(atPath: "\(scratch)/\(entry)")
}
for file in output(["git", "ls-files"], in: root).split(separator: "\n").map(String.init) {
    let destination = "\(scratch)/\(file)"
    try? fileManager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent,
                                     withIntermediateDirectories: true)
    try? fileManager.removeItem(atPath: destination)
    try fileManager.copyItem(atPath: "\(root)/\(file)", toPath: destination)
}

func build(_ log: String) -> Bool {
    run(["swift", "build", "--build-tests", "-j", "2"], in: scratch, log: log) == 0
}

/// Runs the tests matching `filter`; returns whether they passed. A run still going after
/// `testTimeout` seconds is interrupted and counts as failed: a mutant that makes the suite hang
/// fails `swift test` too (its log ends with a line saying so).
func test(_ filter: String, _ log: String) -> Bool {
    let status = run(["timeout", "-s", "INT", "--kill-after=30", "\(testTimeout)",
                      "swift", "test", "--skip-build", "--filter", filter], in: scratch, log: log)
    if status == 124 || status == 137 {
        if let handle = FileHandle(forWritingAtPath: log) {
            handle.seekToEndOfFile()
            handle.write(Data("\nmutation-test: interrupted after \(testTimeout) s (a hang)\n".utf8))
            try? handle.close()
        }
    }
    return status == 0
}

// Every mutant's tests must pass before any mutant is judged.
let allFilters = Set(mutants.map(\.tests)).sorted().joined(separator: "|")
say("baseline: building and running the tests of the \(mutants.count) mutants on the unmutated copy")
guard build("\(logs)/baseline-build.log") else {
    say("the unmutated package does not build: see \(logs)/baseline-build.log")
    exit(1)
}
guard test(allFilters, "\(logs)/baseline-test.log") else {
    say("the unmutated package fails its tests: see \(logs)/baseline-test.log")
    exit(1)
}

enum Verdict: String {
    case caught, survived, stale, invalid
}

var results: [(Mutant, Verdict, String, TimeInterval)] = []
for (number, mutant) in mutants.enumerated() {
    let started = Date()
    let path = "\(scratch)/\(mutant.file)"
    guard let source = plantableSource(mutant, under: scratch) else {
        results.append((mutant, .stale, "original text not found exactly once", 0))
        say("[\(number + 1)/\(mutants.count)] \(mutant.id): STALE (original text not found exactly once in \(mutant.file))")
        continue
    }
    try source.replacingOccurrences(of: mutant.original, with: mutant.mutated)
        .write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? source.write(toFile: path, atomically: true, encoding: .utf8) }

    let buildLog = "\(logs)/\(mutant.id)-build.log"
    guard build(buildLog) else {
        results.append((mutant, .invalid, "does not build (\(buildLog))", Date().timeIntervalSince(started)))
        say("[\(number + 1)/\(mutants.count)] \(mutant.id): INVALID (does not build)")
        continue
    }
    var verdict = Verdict.caught
    var detail = ""
    for attempt in 1...repeats {
        let log = "\(logs)/\(mutant.id)-test-\(attempt).log"
        if test(mutant.tests, log) {
            verdict = .survived
            detail = "passed run \(attempt) of \(repeats)"
            break
        }
        if detail.isEmpty { detail = firstFailure(inLog: log) }
    }
    let elapsed = Date().timeIntervalSince(started)
    results.append((mutant, verdict, detail, elapsed))
    say("[\(number + 1)/\(mutants.count)] \(mutant.id): \(verdict == .caught ? "caught" : "SURVIVED") "
        + "in \(Int(elapsed)) s\(detail.isEmpty ? "" : " (\(detail))")")
}
// Leave the scratch copy unmutated and built, for the next run.
_ = build("\(logs)/final-build.log")

let caught = results.filter { $0.1 == .caught }.count
say("")
say("\(caught) of \(results.count) mutants caught (tests run \(repeats) time\(repeats == 1 ? "" : "s") each)")
for (mutant, verdict, detail, _) in results where verdict != .caught {
    say("  \(verdict.rawValue.uppercased()): \(mutant.id): \(mutant.why) [\(detail)]")
}
exit(caught == results.count ? 0 : 1)
