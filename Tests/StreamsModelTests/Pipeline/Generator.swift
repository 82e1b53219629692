// Random cases: marble inputs and chains of 1 to 6 operators with random arguments.
//
// Simultaneous events are not avoided: the model orders them exactly (see `Moment`: actions due
// at the same instant run in the order they were scheduled, and what an action causes happens
// inside it, depth first). So input events, time-operator intervals (0.5 to 2.5 frames, by half
// frames) and the disposal of the whole run (at a whole, half or quarter frame) fall on one grid,
// and a pipeline may hold two time operators (delay, debounce, throttle, timeout), whose actions
// then land on the frames of the sources and on each other's. Inner streams may send at their
// first frame, while the outer stream's frame is still being processed.
//
// What the generator leaves out, and why:
// - `take(last: 0)`: ReactiveSwift 7.2 traps on the first value (it removes from an empty
//   buffer); Streams drops the values. `collect(count: 0)` and `concurrent(limit: 0)` are
//   preconditions.
// - Failures in the inputs used as triggers, samplers and samplees: their error type is `Never`.
// - Hot inner streams of flatMap and hot flatMapError replacements: two inner streams made from
//   one hot source would observe one signal at the same time, and one event of a signal reaches
//   its observers one after the other, in the order they registered; the model gives each run
//   of a hot source the signal's moments as they are, without that extra level of order. Inner
//   streams are cold (hot sources are used elsewhere, where runs of one source never overlap).
// - Synchronous sources are not generated: every input is a marble source on the scheduler.
//   The synchronous runs that do occur (`take(first: 0)`, `repeat(0)`) are covered, including
//   how flattening and sequencing queue their terminal events.

import TestSupport

struct Generator {
    var rng: SplitMix64
    private var inputs: [InputSpec] = []
    private var nextOnID = 1

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &rng)
    }

    private mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    private mutating func pred() -> Pred {
        let modulus = int(2...3)
        return Pred(modulus: modulus, remainder: int(0...modulus - 1))
    }

    private mutating func timeline(_ role: InputRole) -> [Step] {
        var steps: [Step] = []
        let length = int(0...7)
        // Sparse, medium or dense: the share of frames with a value.
        let density = [35, 60, 85][int(0...2)]
        for frame in 0..<length {
            guard chance(density) else { continue }
            let count = chance(85) ? 1 : 2
            steps.append(Step(frame: frame, events: (0..<count).map { _ in .value(.int(int(0...9))) }))
        }
        let roll = int(0...99)
        let terminal: MEvent?
        switch roll {
        case ..<45: terminal = .completed
        case ..<60: terminal = role == .never ? .completed : .failed("")
        case ..<72: terminal = .interrupted
        default: terminal = nil
        }
        if let terminal {
            if let last = steps.last, last.frame == length - 1, chance(20) {
                steps[steps.count - 1].events.append(terminal)
            } else {
                steps.append(Step(frame: length, events: [terminal]))
            }
        }
        return steps
    }

    private mutating func input(_ role: InputRole) -> Int {
        let hot = role != .inner && chance(20)
        inputs.append(InputSpec(steps: timeline(role), hot: hot, role: role))
        return inputs.count - 1
    }

    /// A time-operator interval, in half frames: 0.5 to 2.5 frames.
    private mutating func halfFrames() -> Int {
        int(1...5)
    }

    private mutating func op(allowTime: Bool) -> Op {
        while true {
            switch int(0...41) {
            case 0, 1: return .map(int(1...3))
            case 2: return .filter(pred())
            case 3: return .compactMap(pred(), int(1...3))
            case 4: return .scan
            case 5: return .reduce
            case 6: return .collect
            case 7: return .collectCount(int(1...3))
            case 8, 9: return .takeFirst(int(0...3))
            case 10: return .takeLast(int(1...3))
            case 11: return .takeWhile(pred())
            case 12: return .takeUntilPredicate(pred())
            case 13: return .skipFirst(int(0...3))
            case 14: return .skipWhile(pred())
            case 15: return .skipRepeats
            case 16: return .materialize
            case 17: return .dematerialize
            case 18, 19:
                defer { nextOnID += 1 }
                let hooks = OnNode.Hook.allCases.filter { _ in chance(60) }
                return .on(id: nextOnID, hooks: hooks.isEmpty ? [.event] : hooks)
            case 20: return .takeUntil(input(.never))
            case 21: return .skipUntil(input(.never))
            case 22: return .takeUntilReplacement(input(.any))
            case 23: return .combineLatest(input(.any))
            case 24: return .zip(input(.any))
            case 25: return .merge(input(.any))
            case 26: return .concat(input(.any))
            case 27: return .prefix(input(.any))
            case 28: return .then(input(.any))
            case 29: return .sampleOn(input(.never))
            case 30: return .sampleWith(input(.never))
            case 31: return .withLatest(input(.never))
            case 32, 33, 34:
                let strategies: [StrategySpec] = [.merge, .concat, .latest, .race, .throttle, .concurrent(int(2...3))]
                let strategy = strategies[int(0...strategies.count - 1)]
                let count = int(1...3)
                return .flatMap(strategy, (0..<count).map { _ in input(.inner) })
            case 35: return .flatMapError(input(.inner))
            case 36: return .retry(int(0...2))
            case 37: return .repeatCount(int(0...3))
            case 38 where allowTime: return .delay(halfFrames())
            case 39 where allowTime: return .debounce(halfFrames(), discardWhenCompleted: chance(50))
            case 40 where allowTime: return .throttle(halfFrames())
            case 41 where allowTime: return .timeout(halfFrames())
            default: continue
            }
        }
    }

    mutating func generate() -> Case {
        inputs = []
        nextOnID = 1
        _ = input(.any)
        var ops: [Op] = []
        var timeOperators = 0
        for _ in 0..<int(1...6) {
            let next = op(allowTime: timeOperators < 2)
            if next.isTimeOperator { timeOperators += 1 }
            ops.append(next)
        }
        // A quarter of the runs are disposed, at a quarter frame, a half frame or a frame.
        let disposeAt = chance(25) ? int(0...12) * ticksPerFrame + [0, 1, 2][int(0...2)] : nil
        return Case(inputs: inputs, ops: ops, disposeAt: disposeAt)
    }
}
