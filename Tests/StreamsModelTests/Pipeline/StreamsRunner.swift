// Runs a case on Streams: the inputs are StreamsTesting marble sources on a MarbleTest's
// TestScheduler (one frame = one second), each run of an input is recorded, the pipeline is
// built from the Streams operators and started, and the scheduler runs until it has no work left.

import Foundation
import Streams
import StreamsTesting

/// The error of a generated pipeline: `e<index>` when input `index` fails, `t` for a timeout.
struct TE: Swift.Error, Hashable {
    let label: String
}

/// What a run did, in the form both sides produce and compare.
struct Observation: Equatable {
    /// The events the pipeline delivered (`out ...`) and the hook calls, in the order they
    /// happened, each with its time in ticks.
    var log: [Entry]
    /// For each input, its runs in the order they started: start and end, in ticks.
    var subscriptions: [String: [Span]]

    struct Entry: Equatable, CustomStringConvertible {
        var time: Int
        var text: String
        var description: String { "\(Frames.describe(ticks: time)): \(text)" }
    }

    struct Span: Equatable, CustomStringConvertible {
        var start: Int
        var end: Int?
        var description: String { "\(Frames.describe(ticks: start))...\(end.map { Frames.describe(ticks: $0) } ?? "")" }
    }

    /// The events delivered, with their times.
    var output: [(time: Int, text: String)] {
        log.filter { $0.text.hasPrefix("out ") }.map { ($0.time, String($0.text.dropFirst(4))) }
    }
}

extension Case {
    /// What the model says the run does.
    func modelObservation() -> Observation {
        let run = model.run(.setup(2), disposeMoment)
        var entries = run.log + run.events.map { Timed($0.at, "out \($0.item)") }
        entries = entries.enumerated().sorted { a, b in
            let order = Moment.compare(a.element.at, b.element.at)
            return order != 0 ? order < 0 : a.offset < b.offset
        }.map(\.element)
        var subscriptions: [String: [(Moment, Observation.Span)]] = [:]
        for subscription in run.subscriptions {
            subscriptions[subscription.input, default: []].append(
                (subscription.start, Observation.Span(start: subscription.start.time, end: subscription.end?.time)))
        }
        return Observation(
            log: entries.map { Observation.Entry(time: $0.at.time, text: $0.item) },
            subscriptions: subscriptions.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) })
    }

    /// What Streams does.
    func streamsObservation() -> Observation {
        StreamsRun(self).observe()
    }
}

private final class Recorder {
    let scheduler: TestScheduler
    var log: [Observation.Entry] = []
    var subscriptions: [String: [Observation.Span]] = [:]
    var recording = true

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    var now: Int {
        Int((scheduler.currentDate.timeIntervalSinceReferenceDate * Double(ticksPerFrame)).rounded())
    }

    func record(_ text: String) {
        guard recording else { return }
        log.append(Observation.Entry(time: now, text: text))
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

private final class StreamsRun {
    typealias Producer = SignalProducer<MValue, TE>

    let testCase: Case
    let test = MarbleTest()
    let recorder: Recorder
    var producers: [Producer] = []

    init(_ testCase: Case) {
        self.testCase = testCase
        recorder = Recorder(scheduler: test.scheduler)
    }

    /// Input `index` as a producer whose runs are recorded.
    private func makeInput(_ index: Int) -> Producer {
        let spec = testCase.inputs[index]
        let values = Dictionary(uniqueKeysWithValues: (0...9).map { (Character("\($0)"), MValue.int($0)) })
        let source: Producer
        if spec.hot {
            source = SignalProducer(test.hot(spec.diagram, values: values, error: TE(label: "e\(index)")))
        } else {
            source = test.cold(spec.diagram, values: values, error: TE(label: "e\(index)")).producer
        }
        let recorder = self.recorder
        let name = "s\(index)"
        return SignalProducer { observer, lifetime in
            let run = recorder.started(name)
            lifetime.observeEnded { recorder.ended(name, run) }
            lifetime += source.start(observer)
        }
    }

    /// Input `index` without failures, as the triggers, samplers and samplees need.
    private func never(_ index: Int) -> SignalProducer<MValue, Never> {
        producers[index].materialize().compactMap { $0.value }
    }

    private func apply(_ op: Op, to upstream: Producer) -> Producer {
        let scheduler = test.scheduler
        let recorder = self.recorder
        func seconds(_ halfFrames: Int) -> TimeInterval { Double(halfFrames) / 2 }
        switch op {
        case let .map(k): return upstream.map { $0.plus(k) }
        case let .filter(p): return upstream.filter { p($0) }
        case let .compactMap(p, k): return upstream.compactMap { p($0) ? nil : $0.plus(k) }
        case .scan: return upstream.scan(MValue.int(0), MValue.fold)
        case .reduce: return upstream.reduce(MValue.int(0), MValue.fold)
        case .collect: return upstream.collect().map { MValue.list($0) }
        case let .collectCount(n): return upstream.collect(count: n).map { MValue.list($0) }
        case let .takeFirst(n): return upstream.take(first: n)
        case let .takeLast(n): return upstream.take(last: n)
        case let .takeWhile(p): return upstream.take(while: { p($0) })
        case let .takeUntilPredicate(p): return upstream.take(until: { (value: MValue) in p(value) })
        case let .skipFirst(n): return upstream.skip(first: n)
        case let .skipWhile(p): return upstream.skip(while: { p($0) })
        case .skipRepeats: return upstream.skipRepeats()
        case .materialize:
            return upstream.materialize().map { MValue.event(MEvent($0)) }.promoteError(TE.self)
        case .dematerialize:
            return upstream.materialize().map { (event: Signal<MValue, TE>.Event) -> Signal<MValue, TE>.Event in
                if case let .value(.event(inner)) = event { return inner.signalEvent }
                return event
            }.dematerialize()
        case let .on(id, hooks):
            func hook(_ kind: OnNode.Hook, _ detail: String = "") {
                recorder.record("on\(id) \(kind.rawValue)\(detail.isEmpty ? "" : " " + detail)")
            }
            let has = Set(hooks)
            return upstream.on(
                starting: has.contains(.starting) ? { hook(.starting) } : nil,
                started: has.contains(.started) ? { hook(.started) } : nil,
                event: has.contains(.event) ? { hook(.event, MEvent($0).description) } : nil,
                failed: has.contains(.failed) ? { hook(.failed, $0.label) } : nil,
                completed: has.contains(.completed) ? { hook(.completed) } : nil,
                interrupted: has.contains(.interrupted) ? { hook(.interrupted) } : nil,
                terminated: has.contains(.terminated) ? { hook(.terminated) } : nil,
                disposed: has.contains(.disposed) ? { hook(.disposed) } : nil,
                value: has.contains(.value) ? { hook(.value, $0.description) } : nil)
        case let .takeUntil(i): return upstream.take(until: never(i).map { _ in () })
        case let .skipUntil(i): return upstream.skip(until: never(i).map { _ in () })
        case let .takeUntilReplacement(i): return upstream.take(untilReplacement: producers[i])
        case let .combineLatest(i): return upstream.combineLatest(with: producers[i]).map { MValue.pair($0, $1) }
        case let .zip(i): return upstream.zip(with: producers[i]).map { MValue.pair($0, $1) }
        case let .merge(i): return upstream.merge(with: producers[i])
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
        case let .repeatCount(n): return upstream.repeat(n)
        case let .delay(h): return upstream.delay(seconds(h), on: scheduler)
        case let .debounce(h, discard): return upstream.debounce(seconds(h), on: scheduler, discardWhenCompleted: discard)
        case let .throttle(h): return upstream.throttle(seconds(h), on: scheduler)
        case let .timeout(h): return upstream.timeout(after: seconds(h), raising: TE(label: "t"), on: scheduler)
        }
    }

    func observe() -> Observation {
        // The hot sources are made first, in order: their frames are scheduled at once.
        for index in testCase.inputs.indices { producers.append(makeInput(index)) }
        let pipeline = testCase.ops.reduce(producers[0]) { apply($1, to: $0) }
        final class Box { var disposable: Disposable? }
        let box = Box()
        if let disposeAt = testCase.disposeAt {
            test.scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: Double(disposeAt) / Double(ticksPerFrame))) {
                box.disposable?.dispose()
            }
        }
        let recorder = self.recorder
        box.disposable = pipeline.start(Signal<MValue, TE>.Observer { event in
            recorder.record("out \(MEvent(event))")
        })
        var steps = 0
        while let next = test.scheduler.nextDueDate, steps < 100_000 {
            test.scheduler.advance(to: next)
            steps += 1
        }
        recorder.recording = false
        let observation = Observation(log: recorder.log, subscriptions: recorder.subscriptions)
        // A run that has not terminated (a `never` input, a source that outlives the case) lives
        // until it is disposed, as in ReactiveSwift, held by its sources and the scheduler's
        // actions: end it, and let the scheduler run what its disposal schedules, so that the
        // case leaves nothing behind.
        box.disposable?.dispose()
        box.disposable = nil
        steps = 0
        while let next = test.scheduler.nextDueDate, steps < 100_000 {
            test.scheduler.advance(to: next)
            steps += 1
        }
        return observation
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
