import Foundation
import TestSupport
// guide: StreamsTesting 1: begin
import StreamsTesting
import Testing

@Test func evenNumbers() {
    let test = MarbleTest()
    let numbers = test.cold("-1-2-3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
    test.expect(numbers.producer.filter { $0.isMultiple(of: 2) },
                "---2---4|", values: ["2": 2, "4": 4])
    #expect(numbers.subscriptions == ["^-------!"])
}
// guide: StreamsTesting 1: end

/// The code block of the StreamsTesting catalog's landing page
/// (`Sources/StreamsTesting/StreamsTesting.docc/StreamsTesting.md`) is the test above.
@Suite("StreamsTesting catalog")
struct CatalogSnippetTests {
    @Test("every swift block of the landing page is a region of this file")
    func articleMatchesThisFile() throws {
        let catalog = GuideArticles.catalog(fromTestFile: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StreamsTesting/StreamsTesting.docc")
        let problems = try GuideArticles.mismatches(
            articles: ["StreamsTesting"], catalog: catalog, testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
