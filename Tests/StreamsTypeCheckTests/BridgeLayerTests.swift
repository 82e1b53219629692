import Foundation
import Testing
import TestSupport

// The bridges of Streams to Foundation, Swift concurrency, Observation and the main actor
// (Sources/Streams/Bridges) are a layer above the library: written on its public API only, so
// that the core can change beneath them, and so that each is an example of what a user can build
// outside the package. These tests hold them to it by type-checking them as a module of their
// own that imports Streams, against the Streams module this test bundle was built with.

@Suite("The bridges are built on the public API")
struct BridgeLayerTests {
    /// The folder of the bridges, found from this file's path.
    static let bridges = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // StreamsTypeCheckTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/Streams/Bridges")

    /// Every Swift file of the bridges, with `import Streams` put before its text.
    static func bridgeFiles() throws -> [(name: String, source: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: bridges.path))
        var files: [(name: String, source: String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: bridges.appendingPathComponent(relative), encoding: .utf8)
            files.append((name: (relative as NSString).lastPathComponent, source: "import Streams\n" + text))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// The error lines of a run.
    static func errors(_ run: TypeCheckRun.Result) -> [Substring] {
        run.output.split(separator: "\n").filter { $0.contains(": error: ") }
    }

    @Test(
        "every file of Sources/Streams/Bridges compiles outside Streams, importing it",
        .offCooperativePool,
        .enabled(if: TypeCheckRun.toolchain != nil, "needs swiftc and the Streams module beside the test bundle")
    )
    func bridgesCompileOutsideStreams() throws {
        let files = try Self.bridgeFiles()
        let names = Set(files.map(\.name))
        // The folder holds the bridges: a move that empties it must not pass for a clean layer.
        for bridge in ["Action+Async.swift", "SignalProducer+Async.swift", "MainActorDelivery.swift",
                       "Observation.swift", "FoundationExtensions.swift"] {
            #expect(names.contains(bridge), "\(bridge) is not in \(Self.bridges.path)")
        }

        let run = try #require(TypeCheckRun.toolchain).typeCheck(files: files, moduleName: "StreamsBridges")

        #expect(!run.timedOut, "swiftc ran longer than \(TypeCheckRun.timeLimit) s")
        #expect(run.status == 0, "\(Self.errors(run).joined(separator: "\n"))")
        #expect(Self.errors(run).isEmpty, "\(Self.errors(run).joined(separator: "\n"))")
    }

    @Test(
        "a bridge that uses an internal declaration of Streams fails the check, naming it",
        .offCooperativePool,
        .enabled(if: TypeCheckRun.toolchain != nil, "needs swiftc and the Streams module beside the test bundle")
    )
    func internalUseFailsTheCheck() throws {
        let files = try Self.bridgeFiles() + [
            (name: "InternalUse.swift", source: "import Streams\n\nlet waiting = FIFOBuffer<Int>()\n"),
        ]

        let run = try #require(TypeCheckRun.toolchain).typeCheck(files: files, moduleName: "StreamsBridges")

        #expect(run.status != 0, "\(run.output)")
        #expect(Self.errors(run).count == 1, "\(Self.errors(run).joined(separator: "\n"))")
        // "cannot find 'FIFOBuffer' in scope", or "'FIFOBuffer' is inaccessible due to
        // 'internal' protection level" when the module was built with testing enabled.
        let error = try #require(Self.errors(run).first)
        #expect(error.contains("InternalUse.swift:3:15: error: "), "\(error)")
        #expect(error.contains("'FIFOBuffer'"), "\(error)")
    }
}
