// Shrinking a failing case: fewer operators, fewer and shorter inputs, smaller arguments, no
// disposal, until no smaller case still fails.

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
            for candidate in Self.candidates(current) {
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
        // No disposal, or an earlier one.
        if let disposeAt = c.disposeAt {
            var smaller = c
            smaller.disposeAt = nil
            result.append(smaller)
            if disposeAt >= ticksPerFrame {
                smaller.disposeAt = disposeAt - ticksPerFrame
                result.append(smaller)
            }
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

    static func simplifications(_ op: Op) -> [Op] {
        func smaller(_ n: Int, _ minimum: Int) -> [Int] { n > minimum ? [minimum, n - 1] : [] }
        func simpler(_ p: Pred) -> [Pred] {
            var result: [Pred] = []
            if p.modulus > 2 { result.append(Pred(modulus: 2, remainder: min(p.remainder, 1))) }
            if p.remainder > 0 { result.append(Pred(modulus: p.modulus, remainder: 0)) }
            return result
        }
        switch op {
        case let .map(k): return smaller(k, 1).map(Op.map)
        case let .filter(p): return simpler(p).map(Op.filter)
        case let .compactMap(p, k): return [.filter(p)] + simpler(p).map { .compactMap($0, k) } + smaller(k, 1).map { .compactMap(p, $0) }
        case .reduce: return [.collect]
        case let .collectCount(n): return smaller(n, 1).map(Op.collectCount)
        case let .takeFirst(n): return smaller(n, 0).map(Op.takeFirst)
        case let .takeLast(n): return smaller(n, 1).map(Op.takeLast)
        case let .takeWhile(p): return simpler(p).map(Op.takeWhile)
        case let .takeUntilPredicate(p): return [.takeWhile(p)] + simpler(p).map(Op.takeUntilPredicate)
        case let .skipFirst(n): return smaller(n, 0).map(Op.skipFirst)
        case let .skipWhile(p): return simpler(p).map(Op.skipWhile)
        case let .on(id, hooks):
            guard hooks.count > 1 else { return [] }
            return hooks.indices.map { index in
                var fewer = hooks
                fewer.remove(at: index)
                return .on(id: id, hooks: fewer)
            }
        case let .flatMap(strategy, inners):
            var result: [Op] = []
            if inners.count > 1 {
                for index in inners.indices {
                    var fewer = inners
                    fewer.remove(at: index)
                    result.append(.flatMap(strategy, fewer))
                }
            }
            switch strategy {
            case .merge, .concat: break
            case let .concurrent(limit) where limit > 2: result.append(.flatMap(.concurrent(limit - 1), inners))
            default: result.append(.flatMap(.merge, inners))
            }
            return result
        case let .retry(n): return smaller(n, 0).map(Op.retry)
        case let .repeatCount(n): return smaller(n, 0).map(Op.repeatCount)
        case let .delay(h): return smaller(h, 1).map(Op.delay)
        case let .debounce(h, discard): return smaller(h, 1).map { .debounce($0, discardWhenCompleted: discard) }
            + (discard ? [] : [.debounce(h, discardWhenCompleted: true)])
        case let .throttle(h): return smaller(h, 1).map(Op.throttle)
        case let .timeout(h): return smaller(h, 1).map(Op.timeout)
        case let .combineLatest(i), let .zip(i), let .takeUntilReplacement(i), let .concat(i), let .prefix(i), let .then(i):
            return [.merge(i)]
        case let .sampleWith(i): return [.sampleOn(i)]
        default: return []
        }
    }

    static func simplifications(_ input: InputSpec) -> [InputSpec] {
        var result: [InputSpec] = []
        if input.hot {
            var cold = input
            cold.hot = false
            result.append(cold)
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
        return Case(inputs: kept.map { inputs[$0] },
                    ops: ops.map { $0.renumbered { renumber[$0]! } },
                    disposeAt: disposeAt)
    }
}
