/// A parsed marble diagram: the symbols of its events, each with the frame it happens at.
///
/// Parsing checks the grammar only; what a value character stands for is looked up by the
/// caller. See ``MarbleTest`` for the grammar.
struct MarbleDiagram: Equatable {
    /// The symbols of the events at one frame, in the order they happen.
    struct Step: Equatable {
        var frame: Int
        var symbols: [Character]
    }

    static let completed: Character = "|"
    static let failed: Character = "#"
    static let interrupted: Character = "!"
    static let unknownValue: Character = "?"

    /// The frames that have events, in increasing order.
    let steps: [Step]

    /// Parses `diagram`, stopping with a message that starts with `caller` on a grammar error.
    init(parsing diagram: String, caller: String) {
        do {
            self = try MarbleDiagram(parsing: diagram)
        } catch {
            preconditionFailure("\(caller): \(error.problem) in diagram \"\(diagram)\"")
        }
    }

    /// Parses `diagram`, throwing what is wrong with its grammar.
    init(parsing diagram: String) throws(MarbleSyntaxError) {
        func fail(_ problem: String) -> MarbleSyntaxError {
            MarbleSyntaxError(problem: problem, diagram: diagram)
        }
        var steps: [Step] = []
        var frame = 0
        var group: [Character]?
        var hasEnded = false
        for character in diagram {
            switch character {
            case " ":
                continue
            case "-":
                if group != nil { throw fail("'-' inside a group") }
                frame += 1
            case "(":
                if group != nil { throw fail("a group inside a group") }
                group = []
            case ")":
                guard let symbols = group else { throw fail("')' without '('") }
                if !symbols.isEmpty { steps.append(Step(frame: frame, symbols: symbols)) }
                group = nil
                frame += 1
            default:
                guard Self.isEvent(character) else { throw fail("unknown character '\(character)'") }
                if hasEnded { throw fail("event '\(character)' after the terminal event") }
                hasEnded = Self.isTerminal(character)
                if group != nil {
                    group?.append(character)
                } else {
                    steps.append(Step(frame: frame, symbols: [character]))
                    frame += 1
                }
            }
        }
        if group != nil { throw fail("'(' without ')'") }
        self.steps = steps
    }

    /// Whether `character` stands for an event: a value (a letter or a digit) or a terminal.
    static func isEvent(_ character: Character) -> Bool {
        isValue(character) || isTerminal(character)
    }

    /// Whether `character` stands for a value.
    static func isValue(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Whether `character` stands for a terminal event.
    static func isTerminal(_ character: Character) -> Bool {
        character == completed || character == failed || character == interrupted
    }

    /// Draws events, given in order of their frames: one character per frame, `-` for a frame
    /// without events, a group `(..)` for a frame with several; nothing after the last event.
    static func render(_ events: [(frame: Int, symbol: Character)]) -> String {
        var drawing = ""
        var nextFrame = 0
        var index = events.startIndex
        while index < events.endIndex {
            let frame = max(events[index].frame, nextFrame)
            var symbols: [Character] = []
            while index < events.endIndex, max(events[index].frame, nextFrame) == frame {
                symbols.append(events[index].symbol)
                index += 1
            }
            drawing += String(repeating: "-", count: frame - nextFrame)
            drawing += symbols.count == 1 ? String(symbols) : "(" + String(symbols) + ")"
            nextFrame = frame + 1
        }
        return drawing
    }

    /// The events of this diagram, one per symbol, each with its frame.
    var events: [(frame: Int, symbol: Character)] {
        steps.flatMap { step in step.symbols.map { (frame: step.frame, symbol: $0) } }
    }
}

extension MarbleDiagram {
    /// The events of this diagram as stream events at their frames, for hot and cold sources.
    ///
    /// - Parameters:
    ///   - value: The value a character stands for, or `nil` if it stands for none.
    ///   - error: The error `#` fails with.
    ///   - caller: Starts the message if a character has no value.
    ///   - diagram: The diagram, for the message.
    func timeline<Value, Error: Swift.Error>(
        value: (Character) -> Value?, error: Error, caller: String, diagram: String
    ) -> [(frame: Int, events: [Signal<Value, Error>.Event])] {
        steps.map { step in
            (frame: step.frame, events: step.symbols.map { symbol -> Signal<Value, Error>.Event in
                switch symbol {
                case Self.completed: return .completed
                case Self.failed: return .failed(error)
                case Self.interrupted: return .interrupted
                default:
                    guard let found = value(symbol) else {
                        preconditionFailure("\(caller): no value for '\(symbol)' in diagram \"\(diagram)\"")
                    }
                    return .value(found)
                }
            })
        }
    }
}
