// Operators that deliver from actions they schedule: delay, debounce, throttle.
//
// An action the operator schedules while handling an upstream event at moment `e` is scheduled at
// `e.child(0)`; it runs at `.action(at: due, scheduledAt: e.child(0))`, where it delivers its
// events. Disposing the run cancels the upstream at once and every pending action, and delivers
// `interrupted` from an action scheduled at the moment of the disposal (never inside it).

struct ScheduledNode: MStream {
    enum Kind: Equatable {
        /// Values and completion `interval` later; failure and interruption as soon as the
        /// scheduler allows (dropping what was delayed).
        case delay
        /// A value once `interval` has passed without another; completion: the pending value is
        /// dropped (`discardWhenCompleted`) or sent `interval` after it arrived, with the
        /// completion right after it.
        case debounce(discardWhenCompleted: Bool)
        /// The first value as soon as the scheduler allows, then at most one value per interval
        /// (the latest); a terminal event drops the pending value.
        case throttle
    }

    let upstream: MStream
    let kind: Kind
    /// In ticks.
    let interval: Int

    private struct Action {
        let at: Moment
        let events: [MEvent]
        /// Throttle: the date the action was due at, which becomes the date of the last value sent.
        let due: Int
    }

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let upstreamStart = start.child(0)
        let firstRun = upstream.run(upstreamStart, nil)
        var out = CoreOutput()
        var pending: [Int: Action] = [:]  // by id, in scheduling order
        var nextID = 0
        var upstreamIndex = 0
        var upstreamEnded = false
        // debounce
        var debounced: (value: MValue, receivedAt: Int, action: Int)?
        // throttle
        var lastSent: Int?
        var throttled: (value: MValue, action: Int)?

        func schedule(_ events: [MEvent], due: Int, at moment: Moment) -> Int {
            nextID += 1
            pending[nextID] = Action(at: .action(at: due, scheduledAt: moment), events: events, due: due)
            return nextID
        }

        func handleUpstream(_ event: Timed<MEvent>) {
            let now = event.at.time
            let here = event.at.child(0)
            switch (kind, event.item) {
            case (.delay, .value), (.delay, .completed):
                _ = schedule([event.item], due: now + interval, at: here)
            case (_, .failed), (_, .interrupted):
                if let throttled { pending[throttled.action] = nil }
                throttled = nil
                _ = schedule([event.item], due: now, at: here)
            case let (.debounce, .value(value)):
                if let debounced { pending[debounced.action] = nil }
                debounced = (value, now, schedule([.value(value)], due: now + interval, at: here))
            case let (.debounce(discard), .completed):
                if !discard, let pendingValue = debounced {
                    pending[pendingValue.action] = nil
                    debounced = nil
                    _ = schedule([.value(pendingValue.value), .completed], due: pendingValue.receivedAt + interval, at: here)
                } else {
                    _ = schedule([.completed], due: now, at: here)
                }
            case let (.throttle, .value(value)):
                if let throttled { pending[throttled.action] = nil }
                let due = lastSent.map { max(now, $0 + interval) } ?? now
                throttled = (value, schedule([], due: due, at: here))
            case (.throttle, .completed):
                if let throttled { pending[throttled.action] = nil }
                throttled = nil
                _ = schedule([.completed], due: now, at: here)
            }
        }

        func runAction(_ id: Int) {
            guard let action = pending.removeValue(forKey: id) else { return }
            var slots = Slots(action.at)
            if kind == .throttle, action.events.isEmpty {
                guard let value = throttled?.value else { return }
                throttled = nil
                lastSent = action.due
                out.emit(.value(value), &slots)
                return
            }
            if case .debounce = kind, debounced?.action == id { debounced = nil }
            for event in action.events { out.emit(event, &slots) }
        }

        // Upstream events and own actions, in the order they happen, before the disposal.
        while !out.isEnded {
            let nextEvent = !upstreamEnded && upstreamIndex < firstRun.events.count ? firstRun.events[upstreamIndex] : nil
            let nextAction = pending.min { $0.value.at < $1.value.at }
            if let event = nextEvent, nextAction.map({ event.at < $0.value.at }) ?? true {
                if let dispose, !(event.at < dispose) { break }
                upstreamIndex += 1
                if event.item.isTerminal { upstreamEnded = true }
                handleUpstream(event)
            } else if let (id, action) = nextAction {
                if let dispose, !(action.at < dispose) { break }
                runAction(id)
            } else {
                break
            }
        }

        var run = Run()
        var upstreamStop: Moment?
        if let dispose, !(out.terminal.map { $0.at < dispose } ?? false) {
            // Disposed: what was delivered before, then `interrupted` from an action scheduled
            // by the disposal; the upstream is disposed at once.
            let interruption = Moment.action(at: dispose.time, scheduledAt: dispose.child(0))
            run.events = out.settle(nil).events.filter { $0.at < dispose } + [Timed(interruption.child(0), .interrupted)]
            upstreamStop = dispose.child(1)
        } else {
            let (events, release) = out.settle(nil)
            run.events = events
            // The upstream's handle is released with the output, even after the upstream ended:
            // a fused operator that ended it early may have left the core under it running.
            if let release { upstreamStop = release.child(0) }
        }
        let upstreamRun = upstreamStop.map { upstream.run(upstreamStart, $0) } ?? firstRun
        run.log = upstreamRun.log
        run.subscriptions = upstreamRun.subscriptions
        return run
    }
}
