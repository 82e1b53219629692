// A generated case: sources, a chain of operators on input 0 in one of the forms of a stream
// (producer, signal, property, memoized sequence), and its consumers, each of which may start
// late and dispose at some moment. It can be printed as code, encoded for a replay, run on the
// model, and run on Streams (`StreamsRunner.swift`).

/// One frame of an input diagram.
struct Step: Hashable, Codable {
    var frame: Int
    var events: [MEvent]
}

/// What an input is used for, which limits what it may contain.
enum InputRole: String, Hashable, Codable {
    /// The source of the chain, or the other input of a binary operator: anything.
    case any
    /// A trigger, sampler, samplee or property (`Error == Never` in Streams): no failure.
    case never
    /// An inner stream of `flatMap` or the replacement of `flatMapError`: always a producer.
    case inner
}

/// How an input makes its events.
enum SourceKind: String, Hashable, Codable, CaseIterable {
    /// A marble diagram played anew by each run, from the run's start.
    case cold
    /// A marble diagram played once, from the start of the test, by a signal.
    case hot
    /// A start handler that sends the whole diagram (frames ignored) inside its start.
    case sync
    /// `SignalProducer(values)`: the values, then completion, inside the start, from no core
    /// (frames and terminal event ignored).
    case sequence
    /// `SignalProducer.timer(interval:on:)`, one value per tick (the tick's time, in ticks,
    /// modulo 10), `take(first:)` as many values as the diagram has.
    case timer
    /// `SignalProducer.interval(values, interval:on:)`: the diagram's values, one per tick, then
    /// completion at the next tick.
    case interval
}

struct InputSpec: Hashable, Codable {
    var steps: [Step]
    var kind: SourceKind
    var role: InputRole
    /// The period of a timer or interval, in half frames (at least 1).
    var period: Int = 2
    /// In the property form, the initial value of the `MutableProperty` the diagram sets.
    var initial: Int = 0

    init(steps: [Step], kind: SourceKind, role: InputRole, period: Int = 2, initial: Int = 0) {
        self.steps = steps
        self.kind = kind
        self.role = role
        self.period = period
        self.initial = initial
    }

    init(steps: [Step], hot: Bool, role: InputRole) {
        self.init(steps: steps, kind: hot ? .hot : .cold, role: role)
    }

    var hot: Bool { kind == .hot }

    var timeline: Timeline { steps.map { ($0.frame, $0.events) } }

    var values: [MValue] { steps.flatMap(\.events).compactMap(\.value) }

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

    /// The input as code, in a chain of `form`.
    func code(_ index: Int, form: Form = .producer) -> String {
        let values = self.values.map(\.description).joined(separator: ", ")
        if form == .property {
            return "Property(capturing: MutableProperty(\(initial)))  // set by hot(\"\(diagram)\")"
        }
        if form == .sequence { return "MemoizedSequence([\(values)])" }
        switch kind {
        case .cold: return "cold(\"\(diagram)\")"
        case .hot: return "hot(\"\(diagram)\")"
        case .sync: return "sync(\"\(diagram)\")  // every event inside the start"
        case .sequence: return "SignalProducer([\(values)])"
        case .timer:
            return "SignalProducer.timer(interval: \(Frames.describe(ticks: period * 2)), on: scheduler).take(first: \(self.values.count))"
        case .interval:
            return "SignalProducer.interval([\(values)], interval: \(Frames.describe(ticks: period * 2)), on: scheduler)"
        }
    }
}

enum StrategySpec: Hashable, Codable {
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

/// The forms a pipeline can take: each runs the operators its type has.
enum Form: String, Hashable, Codable, CaseIterable {
    /// `SignalProducer`: the inputs are producers, each consumer starts a run.
    case producer
    /// `Signal`: the inputs are signals (hot), the chain is made once, at the setup, and each
    /// consumer observes its end.
    case signal
    /// `Property`: the inputs are properties fed by their diagrams (values only), the chain is
    /// made of composed properties (`flatMap`'s inner streams are input properties too), and
    /// each consumer starts the last one's producer or observes its signal.
    case property
    /// `MemoizedSequence`: the inputs are sequences of their diagrams' values, the chain is
    /// pulled by iterating it, twice.
    case sequence
}

/// How a consumer ends its observation, if it does.
enum Disposal: Hashable, Codable {
    /// From an action at that time, in ticks.
    case at(Int)
    /// From an action at that time, twice in a row.
    case twice(Int)
    /// From a thread of the test, started and waited for by an action at that time.
    case fromThread(Int)
    /// From inside the consumer's observer, when it receives its n-th event (from 1). A
    /// producer's consumer then starts with `startWithSignal`, which hands over the run's handle
    /// before the first event.
    case inside(Int)
}

/// A blocking call that runs a producer to its end on the calling thread, made by a consumer of a
/// synchronous pipeline instead of starting it.
enum Blocking: String, Hashable, Codable, CaseIterable {
    case first, last, single, wait
}

/// One consumer of the pipeline: a run of a producer, an observer of a signal.
struct Consumer: Hashable, Codable {
    /// When it starts, in ticks, from an action of the test; `nil`: during the setup.
    var startAt: Int?
    /// A producer's consumer: started with `startWithSignal` (observing the run's signal) rather
    /// than `start(_:)`.
    /// A property's consumer: observes the property's `signal` (its changes) rather than
    /// starting its `producer`.
    var withSignal = false
    var disposal: Disposal?
    /// A producer's consumer that calls `first()`, `last()`, `single()` or `wait()` during the
    /// setup (on a synchronous pipeline) and records the result.
    var blocking: Blocking?

    init(startAt: Int? = nil, withSignal: Bool = false, disposal: Disposal? = nil, blocking: Blocking? = nil) {
        self.startAt = startAt
        self.withSignal = withSignal
        self.disposal = disposal
        self.blocking = blocking
    }

    /// The time of a disposal from an action.
    var disposalTime: Int? {
        switch disposal {
        case let .at(t), let .twice(t), let .fromThread(t): return t
        case .inside, nil: return nil
        }
    }
}

/// One operator of a chain. Inputs are referred to by index; intervals are in half frames
/// (`delay(3)` delays by 1.5 frames).
enum Op: Hashable, Codable {
    case map(Int)
    case filter(Pred)
    /// `nil` for values satisfying the predicate, the others plus `k`.
    case compactMap(Pred, Int)
    case scan
    case scanInto
    /// `scanMap(k) { (state + value, (state, value)) }`; `into:` the inout form.
    case scanMap(Int, into: Bool)
    case reduce
    case reduceInto
    case collect
    case collectCount(Int)
    case takeFirst(Int)
    case takeLast(Int)
    case takeWhile(Pred)
    case takeUntilPredicate(Pred)
    case skipFirst(Int)
    case skipWhile(Pred)
    case skipRepeats
    case uniqueValues
    /// `combinePrevious(initial)`, or `combinePrevious()` for `nil`.
    case combinePrevious(Int?)
    /// `map { p($0) ? nil : $0 }.skipNil()`.
    case skipNil(Pred)
    /// `attempt`: fails with `a` on a value satisfying the predicate.
    case attempt(Pred)
    /// `attemptMap`: fails with `a` on a value satisfying the predicate, the others plus `k`.
    case attemptMap(Pred, Int)
    /// `mapError`: failures relabelled `m<label>`.
    case mapError
    /// `flatMapError { _ in .empty }` (a stream that cannot fail), then `promoteError()`.
    case ignoreErrors
    case materialize
    case dematerialize
    case materializeResults
    case dematerializeResults
    /// Values as Booleans (even or not), `negate()`, and back.
    case negate
    case on(id: Int, hooks: [OnNode.Hook])
    case takeUntil(Int)
    case skipUntil(Int)
    case takeUntilReplacement(Int)
    case combineLatest(Int)
    case zip(Int)
    case merge(Int)
    /// The static forms with several inputs after this one (2 to 10 in all): the arity
    /// overloads, or the ones taking an array.
    case combineLatestN([Int], array: Bool)
    case zipN([Int], array: Bool)
    case mergeN([Int], array: Bool)
    /// `and(_:)` and `or(_:)` with input `i`, values as Booleans (even or not), and back.
    case and(Int)
    case or(Int)
    /// `all` and `any` of this and the inputs, values as Booleans, and back.
    case all([Int])
    case any([Int])
    case concat(Int)
    case prefix(Int)
    case then(Int)
    case sampleOn(Int)
    case sampleWith(Int)
    case withLatest(Int)
    case flatMap(StrategySpec, [Int])
    case flatMapError(Int)
    case retry(Int)
    /// `retry(upTo: n, interval: h, on:)`.
    case retryInterval(Int, Int, on: Sched = .marble)
    case repeatCount(Int)
    case delay(Int, on: Sched = .marble)
    case debounce(Int, discardWhenCompleted: Bool, on: Sched = .marble)
    case throttle(Int, on: Sched = .marble)
    case timeout(Int, on: Sched = .marble)
    case observeOn(Sched)
    case startOn(Sched)
    /// `lazyMap(on:) { $0 + k }`.
    case lazyMap(Int, on: Sched)
    /// `collect(every: h half frames, on:, skipEmpty:, discardWhenCompleted:)`, `h >= 1`.
    case collectEvery(Int, skipEmpty: Bool, discardWhenCompleted: Bool, on: Sched)
    /// `throttle(while: property, on:)`, the property fed by input `i` as Booleans (even or
    /// not), starting false.
    case throttleWhile(Int, on: Sched)
    /// `take(during:)` a lifetime that ends at this time, in ticks (made during the setup).
    case takeDuring(Int)

    /// The inputs the operator uses, with their roles.
    var inputs: [(index: Int, role: InputRole)] {
        switch self {
        case let .takeUntil(i), let .skipUntil(i), let .sampleOn(i), let .sampleWith(i), let .withLatest(i),
             let .throttleWhile(i, _):
            return [(i, .never)]
        case let .takeUntilReplacement(i), let .combineLatest(i), let .zip(i), let .merge(i), let .concat(i),
             let .prefix(i), let .then(i), let .and(i), let .or(i):
            return [(i, .any)]
        case let .combineLatestN(indices, _), let .zipN(indices, _), let .mergeN(indices, _), let .all(indices),
             let .any(indices):
            return indices.map { ($0, .any) }
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
        case let .throttleWhile(i, s): return .throttleWhile(renumber(i), on: s)
        case let .takeUntilReplacement(i): return .takeUntilReplacement(renumber(i))
        case let .combineLatest(i): return .combineLatest(renumber(i))
        case let .zip(i): return .zip(renumber(i))
        case let .merge(i): return .merge(renumber(i))
        case let .and(i): return .and(renumber(i))
        case let .or(i): return .or(renumber(i))
        case let .combineLatestN(indices, array): return .combineLatestN(indices.map(renumber), array: array)
        case let .zipN(indices, array): return .zipN(indices.map(renumber), array: array)
        case let .mergeN(indices, array): return .mergeN(indices.map(renumber), array: array)
        case let .all(indices): return .all(indices.map(renumber))
        case let .any(indices): return .any(indices.map(renumber))
        case let .concat(i): return .concat(renumber(i))
        case let .prefix(i): return .prefix(renumber(i))
        case let .then(i): return .then(renumber(i))
        case let .flatMap(strategy, inners): return .flatMap(strategy, inners.map(renumber))
        case let .flatMapError(i): return .flatMapError(renumber(i))
        default: return self
        }
    }

    /// An operator that schedules on a date scheduler.
    var isTimeOperator: Bool {
        switch self {
        case .delay, .debounce, .throttle, .timeout, .collectEvery, .retryInterval: return true
        default: return false
        }
    }

    /// The schedulers the operator uses.
    var schedulers: [Sched] {
        switch self {
        case let .delay(_, s), let .debounce(_, _, s), let .throttle(_, s), let .timeout(_, s), let .observeOn(s),
             let .startOn(s), let .lazyMap(_, s), let .collectEvery(_, _, _, s), let .throttleWhile(_, s),
             let .retryInterval(_, _, s):
            return [s]
        default: return []
        }
    }

    /// Whether `form` has the operator.
    func exists(in form: Form) -> Bool {
        switch form {
        case .producer: return true
        case .signal:
            switch self {
            case .concat, .prefix, .then, .retry, .retryInterval, .repeatCount, .startOn: return false
            default: return true
            }
        case .property:
            switch self {
            case .map, .filter, .skipRepeats, .uniqueValues, .combineLatest, .zip, .combineLatestN,
                 .zipN, .negate, .and, .or, .all, .any, .flatMap:
                return true
            // Property.combinePrevious takes an initial value.
            case let .combinePrevious(initial): return initial != nil
            default: return false
            }
        case .sequence:
            switch self {
            case .map, .filter, .compactMap, .scan, .skipRepeats, .takeFirst, .skipFirst, .takeWhile, .skipWhile, .zip,
                 .concat:
                return true
            // A sequence's flatMap concatenates.
            case let .flatMap(strategy, _): return strategy == .concat
            default: return false
            }
        }
    }

    /// The operator as Streams code; `$0 % m` on a value that is not an integer means its `key`.
    var code: String {
        func s(_ i: Int) -> String { "s\(i)" }
        func list(_ indices: [Int]) -> String { indices.map(s).joined(separator: ", ") }
        func seconds(_ halfFrames: Int) -> String { Frames.describe(ticks: halfFrames * ticksPerFrame / 2) }
        let bool = "{ $0 % 2 == 0 }"
        switch self {
        case let .map(k): return ".map { $0 + \(k) }"
        case let .filter(p): return ".filter \(p)"
        case let .compactMap(p, k): return ".compactMap { $0 % \(p.modulus) == \(p.remainder) ? nil : $0 + \(k) }"
        case .scan: return ".scan(0, +)"
        case .scanInto: return ".scan(into: 0) { $0 += $1 }"
        case let .scanMap(k, into): return into ? ".scanMap(into: \(k)) { state, v in defer { state += v }; return (state, v) }"
            : ".scanMap(\(k)) { state, v in (state + v, (state, v)) }"
        case .reduce: return ".reduce(0, +)"
        case .reduceInto: return ".reduce(into: 0) { $0 += $1 }"
        case .collect: return ".collect()"
        case let .collectCount(n): return ".collect(count: \(n))"
        case let .takeFirst(n): return ".take(first: \(n))"
        case let .takeLast(n): return ".take(last: \(n))"
        case let .takeWhile(p): return ".take(while: \(p))"
        case let .takeUntilPredicate(p): return ".take(until: \(p))"
        case let .skipFirst(n): return ".skip(first: \(n))"
        case let .skipWhile(p): return ".skip(while: \(p))"
        case .skipRepeats: return ".skipRepeats()"
        case .uniqueValues: return ".uniqueValues()"
        case let .combinePrevious(initial): return ".combinePrevious(\(initial.map(String.init) ?? ""))"
        case let .skipNil(p): return ".map { $0 % \(p.modulus) == \(p.remainder) ? nil : $0 }.skipNil()"
        case let .attempt(p): return ".attempt { $0 % \(p.modulus) == \(p.remainder) ? .failure(a) : .success(()) }"
        case let .attemptMap(p, k): return ".attemptMap { $0 % \(p.modulus) == \(p.remainder) ? .failure(a) : .success($0 + \(k)) }"
        case .mapError: return ".mapError { m($0) }"
        case .ignoreErrors: return ".flatMapError { _ in SignalProducer<_, Never>.empty }.promoteError()"
        case .materialize: return ".materialize()"
        case .dematerialize: return ".materialize().map(unwrapped).dematerialize()"
        case .materializeResults: return ".materializeResults()"
        case .dematerializeResults: return ".materializeResults().map(unwrapped).dematerializeResults()"
        case .negate: return ".map \(bool).negate()"
        case let .on(id, hooks): return ".on(\(hooks.map { "\($0.rawValue):" }.joined()))  /* on\(id) */"
        case let .takeUntil(i): return ".take(until: \(s(i)))"
        case let .skipUntil(i): return ".skip(until: \(s(i)))"
        case let .takeUntilReplacement(i): return ".take(untilReplacement: \(s(i)))"
        case let .combineLatest(i): return ".combineLatest(with: \(s(i)))"
        case let .zip(i): return ".zip(with: \(s(i)))"
        case let .merge(i): return ".merge(with: \(s(i)))"
        case let .combineLatestN(indices, array): return array ? "  -> combineLatest([$0, \(list(indices))])" : "  -> combineLatest($0, \(list(indices)))"
        case let .zipN(indices, array): return array ? "  -> zip([$0, \(list(indices))])" : "  -> zip($0, \(list(indices)))"
        case let .mergeN(indices, array): return array ? "  -> merge([$0, \(list(indices))])" : "  -> merge($0, \(list(indices)))"
        case let .and(i): return ".map \(bool).and(\(s(i)).map \(bool))"
        case let .or(i): return ".map \(bool).or(\(s(i)).map \(bool))"
        case let .all(indices): return "  -> all([$0, \(list(indices))].map { $0.map \(bool) })"
        case let .any(indices): return "  -> any([$0, \(list(indices))].map { $0.map \(bool) })"
        case let .concat(i): return ".concat(\(s(i)))"
        case let .prefix(i): return ".prefix(\(s(i)))"
        case let .then(i): return ".then(\(s(i)))"
        case let .sampleOn(i): return ".sample(on: \(s(i)))"
        case let .sampleWith(i): return ".sample(with: \(s(i)))"
        case let .withLatest(i): return ".withLatest(from: \(s(i)))"
        case let .flatMap(strategy, inners):
            return inners.count == 1
                ? ".flatMap(\(strategy.code)) { _ in \(list(inners)) }"
                : ".flatMap(\(strategy.code)) { [\(list(inners))][$0 % \(inners.count)] }"
        case let .flatMapError(i): return ".flatMapError { _ in \(s(i)) }"
        case let .retry(n): return ".retry(upTo: \(n))"
        case let .retryInterval(n, h, sched): return ".retry(upTo: \(n), interval: \(seconds(h)), on: \(sched))"
        case let .repeatCount(n): return ".repeat(\(n))"
        case let .delay(h, sched): return ".delay(\(seconds(h)), on: \(sched))"
        case let .debounce(h, discard, sched): return ".debounce(\(seconds(h)), on: \(sched), discardWhenCompleted: \(discard))"
        case let .throttle(h, sched): return ".throttle(\(seconds(h)), on: \(sched))"
        case let .timeout(h, sched): return ".timeout(after: \(seconds(h)), raising: t, on: \(sched))"
        case let .observeOn(sched): return ".observe(on: \(sched))"
        case let .startOn(sched): return ".start(on: \(sched))"
        case let .lazyMap(k, sched): return ".lazyMap(on: \(sched)) { $0 + \(k) }"
        case let .collectEvery(h, skipEmpty, discard, sched):
            return ".collect(every: \(seconds(h)), on: \(sched), skipEmpty: \(skipEmpty), discardWhenCompleted: \(discard))"
        case let .throttleWhile(i, sched):
            return ".throttle(while: Property(initial: false, then: \(s(i)).map \(bool)), on: \(sched))"
        case let .takeDuring(t): return ".take(during: lifetime)  // ends at frame \(Frames.describe(ticks: t))"
        }
    }
}

struct Case: Hashable, Codable {
    var form: Form
    var inputs: [InputSpec]
    var ops: [Op]
    var consumers: [Consumer]

    init(form: Form = .producer, inputs: [InputSpec], ops: [Op], consumers: [Consumer] = [Consumer()]) {
        self.form = form
        self.inputs = inputs
        self.ops = ops
        self.consumers = consumers
    }

    /// A case with one consumer, started during the setup, disposed at `disposeAt` (in ticks).
    init(inputs: [InputSpec], ops: [Op], disposeAt: Int?) {
        self.init(inputs: inputs, ops: ops, consumers: [Consumer(disposal: disposeAt.map(Disposal.at))])
    }

    /// The names of the schedulers the case uses besides the marble one, in order.
    var testSchedulers: [Int] {
        Set(ops.flatMap(\.schedulers).compactMap { if case let .test(k) = $0 { return k } else { return nil } }).sorted()
    }

    var code: String {
        var lines: [String] = ["// form: \(form.rawValue)"]
        for (index, input) in inputs.enumerated() {
            lines.append("let s\(index) = \(input.code(index, form: form))")
        }
        lines.append("s0" + ops.map { "\n    " + $0.code(in: form) }.joined())
        if form == .sequence {
            lines.append("// read twice: iterated, then through head and tail")
            return lines.joined(separator: "\n")
        }
        for (index, consumer) in consumers.enumerated() {
            var text = "// consumer \(index + 1): "
            text += consumer.startAt.map { "starts at frame \(Frames.describe(ticks: $0))" } ?? "starts during the setup"
            if consumer.withSignal { text += form == .property ? ", observing the signal" : ", with startWithSignal" }
            if let blocking = consumer.blocking { text += ", calling \(blocking.rawValue)()" }
            switch consumer.disposal {
            case let .at(t): text += ", disposed at frame \(Frames.describe(ticks: t))"
            case let .twice(t): text += ", disposed twice at frame \(Frames.describe(ticks: t))"
            case let .fromThread(t): text += ", disposed from another thread at frame \(Frames.describe(ticks: t))"
            case let .inside(n): text += ", disposed from inside its observer at its event \(n)"
            case nil: break
            }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }
}

extension Op {
    /// The operator as Streams code in `form`, where its spelling differs.
    func code(in form: Form) -> String {
        switch (form, self) {
        case let (.property, .filter(p)): return ".filter(initial: 0) \(p)"
        case let (.sequence, .flatMap(_, inners)):
            return inners.count == 1 ? ".flatMap { _ in s\(inners[0]) }"
                : ".flatMap { [\(inners.map { "s\($0)" }.joined(separator: ", "))][$0 % \(inners.count)] }"
        case (.sequence, .skipRepeats): return ".skipRepeats { $0 == $1 }"
        default: return code
        }
    }
}

extension MEvent {
    /// A failure of input `index` fails with `e<index>`.
    func labelled(_ index: Int) -> MEvent {
        if case .failed = self { return .failed("e\(index)") }
        return self
    }
}
