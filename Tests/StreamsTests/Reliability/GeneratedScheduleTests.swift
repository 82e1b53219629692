import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Streams

// Generated schedules across threads, for the stateful parts of the library: combineLatest, zip,
// merge, every flattening strategy, MutableProperty and composed properties, Action, and the
// multicast connections.
//
// From a seed, each case generates a schedule: 2 to 4 threads, each with a script of sends into
// the pipeline's sources (values, and at most one terminal event per source), pauses and yields,
// and, in most schedules, a disposal from one of those threads at some point. The threads wait
// for each other and start together, run their scripts, and are awaited under a deadline; then
// every source is completed (the epilogue), and the case checks, for its pipeline:
//
// - the event grammar at every observer (values, then at most one terminal, nothing after);
// - that no two deliveries to one observer overlapped;
// - that nothing was lost where nothing may be lost, against taps placed where each source
//   enters the operator (what the operator received, in the order it received it);
// - that the disposal, and every send, returned: a case whose threads do not finish within the
//   deadline fails with its seed and schedule instead of hanging the run.
//
// A failure prints the seed and the schedule. To replay it (the same schedule, many times, since
// the interleaving is up to the machine):
//
//     STREAMS_SCHEDULE_SEED=<kind>:<seed> swift test --filter GeneratedScheduleConcurrencyTests
//
// `STREAMS_SCHEDULE_REPEAT` sets how many times a replayed seed runs (default 200);
// `STREAMS_SCHEDULE_CASES` sets the number of schedules per kind (default below), and
// `STREAMS_SCHEDULE_BASE` the base seed the schedules are derived from (`random` for a new one
// each run; the default is fixed, so that CI runs the same schedules every time).

// MARK: - Schedules

/// The schedules' random numbers: a schedule is a pure function of its seed.
typealias ScheduleRandom = SplitMix64

extension ScheduleRandom {
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    mutating func shuffled<T>(_ values: [T]) -> [T] {
        var result = values
        for index in stride(from: result.count - 1, to: 0, by: -1) { result.swapAt(index, below(index + 1)) }
        return result
    }
}

/// How a source ends.
enum ScheduleEnding: String, Sendable {
    case completed, failed, interrupted

    func event<Value>() -> Signal<Value, TestError>.Event {
        switch self {
        case .completed: return .completed
        case .failed: return .failed(.first)
        case .interrupted: return .interrupted
        }
    }
}

/// One step of a thread's script.
enum ScheduleStep: Sendable, CustomStringConvertible {
    /// Sends `value` into source `source`.
    case send(source: Int, value: Int)
    /// Ends source `source`.
    case end(source: Int, ScheduleEnding)
    /// Disposes the run under test (what that means depends on the kind).
    case dispose
    /// Starts subscriber `k` (multicast, properties).
    case subscribe(Int)
    /// Disposes subscriber `k`.
    case unsubscribe(Int)
    /// Connects a multicast connection.
    case connect
    /// Applies an action to `input`.
    case apply(Int)
    /// Disposes the run of the action applied to `input`.
    case disposeApply(Int)
    /// Enables or disables an action.
    case setEnabled(Bool)
    /// Busy work, to shift the thread against the others.
    case pause(Int)
    /// Gives the processor away.
    case yield
    /// Sends `value` into source `source` once the partner of hold `hold` waits for it; the
    /// first delivery this send makes on this thread, to an observer that holds, is held until
    /// the partner releases it (see ``ScheduleHolds``).
    case heldSend(hold: Int, source: Int, value: Int)
    /// The partner of hold `hold`: waits until the delivery is held (or the held send returned
    /// without delivering on its thread); the steps after it run while the delivery is held.
    case awaitHold(Int)
    /// Releases the delivery held by hold `hold`.
    case release(Int)

    var description: String {
        switch self {
        case let .send(source, value): return "send(s\(source), \(value))"
        case let .end(source, ending): return "end(s\(source), \(ending.rawValue))"
        case .dispose: return "DISPOSE"
        case let .subscribe(k): return "subscribe(\(k))"
        case let .unsubscribe(k): return "unsubscribe(\(k))"
        case .connect: return "connect"
        case let .apply(input): return "apply(\(input))"
        case let .disposeApply(input): return "disposeApply(\(input))"
        case let .setEnabled(enabled): return "setEnabled(\(enabled))"
        case let .pause(spins): return "pause(\(spins))"
        case .yield: return "yield"
        case let .heldSend(hold, source, value): return "HELD#\(hold)[send(s\(source), \(value))]"
        case let .awaitHold(hold): return "awaitHold#\(hold)"
        case let .release(hold): return "release#\(hold)"
        }
    }
}

/// The scripts of the threads of one schedule, built from a seed.
struct ScheduleScript {
    var rng: ScheduleRandom
    private(set) var threads: [[ScheduleStep]]

    init(seed: UInt64) {
        var rng = ScheduleRandom(seed: seed)
        threads = Array(repeating: [], count: 2 + rng.below(3))
        self.rng = rng
    }

    /// Hands `steps`, in order, to random threads; each thread keeps their relative order.
    mutating func distribute(_ steps: [ScheduleStep]) {
        for step in steps { threads[rng.below(threads.count)].append(step) }
    }

    /// Appends `step` to thread `thread`.
    mutating func append(_ step: ScheduleStep, toThread thread: Int) {
        threads[thread].append(step)
    }

    /// Puts `steps`, one after the other, at a random place of thread `thread`.
    mutating func insertBlock(_ steps: [ScheduleStep], inThread thread: Int) {
        threads[thread].insert(contentsOf: steps, at: rng.below(threads[thread].count + 1))
    }

    /// Puts `step` at a random place of a random thread.
    mutating func insertAnywhere(_ step: ScheduleStep) {
        let thread = rng.below(threads.count)
        threads[thread].insert(step, at: rng.below(threads[thread].count + 1))
    }

    /// Puts `step` at a random place after the first occurrence of `anchor` in its thread, or
    /// anywhere in another thread.
    mutating func insertAfterOrElsewhere(_ step: ScheduleStep, anchorDescription: String) {
        let thread = rng.below(threads.count)
        if let anchor = threads[thread].firstIndex(where: { $0.description == anchorDescription }) {
            threads[thread].insert(step, at: anchor + 1 + rng.below(threads[thread].count - anchor))
        } else {
            threads[thread].insert(step, at: rng.below(threads[thread].count + 1))
        }
    }

    /// Adds pauses and yields at random places.
    mutating func addNoise() {
        for _ in 0..<rng.below(2 * threads.count + 2) {
            insertAnywhere(rng.chance(40) ? .yield : .pause(rng.pick([10, 100, 1_000, 4_000])))
        }
    }

    /// Adds a disposal at a random place with a chance of `percent`; returns whether it did.
    mutating func maybeDispose(_ percent: Int) -> Bool {
        guard rng.chance(percent) else { return false }
        insertAnywhere(.dispose)
        return true
    }

    /// The sends of the sources `sources`: each sends up to `maxValues` values (`value(source,
    /// k)`, increasing with k) and, with a chance of `endPercent`, one terminal event at a random
    /// place among its values; the sources' sends are interleaved at random, each source's in
    /// order.
    mutating func sends(
        sources: [Int], maxValues: Int, endPercent: Int, endings: [ScheduleEnding],
        value: (Int, Int) -> Int = { $0 * 1_000 + $1 }
    ) -> [ScheduleStep] {
        var perSource: [[ScheduleStep]] = sources.map { source in
            (0..<rng.below(maxValues + 1)).map { .send(source: source, value: value(source, $0)) }
        }
        for index in perSource.indices where rng.chance(endPercent) {
            perSource[index].insert(.end(source: sources[index], rng.pick(endings)),
                                    at: rng.below(perSource[index].count + 1))
        }
        return interleave(perSource)
    }

    /// A random merge of `lists`, each list's order kept.
    mutating func interleave(_ lists: [[ScheduleStep]]) -> [ScheduleStep] {
        var lists = lists.filter { !$0.isEmpty }.map { ArraySlice($0) }
        var result: [ScheduleStep] = []
        while !lists.isEmpty {
            let index = rng.below(lists.count)
            result.append(lists[index].removeFirst())
            if lists[index].isEmpty { lists.remove(at: index) }
        }
        return result
    }

    var description: String {
        threads.enumerated().map { index, steps in
            "  thread \(index): " + (steps.isEmpty ? "(nothing)" : steps.map(\.description).joined(separator: ", "))
        }.joined(separator: "\n")
    }
}

// MARK: - Observing

/// Records one stream's events as they are delivered: its values, its terminal event, what broke
/// the grammar, and deliveries that overlapped.
///
/// The overlap flag uses relaxed atomics, so that it adds no synchronization of its own: two
/// deliveries that the library failed to order show up as an overlap or as a ThreadSanitizer
/// report, not hidden by the recorder. An overlapping delivery is counted and not recorded, so
/// that it cannot corrupt the arrays.
final class ScheduleRecorder<Value, Error: Swift.Error>: @unchecked Sendable {
    let name: String
    /// The holds a delivery to this observer may be held by: an observer at the output of the
    /// engine under test, never a tap at a source.
    let holds: ScheduleHolds?
    private let inside = Synchronization.Atomic<Bool>(false)
    private let overlapCount = Synchronization.Atomic<Int>(0)
    private(set) var values: [Value] = []
    private(set) var terminal: Signal<Value, Error>.Event?
    private(set) var afterTerminal: [String] = []

    init(_ name: String, holds: ScheduleHolds? = nil) {
        self.name = name
        self.holds = holds
    }

    var observer: Signal<Value, Error>.Observer {
        Signal.Observer { [self] event in record(event) }
    }

    func record(_ event: Signal<Value, Error>.Event) {
        if inside.exchange(true, ordering: .relaxed) {
            overlapCount.add(1, ordering: .relaxed)
            return
        }
        defer { inside.store(false, ordering: .relaxed) }
        if let terminal {
            afterTerminal.append("\(event) after \(terminal)")
            return
        }
        if case let .value(value) = event { values.append(value) } else { terminal = event }
        // Still inside: a delivery that overlaps the held one is counted.
        holds?.deliveryArrived()
    }

    var isCompleted: Bool { terminal?.isCompleted == true }

    var isFailed: Bool { terminal?.error != nil }

    /// Overlaps and grammar violations.
    var problems: [String] {
        var problems: [String] = []
        let overlaps = overlapCount.load(ordering: .relaxed)
        if overlaps > 0 { problems.append("\(name): \(overlaps) deliveries overlapped another one") }
        if !afterTerminal.isEmpty { problems.append("\(name): events after the terminal event: \(afterTerminal)") }
        return problems
    }

    var summary: String {
        "\(name): \(values) then \(terminal.map { "\($0)" } ?? "no terminal")"
    }
}

/// Counts the callers inside a section and remembers the most there ever were at once.
final class ScheduleGauge: Sendable {
    private let current = Synchronization.Atomic<Int>(0)
    private let maximum = Synchronization.Atomic<Int>(0)

    init() {}

    func enter() {
        let now = current.add(1, ordering: .relaxed).newValue
        var seen = maximum.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = maximum.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }

    func leave() { current.subtract(1, ordering: .relaxed) }

    var most: Int { maximum.load(ordering: .relaxed) }
}

/// State shared by the scripts' threads outside any delivery (subscriptions, connections), under
/// a lock.
final class ScheduleShared<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    func update<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    var value: State { update { $0 } }
}

/// Whether `prefix` is a prefix of `values`.
func isPrefix(_ prefix: [Int], of values: [Int]) -> Bool {
    prefix.count <= values.count && Array(values.prefix(prefix.count)) == prefix
}

/// Whether `slice` appears in `values` as a contiguous run.
func isContiguousSlice(_ slice: [Int], of values: [Int]) -> Bool {
    guard let first = slice.first else { return true }
    for start in values.indices where values[start] == first {
        if start + slice.count <= values.count, Array(values[start..<(start + slice.count)]) == slice { return true }
    }
    return false
}

// MARK: - Cases

/// What a schedule runs into.
enum ScheduleKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case merge, combineLatest, zip
    case flattenMerge, flattenConcat, flattenLatest, flattenRace, flattenConcurrent, flattenThrottle
    case mutableProperty, composedProperty, action
    case publish, replay, autoconnect, replayLazily

    var testDescription: String { rawValue }
}

/// One generated case: the threads' scripts, what a step does, how the sources end, and the
/// checks.
struct GeneratedCase: Sendable {
    /// The kind's name, as `STREAMS_SCHEDULE_SEED` spells it.
    let kind: String
    let seed: UInt64
    let variant: String
    let script: String
    let threads: [[ScheduleStep]]
    let perform: @Sendable (ScheduleStep) -> Void
    let epilogue: @Sendable () -> Void
    let check: @Sendable () -> [String]
    /// The holds the scripts' `heldSend`, `awaitHold` and `release` steps refer to.
    let holds: ScheduleHolds?

    init(_ kind: ScheduleKind, seed: UInt64, variant: String, script: ScheduleScript,
         perform: @escaping @Sendable (ScheduleStep) -> Void,
         epilogue: @escaping @Sendable () -> Void,
         check: @escaping @Sendable () -> [String]) {
        self.init(kind.rawValue, seed: seed, variant: variant, script: script, holds: nil,
                  perform: perform, epilogue: epilogue, check: check)
    }

    init(_ kind: String, seed: UInt64, variant: String, script: ScheduleScript, holds: ScheduleHolds?,
         perform: @escaping @Sendable (ScheduleStep) -> Void,
         epilogue: @escaping @Sendable () -> Void,
         check: @escaping @Sendable () -> [String]) {
        self.kind = kind
        self.seed = seed
        self.variant = variant
        self.script = script.description
        threads = script.threads
        self.holds = holds
        self.perform = perform
        self.epilogue = epilogue
        self.check = check
    }

    static func make(_ kind: ScheduleKind, seed: UInt64) -> GeneratedCase {
        switch kind {
        case .merge: return ScheduleCases.merge(seed)
        case .combineLatest: return ScheduleCases.combining(seed, zip: false)
        case .zip: return ScheduleCases.combining(seed, zip: true)
        case .flattenMerge: return ScheduleCases.flatten(seed, kind, .merge)
        case .flattenConcat: return ScheduleCases.flatten(seed, kind, .concat)
        case .flattenLatest: return ScheduleCases.flatten(seed, kind, .latest)
        case .flattenRace: return ScheduleCases.flatten(seed, kind, .race)
        case .flattenConcurrent: return ScheduleCases.flatten(seed, kind, .concurrent(limit: 2))
        case .flattenThrottle: return ScheduleCases.flatten(seed, kind, .throttle)
        case .mutableProperty: return ScheduleCases.mutableProperty(seed)
        case .composedProperty: return ScheduleCases.composedProperty(seed)
        case .action: return ScheduleCases.action(seed)
        case .publish, .replay, .autoconnect, .replayLazily: return ScheduleCases.multicast(seed, kind)
        }
    }

    /// Runs the scripts, then the epilogue, each under `deadline` seconds; returns the problems.
    func run(deadline: Double) -> [String] {
        let ready = TestCounter()
        let go = TestCounter()
        let perform = self.perform
        let holds = self.holds
        let done = threads.map { steps in
            onNewThread {
                ready.increment()
                while go.value == 0 { sched_yield() }
                for step in steps {
                    switch step {
                    case let .pause(spins): _ = spin(spins)
                    case .yield: sched_yield()
                    case let .heldSend(hold, source, value):
                        holds!.send(hold) { perform(.send(source: source, value: value)) }
                    case let .awaitHold(hold): holds!.awaitHold(hold)
                    case let .release(hold): holds!.release(hold)
                    default: perform(step)
                    }
                }
            }
        }
        guard waitUntil(seconds: deadline, { ready.value == threads.count }) else {
            return ["the threads did not start within \(deadline) s"]
        }
        go.store(1)
        let limit = DispatchTime.now() + deadline
        for (index, semaphore) in done.enumerated() where semaphore.wait(timeout: limit) == .timedOut {
            return ["thread \(index) did not finish its script within \(deadline) s: a send or a disposal never returned (deadlock)"]
        }
        let epilogue = self.epilogue
        guard runWithDeadline(seconds: deadline, { epilogue(); return true }) == true else {
            return ["ending the sources after the scripts did not return within \(deadline) s (deadlock)"]
        }
        return (holds?.problems ?? []) + check()
    }

    var replay: String { "STREAMS_SCHEDULE_SEED=\(kind):\(seed)" }

    /// Runs the case `make` gives for each of `seeds`, in order; records the first that fails,
    /// with its schedule and the command that replays it (filtered to `suite`), and stops there.
    static func runEach(
        _ seeds: [UInt64], suite: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ make: (UInt64) -> GeneratedCase
    ) {
        for seed in seeds {
            let generated = make(seed)
            let problems = generated.run(deadline: 10)
            guard problems.isEmpty else {
                Issue.record("""
                    \(generated.kind) schedule failed (\(generated.variant)), seed \(seed):
                    \(problems.map { "  - " + $0 }.joined(separator: "\n"))
                    schedule:
                    \(generated.script)
                    replay: \(generated.replay) swift test --filter \(suite)
                    """, sourceLocation: sourceLocation)
                return
            }
        }
    }
}

/// Sources that are pipes, each tapped where it enters the operator.
final class SchedulePipes: @unchecked Sendable {
    let inputs: [Signal<Int, TestError>.Observer]
    let outputs: [Signal<Int, TestError>]
    let taps: [ScheduleRecorder<Int, TestError>]

    init(_ count: Int, name: (Int) -> String = { "source \($0)" }) {
        let pipes = (0..<count).map { _ in Signal<Int, TestError>.pipe() }
        inputs = pipes.map(\.input)
        outputs = pipes.map(\.output)
        taps = (0..<count).map { ScheduleRecorder(name($0)) }
    }

    /// A producer of source `index`, whose run records what it forwards.
    func producer(_ index: Int) -> SignalProducer<Int, TestError> {
        let tap = taps[index]
        return SignalProducer(outputs[index]).on(event: { tap.record($0) })
    }

    /// Source `index` as a signal recording what it forwards.
    func signal(_ index: Int) -> Signal<Int, TestError> {
        let tap = taps[index]
        return outputs[index].on(event: { tap.record($0) })
    }

    /// Performs a send or an end step; returns whether the step was one.
    func perform(_ step: ScheduleStep) -> Bool {
        switch step {
        case let .send(source, value): inputs[source].send(value: value)
        case let .end(source, ending): inputs[source].send(ending.event())
        default: return false
        }
        return true
    }

    /// Completes every source (a source that has ended ignores it).
    func completeAll() {
        for input in inputs { input.sendCompleted() }
    }

    var tapProblems: [String] { taps.flatMap(\.problems) }
}

enum ScheduleCases {
    // MARK: merge

    static func merge(_ seed: UInt64) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let count = 2 + script.rng.below(3)
        script.distribute(script.sends(sources: Array(0..<count), maxValues: 6, endPercent: 50,
                                       endings: [.completed, .completed, .completed, .failed, .interrupted]))
        let disposes = script.maybeDispose(70)
        script.addNoise()
        let flavor = script.rng.below(3)
        let sources = SchedulePipes(count)
        let output = ScheduleRecorder<Int, TestError>("output")
        let run: Disposable?
        let variant: String
        switch flavor {
        case 0:
            variant = "SignalProducer.merge of \(count) producers"
            run = SignalProducer.merge((0..<count).map(sources.producer)).start(output.observer)
        case 1:
            variant = "Signal.merge of \(count) signals"
            run = Signal.merge((0..<count).map(sources.signal)).observe(output.observer)
        default:
            variant = "merge(with:) chained over \(count) producers"
            run = (1..<count).reduce(sources.producer(0)) { $0.merge(with: sources.producer($1)) }.start(output.observer)
        }
        let isProducer = flavor != 1
        return GeneratedCase(.merge, seed: seed, variant: variant, script: script,
                             perform: { step in
                                 if !sources.perform(step), case .dispose = step { run?.dispose() }
                             },
                             epilogue: { sources.completeAll() },
                             check: {
            var problems = output.problems + sources.tapProblems
            if (isProducer || !disposes) && output.terminal == nil {
                problems.append("the output did not terminate although every source ended")
            }
            for (index, tap) in sources.taps.enumerated() {
                let delivered = output.values.filter { $0 / 1_000 == index }
                if !isPrefix(delivered, of: tap.values) {
                    problems.append("source \(index): delivered \(delivered), not a prefix of what it sent, \(tap.values): a value was lost or reordered")
                } else if !disposes, output.isCompleted, delivered != tap.values {
                    problems.append("source \(index): the output completed with \(delivered) of \(tap.values): values were lost")
                }
            }
            // Completing every source completes the result; a failure fails it. (Whether a
            // source's interruption interrupts the result or counts as its completion is the
            // flattening contract's business, not checked here.)
            if !disposes, sources.taps.allSatisfy(\.isCompleted), !output.isCompleted {
                problems.append("every source completed, but the output did not")
            }
            if output.isCompleted, !sources.taps.allSatisfy({ $0.terminal != nil && !$0.isFailed }) {
                problems.append("the output completed though a source failed or had not ended")
            }
            if output.isFailed, !sources.taps.contains(where: \.isFailed) {
                problems.append("the output failed though no source failed")
            }
            if !problems.isEmpty { problems += [output.summary] + sources.taps.map(\.summary) }
            return problems
        })
    }

    // MARK: combineLatest and zip

    static func combining(_ seed: UInt64, zip: Bool) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let count = 2 + script.rng.below(3)
        script.distribute(script.sends(sources: Array(0..<count), maxValues: 6, endPercent: 50,
                                       endings: [.completed, .completed, .completed, .failed, .interrupted]))
        let disposes = script.maybeDispose(70)
        script.addNoise()
        let sources = SchedulePipes(count)
        let output = ScheduleRecorder<[Int], TestError>("output")
        let flavor = script.rng.below(4)
        let isProducer = flavor % 2 == 0
        let name = zip ? "zip" : "combineLatest"
        let variant: String
        let run: Disposable?
        if isProducer {
            let producers = (0..<count).map(sources.producer)
            let combined: SignalProducer<[Int], TestError>
            if flavor == 0 {
                variant = "SignalProducer.\(name) of a sequence of \(count) producers"
                combined = zip ? SignalProducer.zip(producers) : SignalProducer.combineLatest(producers)
            } else {
                variant = "SignalProducer.\(name) of \(count) producers, tuple form"
                combined = Self.tuples(producers, zip: zip)
            }
            run = combined.start(output.observer)
        } else {
            let signals = (0..<count).map(sources.signal)
            let combined: Signal<[Int], TestError>
            if flavor == 1 {
                variant = "Signal.\(name) of a sequence of \(count) signals"
                combined = zip ? Signal.zip(signals) : Signal.combineLatest(signals)
            } else {
                variant = "Signal.\(name) of \(count) signals, tuple form"
                combined = Self.tuples(signals, zip: zip)
            }
            run = combined.observe(output.observer)
        }
        return GeneratedCase(zip ? .zip : .combineLatest, seed: seed, variant: variant, script: script,
                             perform: { step in
                                 if !sources.perform(step), case .dispose = step { run?.dispose() }
                             },
                             epilogue: { sources.completeAll() },
                             check: {
            var problems = output.problems + sources.tapProblems
            if (isProducer || !disposes) && output.terminal == nil {
                problems.append("the output did not terminate although every source ended")
            }
            let taps = sources.taps.map(\.values)
            problems += zip
                ? Self.checkZip(output, taps: taps, disposes: disposes, sources: sources)
                : Self.checkCombineLatest(output, taps: taps, disposes: disposes, sources: sources)
            if !problems.isEmpty { problems += [output.summary] + sources.taps.map(\.summary) }
            return problems
        })
    }

    static func tuples(_ p: [SignalProducer<Int, TestError>], zip: Bool) -> SignalProducer<[Int], TestError> {
        switch (p.count, zip) {
        case (2, false): return p[0].combineLatest(with: p[1]).map { [$0.0, $0.1] }
        case (2, true): return p[0].zip(with: p[1]).map { [$0.0, $0.1] }
        case (3, false): return SignalProducer.combineLatest(p[0], p[1], p[2]).map { [$0, $1, $2] }
        case (3, true): return SignalProducer.zip(p[0], p[1], p[2]).map { [$0, $1, $2] }
        case (_, false): return SignalProducer.combineLatest(p[0], p[1], p[2], p[3]).map { [$0, $1, $2, $3] }
        case (_, true): return SignalProducer.zip(p[0], p[1], p[2], p[3]).map { [$0, $1, $2, $3] }
        }
    }

    static func tuples(_ s: [Signal<Int, TestError>], zip: Bool) -> Signal<[Int], TestError> {
        switch (s.count, zip) {
        case (2, false): return s[0].combineLatest(with: s[1]).map { [$0.0, $0.1] }
        case (2, true): return s[0].zip(with: s[1]).map { [$0.0, $0.1] }
        case (3, false): return Signal.combineLatest(s[0], s[1], s[2]).map { [$0, $1, $2] }
        case (3, true): return Signal.zip(s[0], s[1], s[2]).map { [$0, $1, $2] }
        case (_, false): return Signal.combineLatest(s[0], s[1], s[2], s[3]).map { [$0, $1, $2, $3] }
        case (_, true): return Signal.zip(s[0], s[1], s[2], s[3]).map { [$0, $1, $2, $3] }
        }
    }

    /// Each combination moves exactly one source forward by exactly one value (nothing lost,
    /// nothing reordered, no stale combination); the first one is made by some source's first
    /// value; after a completion, the last one holds every source's last value.
    static func checkCombineLatest(
        _ output: ScheduleRecorder<[Int], TestError>, taps: [[Int]], disposes: Bool, sources: SchedulePipes
    ) -> [String] {
        var problems: [String] = []
        problems += checkLatestSteps(output.values, sequences: taps, startsAnywhere: false)
        if !disposes, output.isCompleted {
            let expected = taps.allSatisfy { !$0.isEmpty } ? taps.map { $0.last! } : nil
            if output.values.last != expected {
                problems.append("the last combination is \(output.values.last.map { "\($0)" } ?? "none"), not the sources' last values \(expected.map { "\($0)" } ?? "none")")
            }
        }
        if !disposes, sources.taps.allSatisfy(\.isCompleted) != output.isCompleted {
            problems.append("combineLatest must complete exactly when every source completed")
        }
        return problems
    }

    /// The steps of a sequence of combinations of the latest values of `sequences`.
    static func checkLatestSteps(_ combinations: [[Int]], sequences: [[Int]], startsAnywhere: Bool) -> [String] {
        var previous: [Int]?
        for (position, combination) in combinations.enumerated() {
            guard combination.count == sequences.count else {
                return ["combination #\(position) \(combination) has \(combination.count) components, not \(sequences.count)"]
            }
            var indices: [Int] = []
            for (source, value) in combination.enumerated() {
                guard let index = sequences[source].firstIndex(of: value) else {
                    return ["combination #\(position) \(combination): source \(source) never sent \(value)"]
                }
                indices.append(index)
            }
            if let previous {
                let moved = indices.indices.filter { indices[$0] != previous[$0] }
                if moved.count != 1 || indices[moved[0]] != previous[moved[0]] + 1 {
                    return ["combination #\(position) \(combination) does not follow #\(position - 1) by exactly one new value of one source: a value was lost, repeated or reordered"]
                }
            } else if !startsAnywhere, !indices.contains(0) {
                return ["the first combination \(combination) was not made by a source's first value"]
            }
            previous = indices
        }
        return []
    }

    /// The n-th output pairs the n-th values; after a completion, as many pairs as the shortest
    /// source has values.
    static func checkZip(
        _ output: ScheduleRecorder<[Int], TestError>, taps: [[Int]], disposes: Bool, sources: SchedulePipes
    ) -> [String] {
        var problems: [String] = []
        for (position, tuple) in output.values.enumerated() {
            let expected = taps.map { position < $0.count ? $0[position] : nil }
            if expected.contains(where: { $0 == nil }) || expected.map({ $0! }) != tuple {
                problems.append("pair #\(position) is \(tuple), not the values of rank \(position) \(expected)")
                break
            }
        }
        let shortest = taps.map(\.count).min() ?? 0
        if !disposes, output.isCompleted, output.values.count != shortest {
            problems.append("zip completed after \(output.values.count) tuples, not \(shortest)")
        }
        if !disposes, sources.taps.allSatisfy(\.isCompleted), !output.isCompleted {
            problems.append("every source completed but zip did not")
        }
        if output.isCompleted, !sources.taps.contains(where: \.isCompleted) {
            problems.append("zip completed though no source completed")
        }
        return problems
    }

    // MARK: flatten

    static func flatten(_ seed: UInt64, _ kind: ScheduleKind, _ strategy: FlattenStrategy) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let innerCount = 2 + script.rng.below(3)
        // Source 0 is the outer stream; its values are the indices of the inner sources 1...n it
        // asks for, each at most once.
        let asked = Array(script.rng.shuffled(Array(1...innerCount)).prefix(1 + script.rng.below(innerCount)))
        var outer: [ScheduleStep] = asked.map { .send(source: 0, value: $0) }
        if script.rng.chance(50) {
            outer.insert(.end(source: 0, script.rng.pick([.completed, .completed, .completed, .failed, .interrupted])),
                         at: outer.count - script.rng.below(2))
        }
        let inner = script.sends(sources: Array(1...innerCount), maxValues: 5, endPercent: 60,
                                 endings: [.completed, .completed, .completed, .failed, .interrupted])
        script.distribute(script.interleave([outer, inner]))
        let disposes = script.maybeDispose(60)
        script.addNoise()

        let sources = SchedulePipes(innerCount + 1) { $0 == 0 ? "outer" : "inner \($0)" }
        let output = ScheduleRecorder<Int, TestError>("output")
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
        let flavor = script.rng.below(3)
        let isProducer = flavor != 1
        let variant: String
        let run: Disposable?
        switch flavor {
        case 0:
            variant = "SignalProducer.flatMap(\(strategy)) over \(innerCount) inner sources"
            run = sources.producer(0).flatMap(strategy) { innerProducers[$0] }.start(output.observer)
        case 1:
            variant = "Signal.flatMap(\(strategy)) over \(innerCount) inner sources"
            run = sources.signal(0).flatMap(strategy) { innerProducers[$0] }.observe(output.observer)
        default:
            variant = "SignalProducer.map(_:).flatten(\(strategy)) over \(innerCount) inner sources"
            run = sources.producer(0).map { innerProducers[$0] }.flatten(strategy).start(output.observer)
        }
        return GeneratedCase(kind, seed: seed, variant: variant, script: script,
                             perform: { step in
                                 if !sources.perform(step), case .dispose = step { run?.dispose() }
                             },
                             epilogue: {
                                 // Inner sources first: a queued inner stream then starts after its
                                 // source ended, and is interrupted, which the checks allow.
                                 for input in sources.inputs.dropFirst() { input.sendCompleted() }
                                 sources.inputs[0].sendCompleted()
                             },
                             check: {
            var problems = output.problems + sources.tapProblems
            if (isProducer || !disposes) && output.terminal == nil {
                problems.append("the output did not terminate although every source ended")
            }
            problems += Self.checkFlatten(strategy, output: output, sources: sources, started: starts.value,
                                          mostRunning: gauge.most, disposes: disposes)
            if !problems.isEmpty {
                problems += [output.summary, "inner streams started: \(starts.value)"] + sources.taps.map(\.summary)
            }
            return problems
        })
    }

    static func checkFlatten(
        _ strategy: FlattenStrategy, output: ScheduleRecorder<Int, TestError>, sources: SchedulePipes,
        started: [Int], mostRunning: Int, disposes: Bool
    ) -> [String] {
        var problems: [String] = []
        let taps = sources.taps
        func delivered(_ index: Int) -> [Int] { output.values.filter { $0 / 1_000 == index } }
        if let stray = output.values.first(where: { !started.contains($0 / 1_000) }) {
            problems.append("\(stray) comes from an inner stream that never started")
        }
        for index in Set(started) where !isPrefix(delivered(index), of: taps[index].values) {
            problems.append("inner \(index): delivered \(delivered(index)), not a prefix of what it sent, \(taps[index].values)")
        }
        let outerCompleted = taps[0].isCompleted
        let startedCompleted = Set(started).allSatisfy { taps[$0].isCompleted }
        // An inner stream that ended without failing: completed, or (by the flattening contract,
        // as in ReactiveSwift) interrupted, which counts as its completion.
        let startedEndedWell = Set(started).allSatisfy { taps[$0].terminal != nil && !taps[$0].isFailed }
        if output.isCompleted, !outerCompleted {
            problems.append("the output completed though the outer stream did not")
        }
        if !disposes, output.isFailed, !taps.contains(where: \.isFailed) {
            problems.append("the output failed though nothing failed")
        }
        if strategy == .latest {
            // Inner streams deliver in the order they became the latest, each a prefix of its
            // values; the last one delivers everything when the output completes.
            let positions = output.values.map { value in started.firstIndex(of: value / 1_000) ?? -1 }
            if positions != positions.sorted() {
                problems.append("a replaced inner stream delivered after the one that replaced it")
            }
            if !disposes, output.isCompleted, let last = started.last, delivered(last) != taps[last].values {
                problems.append("the latest inner stream \(last) delivered \(delivered(last)) of \(taps[last].values)")
            }
        } else if strategy == .race {
            let winners = Set(output.values.map { $0 / 1_000 })
            if winners.count > 1 { problems.append("values from several inner streams in a race: \(winners.sorted())") }
            if !disposes, output.isCompleted, let winner = winners.first, delivered(winner) != taps[winner].values {
                problems.append("the winner \(winner) delivered \(delivered(winner)) of \(taps[winner].values)")
            }
        } else {
            var limit = Int.max
            if strategy == .throttle { limit = 1 }
            if case let .concurrent(most) = strategy.kind, most < UInt(Int.max) { limit = Int(most) }
            if mostRunning > limit {
                problems.append("\(mostRunning) inner streams ran at once under \(strategy)")
            }
            if strategy == .concat {
                let concatenated = started.flatMap { taps[$0].values }
                if !isPrefix(output.values, of: concatenated) {
                    problems.append("concat delivered \(output.values), not a prefix of the inner streams' values in order, \(concatenated)")
                }
            }
            if !disposes, output.isCompleted {
                for index in Set(started) where delivered(index) != taps[index].values {
                    problems.append("inner \(index): the output completed with \(delivered(index)) of \(taps[index].values)")
                }
            }
            if !disposes, outerCompleted, startedCompleted, !output.isCompleted {
                problems.append("the outer stream and every inner stream completed, but the output did not")
            }
            if output.isCompleted, !startedEndedWell {
                problems.append("the output completed though an inner stream failed or had not ended")
            }
        }
        return problems
    }

    // MARK: MutableProperty

    static func mutableProperty(_ seed: UInt64) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let count = 1 + script.rng.below(12)
        script.distribute((1...count).map { .send(source: 0, value: $0) })
        let subscribers = script.rng.below(3)
        for k in 0..<subscribers { script.insertAnywhere(.subscribe(k)) }
        let disposes = script.maybeDispose(40)
        script.addNoise()
        let reentrant = script.rng.chance(40)
        let variant = reentrant ? "observers set the property again from inside their delivery" : "plain sets"

        let property = TestBox<MutableProperty<Int>?>(MutableProperty(0))
        let changes = ScheduleRecorder<Int, Never>("signal observer")
        property.value!.signal.observe { [weak weakProperty = property.value] event in
            changes.record(event)
            // A reentrant set: queued, delivered after the current value, to every observer.
            if reentrant, case let .value(value) = event, value < 100_000, value % 5 == 0 {
                weakProperty?.value = value + 100_000
            }
        }
        let main = ScheduleRecorder<Int, Never>("producer observer started first")
        let mainRun = property.value!.producer.start(main.observer)
        let late = (0..<subscribers).map { ScheduleRecorder<Int, Never>("producer observer #\($0) started by a thread") }
        let lateRuns = ScheduleShared<[Disposable]>([])
        let final = TestBox<Int?>(nil)
        let perThread = script.threads.map { steps in
            steps.compactMap { step -> Int? in if case let .send(_, value) = step { return value } else { return nil } }
        }
        return GeneratedCase(.mutableProperty, seed: seed, variant: variant, script: script,
                             perform: { step in
                                 let target = property.value!
                                 switch step {
                                 case let .send(_, value):
                                     switch value % 3 {
                                     case 0: target.value = value
                                     case 1: _ = target.swap(value)
                                     default: target.modify { $0 = value }
                                     }
                                 case let .subscribe(k):
                                     let run = target.producer.start(late[k].observer)
                                     lateRuns.update { $0.append(run) }
                                 case .dispose:
                                     mainRun.dispose()
                                 default:
                                     break
                                 }
                             },
                             epilogue: {
                                 final.value = property.value!.value
                                 // Releasing the property completes its signal and producers.
                                 property.value = nil
                             },
                             check: {
            var problems = ([changes, main] + late).flatMap(\.problems)
            let sent = perThread.flatMap { $0 }
            let derived = reentrant ? sent.filter { $0 % 5 == 0 }.map { $0 + 100_000 } : []
            let expected = (sent + derived).sorted()
            if changes.values.sorted() != expected {
                problems.append("the signal observer saw \(changes.values), not each value set exactly once, \(expected)")
            }
            if let last = changes.values.last, last != final.value {
                problems.append("the signal observer's last value is \(last), not the final value \(final.value.map { "\($0)" } ?? "none")")
            }
            for (thread, values) in perThread.enumerated() {
                let positions = values.compactMap { changes.values.firstIndex(of: $0) }
                if positions != positions.sorted() {
                    problems.append("thread \(thread) set \(values) in that order; the observer saw them in another")
                }
            }
            let history = [0] + changes.values
            if disposes {
                if !isPrefix(main.values, of: history) {
                    problems.append("the first producer observer saw \(main.values), not a prefix of \(history)")
                }
            } else {
                if main.values != history {
                    problems.append("the first producer observer saw \(main.values), not \(history)")
                }
                if !main.isCompleted { problems.append("the first producer observer did not complete when the property was released") }
            }
            for recorder in late {
                guard !recorder.values.isEmpty, history.suffix(recorder.values.count).elementsEqual(recorder.values) else {
                    problems.append("\(recorder.name) saw \(recorder.values), not the value current when it started followed by every later one, \(history)")
                    continue
                }
                if !recorder.isCompleted { problems.append("\(recorder.name) did not complete when the property was released") }
            }
            if !changes.isCompleted { problems.append("the signal did not complete when the property was released") }
            if !problems.isEmpty { problems += ([changes, main] + late).map(\.summary) }
            return problems
        })
    }

    // MARK: Composed properties

    static func composedProperty(_ seed: UInt64) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let form = script.rng.below(5)
        let count = form == 1 ? 3 : 2
        script.distribute(script.sends(sources: Array(0..<count), maxValues: 6, endPercent: 0, endings: [],
                                       value: { $0 * 1_000 + $1 + 1 }))
        let subscribers = script.rng.below(3)
        for k in 0..<subscribers { script.insertAnywhere(.subscribe(k)) }
        let disposes = script.maybeDispose(40)
        script.addNoise()

        let properties = TestBox<[MutableProperty<Int>]>((0..<count).map { MutableProperty($0 * 1_000) })
        let selector = TestBox<MutableProperty<Int>?>(form == 4 ? MutableProperty(0) : nil)
        let taps = (0..<count).map { ScheduleRecorder<Int, Never>("changes of source property \($0)") }
        for (index, property) in properties.value.enumerated() { property.signal.observe(taps[index].observer) }
        let composed: Property<[Int]>
        let variant: String
        let sources = properties.value
        switch form {
        case 0:
            variant = "a.combineLatest(with: b)"
            composed = sources[0].combineLatest(with: sources[1]).map { [$0.0, $0.1] }
        case 1:
            variant = "Property.combineLatest(a, b, c)"
            composed = Property.combineLatest(sources[0], sources[1], sources[2]).map { [$0, $1, $2] }
        case 2:
            variant = "a.zip(with: b)"
            composed = sources[0].zip(with: sources[1]).map { [$0.0, $0.1] }
        case 3:
            variant = "a.map(_:).combineLatest(with: b.map(_:))"
            composed = sources[0].map { $0 }.combineLatest(with: sources[1].map { $0 }).map { [$0.0, $0.1] }
        default:
            variant = "selector.flatMap(.latest) { [a, b][$0] }, the selector flipped by the sends of source 0"
            composed = selector.value!.flatMap(.latest) { [weak a = sources[0], weak b = sources[1]] index in
                ((index == 0 ? a : b) ?? MutableProperty(-1)).map { [$0] }
            }
        }
        let main = ScheduleRecorder<[Int], Never>("producer observer of the composed property")
        let mainRun = composed.producer.start(main.observer)
        let late = (0..<subscribers).map { ScheduleRecorder<[Int], Never>("late observer #\($0) of the composed property") }
        let lateRuns = ScheduleShared<[Disposable]>([])
        let composedBox = TestBox<Property<[Int]>?>(composed)
        let finals = TestBox<(composed: [Int], sources: [Int], selector: Int)?>(nil)
        return GeneratedCase(.composedProperty, seed: seed, variant: variant, script: script,
                             perform: { step in
                                 switch step {
                                 case let .send(source, value):
                                     // The flatMap form flips its selector with source 0's sends.
                                     if source == 0, let selector = selector.value { selector.value = value % 2 }
                                     let target = properties.value[source]
                                     switch value % 3 {
                                     case 0: target.value = value
                                     case 1: _ = target.swap(value)
                                     default: target.modify { $0 = value }
                                     }
                                 case let .subscribe(k):
                                     let run = composedBox.value!.producer.start(late[k].observer)
                                     lateRuns.update { $0.append(run) }
                                 case .dispose:
                                     mainRun.dispose()
                                 default:
                                     break
                                 }
                             },
                             epilogue: {
                                 finals.value = (composedBox.value!.value, properties.value.map(\.value),
                                                 selector.value?.value ?? 0)
                                 // The composed property does not keep its sources: releasing them
                                 // completes it.
                                 composedBox.value = nil
                                 properties.value = []
                                 selector.value = nil
                             },
                             check: {
            var problems = ([main] + late).flatMap(\.problems) + taps.flatMap(\.problems)
            guard let finals = finals.value else { return ["no final values"] }
            let sequences = taps.enumerated().map { [$0.offset * 1_000] + $0.element.values }
            switch form {
            case 4:
                let expected = [finals.sources[finals.selector]]
                if finals.composed != expected {
                    problems.append("the composed value is \(finals.composed), not the selected property's \(expected)")
                }
            case 2:
                let pairs = sequences.map(\.count).min() ?? 0
                let expected = (0..<pairs).map { rank in sequences.map { $0[rank] } }
                if finals.composed != expected.last! {
                    problems.append("the composed value is \(finals.composed), not the last pair \(expected.last!)")
                }
                if disposes ? !expected.starts(with: main.values) : main.values != expected {
                    problems.append("the composed producer sent \(main.values), not the pairs \(expected)")
                }
                for recorder in late where !expected.suffix(recorder.values.count).elementsEqual(recorder.values) || recorder.values.isEmpty {
                    problems.append("\(recorder.name) saw \(recorder.values), not the pairs from the current one on, \(expected)")
                }
            default:
                let expected = sequences.map { $0.last! }
                if finals.composed != expected {
                    problems.append("the composed value is \(finals.composed), not the sources' latest values \(expected)")
                }
                problems += checkLatestSteps(main.values, sequences: sequences, startsAnywhere: false).map { "first observer: " + $0 }
                if main.values.first != sequences.map({ $0[0] }) {
                    problems.append("the first observer did not start with the initial values")
                }
                for recorder in late {
                    problems += checkLatestSteps(recorder.values, sequences: sequences, startsAnywhere: true).map { "\(recorder.name): " + $0 }
                    if recorder.values.last != expected { problems.append("\(recorder.name) ended on \(recorder.values.last ?? []), not \(expected)") }
                }
            }
            if !disposes, main.values.last != finals.composed {
                problems.append("the first observer's last value \(main.values.last ?? []) is not the final value \(finals.composed)")
            }
            if !disposes, !main.isCompleted { problems.append("the composed producer did not complete once its sources were released") }
            for recorder in late where !recorder.isCompleted {
                problems.append("\(recorder.name) did not complete once the sources were released")
            }
            if !problems.isEmpty { problems += ([main] + late).map(\.summary) + taps.map(\.summary) }
            return problems
        })
    }

    // MARK: Action

    static func action(_ seed: UInt64) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let applies = 2 + script.rng.below(5)
        var steps: [ScheduleStep] = script.rng.shuffled(Array(1...applies)).map { .apply($0) }
        for _ in 0..<script.rng.below(4) { steps.append(.send(source: 0, value: 0)) }
        for _ in 0..<script.rng.below(3) { steps.append(.setEnabled(script.rng.chance(60))) }
        script.distribute(script.rng.shuffled(steps))
        for input in 1...applies where script.rng.chance(30) {
            script.insertAfterOrElsewhere(.disposeApply(input), anchorDescription: ScheduleStep.apply(input).description)
        }
        script.addNoise()

        // The work for input i sends i * 10, then completes at once (i % 4 == 0), fails at once
        // (i % 4 == 1), or waits for a send on `finish` to send i * 10 + 1 and complete.
        let finish = Signal<(), Never>.pipe()
        let executing = ScheduleGauge()
        let enabled = MutableProperty(true)
        let action = Action<Int, Int, TestError>(enabledIf: enabled) { input in
            SignalProducer { observer, lifetime in
                executing.enter()
                observer.send(value: input * 10)
                switch input % 4 {
                case 0: observer.sendCompleted()
                case 1: observer.send(error: .second)
                default:
                    lifetime += finish.output.observeValues {
                        observer.send(value: input * 10 + 1)
                        observer.sendCompleted()
                    }
                }
            }
        }
        let applyLogs = (0...applies).map { ScheduleRecorder<Int, ActionError<TestError>>("apply(\($0))") }
        let applied = ScheduleShared<[Int: Disposable]>([:])
        let disposed = ScheduleShared<Set<Int>>([])
        let values = ScheduleRecorder<Int, Never>("action.values")
        action.values.observe(values.observer)
        let events = ScheduleRecorder<Signal<Int, TestError>.Event, Never>("action.events")
        action.events.observe(events.observer)
        let disabledErrors = TestCounter()
        action.disabledErrors.observeValues { disabledErrors.increment() }
        let isExecuting = ScheduleRecorder<Bool, Never>("action.isExecuting")
        action.isExecuting.producer.start(isExecuting.observer)
        let isEnabled = ScheduleRecorder<Bool, Never>("action.isEnabled")
        action.isEnabled.producer.start(isEnabled.observer)
        return GeneratedCase(.action, seed: seed, variant: "Action(enabledIf:execute:)", script: script,
                             perform: { step in
                                 switch step {
                                 case let .apply(input):
                                     let log = applyLogs[input]
                                     let run = action.apply(input).start { event in
                                         // An execution ends for the action when its apply run
                                         // delivers its terminal event.
                                         if event.isTerminating {
                                             if case .failed(.disabled) = event {} else { executing.leave() }
                                         }
                                         log.record(event)
                                     }
                                     applied.update { $0[input] = run }
                                 case let .disposeApply(input):
                                     if let run = applied.update({ $0[input] }) {
                                         disposed.update { _ = $0.insert(input) }
                                         run.dispose()
                                     }
                                 case .send:
                                     finish.input.send(value: ())
                                 case let .setEnabled(value):
                                     enabled.value = value
                                 default:
                                     break
                                 }
                             },
                             epilogue: {
                                 finish.input.send(value: ())
                                 finish.input.sendCompleted()
                             },
                             check: {
            var problems: [String] = applyLogs.flatMap(\.problems)
            problems += values.problems
            problems += events.problems
            problems += isExecuting.problems
            problems += isEnabled.problems
            let started = applied.value
            var disabled = 0
            var received: [Int] = []
            for input in started.keys.sorted() {
                let log = applyLogs[input]
                if case .failed(.disabled)? = log.terminal {
                    disabled += 1
                    if !log.values.isEmpty { problems.append("apply(\(input)) was disabled but sent \(log.values)") }
                    continue
                }
                if log.terminal == nil { problems.append("apply(\(input)) never terminated") }
                if !isPrefix(log.values, of: [input * 10, input * 10 + 1]) {
                    problems.append("apply(\(input)) sent \(log.values), not its work's values")
                }
                received += log.values
            }
            if executing.most > 1 { problems.append("\(executing.most) executions ran at once") }
            if disabled != disabledErrors.value {
                problems.append("\(disabled) applies failed as disabled, but disabledErrors fired \(disabledErrors.value) times")
            }
            if Set(values.values).count != values.values.count { problems.append("action.values repeated a value: \(values.values)") }
            if !Set(received).isSubset(of: Set(values.values)) {
                problems.append("the apply runs received \(received.sorted()), not all on action.values \(values.values.sorted())")
            }
            if disposed.value.isEmpty, Set(received) != Set(values.values) {
                problems.append("action.values sent \(values.values.sorted()), the apply runs received \(received.sorted())")
            }
            if action.isExecuting.value { problems.append("the action is still executing after every execution ended") }
            if isExecuting.values.last != false { problems.append("isExecuting's observer last saw \(isExecuting.values.last.map { "\($0)" } ?? "nothing")") }
            if zip(isExecuting.values, isExecuting.values.dropFirst()).contains(where: { $0 == $1 }) {
                problems.append("isExecuting repeated a value: \(isExecuting.values)")
            }
            if action.isEnabled.value != enabled.value {
                problems.append("isEnabled is \(action.isEnabled.value) while idle with enabled = \(enabled.value)")
            }
            if isEnabled.values.last != action.isEnabled.value {
                problems.append("isEnabled's observer last saw \(isEnabled.values.last.map { "\($0)" } ?? "nothing"), not \(action.isEnabled.value)")
            }
            if !problems.isEmpty {
                problems += started.keys.sorted().map { applyLogs[$0].summary }
                    + [values.summary, isExecuting.summary, isEnabled.summary, "disposed applies: \(disposed.value.sorted())"]
            }
            return problems
        })
    }

    // MARK: Multicast

    static func multicast(_ seed: UInt64, _ kind: ScheduleKind) -> GeneratedCase {
        var script = ScheduleScript(seed: seed)
        let capacity = script.rng.pick([1, 2, 100])
        let subscribers = 1 + script.rng.below(3)
        var steps = script.sends(sources: [0], maxValues: 8, endPercent: 50,
                                 endings: [.completed, .completed, .completed, .failed, .interrupted],
                                 value: { _, k in k + 1 })
        steps += (1...subscribers).map { .subscribe($0) }
        let connects = kind == .publish || kind == .replay
        let connectsFirst = connects && script.rng.chance(30)
        if connects, !connectsFirst {
            for _ in 0..<(1 + script.rng.below(2)) { steps.insert(.connect, at: script.rng.below(steps.count + 1)) }
        }
        script.distribute(steps)
        for k in 1...subscribers where script.rng.chance(40) {
            script.insertAfterOrElsewhere(.unsubscribe(k), anchorDescription: ScheduleStep.subscribe(k).description)
        }
        let disconnects = connects ? script.maybeDispose(35) : false
        script.addNoise()

        // Every run of the upstream observes the same pipe; its values are tagged with the run's
        // number (value + run * 1_000_000), so that each value names the run it came from.
        // The output and the input apart: the upstream must not capture the input, or a
        // connected run would keep its own source alive.
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
        let connection: MulticastConnection<Int, TestError>?
        let shared: SignalProducer<Int, TestError>
        let variant: String
        switch kind {
        case .publish:
            variant = "publish()"
            connection = upstream.publish()
            shared = connection!.producer
        case .replay:
            variant = "replay(upTo: \(capacity))"
            connection = upstream.replay(upTo: capacity)
            shared = connection!.producer
        case .autoconnect:
            let replays = script.rng.chance(50)
            variant = replays ? "replay(upTo: \(capacity)).autoconnect()" : "publish().autoconnect()"
            connection = nil
            shared = (replays ? upstream.replay(upTo: capacity) : upstream.publish()).autoconnect()
        default:
            variant = "replayLazily(upTo: \(capacity))"
            connection = nil
            shared = upstream.replayLazily(upTo: capacity)
        }
        // Subscriber 0 starts first and stays: nothing may be lost for it.
        let logs = (0...subscribers).map { ScheduleRecorder<Int, TestError>($0 == 0 ? "first subscriber" : "subscriber \($0)") }
        let subscriptions = ScheduleShared<[Int: Disposable]>([:])
        let unsubscribed = ScheduleShared<Set<Int>>([])
        let connections = ScheduleShared<[Disposable]>([])
        let first = shared.start(logs[0].observer)
        if connectsFirst { connections.update { $0.append(connection!.connect()) } }
        return GeneratedCase(kind, seed: seed, variant: variant, script: script,
                             perform: { step in
                                 switch step {
                                 case let .send(_, value):
                                     pipeInput.send(value: value)
                                 case let .end(_, ending):
                                     pipeInput.send(ending.event())
                                 case let .subscribe(k):
                                     let run = shared.start(logs[k].observer)
                                     subscriptions.update { $0[k] = run }
                                 case let .unsubscribe(k):
                                     if let run = subscriptions.update({ $0[k] }) {
                                         unsubscribed.update { _ = $0.insert(k) }
                                         run.dispose()
                                     }
                                 case .connect:
                                     let handle = connection!.connect()
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
                             },
                             check: {
            var problems = logs.flatMap(\.problems)
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
                if let terminal = log.terminal, terminal.isCompleted || terminal.error != nil,
                   !taps.values.contains(where: { $0.terminal.map { "\($0)" } == "\(terminal)" }) {
                    problems.append("\(log.name) received \(terminal), which no upstream run sent")
                }
            }
            // Without a disconnection, a single upstream run feeds everyone: the first
            // subscriber receives every one of its events, the others every event from the
            // moment they joined.
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
                    + ["unsubscribed: \(unsubscribed.value.sorted())"]
            }
            return problems
        })
    }
}

// MARK: - The suite

enum ScheduleSettings {
    static let environment = ProcessInfo.processInfo.environment

    /// Schedules per kind in a normal run.
    static var casesPerKind: Int { environment["STREAMS_SCHEDULE_CASES"].flatMap(Int.init) ?? 1_000 }

    /// The base of the seeds; fixed unless asked otherwise.
    static let base: UInt64 = {
        guard let text = environment["STREAMS_SCHEDULE_BASE"] else { return 0x5EED_2025_0001 }
        if text == "random" { return UInt64.random(in: 0...UInt64.max) }
        return UInt64(text) ?? 0x5EED_2025_0001
    }()

    /// The seed to replay, if one was asked for: `<kind>:<seed>`.
    static var replay: (kind: String, seed: UInt64)? {
        guard let text = environment["STREAMS_SCHEDULE_SEED"] else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let seed = UInt64(parts[1]) else { return nil }
        return (String(parts[0]), seed)
    }

    static var repeats: Int { environment["STREAMS_SCHEDULE_REPEAT"].flatMap(Int.init) ?? 200 }

    /// The seeds of `kind` for this run.
    static func seeds(_ kind: ScheduleKind) -> [UInt64] {
        seeds(kind.rawValue, index: UInt64(ScheduleKind.allCases.firstIndex(of: kind)!), count: casesPerKind)
    }

    /// The seeds of the kind named `name` for this run: `count` of them, derived from the base
    /// and `index`, unless a seed is replayed.
    static func seeds(_ name: String, index: UInt64, count: Int) -> [UInt64] {
        if let replay {
            return replay.kind == name ? Array(repeating: replay.seed, count: repeats) : []
        }
        var mixer = ScheduleRandom(seed: base ^ index &* 0x1_0000_0001)
        return (0..<count).map { _ in mixer.next() }
    }
}

extension ConcurrencySuites {
    @Suite("Generated Schedule Concurrency", .timeLimit(.minutes(10)), .offCooperativePool)
    struct GeneratedScheduleConcurrencyTests {
        @Test("generated schedules across threads keep the grammar, never overlap, lose nothing, and disposal always returns",
              arguments: ScheduleKind.allCases)
        func schedules(_ kind: ScheduleKind) {
            GeneratedCase.runEach(ScheduleSettings.seeds(kind), suite: "GeneratedScheduleConcurrencyTests") {
                GeneratedCase.make(kind, seed: $0)
            }
        }

        // Deterministic forms of what the generated schedules found.

        @Test("race: once the winner has completed, inner streams arriving later are not started")
        func raceWinnerCompleted() {
            let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
            let first = Signal<Int, Never>.pipe()
            let second = Signal<Int, Never>.pipe()
            let secondStarts = TestCounter()
            let log = EventLog<Int, Never>()
            outer.flatten(.race).observe(log.observer)
            outerInput.send(value: first.output.producer)
            first.input.send(value: 1)
            first.input.sendCompleted()
            outerInput.send(value: second.output.producer.on(starting: { secondStarts.increment() }))
            second.input.send(value: 2)
            outerInput.sendCompleted()
            #expect(log.events == [.value(1), .completed])
            #expect(secondStarts.value == 0)
        }

        @Test("a MutableProperty's producer sends the current value before start returns while another thread delivers a change; a property composed then works")
        func propertyProducerStartedDuringAnotherDelivery() {
            let property = MutableProperty(0)
            let inside = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            property.signal.observeValues { value in
                if value == 1 {
                    inside.signal()
                    _ = release.wait(timeout: .now() + 20)
                }
            }
            let setter = onNewThread { property.value = 1 }
            #expect(inside.wait(timeout: .now() + 10) == .success)
            let received = TestBox<[Int]>([])
            property.producer.startWithValues { received.value.append($0) }
            #expect(received.value == [1], "the current value must arrive before start returns")
            // Composing needs that value: this used to stop the program in Property(unsafeProducer:).
            let doubled = property.map { $0 * 2 }
            #expect(doubled.value == 2)
            release.signal()
            #expect(setter.wait(timeout: .now() + 10) == .success)
            property.value = 3
            #expect(received.value == [1, 3])
            #expect(doubled.value == 6)
        }

        @Test("a MutableProperty's producer started from inside one of its observers sends the current value at once, then the later changes")
        func propertyProducerStartedFromItsObserver() {
            let property = MutableProperty(0)
            let composed = TestBox<Property<Int>?>(nil)
            let received = TestBox<[Int]>([])
            property.signal.observeValues { [weak property] value in
                guard value == 1, let property else { return }
                property.producer.startWithValues { received.value.append($0) }
                composed.value = property.map { $0 + 10 }
            }
            property.value = 1
            #expect(received.value == [1])
            #expect(composed.value?.value == 11)
            property.value = 2
            #expect(received.value == [1, 2])
            #expect(composed.value?.value == 12)
        }

        @Test("the subscribers of a connection that is gone while its upstream is not running are interrupted and freed")
        func releasedConnectionEndsItsSubscribers() {
            let (upstream, input) = Signal<Int, Never>.pipe()
            weak var weakCore: AnyObject?
            let early = EventLog<Int, Never>()
            let late = EventLog<Int, Never>()
            var producer: SignalProducer<Int, Never>?
            do {
                let connection = SignalProducer(upstream).replay(upTo: 1)
                weakCore = connection.core
                connection.producer.start(early.observer)
                let run = connection.connect()
                input.send(value: 1)
                run.dispose()
                // Disconnected: the subscriber stays, a later connect() could feed it.
                #expect(early.events == [.value(1)])
                producer = connection.producer
            }
            // Nobody can connect any more: the subscriber is interrupted.
            #expect(early.events == [.value(1), .interrupted])
            producer?.start(late.observer)
            #expect(late.events == [.value(1), .interrupted])
            producer = nil
            #expect(weakCore == nil)
            withExtendedLifetime(input) {}
        }

        @Test("a schedule is a pure function of its seed")
        func schedulesAreReproducible() {
            for kind in ScheduleKind.allCases {
                for seed: UInt64 in [1, 42, 0xDEAD_BEEF] {
                    #expect(GeneratedCase.make(kind, seed: seed).script == GeneratedCase.make(kind, seed: seed).script)
                }
            }
        }
    }
}
