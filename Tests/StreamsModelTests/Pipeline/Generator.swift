// Random cases: sources, chains of 1 to 6 operators with random arguments, in one of the forms,
// with one or two consumers.
//
// The forms: most cases are producer chains, a fifth signal chains; the property and sequence
// forms are forced by their features. A property case's inputs are `MutableProperty`s set by
// their diagrams' values; a sequence case's inputs are the diagrams' values. The `blocking`
// feature calls `first()`, `last()`, `single()` or `wait()` on a producer chain of 1 to 3
// synchronous operators (half the time hooks alone) over synchronous inputs of 0 to 3 frames,
// each ending by completion, failure or interruption alike.
//
// Simultaneous events are not avoided: the model orders them exactly (see `Moment`: actions due
// at the same instant run in the order they were scheduled, and what an action causes happens
// inside it, depth first). So input events, time-operator intervals (by half frames, zero
// included) and disposals (at a whole, half or quarter frame) fall on one grid, and a pipeline
// may hold two time operators, whose actions then land on the frames of the sources and on each
// other's.
//
// Edges are not left to chance: half of the cases each force one `Feature` (case `2k + 1` forces
// feature `k % count`), so every edge appears in hundreds of cases of every default run. Some
// features build a whole situation: `throttleBoundary` puts a value on a throttle's boundary, at
// the very instant its last value was sent, which only a value delayed past the throttle's own
// action can do.
//
// What the generator leaves out, and why:
// - `take(last: 0)`: ReactiveSwift 7.2 traps on the first value (it removes from an empty
//   buffer); Streams drops the values. `collect(count: 0)`, `concurrent(limit: 0)`, negative
//   intervals and `collect(every: 0)` are preconditions.
// - Real schedulers and threads other than a disposing one: the runs would not be deterministic
//   (the thread schedules of the reliability tests cover them).

import TestSupport

/// An edge a case is built around.
enum Feature: CaseIterable {
    case signalForm, propertyForm, sequenceForm
    case zeroInterval, throttleZero, throttleBoundary, longInterval
    case countEdges, largeCounts
    case syncSource, emptySource, timerSource
    case hotInner, syncInner
    case failingTrigger
    case disposeInside, disposeTwice, disposeThread, disposeInner
    case lateSubscriber, twoSubscribers, startWithSignal
    case manySources
    case longInputs, denseInputs
    case schedulers
    case newOperators
    /// `first()`, `last()`, `single()` or `wait()` on a synchronous pipeline of short inputs.
    case blocking
}

struct Generator {
    var rng: SplitMix64
    private var inputs: [InputSpec] = []
    private var nextOnID = 1
    private var form = Form.producer
    private var feature: Feature?
    private var nextScheduler = 1

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &rng)
    }

    private mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    private mutating func element<T>(_ items: [T]) -> T {
        items[int(0...items.count - 1)]
    }

    private mutating func pred() -> Pred {
        let modulus = int(2...3)
        return Pred(modulus: modulus, remainder: int(0...modulus - 1))
    }

    private mutating func timeline(_ role: InputRole, dense: Bool = false) -> [Step] {
        var steps: [Step] = []
        let length: Int
        switch feature {
        case .longInputs: length = int(9...16)
        case .emptySource where inputs.isEmpty: length = 0
        case .blocking: length = int(0...3)
        default: length = int(0...7)
        }
        // Sparse, medium or dense: the share of frames with a value.
        let density = dense || feature == .blocking ? 100 : [35, 60, 85][int(0...2)]
        for frame in 0..<length {
            guard chance(density) else { continue }
            let count = feature == .denseInputs && chance(50) ? int(3...5) : (chance(85) ? 1 : 2)
            steps.append(Step(frame: frame, events: (0..<count).map { _ in .value(.int(int(0...9))) }))
        }
        let roll = int(0...99)
        var terminal: MEvent?
        switch roll {
        case ..<45: terminal = .completed
        // A trigger or sampler fails through `materialize`: it completes.
        case ..<60: terminal = role == .never && !(feature == .failingTrigger || chance(30)) ? .completed : .failed("")
        case ..<72: terminal = .interrupted
        default: terminal = nil
        }
        // A blocking call needs every input to end; its result depends on how.
        if feature == .blocking { terminal = element([.completed, .failed(""), .interrupted]) }
        if let terminal {
            if let last = steps.last, last.frame == length - 1, chance(20) {
                steps[steps.count - 1].events.append(terminal)
            } else {
                steps.append(Step(frame: length, events: [terminal]))
            }
        }
        return steps
    }

    private mutating func kind(_ role: InputRole) -> SourceKind {
        if form == .property || (form == .signal && role != .inner) { return .hot }
        if form == .sequence { return .sequence }
        let first = inputs.isEmpty
        switch feature {
        case .blocking: return chance(70) ? .sync : .sequence
        case .syncSource where first: return element([.sync, .sequence])
        case .timerSource where first: return element([.timer, .interval])
        case .hotInner where role == .inner: return chance(70) ? .hot : .cold
        case .syncInner where role == .inner: return element([.sync, .sequence, .cold])
        default: break
        }
        let roll = int(0...99)
        switch roll {
        case ..<68: return .cold
        case ..<80: return role == .inner && !chance(30) ? .cold : .hot
        case ..<88: return .sync
        case ..<94: return .sequence
        case ..<97: return .timer
        default: return .interval
        }
    }

    private mutating func input(_ role: InputRole, dense: Bool = false) -> Int {
        var kind = self.kind(role)
        var steps = timeline(role, dense: dense)
        if kind == .timer, !steps.contains(where: { $0.events.contains { $0.value != nil } }) {
            kind = .interval
        }
        // A property's diagram only sets it.
        if kind == .sequence || kind == .timer || kind == .interval || form == .property {
            steps = steps.filter { $0.events.contains { $0.value != nil } }
                .map { Step(frame: $0.frame, events: $0.events.filter { $0.value != nil }) }
        }
        inputs.append(InputSpec(steps: steps, kind: kind, role: role, period: int(1...4),
                                initial: form == .property ? int(0...9) : 0))
        return inputs.count - 1
    }

    /// A time-operator interval, in half frames: 0.5 to 2.5 frames, sometimes 0 or long.
    private mutating func halfFrames() -> Int {
        switch feature {
        case .zeroInterval: if chance(60) { return 0 }
        case .longInterval: if chance(60) { return int(8...20) }
        default: break
        }
        if chance(8) { return 0 }
        if chance(4) { return int(8...20) }
        return int(1...5)
    }

    private mutating func count(_ range: ClosedRange<Int>) -> Int {
        switch feature {
        case .countEdges: return int(0...1)
        case .largeCounts: return int(5...40)
        default: return chance(5) ? int(10...30) : int(range)
        }
    }

    /// A scheduler for an operator: mostly one of its own, sometimes the marble scheduler, or
    /// (where a plain scheduler will do) an immediate one.
    private mutating func scheduler(dateOnly: Bool) -> Sched {
        let roll = int(0...99)
        if !dateOnly, roll < (feature == .schedulers ? 35 : 15) { return .immediate }
        if roll < 70 || feature == .zeroInterval || feature == .throttleZero {
            defer { nextScheduler += 1 }
            return .test(nextScheduler)
        }
        return chance(50) ? .marble : .test(max(1, nextScheduler - 1))
    }

    private mutating func sources(_ role: InputRole) -> [Int] {
        let count = feature == .manySources ? int(2...9) : (chance(70) ? int(1...2) : int(3...9))
        return (0..<count).map { _ in input(role) }
    }

    private mutating func op(allowTime: Bool) -> Op {
        while true {
            let op: Op
            switch int(0...77) {
            case 0, 1: op = .map(int(1...3))
            case 2: op = .filter(pred())
            case 3: op = .compactMap(pred(), int(1...3))
            case 4: op = .scan
            case 5: op = .reduce
            case 6: op = .collect
            case 7: op = .collectCount(max(1, count(1...3)))
            case 8, 9: op = .takeFirst(count(0...3))
            case 10: op = .takeLast(max(1, count(1...3)))
            case 11: op = .takeWhile(pred())
            case 12: op = .takeUntilPredicate(pred())
            case 13: op = .skipFirst(count(0...3))
            case 14: op = .skipWhile(pred())
            case 15: op = .skipRepeats
            case 16: op = .materialize
            case 17: op = .dematerialize
            case 18, 19:
                defer { nextOnID += 1 }
                var hooks = OnNode.Hook.allCases.filter { _ in chance(60) }
                if form == .signal { hooks.removeAll { $0 == .starting || $0 == .started } }
                op = .on(id: nextOnID, hooks: hooks.isEmpty ? [.event] : hooks)
            case 20: op = .takeUntil(input(.never))
            case 21: op = .skipUntil(input(.never))
            case 22: op = .takeUntilReplacement(input(.any))
            case 23: op = .combineLatest(input(.any))
            case 24: op = .zip(input(.any))
            case 25: op = .merge(input(.any))
            case 26: op = .concat(input(.any))
            case 27: op = .prefix(input(.any))
            case 28: op = .then(input(.any))
            case 29: op = .sampleOn(input(.never))
            case 30: op = .sampleWith(input(.never))
            case 31: op = .withLatest(input(.never))
            case 32, 33, 34:
                let strategies: [StrategySpec] = [.merge, .concat, .latest, .race, .throttle, .concurrent(int(2...3))]
                let strategy = form == .sequence ? .concat : element(strategies)
                let count = int(1...3)
                op = .flatMap(strategy, (0..<count).map { _ in input(.inner) })
            case 35: op = .flatMapError(input(.inner))
            case 36: op = .retry(count(0...2))
            case 37: op = .repeatCount(count(0...3))
            case 38 where allowTime: op = .delay(halfFrames(), on: scheduler(dateOnly: true))
            case 39 where allowTime:
                op = .debounce(halfFrames(), discardWhenCompleted: chance(50), on: scheduler(dateOnly: true))
            case 40 where allowTime: op = .throttle(halfFrames(), on: scheduler(dateOnly: true))
            case 41 where allowTime: op = .timeout(halfFrames(), on: scheduler(dateOnly: true))
            case 42: op = .scanInto
            case 43: op = .scanMap(int(0...3), into: chance(50))
            case 44: op = .reduceInto
            case 45: op = .combinePrevious(chance(50) ? int(0...9) : nil)
            case 46: op = .uniqueValues
            case 47: op = .skipNil(pred())
            case 48: op = .attempt(pred())
            case 49: op = .attemptMap(pred(), int(1...3))
            case 50: op = .mapError
            case 51: op = .ignoreErrors
            case 52: op = .materializeResults
            case 53: op = .dematerializeResults
            case 54: op = .negate
            case 55: op = .combineLatestN(sources(.any), array: chance(40))
            case 56: op = .zipN(sources(.any), array: chance(40))
            case 57: op = .mergeN(sources(.any), array: chance(40))
            case 58: op = .and(input(.any))
            case 59: op = .or(input(.any))
            case 60: op = .all(sources(.any))
            case 61: op = .any(sources(.any))
            case 62 where allowTime: op = .retryInterval(count(0...2), halfFrames(), on: scheduler(dateOnly: true))
            case 63, 64: op = .observeOn(scheduler(dateOnly: false))
            case 65: op = .startOn(scheduler(dateOnly: false))
            case 66, 67: op = .lazyMap(int(1...3), on: scheduler(dateOnly: false))
            case 68 where allowTime:
                op = .collectEvery(max(1, halfFrames()), skipEmpty: chance(50), discardWhenCompleted: chance(50),
                                   on: scheduler(dateOnly: true))
            case 69: op = .throttleWhile(input(.never), on: scheduler(dateOnly: false))
            case 70: op = .takeDuring(chance(15) ? -1 : int(0...40))
            case 71...73 where feature == .newOperators:
                op = .scanMap(int(0...3), into: chance(50))
            case 74...77 where feature == .schedulers:
                op = element([.observeOn(scheduler(dateOnly: false)), .lazyMap(int(1...3), on: scheduler(dateOnly: false)),
                              .startOn(scheduler(dateOnly: false)), .throttleWhile(input(.never), on: scheduler(dateOnly: false))])
            default: continue
            }
            guard op.exists(in: form), feature != .blocking || op.isSynchronous else {
                // The inputs it made stay, unused.
                continue
            }
            return op
        }
    }

    /// Consumers: one, started during the setup, disposed at a quarter frame a quarter of the
    /// time; the features add late starts, a second consumer and the other kinds of disposal.
    private mutating func consumers() -> [Consumer] {
        func time() -> Int { int(0...12) * ticksPerFrame + [0, 1, 2][int(0...2)] }
        if form == .sequence { return [Consumer()] }
        if feature == .blocking { return [Consumer(blocking: element(Blocking.allCases))] }
        var first = Consumer()
        if form == .producer { first.withSignal = feature == .startWithSignal || chance(10) }
        if form == .property { first.withSignal = chance(30) }
        if chance(25) { first.disposal = .at(time()) }
        switch feature {
        case .disposeInside: first.disposal = .inside(int(1...4))
        case .disposeTwice: first.disposal = .twice(time())
        case .disposeThread: first.disposal = .fromThread(time())
        case .lateSubscriber: first.startAt = time()
        default: break
        }
        if let start = first.startAt, let end = first.disposalTime, end < start { first.disposal = .at(start + int(0...8)) }
        var result = [first]
        if feature == .twoSubscribers || chance(5) {
            var second = Consumer(startAt: chance(50) ? nil : time())
            if form == .property { second.withSignal = chance(30) }
            if chance(40) { second.disposal = chance(50) ? .inside(int(1...3)) : .at((second.startAt ?? 0) + int(0...24)) }
            result.append(second)
        }
        return result
    }

    /// A chain around a throttle whose boundary a value reaches at the very instant of the last
    /// value sent: a dense source delayed by less than a frame, then throttled by whole frames.
    ///
    /// Values at frames 0, 1, 2... delayed by `d` < 1 frame arrive at `k + d`; a throttle of
    /// `n` >= 2 frames sends the first at `d`, holds the next (arrived at `1 + d`) until `n + d`,
    /// in an action scheduled at `1 + d`: before the delay's action for the value of frame `n`,
    /// scheduled at `n`, due at `n + d` too. So that value arrives at the instant the throttle
    /// last sent, and must wait a whole interval.
    private mutating func throttleBoundaryOps() -> [Op] {
        var steps = (0..<int(4...8)).map { Step(frame: $0, events: [.value(.int(int(0...9)))]) }
        if chance(60) { steps.append(Step(frame: steps.count + int(0...4), events: [element([.completed, .failed(""), .interrupted])])) }
        let kind: SourceKind = form == .signal ? .hot : (chance(80) ? .cold : .hot)
        inputs.append(InputSpec(steps: steps, kind: kind, role: .any))
        var ops: [Op] = []
        if chance(20) { ops.append(element([.map(int(1...3)), .on(id: 1, hooks: [.value])])) }
        ops.append(.delay(int(1...3), on: scheduler(dateOnly: true)))
        ops.append(.throttle(2 * int(2...3), on: scheduler(dateOnly: true)))
        if chance(40) { ops.append(op(allowTime: false)) }
        return ops
    }

    /// Case `index` of a run: odd cases force a feature each.
    mutating func generate(index: Int) -> Case {
        generate(feature: index % 2 == 1 ? Feature.allCases[(index / 2) % Feature.allCases.count] : nil)
    }

    mutating func generate(feature: Feature? = nil) -> Case {
        inputs = []
        nextOnID = 1
        nextScheduler = 1
        self.feature = feature
        switch feature {
        case .signalForm: form = .signal
        case .propertyForm: form = .property
        case .sequenceForm: form = .sequence
        case .blocking: form = .producer
        default: form = chance(20) ? .signal : .producer
        }
        var ops: [Op] = []
        if feature == .throttleBoundary {
            ops = throttleBoundaryOps()
        } else {
            _ = input(.any)
            var timeOperators = 0
            // A blocking call's chain is short, so that values reach it.
            for _ in 0..<(feature == .blocking ? int(1...3) : int(1...6)) {
                let next = op(allowTime: timeOperators < 2)
                if next.isTimeOperator { timeOperators += 1 }
                ops.append(next)
            }
            switch feature {
            case .blocking where chance(50):
                // Half the blocking calls see the source itself, through hooks that show where
                // the call stops the run.
                let hooks = OnNode.Hook.allCases.filter { _ in chance(60) }
                ops = [.on(id: 1, hooks: hooks.isEmpty ? [.event] : hooks)]
            case .throttleZero: ops.insert(.throttle(0, on: scheduler(dateOnly: true)), at: int(0...ops.count))
            case .zeroInterval:
                let zero = element([Op.delay(0, on: scheduler(dateOnly: true)), .debounce(0, discardWhenCompleted: chance(50), on: scheduler(dateOnly: true)),
                                    .throttle(0, on: scheduler(dateOnly: true)), .timeout(0, on: scheduler(dateOnly: true))])
                ops.insert(zero, at: int(0...ops.count))
            case .disposeInner:
                ops.append(.flatMap(element([.latest, .race, .merge]), [input(.inner), input(.inner)]))
            default: break
            }
        }
        var c = Case(form: form, inputs: inputs, ops: ops, consumers: consumers())
        c.keepLifetimesForHooks()
        return c
    }
}
