// A case in the model: its inputs, its chain of operators in its form, and what each consumer
// sees.
//
// The setup of a case, before the scheduler runs anything, happens in this order, which fixes
// the order of the actions it schedules:
//
// - `.setup(0, i)`: hot source `i` is made (its frames are scheduled);
// - `.setup(1, k)`: operator `k` of the chain is made: what it needs first at `.child(0)` (a
//   property, a lifetime), then, for a signal, the operator itself at `.child(1)`;
// - `.setup(2, j)`: the actions of consumer `j` are scheduled: its start at `.child(0)` (if it
//   starts late), its disposal at `.child(1)`;
// - `.setup(3, j)`: consumer `j` starts, if it starts during the setup.

extension Case {
    /// The inputs of the model, named `s<index>`.
    var modelInputs: [MStream] {
        var hotCount = 0
        return inputs.enumerated().map { index, input -> MStream in
            let timeline = input.timeline.map { ($0.frame, $0.events.map { $0.labelled(index) }) }
            let name = "s\(index)"
            switch input.kind {
            case .hot:
                defer { hotCount += 1 }
                // A signal observed directly is not a subscription; a producer made from it is.
                let direct = form == .property || (form == .signal && input.role != .inner)
                let hot = HotSource(name: name, index: hotCount, timeline: timeline, recorded: !direct)
                guard form == .property else { return hot }
                // A `MutableProperty` that the hot signal's values set, observed right after the
                // signal is made.
                return PropertySource(source: hot, initial: .int(input.initial), created: Moment.setup(0, hotCount).child(0))
            case .cold: return ColdSource(name: name, timeline: timeline)
            case .sync: return ColdSource(name: name, timeline: timeline, synchronous: true)
            case .sequence: return SyncSource(events: input.values.map(MEvent.value) + [.completed])
            case .timer:
                return TimerSource(name: name, period: input.period * ticksPerFrame / 2, values: nil, scheduler: .marble,
                                   limit: input.values.count)
            case .interval:
                return TimerSource(name: name, period: input.period * ticksPerFrame / 2, values: input.values, scheduler: .marble)
            }
        }
    }

    /// The whole pipeline in the model: for a producer, what each run does; for a signal, the
    /// one run of the chain, made during the setup.
    var model: MStream {
        let inputs = modelInputs
        return ops.enumerated().reduce(inputs[0]) { upstream, item in
            let stream = item.element.model(upstream, inputs, form: form, index: item.offset)
            // A property operator makes a property, fed by the producer operator over the
            // producers of the properties it is made of, started when it is made.
            guard form == .property else { return stream }
            // `filter(initial: 0, p)` holds 0 until a value satisfies `p`.
            var initial: MValue?
            if case .filter = item.element { initial = .int(0) }
            return PropertySource(source: stream, initial: initial, created: Moment.setup(1, item.offset).child(1))
        }
    }

    /// The runs the chain starts while it is made, once for all its consumers (the sources of
    /// the properties of `throttle(while:)`), for their subscriptions.
    var preparedSubscriptions: [Subscription] {
        let inputs = modelInputs
        return ops.enumerated().flatMap { index, op -> [Subscription] in
            guard case let .throttleWhile(i, _) = op else { return [] }
            return FusedNode(upstream: inputs[i], transform: Fused.neverFailing()).run(Moment.setup(1, index).child(0), nil).subscriptions
        }
    }

    /// When consumer `j` starts.
    func startMoment(_ j: Int) -> Moment {
        consumers[j].startAt.map { .action(at: $0, scheduledAt: Moment.setup(2, j).child(0)) } ?? .setup(3, j)
    }

    /// When consumer `j` disposes from an action (not from inside its observer).
    func disposalMoment(_ j: Int) -> Moment? {
        guard let time = consumers[j].disposalTime else { return nil }
        let action = Moment.action(at: time, scheduledAt: Moment.setup(2, j).child(1))
        if case .fromThread = consumers[j].disposal { return action.on("thread") }
        return action
    }

    /// What the model says the run does.
    func modelObservation() -> Observation {
        switch form {
        case .producer, .property: return producerObservation()
        case .signal: return signalObservation()
        case .sequence: return sequenceObservation()
        }
    }

    /// The name of consumer `j` in the log: `out`, `out2`, `out3`...
    static func consumerName(_ j: Int) -> String {
        j == 0 ? "out" : "out\(j + 1)"
    }

    private func producerObservation() -> Observation {
        let pipeline = model
        var runs: [Run] = []
        var results: [Timed<String>] = []
        for j in consumers.indices {
            let start = startMoment(j)
            if let blocking = consumers[j].blocking, isSynchronous {
                let (run, result) = blocking.model(pipeline, start: start)
                runs.append(run)
                results.append(Timed(start.nextSibling, "\(Self.consumerName(j)) \(blocking.rawValue)() \(result)"))
                continue
            }
            if form == .property, consumers[j].withSignal {
                runs.append(signalRun(pipeline, consumer: j))
                continue
            }
            var dispose = disposalMoment(j)
            if case let .inside(n) = consumers[j].disposal {
                let run = pipeline.run(start, nil)
                if n <= run.events.count { dispose = run.events[n - 1].at.child(0) }
            }
            runs.append(pipeline.run(start, dispose))
        }
        var entries: [Timed<String>] = results
        var subscriptions = preparedSubscriptions
        for (j, run) in runs.enumerated() {
            entries += run.log + run.events.map { Timed($0.at, "\(Self.consumerName(j)) \($0.item)") }
            subscriptions += run.subscriptions
        }
        return Observation(entries, subscriptions)
    }

    /// What consumer `j` of a property's `signal` sees: the changes of the property after it
    /// starts observing (not its current value), until it stops.
    private func signalRun(_ property: MStream, consumer j: Int) -> Run {
        guard let property = property as? PropertySource else { preconditionFailure("not a property") }
        var run = Run(events: property.signalEvents(startMoment(j)))
        if case let .inside(n) = consumers[j].disposal, n <= run.events.count {
            run.events = Array(run.events.prefix(n))
        } else if let dispose = disposalMoment(j) {
            run.events = run.events.filter { $0.at < dispose }
        }
        return run
    }

    private func signalObservation() -> Observation {
        let run = model.run(.setup(3, 0), nil)
        var entries = run.log
        let terminal = run.events.first { $0.item.isTerminal }
        for j in consumers.indices {
            let start = startMoment(j)
            let name = Self.consumerName(j)
            if let terminal, terminal.at < start {
                // Observing a signal that has ended: interrupted at once.
                entries.append(Timed(start.child(0), "\(name) \(MEvent.interrupted)"))
                continue
            }
            var seen = run.events.filter { start < $0.at }.map { Timed($0.at.delivery(to: start), $0.item) }
            if case let .inside(n) = consumers[j].disposal, n <= seen.count {
                seen = Array(seen.prefix(n))
            } else if let dispose = disposalMoment(j) {
                seen = seen.filter { $0.at < dispose }
            }
            entries += seen.map { Timed($0.at, "\(name) \($0.item)") }
        }
        return Observation(entries, preparedSubscriptions + run.subscriptions)
    }
}

extension Observation {
    /// The observation of the model's entries and subscriptions, in the order they happen.
    init(_ entries: [Timed<String>], _ subscriptions: [Subscription]) {
        // Nothing happens past the horizon: the runner stops the scheduler there.
        let entries = entries.filter { $0.at.time <= horizon }
        let sorted = entries.enumerated().sorted { a, b in
            let order = Moment.compare(a.element.at, b.element.at)
            return order != 0 ? order < 0 : a.offset < b.offset
        }.map(\.element)
        var spans: [String: [(Moment, Observation.Span)]] = [:]
        for subscription in subscriptions where subscription.start.time <= horizon {
            let end = subscription.end.flatMap { $0.time <= horizon ? $0.time : nil }
            spans[subscription.input, default: []].append((subscription.start, Observation.Span(start: subscription.start.time, end: end)))
        }
        self.init(
            log: sorted.map { Observation.Entry(time: $0.at.time, location: $0.at.location, text: $0.item) },
            subscriptions: spans.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) })
    }
}

extension Op {
    /// The operator in the model, as operator `index` of a chain in `form`.
    func model(_ upstream: MStream, _ inputs: [MStream], form: Form, index: Int) -> MStream {
        let signal = form == .signal
        // A signal's operator is made during the setup, and observes its inputs then.
        let created: Moment? = signal ? Moment.setup(1, index).child(1) : nil
        let prepared = Moment.setup(1, index).child(0)
        func fused(_ transform: @escaping FusedTransform) -> MStream {
            FusedNode(upstream: upstream, transform: transform, created: created)
        }
        func bool(_ value: MValue) -> Bool { value.key % 2 == 0 }
        func int(_ flag: Bool) -> MValue { .int(flag ? 1 : 0) }
        let syncPair = SyncSource(events: [.value(.int(0)), .value(.int(1)), .completed])
        // A trigger, sampler, samplee or property source: `materialize()` and its values only.
        func never(_ i: Int) -> MStream { FusedNode(upstream: inputs[i], transform: Fused.neverFailing()) }
        switch self {
        case let .map(k): return fused(Fused.map { $0.plus(k) })
        case let .filter(p): return fused(Fused.filter { p($0) })
        case let .compactMap(p, k): return fused(Fused.compactMap { p($0) ? nil : $0.plus(k) })
        case .scan, .scanInto: return fused(Fused.scan(.int(0), MValue.fold))
        case let .scanMap(k, _): return fused(Fused.scanMap(k))
        case .reduce, .reduceInto: return fused(Fused.reduce(.int(0), MValue.fold))
        case .collect: return fused(Fused.collect())
        case let .collectCount(n): return fused(Fused.collect(count: n))
        case let .takeFirst(n):
            guard n == 0 else { return fused(Fused.take(first: n)) }
            // As in ReactiveSwift: interrupted at once, without starting the upstream. A signal:
            // one that has ended before anyone observes it.
            return created.map { EndedSignal(upstream: upstream, created: $0) } ?? SyncSource(events: [.interrupted])
        case let .takeLast(n): return fused(Fused.take(last: n))
        case let .takeWhile(p): return fused(Fused.take(while: { p($0) }))
        case let .takeUntilPredicate(p): return fused(Fused.take(untilPredicate: { p($0) }))
        case let .skipFirst(n): return fused(Fused.skip(first: n))
        case let .skipWhile(p): return fused(Fused.skip(while: { p($0) }))
        case .skipRepeats: return fused(Fused.skipRepeats())
        case .uniqueValues: return fused(Fused.uniqueValues())
        case let .combinePrevious(initial): return fused(Fused.combinePrevious(initial.map(MValue.int)))
        case let .skipNil(p): return fused(Fused.filter { !p($0) })
        case let .attempt(p): return fused(Fused.attempt({ p($0) }, plus: 0))
        case let .attemptMap(p, k): return fused(Fused.attempt({ p($0) }, plus: k))
        case .mapError: return fused(Fused.mapError())
        case .ignoreErrors:
            return FlatMapErrorNode(upstream: upstream, replacement: SyncSource(events: [.completed]), created: created)
        case .materialize: return fused(Fused.materialize())
        case .dematerialize: return fused(Fused.dematerialize())
        case .materializeResults: return fused(Fused.materializeResults())
        case .dematerializeResults: return fused(Fused.dematerializeResults())
        case .negate: return fused(Fused.map { int(!bool($0)) })
        case let .on(id, hooks): return OnNode(upstream: upstream, id: id, hooks: Set(hooks), created: created)
        case let .takeUntil(i): return TriggerNode(source: upstream, trigger: never(i), skip: false, created: created)
        case let .skipUntil(i): return TriggerNode(source: upstream, trigger: never(i), skip: true, created: created)
        case let .takeUntilReplacement(i): return ReplacementNode(source: upstream, replacement: inputs[i], created: created)
        case let .combineLatest(i): return CombineNode(upstream, inputs[i], zip: false, created: created)
        case let .zip(i): return CombineNode(upstream, inputs[i], zip: true, created: created)
        case let .combineLatestN(indices, _):
            return CombineNode([upstream] + indices.map { inputs[$0] }, zip: false, created: created) { .list($0) }
        case let .zipN(indices, _):
            return CombineNode([upstream] + indices.map { inputs[$0] }, zip: true, created: created) { .list($0) }
        // The Boolean operators: values made Booleans first (for a signal, by signals made just
        // before the operator), then combined.
        case let .and(i), let .or(i):
            let and: Bool
            if case .and = self { and = true } else { and = false }
            let booleans = [upstream, inputs[i]].map {
                FusedNode(upstream: $0, transform: Fused.map { int(bool($0)) }, created: signal ? prepared : nil)
            }
            return CombineNode(booleans, zip: false, created: created) {
                int(and ? ($0[0] == .int(1) && $0[1] == .int(1)) : ($0[0] == .int(1) || $0[1] == .int(1)))
            }
        case let .all(indices), let .any(indices):
            let all: Bool
            if case .all = self { all = true } else { all = false }
            let streams = [upstream] + indices.map { inputs[$0] }
            let booleans = streams.map {
                FusedNode(upstream: $0, transform: Fused.map { int(bool($0)) }, created: signal ? prepared : nil)
            }
            return CombineNode(booleans, zip: false, created: created) { values in
                int(all ? values.allSatisfy { $0 == .int(1) } : values.contains(.int(1)))
            }
        // merge(with:) and the static merges are, as in ReactiveSwift, the flattening of a
        // producer that sends the streams synchronously, then completes. concat and prefix are
        // stages, one after the other; as in ReactiveSwift (where they flatten with the concat
        // strategy), a stage's interruption counts as its completion.
        case let .merge(i):
            var node = FlattenNode(outer: syncPair, strategy: .concurrent(Int.max), inners: [upstream, inputs[i]], pick: { $0.key })
            node.created = created
            node.innersAreSignals = signal
            return node
        case let .mergeN(indices, _):
            let streams = [upstream] + indices.map { inputs[$0] }
            let outer = SyncSource(events: streams.indices.map { .value(.int($0)) } + [.completed])
            var node = FlattenNode(outer: outer, strategy: .concurrent(Int.max), inners: streams, pick: { $0.key })
            node.created = created
            node.innersAreSignals = signal
            return node
        case let .concat(i):
            return SequenceNode.stages(upstream, [inputs[i]], interruptionIsCompletion: true)
        case let .prefix(i):
            return SequenceNode.stages(inputs[i], [upstream], interruptionIsCompletion: true)
        case let .then(i):
            return SequenceNode.stages(FusedNode(upstream: upstream, transform: Fused.droppingValues()), [inputs[i]])
        case let .sampleOn(i): return SampleNode(source: upstream, sampler: never(i), pairs: false, created: created)
        case let .sampleWith(i): return SampleNode(source: upstream, sampler: never(i), pairs: true, created: created)
        case let .withLatest(i): return WithLatestNode(source: upstream, samplee: never(i), created: created)
        case let .flatMap(strategy, indices):
            let count = indices.count
            var node = FlattenNode(outer: upstream, strategy: strategy.model, inners: indices.map { inputs[$0] },
                                   pick: { pick($0, among: count) })
            node.created = created
            node.outerIsSignal = signal
            return node
        case let .flatMapError(i): return FlatMapErrorNode(upstream: upstream, replacement: inputs[i], created: created)
        case let .retry(n): return n == 0 ? upstream : SequenceNode.retry(upstream, upTo: n)
        case let .retryInterval(n, h, sched):
            return n == 0 ? upstream : SequenceNode.retry(upstream, upTo: n, interval: h * ticksPerFrame / 2, on: sched)
        case let .repeatCount(n):
            switch n {
            case 0: return SyncSource(events: [.completed])
            case 1: return upstream
            default: return SequenceNode.stages(upstream, Array(repeating: upstream, count: n - 1))
            }
        case let .delay(h, sched):
            return ScheduledNode(upstream: upstream, kind: .delay, interval: h * ticksPerFrame / 2, scheduler: sched, created: created)
        case let .debounce(h, discard, sched):
            return ScheduledNode(upstream: upstream, kind: .debounce(discardWhenCompleted: discard), interval: h * ticksPerFrame / 2,
                                 scheduler: sched, created: created)
        case let .throttle(h, sched):
            return ScheduledNode(upstream: upstream, kind: .throttle, interval: h * ticksPerFrame / 2, scheduler: sched, created: created)
        case let .timeout(h, sched):
            return TimeoutNode(source: upstream, interval: h * ticksPerFrame / 2, scheduler: sched, created: created)
        case let .observeOn(sched):
            return ScheduledNode(upstream: upstream, kind: .observeOn, scheduler: sched, created: created)
        case let .startOn(sched): return StartOnNode(upstream: upstream, scheduler: sched)
        case let .lazyMap(k, sched):
            return ScheduledNode(upstream: upstream, kind: .lazyMap(k), scheduler: sched, created: created)
        case let .collectEvery(h, skipEmpty, discard, sched):
            return ScheduledNode(upstream: upstream, kind: .collectEvery(skipEmpty: skipEmpty, discardWhenCompleted: discard),
                                 interval: h * ticksPerFrame / 2, scheduler: sched, created: created)
        case let .throttleWhile(i, sched):
            let property = PropertySource(source: FusedNode(upstream: never(i), transform: Fused.map { int(bool($0)) }),
                                          initial: int(false), created: prepared)
            return ScheduledNode(upstream: upstream, kind: .throttleWhile, scheduler: sched, created: created, control: property)
        case let .takeDuring(t):
            // The lifetime's token is released by an action at `t`, or during the setup (`t < 0`).
            let end = t < 0 ? prepared : Moment.action(at: t, scheduledAt: prepared)
            return TakeDuringNode(upstream: upstream, end: end, created: created)
        }
    }
}

/// `take(first: 0)` on a signal: a signal that has ended before anyone observes it, so each
/// observer is interrupted at once. The signal it was made from goes on.
struct EndedSignal: MStream {
    let upstream: MStream
    let created: Moment

    func run(_ start: Moment, _ dispose: Moment?) -> Run {
        let upstreamRun = upstream.run(created, nil)
        return Run(events: [Timed(start.child(0), .interrupted)], log: upstreamRun.log, subscriptions: upstreamRun.subscriptions)
    }
}
