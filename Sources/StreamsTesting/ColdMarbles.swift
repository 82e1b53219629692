/// A cold source made from a marble diagram by ``MarbleTest/cold(_:values:error:)``: each run of
/// its ``producer`` plays the diagram anew, counting frames from the frame the run started at,
/// and ``subscriptions`` draws when each run started and ended.
///
/// ```swift
/// let test = MarbleTest()
/// let source = test.cold("-a|")
/// test.scheduler.schedule(after: .seconds(2)) { source.producer.start() }
/// test.expect(source, "-a|")      // a run started at frame 0, another at frame 2
/// #expect(source.subscriptions == ["^-!", "--^-!"])
/// ```
///
/// Frame 0 events of a run are scheduled, not sent inside `start`: they are sent when the
/// scheduler next runs the work due at that frame.
public final class ColdMarbles<Value, Error: Swift.Error> {
    /// When one run started and ended, and its input while it runs.
    private final class Run {
        let startFrame: Int
        var endFrame: Int?
        /// Kept so that a run whose diagram has no terminal event is not interrupted when its last
        /// scheduled event has been sent; released when the run ends.
        var input: Signal<Value, Error>.Observer?

        init(startFrame: Int) {
            self.startFrame = startFrame
        }
    }

    private let timeline: [(frame: Int, events: [Signal<Value, Error>.Event])]
    private let clock: MarbleClock
    private var runs: [Run] = []

    init(timeline: [(frame: Int, events: [Signal<Value, Error>.Event])], clock: MarbleClock) {
        self.timeline = timeline
        self.clock = clock
    }

    /// A producer whose every run plays the diagram on the test's scheduler, each event at the
    /// frame of the run's start plus its frame in the diagram.
    ///
    /// Disposing a run cancels its remaining events and ends its subscription.
    public var producer: SignalProducer<Value, Error> {
        SignalProducer { [self] input, lifetime in
            let run = Run(startFrame: clock.currentFrame)
            run.input = input
            runs.append(run)
            let clock = self.clock
            lifetime.observeEnded { [weak run] in
                run?.endFrame = clock.currentFrame
                run?.input = nil
            }
            let startDate = clock.scheduler.currentDate
            for step in timeline {
                let events = step.events
                let due = startDate.addingTimeInterval(Double(step.frame) * clock.frameInterval)
                lifetime += clock.scheduler.schedule(after: due) {
                    for event in events { input.send(event) }
                }
            }
        }
    }

    /// One diagram per run so far, in the order the runs started, drawn from frame 0: `^` at the
    /// frame the run started, `!` at the frame it ended (by a terminal event or by disposal), `-`
    /// elsewhere, and `(^!)` for a run that ended at the frame it started.
    ///
    /// A run still going has no `!`: `["--^---!", "----^"]` is a run from frame 2 to frame 6 and
    /// a run started at frame 4 that has not ended.
    public var subscriptions: [String] {
        runs.map { run in
            var events: [(frame: Int, symbol: Character)] = [(run.startFrame, "^")]
            if let end = run.endFrame { events.append((end, "!")) }
            return MarbleDiagram.render(events)
        }
    }
}

extension ColdMarbles: SignalProducerConvertible {}
