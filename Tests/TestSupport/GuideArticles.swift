import Foundation

/// Checks that the ```swift blocks of guide articles are the regions of a test file that
/// compiles and runs them.
///
/// Each block of an article is a region of the test file between `// guide: <Article> <n>: begin`
/// and `// guide: <Article> <n>: end` (n counts the article's ```swift blocks from 1). The
/// region, without its `#expect` lines and its common indentation, must equal the block without
/// its own `#expect` lines.
public enum GuideArticles {
    /// The Streams DocC catalog, found from a test file's path (`Tests/<Target>/.../File.swift`).
    public static func catalog(fromTestFile testFile: String) -> URL {
        var url = URL(fileURLWithPath: testFile)
        while url.lastPathComponent != "Tests", url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
        }
        return url.deletingLastPathComponent().appendingPathComponent("Sources/Streams/Streams.docc")
    }

    /// Every difference between `articles` (names of Markdown files in `catalog`) and the
    /// regions of `testFile`, one message each; empty when they match.
    public static func mismatches(articles: [String], catalog: URL, testFile: String) throws -> [String] {
        let source = try String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8)
        var problems: [String] = []
        for article in articles {
            let text = try String(contentsOf: catalog.appendingPathComponent("\(article).md"), encoding: .utf8)
            // A block's own `#expect` lines (an article about testing shows some) are left out
            // as the region's are: the region runs its own.
            let blocks = swiftBlocks(in: text).map { block in
                block.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#expect") }
            }
            if blocks.isEmpty { problems.append("\(article).md has no swift code block") }
            for (index, block) in blocks.enumerated() {
                let name = "\(article) \(index + 1)"
                guard let region = region(named: name, in: source) else {
                    problems.append("no region \"guide: \(name)\" in the test file for block \(index + 1) of \(article).md")
                    continue
                }
                if let difference = firstDifference(block, region) {
                    problems.append("block \(index + 1) of \(article).md differs from its region: \(difference)")
                }
            }
            if region(named: "\(article) \(blocks.count + 1)", in: source) != nil {
                problems.append("the test file has a region for a block \(article).md no longer has")
            }
        }
        return problems
    }

    /// The ```swift blocks of a Markdown text.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let block = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(dedented(block))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines of region `name`, without `#expect` lines and common indentation.
    static func region(named name: String, in source: String) -> [String]? {
        let lines = source.components(separatedBy: "\n")
        guard let open = lines.firstIndex(where: { $0.hasSuffix("// guide: \(name): begin") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasSuffix("// guide: \(name): end") })
        else { return nil }
        let code = lines[(open + 1)..<close].filter {
            !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#expect")
        }
        return dedented(Array(code))
    }

    static func dedented(_ lines: [String]) -> [String] {
        var result = lines
        while result.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { result.removeFirst() }
        while result.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { result.removeLast() }
        let indent = result.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return result.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }
    }

    static func firstDifference(_ block: [String], _ region: [String]) -> String? {
        for line in 0..<max(block.count, region.count) {
            let inBlock = line < block.count ? block[line] : "(nothing)"
            let inRegion = line < region.count ? region[line] : "(nothing)"
            if inBlock != inRegion { return "line \(line + 1): article \"\(inBlock)\", test \"\(inRegion)\"" }
        }
        return nil
    }
}
