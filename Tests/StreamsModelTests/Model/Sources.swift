// Marble sources in the model: cold ones are functions of the moment they are started at, hot
// ones are fixed timelines.

/// The events of a diagram, frame by frame: `[(1, [a]), (3, [b, |])]` is `-a-(b|)`.
typealias Timeline = [(frame: Int, events: [MEvent])]

/// A cold source: each run plays the timeline from the moment it starts. Like `ColdMarbles`, a run
/// schedules every frame when it starts (so a frame's action is ordered, among the actions due at
/// the same time, by the moment the run started), and sends each frame's events in one action.
struct ColdSource: MStream {
    let name: String
    let timeline: Timeline

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var out = CoreOutput()
        frames: for (frame, events) in timeline {
            var slots = Slots(.action(at: start.time + frame * ticksPerFrame, scheduledAt: start))
            for event in events {
                out.emit(event, &slots)
                if event.isTerminal { break frames }
            }
        }
        let (events, release) = out.settle(dispose)
        let end = out.terminal.flatMap { terminal in dispose.map { terminal.at < $0 } ?? true ? terminal.at : nil }
        return Run(events: events, subscriptions: [Subscription(input: name, start: start, end: end ?? release)])
    }
}

/// A hot source: a timeline scheduled once, at the setup of the test (`index` orders the hot
/// sources by creation), observed by each run of the producer made from it.
struct HotSource: MStream {
    let name: String
    let index: Int
    let timeline: Timeline

    /// Every event of the source, at the moment it is sent, with the free slot after it.
    var sent: [(at: Moment, event: MEvent, after: Moment)] {
        var result: [(at: Moment, event: MEvent, after: Moment)] = []
        for (frame, events) in timeline {
            var slots = Slots(.action(at: frame * ticksPerFrame, scheduledAt: .setup(0, index)))
            for event in events {
                result.append((slots.next(), event, slots.next()))
                if event.isTerminal { return result }
            }
        }
        return result
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var out = CoreOutput()
        let sent = self.sent
        if let last = sent.last, last.event.isTerminal, last.at < start {
            // Observing a signal that has ended: interrupted at once.
            var slots = Slots(start)
            out.emit(.interrupted, &slots)
        } else {
            // A run delivers what the signal sends after it started observing, at the moment the
            // signal sends it (the run's own core adds a level of nesting that nobody can see:
            // the signal itself is never disposed).
            for item in sent where start < item.at { out.append(at: item.at, event: item.event, after: item.after) }
        }
        let (events, release) = out.settle(dispose)
        let end = out.terminal.flatMap { terminal in dispose.map { terminal.at < $0 } ?? true ? terminal.at : nil }
        return Run(events: events, subscriptions: [Subscription(input: name, start: start, end: end ?? release)])
    }
}

/// A run that sends its events synchronously when started, from no core: `SignalProducer.empty`,
/// `take(first: 0)`. Nothing is subscribed.
struct SyncSource: MStream {
    let events: [MEvent]

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        Run(events: events.enumerated().map { Timed(start.child($0.offset), $0.element) })
    }
}
