// What the model computes for a stream: one run, started at a moment and maybe disposed at
// another, as the list of its events, the hook calls made inside it and the subscriptions to the
// inputs it made.

struct Timed<Item> {
    var at: Moment
    var item: Item

    init(_ at: Moment, _ item: Item) {
        self.at = at
        self.item = item
    }
}

/// One run of an input (a marble source): when it was started and when it ended, by its own
/// terminal event or by disposal (`nil`: still going when the scheduler ran out of work).
struct Subscription {
    var input: String
    var start: Moment
    var end: Moment?
}

struct Run {
    /// What the run delivers to its observer, in order. After a disposal the list may go on past
    /// the disposal moment: with the `interrupted` the disposal causes, and, when the disposal
    /// happened inside the delivery of one of the run's events, with what the fused operators of
    /// the run still send in that same delivery. Consumers ignore what comes after they disposed.
    var events: [Timed<MEvent>] = []
    /// The hook calls (`on(...)`) made inside the run.
    var log: [Timed<String>] = []
    var subscriptions: [Subscription] = []
}

extension Run {
    /// What an observer that starts observing this run's signal at `moment` receives: the
    /// events sent after it, or, if the signal had already ended, an interruption at once (3.8).
    func observed(at moment: Moment) -> Run {
        var run = self
        if let terminal = events.first(where: { $0.item.isTerminal }), terminal.at < moment {
            run.events = [Timed(moment.child(0), .interrupted)]
        } else {
            run.events = events.filter { moment < $0.at }
        }
        return run
    }
}

/// A stream of the model: what one run started at `start` does, when its consumer disposes it at
/// `dispose` (`nil`: never).
///
/// Runs are pure functions of their start and disposal, and causal: a run disposed earlier is the
/// same as a run disposed later up to the earlier disposal. Operators rely on that: an operator
/// that ends its upstream itself (`take(first:)`) first computes the upstream run without that
/// disposal, finds the moment it stops it, and computes the run again disposed at that moment.
protocol MStream {
    func run(_ start: Moment, _ dispose: Moment?) -> Run
}

/// The events of a run that delivers through a signal core of its own (a start-handler producer:
/// a marble source, a combining or flattening operator, a sequence of stages...).
///
/// Each event is delivered at a moment of its own, followed by a free slot: if a consumer
/// disposes the run while that event is being delivered (from inside a callback), the core
/// delivers `interrupted` right after the current delivery, in that slot, and then disposes its
/// resources. That slot is also where the core disposes its resources after its terminal event.
struct CoreOutput {
    private(set) var items: [(at: Moment, event: MEvent, after: Moment)] = []
    private(set) var terminal: (at: Moment, after: Moment)?

    var isEnded: Bool { terminal != nil }

    /// Delivers `event` at the next free slot of `slots`; nothing after a terminal event.
    mutating func emit(_ event: MEvent, _ slots: inout Slots) {
        guard terminal == nil else { return }
        let at = slots.next()
        let after = slots.next()
        items.append((at, event, after))
        if event.isTerminal { terminal = (at, after) }
    }

    /// Delivers `event` at a moment chosen by the caller.
    mutating func append(at: Moment, event: MEvent, after: Moment) {
        guard terminal == nil else { return }
        items.append((at, event, after))
        if event.isTerminal { terminal = (at, after) }
    }

    /// The events the consumer sees when it disposes the run at `dispose`, and the moment the
    /// core disposes its resources (its inputs), if it does.
    func settle(_ dispose: Moment?) -> (events: [Timed<MEvent>], release: Moment?) {
        if let dispose, !(terminal.map { $0.at < dispose } ?? false) {
            let kept = items.filter { $0.at < dispose }
            // Disposed from inside the delivery of one of its events: the interruption waits for
            // the end of that delivery.
            var interruption = dispose
            if let last = kept.last, last.at.isAncestor(of: dispose) { interruption = last.after }
            return (kept.map { Timed($0.at, $0.event) } + [Timed(interruption.child(0), .interrupted)],
                    interruption.child(1))
        }
        return (items.map { Timed($0.at, $0.event) }, terminal?.after)
    }
}

/// The inputs of an operator with a core of its own, merged in the order their events happen.
///
/// An operator starts inputs (`start`), stops some (`stop`: it disposes them), and handles their
/// events one at a time, in order, until it ends or its consumer disposes it. `finish` then
/// settles the output, disposes the inputs whose handles the core still holds when it releases
/// its resources (an input that has ended is disposed too: if a fused operator ended it early,
/// the core under it may still run), and computes each input's run again with its real
/// disposal, for the hooks and subscriptions.
final class Engine {
    private struct Input {
        let stream: MStream?  // nil for a timer
        let start: Moment
        let firstRun: Run
        var next = 0
        var stop: Moment?
        var ended = false
        /// The operator no longer holds the input's handle: its end does not dispose it.
        var detached = false
        /// A signal the operator observes: stopping the observation leaves the signal (and what
        /// it is made of) going, so its run is never computed again with a disposal.
        let signal: Bool
    }

    let dispose: Moment?
    var out = CoreOutput()
    private var inputs: [Input] = []

    init(dispose: Moment?) {
        self.dispose = dispose
    }

    /// Starts a run of `stream` at `moment`; returns its index.
    ///
    /// With `queuingSynchronousEnd`, a terminal event the input sends inside the call that starts
    /// it is handled after that call returns, rather than where it happens: operators that hand
    /// the ends of their inputs to a serializer whose drain is under way when they start them
    /// (flattening, sequencing) do that, which keeps the stack flat.
    @discardableResult
    func start(_ stream: MStream, at moment: Moment, queuingSynchronousEnd: Bool = false, signal: Bool = false) -> Int {
        var run = stream.run(moment, nil)
        if signal { run = run.observed(at: moment) }
        if queuingSynchronousEnd, let last = run.events.last, last.item.isTerminal, moment.isAncestor(of: last.at) {
            run.events[run.events.count - 1].at = moment.nextSibling
        }
        inputs.append(Input(stream: stream, start: moment, firstRun: run, signal: signal))
        return inputs.count - 1
    }

    /// A timer: an input whose only event is a value at `moment`.
    func timer(at moment: Moment) -> Int {
        inputs.append(Input(stream: nil, start: moment, firstRun: Run(events: [Timed(moment, .value(.int(0)))]), signal: false))
        return inputs.count - 1
    }

    /// Whether input `index` has sent its terminal event (or was stopped).
    func hasEnded(_ index: Int) -> Bool {
        inputs[index].ended || inputs[index].stop != nil
    }

    /// Disposes input `index` at `moment`: its later events are ignored.
    func stop(_ index: Int, at moment: Moment) {
        guard inputs[index].stop == nil else { return }
        inputs[index].stop = moment
    }

    /// Lets input `index` go without disposing it.
    func detach(_ index: Int) {
        inputs[index].detached = true
    }

    /// The next event of any input, before `limit` and before the disposal of the run, while the
    /// output has not ended.
    private func next(before limit: Moment?) -> (Int, Timed<MEvent>)? {
        guard !out.isEnded else { return nil }
        var best: (Int, Timed<MEvent>)?
        for index in inputs.indices where !inputs[index].ended {
            let input = inputs[index]
            guard input.next < input.firstRun.events.count else { continue }
            let event = input.firstRun.events[input.next]
            if let stop = input.stop, !(event.at < stop) { continue }
            if let limit, !(event.at < limit) { continue }
            if let dispose, !(event.at < dispose) { continue }
            if best == nil || event.at < best!.1.at { best = (index, event) }
        }
        if let (index, event) = best {
            inputs[index].next += 1
            if event.item.isTerminal { inputs[index].ended = true }
        }
        return best
    }

    /// Handles the events of the inputs, in order, up to `limit`.
    func loop(until limit: Moment? = nil, _ handle: (Int, Timed<MEvent>) -> Void) {
        while let (index, event) = next(before: limit) { handle(index, event) }
    }

    func finish() -> Run {
        let (events, release) = out.settle(dispose)
        var result = Run(events: events)
        for index in inputs.indices {
            var input = inputs[index]
            if input.stop == nil, !input.detached, let release { input.stop = release.child(index) }
            guard let stream = input.stream else { continue }
            let run = input.signal ? input.firstRun : input.stop.map { stream.run(input.start, $0) } ?? input.firstRun
            result.log += run.log
            result.subscriptions += run.subscriptions
        }
        return result
    }
}
