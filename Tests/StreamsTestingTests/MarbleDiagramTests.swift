import Testing
@testable import StreamsTesting

/// The steps of `diagram`, as `frame: symbols` strings, for compact expectations.
private func steps(_ diagram: String) -> [String] {
    MarbleDiagram(parsing: diagram, caller: "test").steps.map { "\($0.frame):\(String($0.symbols))" }
}

@Suite("Marble diagram parsing and drawing")
struct MarbleDiagramTests {
    @Test("every character outside a group takes one frame, values and terminals included")
    func framesPerCharacter() {
        #expect(steps("-a-b|") == ["1:a", "3:b", "4:|"])
        #expect(steps("ab|") == ["0:a", "1:b", "2:|"])
        #expect(steps("---") == [])
        #expect(steps("") == [])
    }

    @Test("letters and digits are values")
    func lettersAndDigits() {
        #expect(steps("x1Z9") == ["0:x", "1:1", "2:Z", "3:9"])
    }

    @Test("'|', '#' and '!' are the terminal events")
    func terminals() {
        #expect(steps("--|") == ["2:|"])
        #expect(steps("-a#") == ["1:a", "2:#"])
        #expect(steps("!") == ["0:!"])
    }

    @Test("frames may follow a terminal event; they draw nothing")
    func framesAfterTerminal() {
        #expect(steps("-a|---") == ["1:a", "2:|"])
    }

    @Test("a group puts its events at one frame, in order, and takes one frame in all")
    func groups() {
        #expect(steps("-(ab)-c|") == ["1:ab", "3:c", "4:|"])
        #expect(steps("(a|)") == ["0:a|"])
        #expect(steps("(ab)(cd)") == ["0:ab", "1:cd"])
        #expect(steps("()-a") == ["2:a"])
    }

    @Test("spaces are ignored, inside groups too")
    func spaces() {
        #expect(steps("  - a -  b | ") == steps("-a-b|"))
        #expect(steps("-( a b )-c") == ["1:ab", "3:c"])
    }

    @Test("drawing puts one character per frame and a group for a frame with several events")
    func drawing() {
        let drawing = MarbleDiagram.render([(1, "a"), (3, "b"), (3, "c"), (4, "d"), (6, "|")])
        #expect(drawing == "-a-(bc)d-|")
    }

    @Test("drawing counts a group as one frame, so it lines up with the parsed diagram")
    func drawingRoundTrips() {
        for diagram in ["-a-(bc)d-|", "(ab)(cd)--#", "a", "---(x!)", "1-2-3|"] {
            #expect(MarbleDiagram.render(MarbleDiagram(parsing: diagram, caller: "test").events) == diagram)
        }
    }

    @Test("drawing normalizes: no spaces, nothing after the last event")
    func drawingNormalizes() {
        #expect(MarbleDiagram.render(MarbleDiagram(parsing: " -a - b-- ", caller: "test").events) == "-a-b")
        #expect(MarbleDiagram.render([]) == "")
    }
}
