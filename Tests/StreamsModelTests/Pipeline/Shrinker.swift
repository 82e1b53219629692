// Shrinking a failing case: fewer operators, consumers, inputs and events, smaller arguments,
// plainer schedulers, forms and disposals, until no smaller case still fails.

struct Shrinker {
    /// Whether a case still shows the divergence.
    let fails: (Case) -> Bool
    var attempts = 0
    let maxAttempts = 3_000

    mutating func shrink(_ failing: Case) -> Case {
        var current = failing
        var improved = true
        while improved && attempts < maxAttempts {
            improved = false
            for candidate in Self.candidates(current) where candidate.isValid {
                attempts += 1
                if attempts > maxAttempts { break }
                if fails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
        return current
    }

    /// Smaller cases, the biggest simplifications first.
    static func candidates(_ c: Case) -> [Case] {
        var result: [Case] = []
        // Fewer operators.
        if c.ops.count > 1 {
            for index in c.ops.indices {
                var smaller = c
                smaller.ops.remove(at: index)
                result.append(smaller.droppingUnusedInputs())
            }
        }
        // Fewer consumers; plainer ones.
        if c.consumers.count > 1 {
            for index in c.consumers.indices {
                var smaller = c
                smaller.consumers.remove(at: index)
                result.append(smaller)
            }
        }
        for (index, consumer) in c.consumers.enumerated() {
            for simpler in simplifications(consumer) {
                var smaller = c
                smaller.consumers[index] = simpler
                result.append(smaller)
            }
        }
        // A signal's chain as a producer's.
        if c.form == .signal {
            var producer = c
            producer.form = .producer
            result.append(producer)
        }
        // Simpler operators.
        for (index, op) in c.ops.enumerated() {
            for simpler in simplifications(op) {
                var smaller = c
                smaller.ops[index] = simpler
                result.append(smaller.droppingUnusedInputs())
            }
        }
        // Simpler inputs.
        for (index, input) in c.inputs.enumerated() {
            for simpler in simplifications(input) {
                var smaller = c
                smaller.inputs[index] = simpler
                result.append(smaller)
            }
        }
        return result.filter { $0 != c }
    }

    static func simplifications(_ consumer: Consumer) -> [Consumer] {
        var result: [Consumer] = []
        if consumer.disposal != nil {
            var plain = consumer
            plain.disposal = nil
            result.append(plain)
        }
        switch consumer.disposal {
        case let .twice(t), let .fromThread(t):
            var plain = consumer
            plain.disposal = .at(t)
            result.append(plain)
        case let .at(t) where t >= ticksPerFrame:
            var earlier = consumer
            earlier.disposal = .at(t - ticksPerFrame)
            if earlier.startAt.map({ $0 <= t - ticksPerFrame }) ?? true { result.append(earlier) }
        case let .inside(n) where n > 1:
            var earlier = consumer
            earlier.disposal = .inside(n - 1)
            result.append(earlier)
        default: break
        }
        if let start = consumer.startAt, consumer.disposalTime.map({ $0 >= 0 }) ?? true {
            var early = consumer
            early.startAt = nil
            result.append(early)
            if start >= ticksPerFrame, consumer.disposalTime.map({ $0 >= start - ticksPerFrame }) ?? true {
                early.startAt = start - ticksPerFrame
                result.append(early)
            }
        }
        if consumer.withSignal {
            var plain = consumer
            plain.withSignal = false
            result.append(plain)
        }
        return result
    }

    static func simplifications(_ op: Op) -> [Op] {
        func smaller(_ n: Int, _ minimum: Int) -> [Int] { n > minimum ? [minimum, n - 1] : [] }
        func simpler(_ p: Pred) -> [Pred] {
            var result: [Pred] = []
            if p.modulus > 2 { result.append(Pred(modulus: 2, remainder: min(p.remainder, 1))) }
            if p.remainder > 0 { result.append(Pred(modulus: p.modulus, remainder: 0)) }
            return result
        }
        func plain(_ s: Sched) -> [Sched] { s == .marble ? [] : [.marble] }
        func fewer(_ indices: [Int]) -> [[Int]] {
            guard indices.count > 1 else { return [] }
            return indices.indices.map { index in
                var fewer = indices
                fewer.remove(at: index)
                return fewer
            }
        }
        switch op {
        case let .map(k): return smaller(k, 1).map(Op.map)
        case let .filter(p): return simpler(p).map(Op.filter)
        case let .compactMap(p, k): return [.filter(p)] + simpler(p).map { .compactMap($0, k) } + smaller(k, 1).map { .compactMap(p, $0) }
        case .scanInto: return [.scan]
        case let .scanMap(k, into): return (into ? [.scanMap(k, into: false)] : []) + smaller(k, 0).map { .scanMap($0, into: into) }
        case .reduce: return [.collect]
        case .reduceInto: return [.reduce]
        case let .collectCount(n): return smaller(n, 1).map(Op.collectCount)
        case let .takeFirst(n): return smaller(n, 0).map(Op.takeFirst)
        case let .takeLast(n): return smaller(n, 1).map(Op.takeLast)
        case let .takeWhile(p): return simpler(p).map(Op.takeWhile)
        case let .takeUntilPredicate(p): return [.takeWhile(p)] + simpler(p).map(Op.takeUntilPredicate)
        case let .skipFirst(n): return smaller(n, 0).map(Op.skipFirst)
        case let .skipWhile(p): return simpler(p).map(Op.skipWhile)
        case .uniqueValues: return [.skipRepeats]
        case let .combinePrevious(initial): return initial == nil ? [] : [.combinePrevious(nil)]
        case let .skipNil(p): return [.filter(p)]
        case let .attemptMap(p, k): return [.attempt(p)] + smaller(k, 1).map { .attemptMap(p, $0) }
        case let .attempt(p): return simpler(p).map(Op.attempt)
        case .dematerializeResults: return [.materializeResults, .dematerialize]
        case let .on(id, hooks):
            guard hooks.count > 1 else { return [] }
            return hooks.indices.map { index in
                var fewer = hooks
                fewer.remove(at: index)
                return .on(id: id, hooks: fewer)
            }
        case let .flatMap(strategy, inners):
            var result: [Op] = fewer(inners).map { .flatMap(strategy, $0) }
            switch strategy {
            case .merge, .concat: break
            case let .concurrent(limit) where limit > 2: result.append(.flatMap(.concurrent(limit - 1), inners))
            default: result.append(.flatMap(.merge, inners))
            }
            return result
        case let .combineLatestN(indices, array):
            return (indices.count == 1 ? [.combineLatest(indices[0])] : fewer(indices).map { .combineLatestN($0, array: array) })
                + (array ? [.combineLatestN(indices, array: false)] : [])
        case let .zipN(indices, array):
            return (indices.count == 1 ? [.zip(indices[0])] : fewer(indices).map { .zipN($0, array: array) })
                + (array ? [.zipN(indices, array: false)] : [])
        case let .mergeN(indices, array):
            return (indices.count == 1 ? [.merge(indices[0])] : fewer(indices).map { .mergeN($0, array: array) })
                + (array ? [.mergeN(indices, array: false)] : [])
        case let .all(indices): return indices.count == 1 ? [.and(indices[0])] : fewer(indices).map(Op.all)
        case let .any(indices): return indices.count == 1 ? [.or(indices[0])] : fewer(indices).map(Op.any)
        case let .retry(n): return smaller(n, 0).map(Op.retry)
        case let .retryInterval(n, h, s):
            return [.retry(n)] + smaller(n, 0).map { .retryInterval($0, h, on: s) } + smaller(h, 0).map { .retryInterval(n, $0, on: s) }
                + plain(s).map { .retryInterval(n, h, on: $0) }
        case let .repeatCount(n): return smaller(n, 0).map(Op.repeatCount)
        case let .delay(h, s): return smaller(h, 0).map { .delay($0, on: s) } + plain(s).map { .delay(h, on: $0) }
        case let .debounce(h, discard, s):
            return smaller(h, 0).map { .debounce($0, discardWhenCompleted: discard, on: s) }
                + (discard ? [] : [.debounce(h, discardWhenCompleted: true, on: s)])
                + plain(s).map { .debounce(h, discardWhenCompleted: discard, on: $0) }
        case let .throttle(h, s): return smaller(h, 0).map { .throttle($0, on: s) } + plain(s).map { .throttle(h, on: $0) }
        case let .timeout(h, s): return smaller(h, 0).map { .timeout($0, on: s) } + plain(s).map { .timeout(h, on: $0) }
        case let .observeOn(s): return plain(s).map(Op.observeOn)
        case let .startOn(s): return plain(s).map(Op.startOn)
        case let .lazyMap(k, s): return [.observeOn(s)] + plain(s).map { .lazyMap(k, on: $0) }
        case let .collectEvery(h, skipEmpty, discard, s):
            return smaller(h, 1).map { .collectEvery($0, skipEmpty: skipEmpty, discardWhenCompleted: discard, on: s) }
                + (skipEmpty ? [.collectEvery(h, skipEmpty: false, discardWhenCompleted: discard, on: s)] : [])
                + (discard ? [] : [.collectEvery(h, skipEmpty: skipEmpty, discardWhenCompleted: true, on: s)])
                + plain(s).map { .collectEvery(h, skipEmpty: skipEmpty, discardWhenCompleted: discard, on: $0) }
        case let .throttleWhile(i, s): return plain(s).map { .throttleWhile(i, on: $0) }
        case let .takeDuring(t): return t >= ticksPerFrame ? [.takeDuring(t - ticksPerFrame)] : []
        case let .combineLatest(i), let .zip(i), let .takeUntilReplacement(i), let .concat(i), let .prefix(i), let .then(i),
             let .and(i), let .or(i):
            return [.merge(i)]
        case let .sampleWith(i): return [.sampleOn(i)]
        default: return []
        }
    }

    static func simplifications(_ input: InputSpec) -> [InputSpec] {
        var result: [InputSpec] = []
        if input.kind != .cold {
            var cold = input
            cold.kind = .cold
            result.append(cold)
        }
        if input.period > 1 {
            var shorter = input
            shorter.period -= 1
            result.append(shorter)
        }
        // Remove one event.
        for (stepIndex, step) in input.steps.enumerated() {
            for eventIndex in step.events.indices {
                var smaller = input
                smaller.steps[stepIndex].events.remove(at: eventIndex)
                if smaller.steps[stepIndex].events.isEmpty { smaller.steps.remove(at: stepIndex) }
                result.append(smaller)
            }
        }
        // Remove a frame: everything after it comes one frame earlier.
        let lastFrame = input.steps.last?.frame ?? -1
        for frame in 0...max(lastFrame, 0) where !input.steps.contains(where: { $0.frame == frame }) {
            var smaller = input
            smaller.steps = input.steps.map { Step(frame: $0.frame > frame ? $0.frame - 1 : $0.frame, events: $0.events) }
            result.append(smaller)
        }
        // Smaller values; simpler terminal events.
        for (stepIndex, step) in input.steps.enumerated() {
            for (eventIndex, event) in step.events.enumerated() {
                var replacements: [MEvent] = []
                switch event {
                case let .value(.int(n)) where n > 0: replacements = [.value(.int(0)), .value(.int(n - 1))]
                case .failed, .interrupted: replacements = [.completed]
                default: break
                }
                for replacement in replacements {
                    var smaller = input
                    smaller.steps[stepIndex].events[eventIndex] = replacement
                    result.append(smaller)
                }
            }
        }
        return result
    }
}

extension Case {
    /// The case without the inputs no operator uses any more (input 0 is always used).
    func droppingUnusedInputs() -> Case {
        var used: Set<Int> = [0]
        for op in ops { for (index, _) in op.inputs { used.insert(index) } }
        let kept = inputs.indices.filter { used.contains($0) }
        var renumber: [Int: Int] = [:]
        for (new, old) in kept.enumerated() { renumber[old] = new }
        return Case(form: form, inputs: kept.map { inputs[$0] },
                    ops: ops.map { $0.renumbered { renumber[$0]! } },
                    consumers: consumers)
    }

    /// Whether the case can be run: every operator exists in its form, the inputs a signal
    /// observes are hot, and the inputs that send only values have some.
    var isValid: Bool {
        guard !ops.isEmpty, ops.allSatisfy({ $0.exists(in: form) }) else { return false }
        var roles: [Int: InputRole] = [0: .any]
        for op in ops { for (index, role) in op.inputs { roles[index] = role } }
        for (index, input) in inputs.enumerated() {
            if form == .signal, roles[index] != .inner, input.kind != .hot { return false }
            if form == .property,
               input.kind != .hot || input.steps.contains(where: { $0.events.contains { $0.isTerminal } }) {
                return false
            }
            if form == .sequence, input.kind != .sequence { return false }
            if input.kind == .timer, input.values.isEmpty { return false }
            if input.kind == .sequence || input.kind == .timer || input.kind == .interval,
               input.steps.contains(where: { $0.events.contains { $0.isTerminal } }) {
                return false
            }
        }
        for consumer in consumers {
            if let start = consumer.startAt, let end = consumer.disposalTime, end < start { return false }
        }
        var lifetimes = self
        lifetimes.keepLifetimesForHooks()
        return lifetimes == self
    }

    /// A `take(during:)` with an `on(...)` before it has a lifetime that outlasts the test: a
    /// run started after its lifetime ended would be disposed inside its own start, and its
    /// hooks would run around the interruption that causes, which the model does not place.
    mutating func keepLifetimesForHooks() {
        guard form == .producer else { return }
        var hooked = false
        for index in ops.indices {
            if case .on = ops[index] { hooked = true }
            if hooked, case let .takeDuring(t) = ops[index], t <= horizon {
                ops[index] = .takeDuring(horizon + 1)
            }
        }
    }
}
