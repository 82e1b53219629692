import StreamsTesting
import Testing

@Suite("Reading and drawing diagrams without running them")
struct MarbleParsingTests {
    @Test("events(of:) gives each event with its frame, groups at one frame")
    func events() throws {
        let events = try MarbleTest.events(of: "-a-(bc)|")
        #expect(events.map(\.frame) == [1, 3, 3, 4])
        #expect(events.map(\.symbol) == ["a", "b", "c", "|"])
        #expect(try MarbleTest.events(of: "").isEmpty)
        #expect(try MarbleTest.events(of: " - - a ").map(\.frame) == [2])
    }

    @Test("events(of:) throws what is wrong, naming the diagram", arguments: [
        ("-a*|", "unknown character '*'"),
        ("(a", "'(' without ')'"),
        ("a)", "')' without '('"),
        ("((a))", "a group inside a group"),
        ("(a-b)", "'-' inside a group"),
        ("a|b", "event 'b' after the terminal event"),
    ])
    func syntaxErrors(diagram: String, problem: String) {
        #expect(throws: MarbleSyntaxError(problem: problem, diagram: diagram)) {
            try MarbleTest.events(of: diagram)
        }
        let error = MarbleSyntaxError(problem: problem, diagram: diagram)
        #expect(error.description == "\(problem) in diagram \"\(diagram)\"")
    }

    @Test("diagram(of:) draws what events(of:) reads back", arguments: ["-a-(bc)|", "a", "--#", "(ab)(cd)--e!", ""])
    func roundTrip(diagram: String) throws {
        let events = try MarbleTest.events(of: diagram)
        let drawn = MarbleTest.diagram(of: events)
        let again = try MarbleTest.events(of: drawn)
        #expect(again.map(\.frame) == events.map(\.frame))
        #expect(again.map(\.symbol) == events.map(\.symbol))
    }
}
