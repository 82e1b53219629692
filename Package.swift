// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
    name: "Streams",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Schedulers", targets: ["Schedulers"]),
        .library(name: "Streams", targets: ["Streams"]),
        .library(name: "StreamsTesting", targets: ["StreamsTesting"]),
        .executable(name: "streams-demo", targets: ["StreamsDemo"]),
    ],
    targets: [
        // The futex mutex behind the package's lock on Linux: C, because Swift cannot make the
        // futex system call (`syscall` is variadic).
        .target(name: "CFutexLock"),
        // The Swift runtime's test of the current executor, which answers where an actor's
        // `preconditionIsolated` stops the program: for the check of actor-isolated observers.
        .target(name: "CExecutorCheck"),
        .target(name: "Schedulers", dependencies: ["CFutexLock"]),
        .target(name: "Streams", dependencies: ["Schedulers", "CExecutorCheck"]),
        // Marble diagrams over TestScheduler, for tests of operators; no package dependency.
        .target(name: "StreamsTesting", dependencies: ["Streams"]),
        .executableTarget(name: "StreamsDemo", dependencies: ["Streams"]),
        .testTarget(name: "SchedulersTests", dependencies: ["Schedulers", "TestSupport"]),
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        // Shared by the test targets: the checker that compares the code blocks of the DocC
        // articles with the test regions that run them, the seeded random numbers of the
        // generated tests, and the trait that runs a test off the cooperative thread pool.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "StreamsTests", dependencies: ["Streams", "StreamsTesting", "AllocationCounter", "TestSupport"]),
        // Acts as a package outside Streams: operators written on the public StreamProtocol only.
        .testTarget(name: "StreamsOutsideOperatorsTests", dependencies: ["Streams"]),
        .testTarget(name: "StreamsTestingTests", dependencies: ["StreamsTesting", "TestSupport"]),
        // A reference model of the event semantics, and generated pipelines run on Streams and
        // on the model, compared event by event.
        .testTarget(name: "StreamsModelTests", dependencies: ["Streams", "StreamsTesting", "TestSupport"]),
        // Chains of common operators, built so that any expression slower than 200 ms to
        // type-check fails the build: guards the overloads against combinatorial explosion.
        // Also runs the compiler on snippets: a wrong argument type gets a clear error, and the
        // bridges (Sources/Streams/Bridges) compile outside Streams, on its public API.
        .testTarget(
            name: "StreamsTypeCheckTests",
            dependencies: ["Streams", "TestSupport"],
            swiftSettings: [.unsafeFlags([
                "-Xfrontend", "-warn-long-expression-type-checking=200", "-warnings-as-errors",
            ])]
        ),
        // The snippets of the guides, compiled in Swift 6 mode with every warning an error: what
        // the guides show is what strict concurrency checking accepts. Also makes the operator
        // reference's diagrams from runs of the operators, and checks the committed ones.
        .testTarget(
            name: "StreamsGuideTests",
            dependencies: ["Streams", "StreamsTesting", "TestSupport"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The optimized steps of `.ci/run` build only the tests they run: optimizing the whole suite
// takes the optimizer most of ten minutes per step. With STREAMS_TESTS_MATCHING set to a regular
// expression, each test target keeps its support files (named `*Support*`, which must compile
// with each other alone) and the files whose path or text matches it, and a test target left
// with no such file is dropped. Unset, as for everyone else, every test is built.
if let pattern = Context.environment["STREAMS_TESTS_MATCHING"] {
    let matching = try NSRegularExpression(pattern: pattern)
    func matches(_ text: String) -> Bool {
        matching.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    package.targets.removeAll { target in
        guard target.type == .test else { return false }
        let directory = target.path ?? "Tests/\(target.name)"
        let files = FileManager.default.enumerator(atPath: "\(Context.packageDirectory)/\(directory)")?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let kept = files.filter { file in
            let path = "\(directory)/\(file)"
            let text = (try? String(contentsOfFile: "\(Context.packageDirectory)/\(path)", encoding: .utf8)) ?? ""
            return file.contains("Support") || matches(path) || matches(text)
        }
        target.exclude += files.filter { !kept.contains($0) }
        return !kept.contains { !$0.contains("Support") }
    }
}
