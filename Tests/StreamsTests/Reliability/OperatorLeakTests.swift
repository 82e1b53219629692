import Foundation
import Testing
@testable import Streams

// Leak checks generated for every operator, from one table.
//
// Each row builds one operator (or operator form) over sources made by a `LeakKit`, passing it
// closures that all capture one `LeakCanary`, and observes the result with an observer that
// captures the canary too. The harness then runs the row twice, in two scenarios:
//
// - completion: every source sends values and completes (properties are released, which is how
//   a property completes), time-based operators run on a `TestScheduler` until nothing is due;
//   the result must have terminated;
// - disposal: every source sends one value, then the run (a producer's disposable, a signal's
//   observation) is disposed, and the scheduler is run so that an interruption delivered on it
//   arrives.
//
// After each scenario, while the caller still holds the run's disposable and the kit still
// holds the pipes and properties it made, the canary must be gone: every closure and observer
// was released. The run of every source producer must have ended. Then the caller's disposable
// and everything the kit holds are released, and every object the kit tracked weakly (the
// inputs of the source runs, the source signals and their inputs, the source properties, the
// operator's own signal, the composed property, the action) must be gone too: nothing is kept
// by a cycle.
//
// The kit captures sources' inputs weakly and breaks no cycle by itself, so that the tests leak
// nothing of their own under AddressSanitizer's leak detection.

/// Captured by every closure a row passes to an operator, and by the observer: a weak reference
/// to it tells whether all of them were released.
final class LeakCanary: @unchecked Sendable {
    init() {}

    /// Returns `value`; calling it captures the canary in the calling closure.
    @inline(never) func id<T>(_ value: T) -> T { value }

    /// Returns `true`; calling it captures the canary in the calling closure.
    @inline(never) func yes<T>(_ value: T) -> Bool { true }

    /// Does nothing; calling it captures the canary in the calling closure.
    @inline(never) func touch() {}
}

/// How a leak row's run ends before the check.
enum LeakScenario: String, CaseIterable, Sendable {
    case completion
    case disposal
}

/// How the sources of a row end in the completion scenario.
enum LeakEnding: Sendable {
    /// Every source completes.
    case complete
    /// The first source that can fail fails; the others (and the runs started because of the
    /// failure, such as a retry's) complete.
    case fail
}

/// The sources of one leak row, and the record of everything that must be freed.
final class LeakKit: @unchecked Sendable {
    /// One source run, pipe or property the driver feeds.
    private final class Feed {
        let send: (Int) -> Void
        let complete: () -> Void
        let fail: (() -> Void)?
        var ended = false

        init(send: @escaping (Int) -> Void, complete: @escaping () -> Void, fail: (() -> Void)?) {
            self.send = send
            self.complete = complete
            self.fail = fail
        }
    }

    private final class WeakEntry {
        weak var object: AnyObject?
        let name: String

        init(_ object: AnyObject, _ name: String) {
            self.object = object
            self.name = name
        }
    }

    /// The scheduler of the time-based operators.
    let scheduler = TestScheduler()
    /// A lifetime that lasts until the kit is released, for `take(during:)`.
    let lifetime: Lifetime
    private var token: Lifetime.Token?

    private var feeds: [Feed] = []
    private var tracked: [WeakEntry] = []
    private var sourceRuns: [(name: String, ended: TestBox<Bool>)] = []
    private var pipeInputs: [AnyObject] = []
    private var properties: [AnyObject] = []
    private var kept: [Disposable] = []
    private var sourceCount = 0

    init() {
        let (lifetime, token) = Lifetime.make()
        self.lifetime = lifetime
        self.token = token
    }

    // MARK: Sources

    /// A start-handler producer of the values 1, 2, 3 sent by the driver; each run's input is
    /// tracked weakly, and its lifetime must end.
    func producer() -> SignalProducer<Int, TestError> { source { $0 } }

    /// A start-handler producer of `make(1)`, `make(2)`, `make(3)`.
    func producer<V>(_ make: @escaping (Int) -> V) -> SignalProducer<V, TestError> { source(make) }

    /// A start-handler producer that cannot fail.
    func neverProducer() -> SignalProducer<Int, Never> { source { $0 } }

    /// A start-handler producer of `make(1)`, `make(2)`, `make(3)` that cannot fail.
    func neverProducer<V>(_ make: @escaping (Int) -> V) -> SignalProducer<V, Never> { source(make) }

    /// A start-handler producer whose error type is `Swift.Error`.
    func anyErrorProducer() -> SignalProducer<Int, Swift.Error> { source { $0 } }

    /// A start-handler producer that sends no value, only its terminal event.
    func valuelessProducer() -> SignalProducer<Never, TestError> { source(nil) }

    /// A producer of producers: each value is a new start-handler producer of the kit.
    func producerOfProducers() -> SignalProducer<SignalProducer<Int, TestError>, TestError> {
        source { [weak self] _ in self?.producer() ?? .empty }
    }

    /// A producer of signals: each value is a new pipe of the kit.
    func producerOfSignals() -> SignalProducer<Signal<Int, TestError>, TestError> {
        source { [weak self] _ in self?.signal() ?? .empty }
    }

    /// A pipe's output; the kit holds the input until it is released.
    func signal() -> Signal<Int, TestError> { pipe { $0 } }

    /// A pipe of `make(1)`, `make(2)`, `make(3)`.
    func signal<V>(_ make: @escaping (Int) -> V) -> Signal<V, TestError> { pipe(make) }

    /// A pipe that cannot fail.
    func neverSignal() -> Signal<Int, Never> { pipe { $0 } }

    /// A pipe of `make(1)`, `make(2)`, `make(3)` that cannot fail.
    func neverSignal<V>(_ make: @escaping (Int) -> V) -> Signal<V, Never> { pipe(make) }

    /// A pipe whose error type is `Swift.Error`.
    func anyErrorSignal() -> Signal<Int, Swift.Error> { pipe { $0 } }

    /// A pipe that sends no value, only its terminal event.
    func valuelessSignal() -> Signal<Never, TestError> { pipe(nil) }

    /// A signal of producers: each value is a new start-handler producer of the kit.
    func signalOfProducers() -> Signal<SignalProducer<Int, TestError>, TestError> {
        pipe { [weak self] _ in self?.producer() ?? .empty }
    }

    /// A signal of signals: each value is a new pipe of the kit.
    func signalOfSignals() -> Signal<Signal<Int, TestError>, TestError> {
        pipe { [weak self] _ in self?.signal() ?? .empty }
    }

    /// A mutable property holding 0, set to 1, 2, 3 by the driver; the kit holds it until it is
    /// released, which completes it.
    func property() -> MutableProperty<Int> { property(0) { $0 } }

    /// A mutable property holding `initial`, set to `make(1)`, `make(2)`, `make(3)`.
    func property<V>(_ initial: V, _ make: @escaping (Int) -> V) -> MutableProperty<V> {
        sourceCount += 1
        let property = MutableProperty(initial)
        properties.append(property)
        track(property, "source property #\(sourceCount)")
        feeds.append(Feed(send: { [weak property] value in property?.value = make(value) },
                          complete: {}, fail: nil))
        return property
    }

    /// A lifetime that ends when the driver ends the sources (in order with them), or when the
    /// kit is released.
    func endingLifetime() -> Lifetime {
        let (lifetime, token) = Lifetime.make()
        let holder = TestBox<Lifetime.Token?>(token)
        feeds.append(Feed(send: { _ in }, complete: { holder.value = nil }, fail: nil))
        return lifetime
    }

    /// Holds `object` until the driver ends the sources (in order with them), or until the
    /// disposal scenario disposes what the kit keeps.
    func hold(_ object: AnyObject) {
        let holder = TestBox<AnyObject?>(object)
        feeds.append(Feed(send: { _ in }, complete: { holder.value = nil }, fail: nil))
        kept.append(AnyDisposable { holder.value = nil })
    }

    /// Keeps `disposable` (a connection, a binding) until the kit is released; disposed in the
    /// disposal scenario.
    func keep(_ disposable: Disposable?) {
        if let disposable { kept.append(disposable) }
    }

    /// Tracks `object`: it must be freed once everything is released.
    func track(_ object: AnyObject, _ name: String) {
        tracked.append(WeakEntry(object, name))
    }

    private func source<V, E>(_ make: ((Int) -> V)?) -> SignalProducer<V, E> {
        sourceCount += 1
        let index = sourceCount
        let runs = TestBox(0)
        return SignalProducer { [self] observer, lifetime in
            runs.value += 1
            let name = "run #\(runs.value) of source producer #\(index)"
            let ended = TestBox(false)
            lifetime.observeEnded { ended.value = true }
            sourceRuns.append((name, ended))
            // Checked once the caller released the run's disposable: for an operator that
            // wraps the source's observer, that disposable is the source run's own handle,
            // which keeps the run's input (not its observer) while it is held.
            track(observer, "the input of the \(name)")
            feeds.append(Feed(
                send: { [weak observer] value in if let make { observer?.send(value: make(value)) } },
                complete: { [weak observer] in observer?.sendCompleted() },
                fail: Self.failing(observer)))
        }
    }

    private func pipe<V, E>(_ make: ((Int) -> V)?) -> Signal<V, E> {
        sourceCount += 1
        let (output, input) = Signal<V, E>.pipe()
        pipeInputs.append(input)
        track(output, "source signal #\(sourceCount)")
        track(input, "the input of source signal #\(sourceCount)")
        feeds.append(Feed(
            send: { [weak input] value in if let make { input?.send(value: make(value)) } },
            complete: { [weak input] in input?.sendCompleted() },
            fail: Self.failing(input)))
        return output
    }

    /// A closure failing `observer` (held weakly) when its error type can hold a `TestError`.
    private static func failing<V, E>(_ observer: Signal<V, E>.Observer) -> (() -> Void)? {
        guard let error = TestError.first as? E else { return nil }
        return { [weak observer] in observer?.send(error: error) }
    }

    // MARK: Driving

    /// Sends `value` into every source still going, including those started meanwhile.
    func sendRound(_ value: Int) {
        var index = 0
        while index < feeds.count {
            let feed = feeds[index]
            if !feed.ended { feed.send(value) }
            index += 1
        }
    }

    /// Sends three values into every source, ends them all as `ending` says (and the runs they
    /// lead to, such as inner runs or restarts), running the scheduler until nothing new starts,
    /// then releases the properties, which completes them.
    func driveToCompletion(_ ending: LeakEnding) {
        for value in 1...3 { sendRound(value) }
        if ending == .fail, let feed = feeds.first(where: { !$0.ended && $0.fail != nil }) {
            feed.ended = true
            feed.fail?()
        }
        var rounds = 0
        repeat {
            var index = 0
            while index < feeds.count {
                let feed = feeds[index]
                if !feed.ended {
                    feed.ended = true
                    feed.complete()
                }
                index += 1
            }
            settle()
            rounds += 1
        } while feeds.contains(where: { !$0.ended }) && rounds < 100
        properties.removeAll()
        settle()
    }

    /// Runs the work due on the scheduler in the next virtual hour.
    func settle() {
        scheduler.advance(by: 3_600)
    }

    /// Disposes what the row asked the kit to keep.
    func disposeKept() {
        for disposable in kept { disposable.dispose() }
    }

    // MARK: Checking

    /// The source runs whose lifetime has not ended.
    func sourceRunsStillGoing() -> [String] {
        sourceRuns.filter { !$0.ended.value }.map { "the \($0.name) is still going" }
    }

    /// Releases every pipe input, property and kept disposable, and ends `lifetime`.
    func releaseAll() {
        pipeInputs.removeAll()
        properties.removeAll()
        kept.removeAll()
        token = nil
        settle()
    }

    /// What the kit tracked and is still alive.
    func survivors() -> [String] {
        tracked.filter { $0.object != nil }.map { "\($0.name) is still alive" }
    }
}

/// One row of the leak table: an operator, and how to run it.
struct LeakRow: Sendable, CustomTestStringConvertible {
    let name: String
    let scenarios: [LeakScenario]
    let run: @Sendable (LeakScenario) -> [String]

    var testDescription: String { name }

    /// Runs every scenario of the row; returns the problems found, each naming its scenario.
    func problems() -> [String] {
        scenarios.flatMap { scenario in run(scenario).map { "\(name), \(scenario.rawValue): \($0)" } }
    }
}

/// What the harness expects of a row's output.
enum LeakOutput: Sendable {
    /// A producer run: it terminates after completion and is interrupted by disposal.
    case producerRun
    /// A signal observation, or a form whose observer the harness does not see: it terminates
    /// after completion, if `terminates`; disposal sends it nothing.
    case observation(terminates: Bool)
}

enum LeakHarness {
    /// Attaches the row's output with an observer capturing the canary, runs `scenario`, and
    /// returns the problems found.
    static func run<U, F>(
        _ scenario: LeakScenario,
        output: LeakOutput,
        ending: LeakEnding,
        _ attach: (LeakCanary, LeakKit, Signal<U, F>.Observer) -> Disposable?
    ) -> [String] {
        let kit = LeakKit()
        let terminal = TestBox<Signal<U, F>.Event?>(nil)
        weak var weakCanary: LeakCanary?
        var handle: Disposable?
        do {
            let canary = LeakCanary()
            weakCanary = canary
            handle = attach(canary, kit, Signal<U, F>.Observer { event in
                canary.touch()
                if event.isTerminating, terminal.value == nil { terminal.value = event }
            })
        }
        var problems: [String] = []
        if terminal.value == nil, weakCanary == nil {
            problems.append("the canary was not retained while the stream runs: the row checks nothing")
        }
        switch scenario {
        case .completion:
            kit.driveToCompletion(ending)
            switch output {
            case .producerRun, .observation(terminates: true):
                if terminal.value == nil { problems.append("the stream did not terminate once its sources ended") }
            case .observation(terminates: false):
                break
            }
        case .disposal:
            kit.sendRound(1)
            handle?.dispose()
            kit.disposeKept()
            kit.settle()
            if case .producerRun = output, terminal.value == nil {
                problems.append("the run received no terminal event after its disposal")
            }
        }
        if weakCanary != nil {
            problems.append("a closure or the observer is still alive (the canary), while the caller holds the run's disposable")
        }
        problems += kit.sourceRunsStillGoing()
        handle = nil
        kit.releaseAll()
        problems += kit.survivors()
        if weakCanary != nil, !problems.contains(where: { $0.hasPrefix("a closure") }) {
            problems.append("the canary is still alive after everything was released")
        }
        return problems
    }
}

/// Builds the rows of a table, one statement per row (so that each row type-checks alone).
struct LeakTable {
    private(set) var rows: [LeakRow] = []

    /// A producer operator: the row's producer is started with the observer.
    mutating func producer<U, F>(
        _ name: String,
        _ scenarios: [LeakScenario] = LeakScenario.allCases,
        ending: LeakEnding = .complete,
        _ build: @escaping @Sendable (LeakCanary, LeakKit) -> SignalProducer<U, F>
    ) {
        rows.append(LeakRow(name: "SignalProducer." + name, scenarios: scenarios) { scenario in
            LeakHarness.run(scenario, output: .producerRun, ending: ending) {
                (canary: LeakCanary, kit: LeakKit, observer: Signal<U, F>.Observer) in
                build(canary, kit).start(observer)
            }
        })
    }

    /// A signal operator: the row's signal is observed with the observer; the observation is
    /// what the disposal scenario disposes.
    mutating func signal<U, F>(
        _ name: String,
        _ scenarios: [LeakScenario] = LeakScenario.allCases,
        ending: LeakEnding = .complete,
        _ build: @escaping @Sendable (LeakCanary, LeakKit) -> Signal<U, F>
    ) {
        rows.append(LeakRow(name: "Signal." + name, scenarios: scenarios) { scenario in
            LeakHarness.run(scenario, output: .observation(terminates: true), ending: ending) {
                (canary: LeakCanary, kit: LeakKit, observer: Signal<U, F>.Observer) in
                let signal = build(canary, kit)
                kit.track(signal, "the operator's signal")
                return signal.observe(observer)
            }
        })
    }

    /// A property operator: the row's property is tracked, and its producer started with the
    /// observer.
    mutating func property<P: PropertyProtocol>(
        _ name: String,
        _ scenarios: [LeakScenario] = LeakScenario.allCases,
        _ build: @escaping @Sendable (LeakCanary, LeakKit) -> P
    ) {
        rows.append(LeakRow(name: "Property." + name, scenarios: scenarios) { scenario in
            LeakHarness.run(scenario, output: .producerRun, ending: .complete) {
                (canary: LeakCanary, kit: LeakKit, observer: Signal<P.Value, Never>.Observer) in
                let property = build(canary, kit)
                kit.track(property, "the property")
                return property.producer.start(observer)
            }
        })
    }

    /// An action: applied once, its apply producer started with the observer; its `events`,
    /// `values`, `isExecuting` and `isEnabled` are observed too.
    mutating func action<O, E>(
        _ name: String,
        _ build: @escaping @Sendable (LeakCanary, LeakKit) -> Action<Int, O, E>
    ) {
        rows.append(LeakRow(name: "Action." + name, scenarios: LeakScenario.allCases) { scenario in
            LeakHarness.run(scenario, output: .producerRun, ending: .complete) {
                (canary: LeakCanary, kit: LeakKit, observer: Signal<O, ActionError<E>>.Observer) in
                let action = build(canary, kit)
                kit.track(action, "the action")
                action.events.observeValues { _ in canary.touch() }
                action.values.observeValues { _ in canary.touch() }
                action.isExecuting.producer.startWithValues { _ in canary.touch() }
                action.isEnabled.signal.observeValues { _ in canary.touch() }
                return action.apply(1).start(observer)
            }
        })
    }

    /// An observation form, a binding or a connection: `attach` does what it wants with the
    /// canary and returns what the disposal scenario disposes; the harness's observer is handed
    /// over for forms that can use it.
    mutating func form<U, F>(
        _ name: String,
        _ scenarios: [LeakScenario] = LeakScenario.allCases,
        terminates: Bool = false,
        _ attach: @escaping @Sendable (LeakCanary, LeakKit, Signal<U, F>.Observer) -> Disposable?
    ) {
        rows.append(LeakRow(name: name, scenarios: scenarios) { scenario in
            LeakHarness.run(scenario, output: .observation(terminates: terminates), ending: .complete, attach)
        })
    }

    /// A blocking operator over a synchronous producer: only completion.
    mutating func blocking(_ name: String, _ body: @escaping @Sendable (LeakCanary) -> Void) {
        rows.append(LeakRow(name: "SignalProducer." + name, scenarios: [.completion]) { _ in
            weak var weakCanary: LeakCanary?
            do {
                let canary = LeakCanary()
                weakCanary = canary
                body(canary)
            }
            return weakCanary == nil ? [] : ["a closure is still alive (the canary) after it returned"]
        })
    }
}

/// A value with a key path to read, for the key-path forms of `map`.
struct LeakPair: Sendable {
    let value: Int
    let double: Int
    init(_ value: Int) {
        self.value = value
        double = value * 2
    }
}

// MARK: - The table

enum LeakRows {
    static let producerTransforms: [LeakRow] = {
        var t = LeakTable()
        t.producer("map(_:)") { c, k in k.producer().map { c.id($0) } }
        t.producer("map(value:)") { c, k in k.producer().map(value: c) }
        t.producer("map(_: KeyPath)") { _, k in k.producer { LeakPair($0) }.map(\.double) }
        t.producer("mapError(_:)") { c, k in k.producer().mapError { c.id($0) } }
        t.producer("lazyMap(on:transform:)") { c, k in k.producer().lazyMap(on: k.scheduler) { c.id($0) } }
        t.producer("filter(_:)") { c, k in k.producer().filter { c.yes($0) } }
        t.producer("compactMap(_:)") { c, k in k.producer().compactMap { Optional(c.id($0)) } }
        t.producer("filterMap(_:)") { c, k in k.producer().filterMap { Optional(c.id($0)) } }
        t.producer("skipNil()") { _, k in k.producer { Optional($0) }.skipNil() }
        t.producer("take(first:)") { _, k in k.producer().take(first: 2) }
        t.producer("take(last:)") { _, k in k.producer().take(last: 2) }
        t.producer("take(while:)") { c, k in k.producer().take(while: { c.yes($0) }) }
        t.producer("take(until: predicate)") { c, k in k.producer().take(until: { c.id($0) > 2 }) }
        t.producer("take(until: trigger)") { c, k in
            k.producer().take(until: k.neverProducer { _ in () }.filter { c.yes($0) })
        }
        t.producer("take(untilReplacement:)") { c, k in k.producer().take(untilReplacement: k.producer().map { c.id($0) }) }
        t.producer("take(during:)") { _, k in k.producer().take(during: k.lifetime) }
        t.producer("take(during:), the lifetime ending first") { c, k in
            let lifetime = k.endingLifetime()
            return k.producer().map { c.id($0) }.take(during: lifetime)
        }
        t.producer("skip(first:)") { _, k in k.producer().skip(first: 1) }
        t.producer("skip(while:)") { c, k in k.producer().skip(while: { c.id($0) < 2 }) }
        t.producer("skip(until:)") { c, k in k.producer().skip(until: k.neverProducer { _ in () }.filter { c.yes($0) }) }
        t.producer("skipRepeats()") { _, k in k.producer().skipRepeats() }
        t.producer("skipRepeats(_:)") { c, k in k.producer().skipRepeats { c.id($0) == $1 } }
        t.producer("uniqueValues()") { _, k in k.producer().uniqueValues() }
        t.producer("uniqueValues(_:)") { c, k in k.producer().uniqueValues { c.id($0) } }
        t.producer("collect()") { _, k in k.producer().collect() }
        t.producer("collect(count:)") { _, k in k.producer().collect(count: 2) }
        t.producer("collect(_: values)") { c, k in k.producer().collect { values in c.yes(values) } }
        t.producer("collect(_: collected, latest)") { c, k in k.producer().collect { collected, _ in c.yes(collected) } }
        t.producer("collect(every:on:)") { _, k in k.producer().collect(every: .seconds(1), on: k.scheduler) }
        t.producer("scan(_:_:)") { c, k in k.producer().scan(0) { c.id($0 + $1) } }
        t.producer("scan(into:_:)") { c, k in k.producer().scan(into: 0) { $0 += c.id($1) } }
        t.producer("scanMap(_:_:)") { c, k in k.producer().scanMap(0) { (c.id($0 + $1), $1) } }
        t.producer("scanMap(into:_:)") { c, k in
            k.producer().scanMap(into: 0) { (state: inout Int, value: Int) -> Int in
                state += value
                return c.id(state)
            }
        }
        t.producer("reduce(_:_:)") { c, k in k.producer().reduce(0) { c.id($0 + $1) } }
        t.producer("reduce(into:_:)") { c, k in k.producer().reduce(into: 0) { $0 += c.id($1) } }
        t.producer("combinePrevious()") { _, k in k.producer().combinePrevious() }
        t.producer("combinePrevious(_:)") { _, k in k.producer().combinePrevious(0) }
        t.producer("promoteError(_:)") { _, k in k.neverProducer().promoteError(TestError.self) }
        t.producer("promoteValue(_:)") { _, k in k.valuelessProducer().promoteValue(Int.self) }
        t.producer("attempt(_: Result)") { c, k in k.producer().attempt { _ in c.id(Result<(), TestError>.success(())) } }
        t.producer("attemptMap(_: Result)") { c, k in k.producer().attemptMap { Result<Int, TestError>.success(c.id($0)) } }
        t.producer("attempt(_: throws), Error == Never") { c, k in k.neverProducer().attempt { _ in c.touch() } }
        t.producer("attemptMap(_: throws), Error == Never") { c, k in k.neverProducer().attemptMap { c.id($0) } }
        t.producer("attempt(_: throws), Error == Swift.Error") { c, k in k.anyErrorProducer().attempt { _ in c.touch() } }
        t.producer("attemptMap(_: throws), Error == Swift.Error") { c, k in k.anyErrorProducer().attemptMap { c.id($0) } }
        t.producer("materialize()") { _, k in k.producer().materialize() }
        t.producer("materializeResults()") { _, k in k.producer().materializeResults() }
        t.producer("dematerialize()") { _, k in k.neverProducer { Signal<Int, TestError>.Event.value($0) }.dematerialize() }
        t.producer("dematerializeResults()") { _, k in k.neverProducer { Result<Int, TestError>.success($0) }.dematerializeResults() }
        t.producer("on(starting:started:event:failed:completed:interrupted:terminated:disposed:value:)") { c, k in
            k.producer().on(starting: { c.touch() }, started: { c.touch() }, event: { _ in c.touch() },
                            failed: { _ in c.touch() }, completed: { c.touch() }, interrupted: { c.touch() },
                            terminated: { c.touch() }, disposed: { c.touch() }, value: { _ in c.touch() })
        }
        t.producer("logEvents(identifier:events:logger:)") { c, k in
            k.producer().logEvents(identifier: "leak", logger: { _, _, _, _, _ in c.touch() })
        }
        t.producer("lift(_: unary)") { c, k in k.producer().lift { $0.map { c.id($0) } } }
        t.producer("lift(_: binary)") { c, k in
            let combine = k.producer().lift { (left: Signal<Int, TestError>) in
                { (right: Signal<Int, TestError>) in left.combineLatest(with: right).map { c.id($0.0) } }
            }
            return combine(k.producer())
        }
        t.producer("negate()") { _, k in k.producer { $0 % 2 == 0 }.negate() }
        t.producer("and(_:)") { _, k in k.producer { $0 % 2 == 0 }.and(k.producer { $0 > 1 }) }
        t.producer("or(_:)") { _, k in k.producer { $0 % 2 == 0 }.or(k.producer { $0 > 1 }) }
        t.producer("all(_: collection)") { _, k in SignalProducer.all([k.producer { $0 > 0 }, k.producer { $0 > 1 }]) }
        t.producer("all(_: variadic)") { _, k in SignalProducer.all(k.producer { $0 > 0 }, k.producer { $0 > 1 }) }
        t.producer("any(_: collection)") { _, k in SignalProducer.any([k.producer { $0 > 0 }, k.producer { $0 > 1 }]) }
        t.producer("any(_: variadic)") { _, k in SignalProducer.any(k.producer { $0 > 0 }, k.producer { $0 > 1 }) }
        t.producer("startWith(_:) (StreamProtocol)") { c, k in k.producer().map { c.id($0) }.startWith(0) }
        t.producer("ignoreValues() (StreamProtocol)") { c, k in k.producer().map { c.id($0) }.ignoreValues() }
        t.producer("bind(_:) (StreamProtocol)") { c, k in
            SignalProducer(stream: k.producer().bind { { value, _ in c.id(SignalProducer<Int, TestError>(value: value)).stream } })
        }
        return t.rows
    }()

    static let producerCombining: [LeakRow] = {
        var t = LeakTable()
        t.producer("combineLatest(with:)") { c, k in k.producer().combineLatest(with: k.producer()).map { c.id($0.0) } }
        t.producer("combineLatest(_:_:)") { _, k in SignalProducer.combineLatest(k.producer(), k.producer()) }
        t.producer("combineLatest(_:_:_:)") { _, k in SignalProducer.combineLatest(k.producer(), k.producer(), k.producer()) }
        t.producer("combineLatest(4 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("combineLatest(5 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("combineLatest(6 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("combineLatest(7 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                                         k.producer())
        }
        t.producer("combineLatest(8 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                                         k.producer(), k.producer())
        }
        t.producer("combineLatest(9 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                                         k.producer(), k.producer(), k.producer())
        }
        t.producer("combineLatest(10 producers)") { _, k in
            SignalProducer.combineLatest(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                                         k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("combineLatest(_: sequence)") { _, k in SignalProducer.combineLatest([k.producer(), k.producer(), k.producer()]) }
        t.producer("combineLatest(_:emptySentinel:)") { _, k in
            SignalProducer.combineLatest([k.producer(), k.producer()], emptySentinel: [])
        }
        t.producer("zip(with:)") { c, k in k.producer().zip(with: k.producer()).map { c.id($0.0) } }
        t.producer("zip(_:_:)") { _, k in SignalProducer.zip(k.producer(), k.producer()) }
        t.producer("zip(_:_:_:)") { _, k in SignalProducer.zip(k.producer(), k.producer(), k.producer()) }
        t.producer("zip(4 producers)") { _, k in SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer()) }
        t.producer("zip(5 producers)") { _, k in
            SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("zip(6 producers)") { _, k in
            SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("zip(7 producers)") { _, k in
            SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                               k.producer())
        }
        t.producer("zip(8 producers)") { _, k in
            SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                               k.producer(), k.producer())
        }
        t.producer("zip(9 producers)") { _, k in
            SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                               k.producer(), k.producer(), k.producer())
        }
        t.producer("zip(10 producers)") { _, k in
            SignalProducer.zip(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                               k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("zip(_: sequence)") { _, k in SignalProducer.zip([k.producer(), k.producer(), k.producer()]) }
        t.producer("zip(_:emptySentinel:)") { _, k in SignalProducer.zip([k.producer(), k.producer()], emptySentinel: []) }
        t.producer("zip(with:) (StreamProtocol, other kind)") { c, k in
            SignalProducer(stream: k.producer().map { c.id($0) }.stream.zip(with: k.producer().stream).map { $0.0 })
        }
        t.producer("merge(with:)") { c, k in k.producer().merge(with: k.producer().map { c.id($0) }) }
        t.producer("merge(_:_:)") { _, k in SignalProducer.merge(k.producer(), k.producer()) }
        t.producer("merge(_:_:_:)") { _, k in SignalProducer.merge(k.producer(), k.producer(), k.producer()) }
        t.producer("merge(10 producers)") { _, k in
            SignalProducer.merge(k.producer(), k.producer(), k.producer(), k.producer(), k.producer(), k.producer(),
                                 k.producer(), k.producer(), k.producer(), k.producer())
        }
        t.producer("merge(_: sequence)") { _, k in SignalProducer.merge([k.producer(), k.producer(), k.producer()]) }
        t.producer("sample(with:)") { _, k in k.producer().sample(with: k.neverProducer()) }
        t.producer("sample(on:)") { _, k in k.producer().sample(on: k.neverProducer { _ in () }) }
        t.producer("withLatest(from:)") { _, k in k.producer().withLatest(from: k.neverProducer()) }
        t.producer("withLatest(from: signal)") { _, k in k.producer().withLatest(from: k.neverSignal()) }
        return t.rows
    }()

    static let producerSequencing: [LeakRow] = {
        var t = LeakTable()
        t.producer("concat(_:)") { c, k in k.producer().concat(k.producer().map { c.id($0) }) }
        t.producer("concat(_: SignalProducerConvertible)") { _, k in k.producer().concat(k.signal()) }
        t.producer("concat(value:)") { c, k in k.producer().map { c.id($0) }.concat(value: 9) }
        t.producer("concat(error:)") { c, k in k.producer().map { c.id($0) }.concat(error: .second) }
        t.producer("prefix(_:)") { c, k in k.producer().prefix(k.producer().map { c.id($0) }) }
        t.producer("prefix(value:)") { c, k in k.producer().map { c.id($0) }.prefix(value: 0) }
        t.producer("then(_:), replacement Error == Never") { c, k in k.producer().then(k.neverProducer().map { c.id($0) }) }
        t.producer("then(_:), same error") { c, k in k.producer().then(k.producer().map { c.id($0) }) }
        t.producer("then(_:), Error == Never") { c, k in k.neverProducer().then(k.producer().map { c.id($0) }) }
        t.producer("then(_:), other value type") { c, k in k.producer().then(k.producer().map { "\(c.id($0))" }) }
        t.producer("repeat(_:)") { c, k in k.producer().map { c.id($0) }.repeat(3) }
        t.producer("retry(upTo:)", ending: .fail) { c, k in k.producer().map { c.id($0) }.retry(upTo: 2) }
        t.producer("retry(upTo:interval:on:)", ending: .fail) { c, k in
            k.producer().map { c.id($0) }.retry(upTo: 2, interval: 1, on: k.scheduler)
        }
        t.producer("flatMapError(_:)", ending: .fail) { c, k in k.producer().flatMapError { _ in c.id(k.producer()) } }
        t.producer("flatMapError(_:), to Never", ending: .fail) { c, k in
            k.producer().flatMapError { _ in c.id(k.neverProducer()) }
        }
        t.producer("flatMapError(_:), SignalProducerConvertible", ending: .fail) { c, k in
            k.producer().flatMapError { _ in c.id(k.signal()) }
        }
        for strategy in LeakRows.strategies {
            t.producer("flatten(\(strategy))") { _, k in k.producerOfProducers().flatten(strategy) }
            t.producer("flatten(\(strategy)) of signals") { _, k in k.producerOfSignals().flatten(strategy) }
            t.producer("flatMap(\(strategy), _:)") { c, k in k.producer().flatMap(strategy) { _ in c.id(k.producer()) } }
            t.producer("flatMap(\(strategy), _:), inner Error == Never") { c, k in
                k.producer().flatMap(strategy) { _ in c.id(k.neverProducer()) }
            }
            t.producer("flatMap(\(strategy), _:), Error == Never") { c, k in
                k.neverProducer().flatMap(strategy) { _ in c.id(k.producer()) }
            }
            t.producer("flatMap(\(strategy), _:), inner signal") { c, k in k.producer().flatMap(strategy) { _ in c.id(k.signal()) } }
        }
        t.producer("flatMap(_:) failing inner", ending: .fail) { c, k in k.producer().flatMap(.merge) { _ in c.id(k.producer()) } }
        t.producer("flatten() of sequences") { _, k in k.producer { [$0, $0] }.flatten() }
        return t.rows
    }()

    static let producerTiming: [LeakRow] = {
        var t = LeakTable()
        t.producer("timeout(after:raising:on:)") { c, k in
            k.producer().map { c.id($0) }.timeout(after: 10, raising: .second, on: k.scheduler)
        }
        t.producer("timeout(after:raising:on:), Error == Never") { c, k in
            k.neverProducer().map { c.id($0) }.timeout(after: 10, raising: TestError.second, on: k.scheduler)
        }
        t.producer("timeout(after:raising:on:), firing") { c, k in
            k.producer().map { c.id($0) }.timeout(after: 0.5, raising: .second, on: k.scheduler)
        }
        t.producer("delay(_:on:)") { c, k in k.producer().map { c.id($0) }.delay(1, on: k.scheduler) }
        t.producer("throttle(_:on:)") { c, k in k.producer().map { c.id($0) }.throttle(1, on: k.scheduler) }
        t.producer("throttle(while:on:)") { c, k in
            k.producer().map { c.id($0) }.throttle(while: k.property(false) { $0 == 2 }, on: k.scheduler)
        }
        t.producer("debounce(_:on:discardWhenCompleted:)") { c, k in
            k.producer().map { c.id($0) }.debounce(1, on: k.scheduler, discardWhenCompleted: false)
        }
        t.producer("observe(on:)") { c, k in k.producer().map { c.id($0) }.observe(on: k.scheduler) }
        t.producer("start(on:)") { c, k in k.producer().map { c.id($0) }.start(on: k.scheduler) }
        t.producer("timer(interval:on:)", [.disposal]) { c, k in
            SignalProducer.timer(interval: .seconds(1), on: k.scheduler).map { c.id($0) }
        }
        t.producer("timer(interval:on:leeway:)", [.disposal]) { c, k in
            SignalProducer.timer(interval: .seconds(1), on: k.scheduler, leeway: .seconds(0)).map { c.id($0) }
        }
        t.producer("interval(_:on:)", [.disposal]) { c, k in
            SignalProducer.interval(.seconds(1), on: k.scheduler).map { c.id($0) }
        }
        t.producer("interval(_:interval:on:)") { c, k in
            SignalProducer.interval([1, 2, 3], interval: .seconds(1), on: k.scheduler).map { c.id($0) }
        }
        return t.rows
    }()

    static let producerMulticastAndMisc: [LeakRow] = {
        var t = LeakTable()
        t.producer("replayLazily(upTo:)") { c, k in k.producer().map { c.id($0) }.replayLazily(upTo: 2) }
        t.producer("publish() (connected before the subscriber)") { c, k in
            let connection = k.producer().map { c.id($0) }.publish()
            k.keep(connection.connect())
            return connection.producer
        }
        t.producer("publish() (connected after the subscriber)") { c, k in
            let connection = k.producer().map { c.id($0) }.publish()
            return connection.producer.on(started: { k.keep(connection.connect()) })
        }
        t.producer("replay(upTo:)") { c, k in
            let connection = k.producer().map { c.id($0) }.replay(upTo: 2)
            k.keep(connection.connect())
            return connection.producer
        }
        t.producer("publish() never connected, the connection released") { c, k in
            k.producer().map { c.id($0) }.publish().producer
        }
        t.producer("replay(upTo:) disconnected, the connection released") { c, k in
            let connection = k.producer().map { c.id($0) }.replay(upTo: 2)
            connection.connect().dispose()
            return connection.producer
        }
        t.producer("publish().autoconnect()") { c, k in k.producer().map { c.id($0) }.publish().autoconnect() }
        t.producer("replay(upTo:).autoconnect()") { c, k in k.producer().map { c.id($0) }.replay(upTo: 2).autoconnect() }
        t.producer("init(_: Signal)") { c, k in SignalProducer(k.signal().map { c.id($0) }) }
        t.producer("Signal.producer") { c, k in k.signal().map { c.id($0) }.producer }
        t.producer("init(_: startHandler)") { c, k in
            let upstream = k.producer()
            return SignalProducer<Int, TestError> { observer, lifetime in
                c.touch()
                lifetime += upstream.start(observer)
            }
        }
        t.producer("init(_: SignalProducerConvertible)") { c, k in SignalProducer(k.producer().map { c.id($0) }.stream) }
        t.producer("unserialized(_:)") { c, k in
            let upstream = k.producer()
            return SignalProducer<Int, TestError>.unserialized { observer, lifetime in
                c.touch()
                lifetime += upstream.start(observer)
            }
        }
        t.producer("init(_: action)") { c, _ in SignalProducer<Int, TestError> { c.id(1) } }
        t.producer("init(_: Result action)") { c, _ in SignalProducer<Int, TestError> { c.id(Result<Int, TestError>.success(1)) } }
        t.producer("init(value:)") { c, _ in SignalProducer<LeakCanary, TestError>(value: c) }
        t.producer("init(values:_:_:)") { c, _ in SignalProducer<LeakCanary, TestError>(values: c, c, c) }
        t.producer("init(_: Sequence)") { c, _ in SignalProducer<LeakCanary, TestError>([c, c]) }
        t.producer("init(result:)") { c, _ in SignalProducer<LeakCanary, TestError>(result: .success(c)) }
        t.producer("init(error:)") { _, _ in SignalProducer<Int, TestError>(error: .first) }
        t.producer("empty") { _, _ in SignalProducer<Int, TestError>.empty }
        t.producer("never", [.disposal]) { _, _ in SignalProducer<Int, TestError>.never }
        t.blocking("first()") { c in _ = SignalProducer<Int, TestError>(values: 1, 2).map { c.id($0) }.first() }
        t.blocking("single()") { c in _ = SignalProducer<Int, TestError>(value: 1).map { c.id($0) }.single() }
        t.blocking("last()") { c in _ = SignalProducer<Int, TestError>(values: 1, 2).map { c.id($0) }.last() }
        t.blocking("wait()") { c in _ = SignalProducer<Int, TestError>(values: 1, 2).map { c.id($0) }.wait() }
        return t.rows
    }()

    static let signalOperators: [LeakRow] = {
        var t = LeakTable()
        t.signal("map(_:)") { c, k in k.signal().map { c.id($0) } }
        t.signal("map(value:)") { c, k in k.signal().map(value: c) }
        t.signal("map(_: KeyPath)") { _, k in k.signal { LeakPair($0) }.map(\.double) }
        t.signal("mapError(_:)") { c, k in k.signal().mapError { c.id($0) } }
        t.signal("lazyMap(on:transform:)") { c, k in k.signal().lazyMap(on: k.scheduler) { c.id($0) } }
        t.signal("filter(_:)") { c, k in k.signal().filter { c.yes($0) } }
        t.signal("compactMap(_:)") { c, k in k.signal().compactMap { Optional(c.id($0)) } }
        t.signal("filterMap(_:)") { c, k in k.signal().filterMap { Optional(c.id($0)) } }
        t.signal("skipNil()") { _, k in k.signal { Optional($0) }.skipNil() }
        t.signal("take(first:)") { _, k in k.signal().take(first: 2) }
        t.signal("take(last:)") { _, k in k.signal().take(last: 2) }
        t.signal("take(while:)") { c, k in k.signal().take(while: { c.yes($0) }) }
        t.signal("take(until: predicate)") { c, k in k.signal().take(until: { c.id($0) > 2 }) }
        t.signal("take(until: trigger)") { c, k in k.signal().take(until: k.neverSignal { _ in () }.filter { c.yes($0) }) }
        t.signal("take(untilReplacement:)") { c, k in k.signal().take(untilReplacement: k.signal().map { c.id($0) }) }
        t.signal("take(during:)") { _, k in k.signal().take(during: k.lifetime) }
        t.signal("take(during:), the lifetime ending first") { c, k in
            let lifetime = k.endingLifetime()
            return k.signal().map { c.id($0) }.take(during: lifetime)
        }
        t.signal("skip(first:)") { _, k in k.signal().skip(first: 1) }
        t.signal("skip(while:)") { c, k in k.signal().skip(while: { c.id($0) < 2 }) }
        t.signal("skip(until:)") { c, k in k.signal().skip(until: k.neverSignal { _ in () }.filter { c.yes($0) }) }
        t.signal("skipRepeats()") { _, k in k.signal().skipRepeats() }
        t.signal("skipRepeats(_:)") { c, k in k.signal().skipRepeats { c.id($0) == $1 } }
        t.signal("uniqueValues()") { _, k in k.signal().uniqueValues() }
        t.signal("uniqueValues(_:)") { c, k in k.signal().uniqueValues { c.id($0) } }
        t.signal("collect()") { _, k in k.signal().collect() }
        t.signal("collect(count:)") { _, k in k.signal().collect(count: 2) }
        t.signal("collect(_: values)") { c, k in k.signal().collect { values in c.yes(values) } }
        t.signal("collect(_: collected, latest)") { c, k in k.signal().collect { collected, _ in c.yes(collected) } }
        t.signal("collect(every:on:)") { _, k in k.signal().collect(every: .seconds(1), on: k.scheduler) }
        t.signal("scan(_:_:)") { c, k in k.signal().scan(0) { c.id($0 + $1) } }
        t.signal("scan(into:_:)") { c, k in k.signal().scan(into: 0) { $0 += c.id($1) } }
        t.signal("scanMap(_:_:)") { c, k in k.signal().scanMap(0) { (c.id($0 + $1), $1) } }
        t.signal("scanMap(into:_:)") { c, k in
            k.signal().scanMap(into: 0) { (state: inout Int, value: Int) -> Int in
                state += value
                return c.id(state)
            }
        }
        t.signal("reduce(_:_:)") { c, k in k.signal().reduce(0) { c.id($0 + $1) } }
        t.signal("reduce(into:_:)") { c, k in k.signal().reduce(into: 0) { $0 += c.id($1) } }
        t.signal("combinePrevious()") { _, k in k.signal().combinePrevious() }
        t.signal("combinePrevious(_:)") { _, k in k.signal().combinePrevious(0) }
        t.signal("promoteError(_:)") { _, k in k.neverSignal().promoteError(TestError.self) }
        t.signal("promoteValue(_:)") { _, k in k.valuelessSignal().promoteValue(Int.self) }
        t.signal("attempt(_: Result)") { c, k in k.signal().attempt { _ in c.id(Result<(), TestError>.success(())) } }
        t.signal("attemptMap(_: Result)") { c, k in k.signal().attemptMap { Result<Int, TestError>.success(c.id($0)) } }
        t.signal("attempt(_: throws), Error == Never") { c, k in k.neverSignal().attempt { _ in c.touch() } }
        t.signal("attemptMap(_: throws), Error == Never") { c, k in k.neverSignal().attemptMap { c.id($0) } }
        t.signal("attempt(_: throws), Error == Swift.Error") { c, k in k.anyErrorSignal().attempt { _ in c.touch() } }
        t.signal("attemptMap(_: throws), Error == Swift.Error") { c, k in k.anyErrorSignal().attemptMap { c.id($0) } }
        t.signal("materialize()") { _, k in k.signal().materialize() }
        t.signal("materializeResults()") { _, k in k.signal().materializeResults() }
        t.signal("dematerialize()") { _, k in k.neverSignal { Signal<Int, TestError>.Event.value($0) }.dematerialize() }
        t.signal("dematerializeResults()") { _, k in k.neverSignal { Result<Int, TestError>.success($0) }.dematerializeResults() }
        t.signal("on(event:failed:completed:interrupted:terminated:disposed:value:)") { c, k in
            k.signal().on(event: { _ in c.touch() }, failed: { _ in c.touch() }, completed: { c.touch() },
                          interrupted: { c.touch() }, terminated: { c.touch() }, disposed: { c.touch() },
                          value: { _ in c.touch() })
        }
        t.signal("logEvents(identifier:events:logger:)") { c, k in
            k.signal().logEvents(identifier: "leak", logger: { _, _, _, _, _ in c.touch() })
        }
        t.signal("negate()") { _, k in k.signal { $0 % 2 == 0 }.negate() }
        t.signal("and(_:)") { _, k in k.signal { $0 % 2 == 0 }.and(k.signal { $0 > 1 }) }
        t.signal("or(_:)") { _, k in k.signal { $0 % 2 == 0 }.or(k.signal { $0 > 1 }) }
        t.signal("all(_: collection)") { _, k in Signal.all([k.signal { $0 > 0 }, k.signal { $0 > 1 }]) }
        t.signal("all(_: variadic)") { _, k in Signal.all(k.signal { $0 > 0 }, k.signal { $0 > 1 }) }
        t.signal("any(_: collection)") { _, k in Signal.any([k.signal { $0 > 0 }, k.signal { $0 > 1 }]) }
        t.signal("any(_: variadic)") { _, k in Signal.any(k.signal { $0 > 0 }, k.signal { $0 > 1 }) }
        t.signal("timeout(after:raising:on:)") { c, k in k.signal().map { c.id($0) }.timeout(after: 10, raising: .second, on: k.scheduler) }
        t.signal("timeout(after:raising:on:), Error == Never") { c, k in
            k.neverSignal().map { c.id($0) }.timeout(after: 10, raising: TestError.second, on: k.scheduler)
        }
        t.signal("delay(_:on:)") { c, k in k.signal().map { c.id($0) }.delay(1, on: k.scheduler) }
        t.signal("throttle(_:on:)") { c, k in k.signal().map { c.id($0) }.throttle(1, on: k.scheduler) }
        t.signal("throttle(while:on:)") { c, k in
            k.signal().map { c.id($0) }.throttle(while: k.property(false) { $0 == 2 }, on: k.scheduler)
        }
        t.signal("debounce(_:on:discardWhenCompleted:)") { c, k in
            k.signal().map { c.id($0) }.debounce(1, on: k.scheduler, discardWhenCompleted: false)
        }
        t.signal("observe(on:)") { c, k in k.signal().map { c.id($0) }.observe(on: k.scheduler) }
        t.signal("unserialized(_:)") { c, k in
            let upstream = k.signal()
            return Signal<Int, TestError>.unserialized { observer, lifetime in
                lifetime += upstream.map { c.id($0) }.observe(observer)
            }
        }
        t.signal("init(_: generator)") { c, k in
            let upstream = k.signal()
            return Signal<Int, TestError> { observer, lifetime in
                lifetime += upstream.map { c.id($0) }.observe(observer)
            }
        }
        return t.rows
    }()

    static let signalCombining: [LeakRow] = {
        var t = LeakTable()
        t.signal("combineLatest(with:)") { c, k in k.signal().combineLatest(with: k.signal()).map { c.id($0.0) } }
        t.signal("combineLatest(_:_:)") { _, k in Signal.combineLatest(k.signal(), k.signal()) }
        t.signal("combineLatest(_:_:_:)") { _, k in Signal.combineLatest(k.signal(), k.signal(), k.signal()) }
        t.signal("combineLatest(4 signals)") { _, k in Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal()) }
        t.signal("combineLatest(5 signals)") { _, k in
            Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal(), k.signal())
        }
        t.signal("combineLatest(6 signals)") { _, k in
            Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal())
        }
        t.signal("combineLatest(7 signals)") { _, k in
            Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal())
        }
        t.signal("combineLatest(8 signals)") { _, k in
            Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(),
                                 k.signal())
        }
        t.signal("combineLatest(9 signals)") { _, k in
            Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(),
                                 k.signal(), k.signal())
        }
        t.signal("combineLatest(10 signals)") { _, k in
            Signal.combineLatest(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(),
                                 k.signal(), k.signal(), k.signal())
        }
        t.signal("combineLatest(_: sequence)") { _, k in Signal.combineLatest([k.signal(), k.signal(), k.signal()]) }
        t.signal("zip(with:)") { c, k in k.signal().zip(with: k.signal()).map { c.id($0.0) } }
        t.signal("zip(_:_:)") { _, k in Signal.zip(k.signal(), k.signal()) }
        t.signal("zip(_:_:_:)") { _, k in Signal.zip(k.signal(), k.signal(), k.signal()) }
        t.signal("zip(4 signals)") { _, k in Signal.zip(k.signal(), k.signal(), k.signal(), k.signal()) }
        t.signal("zip(5 signals)") { _, k in Signal.zip(k.signal(), k.signal(), k.signal(), k.signal(), k.signal()) }
        t.signal("zip(6 signals)") { _, k in
            Signal.zip(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal())
        }
        t.signal("zip(7 signals)") { _, k in
            Signal.zip(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal())
        }
        t.signal("zip(8 signals)") { _, k in
            Signal.zip(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal())
        }
        t.signal("zip(9 signals)") { _, k in
            Signal.zip(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(),
                       k.signal())
        }
        t.signal("zip(10 signals)") { _, k in
            Signal.zip(k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(), k.signal(),
                       k.signal(), k.signal())
        }
        t.signal("zip(_: sequence)") { _, k in Signal.zip([k.signal(), k.signal(), k.signal()]) }
        t.signal("merge(with:)") { c, k in k.signal().merge(with: k.signal().map { c.id($0) }) }
        t.signal("merge(_: variadic)") { _, k in Signal.merge(k.signal(), k.signal(), k.signal()) }
        t.signal("merge(_: sequence)") { _, k in Signal.merge([k.signal(), k.signal()]) }
        t.signal("sample(with:)") { _, k in k.signal().sample(with: k.neverSignal()) }
        t.signal("sample(on:)") { _, k in k.signal().sample(on: k.neverSignal { _ in () }) }
        t.signal("withLatest(from: Signal)") { _, k in k.signal().withLatest(from: k.neverSignal()) }
        t.signal("withLatest(from: SignalProducer)") { _, k in k.signal().withLatest(from: k.neverProducer()) }
        t.signal("withLatest(from: SignalProducerConvertible)") { _, k in k.signal().withLatest(from: k.neverProducer().stream) }
        for strategy in LeakRows.strategies {
            t.signal("flatten(\(strategy))") { _, k in k.signalOfProducers().flatten(strategy) }
            t.signal("flatten(\(strategy)) of signals") { _, k in k.signalOfSignals().flatten(strategy) }
            t.signal("flatMap(\(strategy), _:)") { c, k in k.signal().flatMap(strategy) { _ in c.id(k.producer()) } }
            t.signal("flatMap(\(strategy), _:), inner Error == Never") { c, k in
                k.signal().flatMap(strategy) { _ in c.id(k.neverProducer()) }
            }
            t.signal("flatMap(\(strategy), _:), Error == Never") { c, k in
                k.neverSignal().flatMap(strategy) { _ in c.id(k.producer()) }
            }
            t.signal("flatMap(\(strategy), _:), inner signal") { c, k in k.signal().flatMap(strategy) { _ in c.id(k.signal()) } }
        }
        t.signal("flatten() of sequences") { _, k in k.signal { [$0, $0] }.flatten() }
        t.signal("flatMapError(_:)", ending: .fail) { c, k in k.signal().flatMapError { _ in c.id(k.producer()) } }
        t.signal("flatMapError(_:), to Never", ending: .fail) { c, k in k.signal().flatMapError { _ in c.id(k.neverProducer()) } }
        t.signal("flatMap(_:) failing inner", ending: .fail) { c, k in k.signal().flatMap(.latest) { _ in c.id(k.producer()) } }
        t.signal("MulticastConnection.signal") { c, k in
            let connection = k.producer().map { c.id($0) }.publish()
            k.keep(connection.connect())
            return connection.signal
        }
        return t.rows
    }()

    static let properties: [LeakRow] = {
        var t = LeakTable()
        t.property("map(_:)") { c, k in k.property().map { c.id($0) } }
        t.property("map(value:)") { c, k in k.property().map(value: c) }
        t.property("map(_: KeyPath)") { _, k in k.property(LeakPair(0)) { LeakPair($0) }.map(\.double) }
        t.property("filter(initial:_:)") { c, k in k.property().filter(initial: 0) { c.yes($0) } }
        t.property("combinePrevious(_:)") { _, k in k.property().combinePrevious(0) }
        t.property("skipRepeats()") { _, k in k.property().skipRepeats() }
        t.property("skipRepeats(_:)") { c, k in k.property().skipRepeats { c.id($0) == $1 } }
        t.property("uniqueValues()") { _, k in k.property().uniqueValues() }
        t.property("uniqueValues(_:)") { c, k in k.property().uniqueValues { c.id($0) } }
        t.property("combineLatest(with:)") { c, k in k.property().combineLatest(with: k.property()).map { c.id($0.0) } }
        t.property("zip(with:)") { c, k in k.property().zip(with: k.property()).map { c.id($0.0) } }
        t.property("combineLatest(_:_:)") { _, k in Property.combineLatest(k.property(), k.property()) }
        t.property("combineLatest(_:_:_:)") { _, k in Property.combineLatest(k.property(), k.property(), k.property()) }
        t.property("combineLatest(10 properties)") { _, k in
            Property.combineLatest(k.property(), k.property(), k.property(), k.property(), k.property(), k.property(),
                                   k.property(), k.property(), k.property(), k.property())
        }
        t.property("combineLatest(_: sequence)") { _, k in Property<Int>.combineLatest([k.property(), k.property()])! }
        t.property("combineLatest(_:emptySentinel:)") { _, k in
            Property<Int>.combineLatest([k.property(), k.property()], emptySentinel: [])
        }
        t.property("zip(_:_:)") { _, k in Property.zip(k.property(), k.property()) }
        t.property("zip(_:_:_:)") { _, k in Property.zip(k.property(), k.property(), k.property()) }
        t.property("zip(10 properties)") { _, k in
            Property.zip(k.property(), k.property(), k.property(), k.property(), k.property(), k.property(),
                         k.property(), k.property(), k.property(), k.property())
        }
        t.property("zip(_: sequence)") { _, k in Property<Int>.zip([k.property(), k.property()])! }
        t.property("zip(_:emptySentinel:)") { _, k in Property<Int>.zip([k.property(), k.property()], emptySentinel: []) }
        for strategy in [FlattenStrategy.latest, .merge, .concat, .race] {
            t.property("flatMap(\(strategy), _:)") { c, k in
                k.property().flatMap(strategy) { value in c.id(Property(value: value)) }
            }
            t.property("flatten(\(strategy))") { _, k in
                k.property(Property(value: 0)) { Property(value: $0) }.flatten(strategy)
            }
        }
        t.property("flatMap(.latest, _:) over mutable inner properties") { c, k in
            let first = k.property(), second = k.property()
            // Weakly, so that releasing the kit's properties completes the inner runs.
            return k.property().flatMap(.latest) { [weak first, weak second] value in
                c.id((value % 2 == 0 ? first : second) ?? MutableProperty(0))
            }
        }
        t.property("negate()") { _, k in k.property(false) { $0 % 2 == 0 }.negate() }
        t.property("and(_:)") { _, k in k.property(false) { $0 % 2 == 0 }.and(k.property(true) { $0 > 1 }) }
        t.property("or(_:)") { _, k in k.property(false) { $0 % 2 == 0 }.or(k.property(true) { $0 > 1 }) }
        t.property("all(_: collection)") { _, k in Property.all([k.property(false) { $0 > 0 }, k.property(false) { $0 > 1 }]) }
        t.property("all(_: variadic)") { _, k in Property.all(k.property(false) { $0 > 0 }, k.property(false) { $0 > 1 }) }
        t.property("any(_: collection)") { _, k in Property.any([k.property(false) { $0 > 0 }, k.property(false) { $0 > 1 }]) }
        t.property("any(_: variadic)") { _, k in Property.any(k.property(false) { $0 > 0 }, k.property(false) { $0 > 1 }) }
        t.property("init(initial:then:)") { c, k in Property(initial: 0, then: k.neverProducer().map { c.id($0) }) }
        t.property("init(initial:then: SignalProducerConvertible)") { c, k in
            Property(initial: 0, then: k.neverSignal().map { c.id($0) })
        }
        t.property("init(initial:then:), optional") { c, k in
            Property<Int?>(initial: nil, then: k.neverProducer().map { c.id($0) })
        }
        t.property("init(capturing:)") { c, k in Property(capturing: k.property().map { c.id($0) }) }
        t.property("init(_:)") { c, k in Property(k.property().map { c.id($0) }) }
        t.property("init(value:)") { c, _ in Property(value: c) }
        t.property("MutableProperty(_:)") { c, _ in MutableProperty(c) }
        t.property("ValidatingProperty(_:_:)") { c, _ in
            ValidatingProperty<Int, TestError>(0) { c.yes($0) ? .valid : .invalid(.first) }
        }
        t.property("ValidatingProperty(_:with:_:)") { c, k in
            ValidatingProperty<Int, TestError>(0, with: k.property()) { c.yes($0 + $1) ? .valid : .invalid(.first) }
        }
        t.property("ValidatingProperty.result") { c, _ in
            ValidatingProperty<Int, TestError>(0) { c.yes($0) ? .valid : .invalid(.first) }.result
        }
        return t.rows
    }()

    static let actionsBindingsAndForms: [LeakRow] = {
        var t = LeakTable()
        t.action("init(execute:)") { c, k in Action<Int, Int, TestError> { _ in c.id(k.producer()) } }
        t.action("init(state:enabledIf:execute:)") { c, k in
            Action<Int, Int, TestError>(state: k.property(), enabledIf: { c.yes($0) }) { _, _ in c.id(k.producer()) }
        }
        t.action("init(state:execute:)") { c, k in
            Action<Int, Int, TestError>(state: k.property()) { _, _ in c.id(k.producer()) }
        }
        t.action("init(enabledIf:execute:)") { c, k in
            Action<Int, Int, TestError>(enabledIf: k.property(true) { _ in true }) { _ in c.id(k.producer()) }
        }
        t.action("init(unwrapping:execute:)") { c, k in
            Action<Int, Int, TestError>(unwrapping: k.property(Optional(0)) { Optional($0) }) { _, _ in c.id(k.producer()) }
        }
        t.action("init(validated:execute:)") { c, k in
            let validated = ValidatingProperty<Int, TestError>(0) { _ in .valid }
            k.track(validated, "the validated state")
            return Action<Int, Int, TestError>(validated: validated) { _, _ in c.id(k.producer()) }
        }
        t.form("<~ (MutableProperty, producer)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            let target = k.property()
            return target <~ k.neverProducer().map { c.id($0) }
        }
        t.form("<~ (MutableProperty, signal)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            let target = k.property()
            return target <~ k.neverSignal().map { c.id($0) }
        }
        t.form("<~ (MutableProperty, property)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            let target = k.property()
            return target <~ k.property().map { c.id($0) }
        }
        t.form("<~ (BindingTarget, producer)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            let target = BindingTarget<Int>(lifetime: k.lifetime) { _ in c.touch() }
            return target <~ k.neverProducer()
        }
        t.form("<~ (BindingTarget on a scheduler, producer)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            let target = BindingTarget<Int>(on: k.scheduler, lifetime: k.lifetime) { _ in c.touch() }
            return target <~ k.neverProducer()
        }
        // The values only: the observer receives no terminal event.
        t.form("<~ (Signal.Observer, producer)") { (c: LeakCanary, k: LeakKit, observer: Signal<Int, Never>.Observer) in
            observer <~ k.neverProducer().map { c.id($0) }
        }
        t.form("<~ (Action, producer)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            let action = Action<Int, Int, TestError> { _ in c.id(SignalProducer(value: 1)) }
            k.track(action, "the action")
            k.hold(action)
            return action <~ k.neverProducer()
        }
        t.form("SignalProducer.startWithSignal(_:)", terminates: true) { (c: LeakCanary, k: LeakKit, observer: Signal<Int, TestError>.Observer) in
            k.producer().startWithSignal { signal, interruptHandle in
                signal.map { c.id($0) }.observe(observer)
                return interruptHandle
            }
        }
        t.form("SignalProducer.startWithValues(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.neverProducer().startWithValues { _ in c.touch() }
        }
        t.form("SignalProducer.startWithResult(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.producer().startWithResult { _ in c.touch() }
        }
        t.form("SignalProducer.startWithCompleted(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.producer().startWithCompleted { c.touch() }
        }
        t.form("SignalProducer.startWithFailed(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.producer().startWithFailed { _ in c.touch() }
        }
        t.form("SignalProducer.startWithInterrupted(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.producer().startWithInterrupted { c.touch() }
        }
        t.form("Signal.observeValues(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.neverSignal().observeValues { _ in c.touch() }
        }
        t.form("Signal.observeResult(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.signal().observeResult { _ in c.touch() }
        }
        t.form("Signal.observeCompleted(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.signal().observeCompleted { c.touch() }
        }
        t.form("Signal.observeFailed(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.signal().observeFailed { _ in c.touch() }
        }
        t.form("Signal.observeInterrupted(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.signal().observeInterrupted { c.touch() }
        }
        t.form("Lifetime.observeEnded(_:)") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.endingLifetime().observeEnded { c.touch() }
        }
        t.form("Lifetime.ended") { (c: LeakCanary, k: LeakKit, _: Signal<Int, Never>.Observer) in
            k.endingLifetime().ended.observeCompleted { c.touch() }
        }
        return t.rows
    }()

    /// Every flattening strategy.
    static let strategies: [FlattenStrategy] = [.merge, .concat, .latest, .race, .throttle, .concurrent(limit: 2)]

    /// Every row.
    static var all: [LeakRow] {
        producerTransforms + producerCombining + producerSequencing + producerTiming + producerMulticastAndMisc
            + signalOperators + signalCombining + properties + actionsBindingsAndForms
    }
}

@Suite("Leaks: every operator")
struct OperatorLeakTests {
    @Test("SignalProducer transforms free every producer, observer and closure after completion and after disposal",
          arguments: LeakRows.producerTransforms)
    func producerTransforms(_ row: LeakRow) { Self.check(row) }

    @Test("SignalProducer combining operators free everything after completion and after disposal",
          arguments: LeakRows.producerCombining)
    func producerCombining(_ row: LeakRow) { Self.check(row) }

    @Test("SignalProducer sequencing and flattening operators free everything after completion and after disposal",
          arguments: LeakRows.producerSequencing)
    func producerSequencing(_ row: LeakRow) { Self.check(row) }

    @Test("SignalProducer time-based operators, on a TestScheduler, free everything after completion and after disposal",
          arguments: LeakRows.producerTiming)
    func producerTiming(_ row: LeakRow) { Self.check(row) }

    @Test("SignalProducer multicast operators, initialisers and blocking operators free everything",
          arguments: LeakRows.producerMulticastAndMisc)
    func producerMulticastAndMisc(_ row: LeakRow) { Self.check(row) }

    @Test("Signal operators free every signal, observer and closure after completion and after disposal",
          arguments: LeakRows.signalOperators)
    func signalOperators(_ row: LeakRow) { Self.check(row) }

    @Test("Signal combining and flattening operators free everything after completion and after disposal",
          arguments: LeakRows.signalCombining)
    func signalCombining(_ row: LeakRow) { Self.check(row) }

    @Test("Property operators free every property, observer and closure once their sources are gone or the observation is disposed",
          arguments: LeakRows.properties)
    func properties(_ row: LeakRow) { Self.check(row) }

    @Test("Actions, bindings and observation forms free every closure after completion and after disposal",
          arguments: LeakRows.actionsBindingsAndForms)
    func actionsBindingsAndForms(_ row: LeakRow) { Self.check(row) }

    @Test("the table has a row for each operator form, each name once")
    func tableIsComplete() {
        let names = LeakRows.all.map(\.name)
        #expect(Set(names).count == names.count, "duplicate rows: \(Dictionary(grouping: names) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        #expect(names.count >= 300, "the table lost rows: \(names.count)")
    }

    @Test("every public operator of Sources/Streams/Operators has a row")
    func everyOperatorHasARow() throws {
        // The operator files, found from this file's path: Tests/StreamsTests/Reliability/.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let operators = root.appendingPathComponent("Sources/Streams/Operators")
        let files = try #require(FileManager.default.enumerator(at: operators, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "the operator sources were not found under \(operators.path)")
        let declaration = try Regex(#"public (?:static )?func ([A-Za-z_]+)"#)
        var names = Set<String>()
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        // Not operators: a strategy's factory and the default logger of logEvents.
        names.subtract(["concurrent", "defaultEventLog"])
        // A row's name spells the operator form, as in `SignalProducer.map(_:)`.
        let called = try Regex(#"([A-Za-z_]+)\("#)
        let covered = Set(LeakRows.all.flatMap { row in
            row.name.matches(of: called).compactMap { $0.output[1].substring.map(String.init) }
        })
        let missing = names.subtracting(covered).sorted()
        #expect(missing.isEmpty, "operators without a leak row: \(missing)")
    }

    static func check(_ row: LeakRow) {
        let problems = row.problems()
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
