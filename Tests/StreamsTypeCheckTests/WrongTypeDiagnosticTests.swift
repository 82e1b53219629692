import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

// Code that must not compile cannot sit in a test target, so these tests run the compiler on a
// snippet, against the Streams module the test bundle was built with, and check what it says.
// They guard the declaration of `SignalProducer.combineLatest(with:)`: with a generic parameter
// for "anything convertible to a producer", a signal of the wrong type made the compiler try
// every overload of every closure around the call, for about 13 seconds, and end with "unable
// to type-check this expression in reasonable time" instead of naming the type.

@Suite("A wrong argument type gets a clear error, quickly")
struct WrongTypeDiagnosticTests {
    /// A user's pipeline with one mistake: the signal given to `combineLatest(with:)` can fail
    /// with `Failure` where the producer cannot fail.
    static let snippet = """
        import Streams

        enum Failure: Swift.Error { case failed }

        func pipeline(_ producer: SignalProducer<Int, Never>, _ failing: Signal<Int, Failure>) {
            let sums = producer.map { Double($0) * 1.5 }.combineLatest(with: failing.map { Double($0) / 2 }).map { $0 + $1 }
            _ = sums
        }

        func pair(_ producer: SignalProducer<Int, Never>, _ failing: Signal<Int, Failure>) {
            let pairs = producer.combineLatest(with: failing)
            _ = pairs
        }
        """

    @Test(
        "combineLatest(with:) given a signal of the wrong type names it",
        .offCooperativePool,
        .enabled(if: TypeCheckRun.toolchain != nil, "needs swiftc and the Streams module beside the test bundle")
    )
    func combineLatestWithWrongSignal() throws {
        let run = try #require(TypeCheckRun.toolchain).typeCheck(Self.snippet)

        #expect(!run.timedOut, "swiftc ran longer than \(TypeCheckRun.timeLimit) s")
        #expect(run.status != 0, "the snippet compiled: \(run.output)")
        #expect(!run.output.contains("unable to type-check"), "\(run.output)")
        #expect(!run.output.contains("failed to produce diagnostic"), "\(run.output)")
        // Both mistakes are reported, on their lines, by the signal's type.
        #expect(run.errors(onLine: 6) == [
            "cannot convert value of type 'Signal<Double, Failure>' to expected argument type 'Signal<Double, Never>'",
        ], "\(run.output)")
        #expect(run.errors(onLine: 11) == [
            "cannot convert value of type 'Signal<Int, Failure>' to expected argument type 'Signal<Int, Never>'",
        ], "\(run.output)")
    }
}

/// Runs `swiftc -typecheck` on a snippet against the Streams module this test bundle was built
/// with.
struct TypeCheckRun {
    /// The compiler.
    let swiftc: URL
    /// The directory holding `Streams.swiftmodule`.
    let modules: URL
    /// The module maps of the package's C modules, which the Schedulers and Streams modules import.
    let moduleMaps: [URL]

    /// The wall-clock limit of one run, in seconds: a run that has not ended by then is killed.
    /// The solver's own limit below is what makes the test deterministic; this one only keeps a
    /// hung compiler from hanging the suite.
    static let timeLimit: TimeInterval = 60

    /// The solver's limit on the number of scopes it may open for one expression, instead of
    /// its default of about a million: the pipeline of the snippet needs about 130,000, and
    /// took the whole default before the change. Above the limit the compiler says "unable to
    /// type-check", whatever the load of the machine.
    static let scopeLimit = 400_000

    /// The result of a run.
    struct Result {
        /// The exit status of swiftc.
        var status: Int32
        /// What it wrote, standard output and standard error together.
        var output: String
        /// Whether it was killed at ``TypeCheckRun/timeLimit``.
        var timedOut: Bool

        /// The messages of the errors reported on line `line` of the snippet (the compiler names
        /// the snippet by its full path).
        func errors(onLine line: Int) -> [String] {
            let location = "/snippet.swift:\(line):"
            return output.split(separator: "\n").compactMap { text in
                guard text.hasPrefix("/"), let at = text.range(of: location),
                      text[..<at.lowerBound].allSatisfy({ $0 != " " }),
                      let range = text.range(of: ": error: ") else { return nil }
                return String(text[range.upperBound...])
            }
        }
    }

    /// The toolchain and module of this build, or `nil` when they cannot be found.
    static let toolchain: TypeCheckRun? = find()

    private static func find() -> TypeCheckRun? {
        let fileManager = FileManager.default
        // The build directory holds the test bundle: `.build/debug/StreamsPackageTests.xctest`
        // (an executable on Linux, a bundle on Apple platforms), whatever the scratch path.
        var starts: [URL] = []
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: executable))
        }
        starts.append(Bundle.main.bundleURL)
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]))

        var modules: URL?
        var buildDirectory: URL?
        search: for start in starts {
            var directory = start.standardizedFileURL.deletingLastPathComponent()
            for _ in 0..<5 {
                for candidate in [directory.appendingPathComponent("Modules"), directory] {
                    if fileManager.fileExists(atPath: candidate.appendingPathComponent("Streams.swiftmodule").path) {
                        modules = candidate
                        buildDirectory = directory
                        break search
                    }
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        guard let modules, let buildDirectory else { return nil }

        // The module maps of the package's C modules, which Streams' modules import.
        let moduleMaps = ["CFutexLock", "CExecutorCheck"].map {
            buildDirectory.appendingPathComponent("\($0).build/module.modulemap")
        }
        guard moduleMaps.allSatisfy({ fileManager.fileExists(atPath: $0.path) }) else { return nil }

        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        guard let swiftc = directories
            .map({ URL(fileURLWithPath: $0).appendingPathComponent("swiftc") })
            .first(where: { fileManager.isExecutableFile(atPath: $0.path) })
        else { return nil }

        return TypeCheckRun(swiftc: swiftc, modules: modules, moduleMaps: moduleMaps)
    }

    /// Type-checks `source`, saved as `snippet.swift` in a new temporary directory, in the
    /// Swift 6 language mode.
    func typeCheck(_ source: String) throws -> Result {
        try typeCheck(files: [(name: "snippet.swift", source: source)])
    }

    /// Type-checks `files` together, as the module `moduleName`, each saved under its name in a
    /// new temporary directory, in the Swift 6 language mode.
    func typeCheck(files: [(name: String, source: String)], moduleName: String = "snippet") throws -> Result {
        let fileManager = FileManager.default
        let directory = fileManager.temporaryDirectory
            .appendingPathComponent("streams-typecheck-\(UUID().uuidString)")
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            try file.source.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }

        let arguments = [
            "-typecheck", "-swift-version", "6", "-module-name", moduleName,
            "-I", modules.path,
        ] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] } + [
            "-Xfrontend", "-solver-scope-threshold=\(Self.scopeLimit)",
        ] + paths
        let output = directory.appendingPathComponent("output.txt")
        let (status, timedOut) = try Self.spawn(swiftc.path, arguments, output: output.path, timeLimit: Self.timeLimit)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Result(status: status, output: text, timedOut: timedOut)
    }

    /// Runs `path` with `arguments`, its standard output and error written to `output`, and
    /// waits for it, killing it after `timeLimit` seconds; returns its exit status (-1 when it
    /// did not exit normally) and whether it was killed.
    ///
    /// Spawned with `posix_spawn` rather than Foundation's `Process`, which leaks a few objects
    /// per process on Linux: the suite also runs under AddressSanitizer's leak checker.
    static func spawn(
        _ path: String, _ arguments: [String], output: String, timeLimit: Double
    ) throws -> (status: Int32, timedOut: Bool) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EPERM) }
        let deadline = Date().addingTimeInterval(timeLimit)
        var status: Int32 = 0
        var timedOut = false
        // Polls for the exit, so that a compiler stuck past the limit can be killed.
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                timedOut = true
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : -1, timedOut)
    }
}
