// Operators with a core of their own: they start their inputs, handle the inputs' events in the
// order they happen, and deliver through their own signal, whose end releases the inputs.
//
// Each handles an input event at moment `e` with `var slots = Slots(e)`: what it does there
// (dispose an input, start one, send an event) takes the next slots, in the order the operator
// does it. Inputs started together when the run starts take `start.child(0)`, `start.child(1)`...
// in the order they are started.
//
// Semantics are those of ReactiveSwift 7.2 (see the comment on each).

/// `combineLatest` and `zip` of 2 to 10 inputs (`with:`, the static forms, the array forms, and
/// the Boolean operators built on them): the inputs are started in order, each unless one
/// before it already ended the result. combineLatest sends a combination each time an input
/// sends once all have sent, and completes when all have completed; zip combines the n-th values
/// and completes when an input has completed and has no value left to combine. A failure or an
/// interruption of any input ends it.
struct CombineNode: MStream {
    let inputs: [MStream]
    let zip: Bool
    /// What a combination sends.
    let combine: ([MValue]) -> MValue
    /// On signals: the inputs are observed when the operator is made, at `created`.
    var created: Moment?

    init(_ inputs: [MStream], zip: Bool, created: Moment? = nil, combine: @escaping ([MValue]) -> MValue) {
        self.inputs = inputs
        self.zip = zip
        self.created = created
        self.combine = combine
    }

    /// `a.combineLatest(with: b)`, `a.zip(with: b)`: pairs.
    init(_ a: MStream, _ b: MStream, zip: Bool, created: Moment? = nil) {
        self.init([a, b], zip: zip, created: created) { .pair($0[0], $0[1]) }
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let engine = Engine(dispose: created == nil ? dispose : nil)
        let count = inputs.count
        var latest = [MValue?](repeating: nil, count: count)
        var queues = [[MValue]](repeating: [], count: count)
        var completed = [Bool](repeating: false, count: count)
        func handle(_ index: Int, _ event: Timed<MEvent>) {
            var slots = Slots(event.at)
            switch event.item {
            case let .value(value):
                if zip {
                    queues[index].append(value)
                    guard queues.allSatisfy({ !$0.isEmpty }) else { return }
                    let values = (0..<count).map { queues[$0].removeFirst() }
                    engine.out.emit(.value(combine(values)), &slots)
                    if (0..<count).contains(where: { completed[$0] && queues[$0].isEmpty }) {
                        engine.out.emit(.completed, &slots)
                    }
                } else {
                    latest[index] = value
                    if latest.allSatisfy({ $0 != nil }) { engine.out.emit(.value(combine(latest.map { $0! })), &slots) }
                }
            case .completed:
                completed[index] = true
                let done = zip ? queues[index].isEmpty : completed.allSatisfy { $0 }
                if done { engine.out.emit(.completed, &slots) }
            case .failed, .interrupted:
                engine.out.emit(event.item, &slots)
            }
        }
        for (index, input) in inputs.enumerated() {
            // An input that ended the result already leaves nothing to combine: the others are
            // not started.
            guard !engine.out.isEnded else { break }
            engine.start(input, at: origin.child(index), signal: created != nil)
            engine.loop(until: origin.child(index + 1), handle)
        }
        engine.loop(handle)
        return engine.finish()
    }
}

/// `flatten` / `flatMap` with a strategy, for inner streams chosen among `inners` by each outer
/// value (`pick`). ReactiveSwift 7.2:
///
/// - merge, concat, concurrent(limit:): an inner stream starts when it arrives, or waits in a
///   queue while `limit` run; the result completes when the outer stream and every inner stream
///   have completed. An interruption of an inner stream is treated as its completion.
/// - latest: a new inner stream disposes the running one (whose interruption is not reported);
///   the result completes when the outer stream and the latest inner stream have completed; an
///   interruption of the latest inner stream is treated as its completion.
/// - race: every inner stream arriving before a winner is started; the first inner stream to
///   send any event (value, failure, completion or interruption) wins: the others are disposed,
///   and later outer values are ignored. The winner's events are forwarded, its interruption
///   included; the result completes when the outer stream has completed and the winner has (or
///   no inner stream was ever started).
/// - throttle: an inner stream arriving while one runs is dropped; the result completes when the
///   outer stream and the running inner stream have completed; an interruption of the inner
///   stream is treated as its completion.
///
/// Any failure, of the outer stream or of an inner stream, fails the result; an interruption of
/// the outer stream interrupts it.
struct FlattenNode: MStream {
    enum Strategy: Equatable {
        case concurrent(Int)
        case latest
        case race
        case throttle
    }

    let outer: MStream
    let strategy: Strategy
    let inners: [MStream]
    let pick: (MValue) -> Int
    /// On signals: made at `created`, with the outer stream a signal (`flatMap`), or the inner
    /// streams signals (`merge`).
    var created: Moment?
    var outerIsSignal = false
    var innersAreSignals = false

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let engine = Engine(dispose: created == nil ? dispose : nil)
        let outerIndex = engine.start(outer, at: (created ?? start).child(0), signal: outerIsSignal)
        var running: [Int] = []
        var queue: [MStream] = []
        var outerCompleted = false
        var winner: Int?
        var raceStarted = false
        var winnerCompleted = false

        func done() -> Bool {
            guard outerCompleted else { return false }
            if strategy == .race { return !raceStarted || winnerCompleted }
            return running.isEmpty && queue.isEmpty
        }

        /// Race: `index` wins; the others are disposed before its event is handled.
        func win(_ index: Int, _ slots: inout Slots) {
            guard strategy == .race, winner == nil else { return }
            winner = index
            for other in running where other != index { engine.stop(other, at: slots.next()) }
            running = [index]
        }

        engine.loop { index, event in
            var slots = Slots(event.at)
            if index == outerIndex {
                switch event.item {
                case let .value(value):
                    let inner = inners[pick(value)]
                    switch strategy {
                    case let .concurrent(limit):
                        if running.count < limit {
                            running.append(engine.start(inner, at: slots.next(), queuingSynchronousEnd: true, signal: innersAreSignals))
                        } else {
                            queue.append(inner)
                        }
                    case .latest:
                        for previous in running { engine.stop(previous, at: slots.next()) }
                        running = [engine.start(inner, at: slots.next(), queuingSynchronousEnd: true, signal: innersAreSignals)]
                    case .race:
                        guard winner == nil else { return }
                        raceStarted = true
                        running.append(engine.start(inner, at: slots.next(), queuingSynchronousEnd: true, signal: innersAreSignals))
                    case .throttle:
                        if running.isEmpty { running.append(engine.start(inner, at: slots.next(), queuingSynchronousEnd: true, signal: innersAreSignals)) }
                    }
                case .completed:
                    outerCompleted = true
                    if done() { engine.out.emit(.completed, &slots) }
                case .failed, .interrupted:
                    engine.out.emit(event.item, &slots)
                }
                return
            }
            guard running.contains(index) else { return }
            switch event.item {
            case .value, .failed:
                win(index, &slots)
                engine.out.emit(event.item, &slots)
            case .interrupted where strategy == .race:
                win(index, &slots)
                engine.out.emit(.interrupted, &slots)
            case .completed, .interrupted:
                win(index, &slots)
                // A completed inner stream is let go (not disposed when the result ends).
                engine.detach(index)
                running.removeAll { $0 == index }
                if strategy == .race { winnerCompleted = true }
                if case let .concurrent(limit) = strategy, running.count < limit, !queue.isEmpty {
                    running.append(engine.start(queue.removeFirst(), at: slots.next(), queuingSynchronousEnd: true, signal: innersAreSignals))
                }
                if done() { engine.out.emit(.completed, &slots) }
            }
        }
        return engine.finish()
    }
}

/// Stages run one after another (`concat`, `prefix`, `then`, `repeat`, `retry`): `plan` is told
/// how each stage ended and answers with the next stage or the end of the whole run. Values of
/// every stage are forwarded. The next stage starts from inside the delivery of the previous
/// one's end, after the previous stage's handle was disposed (the handle of the new stage
/// replaces it); the running stage is disposed when the whole run ends.
struct SequenceNode: MStream {
    enum Step {
        case start(MStream)
        case finish(MEvent)
    }

    let first: MStream
    /// Made afresh for each run.
    let makePlan: () -> (MEvent) -> Step

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let engine = Engine(dispose: dispose)
        let plan = makePlan()
        var current = engine.start(first, at: start.child(0), queuingSynchronousEnd: true)
        engine.loop { index, event in
            guard index == current else { return }
            var slots = Slots(event.at)
            guard event.item.isTerminal else { return engine.out.emit(event.item, &slots) }
            switch plan(event.item) {
            case let .start(next):
                // The handle of the new stage replaces that of the ended one, which is disposed.
                engine.stop(current, at: slots.next())
                current = engine.start(next, at: slots.next(), queuingSynchronousEnd: true)
            case let .finish(termination): engine.out.emit(termination, &slots)
            }
        }
        return engine.finish()
    }

    /// `first`, then the stages of `rest` in order, each started when the previous one
    /// completed; any other end of a stage ends the run. With `interruptionIsCompletion` (concat
    /// and prefix, which ReactiveSwift builds on `flatten(.concat)`), an interrupted stage counts
    /// as completed: the next one starts, and the run completes after the last.
    static func stages(_ first: MStream, _ rest: [MStream], interruptionIsCompletion: Bool = false) -> SequenceNode {
        SequenceNode(first: first) {
            var remaining = rest[...]
            return { end in
                let completed = end == .completed || (interruptionIsCompletion && end == .interrupted)
                guard completed else { return .finish(end) }
                guard let next = remaining.popFirst() else { return .finish(.completed) }
                return .start(next)
            }
        }
    }

    /// `retry(upTo:)`: the stream again after each failure, `count` times at most.
    static func retry(_ stream: MStream, upTo count: Int) -> SequenceNode {
        SequenceNode(first: stream) {
            var retriesLeft = count
            return { end in
                guard case .failed = end, retriesLeft > 0 else { return .finish(end) }
                retriesLeft -= 1
                return .start(stream)
            }
        }
    }

    /// `retry(upTo:interval:on:)`: after each failure, a pause (a stage that completes
    /// `interval` later, on `scheduler`), then the stream again, `count` times at most.
    static func retry(_ stream: MStream, upTo count: Int, interval: Int, on scheduler: Sched) -> SequenceNode {
        let pause = PauseSource(interval: interval, scheduler: scheduler)
        return SequenceNode(first: stream) {
            var retriesLeft = count
            var pausing = false
            return { end in
                switch end {
                case .failed where !pausing && retriesLeft > 0:
                    retriesLeft -= 1
                    pausing = true
                    return .start(pause)
                case .completed where pausing:
                    pausing = false
                    return .start(stream)
                default:
                    return .finish(end)
                }
            }
        }
    }
}

/// `flatMapError`: values and completion of the upstream pass; its failure starts
/// `replacement`, whose events are forwarded, its terminal event included.
struct FlatMapErrorNode: MStream {
    let upstream: MStream
    let replacement: MStream
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let engine = Engine(dispose: created == nil ? dispose : nil)
        let source = engine.start(upstream, at: (created ?? start).child(0), signal: created != nil)
        engine.loop { index, event in
            var slots = Slots(event.at)
            if index == source, case .failed = event.item {
                engine.start(replacement, at: slots.next())
            } else {
                engine.out.emit(event.item, &slots)
            }
        }
        return engine.finish()
    }
}

/// `take(until:)` with a trigger (`skip == false`) and `skip(until:)` (`skip == true`), on
/// producers: the trigger is started first, then the source.
///
/// take(until:): the source's events are forwarded until the trigger sends a value or completes,
/// which completes the result; the trigger's interruption is ignored.
///
/// skip(until:): nothing is forwarded until the trigger sends a value or completes; from then on
/// the source's events are forwarded (and the trigger's ignored). If the source ended before
/// that, the result is interrupted at that moment (the source's signal has ended: observing it
/// interrupts). If the trigger is interrupted before, the result is interrupted.
struct TriggerNode: MStream {
    let source: MStream
    let trigger: MStream
    let skip: Bool
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let signal = created != nil
        let engine = Engine(dispose: created == nil ? dispose : nil)
        var triggerIndex = -1
        var fired = false
        var sourceEnded = false
        func handle(_ index: Int, _ event: Timed<MEvent>) {
            var slots = Slots(event.at)
            if index == triggerIndex {
                guard !fired else { return }
                switch event.item {
                case .value, .completed:
                    fired = true
                    if !skip {
                        engine.out.emit(.completed, &slots)
                    } else if sourceEnded {
                        engine.out.emit(.interrupted, &slots)
                    }
                case .interrupted:
                    if skip { engine.out.emit(.interrupted, &slots) }
                case .failed:
                    break
                }
            } else if !skip || fired {
                engine.out.emit(event.item, &slots)
            } else if event.item.isTerminal {
                sourceEnded = true
            }
        }
        triggerIndex = engine.start(trigger, at: origin.child(0), signal: signal)
        engine.loop(until: origin.child(1), handle)
        if !engine.out.isEnded {
            engine.start(source, at: origin.child(1), signal: signal)
            engine.loop(handle)
        }
        return engine.finish()
    }
}

/// `sample(on:)` (`pairs == false`) and `sample(with:)`: the source is started, then the
/// sampler. Each sampler value sends the source's latest value (paired with the sampler's
/// value), if there is one. Completes when both have completed; a failure of the source fails it,
/// an interruption of either interrupts it.
struct SampleNode: MStream {
    let source: MStream
    let sampler: MStream
    let pairs: Bool
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let signal = created != nil
        let engine = Engine(dispose: created == nil ? dispose : nil)
        var latest: MValue?
        var completed = [false, false]
        let sourceIndex = 0
        func handle(_ index: Int, _ event: Timed<MEvent>) {
            var slots = Slots(event.at)
            switch event.item {
            case let .value(value):
                if index == sourceIndex {
                    latest = value
                } else if let latest {
                    engine.out.emit(.value(pairs ? .pair(latest, value) : latest), &slots)
                }
            case .completed:
                completed[index] = true
                if completed.allSatisfy({ $0 }) { engine.out.emit(.completed, &slots) }
            case .failed, .interrupted:
                engine.out.emit(event.item, &slots)
            }
        }
        engine.start(source, at: origin.child(0), signal: signal)
        engine.loop(until: origin.child(1), handle)
        if !engine.out.isEnded {
            engine.start(sampler, at: origin.child(1), signal: signal)
            engine.loop(handle)
        }
        return engine.finish()
    }
}

/// `withLatest(from:)`: the samplee is started, then the source. Each source value is sent
/// paired with the samplee's latest value, if there is one; the samplee's end changes nothing;
/// the source's terminal event ends the result.
struct WithLatestNode: MStream {
    let source: MStream
    let samplee: MStream
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let signal = created != nil
        let engine = Engine(dispose: created == nil ? dispose : nil)
        var latest: MValue?
        let sampleeIndex = engine.start(samplee, at: origin.child(0), signal: signal)
        engine.start(source, at: origin.child(1), signal: signal)
        engine.loop { index, event in
            var slots = Slots(event.at)
            if index == sampleeIndex {
                if case let .value(value) = event.item { latest = value }
            } else if case let .value(value) = event.item {
                if let latest { engine.out.emit(.value(.pair(value, latest)), &slots) }
            } else {
                engine.out.emit(event.item, &slots)
            }
        }
        return engine.finish()
    }
}

/// `take(untilReplacement:)`: the replacement is started, then the source. The source's events
/// are forwarded, except its completion, until the replacement's first event (of any kind),
/// which disposes the source; from then on the replacement's events are forwarded.
struct ReplacementNode: MStream {
    let source: MStream
    let replacement: MStream
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let signal = created != nil
        let engine = Engine(dispose: created == nil ? dispose : nil)
        var replaced = false
        var sourceIndex = -1
        func handle(_ index: Int, _ event: Timed<MEvent>) {
            var slots = Slots(event.at)
            if index == sourceIndex {
                guard !replaced, event.item != .completed else { return }
                engine.out.emit(event.item, &slots)
            } else {
                if !replaced {
                    replaced = true
                    if sourceIndex >= 0 { engine.stop(sourceIndex, at: slots.next()) }
                }
                engine.out.emit(event.item, &slots)
            }
        }
        engine.start(replacement, at: origin.child(0), signal: signal)
        engine.loop(until: origin.child(1), handle)
        if !engine.out.isEnded && !replaced {
            sourceIndex = engine.start(source, at: origin.child(1), signal: signal)
            engine.loop(handle)
        } else {
            engine.loop(handle)
        }
        return engine.finish()
    }
}

/// `timeout(after:raising:on:)`: a timer is scheduled when the run starts, then the source is
/// started; the source's events are forwarded; if the timer fires first, the result fails with
/// `t`.
struct TimeoutNode: MStream {
    let source: MStream
    /// In ticks.
    let interval: Int
    let scheduler: Sched
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let engine = Engine(dispose: created == nil ? dispose : nil)
        let timer = engine.timer(at: scheduler.action(due: origin.time + interval, at: origin.child(0)))
        engine.start(source, at: origin.child(1), signal: created != nil)
        engine.loop { index, event in
            var slots = Slots(event.at)
            engine.out.emit(index == timer ? .failed("t") : event.item, &slots)
        }
        return engine.finish()
    }
}
