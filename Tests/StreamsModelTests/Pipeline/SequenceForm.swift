// The MemoizedSequence form of a case: the inputs are sequences of their diagrams' values, the
// chain is made of the sequence operators, and the result is read to its end twice, first by
// iterating it, then by walking `head` and `tail`. Each read is logged (`out`, then `out2`), and
// after each the number of calls of every operator's closure so far (`calls op<k>`).
//
// The model: the values are those of the chain's synchronous run in the producer model (inputs
// that send their values, then complete, inside their start); the calls are those of `PullModel`,
// which reads each operator's source only as far as the operator needs. Memoization means the
// second read calls no closure: the counts after it are the counts after the first.

import Streams

extension Op {
    /// Whether the sequence form counts the calls of the operator's closure.
    var countsCalls: Bool {
        switch self {
        case .map, .filter, .compactMap, .scan, .skipRepeats, .takeWhile, .skipWhile, .flatMap: return true
        default: return false
        }
    }
}

/// Calls of the closures of a sequence chain, by operator index.
final class CallCounts {
    var calls: [Int: Int] = [:]

    /// Counts one call of operator `op`'s closure.
    func count(_ op: Int) {
        calls[op, default: 0] += 1
    }
}

extension Case {
    /// The log of reading the sequence twice: its values, then the calls so far, each time.
    static func sequenceLog(ops: [Op], first: [MValue], second: [MValue], callsAfterFirst: [Int: Int],
                            callsAfterSecond: [Int: Int]) -> Observation {
        func calls(_ counts: [Int: Int]) -> [String] {
            ops.indices.filter { ops[$0].countsCalls }.map { "calls op\($0) \(counts[$0] ?? 0)" }
        }
        let texts = first.map { "out \($0)" } + calls(callsAfterFirst) + second.map { "out2 \($0)" } + calls(callsAfterSecond)
        return Observation(log: texts.map { Observation.Entry(time: 0, location: "test", text: $0) }, subscriptions: [:])
    }

    /// What the model says reading the sequence twice gives.
    func sequenceObservation() -> Observation {
        let values = model.run(.setup(3, 0), nil).events.compactMap(\.item.value)
        let calls = PullModel.calls(self)
        return Self.sequenceLog(ops: ops, first: values, second: values, callsAfterFirst: calls, callsAfterSecond: calls)
    }

    /// What Streams gives.
    func sequenceStreamsObservation() -> Observation {
        let counts = CallCounts()
        let sources = inputs.map { MemoizedSequence($0.values) }
        let chain = ops.enumerated().reduce(sources[0]) { upstream, item in
            item.element.apply(to: upstream, sources, index: item.offset, counts)
        }
        var first: [MValue] = []
        for value in chain { first.append(value) }
        let callsAfterFirst = counts.calls
        var second: [MValue] = []
        var rest = chain
        while let value = rest.head {
            second.append(value)
            rest = rest.tail
        }
        return Self.sequenceLog(ops: ops, first: first, second: second, callsAfterFirst: callsAfterFirst,
                                callsAfterSecond: counts.calls)
    }
}

extension Op {
    /// The operator on a memoized sequence, its closure's calls counted as operator `index`'s.
    func apply(to upstream: MemoizedSequence<MValue>, _ sources: [MemoizedSequence<MValue>], index: Int,
               _ counts: CallCounts) -> MemoizedSequence<MValue> {
        func counted<T>(_ body: @escaping (MValue) -> T) -> (MValue) -> T {
            { value in
                counts.count(index)
                return body(value)
            }
        }
        switch self {
        case let .map(k): return upstream.map(counted { $0.plus(k) })
        case let .filter(p): return upstream.filter(counted { p($0) })
        case let .compactMap(p, k): return upstream.compactMap(counted { p($0) ? nil : $0.plus(k) })
        case .scan:
            return upstream.scan(MValue.int(0)) { total, value in
                counts.count(index)
                return MValue.fold(total, value)
            }
        case .skipRepeats:
            return upstream.skipRepeats { a, b in
                counts.count(index)
                return a == b
            }
        case let .takeFirst(n): return upstream.take(first: n)
        case let .skipFirst(n): return upstream.skip(first: n)
        case let .takeWhile(p): return upstream.take(while: counted { p($0) })
        case let .skipWhile(p): return upstream.skip(while: counted { p($0) })
        case let .zip(i): return upstream.zip(with: sources[i]).map { MValue.pair($0, $1) }
        case let .concat(i): return upstream.concat(sources[i])
        case let .flatMap(_, inners):
            let streams = inners.map { sources[$0] }
            return upstream.flatMap(counted { streams[pick($0, among: streams.count)] })
        default: preconditionFailure("\(self) has no sequence form")
        }
    }
}

/// A pull-driven model of a sequence chain: reading the result reads each operator's source one
/// value at a time, only as far as the operator needs to find its next value or its end, and
/// calls the operator's closure once for each value it reads (`skipRepeats`' for each value
/// after the first; `flatMap`'s for each value of its source; a `zip` reads its own source
/// first, and the other only if there was a value).
enum PullModel {
    /// Gives the next value, or `nil` at the end (and ever after).
    typealias Pull = () -> MValue?

    /// The values of an input, one per pull.
    static func source(_ values: [MValue]) -> Pull {
        var index = 0
        return {
            guard index < values.count else { return nil }
            defer { index += 1 }
            return values[index]
        }
    }

    /// `pull`, which is not read again once it has ended.
    static func ending(_ pull: @escaping Pull) -> Pull {
        var ended = false
        return {
            guard !ended else { return nil }
            let value = pull()
            if value == nil { ended = true }
            return value
        }
    }

    /// The calls of each operator's closure when the result of `c`'s chain is read to its end.
    static func calls(_ c: Case) -> [Int: Int] {
        let counts = CallCounts()
        let values = c.inputs.map(\.values)
        var pull = ending(source(values[0]))
        for (index, op) in c.ops.enumerated() {
            pull = ending(step(op, pull, values, count: { counts.count(index) }))
        }
        while pull() != nil {}
        return counts.calls
    }

    /// Operator `op` reading `up` (and `inputs`), calling `count` for each call of its closure.
    static func step(_ op: Op, _ up: @escaping Pull, _ inputs: [[MValue]], count: @escaping () -> Void) -> Pull {
        switch op {
        case let .map(k):
            return { up().map { count(); return $0.plus(k) } }
        case let .filter(p):
            return {
                while let value = up() {
                    count()
                    if p(value) { return value }
                }
                return nil
            }
        case let .compactMap(p, k):
            return {
                while let value = up() {
                    count()
                    if !p(value) { return value.plus(k) }
                }
                return nil
            }
        case .scan:
            var total = MValue.int(0)
            return {
                guard let value = up() else { return nil }
                count()
                total = MValue.fold(total, value)
                return total
            }
        case .skipRepeats:
            var last: MValue?
            return {
                while let value = up() {
                    if let last {
                        count()
                        if last == value { continue }
                    }
                    last = value
                    return value
                }
                return nil
            }
        case let .takeFirst(n):
            var taken = 0
            return {
                guard taken < n, let value = up() else { return nil }
                taken += 1
                return value
            }
        case let .skipFirst(n):
            var skipped = false
            return {
                if !skipped {
                    skipped = true
                    for _ in 0..<n where up() == nil { return nil }
                }
                return up()
            }
        case let .takeWhile(p):
            return {
                guard let value = up() else { return nil }
                count()
                return p(value) ? value : nil
            }
        case let .skipWhile(p):
            var skipping = true
            return {
                while skipping {
                    guard let value = up() else { return nil }
                    count()
                    if !p(value) {
                        skipping = false
                        return value
                    }
                }
                return up()
            }
        case let .zip(i):
            let other = ending(source(inputs[i]))
            return {
                guard let a = up(), let b = other() else { return nil }
                return .pair(a, b)
            }
        case let .concat(i):
            let other = ending(source(inputs[i]))
            return { up() ?? other() }
        case let .flatMap(_, inners):
            var inner: Pull?
            return {
                while true {
                    if let value = inner?() { return value }
                    guard let value = up() else { return nil }
                    count()
                    inner = source(inputs[inners[pick(value, among: inners.count)]])
                }
            }
        default: preconditionFailure("\(op) has no sequence form")
        }
    }
}
