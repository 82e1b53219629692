// Operators that deliver from actions they schedule: delay, debounce, throttle, observe(on:),
// lazyMap, collect(every:).
//
// An action the operator schedules while handling an upstream event at moment `e` is scheduled at
// `e.child(0)`; it runs at `.action(at: due, scheduledAt: e.child(0), on: scheduler)`, where it
// delivers its events, on that scheduler. On an `ImmediateScheduler` an action runs at once,
// inside the call that schedules it, where that call runs. Disposing a producer's run cancels
// the upstream at once and every pending action, and delivers `interrupted` from an action
// scheduled at the moment of the disposal (never inside it, unless the scheduler is immediate).
// Applied to a signal, the operator is never disposed: its observer may only stop observing.

/// A scheduler of a generated case. Every scheduler but the immediate one runs on the one
/// `TestScheduler` of the case, so they share a clock and one order of actions; each has a name,
/// recorded with everything that happens inside its actions, which shows where events arrive.
enum Sched: Hashable, Codable, CustomStringConvertible {
    /// The scheduler the marble sources play on, `M`.
    case marble
    /// A scheduler of its own, `S<k>`, on the same clock.
    case test(Int)
    /// `ImmediateScheduler`: actions run at once, where they are scheduled.
    case immediate

    var name: String? {
        switch self {
        case .marble: return "M"
        case let .test(k): return "S\(k)"
        case .immediate: return nil
        }
    }

    /// The scheduler in the code of a case.
    var description: String {
        switch self {
        case .marble: return "scheduler"
        case let .test(k): return "s\(k)Scheduler"
        case .immediate: return "ImmediateScheduler()"
        }
    }

    /// Where an action due at `due`, scheduled at `moment`, runs.
    func action(due: Int, at moment: Moment) -> Moment {
        guard let name else { return moment }
        return .action(at: due, scheduledAt: moment, on: name)
    }
}

/// Nothing the model computes goes past this time (in ticks): the runner stops the scheduler
/// there too. Only repeating timers, which may tick forever, reach it.
let horizon = 48 * ticksPerFrame

struct ScheduledNode: MStream {
    enum Kind: Equatable {
        /// Values and completion `interval` later; failure and interruption as soon as the
        /// scheduler allows (what was delayed and is due sooner still goes first).
        case delay
        /// A value once `interval` has passed without another; completion: the pending value is
        /// dropped (`discardWhenCompleted`) or sent `interval` after it arrived, with the
        /// completion right after it.
        case debounce(discardWhenCompleted: Bool)
        /// The first value as soon as the scheduler allows, then at most one value per interval
        /// (the latest); a terminal event drops the pending value.
        case throttle
        /// Every event as soon as the scheduler allows, in order.
        case observeOn
        /// The latest value, plus `k`, when the scheduler gets to it: a value arriving while one
        /// waits replaces it. Completion and failure come after the waiting value; interruption
        /// drops it.
        case lazyMap(Int)
        /// The values gathered in an array at each tick of a timer started with the run, every
        /// `interval`: an empty tick sends `[]` unless `skipEmpty`. Completion: sent at once,
        /// dropping what was gathered (`discardWhenCompleted`), or after the next tick's array.
        /// Failure and interruption: at once, dropping what was gathered.
        case collectEvery(skipEmpty: Bool, discardWhenCompleted: Bool)
        /// `throttle(while:on:)` a property (`control`, started before the upstream): values
        /// pass while it is false; while it is true the latest is held, and sent when it turns
        /// false. A terminal event drops the held value. Everything is delivered on the scheduler.
        case throttleWhile
    }

    let upstream: MStream
    let kind: Kind
    /// In ticks.
    let interval: Int
    let scheduler: Sched
    /// Applied to a signal: made at `created`, never disposed, and the upstream signal goes on
    /// after the output ends (only the observation ends).
    var created: Moment?
    /// The property of `throttle(while:)`.
    var control: MStream?

    init(upstream: MStream, kind: Kind, interval: Int = 0, scheduler: Sched, created: Moment? = nil, control: MStream? = nil) {
        self.upstream = upstream
        self.kind = kind
        self.interval = interval
        self.scheduler = scheduler
        self.created = created
        self.control = control
    }

    private struct Action {
        let at: Moment
        let events: [MEvent]
        /// Throttle: the date the action was due at, which becomes the date of the last value sent.
        let due: Int
        /// What the action does besides sending `events`.
        var role: Role = .send
    }

    private enum Role: Equatable {
        case send
        /// throttle, lazyMap: sends the value held when it runs.
        case sendHeld
        /// collect(every:): a tick of the timer.
        case tick
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let signalForm = created != nil
        let origin = created ?? start
        let dispose = signalForm ? nil : dispose
        let upstreamStart = kind == .throttleWhile ? origin.child(1) : origin.child(0)
        var firstRun = upstream.run(upstreamStart, nil)
        if signalForm { firstRun = firstRun.observed(at: upstreamStart) }
        let controlEvents = control?.run(origin.child(0), nil).events ?? []
        var controlIndex = 0
        var throttling: Bool?
        var terminated = false
        var out = CoreOutput()
        var pending: [Int: Action] = [:]  // by id, in scheduling order
        var nextID = 0
        var upstreamIndex = 0
        var upstreamEnded = false
        // debounce
        var debounced: (value: MValue, receivedAt: Int, action: Int)?
        // throttle, lazyMap
        var lastSent: Int?
        var held: (value: MValue, action: Int)?
        // collect(every:)
        var gathered: [MValue] = []
        var completeAtNextTick = false
        var timer: Int?

        @discardableResult
        func schedule(_ events: [MEvent], due: Int, at moment: Moment, role: Role = .send) -> Int {
            nextID += 1
            pending[nextID] = Action(at: scheduler.action(due: due, at: moment), events: events, due: due, role: role)
            return nextID
        }

        if case .collectEvery = kind {
            // The timer starts with the operator, before the upstream run.
            timer = schedule([], due: origin.time + interval, at: origin, role: .tick)
        }

        func handleControl(_ event: Timed<MEvent>) {
            guard !terminated, case let .value(value) = event.item else { return }
            let throttle = value == .int(1)
            guard throttle != throttling else { return }
            throttling = throttle
            if !throttle, let current = held {
                held = nil
                schedule([.value(current.value)], due: event.at.time, at: event.at.child(0))
            }
        }

        func handleUpstream(_ event: Timed<MEvent>) {
            let now = event.at.time
            let here = event.at.child(0)
            switch (kind, event.item) {
            case let (.throttleWhile, .value(value)):
                if throttling == true {
                    held = (value, -1)
                } else {
                    schedule([event.item], due: now, at: here)
                }
            case (.throttleWhile, _):
                terminated = true
                held = nil
                schedule([event.item], due: now, at: here)
            case (.delay, .value), (.delay, .completed):
                schedule([event.item], due: now + interval, at: here)
            case (.observeOn, _):
                schedule([event.item], due: now, at: here)
            case let (.lazyMap, .value(value)):
                if let current = held {
                    held = (value, current.action)
                } else {
                    held = (value, -1)
                    held = (value, schedule([], due: now, at: here, role: .sendHeld))
                }
            case (.lazyMap, .completed), (.lazyMap, .failed):
                schedule([event.item], due: now, at: here)
            case (.lazyMap, .interrupted):
                if let current = held { pending[current.action] = nil }
                held = nil
                schedule([event.item], due: now, at: here)
            case let (.collectEvery, .value(value)):
                gathered.append(value)
            case let (.collectEvery(_, discard), .completed) where !discard:
                completeAtNextTick = true
            case (.collectEvery, _):
                if let timer { pending[timer] = nil }
                timer = nil
                schedule([event.item], due: now, at: here)
            case (_, .failed), (_, .interrupted):
                if kind == .throttle, let current = held { pending[current.action] = nil }
                held = nil
                schedule([event.item], due: now, at: here)
            case let (.debounce, .value(value)):
                if let debounced { pending[debounced.action] = nil }
                debounced = (value, now, schedule([.value(value)], due: now + interval, at: here))
            case let (.debounce(discard), .completed):
                if !discard, let pendingValue = debounced {
                    pending[pendingValue.action] = nil
                    debounced = nil
                    schedule([.value(pendingValue.value), .completed], due: pendingValue.receivedAt + interval, at: here)
                } else {
                    schedule([.completed], due: now, at: here)
                }
            case let (.throttle, .value(value)):
                if let current = held { pending[current.action] = nil }
                let due = lastSent.map { $0 <= now ? max(now, $0 + interval) : now } ?? now
                held = (value, -1)
                held = (value, schedule([], due: due, at: here, role: .sendHeld))
            case (.throttle, .completed):
                if let current = held { pending[current.action] = nil }
                held = nil
                schedule([.completed], due: now, at: here)
            }
        }

        func runAction(_ id: Int) {
            guard let action = pending.removeValue(forKey: id) else { return }
            switch action.role {
            case .sendHeld:
                guard let value = held?.value else { return }
                held = nil
                var slots = Slots(action.at)
                if case let .lazyMap(k) = kind {
                    out.emit(.value(value.plus(k)), &slots)
                } else {
                    lastSent = action.due
                    out.emit(.value(value), &slots)
                }
            case .tick:
                // The next tick is scheduled first, then this one's work runs.
                let next = action.due + interval
                if next <= horizon { timer = schedule([], due: next, at: action.at.child(0), role: .tick) } else { timer = nil }
                var slots = Slots(action.at.child(1))
                let values = gathered
                gathered = []
                if case let .collectEvery(skipEmpty, _) = kind, !(skipEmpty && values.isEmpty) {
                    out.emit(.value(.list(values)), &slots)
                }
                if completeAtNextTick { out.emit(.completed, &slots) }
            case .send:
                var slots = Slots(action.at)
                if case .debounce = kind, debounced?.action == id { debounced = nil }
                for event in action.events { out.emit(event, &slots) }
            }
        }

        // Upstream events and own actions, in the order they happen, before the disposal.
        while !out.isEnded {
            let nextEvent = !upstreamEnded && upstreamIndex < firstRun.events.count ? firstRun.events[upstreamIndex] : nil
            let nextAction = pending.min { $0.value.at < $1.value.at }
            if controlIndex < controlEvents.count {
                let event = controlEvents[controlIndex]
                if nextEvent.map({ event.at < $0.at }) ?? true, nextAction.map({ event.at < $0.value.at }) ?? true {
                    if let dispose, !(event.at < dispose) { break }
                    controlIndex += 1
                    handleControl(event)
                    continue
                }
            }
            if let event = nextEvent, nextAction.map({ event.at < $0.value.at }) ?? true {
                if let dispose, !(event.at < dispose) { break }
                upstreamIndex += 1
                if event.item.isTerminal { upstreamEnded = true }
                handleUpstream(event)
            } else if let (id, action) = nextAction {
                if let dispose, !(action.at < dispose) { break }
                if action.at.time > horizon { break }
                runAction(id)
            } else {
                break
            }
        }

        var run = Run()
        var upstreamStop: Moment?
        if let dispose, !(out.terminal.map { $0.at < dispose } ?? false) {
            if scheduler == .immediate {
                // The interruption is sent at once, inside `dispose()` (after the delivery under
                // way, if `dispose()` was called from inside one); then the upstream is disposed.
                run.events = out.settle(dispose).events
            } else {
                // What was delivered before, then `interrupted` from an action scheduled by the
                // disposal.
                let interruption = scheduler.action(due: dispose.time, at: dispose.child(0))
                run.events = out.settle(nil).events.filter { $0.at < dispose } + [Timed(interruption.child(0), .interrupted)]
            }
            upstreamStop = dispose.child(1)
        } else {
            let (events, release) = out.settle(nil)
            run.events = events
            // The upstream's handle is released with the output, even after the upstream ended:
            // a fused operator that ended it early may have left the core under it running.
            if let release, !signalForm { upstreamStop = release.child(0) }
        }
        let upstreamRun = upstreamStop.map { upstream.run(upstreamStart, $0) } ?? firstRun
        run.log = upstreamRun.log
        run.subscriptions = upstreamRun.subscriptions
        return run
    }
}

/// `start(on:)`: the upstream is started by an action on `scheduler`, scheduled when the run
/// starts; its events are forwarded through the run's core. When the run ends before the
/// upstream has, the upstream is disposed from an action on `scheduler`.
struct StartOnNode: MStream {
    let upstream: MStream
    let scheduler: Sched

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let upstreamStart = scheduler.action(due: start.time, at: start.child(0))
        var out = CoreOutput()
        var firstRun: Run?
        var upstreamEnded = false
        if dispose.map({ upstreamStart < $0 }) ?? true {
            let run = upstream.run(upstreamStart, nil)
            firstRun = run
            for event in run.events {
                if let dispose, !(event.at < dispose) { break }
                var slots = Slots(event.at)
                out.emit(event.item, &slots)
                if event.item.isTerminal {
                    upstreamEnded = true
                    break
                }
            }
        }
        let (events, release) = out.settle(dispose)
        var result = Run(events: events)
        if let firstRun {
            var upstreamRun = firstRun
            if !upstreamEnded, let release {
                upstreamRun = upstream.run(upstreamStart, scheduler.action(due: release.time, at: release.child(0)))
            }
            result.log = upstreamRun.log
            result.subscriptions = upstreamRun.subscriptions
        }
        return result
    }
}

/// `take(during:)` a lifetime that ends at `end` (an action of the test): the events are
/// forwarded until the lifetime ends, which completes the result (each run is told in the
/// order it started observing the lifetime). A run started after the lifetime ended is
/// interrupted at once, and its upstream, disposed before its start handler ran, sends nothing
/// and subscribes to nothing (the generator puts no hooks upstream of a lifetime that ends
/// within the test: they would run around that interruption). A signal made after its lifetime
/// ended is interrupted; the signal it was made from goes on.
struct TakeDuringNode: MStream {
    let upstream: MStream
    let end: Moment
    var created: Moment?

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let origin = created ?? start
        let engine = Engine(dispose: created == nil ? dispose : nil)
        if end < origin {
            var slots = Slots(origin.child(0))
            engine.out.emit(.interrupted, &slots)
            if created != nil { engine.start(upstream, at: origin.child(1), signal: true) }
        } else {
            let timer = engine.timer(at: end.delivery(to: origin))
            engine.start(upstream, at: origin.child(1), signal: created != nil)
            engine.loop { index, event in
                var slots = Slots(event.at)
                engine.out.emit(index == timer ? .completed : event.item, &slots)
            }
        }
        return engine.finish()
    }
}
