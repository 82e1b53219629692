import Foundation
import Testing
import TestSupport

/// Every article of every catalog that shows Swift code has its blocks compiled and run by a
/// test: some test file holds the region of its first block (`// guide: <Article> 1: begin`),
/// and a test names the article (`GuideArticles.mismatches(articles: ["<Article>"], ...)`) to
/// compare every block with its region.
@Suite("Every article's code is compiled")
struct ArticleCoverageTests {
    @Test("each article with a swift block has its regions in a test file")
    func everyArticleIsCovered() throws {
        let streamsCatalog = GuideArticles.catalog(fromTestFile: #filePath)
        let sources = streamsCatalog.deletingLastPathComponent().deletingLastPathComponent()
        let tests = sources.deletingLastPathComponent().appendingPathComponent("Tests")
        let fileManager = FileManager.default

        var testText = ""
        let testFiles = fileManager.enumerator(at: tests, includingPropertiesForKeys: nil)!
        for case let url as URL in testFiles where url.pathExtension == "swift" {
            testText += try String(contentsOf: url, encoding: .utf8)
        }

        var articles: [String] = []
        for module in try fileManager.contentsOfDirectory(atPath: sources.path) {
            let catalog = sources.appendingPathComponent("\(module)/\(module).docc")
            guard let names = try? fileManager.contentsOfDirectory(atPath: catalog.path) else { continue }
            for name in names where name.hasSuffix(".md") {
                let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
                if text.contains("```swift") { articles.append(String(name.dropLast(3))) }
            }
        }
        #expect(articles.count >= 10, "found the catalogs' articles: \(articles)")
        // Its regions, and its name in the list of articles a test compares with them.
        let uncovered = articles.filter {
            !testText.contains("// guide: \($0) 1: begin") || !testText.contains("\"\($0)\"")
        }
        #expect(uncovered.isEmpty, "articles whose code no test compiles: \(uncovered)")
    }
}
