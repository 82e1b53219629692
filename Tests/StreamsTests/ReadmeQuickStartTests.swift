import Foundation
import Streams
import Testing

/// The Quick start of README.md, compiled and run.
///
/// The lines between the two `README quick start` markers below, less the `#expect` lines, are
/// the README's code block without its `import Streams` line, indented by eight spaces;
/// `quickStartMatchesReadme` fails if the two drift apart. The `#expect` lines check, at the point
/// where the README makes it, each claim of the README's comments.
@Suite("README quick start")
struct ReadmeQuickStartTests {
    @Test("the quick start runs and does what the README says")
    func quickStart() {
        // README quick start: begin
        // A hot signal and the observer that feeds it.
        let (readings, input) = Signal<Double, Never>.pipe()
        var log: [String] = []
        readings.observe { event in log.append("\(event)") }
        input.send(value: 21.5)
        input.send(value: 22.0)
        input.sendCompleted()
        // log == ["VALUE 21.5", "VALUE 22.0", "COMPLETED"]
        #expect(log == ["VALUE 21.5", "VALUE 22.0", "COMPLETED"])

        // A cold producer: its start handler runs anew on each start, and the
        // resources it adds to the lifetime are disposed when the run ends.
        let clock = TestScheduler()  // virtual time; use a QueueScheduler in an app
        let ticks = SignalProducer<Int, Never> { observer, lifetime in
            var count = 0
            lifetime += clock.schedule(after: .seconds(1), interval: .seconds(1)) {
                count += 1
                observer.send(value: count)
            }
        }
        var received: [Int] = []
        let run = ticks.startWithValues { received.append($0) }
        clock.advance(by: .seconds(3))  // received == [1, 2, 3]
        #expect(received == [1, 2, 3])
        run.dispose()                   // stops the timer, frees the run
        #expect(run.isDisposed)
        clock.advance(by: .seconds(3))  // received is still [1, 2, 3]
        #expect(received == [1, 2, 3])

        // A lazy, memoized sequence: nothing runs until a value is read, and each
        // value is computed once, however often it is read.
        var computed = 0
        let squares = MemoizedSequence(1...).map { n -> Int in
            computed += 1
            return n * n
        }
        #expect(computed == 0)
        let firstThree = Array(squares.take(first: 3))  // [1, 4, 9], computed == 3
        #expect(firstThree == [1, 4, 9])
        #expect(computed == 3)
        let sameThree = Array(squares.take(first: 3))   // [1, 4, 9], computed is still 3
        #expect(sameThree == [1, 4, 9])
        #expect(computed == 3)
        // README quick start: end
    }

    @Test("the quick start above is the code block of README.md")
    func quickStartMatchesReadme() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)

        let readmeBlock = try #require(Self.quickStartBlock(in: readme), "README.md has no Quick start code block")
        let testBlock = try #require(Self.markedBlock(in: source), "the quick start markers are missing")
        for line in 0..<max(readmeBlock.count, testBlock.count) {
            let inReadme = line < readmeBlock.count ? readmeBlock[line] : "(nothing)"
            let inTest = line < testBlock.count ? testBlock[line] : "(nothing)"
            if inReadme != inTest {
                Issue.record("""
                    line \(line + 1) of the quick start differs
                      README.md: \(inReadme)
                      this test: \(inTest)
                    """)
                return
            }
        }
    }

    /// The first ```swift block after the "## Quick start" heading, without `import` lines and
    /// without leading or trailing blank lines.
    static func quickStartBlock(in readme: String) -> [String]? {
        let lines = readme.components(separatedBy: "\n")
        guard let heading = lines.firstIndex(of: "## Quick start"),
              let open = lines[heading...].firstIndex(of: "```swift"),
              let close = lines[(open + 1)...].firstIndex(of: "```")
        else { return nil }
        return trimmed(lines[(open + 1)..<close].filter { !$0.hasPrefix("import ") })
    }

    /// The lines between the quick start markers of this file, without the `#expect` lines and
    /// with their indentation removed.
    static func markedBlock(in source: String) -> [String]? {
        let lines = source.components(separatedBy: "\n")
        let begin = "README quick start: begin"
        let end = "README quick start: end"
        guard let open = lines.firstIndex(where: { $0.hasSuffix("// " + begin) }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasSuffix("// " + end) })
        else { return nil }
        let indentation = String(repeating: " ", count: 8)
        let code = lines[(open + 1)..<close].filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#expect") }
        return trimmed(code.map { line in
            line.hasPrefix(indentation) ? String(line.dropFirst(indentation.count)) : line
        })
    }

    static func trimmed<C: Collection>(_ lines: C) -> [String] where C.Element == String {
        var result = Array(lines)
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}
