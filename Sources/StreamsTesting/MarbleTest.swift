import Foundation

/// Marble diagrams over virtual time: build hot and cold sources from diagrams, run a pipeline
/// on a `TestScheduler` and compare what it sends with an expected diagram.
///
/// A marble diagram draws a stream along virtual time, one character per *frame*. A frame lasts
/// ``frameDuration`` (one second by default) on ``scheduler``, and frame 0 is the moment the
/// `MarbleTest` was created.
///
/// ```swift
/// import StreamsTesting
/// import Testing
///
/// @Test func doubling() {
///     let test = MarbleTest()
///     let numbers = test.cold("-a-b--c|", values: ["a": 1, "b": 2, "c": 3])
///     test.expect(numbers.producer.map { $0 * 2 },
///                 "-a-b--c|", values: ["a": 2, "b": 4, "c": 6])
///     #expect(numbers.subscriptions == ["^------!"])
/// }
/// ```
///
/// When the pipeline sends something else, `expect` records an issue that shows both diagrams,
/// aligned:
///
/// ```
/// marble mismatch
/// expected: -a-b--c|
/// actual:   -a-b-c-|
/// ```
///
/// ## Diagram grammar
///
/// | Characters | Meaning |
/// |---|---|
/// | `-` | One frame passes with no event. |
/// | a letter or digit | A value at that frame: the value of that character in `values`, or, for the overloads without `values`, the character itself as a `String`. |
/// | `\|` | The stream completes. |
/// | `#` | The stream fails, with `error` (``MarbleError`` by default). |
/// | `!` | The stream is interrupted. |
/// | `(ab)` | A group: its events happen at the same frame, in order. The whole group takes one frame. |
/// | space | Nothing: spaces only align diagrams and take no frame. |
///
/// Every character outside a group takes one frame, events included: in `-a-b|`, `a` is at
/// frame 1, `b` at frame 3 and the completion at frame 4; in `-(ab)-c|`, `a` and `b` are both at
/// frame 1 and `c` at frame 3. Nothing may follow a terminal event (`|`, `#` or `!`) except `-`
/// and spaces. A character outside the grammar, a character without a value, an unbalanced
/// group or an event after a terminal event stops the test with a precondition failure that
/// names the character and the diagram.
///
/// ## Hot and cold
///
/// - A **hot** source (`hot(_:values:error:)`) is a `Signal` whose events are scheduled at
///   their frames as soon as it is made, whether or not anyone observes it: an observer that
///   starts at frame 3 misses the events of frames 0 to 2.
/// - A **cold** source (`cold(_:values:error:)`) is a ``ColdMarbles``, whose ``ColdMarbles/producer``
///   plays the diagram anew for each run, counting frames from the frame the run started at.
///   ``ColdMarbles/subscriptions`` draws when each run started and ended.
///
/// ## Comparing
///
/// `expect(_:_:values:error:disposeAt:until:sourceLocation:)` starts a producer (or observes a
/// signal) at the current frame, runs the scheduler until it has no work left (or to frame
/// `until`), and compares the events the pipeline sent, each with the frame it was sent at,
/// with the expected diagram. An event sent between two frames, by an operator that delays by a
/// fraction of a frame, counts at the nearest frame. The comparison is made on the events and
/// their frames; the drawings are only for the message. `compare(...)` does the same and
/// returns the ``MarbleComparison`` without reporting anything.
///
/// Frames always count from the creation of the test, and a comparison leaves the clock where
/// the pipeline settled: a second `expect` on the same test starts its pipeline at that later
/// frame, so its expected diagram must start with as many `-`. Use a new `MarbleTest` for each
/// comparison unless that is what the test means. A `MarbleTest` is used on one thread.
public final class MarbleTest {
    /// The virtual-time scheduler every source and every comparison of this test runs on. Give
    /// it to the time-based operators under test.
    public let scheduler: TestScheduler

    /// How much virtual time one frame (one character of a diagram) lasts.
    public let frameDuration: DispatchTimeInterval

    let clock: MarbleClock

    /// The inputs of the hot signals made so far, kept so that a signal without a terminal event
    /// is not interrupted when its last scheduled event has been sent.
    private var hotInputs: [AnyObject] = []

    /// Creates a test with a new `TestScheduler`, whose current date is frame 0.
    ///
    /// - Parameter frameDuration: How much virtual time one frame lasts; one second by default.
    ///   Must be positive and finite.
    public init(frameDuration: DispatchTimeInterval = .seconds(1)) {
        let seconds = frameDuration.marbleSeconds
        precondition(seconds > 0 && seconds.isFinite,
                     "MarbleTest.init(frameDuration:) needs a positive, finite duration, got \(frameDuration)")
        let scheduler = TestScheduler()
        self.scheduler = scheduler
        self.frameDuration = frameDuration
        clock = MarbleClock(scheduler: scheduler, startDate: scheduler.currentDate, frameInterval: seconds)
    }

    /// ``frameDuration`` in seconds, for operators that take a `TimeInterval`.
    public var frameInterval: TimeInterval { clock.frameInterval }

    /// The virtual time that `count` frames last, in seconds.
    ///
    /// - Parameter count: A number of frames.
    /// - Returns: `count` times ``frameInterval``.
    public func frames(_ count: Int) -> TimeInterval {
        Double(count) * clock.frameInterval
    }

    /// The frame the scheduler's clock is on, counted from the creation of this test and rounded
    /// to the nearest frame.
    public var currentFrame: Int { clock.currentFrame }

    // MARK: Hot

    /// A hot signal that sends the events of `diagram` at their frames, counted from frame 0.
    ///
    /// The events are scheduled at once on ``scheduler``, whether or not anyone observes the
    /// signal; an observer sees only the events of the frames after it started observing (and
    /// those of its own frame that have not been sent yet). Each group's events are sent in one
    /// scheduled action, in order.
    ///
    /// - Parameters:
    ///   - diagram: The events, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character stands for.
    ///   - error: The error `#` fails with.
    /// - Returns: The signal.
    public func hot<Value, Error>(_ diagram: String, values: [Character: Value], error: Error) -> Signal<Value, Error> {
        makeHot(diagram, error: error, caller: "MarbleTest.hot(_:values:error:)") { values[$0] }
    }

    /// A hot signal that sends the events of `diagram` at their frames, failing with
    /// ``MarbleError`` for `#`; see ``hot(_:values:error:)``.
    ///
    /// - Parameters:
    ///   - diagram: The events, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character stands for.
    /// - Returns: The signal.
    public func hot<Value>(_ diagram: String, values: [Character: Value]) -> Signal<Value, MarbleError> {
        makeHot(diagram, error: MarbleError(), caller: "MarbleTest.hot(_:values:)") { values[$0] }
    }

    /// A hot signal that sends each value character of `diagram` as a one-character `String`, at
    /// its frame, and fails with ``MarbleError`` for `#`; see ``hot(_:values:error:)``.
    ///
    /// - Parameter diagram: The events, in the grammar described on ``MarbleTest``.
    /// - Returns: The signal.
    public func hot(_ diagram: String) -> Signal<String, MarbleError> {
        makeHot(diagram, error: MarbleError(), caller: "MarbleTest.hot(_:)") { String($0) }
    }

    private func makeHot<Value, Error>(
        _ diagram: String, error: Error, caller: String, value: (Character) -> Value?
    ) -> Signal<Value, Error> {
        let timeline = MarbleDiagram(parsing: diagram, caller: caller)
            .timeline(value: value, error: error, caller: caller, diagram: diagram)
        let (signal, input) = Signal<Value, Error>.pipe()
        hotInputs.append(input)
        for step in timeline {
            let events = step.events
            scheduler.schedule(after: clock.date(ofFrame: step.frame)) {
                for event in events { input.send(event) }
            }
        }
        return signal
    }

    // MARK: Cold

    /// A cold source: its producer plays `diagram` anew on each run, counting frames from the
    /// frame the run started at.
    ///
    /// - Parameters:
    ///   - diagram: The events, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character stands for.
    ///   - error: The error `#` fails with.
    /// - Returns: The source: its ``ColdMarbles/producer`` and, after runs, its
    ///   ``ColdMarbles/subscriptions``.
    public func cold<Value, Error>(_ diagram: String, values: [Character: Value], error: Error) -> ColdMarbles<Value, Error> {
        makeCold(diagram, error: error, caller: "MarbleTest.cold(_:values:error:)") { values[$0] }
    }

    /// A cold source failing with ``MarbleError`` for `#`; see ``cold(_:values:error:)``.
    ///
    /// - Parameters:
    ///   - diagram: The events, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character stands for.
    /// - Returns: The source.
    public func cold<Value>(_ diagram: String, values: [Character: Value]) -> ColdMarbles<Value, MarbleError> {
        makeCold(diagram, error: MarbleError(), caller: "MarbleTest.cold(_:values:)") { values[$0] }
    }

    /// A cold source that sends each value character of `diagram` as a one-character `String`
    /// and fails with ``MarbleError`` for `#`; see ``cold(_:values:error:)``.
    ///
    /// - Parameter diagram: The events, in the grammar described on ``MarbleTest``.
    /// - Returns: The source.
    public func cold(_ diagram: String) -> ColdMarbles<String, MarbleError> {
        makeCold(diagram, error: MarbleError(), caller: "MarbleTest.cold(_:)") { String($0) }
    }

    private func makeCold<Value, Error>(
        _ diagram: String, error: Error, caller: String, value: (Character) -> Value?
    ) -> ColdMarbles<Value, Error> {
        let timeline = MarbleDiagram(parsing: diagram, caller: caller)
            .timeline(value: value, error: error, caller: caller, diagram: diagram)
        return ColdMarbles(timeline: timeline, clock: clock)
    }
}

extension MarbleTest {
    /// The events a diagram draws, each with its frame, in order, without running anything:
    /// for tools that read or check diagrams.
    ///
    /// ```swift
    /// let events = try MarbleTest.events(of: "-a-(bc)|")
    /// // [(1, "a"), (3, "b"), (3, "c"), (4, "|")]
    /// ```
    ///
    /// - Parameter diagram: A diagram in the grammar of ``MarbleTest``.
    /// - Returns: One element per event symbol: its frame and its character.
    /// - Throws: ``MarbleSyntaxError`` if `diagram` breaks the grammar.
    public static func events(of diagram: String) throws(MarbleSyntaxError) -> [(frame: Int, symbol: Character)] {
        try MarbleDiagram(parsing: diagram).events
    }

    /// Draws events, given in order of their frames, as a diagram: `-` for a frame without
    /// events, a group `(..)` for a frame with several, nothing after the last event. Events
    /// given out of order are drawn at the first free frame after the previous one.
    ///
    /// - Parameter events: The events, each a frame and a character of the grammar.
    /// - Returns: The diagram, which ``events(of:)`` reads back as `events`.
    public static func diagram(of events: [(frame: Int, symbol: Character)]) -> String {
        MarbleDiagram.render(events)
    }
}
