import Foundation
import Streams
import StreamsTesting

/// One entry of the operator reference (`Sources/Streams/Streams.docc/OperatorReference.md`):
/// inputs drawn as marble diagrams, the operator applied to them, and what the reference says of
/// its terminal events, disposal and scheduler. Its output diagram is not written by hand: it is
/// what the operator sends when run on the inputs through ``MarbleTest``.
struct OperatorDiagram: Sendable {
    /// The topic the entry is listed under.
    let topic: String
    /// The name of the entry, and of its picture (`marble-<name>.svg`).
    let name: String
    /// The call drawn between the inputs and the output, as a user writes it.
    let call: String
    /// What the operator does, in a sentence.
    let summary: String
    /// The inputs: a name and a diagram each, values as digits or letters.
    let inputs: [(name: String, diagram: String)]
    /// Completion, failure and interruption.
    let terminal: String
    /// What disposing the result does.
    let disposal: String
    /// Where events are delivered.
    let scheduler: String
    /// Applies the operator to the inputs' producers, on the test's scheduler if it needs one;
    /// values are drawn with their descriptions.
    let apply: @Sendable (MarbleTest, [SignalProducer<Int, MarbleError>]) -> SignalProducer<String, MarbleError>

    init(
        _ topic: String, _ name: String, call: String, summary: String,
        inputs: [(name: String, diagram: String)],
        terminal: String, disposal: String, scheduler: String = "None: events are delivered where the source sends them.",
        apply: @escaping @Sendable (MarbleTest, [SignalProducer<Int, MarbleError>]) -> SignalProducer<String, MarbleError>
    ) {
        self.topic = topic
        self.name = name
        self.call = call
        self.summary = summary
        self.inputs = inputs
        self.terminal = terminal
        self.disposal = disposal
        self.scheduler = scheduler
        self.apply = apply
    }
}

/// What one lane of a diagram shows: events at frames.
struct Lane: Equatable {
    enum Mark: Equatable {
        case value(String)
        case completed
        case failed
        case interrupted
    }

    let name: String
    var marks: [(frame: Int, mark: Mark)]

    static func == (lhs: Lane, rhs: Lane) -> Bool {
        lhs.name == rhs.name && lhs.marks.map(\.frame) == rhs.marks.map(\.frame)
            && lhs.marks.map(\.mark) == rhs.marks.map(\.mark)
    }

    /// The lane of an input diagram: a digit or a letter stands for itself.
    init(name: String, diagram: String) throws {
        self.name = name
        marks = try MarbleTest.events(of: diagram).map { event in
            switch event.symbol {
            case "|": return (event.frame, .completed)
            case "#": return (event.frame, .failed)
            case "!": return (event.frame, .interrupted)
            default: return (event.frame, .value(String(event.symbol)))
            }
        }
    }

    init(name: String, marks: [(frame: Int, mark: Mark)]) {
        self.name = name
        self.marks = marks
    }

    /// The frame after the last event, at least `minimum`.
    func length(atLeast minimum: Int) -> Int {
        max(minimum, (marks.map(\.frame).max() ?? 0) + 1)
    }
}

/// The characters of the input diagrams, as values: the digits stand for themselves, `x` (a
/// trigger's or a sampler's tick, whose value does not matter) for 0.
let marbleValues: [Character: Int] = Dictionary(
    uniqueKeysWithValues: (0...9).map { (Character(String($0)), $0) } + [("x", 0)])

extension OperatorDiagram {
    /// The input lanes, and the output lane recorded from a run of the operator.
    func lanes() throws -> (inputs: [Lane], output: Lane) {
        let inputs = try self.inputs.map { try Lane(name: $0.name, diagram: $0.diagram) }
        let test = MarbleTest()
        let producers = self.inputs.map {
            test.cold($0.diagram, values: marbleValues, error: MarbleError()).producer
        }
        let recorded = Recorded()
        apply(test, producers).start { event in
            let frame = test.currentFrame
            switch event {
            case let .value(value): recorded.append(frame, .value(value))
            case .completed: recorded.append(frame, .completed)
            case .failed: recorded.append(frame, .failed)
            case .interrupted: recorded.append(frame, .interrupted)
            }
        }
        let last = inputs.map { $0.length(atLeast: 0) }.max() ?? 0
        test.scheduler.advance(by: test.frames(last + 8))
        return (inputs, Lane(name: "output", marks: recorded.marks))
    }
}

/// The events of a run, in order.
final class Recorded: @unchecked Sendable {
    private(set) var marks: [(frame: Int, mark: Lane.Mark)] = []

    func append(_ frame: Int, _ mark: Lane.Mark) {
        marks.append((frame, mark))
    }
}
