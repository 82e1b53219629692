import Foundation
import StreamsTesting
import Testing
@testable import Streams
import TestSupport

/// A limit of zero stops with a message naming the operator and the value.
@Suite("FlattenStrategy: misuse")
struct FlattenStrategyTests {
    @Test("concurrent(limit: 0)")
    func zeroLimit() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FlattenStrategy.concurrent(limit: 0)
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("FlattenStrategy.concurrent(limit:) needs a limit >= 1, got 0"))
    }
}
