import Testing
@testable import Streams

// Generated schedules for the engines that serialize what several threads send: flattening
// for every strategy, combineLatest and zip of 2 to 10 sources, sample(on:) and sample(with:),
// withLatest(from:), the run list of properties (bindings and composed properties), and the
// multicast connections (the holds are in `EngineScheduleHolds.swift`, the cases of sample,
// withLatest, properties and multicast in `EngineScheduleCases.swift`). Each engine is observed
// where it delivers, before anything could serialize its deliveries again:
//
// - flattening, combining and multicast are wired by hand, with the observer under test as the
//   engine's own downstream (`Operators.flatten`, `Combining.tuples` and `Combining.array`,
//   `MulticastCore.subscription`): through the public operators, the output signal would
//   serialize what the engine sends, and an engine that does not serialize would go unseen;
// - a property's runs call their observers themselves, so `producer.start` observes the run list;
// - sample and withLatest serialize through their output signal by design, which is where they
//   are observed.
//
// The sources are hot pipes, sent into from the scripts' threads. Besides the random
// interleavings of `GeneratedScheduleTests.swift` (whose steps, recorders, checks and settings
// these cases share), most schedules hold one delivery (see `ScheduleHolds`): a thread's send is
// delivered, and the observer does not return until another thread has run its steps, sends into
// the engine that a correct engine queues behind the held delivery and returns from at once. So an
// engine that lets a second thread call downstream during a delivery shows an overlap in every
// such schedule, and one that makes a sender wait for a delivery in progress shows a deadlock,
// whatever the machine's timing.
//
// A failure prints the seed and the schedule. To replay one:
//
//     STREAMS_SCHEDULE_SEED=<kind>:<seed> swift test --filter EngineScheduleConcurrencyTests
//
// `STREAMS_SCHEDULE_REPEAT`, `STREAMS_SCHEDULE_CASES` and `STREAMS_SCHEDULE_BASE` work as for
// the other generated schedules; without `STREAMS_SCHEDULE_CASES`, each kind runs
// `EngineScheduleSettings.defaultCases` schedules.

// MARK: - Cases

/// What an engine schedule runs into.
enum EngineScheduleKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case engineFlattenMerge, engineFlattenConcat, engineFlattenLatest, engineFlattenRace
    case engineFlattenThrottle, engineFlattenConcurrent
    case engineCombineLatest, engineZip
    case engineSampleOn, engineSampleWith, engineWithLatest
    case engineProperty
    case enginePublish, engineReplay

    var testDescription: String { rawValue }

    /// The schedule of this kind that `seed` generates.
    func make(seed: UInt64) -> GeneratedCase {
        switch self {
        case .engineFlattenMerge: return EngineCases.flatten(seed, self, .merge)
        case .engineFlattenConcat: return EngineCases.flatten(seed, self, .concat)
        case .engineFlattenLatest: return EngineCases.flatten(seed, self, .latest)
        case .engineFlattenRace: return EngineCases.flatten(seed, self, .race)
        case .engineFlattenThrottle: return EngineCases.flatten(seed, self, .throttle)
        case .engineFlattenConcurrent:
            return EngineCases.flatten(seed, self, .concurrent(limit: UInt(2 + seed % 2)))
        case .engineCombineLatest: return EngineCases.combining(seed, self, zip: false)
        case .engineZip: return EngineCases.combining(seed, self, zip: true)
        case .engineSampleOn, .engineSampleWith, .engineWithLatest: return EngineCases.sampling(seed, self)
        case .engineProperty: return EngineCases.property(seed)
        case .enginePublish, .engineReplay: return EngineCases.multicast(seed, self)
        }
    }
}

/// The generators of the engine schedules, one per engine.
enum EngineCases {
    /// How a source ends, weighted towards completion.
    static let endings: [ScheduleEnding] = [.completed, .completed, .completed, .failed, .interrupted]

    // MARK: Flattening

    /// An outer pipe of inner pipe indices into `Operators.flatten`, whose downstream is the
    /// observer under test. The held value goes to an inner stream asked for before the threads
    /// start; the partner owns the outer stream or an inner one (only it sends into them), so that
    /// its steps never wait for the held delivery's source.
    static func flatten(_ seed: UInt64, _ kind: EngineScheduleKind, _ strategy: FlattenStrategy) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let innerCount = 2 + script.rng.below(3)
        let (sender, partner) = script.holdThreads()
        let holding = script.rng.chance(90)
        let held = 1 + script.rng.below(innerCount)
        let others = script.rng.shuffled((1...innerCount).filter { $0 != held })
        // Asked before the threads start: the held inner stream (the latest one for `latest`,
        // the first otherwise), and maybe others.
        let earlyOthers = Array(others.prefix(script.rng.below(others.count + 1)))
        let early = strategy == .latest ? earlyOthers + [held] : [held] + earlyOthers
        let late = Array(others.dropFirst(earlyOthers.count))
        let raceWonEarly = strategy == .race && script.rng.chance(60)
        var owned: Set<Int> = []
        if script.rng.chance(70) { owned.insert(0) }
        if owned.isEmpty || script.rng.chance(60) { owned.insert(script.rng.pick(others)) }

        var outer: [ScheduleStep] = late.map { .send(source: 0, value: $0) }
        // With the outer stream, the partner can end it while the delivery is held: the way a
        // second thread reaches downstream when only one inner stream runs.
        let outerEndHeld = holding && owned.contains(0) && script.rng.chance(35)
        if !outerEndHeld, script.rng.chance(50) {
            outer.insert(.end(source: 0, script.rng.pick(endings)), at: outer.count - script.rng.below(Swift.min(2, outer.count + 1)))
        }
        let inner = script.sends(sources: Array(1...innerCount), maxValues: 5, endPercent: 50, endings: endings)
            .filter { !($0.source == held && $0.isEnd) }
        let steps = script.interleave([outer, inner])
        let ownedSteps = steps.filter { owned.contains($0.source ?? -1) }
        var window = holding ? script.window(of: ownedSteps, most: 3).window : []
        if outerEndHeld { window.insert(.end(source: 0, script.rng.pick([.failed, .interrupted, .completed])), at: script.rng.below(window.count + 1)) }
        script.distribute(steps, except: window) { owned.contains($0.source ?? -1) ? partner : nil }
        if holding {
            script.addHold(0, sender: sender, partner: partner, source: held, value: held * 1_000 + 900, steps: window)
        }
        let disposes = script.maybeDispose(25)
        script.addNoise()

        let holds = ScheduleHolds(count: holding ? 1 : 0)
        let sources = SchedulePipes(innerCount + 1) { $0 == 0 ? "outer" : "inner \($0)" }
        let output = ScheduleRecorder<Int, TestError>("flatten's downstream", holds: holds)
        let gauge = ScheduleGauge()
        let starts = ScheduleShared<[Int]>([])
        let innerProducers: [SignalProducer<Int, TestError>] = (0...innerCount).map { index in
            let tap = sources.taps[index]
            return SignalProducer(sources.outputs[index]).on(
                starting: {
                    starts.update { $0.append(index) }
                    gauge.enter()
                },
                event: { tap.record($0) },
                terminated: { gauge.leave() })
        }
        let (lifetime, token) = Lifetime.make()
        let outerObserver: Signal<Int, TestError>.Observer =
            Operators.flatten(strategy, mapError: { $0 }) { innerProducers[$0] }(output.observer, lifetime)
        lifetime += sources.signal(0).observe(outerObserver)
        for index in early { sources.inputs[0].send(value: index) }
        if raceWonEarly { sources.inputs[held].send(value: held * 1_000 + 800) }
        let variant = "Operators.flatten(\(strategy)) observed at its downstream, \(innerCount) inner pipes, "
            + "asked before the threads: \(early)\(raceWonEarly ? ", inner \(held) sent first" : ""), partner owns \(owned.sorted())"
        return GeneratedCase(kind.rawValue, seed: seed, variant: variant, script: script, holds: holds,
                             perform: { step in
                                 if !sources.perform(step), case .dispose = step { token.dispose() }
                             },
                             epilogue: {
                                 for input in sources.inputs.dropFirst() { input.sendCompleted() }
                                 sources.inputs[0].sendCompleted()
                             },
                             check: {
            var problems = output.problems + sources.tapProblems
            if !disposes, output.terminal == nil {
                problems.append("the engine sent no terminal event although every source ended")
            }
            problems += ScheduleCases.checkFlatten(strategy, output: output, sources: sources, started: starts.value,
                                                   mostRunning: gauge.most, disposes: disposes)
            if !problems.isEmpty {
                problems += [output.summary, "inner streams started: \(starts.value)", "held: \(holds.heldCount)"]
                    + sources.taps.map(\.summary)
            }
            return problems
        })
    }

    // MARK: combineLatest and zip

    /// 2 to 10 pipes into `Combining.tuples` (the engine of every arity) or `Combining.array`,
    /// whose downstream is the observer under test. Some schedules are bursts: each source
    /// belongs to one thread, which sends many values without pausing, so that stores race with
    /// the combinations other threads build.
    static func combining(_ seed: UInt64, _ kind: EngineScheduleKind, zip: Bool) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let count = 2 + script.rng.below(9)
        let burst = script.rng.chance(30)
        let (sender, partner) = script.holdThreads()
        let holding = script.rng.chance(85)
        let held = script.rng.below(count)
        // Who sends into each source: one thread, or any (nil).
        var owner = [Int?](repeating: nil, count: count)
        let candidates = script.rng.shuffled((0..<count).filter { $0 != held })
        for source in candidates.prefix(1 + script.rng.below(Swift.min(2, candidates.count))) { owner[source] = partner }
        if burst {
            owner[held] = sender
            for source in 0..<count where owner[source] == nil { owner[source] = script.rng.below(script.threads.count) }
        }
        // zip: the held value is the only one of its source, and the other sources send once before
        // the threads start, so that it completes a pair and is delivered on its sender's thread.
        let pairsFirst = zip && holding
        let steps = script.sends(sources: Array(0..<count), maxValues: burst ? 30 : 5, endPercent: burst ? 10 : 40,
                                 endings: endings)
            .filter { !(pairsFirst && $0.source == held) }
        let partnerSteps = steps.filter { owner[$0.source!] == partner }
        let window = holding ? script.window(of: partnerSteps, most: burst ? 8 : 3).window : []
        script.distribute(steps, except: window) { owner[$0.source!] }
        if holding {
            script.addHold(0, sender: sender, partner: partner, source: held, value: held * 1_000 + 995, steps: window)
        }
        let disposes = burst ? false : script.maybeDispose(25)
        if !burst { script.addNoise() }
        let prologue = pairsFirst || !zip && (burst || script.rng.chance(80))
        let tuple = script.rng.chance(60)

        let holds = ScheduleHolds(count: holding ? 1 : 0)
        let sources = SchedulePipes(count)
        let output = ScheduleRecorder<[Int], TestError>("\(zip ? "zip" : "combineLatest")'s downstream", holds: holds)
        let (lifetime, token) = Lifetime.make()
        let combining = (0..<count).map { CombiningSource(sources.signal($0)) }
        let mode: CombiningMode = zip ? .zip : .latest
        let generator = tuple ? tuples(mode, combining) : adapt(Combining.array(mode, combining)) { $0 }
        generator(output.observer, lifetime)
        if prologue {
            for source in 0..<count where !(pairsFirst && source == held) { sources.inputs[source].send(value: source * 1_000 + 990) }
        }
        let variant = "Combining.\(tuple ? "tuples" : "array")(\(zip ? ".zip" : ".latest")) of \(count) pipes observed at its downstream"
            + (burst ? ", burst" : "") + (prologue ? ", \(pairsFirst ? "the other sources" : "every source") sent once before the threads" : "")
        return GeneratedCase(kind.rawValue, seed: seed, variant: variant, script: script, holds: holds,
                             perform: { step in
                                 if !sources.perform(step), case .dispose = step { token.dispose() }
                             },
                             epilogue: { sources.completeAll() },
                             check: {
            var problems = output.problems + sources.tapProblems
            if !disposes, output.terminal == nil {
                problems.append("the engine sent no terminal event although every source ended")
            }
            let taps = sources.taps.map(\.values)
            problems += zip
                ? ScheduleCases.checkZip(output, taps: taps, disposes: disposes, sources: sources)
                : ScheduleCases.checkCombineLatest(output, taps: taps, disposes: disposes, sources: sources)
            if !problems.isEmpty { problems += [output.summary, "held: \(holds.heldCount)"] + sources.taps.map(\.summary) }
            return problems
        })
    }

    /// Wires an engine to its downstream for a lifetime.
    typealias Wiring = (Signal<[Int], TestError>.Observer, Lifetime) -> Void

    /// Whether `recorder` was interrupted.
    static func isInterrupted<Value, Error>(_ recorder: ScheduleRecorder<Value, Error>) -> Bool {
        if case .interrupted? = recorder.terminal { return true }
        return false
    }

    /// A combining generator whose combinations are delivered as arrays.
    static func adapt<T>(_ generator: @escaping CombiningGenerator<T, TestError>, _ convert: @escaping (T) -> [Int]) -> Wiring {
        return { observer, lifetime in
            generator(Signal<T, TestError>.Observer { event in observer.send(event.map(convert)) }, lifetime)
        }
    }

    /// The tuple form of the engine for `s.count` sources, 2 to 10.
    static func tuples(_ m: CombiningMode, _ s: [CombiningSource<Int, TestError>]) -> Wiring {
        switch s.count {
        case 2: return adapt(Combining.tuples(m, s[0], s[1])) { [$0.0, $0.1] }
        case 3: return adapt(Combining.tuples(m, s[0], s[1], s[2])) { [$0.0, $0.1, $0.2] }
        case 4: return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3])) { [$0.0, $0.1, $0.2, $0.3] }
        case 5: return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3], s[4])) { [$0.0, $0.1, $0.2, $0.3, $0.4] }
        case 6:
            return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3], s[4], s[5])) { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] }
        case 7:
            return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3], s[4], s[5], s[6])) {
                [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6]
            }
        case 8:
            return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])) {
                [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7]
            }
        case 9:
            return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8])) {
                [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8]
            }
        default:
            return adapt(Combining.tuples(m, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9])) {
                [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7, $0.8, $0.9]
            }
        }
    }
}

// MARK: - The suite

/// How many engine schedules run, and with which seeds.
enum EngineScheduleSettings {
    /// Schedules per kind in a normal run.
    static let defaultCases = 150

    /// Schedules per kind in this run: `STREAMS_SCHEDULE_CASES`, or `defaultCases`.
    static var casesPerKind: Int {
        ScheduleSettings.environment["STREAMS_SCHEDULE_CASES"].flatMap(Int.init) ?? defaultCases
    }

    /// The seeds of `kind` for this run.
    static func seeds(_ kind: EngineScheduleKind) -> [UInt64] {
        ScheduleSettings.seeds(kind.rawValue, index: 100 + UInt64(EngineScheduleKind.allCases.firstIndex(of: kind)!),
                               count: casesPerKind)
    }
}

extension ConcurrencySuites {
    /// The engine schedules of every kind, and their reproducibility.
    @Suite("Engine Schedule Concurrency", .timeLimit(.minutes(10)))
    struct EngineScheduleConcurrencyTests {
        /// Runs the schedules of `kind`; stops at the first that fails, printing it.
        @Test("engines observed at their own downstream, a delivery held while other threads send: never two deliveries at once, nothing lost, nobody waits",
              arguments: EngineScheduleKind.allCases)
        func schedules(_ kind: EngineScheduleKind) {
            GeneratedCase.runEach(EngineScheduleSettings.seeds(kind), suite: "EngineScheduleConcurrencyTests") {
                kind.make(seed: $0)
            }
        }

        /// The same seed gives the same schedule, so that a printed seed replays its failure.
        @Test("an engine schedule is a pure function of its seed")
        func schedulesAreReproducible() {
            for kind in EngineScheduleKind.allCases {
                for seed: UInt64 in [1, 42, 0xDEAD_BEEF] {
                    #expect(kind.make(seed: seed).script == kind.make(seed: seed).script)
                }
            }
        }
    }
}
