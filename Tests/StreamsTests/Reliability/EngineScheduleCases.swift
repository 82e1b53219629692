import Testing
@testable import Streams

// The engine schedules of sample, withLatest, the run list of properties and multicast; the
// others, the kinds and the suite that runs them all (`EngineScheduleConcurrencyTests`) are in
// `EngineScheduleTests.swift`.

extension EngineCases {
    // MARK: sample and withLatest

    /// A source pipe and a pipe of `Never` (the sampler, or withLatest's samplee) into the public
    /// operator, observed at its output signal, which serializes what the operator sends from
    /// either side. The held send is the one that makes the operator send (the sampler's value,
    /// or withLatest's source value); the partner owns the stream whose latest value is kept and
    /// sends into it while the delivery is held, which a correct operator stores without waiting.
    ///
    /// Beyond the grammar and overlaps: each trigger is paired with a latest value at least as
    /// recent as every value whose send had returned before the trigger was sent, the latest
    /// values never go back, and once a latest value exists no trigger is dropped.
    static func sampling(_ seed: UInt64, _ kind: EngineScheduleKind) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let (sender, partner) = script.holdThreads()
        let holding = script.rng.chance(85)
        let withLatest = kind == .engineWithLatest
        // Source 0 is the operator's source (TestError); source 1 the sampler or samplee (Never).
        let trigger = withLatest ? 0 : 1
        let kept = 1 - trigger
        let main = script.sends(sources: [0], maxValues: 6, endPercent: 40, endings: endings)
        let other = script.sends(sources: [1], maxValues: 6, endPercent: 40, endings: [.completed, .completed, .interrupted])
        // The window: values of the kept stream (withLatest ignores its samplee's end, but
        // sample's source ends the output, which waits for the held delivery).
        let window = script.distribute(script.interleave([main, other]), partner: partner, owns: { $0.source == kept },
                                       holding: holding, most: 3, eligible: { withLatest || !$0.isEnd })
        if holding {
            script.addHold(0, sender: sender, partner: partner, source: trigger, value: trigger * 1_000 + 900, steps: window)
        }
        let disposes = script.maybeDispose(20)
        script.addNoise()
        // The kept stream sends once before the threads start, so that triggers are answered.
        let keptFirst = script.rng.chance(70)

        let holds = ScheduleHolds(count: holding ? 1 : 0)
        let source = Signal<Int, TestError>.pipe()
        let second = Signal<Int, Never>.pipe()
        let sourceTap = ScheduleRecorder<Int, TestError>("source")
        let otherTap = ScheduleRecorder<Int, Never>(withLatest ? "samplee" : "sampler")
        let output = ScheduleRecorder<[Int], TestError>("output", holds: holds)
        let sourceSignal = source.output.on(event: { sourceTap.record($0) })
        let otherSignal = second.output.on(event: { otherTap.record($0) })
        // The kept values whose send has returned, and, for each trigger, those that had before
        // it was sent.
        let returned = ScheduleShared<Set<Int>>([])
        let before = ScheduleShared<[Int: Set<Int>]>([:])
        let variant: String
        let observation: Disposable?
        switch kind {
        case .engineSampleOn:
            variant = "Signal.sample(on:) observed at its output"
            observation = sourceSignal.sample(on: otherSignal.map { _ in () })
                .observe(Signal.Observer { output.record($0.map { [$0] }) })
        case .engineSampleWith:
            variant = "Signal.sample(with:) observed at its output"
            observation = sourceSignal.sample(with: otherSignal)
                .observe(Signal.Observer { output.record($0.map { [$0.0, $0.1] }) })
        default:
            variant = "Signal.withLatest(from:) observed at its output"
            observation = sourceSignal.withLatest(from: otherSignal)
                .observe(Signal.Observer { output.record($0.map { [$0.0, $0.1] }) })
        }
        if keptFirst {
            let value = kept * 1_000 + 990
            if kept == 0 { source.input.send(value: value) } else { second.input.send(value: value) }
            returned.update { _ = $0.insert(value) }
        }
        return GeneratedCase(kind.rawValue, seed: seed, variant: variant + (keptFirst ? ", the kept stream sent once before the threads" : ""),
                             script: script, holds: holds,
                             perform: { step in
                                 switch step {
                                 case let .send(index, value):
                                     if index == trigger {
                                         let snapshot = returned.value
                                         before.update { $0[value] = snapshot }
                                     }
                                     if index == 0 { source.input.send(value: value) } else { second.input.send(value: value) }
                                     if index == kept { returned.update { _ = $0.insert(value) } }
                                 case let .end(0, ending):
                                     source.input.send(ending.event())
                                 case let .end(_, ending):
                                     if ending == .interrupted { second.input.sendInterrupted() } else { second.input.sendCompleted() }
                                 case .dispose:
                                     observation?.dispose()
                                 default:
                                     break
                                 }
                             },
                             epilogue: {
                                 source.input.sendCompleted()
                                 second.input.sendCompleted()
                             },
                             check: {
            var problems = output.problems + sourceTap.problems + otherTap.problems
            let triggers = withLatest ? sourceTap.values : otherTap.values
            let keptValues = withLatest ? otherTap.values : sourceTap.values
            let snapshots = before.value
            // Which trigger each output answers, and which kept value it carries.
            var answered: [Int] = []
            var latest: [Int] = []
            for (position, pair) in output.values.enumerated() {
                let keptValue = withLatest ? pair[1] : pair[0]
                guard let keptIndex = keptValues.firstIndex(of: keptValue) else {
                    problems.append("output #\(position) \(pair) carries \(keptValue), which was never sent")
                    break
                }
                latest.append(keptIndex)
                if kind == .engineSampleOn { continue }
                let triggerValue = withLatest ? pair[0] : pair[1]
                guard let triggerIndex = triggers.firstIndex(of: triggerValue) else {
                    problems.append("output #\(position) \(pair) answers \(triggerValue), which was never sent")
                    break
                }
                answered.append(triggerIndex)
            }
            if latest != latest.sorted() { problems.append("the latest values went back: \(output.values)") }
            let untilTheEnd = !disposes && (output.terminal == nil || output.isCompleted)
            if kind == .engineSampleOn, untilTheEnd {
                // Every sampler value from the first sample on is answered, in order.
                answered = Array((triggers.count - output.values.count)..<triggers.count)
                if answered.first.map({ $0 < 0 }) == true {
                    problems.append("\(output.values.count) samples for \(triggers.count) sampler values")
                    answered = []
                }
            }
            if let first = answered.first {
                if answered != Array(first..<(first + answered.count)) {
                    problems.append("the triggers answered, \(answered.map { triggers[$0] }), are not consecutive: one was lost or reordered")
                } else if untilTheEnd, first + answered.count != triggers.count {
                    problems.append("triggers after \(triggers[first + answered.count - 1]) were not answered: \(Array(triggers[(first + answered.count)...]))")
                }
                for index in 0..<first where !disposes {
                    if let seen = snapshots[triggers[index]], !seen.isEmpty {
                        problems.append("trigger \(triggers[index]) was sent after \(seen.sorted()) had been, but not answered")
                    }
                }
                for (position, index) in answered.enumerated() where position < latest.count {
                    guard let seen = snapshots[triggers[index]] else { continue }
                    let newest = seen.compactMap { keptValues.firstIndex(of: $0) }.max() ?? -1
                    if latest[position] < newest {
                        problems.append("trigger \(triggers[index]) was answered with \(keptValues[latest[position]]), older than \(keptValues[newest]), whose send had returned before the trigger was sent: a stale latest value")
                    }
                }
            } else if untilTheEnd, !keptValues.isEmpty, output.values.isEmpty, !disposes {
                let late = triggers.filter { !(snapshots[$0]?.isEmpty ?? true) }
                if !late.isEmpty { problems.append("triggers \(late) were sent after a latest value, but nothing was sent") }
            }
            // Terminal events.
            if let terminal = output.terminal {
                switch terminal {
                case .completed:
                    if withLatest ? !sourceTap.isCompleted : !(sourceTap.isCompleted && otherTap.isCompleted) {
                        problems.append("the output completed, but the source\(withLatest ? "" : " and the sampler") had not")
                    }
                case .failed:
                    if !sourceTap.isFailed { problems.append("the output failed, but the source did not") }
                default:
                    let cause = withLatest ? isInterrupted(sourceTap) : isInterrupted(sourceTap) || isInterrupted(otherTap)
                    if !cause, !disposes { problems.append("the output was interrupted, but no stream it follows was") }
                }
            } else if !disposes {
                problems.append("the output did not terminate although every stream ended")
            }
            if !problems.isEmpty {
                problems += [output.summary, sourceTap.summary, otherTap.summary, "held: \(holds.heldCount)"]
            }
            return problems
        })
    }
}

extension EngineCases {
    // MARK: The run list of properties

    /// Two mutable properties `a` and `b` set from several threads, with the runs of their
    /// producers: an observer of `a.producer`, a binding `q <~ a` whose target is observed, a
    /// composed `a.combineLatest(with: b)` observed, and late subscribers to `a` and to the
    /// composed property, some of which unsubscribe. A run calls its observer itself, so the
    /// observers see what the run list delivers. The partner's steps (sets, subscriptions) never
    /// wait: a set while a change is being delivered is queued behind it.
    static func property(_ seed: UInt64) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let (sender, partner) = script.holdThreads()
        let holding = script.rng.chance(85)
        var steps = script.sends(sources: [0, 1], maxValues: 6, endPercent: 0, endings: [], value: { $0 * 1_000 + $1 + 1 })
        let subscribers = script.rng.below(4)
        for k in 0..<subscribers {
            let at = script.rng.below(steps.count + 1)
            steps.insert(.subscribe(k), at: at)
            if script.rng.chance(35) { steps.insert(.unsubscribe(k), at: at + 1 + script.rng.below(steps.count - at)) }
        }
        let window = holding ? script.window(of: steps, most: 3).window : []
        script.distribute(steps, except: window) { _ in nil }
        let heldSource = script.rng.below(2)
        if holding {
            script.addHold(0, sender: sender, partner: partner, source: heldSource, value: heldSource * 1_000 + 500, steps: window)
        }
        let disposes = script.maybeDispose(25)
        script.addNoise()
        let sent = (0..<2).map { source in
            script.threads.map { thread in
                thread.compactMap { step -> Int? in
                    switch step {
                    case let .send(s, value) where s == source: return value
                    case let .heldSend(_, s, value) where s == source: return value
                    default: return nil
                    }
                }
            }
        }

        let holds = ScheduleHolds(count: holding ? 1 : 0)
        let a = MutableProperty(0)
        let b = MutableProperty(1_000)
        let q = MutableProperty(-1)
        let binding = q <~ a
        let combined = a.combineLatest(with: b).map { [$0.0, $0.1] }
        let aChanges = ScheduleRecorder<Int, Never>("observer of a.signal", holds: holds)
        let bChanges = ScheduleRecorder<Int, Never>("observer of b.signal", holds: holds)
        a.signal.observe(aChanges.observer)
        b.signal.observe(bChanges.observer)
        let aRun = ScheduleRecorder<Int, Never>("observer of a.producer", holds: holds)
        let qRun = ScheduleRecorder<Int, Never>("observer of q.producer, q <~ a", holds: holds)
        let combinedRun = ScheduleRecorder<[Int], Never>("observer of a.combineLatest(with: b).producer", holds: holds)
        let aDisposable = a.producer.start(aRun.observer)
        q.producer.start(qRun.observer)
        combined.producer.start(combinedRun.observer)
        let late = (0..<subscribers).map {
            ScheduleRecorder<[Int], Never>("late observer #\($0) of \($0 % 2 == 0 ? "a" : "the composed property")", holds: holds)
        }
        let subscriptions = ScheduleShared<[Int: Disposable]>([:])
        let unsubscribed = ScheduleShared<Set<Int>>([])
        let finals = ScheduleShared<[Int]>([])
        return GeneratedCase(EngineScheduleKind.engineProperty.rawValue, seed: seed,
                             variant: "a, b: MutableProperty; q <~ a; a.combineLatest(with: b); \(subscribers) late subscribers",
                             script: script, holds: holds,
                             perform: { step in
                                 switch step {
                                 case let .send(source, value):
                                     let target = source == 0 ? a : b
                                     switch value % 3 {
                                     case 0: target.value = value
                                     case 1: _ = target.swap(value)
                                     default: target.modify { $0 = value }
                                     }
                                 case let .subscribe(k):
                                     let log = late[k]
                                     let run = k % 2 == 0
                                         ? a.producer.start(Signal.Observer { log.record($0.map { [$0] }) })
                                         : combined.producer.start(log.observer)
                                     subscriptions.update { $0[k] = run }
                                 case let .unsubscribe(k):
                                     if let run = subscriptions.update({ $0[k] }) {
                                         unsubscribed.update { _ = $0.insert(k) }
                                         run.dispose()
                                     }
                                 case .dispose:
                                     aDisposable.dispose()
                                 default:
                                     break
                                 }
                             },
                             epilogue: {
                                 finals.update { $0 = [a.value, b.value, q.value] + combined.value }
                                 withExtendedLifetime(binding) {}
                             },
                             check: {
            var problems = ([aChanges, bChanges, aRun, qRun].flatMap(\.problems)) + combinedRun.problems + late.flatMap(\.problems)
            let histories = [aChanges.values, bChanges.values]
            for source in 0..<2 {
                let name = source == 0 ? "a" : "b"
                let expected = sent[source].flatMap { $0 }.sorted()
                if histories[source].sorted() != expected {
                    problems.append("\(name).signal saw \(histories[source]), not each value set exactly once, \(expected)")
                }
                for (thread, values) in sent[source].enumerated() {
                    let positions = values.compactMap { histories[source].firstIndex(of: $0) }
                    if positions != positions.sorted() {
                        problems.append("thread \(thread) set \(name) to \(values) in that order; \(name).signal saw them in another")
                    }
                }
            }
            let aHistory = [0] + histories[0]
            let bHistory = [1_000] + histories[1]
            let final = finals.value
            if final.count == 5, [final[0], final[1], final[2]] != [aHistory.last!, bHistory.last!, aHistory.last!] || Array(final[3...]) != [aHistory.last!, bHistory.last!] {
                problems.append("the final values a, b, q, composed are \(final), not those of the last changes")
            }
            if disposes ? !isPrefix(aRun.values, of: aHistory) : aRun.values != aHistory {
                problems.append("the observer of a.producer saw \(aRun.values), not \(disposes ? "a prefix of " : "")\(aHistory)")
            }
            if qRun.values != aHistory {
                problems.append("the target of the binding, q, went through \(qRun.values), not \(aHistory)")
            }
            problems += ScheduleCases.checkLatestSteps(combinedRun.values, sequences: [aHistory, bHistory], startsAnywhere: false)
                .map { "the composed property: " + $0 }
            if combinedRun.values.last != [aHistory.last!, bHistory.last!] {
                problems.append("the composed property's observer ended on \(combinedRun.values.last ?? []), not \([aHistory.last!, bHistory.last!])")
            }
            let gone = unsubscribed.value
            for (k, log) in late.enumerated() where subscriptions.value[k] != nil {
                if k % 2 == 0 {
                    let values = log.values.map { $0[0] }
                    let fits = gone.contains(k) ? isContiguousSlice(values, of: aHistory) : aHistory.reversed().starts(with: values.reversed())
                    if values.isEmpty || !fits {
                        problems.append("\(log.name) saw \(values), not the value current when it started followed by \(gone.contains(k) ? "later ones" : "every later one"), \(aHistory)")
                    }
                } else {
                    problems += ScheduleCases.checkLatestSteps(log.values, sequences: [aHistory, bHistory], startsAnywhere: true)
                        .map { "\(log.name): " + $0 }
                    if log.values.isEmpty || (!gone.contains(k) && log.values.last != [aHistory.last!, bHistory.last!]) {
                        problems.append("\(log.name) saw \(log.values), not ending on the final values")
                    }
                }
            }
            if !problems.isEmpty {
                problems += [aChanges.summary, bChanges.summary, aRun.summary, qRun.summary, combinedRun.summary]
                    + late.map(\.summary) + ["unsubscribed: \(gone.sorted())", "held: \(holds.heldCount)"]
            }
            return problems
        })
    }

    // MARK: Multicast

    /// publish() or replay(upTo:) of a producer over a pipe, its subscribers attached to the
    /// connection's core itself (`MulticastCore.subscription`), whose calls are the ones to
    /// check: a run of the connection's producer would serialize them again. The partner
    /// subscribes, unsubscribes, connects and disconnects while a delivery is held, which a
    /// correct core queues behind it.
    static func multicast(_ seed: UInt64, _ kind: EngineScheduleKind) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let (sender, partner) = script.holdThreads()
        let holding = script.rng.chance(85)
        let capacity = script.rng.pick([1, 2, 100])
        let subscribers = 1 + script.rng.below(3)
        let sends = script.sends(sources: [0], maxValues: 8, endPercent: 40, endings: endings, value: { _, k in k + 1 })
        var others: [ScheduleStep] = []
        for k in 1...subscribers {
            let at = script.rng.below(others.count + 1)
            others.insert(.subscribe(k), at: at)
            if script.rng.chance(35) { others.insert(.unsubscribe(k), at: at + 1 + script.rng.below(others.count - at)) }
        }
        let connectsFirst = script.rng.chance(70)
        if !connectsFirst { others.insert(.connect, at: script.rng.below(others.count + 1)) }
        let disconnects = script.rng.chance(25)
        if disconnects { others.insert(.dispose, at: script.rng.below(others.count + 1)) }
        // The window: never a send upstream, which waits for the held delivery's upstream run.
        let split = holding ? script.window(of: others, most: 3) : (window: [], rest: others)
        script.distribute(script.interleave([sends, split.rest]))
        if holding {
            script.addHold(0, sender: sender, partner: partner, source: 0, value: 500, steps: split.window)
        }
        script.addNoise()

        let holds = ScheduleHolds(count: holding ? 1 : 0)
        // Every run of the upstream observes the same pipe; its values are tagged with the run's
        // number (value + run * 1_000_000).
        let (pipeOutput, pipeInput) = Signal<Int, TestError>.pipe()
        let runTaps = ScheduleShared<[Int: ScheduleRecorder<Int, TestError>]>([:])
        let runCount = TestCounter()
        let upstream = SignalProducer<Int, TestError> { observer, lifetime in
            let run = runCount.increment()
            let tap = ScheduleRecorder<Int, TestError>("upstream run \(run)")
            runTaps.update { $0[run] = tap }
            lifetime += pipeOutput.observe { event in
                let tagged = event.map { $0 + run * 1_000_000 }
                tap.record(tagged)
                observer.send(tagged)
            }
        }
        let connection = kind == .enginePublish ? upstream.publish() : upstream.replay(upTo: capacity)
        let core = connection.core
        let replays = connection.replays
        let logs = (0...subscribers).map {
            ScheduleRecorder<Int, TestError>($0 == 0 ? "first subscriber" : "subscriber \($0)", holds: holds)
        }
        // The core calls one subscriber at a time, whichever: its deliveries to all of them are
        // counted together, so that a replay or a terminal event sent to a new subscriber while
        // another's delivery is held is an overlap too.
        let delivering = ScheduleGauge()
        let observers = logs.map { log in
            Signal<Int, TestError>.Observer { event in
                delivering.enter()
                log.record(event)
                delivering.leave()
            }
        }
        let subscriptions = ScheduleShared<[Int: Disposable]>([:])
        let unsubscribed = ScheduleShared<Set<Int>>([])
        let connections = ScheduleShared<[Disposable]>([])
        let first = core.subscription(observers[0], replays: replays)
        if connectsFirst { connections.update { $0.append(connection.connect()) } }
        let variant = (kind == .enginePublish ? "publish()" : "replay(upTo: \(capacity))")
            + ", \(subscribers + 1) subscribers of its core" + (connectsFirst ? ", connected before the threads" : "")
        return GeneratedCase(kind.rawValue, seed: seed, variant: variant, script: script, holds: holds,
                             perform: { step in
                                 switch step {
                                 case let .send(_, value):
                                     pipeInput.send(value: value)
                                 case let .end(_, ending):
                                     pipeInput.send(ending.event())
                                 case let .subscribe(k):
                                     let subscription = core.subscription(observers[k], replays: replays)
                                     subscriptions.update { $0[k] = subscription }
                                 case let .unsubscribe(k):
                                     if let subscription = subscriptions.update({ $0[k] }) {
                                         unsubscribed.update { _ = $0.insert(k) }
                                         subscription.dispose()
                                     }
                                 case .connect:
                                     let handle = connection.connect()
                                     connections.update { $0.append(handle) }
                                 case .dispose:
                                     connections.update { $0.last }?.dispose()
                                 default:
                                     break
                                 }
                             },
                             epilogue: {
                                 pipeInput.sendCompleted()
                                 withExtendedLifetime(first) {}
                                 withExtendedLifetime(connection) {}
                             },
                             check: {
            var problems = logs.flatMap(\.problems)
            if delivering.most > 1 {
                problems.append("the core called \(delivering.most) subscribers at once")
            }
            let taps = runTaps.value
            problems += taps.values.flatMap(\.problems)
            for log in logs {
                for run in Set(log.values.map { $0 / 1_000_000 }) {
                    let received = log.values.filter { $0 / 1_000_000 == run }
                    guard let tap = taps[run] else {
                        problems.append("\(log.name) received \(received) from a run that never started")
                        continue
                    }
                    if !isContiguousSlice(received, of: tap.values) {
                        problems.append("\(log.name) received \(received) from run \(run), not an unbroken run of its values \(tap.values)")
                    }
                }
            }
            // Without a disconnection, a single upstream run feeds everyone: the first
            // subscriber receives every one of its events, the others every event from the
            // moment they joined (and, with a replay, some before).
            if !disconnects, let run = taps[1] {
                if taps.count > 1 { problems.append("\(taps.count) upstream runs started without a disconnection") }
                if logs[0].values != run.values || "\(logs[0].terminal.map { "\($0)" } ?? "-")" != "\(run.terminal.map { "\($0)" } ?? "-")" {
                    problems.append("the first subscriber received \(logs[0].summary), not everything the upstream sent, \(run.summary)")
                }
                let gone = unsubscribed.value
                for k in 1...subscribers where !gone.contains(k) && subscriptions.value[k] != nil {
                    let log = logs[k]
                    if !run.values.reversed().starts(with: log.values.reversed()) {
                        problems.append("\(log.name) received \(log.values), not every value from its subscription on, \(run.values)")
                    }
                    if "\(log.terminal.map { "\($0)" } ?? "-")" != "\(run.terminal.map { "\($0)" } ?? "-")" {
                        problems.append("\(log.name) ended with \(log.terminal.map { "\($0)" } ?? "nothing"), the upstream with \(run.terminal.map { "\($0)" } ?? "nothing")")
                    }
                }
            }
            if !problems.isEmpty {
                problems += logs.map(\.summary) + taps.keys.sorted().map { taps[$0]!.summary }
                    + ["unsubscribed: \(unsubscribed.value.sorted())", "held: \(holds.heldCount)"]
            }
            return problems
        })
    }
}
