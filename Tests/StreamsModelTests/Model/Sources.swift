// Sources in the model: cold marble sources are functions of the moment they are started at, hot
// ones are fixed timelines, synchronous ones send everything inside their start, timers tick on
// a scheduler.

/// The events of a diagram, frame by frame: `[(1, [a]), (3, [b, |])]` is `-a-(b|)`.
typealias Timeline = [(frame: Int, events: [MEvent])]

/// A cold source: each run plays the timeline from the moment it starts. Like `ColdMarbles`, a run
/// schedules every frame when it starts (so a frame's action is ordered, among the actions due at
/// the same time, by the moment the run started), and sends each frame's events in one action.
///
/// With `synchronous`, the run sends every event of the timeline (frames ignored) inside its
/// start, from its own core: a start handler that sends everything at once.
struct ColdSource: MStream {
    let name: String
    let timeline: Timeline
    var synchronous = false

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var out = CoreOutput()
        if synchronous {
            var slots = Slots(start.child(0))
            for event in timeline.flatMap(\.events) {
                out.emit(event, &slots)
                if event.isTerminal { break }
            }
        } else {
            frames: for (frame, events) in timeline {
                var slots = Slots(.action(at: start.time + frame * ticksPerFrame, scheduledAt: start))
                for event in events {
                    out.emit(event, &slots)
                    if event.isTerminal { break frames }
                }
            }
        }
        let (events, release) = out.settle(dispose)
        let end = out.terminal.flatMap { terminal in dispose.map { terminal.at < $0 } ?? true ? terminal.at : nil }
        return Run(events: events, subscriptions: [Subscription(input: name, start: start, end: end ?? release)])
    }
}

/// A hot source: a timeline scheduled once, at the setup of the test (`index` orders the hot
/// sources by creation), observed by each run of the producer made from it.
///
/// The signal calls its observers in the order they registered: a run started at `start`
/// receives an event sent at `e` at `e.delivery(to: start)`, so that what one run does with an
/// event comes before what a run started later does with it.
struct HotSource: MStream {
    let name: String
    let index: Int
    let timeline: Timeline
    /// Whether runs are recorded as subscriptions (a signal observed directly is not).
    var recorded = true

    /// Every event of the source, at the moment it is sent.
    var sent: [(at: Moment, event: MEvent)] {
        var result: [(at: Moment, event: MEvent)] = []
        for (frame, events) in timeline {
            var slots = Slots(.action(at: frame * ticksPerFrame, scheduledAt: .setup(0, index)))
            for event in events {
                result.append((slots.next(), event))
                _ = slots.next()
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
            // A run delivers what the signal sends after it started observing, inside the
            // signal's delivery to it; what the run's own core does after that delivery (an
            // interruption asked for inside it) comes before the signal's next observer.
            for item in sent where start < item.at {
                let at = item.at.delivery(to: start)
                out.append(at: at, event: item.event, after: at.child(1 << 40))
            }
        }
        let (events, release) = out.settle(dispose)
        guard recorded else { return Run(events: events) }
        let end = out.terminal.flatMap { terminal in dispose.map { terminal.at < $0 } ?? true ? terminal.at : nil }
        return Run(events: events, subscriptions: [Subscription(input: name, start: start, end: end ?? release)])
    }
}

/// A run that sends its events synchronously when started, from no core: `SignalProducer(values)`,
/// `SignalProducer.empty`, `take(first: 0)`. Nothing is subscribed. Disposed from inside the
/// delivery of one of its values, it sends nothing more but `interrupted`, right after that
/// delivery.
struct SyncSource: MStream {
    let events: [MEvent]

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var result: [Timed<MEvent>] = []
        for (offset, event) in events.enumerated() {
            let at = start.child(offset)
            if let dispose, !(at < dispose) {
                result.append(Timed(at, .interrupted))
                break
            }
            result.append(Timed(at, event))
            if event.isTerminal { break }
        }
        return Run(events: result)
    }
}

/// `SignalProducer.timer(interval:on:)` (`values == nil`: the tick's time in ticks modulo 10,
/// forever) and
/// `SignalProducer.interval(_:interval:on:)` (the values, then completion at the next tick): a
/// start-handler run whose repeating action ticks every `period`, the first a period after the
/// start. Each tick schedules the next before it sends.
///
/// With `limit`, the timer's values go through `take(first: limit)` inside the run (the input's
/// recording wraps both): the last value is followed by completion.
struct TimerSource: MStream {
    let name: String
    let period: Int
    let values: [MValue]?
    let scheduler: Sched
    var limit: Int?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var out = CoreOutput()
        var scheduledAt = start
        var due = start.time + period
        var index = 0
        while due <= horizon, !out.isEnded {
            let action = scheduler.action(due: due, at: scheduledAt)
            if let dispose, !(action < dispose) { break }
            var slots = Slots(action.child(1))
            if let values {
                out.emit(index < values.count ? .value(values[index]) : .completed, &slots)
            } else {
                out.emit(.value(.int(due % 10)), &slots)
                if index + 1 == limit { out.emit(.completed, &slots) }
            }
            index += 1
            scheduledAt = action.child(0)
            due += period
        }
        let (events, release) = out.settle(dispose)
        let end = out.terminal.flatMap { terminal in dispose.map { terminal.at < $0 } ?? true ? terminal.at : nil }
        return Run(events: events, subscriptions: [Subscription(input: name, start: start, end: end ?? release)])
    }
}

/// The pause of `retry(upTo:interval:on:)`: a start-handler run that completes `interval` after
/// it starts, from an action on `scheduler`.
struct PauseSource: MStream {
    let interval: Int
    let scheduler: Sched

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var out = CoreOutput()
        var slots = Slots(scheduler.action(due: start.time + interval, at: start))
        out.emit(.completed, &slots)
        return Run(events: out.settle(dispose).events)
    }
}

/// The producer of a `Property(initial:then:)` made at `created` from `source` (which cannot
/// fail): each run sends the property's current value at once, then each change, and completes
/// when the source has ended (at once, after the value, if it already had).
///
/// With no `initial`, a composed property (what every property operator makes, from the
/// producer of the properties it is made of): the source's first value, which it sends
/// synchronously when the property starts it, is the initial value.
///
/// The property's core delivers a change to the runs of its producer in the order they started.
struct PropertySource: MStream {
    let source: MStream
    let initial: MValue?
    let created: Moment

    /// The property's initial value, the values it takes after it, and when its source ended.
    var changes: (initial: MValue, values: [Timed<MValue>], end: Moment?) {
        let run = source.run(created, nil)
        var values: [Timed<MValue>] = []
        var first = initial
        for event in run.events {
            guard case let .value(value) = event.item else { return (first ?? .int(0), values, event.at) }
            if first == nil {
                first = value
            } else {
                values.append(Timed(event.at, value))
            }
        }
        return (first ?? .int(0), values, nil)
    }

    /// What an observer of the property's signal that registered at `registration` receives:
    /// each change after it, delivered once the runs of the property's producer have received
    /// it (they feed what is bound to or composed from the property, which an observer of the
    /// signal thus finds up to date), then the end.
    func signalEvents(_ registration: Moment) -> [Timed<MEvent>] {
        let (_, values, end) = changes
        // A key after every run's: deliveries to runs are keyed by their start, at most the
        // horizon; the observers keep the order they registered in.
        let key = Moment(time: registration.time + (1 << 40), context: registration.context, path: registration.path,
                         location: registration.location)
        var events = values.filter { registration < $0.at }.map { Timed($0.at.delivery(to: key), MEvent.value($0.item)) }
        if let end, registration < end { events.append(Timed(end.delivery(to: key), .completed)) }
        return events
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let (initial, values, end) = changes
        var events = [Timed(start.child(0), MEvent.value(values.last { $0.at < start }?.item ?? initial))]
        if let end, end < start {
            events.append(Timed(start.child(1), .completed))
        } else {
            for change in values where start < change.at { events.append(Timed(change.at.delivery(to: start), .value(change.item))) }
            if let end { events.append(Timed(end.delivery(to: start), .completed)) }
        }
        if let dispose {
            // A run disposed stops at once; disposed inside its synchronous start, it ends after
            // the current value.
            if let index = events.firstIndex(where: { !($0.at < dispose) }) {
                events = Array(events[..<index]) + [Timed(dispose.child(0), .interrupted)]
            } else if !(events.last?.item.isTerminal ?? false) {
                events.append(Timed(dispose.child(0), .interrupted))
            }
        }
        return Run(events: events)
    }
}
