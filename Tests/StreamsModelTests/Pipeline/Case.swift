// A generated case: marble inputs, a chain of operators on input 0, and maybe the disposal of
// the whole run at a quarter frame. It can be printed as code, run on the model, and run on
// Streams (`StreamsRunner.swift`).

/// One frame of an input diagram.
struct Step: Hashable {
    var frame: Int
    var events: [MEvent]
}

/// What an input is used for, which limits what it may contain.
enum InputRole: Hashable {
    /// The source of the chain, or the other input of a binary operator: anything.
    case any
    /// A trigger, sampler or samplee (`Error == Never` in Streams): no failure.
    case never
    /// An inner stream of `flatMap` or the replacement of `flatMapError`: cold.
    case inner
}

struct InputSpec: Hashable {
    var steps: [Step]
    var hot: Bool
    var role: InputRole

    var timeline: Timeline { steps.map { ($0.frame, $0.events) } }

    /// The diagram, in the grammar of `MarbleTest`: values are digits, `#` fails with `e<index>`.
    var diagram: String {
        var text = ""
        var frame = 0
        for step in steps {
            while frame < step.frame {
                text += "-"
                frame += 1
            }
            let symbols = step.events.map(Self.symbol)
            text += symbols.count == 1 ? symbols[0] : "(" + symbols.joined() + ")"
            frame += 1
        }
        return text
    }

    static func symbol(_ event: MEvent) -> String {
        switch event {
        case let .value(.int(n)): return "\(n)"
        case .value: return "?"
        case .failed: return "#"
        case .completed: return "|"
        case .interrupted: return "!"
        }
    }
}

enum StrategySpec: Hashable {
    case merge, concat, latest, race, throttle
    case concurrent(Int)

    var model: FlattenNode.Strategy {
        switch self {
        case .merge: return .concurrent(Int.max)
        case .concat: return .concurrent(1)
        case let .concurrent(limit): return .concurrent(limit)
        case .latest: return .latest
        case .race: return .race
        case .throttle: return .throttle
        }
    }

    var code: String {
        switch self {
        case .merge: return ".merge"
        case .concat: return ".concat"
        case let .concurrent(limit): return ".concurrent(limit: \(limit))"
        case .latest: return ".latest"
        case .race: return ".race"
        case .throttle: return ".throttle"
        }
    }
}

/// One operator of a chain. Inputs are referred to by index; intervals are in half frames
/// (`delay(3)` delays by 1.5 frames).
enum Op: Hashable {
    case map(Int)
    case filter(Pred)
    /// `nil` for values satisfying the predicate, the others plus `k`.
    case compactMap(Pred, Int)
    case scan
    case reduce
    case collect
    case collectCount(Int)
    case takeFirst(Int)
    case takeLast(Int)
    case takeWhile(Pred)
    case takeUntilPredicate(Pred)
    case skipFirst(Int)
    case skipWhile(Pred)
    case skipRepeats
    case materialize
    case dematerialize
    case on(id: Int, hooks: [OnNode.Hook])
    case takeUntil(Int)
    case skipUntil(Int)
    case takeUntilReplacement(Int)
    case combineLatest(Int)
    case zip(Int)
    case merge(Int)
    case concat(Int)
    case prefix(Int)
    case then(Int)
    case sampleOn(Int)
    case sampleWith(Int)
    case withLatest(Int)
    case flatMap(StrategySpec, [Int])
    case flatMapError(Int)
    case retry(Int)
    case repeatCount(Int)
    case delay(Int)
    case debounce(Int, discardWhenCompleted: Bool)
    case throttle(Int)
    case timeout(Int)

    /// The inputs the operator uses, with their roles.
    var inputs: [(index: Int, role: InputRole)] {
        switch self {
        case let .takeUntil(i), let .skipUntil(i), let .sampleOn(i), let .sampleWith(i), let .withLatest(i):
            return [(i, .never)]
        case let .takeUntilReplacement(i), let .combineLatest(i), let .zip(i), let .merge(i), let .concat(i),
             let .prefix(i), let .then(i):
            return [(i, .any)]
        case let .flatMap(_, inners): return inners.map { ($0, .inner) }
        case let .flatMapError(i): return [(i, .inner)]
        default: return []
        }
    }

    /// The same operator reading inputs through `renumber`.
    func renumbered(_ renumber: (Int) -> Int) -> Op {
        switch self {
        case let .takeUntil(i): return .takeUntil(renumber(i))
        case let .skipUntil(i): return .skipUntil(renumber(i))
        case let .sampleOn(i): return .sampleOn(renumber(i))
        case let .sampleWith(i): return .sampleWith(renumber(i))
        case let .withLatest(i): return .withLatest(renumber(i))
        case let .takeUntilReplacement(i): return .takeUntilReplacement(renumber(i))
        case let .combineLatest(i): return .combineLatest(renumber(i))
        case let .zip(i): return .zip(renumber(i))
        case let .merge(i): return .merge(renumber(i))
        case let .concat(i): return .concat(renumber(i))
        case let .prefix(i): return .prefix(renumber(i))
        case let .then(i): return .then(renumber(i))
        case let .flatMap(strategy, inners): return .flatMap(strategy, inners.map(renumber))
        case let .flatMapError(i): return .flatMapError(renumber(i))
        default: return self
        }
    }

    var isTimeOperator: Bool {
        switch self {
        case .delay, .debounce, .throttle, .timeout: return true
        default: return false
        }
    }

    /// The operator as Streams code; `$0 % m` on a value that is not an integer means its `key`.
    var code: String {
        func s(_ i: Int) -> String { "s\(i)" }
        func seconds(_ halfFrames: Int) -> String { Frames.describe(ticks: halfFrames * ticksPerFrame / 2) }
        switch self {
        case let .map(k): return ".map { $0 + \(k) }"
        case let .filter(p): return ".filter \(p)"
        case let .compactMap(p, k): return ".compactMap { $0 % \(p.modulus) == \(p.remainder) ? nil : $0 + \(k) }"
        case .scan: return ".scan(0, +)"
        case .reduce: return ".reduce(0, +)"
        case .collect: return ".collect()"
        case let .collectCount(n): return ".collect(count: \(n))"
        case let .takeFirst(n): return ".take(first: \(n))"
        case let .takeLast(n): return ".take(last: \(n))"
        case let .takeWhile(p): return ".take(while: \(p))"
        case let .takeUntilPredicate(p): return ".take(until: \(p))"
        case let .skipFirst(n): return ".skip(first: \(n))"
        case let .skipWhile(p): return ".skip(while: \(p))"
        case .skipRepeats: return ".skipRepeats()"
        case .materialize: return ".materialize()"
        case .dematerialize: return ".dematerialize()"
        case let .on(id, hooks): return ".on(\(hooks.map { "\($0.rawValue):" }.joined()))  /* on\(id) */"
        case let .takeUntil(i): return ".take(until: \(s(i)))"
        case let .skipUntil(i): return ".skip(until: \(s(i)))"
        case let .takeUntilReplacement(i): return ".take(untilReplacement: \(s(i)))"
        case let .combineLatest(i): return ".combineLatest(with: \(s(i)))"
        case let .zip(i): return ".zip(with: \(s(i)))"
        case let .merge(i): return ".merge(with: \(s(i)))"
        case let .concat(i): return ".concat(\(s(i)))"
        case let .prefix(i): return ".prefix(\(s(i)))"
        case let .then(i): return ".then(\(s(i)))"
        case let .sampleOn(i): return ".sample(on: \(s(i)))"
        case let .sampleWith(i): return ".sample(with: \(s(i)))"
        case let .withLatest(i): return ".withLatest(from: \(s(i)))"
        case let .flatMap(strategy, inners):
            let list = inners.map(s).joined(separator: ", ")
            return inners.count == 1
                ? ".flatMap(\(strategy.code)) { _ in \(list) }"
                : ".flatMap(\(strategy.code)) { [\(list)][$0 % \(inners.count)] }"
        case let .flatMapError(i): return ".flatMapError { _ in \(s(i)) }"
        case let .retry(n): return ".retry(upTo: \(n))"
        case let .repeatCount(n): return ".repeat(\(n))"
        case let .delay(h): return ".delay(\(seconds(h)), on: scheduler)"
        case let .debounce(h, discard): return ".debounce(\(seconds(h)), on: scheduler, discardWhenCompleted: \(discard))"
        case let .throttle(h): return ".throttle(\(seconds(h)), on: scheduler)"
        case let .timeout(h): return ".timeout(after: \(seconds(h)), raising: t, on: scheduler)"
        }
    }

    /// The operator in the model.
    func model(_ upstream: MStream, _ inputs: [MStream]) -> MStream {
        let syncPair = SyncSource(events: [.value(.int(0)), .value(.int(1)), .completed])
        switch self {
        case let .map(k): return FusedNode(upstream: upstream, transform: Fused.map { $0.plus(k) })
        case let .filter(p): return FusedNode(upstream: upstream, transform: Fused.filter { p($0) })
        case let .compactMap(p, k): return FusedNode(upstream: upstream, transform: Fused.compactMap { p($0) ? nil : $0.plus(k) })
        case .scan: return FusedNode(upstream: upstream, transform: Fused.scan(.int(0), MValue.fold))
        case .reduce: return FusedNode(upstream: upstream, transform: Fused.reduce(.int(0), MValue.fold))
        case .collect: return FusedNode(upstream: upstream, transform: Fused.collect())
        case let .collectCount(n): return FusedNode(upstream: upstream, transform: Fused.collect(count: n))
        case let .takeFirst(n):
            // As in ReactiveSwift: interrupted at once, without starting the upstream.
            return n == 0 ? SyncSource(events: [.interrupted]) : FusedNode(upstream: upstream, transform: Fused.take(first: n))
        case let .takeLast(n): return FusedNode(upstream: upstream, transform: Fused.take(last: n))
        case let .takeWhile(p): return FusedNode(upstream: upstream, transform: Fused.take(while: { p($0) }))
        case let .takeUntilPredicate(p): return FusedNode(upstream: upstream, transform: Fused.take(untilPredicate: { p($0) }))
        case let .skipFirst(n): return FusedNode(upstream: upstream, transform: Fused.skip(first: n))
        case let .skipWhile(p): return FusedNode(upstream: upstream, transform: Fused.skip(while: { p($0) }))
        case .skipRepeats: return FusedNode(upstream: upstream, transform: Fused.skipRepeats())
        case .materialize: return FusedNode(upstream: upstream, transform: Fused.materialize())
        case .dematerialize: return FusedNode(upstream: upstream, transform: Fused.dematerialize())
        case let .on(id, hooks): return OnNode(upstream: upstream, id: id, hooks: Set(hooks))
        case let .takeUntil(i): return TriggerNode(source: upstream, trigger: inputs[i], skip: false)
        case let .skipUntil(i): return TriggerNode(source: upstream, trigger: inputs[i], skip: true)
        case let .takeUntilReplacement(i): return ReplacementNode(source: upstream, replacement: inputs[i])
        case let .combineLatest(i): return CombineNode(a: upstream, b: inputs[i], zip: false)
        case let .zip(i): return CombineNode(a: upstream, b: inputs[i], zip: true)
        // merge(with:) is, as in ReactiveSwift, the flattening of a producer that sends both
        // streams synchronously, then completes. concat and prefix are stages, one after the
        // other; as in ReactiveSwift (where they flatten with the concat strategy), a stage's
        // interruption counts as its completion.
        case let .merge(i):
            return FlattenNode(outer: syncPair, strategy: .concurrent(Int.max), inners: [upstream, inputs[i]], pick: { $0.key })
        case let .concat(i):
            return SequenceNode.stages(upstream, [inputs[i]], interruptionIsCompletion: true)
        case let .prefix(i):
            return SequenceNode.stages(inputs[i], [upstream], interruptionIsCompletion: true)
        case let .then(i):
            return SequenceNode.stages(FusedNode(upstream: upstream, transform: Fused.droppingValues()), [inputs[i]])
        case let .sampleOn(i): return SampleNode(source: upstream, sampler: inputs[i], pairs: false)
        case let .sampleWith(i): return SampleNode(source: upstream, sampler: inputs[i], pairs: true)
        case let .withLatest(i): return WithLatestNode(source: upstream, samplee: inputs[i])
        case let .flatMap(strategy, indices):
            let count = indices.count
            return FlattenNode(outer: upstream, strategy: strategy.model, inners: indices.map { inputs[$0] },
                               pick: { pick($0, among: count) })
        case let .flatMapError(i): return FlatMapErrorNode(upstream: upstream, replacement: inputs[i])
        case let .retry(n): return n == 0 ? upstream : SequenceNode.retry(upstream, upTo: n)
        case let .repeatCount(n):
            switch n {
            case 0: return SyncSource(events: [.completed])
            case 1: return upstream
            default: return SequenceNode.stages(upstream, Array(repeating: upstream, count: n - 1))
            }
        case let .delay(h): return ScheduledNode(upstream: upstream, kind: .delay, interval: h * ticksPerFrame / 2)
        case let .debounce(h, discard):
            return ScheduledNode(upstream: upstream, kind: .debounce(discardWhenCompleted: discard), interval: h * ticksPerFrame / 2)
        case let .throttle(h): return ScheduledNode(upstream: upstream, kind: .throttle, interval: h * ticksPerFrame / 2)
        case let .timeout(h): return TimeoutNode(source: upstream, interval: h * ticksPerFrame / 2)
        }
    }
}

struct Case: Hashable {
    var inputs: [InputSpec]
    var ops: [Op]
    /// When the run is disposed, in ticks (a quarter frame), if it is.
    var disposeAt: Int?

    /// The inputs of the model, named `s<index>`.
    var modelInputs: [MStream] {
        var hotCount = 0
        return inputs.enumerated().map { index, input -> MStream in
            let timeline = input.timeline.map { ($0.frame, $0.events.map { $0.labelled(index) }) }
            if input.hot {
                defer { hotCount += 1 }
                return HotSource(name: "s\(index)", index: hotCount, timeline: timeline)
            }
            return ColdSource(name: "s\(index)", timeline: timeline)
        }
    }

    /// The whole pipeline in the model.
    var model: MStream {
        let inputs = modelInputs
        return ops.reduce(inputs[0]) { $1.model($0, inputs) }
    }

    /// The moment the run is disposed at: an action scheduled at the setup, after the hot
    /// sources were made and before the run started.
    var disposeMoment: Moment? {
        disposeAt.map { .action(at: $0, scheduledAt: .setup(1)) }
    }

    var code: String {
        var lines: [String] = []
        for (index, input) in inputs.enumerated() {
            lines.append("let s\(index) = \(input.hot ? "hot" : "cold")(\"\(input.diagram)\")")
        }
        lines.append("s0" + ops.map { "\n    " + $0.code }.joined())
        if let disposeAt { lines.append("// the run is disposed at frame \(Frames.describe(ticks: disposeAt))") }
        return lines.joined(separator: "\n")
    }
}

extension MEvent {
    /// A failure of input `index` fails with `e<index>`.
    func labelled(_ index: Int) -> MEvent {
        if case .failed = self { return .failed("e\(index)") }
        return self
    }
}
