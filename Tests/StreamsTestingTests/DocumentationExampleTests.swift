import Testing
import StreamsTesting

/// The examples in the documentation, so that they stay true.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("MarbleTest: doubling")
    func doubling() {
        let test = MarbleTest()
        let numbers = test.cold("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
        #expect(test.expect(numbers.producer.map { $0 * 2 }, "-a-b--c|", values: ["a": 2, "b": 4, "c": 6]).matches)
        #expect(numbers.subscriptions == ["^------!"])
    }

    @Test("ColdMarbles: two runs")
    func twoRuns() {
        let test = MarbleTest()
        let source = test.cold("-a|")
        test.scheduler.schedule(after: .seconds(2)) { source.producer.start() }
        #expect(test.expect(source, "-a|").matches)
        #expect(source.subscriptions == ["^-!", "--^-!"])
    }

    @Test("StreamsTesting: even numbers, and the mismatch message")
    func evenNumbers() {
        let test = MarbleTest()
        let numbers = test.cold("-1-2-3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        #expect(test.expect(numbers.producer.filter { $0.isMultiple(of: 2) },
                            "---2---4|", values: ["2": 2, "4": 4]).matches)
        #expect(numbers.subscriptions == ["^-------!"])

        let other = MarbleTest()
        let early = other.cold("---2--4-|", values: ["2": 2, "4": 4])
        #expect(other.compare(early, "---2---4|", values: ["2": 2, "4": 4]).description == """
            marble mismatch
            expected: ---2---4|
            actual:   ---2--4-|
            """)
    }
}
