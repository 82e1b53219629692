// logEvents: every event of a stream, described to a logger.

/// The kinds of event ``Signal/logEvents(identifier:events:fileName:functionName:lineNumber:logger:)``
/// and its producer counterpart can report.
public enum LoggingEvent {
    /// The events of a signal.
    public enum Signal: String, CaseIterable {
        /// A value.
        case value
        /// Completion.
        case completed
        /// Failure.
        case failed
        /// Any terminal event.
        case terminated
        /// The end of the signal's lifetime.
        case disposed
        /// Interruption.
        case interrupted

        /// Every kind of event.
        public static var allEvents: Set<Signal> { Set(allCases) }
    }

    /// The events of a producer's run.
    public enum SignalProducer: String, CaseIterable {
        /// The run is about to start.
        case starting
        /// The run has been started.
        case started
        /// A value.
        case value
        /// Completion.
        case completed
        /// Failure.
        case failed
        /// Any terminal event.
        case terminated
        /// The end of the run.
        case disposed
        /// Interruption.
        case interrupted

        /// Every kind of event.
        public static var allEvents: Set<SignalProducer> { Set(allCases) }
    }
}

/// Receives one logged event: the stream's identifier, the event's description, and where
/// `logEvents` was called.
public typealias EventLogger = (
    _ identifier: String,
    _ event: String,
    _ fileName: String,
    _ functionName: String,
    _ lineNumber: Int
) -> Void

/// The default ``EventLogger``: prints `[identifier] event fileName: …, functionName: …,
/// lineNumber: …` to standard output.
///
/// - Parameters:
///   - identifier: The stream's identifier.
///   - event: The event's description.
///   - fileName: The file where `logEvents` was called.
///   - functionName: The function where `logEvents` was called.
///   - lineNumber: The line where `logEvents` was called.
public func defaultEventLog(identifier: String, event: String, fileName: String, functionName: String, lineNumber: Int) {
    print("[\(identifier)] \(event) fileName: \(fileName), functionName: \(functionName), lineNumber: \(lineNumber)")
}

/// Where `logEvents` was called and what to report; builds the logging actions once.
struct EventLogContext<Kind: RawRepresentable & Hashable> where Kind.RawValue == String {
    let events: Set<Kind>
    let identifier: String
    let fileName: String
    let functionName: String
    let lineNumber: Int
    let logger: EventLogger

    /// An action logging `kind`, or `nil` if it is not reported.
    func log(_ kind: Kind) -> (() -> Void)? {
        guard events.contains(kind) else { return nil }
        return { self.logger(self.identifier, kind.rawValue, self.fileName, self.functionName, self.lineNumber) }
    }

    /// An action logging `kind` with its payload, or `nil` if it is not reported. A `Void`
    /// payload is left out: a value of a `Signal<(), _>` is logged as `value`, as in
    /// ReactiveSwift, not `value ()`.
    func log<T>(_ kind: Kind) -> ((T) -> Void)? {
        guard events.contains(kind) else { return nil }
        return { payload in
            let event = payload is Void ? kind.rawValue : "\(kind.rawValue) \(payload)"
            self.logger(self.identifier, event, self.fileName, self.functionName, self.lineNumber)
        }
    }
}

extension Signal {
    /// Reports the chosen events to `logger` as they pass through, without changing them.
    ///
    /// Values are reported as `value <description>` (`value` alone for `Void` values),
    /// failures as `failed <error>`, the other events by their name; `disposed` when the
    /// returned signal's lifetime ends.
    ///
    /// - Scheduler: none; the logger runs on the thread delivering the event.
    ///
    /// - Parameters:
    ///   - identifier: A name for the stream, passed to the logger; when empty, the signal's
    ///     ``name``, if it has one. The returned signal carries the same name.
    ///   - events: The kinds of event to report; all by default.
    ///   - fileName: The calling file, filled in by default.
    ///   - functionName: The calling function, filled in by default.
    ///   - lineNumber: The calling line, filled in by default.
    ///   - logger: Receives each report; prints by default.
    /// - Returns: A signal with the same events.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent.Signal> = Set(LoggingEvent.Signal.allCases),
        fileName: String = #file,
        functionName: String = #function,
        lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLog
    ) -> Signal<Value, Error> {
        let name = self.name
        let context = EventLogContext(events: events, identifier: identifier.isEmpty ? name ?? "" : identifier,
                                      fileName: fileName, functionName: functionName,
                                      lineNumber: lineNumber, logger: logger)
        let logged = on(
            failed: context.log(.failed),
            completed: context.log(.completed),
            interrupted: context.log(.interrupted),
            terminated: context.log(.terminated),
            disposed: context.log(.disposed),
            value: context.log(.value))
        if let name { logged.name = name }
        return logged
    }
}

extension SignalProducer {
    /// Reports the chosen events of each run to `logger` as they pass through, without
    /// changing them.
    ///
    /// `starting` and `started` are reported around the start of each run, values as
    /// `value <description>` (`value` alone for `Void` values), failures as `failed <error>`,
    /// the other events by their name.
    ///
    /// - Scheduler: none; the logger runs on the starting thread or the thread delivering the
    ///   event.
    ///
    /// - Parameters:
    ///   - identifier: A name for the stream, passed to the logger; when empty, the producer's
    ///     ``name``, if it has one. The returned producer carries the same name.
    ///   - events: The kinds of event to report; all by default.
    ///   - fileName: The calling file, filled in by default.
    ///   - functionName: The calling function, filled in by default.
    ///   - lineNumber: The calling line, filled in by default.
    ///   - logger: Receives each report; prints by default.
    /// - Returns: A producer with the same events.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent.SignalProducer> = Set(LoggingEvent.SignalProducer.allCases),
        fileName: String = #file,
        functionName: String = #function,
        lineNumber: Int = #line,
        logger: @escaping EventLogger = defaultEventLog
    ) -> SignalProducer<Value, Error> {
        let context = EventLogContext(events: events, identifier: identifier.isEmpty ? name ?? "" : identifier,
                                      fileName: fileName, functionName: functionName,
                                      lineNumber: lineNumber, logger: logger)
        let logged = on(
            starting: context.log(.starting),
            started: context.log(.started),
            failed: context.log(.failed),
            completed: context.log(.completed),
            interrupted: context.log(.interrupted),
            terminated: context.log(.terminated),
            disposed: context.log(.disposed),
            value: context.log(.value))
        return name.map(logged.named) ?? logged
    }
}
