// Runs a case on Streams: the inputs are StreamsTesting marble sources (and synchronous
// producers and timers) on a MarbleTest's TestScheduler (one frame = one second), each run of an
// input is recorded, the pipeline is built from the Streams operators of the case's form, its
// consumers start, and the scheduler runs until it has no work left before the horizon.
//
// Every operator that takes a scheduler gets the marble scheduler itself (`M`), a scheduler of
// its own on the same clock (`S1`, `S2`...: a wrapper that records, for everything done inside
// its actions, that it was done there), or an `ImmediateScheduler`. Each entry of the log says
// where it happened: `test` during the setup, the scheduler whose action it ran in, or `thread`
// on a thread of the test. `StreamsRunner+Signal.swift` and
// `StreamsRunner+Property.swift` hold the signal and property forms' operators.

import Foundation
import Streams
import StreamsTesting

/// The error of a generated pipeline: `e<index>` when input `index` fails, `t` for a timeout,
/// `a` for `attempt`, `m<label>` through `mapError`.
struct TE: Swift.Error, Hashable {
    let label: String
}

/// What a run did, in the form both sides produce and compare.
struct Observation: Equatable {
    /// The events the consumers received (`out ...`, `out2 ...`) and the hook calls, in the order
    /// they happened, each with its time in ticks and where it ran.
    var log: [Entry]
    /// For each input, its runs in the order they started: start and end, in ticks.
    var subscriptions: [String: [Span]]

    struct Entry: Equatable, CustomStringConvertible {
        var time: Int
        var location: String
        var text: String
        var description: String { "\(Frames.describe(ticks: time)) \(location): \(text)" }
    }

    struct Span: Equatable, CustomStringConvertible {
        var start: Int
        var end: Int?
        var description: String { "\(Frames.describe(ticks: start))...\(end.map { Frames.describe(ticks: $0) } ?? "")" }
    }

    /// The events consumer `name` received, with their times.
    func output(_ name: String = "out") -> [(time: Int, text: String)] {
        log.filter { $0.text.hasPrefix(name + " ") }.map { ($0.time, String($0.text.dropFirst(name.count + 1))) }
    }

    /// The events consumer 1 received, with their times.
    var output: [(time: Int, text: String)] { output() }
}

extension Case {
    /// What Streams does.
    func streamsObservation() -> Observation {
        switch form {
        case .sequence: return sequenceStreamsObservation()
        default: return StreamsRun(self).observe()
        }
    }
}

final class Recorder: @unchecked Sendable {
    let scheduler: TestScheduler
    var log: [Observation.Entry] = []
    var subscriptions: [String: [Observation.Span]] = [:]
    var recording = true
    /// Where the test is running: `test` during the setup, then the scheduler whose action runs.
    var location = "test"

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    var now: Int {
        Int((scheduler.currentDate.timeIntervalSinceReferenceDate * Double(ticksPerFrame)).rounded())
    }

    func record(_ text: String) {
        guard recording else { return }
        log.append(Observation.Entry(time: now, location: location, text: text))
    }

    func started(_ input: String) -> Int {
        subscriptions[input, default: []].append(Observation.Span(start: now, end: nil))
        return subscriptions[input]!.count - 1
    }

    func ended(_ input: String, _ index: Int) {
        guard recording else { return }
        subscriptions[input]![index].end = now
    }
}

/// A scheduler of its own on the test's clock: its actions run on the test's `TestScheduler`,
/// and what happens inside them is recorded as happening on it.
final class TaggedScheduler: DateScheduler, @unchecked Sendable {
    let base: TestScheduler
    let name: String
    let recorder: Recorder

    init(base: TestScheduler, name: String, recorder: Recorder) {
        self.base = base
        self.name = name
        self.recorder = recorder
    }

    var currentDate: Date { base.currentDate }

    private func tagged(_ action: @escaping () -> Void) -> () -> Void {
        let recorder = self.recorder
        let name = self.name
        return {
            let outer = recorder.location
            recorder.location = name
            action()
            recorder.location = outer
        }
    }

    func schedule(_ action: @escaping () -> Void) -> Disposable? {
        base.schedule(tagged(action))
    }

    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        base.schedule(after: date, action: tagged(action))
    }

    func schedule(after date: Date, interval: DispatchTimeInterval, leeway: DispatchTimeInterval,
                  action: @escaping () -> Void) -> Disposable? {
        base.schedule(after: date, interval: interval, leeway: leeway, action: tagged(action))
    }
}

final class Handles: @unchecked Sendable {
    var handles: [Int: Disposable] = [:]
}

final class StreamsRun {
    typealias Producer = SignalProducer<MValue, TE>
    typealias Sig = Signal<MValue, TE>

    let testCase: Case
    let test = MarbleTest()
    let recorder: Recorder
    var producers: [Producer] = []
    var signals: [Int: Sig] = [:]
    /// The property form's inputs: the views of the `MutableProperty`s their diagrams set.
    var properties: [Int: Property<MValue>] = [:]
    var schedulers: [Int: TaggedScheduler] = [:]
    /// What the pipeline keeps: properties, lifetime tokens.
    var kept: [AnyObject] = []
    let handles = Handles()

    init(_ testCase: Case) {
        self.testCase = testCase
        recorder = Recorder(scheduler: test.scheduler)
        for k in testCase.testSchedulers {
            schedulers[k] = TaggedScheduler(base: test.scheduler, name: "S\(k)", recorder: recorder)
        }
    }

    func scheduler(_ sched: Sched) -> Scheduler {
        switch sched {
        case .immediate: return ImmediateScheduler()
        default: return dateScheduler(sched)
        }
    }

    func dateScheduler(_ sched: Sched) -> DateScheduler {
        switch sched {
        case let .test(k): return schedulers[k]!
        default: return test.scheduler
        }
    }

    static func seconds(_ halfFrames: Int) -> TimeInterval { Double(halfFrames) / 2 }

    static func interval(_ halfFrames: Int) -> DispatchTimeInterval { .milliseconds(halfFrames * 500) }

    /// `run` recorded as the runs of input `name`.
    func recorded(_ name: String, _ source: Producer) -> Producer {
        let recorder = self.recorder
        return SignalProducer { observer, lifetime in
            let run = recorder.started(name)
            lifetime.observeEnded { recorder.ended(name, run) }
            lifetime += source.start(observer)
        }
    }

    /// Input `index` as a producer whose runs are recorded (a plain sequence's are not).
    func makeInput(_ index: Int) -> Producer {
        let spec = testCase.inputs[index]
        let values = Dictionary(uniqueKeysWithValues: (0...9).map { (Character("\($0)"), MValue.int($0)) })
        let error = TE(label: "e\(index)")
        let name = "s\(index)"
        let recorder = self.recorder
        switch spec.kind {
        case .cold:
            return recorded(name, test.cold(spec.diagram, values: values, error: error).producer)
        case .hot:
            let signal = test.hot(spec.diagram, values: values, error: error)
            signals[index] = signal
            return recorded(name, SignalProducer(signal))
        case .sync:
            let events = spec.steps.flatMap(\.events).map { $0.labelled(index).signalEvent }
            return SignalProducer { observer, lifetime in
                let run = recorder.started(name)
                lifetime.observeEnded { recorder.ended(name, run) }
                for event in events { observer.send(event) }
            }
        case .sequence:
            return SignalProducer(spec.values)
        case .timer:
            let ticks = Double(ticksPerFrame)
            let timer = SignalProducer.timer(interval: Self.interval(spec.period), on: test.scheduler)
                .take(first: spec.values.count)
                .map { MValue.int(Int(($0.timeIntervalSinceReferenceDate * ticks).rounded()) % 10) }
                .promoteError(TE.self)
            return recorded(name, timer)
        case .interval:
            let interval = SignalProducer.interval(spec.values, interval: Self.interval(spec.period), on: test.scheduler)
                .promoteError(TE.self)
            return recorded(name, interval)
        }
    }

    /// Input `index` without failures, as the triggers, samplers and samplees need.
    func never(_ index: Int) -> SignalProducer<MValue, Never> {
        producers[index].materialize().compactMap { $0.value }
    }

    func neverSignal(_ index: Int) -> Signal<MValue, Never> {
        signals[index]!.materialize().compactMap { $0.value }
    }

    static func bool(_ value: MValue) -> Bool { value.key % 2 == 0 }
    static func int(_ flag: Bool) -> MValue { .int(flag ? 1 : 0) }

    /// What `dematerialize` and `dematerializeResults` unwrap: values that are events.
    static func unwrapped(_ event: Signal<MValue, TE>.Event) -> Signal<MValue, TE>.Event {
        if case let .value(.event(inner)) = event { return inner.signalEvent }
        return event
    }

    static func unwrapped(_ result: Result<MValue, TE>) -> Result<MValue, TE> {
        switch result {
        case let .success(.event(.value(inner))): return .success(inner)
        case let .success(.event(.failed(label))): return .failure(TE(label: label))
        default: return result
        }
    }

    /// `throttle(while:)`'s property for operator `index`, fed by input `i`.
    func throttleProperty(_ i: Int) -> Property<Bool> {
        let values = testCase.form == .signal ? neverSignal(i).producer : never(i)
        let property = Property(initial: false, then: values.map(Self.bool))
        kept.append(property)
        return property
    }

    /// `take(during:)`'s lifetime, ending at `time` (in ticks), or now for a negative time.
    func lifetime(endingAt time: Int) -> Lifetime {
        let (lifetime, token) = Lifetime.make()
        if time < 0 {
            token.dispose()
        } else {
            test.scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: Double(time) / Double(ticksPerFrame))) {
                token.dispose()
            }
        }
        return lifetime
    }

    func hooks(_ id: Int, _ hooks: [OnNode.Hook]) -> (Set<OnNode.Hook>, (OnNode.Hook, String) -> Void) {
        let recorder = self.recorder
        return (Set(hooks), { kind, detail in
            recorder.record("on\(id) \(kind.rawValue)\(detail.isEmpty ? "" : " " + detail)")
        })
    }

    // MARK: Producers

    func apply(_ op: Op, to upstream: Producer) -> Producer {
        switch op {
        case let .map(k): return upstream.map { $0.plus(k) }
        case let .filter(p): return upstream.filter { p($0) }
        case let .compactMap(p, k): return upstream.compactMap { p($0) ? nil : $0.plus(k) }
        case .scan: return upstream.scan(MValue.int(0), MValue.fold)
        case .scanInto: return upstream.scan(into: MValue.int(0)) { $0 = MValue.fold($0, $1) }
        case let .scanMap(k, into):
            if into {
                return upstream.scanMap(into: k) { state, value -> MValue in
                    defer { state += value.key }
                    return .pair(.int(state), value)
                }
            }
            return upstream.scanMap(k) { state, value in (state + value.key, MValue.pair(.int(state), value)) }
        case .reduce: return upstream.reduce(MValue.int(0), MValue.fold)
        case .reduceInto: return upstream.reduce(into: MValue.int(0)) { $0 = MValue.fold($0, $1) }
        case .collect: return upstream.collect().map { MValue.list($0) }
        case let .collectCount(n): return upstream.collect(count: n).map { MValue.list($0) }
        case let .takeFirst(n): return upstream.take(first: n)
        case let .takeLast(n): return upstream.take(last: n)
        case let .takeWhile(p): return upstream.take(while: { p($0) })
        case let .takeUntilPredicate(p): return upstream.take(until: { (value: MValue) in p(value) })
        case let .skipFirst(n): return upstream.skip(first: n)
        case let .skipWhile(p): return upstream.skip(while: { p($0) })
        case .skipRepeats: return upstream.skipRepeats()
        case .uniqueValues: return upstream.uniqueValues()
        case let .combinePrevious(initial):
            let pairs = initial.map { upstream.combinePrevious(MValue.int($0)) } ?? upstream.combinePrevious()
            return pairs.map { MValue.pair($0, $1) }
        case let .skipNil(p): return upstream.map { p($0) ? nil : $0 }.skipNil()
        case let .attempt(p): return upstream.attempt { p($0) ? .failure(TE(label: "a")) : .success(()) }
        case let .attemptMap(p, k): return upstream.attemptMap { p($0) ? .failure(TE(label: "a")) : .success($0.plus(k)) }
        case .mapError: return upstream.mapError { TE(label: "m" + $0.label) }
        case .ignoreErrors:
            return upstream.flatMapError { _ in SignalProducer<MValue, Never>.empty }.promoteError(TE.self)
        case .materialize:
            return upstream.materialize().map { MValue.event(MEvent($0)) }.promoteError(TE.self)
        case .dematerialize: return upstream.materialize().map(Self.unwrapped).dematerialize()
        case .materializeResults:
            return upstream.materializeResults().map { MValue.event(MEvent($0)) }.promoteError(TE.self)
        case .dematerializeResults: return upstream.materializeResults().map(Self.unwrapped).dematerializeResults()
        case .negate: return upstream.map(Self.bool).negate().map(Self.int)
        case let .on(id, hooks):
            let (has, hook) = self.hooks(id, hooks)
            return upstream.on(
                starting: has.contains(.starting) ? { hook(.starting, "") } : nil,
                started: has.contains(.started) ? { hook(.started, "") } : nil,
                event: has.contains(.event) ? { hook(.event, MEvent($0).description) } : nil,
                failed: has.contains(.failed) ? { hook(.failed, $0.label) } : nil,
                completed: has.contains(.completed) ? { hook(.completed, "") } : nil,
                interrupted: has.contains(.interrupted) ? { hook(.interrupted, "") } : nil,
                terminated: has.contains(.terminated) ? { hook(.terminated, "") } : nil,
                disposed: has.contains(.disposed) ? { hook(.disposed, "") } : nil,
                value: has.contains(.value) ? { hook(.value, $0.description) } : nil)
        case let .takeUntil(i): return upstream.take(until: never(i).map { _ in () })
        case let .skipUntil(i): return upstream.skip(until: never(i).map { _ in () })
        case let .takeUntilReplacement(i): return upstream.take(untilReplacement: producers[i])
        case let .combineLatest(i): return upstream.combineLatest(with: producers[i]).map { MValue.pair($0, $1) }
        case let .zip(i): return upstream.zip(with: producers[i]).map { MValue.pair($0, $1) }
        case let .merge(i): return upstream.merge(with: producers[i])
        case let .combineLatestN(indices, array):
            let all = [upstream] + indices.map { producers[$0] }
            return array ? SignalProducer.combineLatest(all).map { MValue.list($0) } : Arity.combineLatest(all)
        case let .zipN(indices, array):
            let all = [upstream] + indices.map { producers[$0] }
            return array ? SignalProducer.zip(all).map { MValue.list($0) } : Arity.zip(all)
        case let .mergeN(indices, array):
            let all = [upstream] + indices.map { producers[$0] }
            return array ? SignalProducer.merge(all) : Arity.merge(all)
        case let .and(i): return upstream.map(Self.bool).and(producers[i].map(Self.bool)).map(Self.int)
        case let .or(i): return upstream.map(Self.bool).or(producers[i].map(Self.bool)).map(Self.int)
        case let .all(indices):
            return SignalProducer.all(([upstream] + indices.map { producers[$0] }).map { $0.map(Self.bool) }).map(Self.int)
        case let .any(indices):
            return SignalProducer.any(([upstream] + indices.map { producers[$0] }).map { $0.map(Self.bool) }).map(Self.int)
        case let .concat(i): return upstream.concat(producers[i])
        case let .prefix(i): return upstream.prefix(producers[i])
        case let .then(i): return upstream.then(producers[i])
        case let .sampleOn(i): return upstream.sample(on: never(i).map { _ in () })
        case let .sampleWith(i): return upstream.sample(with: never(i)).map { MValue.pair($0, $1) }
        case let .withLatest(i): return upstream.withLatest(from: never(i)).map { MValue.pair($0, $1) }
        case let .flatMap(strategy, indices):
            let inners = indices.map { producers[$0] }
            return upstream.flatMap(strategy.streams) { inners[pick($0, among: inners.count)] }
        case let .flatMapError(i):
            let replacement = producers[i]
            return upstream.flatMapError { _ in replacement }
        case let .retry(n): return upstream.retry(upTo: n)
        case let .retryInterval(n, h, sched): return upstream.retry(upTo: n, interval: Self.seconds(h), on: dateScheduler(sched))
        case let .repeatCount(n): return upstream.repeat(n)
        case let .delay(h, sched): return upstream.delay(Self.seconds(h), on: dateScheduler(sched))
        case let .debounce(h, discard, sched):
            return upstream.debounce(Self.seconds(h), on: dateScheduler(sched), discardWhenCompleted: discard)
        case let .throttle(h, sched): return upstream.throttle(Self.seconds(h), on: dateScheduler(sched))
        case let .timeout(h, sched): return upstream.timeout(after: Self.seconds(h), raising: TE(label: "t"), on: dateScheduler(sched))
        case let .observeOn(sched): return upstream.observe(on: scheduler(sched))
        case let .startOn(sched): return upstream.start(on: scheduler(sched))
        case let .lazyMap(k, sched): return upstream.lazyMap(on: scheduler(sched)) { $0.plus(k) }
        case let .collectEvery(h, skipEmpty, discard, sched):
            return upstream.collect(every: Self.interval(h), on: dateScheduler(sched), skipEmpty: skipEmpty,
                                    discardWhenCompleted: discard).map { MValue.list($0) }
        case let .throttleWhile(i, sched): return upstream.throttle(while: throttleProperty(i), on: scheduler(sched))
        case let .takeDuring(t): return upstream.take(during: lifetime(endingAt: t))
        }
    }

    // MARK: Running

    func date(_ ticks: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(ticks) / Double(ticksPerFrame))
    }

    func observer(_ j: Int) -> Signal<MValue, TE>.Observer {
        let recorder = self.recorder
        let name = Case.consumerName(j)
        var count = 0
        var disposeAfter: Int?
        if case let .inside(n) = testCase.consumers[j].disposal { disposeAfter = n }
        let handles = self.handles
        return Signal<MValue, TE>.Observer { event in
            recorder.record("\(name) \(MEvent(event))")
            count += 1
            if count == disposeAfter { handles.handles[j]?.dispose() }
        }
    }

    func dispose(_ j: Int) {
        let handles = self.handles
        let recorder = self.recorder
        switch testCase.consumers[j].disposal {
        case .at:
            handles.handles[j]?.dispose()
        case .twice:
            handles.handles[j]?.dispose()
            handles.handles[j]?.dispose()
        case .fromThread:
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                let outer = recorder.location
                recorder.location = "thread"
                handles.handles[j]?.dispose()
                recorder.location = outer
                done.signal()
            }
            thread.start()
            done.wait()
        case .inside, nil:
            break
        }
    }

    func observe() -> Observation {
        // The hot sources are made first, in order: their frames are scheduled at once.
        for index in testCase.inputs.indices { producers.append(makeInput(index)) }
        // Then the chain, operator by operator.
        var start: () -> Void
        switch testCase.form {
        case .signal:
            // Every signal of the chain is kept by the test: none ends for want of observers.
            let pipeline = testCase.ops.reduce(signals[0]!) { upstream, op in
                let signal = apply(op, to: upstream)
                kept.append(signal)
                return signal
            }
            start = { [self] in
                for j in testCase.consumers.indices where testCase.consumers[j].startAt == nil {
                    handles.handles[j] = pipeline.observe(observer(j))
                }
            }
            scheduleConsumers { [self] j in handles.handles[j] = pipeline.observe(observer(j)) }
        default:
            let pipeline: Producer
            var propertySignal: Signal<MValue, Never>?
            if testCase.form == .property {
                let property = propertyPipeline()
                pipeline = property.producer.promoteError(TE.self)
                propertySignal = property.signal
            } else {
                pipeline = testCase.ops.reduce(producers[0]) { apply($1, to: $0) }
            }
            let synchronous = testCase.isSynchronous
            let run: (Int) -> Void = { [self] j in
                let consumer = testCase.consumers[j]
                if let blocking = consumer.blocking, synchronous {
                    recorder.record("\(Case.consumerName(j)) \(blocking.rawValue)() \(blocking.call(pipeline))")
                    return
                }
                if let propertySignal, consumer.withSignal {
                    handles.handles[j] = observeChanges(propertySignal, j)
                    return
                }
                var withSignal = consumer.withSignal
                if case .inside = consumer.disposal { withSignal = true }
                if withSignal {
                    pipeline.startWithSignal { signal, handle in
                        handles.handles[j] = handle
                        signal.observe(observer(j))
                    }
                } else {
                    handles.handles[j] = pipeline.start(observer(j))
                }
            }
            scheduleConsumers(run)
            start = { [self] in
                for j in testCase.consumers.indices where testCase.consumers[j].startAt == nil { run(j) }
            }
        }
        start()
        recorder.location = "M"
        let end = date(horizon)
        var steps = 0
        while let next = test.scheduler.nextDueDate, next <= end, steps < 100_000 {
            test.scheduler.advance(to: next)
            steps += 1
        }
        recorder.recording = false
        let observation = Observation(log: recorder.log, subscriptions: recorder.subscriptions)
        // A run that has not terminated (a `never` input, a source that outlives the case) lives
        // until it is disposed, as in ReactiveSwift, held by its sources and the scheduler's
        // actions: end it, and let the scheduler run what its disposal schedules, so that the
        // case leaves nothing behind.
        for handle in handles.handles.values { handle.dispose() }
        handles.handles = [:]
        steps = 0
        while let next = test.scheduler.nextDueDate, next <= end, steps < 100_000 {
            test.scheduler.advance(to: next)
            steps += 1
        }
        kept = []
        return observation
    }

    /// Schedules the late starts and the disposals of the consumers.
    func scheduleConsumers(_ start: @escaping (Int) -> Void) {
        for j in testCase.consumers.indices {
            let consumer = testCase.consumers[j]
            if let time = consumer.startAt {
                test.scheduler.schedule(after: date(time)) { start(j) }
            }
            if let time = consumer.disposalTime {
                test.scheduler.schedule(after: date(time)) { [self] in dispose(j) }
            }
        }
    }
}

extension MEvent {
    init(_ event: Signal<MValue, TE>.Event) {
        switch event {
        case let .value(value): self = .value(value)
        case let .failed(error): self = .failed(error.label)
        case .completed: self = .completed
        case .interrupted: self = .interrupted
        }
    }

    init(_ result: Result<MValue, TE>) {
        switch result {
        case let .success(value): self = .value(value)
        case let .failure(error): self = .failed(error.label)
        }
    }

    var signalEvent: Signal<MValue, TE>.Event {
        switch self {
        case let .value(value): return .value(value)
        case let .failed(label): return .failed(TE(label: label))
        case .completed: return .completed
        case .interrupted: return .interrupted
        }
    }
}

extension StrategySpec {
    var streams: FlattenStrategy {
        switch self {
        case .merge: return .merge
        case .concat: return .concat
        case let .concurrent(limit): return .concurrent(limit: UInt(limit))
        case .latest: return .latest
        case .race: return .race
        case .throttle: return .throttle
        }
    }
}
