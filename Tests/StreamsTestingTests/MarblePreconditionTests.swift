import Foundation
import Testing
import StreamsTesting

/// The standard error of an exit test, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

@Suite("Marble diagram misuse")
struct MarblePreconditionTests {
    @Test("an unknown character stops the test, naming the character and the diagram")
    func unknownCharacter() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MarbleTest().hot("-a-%|")
        }
        #expect(standardError(result).contains("MarbleTest.hot(_:): unknown character '%' in diagram \"-a-%|\""))
    }

    @Test("a character without a value stops the test, naming the character and the diagram")
    func missingValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MarbleTest().cold("-a-b|", values: ["a": 1])
        }
        #expect(standardError(result).contains("MarbleTest.cold(_:values:): no value for 'b' in diagram \"-a-b|\""))
    }

    @Test("an event after the terminal event stops the test")
    func eventAfterTerminal() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let test = MarbleTest()
            _ = test.compare(test.cold("a|"), "a|-b")
        }
        #expect(standardError(result).contains("event 'b' after the terminal event in diagram \"a|-b\""))
    }
}
