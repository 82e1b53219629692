import Foundation
import Testing

/// The tests of a source file are found by its name: `Sources/<Module>/<path>/<Name>.swift` is
/// tested in `Tests/<Module>Tests/<path>/<Name>Tests.swift` (CONTRIBUTING.md), so
/// `Sources/Streams/Operators/Timing/Throttle.swift` is tested in
/// `Tests/StreamsTests/Operators/Timing/ThrottleTests.swift`. A file whose code is exercised
/// through another's, or whose tests share one file with a neighbour's, is listed in
/// `testedElsewhere` with the file that holds its tests. This suite holds the tree to it, so that
/// new code cannot land with its tests filed under another name, and a newcomer finds the tests
/// of any file from this table or its name.
@Suite("Test files mirror the source files")
struct TestLayoutTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // StreamsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The source files, from the package root, whose tests are not in the file of their name,
    /// with the file, from the package root, that holds them.
    static let testedElsewhere: [String: String] = [
        // Schedulers.
        "Sources/Schedulers/CancellableAction.swift": "Tests/SchedulersTests/QueueSchedulerTests.swift",
        "Sources/Schedulers/InlineQueueScheduler.swift": "Tests/StreamsTests/Eventing/DeliverySchedulerTests.swift",
        "Sources/Schedulers/MainQueue.swift": "Tests/SchedulersTests/UISchedulerTests.swift",
        "Sources/Schedulers/OperationQueueScheduler.swift": "Tests/StreamsTests/Eventing/DeliverySchedulerTests.swift",
        // A box with no behaviour of its own, used by TestScheduler's repeating actions.
        "Sources/Schedulers/UncheckedSendable.swift": "Tests/SchedulersTests/TestSchedulerTests.swift",

        // Streams: the core, tested through the types built on it.
        "Sources/Streams/Core/SignalCore.swift": "Tests/StreamsTests/SignalTests.swift",
        "Sources/Streams/Core/SignalCoreBase.swift": "Tests/StreamsTests/SignalTests.swift",
        "Sources/Streams/Core/ProducerRuns.swift": "Tests/StreamsTests/SignalProducerTests.swift",
        "Sources/Streams/Core/DeliveryQueue.swift": "Tests/StreamsTests/Core/DeliveryQueueConcurrencyTests.swift",
        "Sources/Streams/Core/Serializer.swift": "Tests/StreamsTests/Core/DeliveryQueueConcurrencyTests.swift",
        "Sources/Streams/Core/RunState.swift": "Tests/StreamsTests/Operators/ScanTests.swift",
        // `@_exported import Schedulers`: a bare `import Streams` there uses the schedulers.
        "Sources/Streams/Exports.swift": "Tests/StreamsTests/CompatibilityTests.swift",

        // Streams: operators' shared machinery.
        "Sources/Streams/Operators/Lift.swift": "Tests/StreamsTests/Core/FusedSignalTests.swift",
        "Sources/Streams/Operators/OperatorBodies.swift": "Tests/StreamsTests/Operators/TakeTests.swift",
        "Sources/Streams/Operators/InnerRun.swift": "Tests/StreamsTests/Operators/Sequencing/SequencingConcurrencyTests.swift",
        "Sources/Streams/Operators/Combining/CombiningRun.swift": "Tests/StreamsTests/Operators/Combining/CombiningConcurrencyTests.swift",
        "Sources/Streams/Operators/Flattening/FlattenRun.swift": "Tests/StreamsTests/Operators/Flattening/FlattenConcurrencyTests.swift",
        "Sources/Streams/Operators/Sequencing/SequenceRun.swift": "Tests/StreamsTests/Operators/Sequencing/SequencingStackTests.swift",
        // The `bind` and `concat` of ProducerKind.
        "Sources/Streams/Operators/Sequencing/ConcatMap.swift": "Tests/StreamsTests/StreamProtocol/StreamProtocolLawTests.swift",

        // Streams: the action's error, in the tests of the forms that fail with it.
        "Sources/Streams/Action/ActionError.swift": "Tests/StreamsTests/Action/ActionFormsTests.swift",

        // Streams: memoized sequences, each operator compared with Array in one suite.
        "Sources/Streams/MemoizedSequence/MemoizedSequence+Combining.swift": "Tests/StreamsTests/MemoizedSequence/MemoizedSequenceOperatorTests.swift",
        "Sources/Streams/MemoizedSequence/MemoizedSequence+Taking.swift": "Tests/StreamsTests/MemoizedSequence/MemoizedSequenceOperatorTests.swift",
        "Sources/Streams/MemoizedSequence/MemoizedSequence+Transforming.swift": "Tests/StreamsTests/MemoizedSequence/MemoizedSequenceOperatorTests.swift",
        "Sources/Streams/MemoizedSequence/MemoizedSequence+Storage.swift": "Tests/StreamsTests/MemoizedSequence/MemoizedSequenceScaleTests.swift",

        // Streams: multicast.
        "Sources/Streams/Multicast/MulticastCore.swift": "Tests/StreamsTests/Multicast/MulticastConcurrencyTests.swift",
        "Sources/Streams/Multicast/SignalProducer+Multicast.swift": "Tests/StreamsTests/Multicast/MulticastConnectionTests.swift",

        // Streams: properties.
        "Sources/Streams/Property/Property.swift": "Tests/StreamsTests/Property/PropertyCompositionTests.swift",
        "Sources/Streams/Property/Property+Combining.swift": "Tests/StreamsTests/Property/PropertyCompositionTests.swift",
        "Sources/Streams/Property/Property+Operators.swift": "Tests/StreamsTests/Property/PropertyCompositionTests.swift",
        "Sources/Streams/Property/PropertyCore.swift": "Tests/StreamsTests/Property/MutablePropertyTests.swift",
        "Sources/Streams/Property/PropertyProtocol.swift": "Tests/StreamsTests/Binding/BindingTargetTests.swift",

        // Streams: the protocol, its laws checked on both kinds.
        "Sources/Streams/StreamProtocol/StreamProtocol.swift": "Tests/StreamsTests/StreamProtocol/StreamProtocolLawTests.swift",
        "Sources/Streams/StreamProtocol/StreamProtocol+Operators.swift": "Tests/StreamsTests/StreamProtocol/StreamProtocolLawTests.swift",
        "Sources/Streams/StreamProtocol/ProducerKind.swift": "Tests/StreamsTests/StreamProtocol/StreamProtocolLawTests.swift",

        // The demo: `.ci/run` runs it.
        "Sources/StreamsDemo/main.swift": ".ci/run",

        // StreamsTesting.
        // `@_exported import Streams`: the examples there import StreamsTesting only.
        "Sources/StreamsTesting/Exports.swift": "Tests/StreamsTestingTests/DocumentationExampleTests.swift",
        "Sources/StreamsTesting/MarbleTest.swift": "Tests/StreamsTestingTests/HotMarblesTests.swift",
        "Sources/StreamsTesting/MarbleClock.swift": "Tests/StreamsTestingTests/MarbleTest+ExpectTests.swift",
        "Sources/StreamsTesting/MarbleComparison.swift": "Tests/StreamsTestingTests/MarbleTest+ExpectTests.swift",
        "Sources/StreamsTesting/FailureReporting.swift": "Tests/StreamsTestingTests/MarbleTest+ExpectTests.swift",
        "Sources/StreamsTesting/MarbleError.swift": "Tests/StreamsTestingTests/HotMarblesTests.swift",
    ]

    /// The Swift source files of `Sources/` written by hand, from the package root. Generated
    /// files are tested with the file they are generated from, and `.ci/run` checks them current.
    static func sources() throws -> [String] {
        let folder = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var sources: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") && !relative.hasSuffix(".generated.swift") {
                sources.append("Sources/" + relative)
            }
        }
        return sources.sorted()
    }

    /// The test file, from the package root, named after `source`.
    static func mirroredTestFile(for source: String) -> String {
        let parts = source.split(separator: "/").map(String.init)  // Sources, Module, path...
        let name = (parts.dropFirst(2).joined(separator: "/") as NSString).deletingPathExtension
        return "Tests/\(parts[1])Tests/\(name)Tests.swift"
    }

    /// The test file, from the package root, that holds the tests of `source`.
    static func testFile(for source: String) -> String {
        testedElsewhere[source] ?? mirroredTestFile(for: source)
    }

    /// The sources among `sources` whose test file is not among `existing`.
    static func untested(_ sources: [String], existing: (String) -> Bool) -> [String] {
        sources.filter { !existing(testFile(for: $0)) }
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @Test("every source file has a test file of its name, or one listed in the table")
    func everySourceHasItsTestFile() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100, "found only \(sources.count) source files under \(Self.root.path)")
        let missing = Self.untested(sources, existing: Self.exists)
        #expect(missing.isEmpty, "no test file for: \(missing.map { "\($0) (expected \(Self.testFile(for: $0)))" })")
    }

    @Test("the table lists only sources that exist and lack a test file of their name")
    func tableIsCurrent() throws {
        let sources = Set(try Self.sources())
        for (source, test) in Self.testedElsewhere.sorted(by: { $0.key < $1.key }) {
            #expect(sources.contains(source), "\(source) is no longer a source file")
            #expect(Self.exists(test), "\(test), the test of \(source), does not exist")
            let mirrored = Self.mirroredTestFile(for: source)
            #expect(!Self.exists(mirrored), "\(source) has \(mirrored): take it out of the table")
        }
    }

    @Test("a source filed without its test file is reported, by the test file it lacks")
    func missingTestFileIsReported() {
        let sources = [
            "Sources/Streams/Operators/Timing/Throttle.swift",
            "Sources/Streams/Operators/Combining/Booleans.swift",
            "Sources/Streams/Operators/Lift.swift",
            "Sources/Schedulers/Locking.swift",
        ]
        let existing: Set<String> = [
            "Tests/StreamsTests/Operators/Timing/ThrottleTests.swift",
            "Tests/StreamsTests/Core/FusedSignalTests.swift",
            // Booleans' tests filed under another operator's name.
            "Tests/StreamsTests/Operators/Combining/TakeUntilReplacementTests.swift",
        ]
        #expect(
            Self.untested(sources, existing: existing.contains)
                == ["Sources/Streams/Operators/Combining/Booleans.swift", "Sources/Schedulers/Locking.swift"])
        #expect(
            Self.testFile(for: "Sources/Streams/Operators/Combining/Booleans.swift")
                == "Tests/StreamsTests/Operators/Combining/BooleansTests.swift")
        #expect(Self.testFile(for: "Sources/Schedulers/Locking.swift") == "Tests/SchedulersTests/LockingTests.swift")
    }
}
