import Foundation
import Testing

/// The tests of an operator are found by its name: `Sources/Streams/Operators/<Group>/<Name>.swift`
/// is tested in `Tests/StreamsTests/Operators/<Group>/<Name>Tests.swift` (CONTRIBUTING.md,
/// "Adding an operator"). This suite holds the tree to it, so that a new operator cannot land with
/// its tests filed under another operator's name.
@Suite("Operator tests mirror the operator sources")
struct OperatorTestLayoutTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Operators
        .deletingLastPathComponent()  // StreamsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The files of `Operators/` that hold no operator of their own but the machinery operators
    /// share, with the test file, from the package root, that exercises it.
    static let machinery: [String: String] = [
        "Lift.swift": "Tests/StreamsTests/Core/FusedSignalTests.swift",
        "OperatorBodies.swift": "Tests/StreamsTests/Operators/TakeTests.swift",
        "InnerRun.swift": "Tests/StreamsTests/Operators/Sequencing/SequencingConcurrencyTests.swift",
        "Combining/CombiningRun.swift": "Tests/StreamsTests/Operators/Combining/CombiningConcurrencyTests.swift",
        "Flattening/FlattenRun.swift": "Tests/StreamsTests/Operators/Flattening/FlattenConcurrencyTests.swift",
        "Sequencing/SequenceRun.swift": "Tests/StreamsTests/Operators/Sequencing/SequencingStackTests.swift",
        // The `bind` and `concat` of ProducerKind.
        "Sequencing/ConcatMap.swift": "Tests/StreamsTests/StreamProtocol/StreamProtocolLawTests.swift",
    ]

    /// The source files of `Sources/Streams/Operators` written by hand, relative to it.
    static func operatorSources() throws -> [String] {
        let folder = root.appendingPathComponent("Sources/Streams/Operators")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var sources: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") && !relative.hasSuffix(".generated.swift") { sources.append(relative) }
        }
        return sources.sorted()
    }

    /// The test file, from the package root, that `source` (relative to `Operators/`) needs.
    static func testFile(for source: String) -> String {
        if let test = machinery[source] { return test }
        let name = (source as NSString).deletingPathExtension
        return "Tests/StreamsTests/Operators/\(name)Tests.swift"
    }

    /// The sources among `sources` whose test file is not among `existing`.
    static func untested(_ sources: [String], existing: (String) -> Bool) -> [String] {
        sources.filter { !existing(testFile(for: $0)) }
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @Test("every operator file has a test file of its name beside the others")
    func everyOperatorHasItsTestFile() throws {
        let sources = try Self.operatorSources()
        #expect(sources.count > 40, "found only \(sources.count) operator files under \(Self.root.path)")
        let missing = Self.untested(sources, existing: Self.exists)
        #expect(missing.isEmpty, "no test file for: \(missing.map { "\($0) (expected \(Self.testFile(for: $0)))" })")
    }

    @Test("the table of shared machinery names files that exist")
    func machineryTableIsCurrent() throws {
        let sources = Set(try Self.operatorSources())
        for (source, test) in Self.machinery {
            #expect(sources.contains(source), "\(source) is no longer in Sources/Streams/Operators")
            #expect(Self.exists(test), "\(test), the test of \(source), does not exist")
        }
    }

    @Test("an operator filed without its test file is reported, by the test file it lacks")
    func missingTestFileIsReported() {
        let sources = ["Timing/Throttle.swift", "Combining/Booleans.swift", "Lift.swift"]
        let existing: Set<String> = [
            "Tests/StreamsTests/Operators/Timing/ThrottleTests.swift",
            "Tests/StreamsTests/Core/FusedSignalTests.swift",
            // Booleans' tests filed under another operator's name.
            "Tests/StreamsTests/Operators/Combining/TakeUntilReplacementTests.swift",
        ]
        #expect(Self.untested(sources, existing: existing.contains) == ["Combining/Booleans.swift"])
        #expect(Self.testFile(for: "Combining/Booleans.swift") == "Tests/StreamsTests/Operators/Combining/BooleansTests.swift")
    }
}
