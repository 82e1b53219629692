// Operators that transform the events of one upstream where they arrive, in the upstream's own
// delivery: no core, no scheduler. Each is a function from the upstream's events to its own, plus
// the moment it disposes its upstream, if it ends the stream early.
//
// An output caused by an upstream event at moment `e` happens at `e` itself when it is the only
// thing the operator does there, and at `e.child(0)`, `e.child(1)`... when it does several (a
// value then completion; values then completion; completion then disposing the upstream).

/// Events out, and the moment the operator disposes its upstream (it has ended the stream).
typealias FusedTransform = ([Timed<MEvent>]) -> (events: [Timed<MEvent>], stop: Moment?)

struct FusedNode: MStream {
    let upstream: MStream
    let transform: FusedTransform
    /// Applied to a signal: made at `created`, when it observes its upstream; ending early stops
    /// nothing upstream (the operator only stops observing, and the upstream signal goes on).
    var created: Moment?

    init(upstream: MStream, transform: @escaping FusedTransform, created: Moment? = nil) {
        self.upstream = upstream
        self.transform = transform
        self.created = created
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var upstreamRun = created.map { upstream.run($0, nil).observed(at: $0) } ?? upstream.run(start, dispose)
        var (events, stop) = transform(upstreamRun.events)
        if let stop, created == nil, dispose.map({ stop < $0 }) ?? true {
            upstreamRun = upstream.run(start, stop)
            events = transform(upstreamRun.events).events
        }
        return Run(events: events, log: upstreamRun.log, subscriptions: upstreamRun.subscriptions)
    }
}

/// The transforms, one per operator. Each stops reading at its own terminal event or the
/// upstream's: nothing comes after a terminal event.
enum Fused {
    /// Values mapped; terminal events passed through.
    static func map(_ transform: @escaping (MValue) -> MValue) -> FusedTransform {
        compactMap { transform($0) }
    }

    /// Values for which `transform` gives `nil` dropped, the others replaced.
    static func compactMap(_ transform: @escaping (MValue) -> MValue?) -> FusedTransform {
        stateful(()) { _, value in transform(value) }
    }

    static func filter(_ isIncluded: @escaping (MValue) -> Bool) -> FusedTransform {
        compactMap { isIncluded($0) ? $0 : nil }
    }

    /// A value-to-value transform with state; terminal events pass through.
    static func stateful<State>(_ initial: State, _ next: @escaping (inout State, MValue) -> MValue?) -> FusedTransform {
        return { input in
            var state = initial
            var output: [Timed<MEvent>] = []
            for event in input {
                guard case let .value(value) = event.item else {
                    output.append(event)
                    break
                }
                if let result = next(&state, value) { output.append(Timed(event.at, .value(result))) }
            }
            return (output, nil)
        }
    }

    static func scan(_ initial: MValue, _ combine: @escaping (MValue, MValue) -> MValue) -> FusedTransform {
        stateful(initial) { accumulated, value in
            accumulated = combine(accumulated, value)
            return accumulated
        }
    }

    static func skip(first count: Int) -> FusedTransform {
        stateful(0) { skipped, value in
            guard skipped >= count else {
                skipped += 1
                return nil
            }
            return value
        }
    }

    static func skip(while shouldContinue: @escaping (MValue) -> Bool) -> FusedTransform {
        stateful(true) { skipping, value in
            if skipping && shouldContinue(value) { return nil }
            skipping = false
            return value
        }
    }

    /// Drops a value equal to the last value *sent*.
    static func skipRepeats() -> FusedTransform {
        stateful(MValue?.none) { last, value in
            if last == value { return nil }
            last = value
            return value
        }
    }

    /// On completion: what `finish` makes of the values, then completion. Errors and
    /// interruption pass through and drop the values.
    static func onCompletion(_ finish: @escaping ([MValue]) -> [MValue]) -> FusedTransform {
        return { input in
            var values: [MValue] = []
            var output: [Timed<MEvent>] = []
            for event in input {
                switch event.item {
                case let .value(value):
                    values.append(value)
                    continue
                case .completed:
                    let results = finish(values)
                    for (index, result) in results.enumerated() { output.append(Timed(event.at.child(index), .value(result))) }
                    output.append(Timed(event.at.child(results.count), .completed))
                default:
                    output.append(event)
                }
                break
            }
            return (output, nil)
        }
    }

    static func reduce(_ initial: MValue, _ combine: @escaping (MValue, MValue) -> MValue) -> FusedTransform {
        onCompletion { [$0.reduce(initial, combine)] }
    }

    /// `collect()`: every value, in one array, on completion (an empty array for none).
    static func collect() -> FusedTransform {
        onCompletion { [.list($0)] }
    }

    static func take(last count: Int) -> FusedTransform {
        onCompletion { Array($0.suffix(count)) }
    }

    /// `collect(count:)`: an array each time `count` values have been gathered; on completion,
    /// the rest if there is any, or an empty array if no array was ever sent.
    static func collect(count: Int) -> FusedTransform {
        return { input in
            var values: [MValue] = []
            var sentAny = false
            var output: [Timed<MEvent>] = []
            for event in input {
                switch event.item {
                case let .value(value):
                    values.append(value)
                    if values.count == count {
                        output.append(Timed(event.at, .value(.list(values))))
                        values = []
                        sentAny = true
                    }
                    continue
                case .completed:
                    var slots = Slots(event.at)
                    if !values.isEmpty || !sentAny { output.append(Timed(slots.next(), .value(.list(values)))) }
                    output.append(Timed(slots.next(), .completed))
                default:
                    output.append(event)
                }
                break
            }
            return (output, nil)
        }
    }

    /// The body of the operators that may end the stream before the upstream: for each value,
    /// `step` says what to send and whether to end; ending sends completion (or the given
    /// terminal event) and then disposes the upstream.
    static func ending<State>(_ initial: State, _ step: @escaping (inout State, MValue) -> (send: [MEvent], end: Bool)) -> FusedTransform {
        return { input in
            var state = initial
            var output: [Timed<MEvent>] = []
            for event in input {
                guard case let .value(value) = event.item else {
                    output.append(event)
                    break
                }
                let (send, end) = step(&state, value)
                if !end {
                    // A single event: at the moment of the value itself.
                    output += send.map { Timed(event.at, $0) }
                    continue
                }
                var slots = Slots(event.at)
                for item in send { output.append(Timed(slots.next(), item)) }
                return (output, slots.next())
            }
            return (output, nil)
        }
    }

    static func take(first count: Int) -> FusedTransform {
        ending(0) { taken, value in
            taken += 1
            return taken < count ? ([.value(value)], false) : ([.value(value), .completed], true)
        }
    }

    static func take(while shouldContinue: @escaping (MValue) -> Bool) -> FusedTransform {
        ending(()) { _, value in shouldContinue(value) ? ([.value(value)], false) : ([.completed], true) }
    }

    /// `take(until:)` with a predicate: the value that fails it is sent too.
    static func take(untilPredicate shouldContinue: @escaping (MValue) -> Bool) -> FusedTransform {
        ending(()) { _, value in shouldContinue(value) ? ([.value(value)], false) : ([.value(value), .completed], true) }
    }

    /// Every event as a value; the terminal event is followed by completion (interruption for
    /// an interruption).
    static func materialize() -> FusedTransform {
        return { input in
            var output: [Timed<MEvent>] = []
            for event in input {
                guard event.item.isTerminal else {
                    output.append(Timed(event.at, .value(.event(event.item))))
                    continue
                }
                output.append(Timed(event.at.child(0), .value(.event(event.item))))
                output.append(Timed(event.at.child(1), event.item == .interrupted ? .interrupted : .completed))
                break
            }
            return (output, nil)
        }
    }

    /// The generated `dematerialize`: `materialize()`, then values that are events
    /// (`MValue.event`) unwrapped and other events kept, then `dematerialize()`. A value that is
    /// a terminal event ends the stream with it.
    static func dematerialize() -> FusedTransform {
        let materialized = materialize()
        let unwrap = ending(()) { _, value -> (send: [MEvent], end: Bool) in
            guard case let .event(event) = value else { return ([.value(value)], false) }
            let inner: MEvent
            if case let .value(.event(wrapped)) = event { inner = wrapped } else { inner = event }
            return inner.isTerminal ? ([inner], true) : ([inner], false)
        }
        return { input in unwrap(materialized(input).events) }
    }

    /// `then`'s first stage: values dropped.
    static func droppingValues() -> FusedTransform {
        compactMap { _ in nil }
    }

    /// What makes any input a trigger, sampler or property source, which cannot fail:
    /// `materialize()`, then only the values kept. A failure ends it as a completion.
    static func neverFailing() -> FusedTransform {
        let materialized = materialize()
        let values = compactMap { value -> MValue? in
            if case let .event(.value(inner)) = value { return inner }
            return nil
        }
        return { input in values(materialized(input).events) }
    }

    /// `scanMap`: a state threaded through the values, one output per value.
    static func scanMap(_ initial: Int) -> FusedTransform {
        stateful(initial) { state, value in
            defer { state += value.key }
            return .pair(.int(state), value)
        }
    }

    /// `combinePrevious(initial)` (`initial != nil`) and `combinePrevious()`: each value paired
    /// with the one before it.
    static func combinePrevious(_ initial: MValue?) -> FusedTransform {
        stateful(initial) { previous, value in
            defer { previous = value }
            return previous.map { .pair($0, value) }
        }
    }

    /// `uniqueValues()`: values never sent before.
    static func uniqueValues() -> FusedTransform {
        stateful(Set<MValue>()) { seen, value in seen.insert(value).inserted ? value : nil }
    }

    /// `attempt` and `attemptMap`: a value for which `fails` holds ends the stream with failure
    /// `a`; the others pass, plus `k`.
    static func attempt(_ fails: @escaping (MValue) -> Bool, plus k: Int) -> FusedTransform {
        ending(()) { _, value in fails(value) ? ([.failed("a")], true) : ([.value(value.plus(k))], false) }
    }

    /// `mapError`: failures relabelled `m<label>`; the rest passes.
    static func mapError() -> FusedTransform {
        return { input in
            var output: [Timed<MEvent>] = []
            for event in input {
                if case let .failed(label) = event.item {
                    output.append(Timed(event.at, .failed("m" + label)))
                } else {
                    output.append(event)
                }
                if event.item.isTerminal { break }
            }
            return (output, nil)
        }
    }

    /// `materializeResults()`: values as successes, a failure as a failure value then
    /// completion; completion and interruption pass.
    static func materializeResults() -> FusedTransform {
        return { input in
            var output: [Timed<MEvent>] = []
            for event in input {
                switch event.item {
                case let .value(value):
                    output.append(Timed(event.at, .value(.event(.value(value)))))
                    continue
                case .failed:
                    output.append(Timed(event.at.child(0), .value(.event(event.item))))
                    output.append(Timed(event.at.child(1), .completed))
                default:
                    output.append(event)
                }
                break
            }
            return (output, nil)
        }
    }

    /// The generated `dematerializeResults`: `materializeResults()`, then success values that
    /// are events unwrapped (a failure event becoming a failure), then `dematerializeResults()`.
    static func dematerializeResults() -> FusedTransform {
        let materialized = materializeResults()
        let unwrap = ending(()) { _, value -> (send: [MEvent], end: Bool) in
            guard case let .event(event) = value else { return ([.value(value)], false) }
            switch event {
            case let .value(.event(.value(inner))): return ([.value(inner)], false)
            case let .value(.event(.failed(label))): return ([.failed(label)], true)
            case let .value(other): return ([.value(other)], false)
            case let .failed(label): return ([.failed(label)], true)
            default: return ([.value(value)], false)
            }
        }
        return { input in unwrap(materialized(input).events) }
    }
}

/// `on(...)`: hooks around each event, and around the start of each run.
struct OnNode: MStream {
    let upstream: MStream
    let id: Int
    let hooks: Set<Hook>
    /// Applied to a signal: made at `created`, when it observes its upstream. `Signal.on(...)`
    /// has no `starting` and `started`.
    var created: Moment?

    enum Hook: String, CaseIterable, Hashable, Codable {
        case starting, started, event, failed, completed, interrupted, terminated, disposed, value
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        var run = Run()
        func log(_ hook: Hook, _ at: Moment, _ detail: String = "") {
            guard hooks.contains(hook) else { return }
            run.log.append(Timed(at, "on\(id) \(hook.rawValue)\(detail.isEmpty ? "" : " " + detail)"))
        }
        if created == nil { log(.starting, start.child(0)) }
        let upstreamRun = created.map { upstream.run($0, nil).observed(at: $0) } ?? upstream.run(start.child(1), dispose)
        if created == nil { log(.started, start.child(2)) }
        run.log += upstreamRun.log
        run.subscriptions = upstreamRun.subscriptions
        for event in upstreamRun.events {
            log(.event, event.at.child(0), event.item.description)
            switch event.item {
            case let .value(value): log(.value, event.at.child(1), value.description)
            case let .failed(label): log(.failed, event.at.child(1), label)
            case .completed: log(.completed, event.at.child(1))
            case .interrupted: log(.interrupted, event.at.child(1))
            }
            if event.item.isTerminal { log(.terminated, event.at.child(2)) }
            run.events.append(Timed(event.at.child(3), event.item))
            if event.item.isTerminal {
                log(.disposed, event.at.child(4))
                break
            }
        }
        return run
    }
}
