import Testing

// `expect` and `compare`: run a pipeline on the test's scheduler and compare the events it sends
// with an expected diagram. Every public overload funnels into `comparison(...)`.

extension MarbleTest {
    /// How many frames past the last frame it knows of (the last expected event, `disposeAt`)
    /// a comparison without `until` keeps running a scheduler that still has work, before it
    /// gives up on a pipeline that never settles.
    static let settlingFrames = 1_000

    // MARK: Producers, Equatable values

    /// Starts `pipeline` at the current frame, runs the scheduler, and records a test failure if
    /// the events it sent differ from `expected`.
    ///
    /// The failure message shows both diagrams aligned, and lists the actual events when the
    /// diagram cannot show them exactly. What is compared is described on the matching
    /// `compare` method.
    ///
    /// - Parameters:
    ///   - pipeline: The producer (or anything that converts to one) under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for; a character that is
    ///     not a key stands for itself as a `String` (or `Character`) when the values are strings
    ///     (or characters). Also used to draw the actual values.
    ///   - error: The error `#` stands for; `nil` (the default) lets `#` stand for any error.
    ///   - disposeAt: The frame at which to dispose the run, if any; the interruption then shows
    ///     as `!`. The work already scheduled for that frame when the run starts happens first.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work
    ///     left. Give it for a pipeline that never stops scheduling work (a repeating timer).
    ///   - sourceLocation: Where to report the failure; the caller by default.
    /// - Returns: The comparison, whether it matched or not.
    @discardableResult
    public func expect<P: SignalProducerConvertible>(
        _ pipeline: P, _ expected: String, values: [Character: P.Value] = [:], error: P.Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MarbleComparison where P.Value: Equatable, P.Error: Equatable {
        report(compare(pipeline, expected, values: values, error: error, disposeAt: disposeAt, until: until),
               at: sourceLocation)
    }

    /// Starts `pipeline` at the current frame, runs the scheduler, and compares the events it
    /// sent, each with the frame it was sent at, with `expected`, without reporting anything.
    ///
    /// Frames count from the creation of the test; an event sent between two frames counts at the
    /// nearest one. The run is not disposed at the end (unless `disposeAt` says so): a run that
    /// has not ended has no `!` in the subscriptions of the cold sources it started.
    ///
    /// - Parameters:
    ///   - pipeline: The producer (or anything that converts to one) under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for; a character that is
    ///     not a key stands for itself as a `String` (or `Character`) when the values are strings
    ///     (or characters). Also used to draw the actual values.
    ///   - error: The error `#` stands for; `nil` (the default) lets `#` stand for any error.
    ///   - disposeAt: The frame at which to dispose the run, if any; the interruption then shows
    ///     as `!`. The work already scheduled for that frame when the run starts happens first.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work
    ///     left. Give it for a pipeline that never stops scheduling work (a repeating timer).
    /// - Returns: The comparison.
    public func compare<P: SignalProducerConvertible>(
        _ pipeline: P, _ expected: String, values: [Character: P.Value] = [:], error: P.Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil
    ) -> MarbleComparison where P.Value: Equatable, P.Error: Equatable {
        let producer = pipeline.producer
        return comparison(
            start: { producer.start($0) }, expected: expected, values: values, error: error,
            disposeAt: disposeAt, until: until, areEquivalent: ==, errorsAreEqual: ==,
            caller: "MarbleTest.compare(_:_:values:error:disposeAt:until:)")
    }

    // MARK: Signals, Equatable values

    /// Observes `signal` from the current frame, runs the scheduler, and records a test failure
    /// if the events it sent differ from `expected`.
    ///
    /// The signal is observed, not started: it sends what it sends whether or not it is observed.
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for; a character that is
    ///     not a key stands for itself as a `String` (or `Character`) when the values are strings
    ///     (or characters). Also used to draw the actual values.
    ///   - error: The error `#` stands for; `nil` (the default) lets `#` stand for any error.
    ///   - disposeAt: The frame at which to stop observing, if any; nothing is sent to the
    ///     observation afterwards, and no `!` shows.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work
    ///     left.
    ///   - sourceLocation: Where to report the failure; the caller by default.
    /// - Returns: The comparison, whether it matched or not.
    @discardableResult
    public func expect<Value: Equatable, Error: Swift.Error & Equatable>(
        _ signal: Signal<Value, Error>, _ expected: String, values: [Character: Value] = [:], error: Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> MarbleComparison {
        report(compare(signal, expected, values: values, error: error, disposeAt: disposeAt, until: until),
               at: sourceLocation)
    }

    /// Observes `signal` from the current frame, runs the scheduler, and compares the events it
    /// sent with `expected`, without reporting anything.
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for, and draws the actual
    ///     values.
    ///   - error: The error `#` stands for; `nil` lets `#` stand for any error.
    ///   - disposeAt: The frame at which to stop observing, if any.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work left.
    /// - Returns: The comparison.
    public func compare<Value: Equatable, Error: Swift.Error & Equatable>(
        _ signal: Signal<Value, Error>, _ expected: String, values: [Character: Value] = [:], error: Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil
    ) -> MarbleComparison {
        comparison(
            start: { signal.observe($0) }, expected: expected, values: values, error: error,
            disposeAt: disposeAt, until: until, areEquivalent: ==, errorsAreEqual: ==,
            caller: "MarbleTest.compare(_:_:values:error:disposeAt:until:)")
    }

    // MARK: Producers, values compared by a function

    /// Starts `pipeline` at the current frame, runs the scheduler, and records a test failure if
    /// the events it sent differ from `expected`, comparing values with `areEquivalent`.
    ///
    /// For values that are not `Equatable`, such as tuples.
    ///
    /// - Parameters:
    ///   - pipeline: The producer (or anything that converts to one) under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for. Also used to draw
    ///     the actual values, through `areEquivalent`.
    ///   - error: The error `#` stands for; `nil` lets `#` stand for any error.
    ///   - disposeAt: The frame at which to dispose the run, if any; the interruption then shows
    ///     as `!`.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work left.
    ///   - areEquivalent: Whether an actual value is the expected one.
    ///   - sourceLocation: Where to report the failure; the caller by default.
    /// - Returns: The comparison, whether it matched or not.
    @discardableResult
    public func expect<P: SignalProducerConvertible>(
        _ pipeline: P, _ expected: String, values: [Character: P.Value] = [:], error: P.Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil, by areEquivalent: @escaping (P.Value, P.Value) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> MarbleComparison where P.Error: Equatable {
        report(compare(pipeline, expected, values: values, error: error, disposeAt: disposeAt, until: until,
                       by: areEquivalent),
               at: sourceLocation)
    }

    /// Starts `pipeline` and compares the events it sent with `expected`, comparing values with
    /// `areEquivalent`, without reporting anything.
    ///
    /// - Parameters:
    ///   - pipeline: The producer (or anything that converts to one) under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for, and draws the actual
    ///     values.
    ///   - error: The error `#` stands for; `nil` lets `#` stand for any error.
    ///   - disposeAt: The frame at which to dispose the run, if any.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work left.
    ///   - areEquivalent: Whether an actual value is the expected one.
    /// - Returns: The comparison.
    public func compare<P: SignalProducerConvertible>(
        _ pipeline: P, _ expected: String, values: [Character: P.Value] = [:], error: P.Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil, by areEquivalent: @escaping (P.Value, P.Value) -> Bool
    ) -> MarbleComparison where P.Error: Equatable {
        let producer = pipeline.producer
        return comparison(
            start: { producer.start($0) }, expected: expected, values: values, error: error,
            disposeAt: disposeAt, until: until, areEquivalent: areEquivalent, errorsAreEqual: ==,
            caller: "MarbleTest.compare(_:_:values:error:disposeAt:until:by:)")
    }

    // MARK: Signals, values compared by a function

    /// Observes `signal` from the current frame, runs the scheduler, and records a test failure
    /// if the events it sent differ from `expected`, comparing values with `areEquivalent`.
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for, and draws the actual
    ///     values.
    ///   - error: The error `#` stands for; `nil` lets `#` stand for any error.
    ///   - disposeAt: The frame at which to stop observing, if any.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work left.
    ///   - areEquivalent: Whether an actual value is the expected one.
    ///   - sourceLocation: Where to report the failure; the caller by default.
    /// - Returns: The comparison, whether it matched or not.
    @discardableResult
    public func expect<Value, Error: Swift.Error & Equatable>(
        _ signal: Signal<Value, Error>, _ expected: String, values: [Character: Value] = [:], error: Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil, by areEquivalent: @escaping (Value, Value) -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> MarbleComparison {
        report(compare(signal, expected, values: values, error: error, disposeAt: disposeAt, until: until,
                       by: areEquivalent),
               at: sourceLocation)
    }

    /// Observes `signal` and compares the events it sent with `expected`, comparing values with
    /// `areEquivalent`, without reporting anything.
    ///
    /// - Parameters:
    ///   - signal: The signal under test.
    ///   - expected: The events it should send, in the grammar described on ``MarbleTest``.
    ///   - values: The value each value character of `expected` stands for, and draws the actual
    ///     values.
    ///   - error: The error `#` stands for; `nil` lets `#` stand for any error.
    ///   - disposeAt: The frame at which to stop observing, if any.
    ///   - until: The frame to run the scheduler to; by default it runs until it has no work left.
    ///   - areEquivalent: Whether an actual value is the expected one.
    /// - Returns: The comparison.
    public func compare<Value, Error: Swift.Error & Equatable>(
        _ signal: Signal<Value, Error>, _ expected: String, values: [Character: Value] = [:], error: Error? = nil,
        disposeAt: Int? = nil, until: Int? = nil, by areEquivalent: @escaping (Value, Value) -> Bool
    ) -> MarbleComparison {
        comparison(
            start: { signal.observe($0) }, expected: expected, values: values, error: error,
            disposeAt: disposeAt, until: until, areEquivalent: areEquivalent, errorsAreEqual: ==,
            caller: "MarbleTest.compare(_:_:values:error:disposeAt:until:by:)")
    }

    // MARK: The comparison

    private func report(_ comparison: MarbleComparison, at sourceLocation: SourceLocation) -> MarbleComparison {
        if !comparison.matches { reportMarbleFailure(comparison.description, sourceLocation: sourceLocation) }
        return comparison
    }

    /// An event of an expected diagram; `failed(nil)` stands for any error.
    private enum ExpectedEvent<Value, Error> {
        case value(Value)
        case failed(Error?)
        case completed
        case interrupted
    }

    /// The events a run sends, each with its frame, while recording.
    private final class Recording<Value, Error: Swift.Error> {
        var isOn = true
        var events: [(frame: Int, event: Signal<Value, Error>.Event)] = []
    }

    private func comparison<Value, Error: Swift.Error>(
        start: (Signal<Value, Error>.Observer) -> Disposable?,
        expected diagram: String,
        values: [Character: Value],
        error: Error?,
        disposeAt: Int?,
        until: Int?,
        areEquivalent: (Value, Value) -> Bool,
        errorsAreEqual: (Error, Error) -> Bool,
        caller: String
    ) -> MarbleComparison {
        let expectedDiagram = MarbleDiagram(parsing: diagram, caller: caller)
        let expected = expectedDiagram.events.map { frame, symbol -> (frame: Int, event: ExpectedEvent<Value, Error>) in
            switch symbol {
            case MarbleDiagram.completed: return (frame, .completed)
            case MarbleDiagram.failed: return (frame, .failed(error))
            case MarbleDiagram.interrupted: return (frame, .interrupted)
            default:
                guard let value = values[symbol] ?? (String(symbol) as? Value) ?? (symbol as? Value) else {
                    preconditionFailure("\(caller): no value for '\(symbol)' in diagram \"\(diagram)\"")
                }
                return (frame, .value(value))
            }
        }

        // Run.
        let startFrame = clock.currentFrame
        if let disposeAt {
            precondition(disposeAt >= startFrame,
                         "\(caller) needs disposeAt >= the current frame \(startFrame), got \(disposeAt)")
        }
        if let until {
            precondition(until >= startFrame,
                         "\(caller) needs until >= the current frame \(startFrame), got \(until)")
        }
        let recording = Recording<Value, Error>()
        let clock = self.clock
        let disposable = start(Signal<Value, Error>.Observer { event in
            if recording.isOn { recording.events.append((clock.currentFrame, event)) }
        })
        if let disposeAt {
            scheduler.schedule(after: clock.date(ofFrame: disposeAt)) { disposable?.dispose() }
        }
        var note: String?
        if let until {
            scheduler.advance(to: clock.date(ofFrame: until))
        } else {
            let lastKnownFrame = max(startFrame, expectedDiagram.steps.last?.frame ?? 0, disposeAt ?? 0)
            let limit = lastKnownFrame + Self.settlingFrames
            let limitDate = clock.date(ofFrame: limit)
            while let due = scheduler.nextDueDate {
                guard due <= limitDate else {
                    scheduler.advance(to: limitDate)
                    note = "the scheduler still had work after frame \(limit); pass `until:` to stop at a frame"
                    break
                }
                scheduler.advance(to: max(due, scheduler.currentDate))
            }
        }
        recording.isOn = false
        let actual = recording.events

        // Compare.
        let matches = note == nil && actual.count == expected.count
            && zip(actual, expected).allSatisfy { actual, expected in
                guard actual.frame == expected.frame else { return false }
                switch (actual.event, expected.event) {
                case let (.value(actualValue), .value(expectedValue)): return areEquivalent(actualValue, expectedValue)
                case let (.failed(actualError), .failed(expectedError)):
                    return expectedError.map { errorsAreEqual(actualError, $0) } ?? true
                case (.completed, .completed), (.interrupted, .interrupted): return true
                default: return false
                }
            }

        // Draw.
        let keyedValues = values.sorted { $0.key < $1.key }
        var isLossy = false
        let actualSymbols = actual.map { frame, event -> (frame: Int, symbol: Character) in
            switch event {
            case let .value(value):
                if let key = keyedValues.first(where: { areEquivalent(value, $0.value) })?.key {
                    return (frame, key)
                }
                if let symbol = Self.symbol(drawing: value), values[symbol] == nil { return (frame, symbol) }
                isLossy = true
                return (frame, MarbleDiagram.unknownValue)
            case let .failed(actualError):
                if let error, !errorsAreEqual(actualError, error) { isLossy = true }
                return (frame, MarbleDiagram.failed)
            case .completed: return (frame, MarbleDiagram.completed)
            case .interrupted: return (frame, MarbleDiagram.interrupted)
            }
        }
        let expectedDrawing = MarbleDiagram.render(expectedDiagram.events)
        let actualDrawing = MarbleDiagram.render(actualSymbols)
        let needsLegend = isLossy || (!matches && expectedDrawing == actualDrawing)
        return MarbleComparison(
            matches: matches,
            expected: expectedDrawing,
            actual: actualDrawing,
            legend: needsLegend ? actual.map { "frame \($0.frame): \($0.event)" } : [],
            note: note)
    }

    /// The character a value that is a one-character string (or a character) draws as, if it is
    /// a value character.
    private static func symbol<Value>(drawing value: Value) -> Character? {
        let character: Character?
        if let string = value as? String, string.count == 1 {
            character = string.first
        } else {
            character = value as? Character
        }
        return character.flatMap { MarbleDiagram.isValue($0) ? $0 : nil }
    }
}
