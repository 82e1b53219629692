import Foundation
import Testing
import TestSupport
import Streams

// Law and operator tests of `StreamProtocol`, stated once and run on both kinds of stream:
// `SignalProducer<Int, Never>` (ProducerKind) and `MemoizedSequence<Int>` (SequenceKind).
//
// Each law or operator check is written once, in an extension of `StreamHarness`, generic over
// the kind; a harness per kind knows only how to build a stream from an array and how to
// collect a stream's values and ending. Inputs come from a seeded SplitMix64, so every run sees
// the same cases; a failure names the case index and the input.
//
// The last suite is about producers only: how bind, concat and zip end (failure, interruption,
// disposal) and how they behave with asynchronous sides.

// MARK: - Deterministic generator

extension SplitMix64 {
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// An array of length 0...maxLength with small values, so that repeats and equal neighbours
    /// (for `skipRepeats`) are common.
    fileprivate mutating func array(maxLength: Int = 20, values: ClosedRange<Int> = -6...6) -> [Int] {
        (0..<int(0...maxLength)).map { _ in int(values) }
    }
}

/// Number of generated cases per law or operator.
private let generatedCases = 250

// MARK: - Collected runs

/// How a collected stream ended.
private enum Ending: Equatable, CustomStringConvertible {
    case completed
    case failed(String)
    case interrupted
    /// The producer had not terminated when `start` returned (it should have: every producer
    /// in these tests is synchronous).
    case notTerminated

    var description: String {
        switch self {
        case .completed: return "completed"
        case let .failed(error): return "failed(\(error))"
        case .interrupted: return "interrupted"
        case .notTerminated: return "not terminated"
        }
    }
}

/// The values of one run of a stream and how it ended.
private struct Collected<Value> {
    var values: [Value]
    var ending: Ending
}

extension Collected: Equatable where Value: Equatable {}

extension Collected: CustomStringConvertible {
    var description: String { "\(values) \(ending)" }
}

/// A pair of Ints that can be compared, for zip results.
private struct IntPair: Equatable, CustomStringConvertible {
    let first: Int
    let second: Int
    init(_ pair: (Int, Int)) { (first, second) = pair }
    var description: String { "(\(first), \(second))" }
}

/// Collects a synchronous producer: its values, and its terminal event if it arrived before
/// `start` returned.
private func collectProducer<Value, Error>(_ producer: SignalProducer<Value, Error>) -> Collected<Value> {
    let box = TestBox(Collected<Value>(values: [], ending: .notTerminated))
    producer.start { event in
        switch event {
        case let .value(value): box.value.values.append(value)
        case let .failed(error): box.value.ending = .failed("\(error)")
        case .completed: box.value.ending = .completed
        case .interrupted: box.value.ending = .interrupted
        }
    }
    return box.value
}

// MARK: - Harnesses

/// What a law needs to know about a kind of stream: how to build one from values, how to
/// collect one, and an infinite source.
private protocol StreamHarness {
    associatedtype K: StreamKind
    /// The concrete stream type of the kind, with Int values.
    associatedtype Concrete: StreamProtocol where Concrete.Kind == K, Concrete.Value == Int

    /// The concrete stream of `values`.
    static func make(_ values: [Int]) -> Concrete

    /// The values and the ending of (one run of) `stream`.
    static func collect<V>(_ stream: StreamOf<K, V>) -> Collected<V>

    /// The infinite stream 0, 1, 2, ...: `produced` counts the values it made; it stops by
    /// itself after `safetyLimit` values, so that a failing test ends.
    static func naturals(produced: TestCounter, safetyLimit: Int) -> Concrete

    /// Whether each collection runs the stream anew (a producer starts again), rather than
    /// reading memoized values (a sequence).
    static var runsAnewOnEachCollect: Bool { get }
}

private enum ProducerHarness: StreamHarness {
    typealias K = ProducerKind<Never>

    static var runsAnewOnEachCollect: Bool { true }

    static func make(_ values: [Int]) -> SignalProducer<Int, Never> { SignalProducer(values) }

    static func collect<V>(_ stream: StreamOf<K, V>) -> Collected<V> {
        collectProducer(stream.producer)
    }

    static func naturals(produced: TestCounter, safetyLimit: Int) -> SignalProducer<Int, Never> {
        SignalProducer { observer, lifetime in
            var next = 0
            while !lifetime.hasEnded && next < safetyLimit {
                produced.increment()
                observer.send(value: next)
                next += 1
            }
            observer.sendCompleted()
        }
    }
}

private enum SequenceHarness: StreamHarness {
    typealias K = SequenceKind

    static var runsAnewOnEachCollect: Bool { false }

    static func make(_ values: [Int]) -> MemoizedSequence<Int> { MemoizedSequence(values) }

    static func collect<V>(_ stream: StreamOf<K, V>) -> Collected<V> {
        // A sequence has no failure or interruption: once iterated to its end, it completed.
        Collected(values: Array(stream), ending: .completed)
    }

    static func naturals(produced: TestCounter, safetyLimit: Int) -> MemoizedSequence<Int> {
        var next = 0
        return MemoizedSequence { () -> Int? in
            guard next < safetyLimit else { return nil }
            produced.increment()
            defer { next += 1 }
            return next
        }
    }
}

/// The kinds under test, as a test argument.
enum KindUnderTest: String, CaseIterable, CustomStringConvertible, Sendable {
    case producer
    case sequence

    var description: String { rawValue }

    fileprivate var harness: any StreamHarness.Type {
        switch self {
        case .producer: return ProducerHarness.self
        case .sequence: return SequenceHarness.self
        }
    }
}

// MARK: - Generated functions

/// A function Int -> stream, with the Array it must be equivalent to.
private struct GeneratedFunction<K: StreamKind> {
    let name: String
    let reference: (Int) -> [Int]
    let stream: (Int) -> StreamOf<K, Int>
}

extension StreamHarness {
    /// One of several families of functions, with random parameters. Some build the inner
    /// stream with the primitives, some from a concrete stream, some with `zip` and nested `bind`.
    static func randomFunction(_ rng: inout SplitMix64) -> GeneratedFunction<K> {
        let a = rng.int(-3...3)
        let b = rng.int(-5...5)
        switch rng.int(0...8) {
        case 0:
            return GeneratedFunction(name: "x -> [x, x+1]", reference: { [$0, $0 + 1] },
                                     stream: { K.concat(K.just($0), K.just($0 + 1)) })
        case 1:
            return GeneratedFunction(name: "x -> odd ? [] : [x]",
                                     reference: { $0 % 2 != 0 ? [] : [$0] },
                                     stream: { $0 % 2 != 0 ? K.empty() : K.just($0) })
        case 2:
            return GeneratedFunction(name: "x -> [x] * (|x| % 4)",
                                     reference: { Array(repeating: $0, count: abs($0) % 4) },
                                     stream: { make(Array(repeating: $0, count: abs($0) % 4)).stream })
        case 3:
            return GeneratedFunction(name: "x -> [\(a)x + \(b)]", reference: { [a * $0 + b] },
                                     stream: { K.just(a * $0 + b) })
        case 4:
            return GeneratedFunction(name: "x -> [x, \(b), x]", reference: { [$0, b, $0] },
                                     stream: { make([$0, b, $0]).stream })
        case 5:
            // zip of [x, x+1, x+2] with [b, b+1], summed: [x+b, x+b+2].
            return GeneratedFunction(
                name: "x -> zip([x, x+1, x+2], [\(b), \(b + 1)]).sum",
                reference: { [$0 + b, $0 + b + 2] },
                stream: { x in
                    K.bind(K.zip(make([x, x + 1, x + 2]).stream, make([b, b + 1]).stream)) {
                        { pair, _ in K.just(pair.0 + pair.1) }
                    }
                })
        case 6:
            return GeneratedFunction(name: "x -> []", reference: { _ in [] }, stream: { _ in K.empty() })
        case 7:
            return GeneratedFunction(name: "x -> x >= \(b) ? [x, x] : []",
                                     reference: { $0 >= b ? [$0, $0] : [] },
                                     stream: { $0 >= b ? K.concat(K.just($0), K.just($0)) : K.empty() })
        default:
            // A nested bind: [0 ..< |x| % 3] each mapped to x + i.
            return GeneratedFunction(
                name: "x -> (0..<|x|%3).map { x + $0 }",
                reference: { x in (0..<(abs(x) % 3)).map { x + $0 } },
                stream: { x in
                    make(Array(0..<(abs(x) % 3))).bind { { i, _ in K.just(x + i) } }
                })
        }
    }

    static func bind(_ m: StreamOf<K, Int>, _ f: @escaping (Int) -> StreamOf<K, Int>) -> StreamOf<K, Int> {
        m.bind { { value, _ in f(value) } }
    }

    static func expectCompleted<V>(_ run: Collected<V>, _ comment: @autoclosure () -> String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.ending == .completed, "\(comment())", sourceLocation: sourceLocation)
    }
}

// MARK: - Laws

extension StreamHarness {
    /// `just(a).bind(f) == f(a)`.
    static func checkLeftIdentity() {
        var rng = SplitMix64(seed: 0x1EF7)
        for index in 0..<generatedCases {
            let a = rng.int(-20...20)
            let f = randomFunction(&rng)
            let lhs = collect(bind(K.just(a), f.stream))
            let rhs = collect(f.stream(a))
            let expected = Collected(values: f.reference(a), ending: .completed)
            #expect(lhs == rhs, "case \(index): a = \(a), f = \(f.name)")
            #expect(lhs == expected, "case \(index): a = \(a), f = \(f.name)")
            // The protocol-extension `just` and `bind` on the concrete type agree with the kind's.
            let viaConcrete = collect(Concrete.just(a).bind { { value, _ in f.stream(value) } })
            #expect(viaConcrete == expected, "case \(index): a = \(a), f = \(f.name)")
        }
    }

    /// `m.bind { just($0) } == m`.
    static func checkRightIdentity() {
        var rng = SplitMix64(seed: 0x41647)
        for index in 0..<generatedCases {
            let values = rng.array()
            let m = make(values)
            let lhs = collect(m.bind { { value, _ in K.just(value) } })
            let rhs = collect(m.stream)
            #expect(lhs == rhs, "case \(index): m = \(values)")
            #expect(lhs == Collected(values: values, ending: .completed), "case \(index): m = \(values)")
        }
    }

    /// `m.bind(f).bind(g) == m.bind { f($0).bind(g) }`.
    static func checkAssociativity() {
        var rng = SplitMix64(seed: 0xA550C)
        for index in 0..<generatedCases {
            let values = rng.array()
            let f = randomFunction(&rng)
            let g = randomFunction(&rng)
            let m = make(values).stream
            let lhs = collect(bind(bind(m, f.stream), g.stream))
            let rhs = collect(bind(m) { bind(f.stream($0), g.stream) })
            let expected = Collected(values: values.flatMap(f.reference).flatMap(g.reference), ending: .completed)
            let comment = "case \(index): m = \(values), f = \(f.name), g = \(g.name)"
            #expect(lhs == rhs, "\(comment)")
            #expect(lhs == expected, "\(comment)")
        }
    }

    /// `(a ++ b) ++ c == a ++ (b ++ c)`, both equal to the concatenated arrays.
    static func checkConcatAssociativity() {
        var rng = SplitMix64(seed: 0xC0CA7)
        for index in 0..<generatedCases {
            let (x, y, z) = (rng.array(), rng.array(), rng.array())
            let (a, b, c) = (make(x), make(y), make(z))
            let lhs = collect(a.concat(b).concat(c).stream)
            let rhs = collect(a.concat(b.concat(c)).stream)
            let viaKind = collect(K.concat(K.concat(a.stream, b.stream), c.stream))
            let expected = Collected(values: x + y + z, ending: .completed)
            let comment = "case \(index): a = \(x), b = \(y), c = \(z)"
            #expect(lhs == rhs, "\(comment)")
            #expect(lhs == expected, "\(comment)")
            #expect(viaKind == expected, "\(comment)")
        }
    }

    /// `empty ++ m == m == m ++ empty`.
    static func checkConcatIdentity() {
        var rng = SplitMix64(seed: 0xE3779)
        for index in 0..<generatedCases {
            let values = rng.array()
            let m = make(values)
            let expected = Collected(values: values, ending: .completed)
            #expect(collect(Concrete.empty.concat(m).stream) == expected, "case \(index): m = \(values)")
            #expect(collect(m.concat(.empty).stream) == expected, "case \(index): m = \(values)")
            #expect(collect(K.concat(K.empty(), m.stream)) == expected, "case \(index): m = \(values)")
            #expect(collect(K.concat(m.stream, K.empty())) == expected, "case \(index): m = \(values)")
        }
        #expect(collect(Concrete.empty.concat(.empty).stream) == Collected(values: [], ending: .completed))
    }

    /// `zip` pairs the n-th values in order and stops with the shorter side, like Swift's `zip`.
    static func checkZip() {
        var rng = SplitMix64(seed: 0x21B)
        for index in 0..<generatedCases {
            let x = rng.array()
            let y = rng.array()
            let expected = Collected(values: Swift.zip(x, y).map(IntPair.init), ending: .completed)
            let viaKind = collect(K.zip(make(x).stream, make(y).stream))
            let viaProtocol = collect(make(x).zip(with: make(y)))
            let comment = "case \(index): a = \(x), b = \(y)"
            #expect(Collected(values: viaKind.values.map(IntPair.init), ending: viaKind.ending) == expected, "\(comment)")
            #expect(Collected(values: viaProtocol.values.map(IntPair.init), ending: viaProtocol.ending) == expected,
                    "\(comment)")
        }
    }
}

@Suite("StreamProtocol laws, on both kinds")
struct StreamProtocolLawTests {
    @Test("just(a).bind(f) == f(a)", arguments: KindUnderTest.allCases)
    func leftIdentity(_ kind: KindUnderTest) { kind.harness.checkLeftIdentity() }

    @Test("m.bind(just) == m", arguments: KindUnderTest.allCases)
    func rightIdentity(_ kind: KindUnderTest) { kind.harness.checkRightIdentity() }

    @Test("m.bind(f).bind(g) == m.bind { f($0).bind(g) }", .offCooperativePool, arguments: KindUnderTest.allCases)
    func associativity(_ kind: KindUnderTest) { kind.harness.checkAssociativity() }

    @Test("concat is associative", arguments: KindUnderTest.allCases)
    func concatAssociativity(_ kind: KindUnderTest) { kind.harness.checkConcatAssociativity() }

    @Test("empty is the identity of concat on both sides", arguments: KindUnderTest.allCases)
    func concatIdentity(_ kind: KindUnderTest) { kind.harness.checkConcatIdentity() }

    @Test("zip pairs in order and stops at the shorter side", arguments: KindUnderTest.allCases)
    func zipPairs(_ kind: KindUnderTest) { kind.harness.checkZip() }
}

// MARK: - Protocol-level operators against Swift's Array

/// An operator of `StreamProtocol` from Int values to Int values, with its parameters.
private enum IntOperator: CustomStringConvertible {
    case map(Int, Int)
    case filter(modulus: Int)
    case flatMap(Int)
    case flatMapKindLevel
    case takeFirst(Int)
    case skipFirst(Int)
    case takeWhile(Int)
    case skipWhile(Int)
    case scan(Int)
    case prefix(Int)
    case startWith(Int)
    case concat([Int])
    case ignoreValues
    case skipRepeats
    case skipRepeatsBy

    var description: String {
        switch self {
        case let .map(a, b): return "map { \(a) * $0 + \(b) }"
        case let .filter(modulus): return "filter { $0 % \(modulus) == 0 }"
        case let .flatMap(c): return "flatMap { $0 odd ? [] : [$0, \(c)] }"
        case .flatMapKindLevel: return "flatMap { just($0 * 2) }"
        case let .takeFirst(n): return "take(first: \(n))"
        case let .skipFirst(n): return "skip(first: \(n))"
        case let .takeWhile(t): return "take(while: { $0 < \(t) })"
        case let .skipWhile(t): return "skip(while: { $0 < \(t) })"
        case let .scan(initial): return "scan(\(initial), +)"
        case let .prefix(v): return "prefix(value: \(v))"
        case let .startWith(v): return "startWith(\(v))"
        case let .concat(next): return "concat(\(next))"
        case .ignoreValues: return "ignoreValues()"
        case .skipRepeats: return "skipRepeats()"
        case .skipRepeatsBy: return "skipRepeats { same sign }"
        }
    }

    /// What the operator does to an array.
    func reference(_ values: [Int]) -> [Int] {
        switch self {
        case let .map(a, b): return values.map { a * $0 + b }
        case let .filter(modulus): return values.filter { $0 % modulus == 0 }
        case let .flatMap(c): return values.flatMap { $0 % 2 != 0 ? [] : [$0, c] }
        case .flatMapKindLevel: return values.map { $0 * 2 }
        case let .takeFirst(n): return Array(values.prefix(n))
        case let .skipFirst(n): return Array(values.dropFirst(n))
        case let .takeWhile(t): return Array(values.prefix { $0 < t })
        case let .skipWhile(t): return Array(values.drop { $0 < t })
        case let .scan(initial):
            var partial = initial
            return values.map { partial += $0; return partial }
        case let .prefix(v), let .startWith(v): return [v] + values
        case let .concat(next): return values + next
        case .ignoreValues: return []
        case .skipRepeats, .skipRepeatsBy:
            let isEquivalent: (Int, Int) -> Bool = {
                if case .skipRepeats = self { return $0 == $1 }
                return $0.signum() == $1.signum()
            }
            // Each value is compared with the input value just before it.
            return Self.skipRepeatsReference(values, isEquivalent)
        }
    }

    /// Keeps each value that is not equivalent to the input value just before it.
    static func skipRepeatsReference(_ values: [Int], _ isEquivalent: (Int, Int) -> Bool) -> [Int] {
        values.indices.filter { $0 == 0 || !isEquivalent(values[$0 - 1], values[$0]) }.map { values[$0] }
    }

    static let names = ["map", "filter", "flatMap", "flatMapKindLevel", "takeFirst", "skipFirst",
                        "takeWhile", "skipWhile", "scan", "prefix", "startWith", "concat",
                        "ignoreValues", "skipRepeats", "skipRepeatsBy"]

    /// The operator `name` with random parameters.
    static func random(_ name: String, _ rng: inout SplitMix64) -> IntOperator {
        switch name {
        case "map": return .map(rng.int(-3...3), rng.int(-5...5))
        case "filter": return .filter(modulus: rng.int(1...4))
        case "flatMap": return .flatMap(rng.int(-5...5))
        case "flatMapKindLevel": return .flatMapKindLevel
        case "takeFirst": return .takeFirst(rng.int(0...22))
        case "skipFirst": return .skipFirst(rng.int(0...22))
        case "takeWhile": return .takeWhile(rng.int(-7...7))
        case "skipWhile": return .skipWhile(rng.int(-7...7))
        case "scan": return .scan(rng.int(-5...5))
        case "prefix": return .prefix(rng.int(-5...5))
        case "startWith": return .startWith(rng.int(-5...5))
        case "concat": return .concat(rng.array())
        case "ignoreValues": return .ignoreValues
        case "skipRepeats": return .skipRepeats
        case "skipRepeatsBy": return .skipRepeatsBy
        default: fatalError("unknown operator \(name)")
        }
    }
}

/// Applies `op` to `stream` through the `StreamProtocol` extension: inside this generic function
/// only the protocol-level operators are visible, never the concrete type's own.
///
/// Operators that keep the value type must return `S` itself; the annotations check it.
private func apply<S: StreamProtocol>(
    _ op: IntOperator, to stream: S, make: @escaping ([Int]) -> S
) -> StreamOf<S.Kind, Int> where S.Value == Int {
    switch op {
    case let .map(a, b):
        return stream.map { a * $0 + b }
    case let .filter(modulus):
        let result: S = stream.filter { $0 % modulus == 0 }
        return result.stream
    case let .flatMap(c):
        return stream.flatMap { $0 % 2 != 0 ? make([]) : make([$0, c]) }
    case .flatMapKindLevel:
        return stream.flatMap { StreamOf<S.Kind, Int>.just($0 * 2) }
    case let .takeFirst(n):
        let result: S = stream.take(first: n)
        return result.stream
    case let .skipFirst(n):
        let result: S = stream.skip(first: n)
        return result.stream
    case let .takeWhile(t):
        let result: S = stream.take(while: { $0 < t })
        return result.stream
    case let .skipWhile(t):
        let result: S = stream.skip(while: { $0 < t })
        return result.stream
    case let .scan(initial):
        return stream.scan(initial, +)
    case let .prefix(v):
        let result: S = stream.prefix(value: v)
        return result.stream
    case let .startWith(v):
        let result: S = stream.startWith(v)
        return result.stream
    case let .concat(next):
        let result: S = stream.concat(make(next))
        return result.stream
    case .ignoreValues:
        let result: S = stream.ignoreValues()
        return result.stream
    case .skipRepeats:
        let result: S = stream.skipRepeats()
        return result.stream
    case .skipRepeatsBy:
        let result: S = stream.skipRepeats { $0.signum() == $1.signum() }
        return result.stream
    }
}

/// `zip(with:)` through the protocol extension, with another value type on the other side.
private func applyZip<S: StreamProtocol, Other: StreamProtocol>(
    _ stream: S, _ other: Other
) -> StreamOf<S.Kind, (S.Value, Other.Value)> where Other.Kind == S.Kind {
    stream.zip(with: other)
}

extension StreamHarness {
    static func checkOperator(_ name: String) {
        var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: name.hashValueStable))
        for index in 0..<generatedCases {
            let values = rng.array()
            let op = IntOperator.random(name, &rng)
            let run = collect(apply(op, to: make(values), make: make))
            #expect(run == Collected(values: op.reference(values), ending: .completed),
                    "case \(index): \(values).\(op)")
        }
        // Edge cases: the empty stream and a single value.
        for values in [[], [7], [7, 7], [-1, 1]] {
            let op = IntOperator.random(name, &rng)
            let run = collect(apply(op, to: make(values), make: make))
            #expect(run == Collected(values: op.reference(values), ending: .completed), "\(values).\(op)")
        }
    }

    static func checkZipWith() {
        var rng = SplitMix64(seed: 0x21B_717)
        for index in 0..<generatedCases {
            let x = rng.array()
            let y = rng.array()
            // The other side has another value type: a kind-level stream of Strings.
            let other = make(y).map { "s\($0)" }
            let run = collect(applyZip(make(x), other))
            let expected = Swift.zip(x, y.map { "s\($0)" }).map { "\($0.0)-\($0.1)" }
            #expect(run.values.map { "\($0.0)-\($0.1)" } == expected, "case \(index): \(x) zip \(y)")
            expectCompleted(run, "case \(index): \(x) zip \(y)")
        }
    }
}

extension String {
    /// A hash that is the same in every run (`hashValue` is seeded per process).
    fileprivate var hashValueStable: UInt64 {
        utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

@Suite("StreamProtocol operators, on both kinds, against Array")
struct StreamProtocolOperatorTests {
    @Test("operator matches Array", .offCooperativePool, arguments: KindUnderTest.allCases, IntOperator.names)
    func operatorMatchesArray(_ kind: KindUnderTest, _ name: String) {
        kind.harness.checkOperator(name)
    }

    @Test("zip(with:) matches Swift.zip", arguments: KindUnderTest.allCases)
    func zipWith(_ kind: KindUnderTest) { kind.harness.checkZipWith() }
}

// MARK: - Per-run state, infinite sources, constant stack

extension StreamHarness {
    /// Stateful operators keep their state per start: two runs of the same stream agree.
    static func checkPerRunState() {
        var rng = SplitMix64(seed: 0x5747E)
        for index in 0..<generatedCases {
            let values = rng.array()
            let n = rng.int(0...4)
            let source = make(values)
            let taken = source.take(first: 2)
            let takenN = source.take(first: n)
            let scanned = source.scan(0, +)
            let skipped = source.skip(first: n)
            let deduplicated = source.skipRepeats()
            let skippingWhile = source.skip(while: { $0 < 0 })
            let interspersedPairs = source.bind {
                var previous: Int?
                return { value, _ in
                    defer { previous = value }
                    return previous.map { K.just($0 * 100 + value) } ?? K.empty()
                }
            }
            let comment = "case \(index): \(values), n = \(n)"
            for _ in 0..<2 {
                #expect(collect(taken.stream).values == Array(values.prefix(2)), "\(comment)")
                #expect(collect(takenN.stream).values == Array(values.prefix(n)), "\(comment)")
                var partial = 0
                #expect(collect(scanned).values == values.map { partial += $0; return partial }, "\(comment)")
                #expect(collect(skipped.stream).values == Array(values.dropFirst(n)), "\(comment)")
                #expect(collect(deduplicated.stream).values
                        == IntOperator.skipRepeatsReference(values, ==), "\(comment)")
                #expect(collect(skippingWhile.stream).values == Array(values.drop { $0 < 0 }), "\(comment)")
                #expect(collect(interspersedPairs).values
                        == Swift.zip(values, values.dropFirst()).map { $0 * 100 + $1 }, "\(comment)")
            }
        }
    }

    /// Building streams with the primitives and operators starts or evaluates nothing; `bind`'s
    /// `makeTransform` runs once per run (per start of a producer, once for a memoized sequence).
    static func checkCompositionIsInert() {
        let produced = TestCounter()
        let made = TestCounter()
        let source = naturals(produced: produced, safetyLimit: 6)
        let bound = source.bind {
            made.increment()
            return { value, _ in K.concat(K.just(value), K.just(-value)) }
        }
        let chain = K.zip(
            K.concat(source.filter { $0 % 2 == 0 }.map { $0 * 10 }.stream, bound),
            source.skip(first: 1).take(first: 20).scan(0, +).stream)
        _ = source.take(while: { $0 < 3 }).skipRepeats().startWith(9).ignoreValues()
        #expect(produced.value == 0, "building the streams read or started the source")
        #expect(made.value == 0, "building a bind called makeTransform")

        let expected = Swift.zip([0, 20, 40, 0, 0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5], [1, 3, 6, 10, 15])
            .map(IntPair.init)
        for round in 1...2 {
            let run = collect(chain)
            #expect(run.values.map(IntPair.init) == expected, "round \(round)")
            expectCompleted(run, "round \(round)")
            #expect(made.value == (runsAnewOnEachCollect ? round : 1), "round \(round): makeTransform calls")
        }
    }

    /// `take(first:)` and `take(while:)` end an infinite source, also when the infinite part is
    /// behind `concat`, inside `bind`, or behind `map`; `zip` with an infinite second side stops
    /// with the finite one.
    static func checkInfiniteSources() {
        let limit = 100_000
        for n in [0, 1, 2, 5, 50] {
            let produced = TestCounter()
            let run = collect(naturals(produced: produced, safetyLimit: limit).take(first: n).stream)
            #expect(run == Collected(values: Array(0..<n), ending: .completed), "take(first: \(n))")
            #expect(produced.value <= n + 1, "take(first: \(n)) made the source produce \(produced.value) values")
        }
        for n in [0, 1, 2, 5, 50] {
            let produced = TestCounter()
            let run = collect(naturals(produced: produced, safetyLimit: limit).take(while: { $0 < n }).stream)
            #expect(run == Collected(values: Array(0..<n), ending: .completed), "take(while: < \(n))")
            #expect(produced.value <= n + 2, "take(while: < \(n)) made the source produce \(produced.value) values")
        }
        for n in [1, 3, 10] {
            let produced = TestCounter()
            let source = naturals(produced: produced, safetyLimit: limit).map { $0 * 2 }
            let run = collect(source.take(first: n).stream)
            #expect(run == Collected(values: (0..<n).map { $0 * 2 }, ending: .completed), "map.take(first: \(n))")
            #expect(produced.value <= n + 1, "map.take(first: \(n)) made the source produce \(produced.value) values")
        }
        for n in [2, 3, 10] {
            let produced = TestCounter()
            let source = Concrete.just(-1).concat(naturals(produced: produced, safetyLimit: limit))
            let run = collect(source.take(first: n).stream)
            #expect(run == Collected(values: [-1] + Array(0..<(n - 1)), ending: .completed),
                    "just(-1).concat(naturals).take(first: \(n))")
            #expect(produced.value <= n, "just(-1).concat(naturals).take(first: \(n)) made the source produce \(produced.value) values")
        }
        for n in [1, 3, 10] {
            let produced = TestCounter()
            let source = Concrete.just(0).bind { { _, _ in naturals(produced: produced, safetyLimit: limit).stream } }
            let run = collect(source.take(first: n).stream)
            #expect(run == Collected(values: Array(0..<n), ending: .completed), "just(0).bind { naturals }.take(first: \(n))")
            #expect(produced.value <= n + 1,
                    "just(0).bind { naturals }.take(first: \(n)) made the inner source produce \(produced.value) values")
        }
        for count in [0, 1, 4] {
            let produced = TestCounter()
            let finite = Array(10..<(10 + count))
            let run = collect(make(finite).zip(with: naturals(produced: produced, safetyLimit: limit)))
            #expect(Collected(values: run.values.map(IntPair.init), ending: run.ending)
                    == Collected(values: Swift.zip(finite, 0...).map(IntPair.init), ending: .completed),
                    "zip(\(finite), naturals)")
            #expect(produced.value <= count + 1, "zip(\(finite), naturals) made the infinite side produce \(produced.value) values")
        }
    }

    /// bind over a million values with synchronous inner streams (half of them empty, half a
    /// single value), and concat of two streams of half a million values each.
    static func checkConstantStack() {
        // A million values in optimized builds; debug builds run some twenty times slower, and a
        // hundred thousand synchronous inner streams on a 512 KiB stack would overflow it just as
        // surely if anything recursed per value.
        #if DEBUG
        let count = 100_000
        #else
        let count = 1_000_000
        #endif
        let values = Array(0..<count)
        let evens = make(values).bind { { value, _ in value % 2 == 0 ? K.just(value) : K.empty() } }
        let run = collect(evens)
        #expect(run.values.count == count / 2)
        #expect(run.values.last == count - 2)
        #expect(run.values.elementsEqual(stride(from: 0, to: count, by: 2)))
        expectCompleted(run, "bind over \(count) values")

        let half = Array(0..<(count / 2))
        let both = collect(make(half).concat(make(half)).stream)
        #expect(both.values.count == count)
        #expect(both.values.elementsEqual(half + half))
        expectCompleted(both, "concat of two streams of \(count / 2) values")
    }
}

/// How deep the nesting tests nest. Every level is a run alive until the levels inside it have
/// ended (some 2 KiB each), so a hundred thousand levels, which would overflow the small stack
/// many times over if anything recursed per level, rather than the million of the flat tests.
private let nestingCount = 100_000

/// Runs `body` on a thread with a large stack, and waits for it: releasing a chain of nested
/// producers releases nested closures, which Swift does recursively.
private func releaseOnLargeStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 1 << 30
    thread.start()
    done.wait()
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, and waits for it.
/// Returns whether it finished within `seconds`.
// The deadline only turns a hang into a failure: under AddressSanitizer on a loaded machine a
// hundred-thousand-level run takes minutes, and these tests run off the cooperative pool, so a
// long wait holds up no other test.
private func runOnSmallStack(stackSize: Int = 512 << 10, seconds: Double = 600, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
}

@Suite("StreamProtocol runs, on both kinds")
struct StreamProtocolRunTests {
    @Test("stateful operators keep their state per run", arguments: KindUnderTest.allCases)
    func perRunState(_ kind: KindUnderTest) { kind.harness.checkPerRunState() }

    @Test("composition starts nothing; makeTransform runs once per run", arguments: KindUnderTest.allCases)
    func compositionIsInert(_ kind: KindUnderTest) { kind.harness.checkCompositionIsInert() }

    @Test("take ends an infinite source; zip stops with the finite side", arguments: KindUnderTest.allCases)
    func infiniteSources(_ kind: KindUnderTest) { kind.harness.checkInfiniteSources() }

    @Test("bind and concat over a million values run in constant stack", .offCooperativePool, arguments: KindUnderTest.allCases)
    func constantStack(_ kind: KindUnderTest) {
        let finished = runOnSmallStack { kind.harness.checkConstantStack() }
        #expect(finished, "did not finish in time")
    }
}

// MARK: - Producer primitives: errors, interruption, asynchronous sides

/// Watches a producer built from a start handler: how often it started, how many values it sent,
/// whether its run's lifetime ended.
private final class SourceProbe: @unchecked Sendable {
    let starts = TestCounter()
    let sent = TestCounter()
    let ended = TestCounter()
    /// Keeps the observer of a run that does not terminate by itself, so that it stays alive.
    let kept = TestBox<[Signal<Int, TestError>.Observer]>([])

    /// A producer sending `values`, then `end`; with `end == nil` the run stays open until
    /// disposed.
    func producer(_ values: [Int], then end: Signal<Int, TestError>.Event? = .completed) -> SignalProducer<Int, TestError> {
        SignalProducer { observer, lifetime in
            self.starts.increment()
            lifetime.observeEnded { self.ended.increment() }
            for value in values {
                if lifetime.hasEnded { return }
                self.sent.increment()
                observer.send(value: value)
            }
            if let end {
                observer.send(end)
            } else {
                self.kept.value.append(observer)
            }
        }
    }
}

/// Collects a producer's events; `wait()` returns once the terminal event arrived (from any
/// thread) or the timeout passed.
private final class AsyncCollector<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Signal<Value, TestError>.Event] = []
    private let done = DispatchSemaphore(value: 0)

    var observer: Signal<Value, TestError>.Observer {
        Signal.Observer { event in
            self.lock.withLock { self.events.append(event) }
            if event.isTerminating { self.done.signal() }
        }
    }

    func wait(seconds: Double = 10) -> Bool { done.wait(timeout: .now() + seconds) == .success }

    var values: [Value] { lock.withLock { events.compactMap(\.value) } }
    var terminals: [String] { lock.withLock { events.filter(\.isTerminating).map(\.description) } }
}

private typealias FailingProducer = SignalProducer<Int, TestError>

@Suite("SignalProducer as a StreamProtocol: errors, interruption, asynchronous sides")
struct ProducerPrimitiveTests {
    // MARK: bind

    @Test("bind: a failure of the source ends the result with that error")
    func bindSourceFailure() {
        let probe = SourceProbe()
        let result = collectProducer(probe.producer([1, 2], then: .failed(.first))
            .bind { { value, _ in FailingProducer([value, value * 10]).stream } }.producer)
        #expect(result == Collected(values: [1, 10, 2, 20], ending: .failed("first")))
        #expect(probe.ended.value == 1)
    }

    @Test("bind: a failure of an inner producer ends the result and stops the source")
    func bindInnerFailure() {
        let probe = SourceProbe()
        let result = collectProducer(probe.producer(Array(1...10))
            .bind { { value, _ in value == 3 ? FailingProducer(error: .second).stream : FailingProducer(value: value).stream } }
            .producer)
        #expect(result == Collected(values: [1, 2], ending: .failed("second")))
        #expect(probe.sent.value == 3, "the source went on after the failure")
        #expect(probe.ended.value == 1)
    }

    @Test("bind: an asynchronous inner failure ends the result")
    func bindAsyncInnerFailure() {
        let scheduler = QueueScheduler(name: "bindAsyncInnerFailure")
        let collector = AsyncCollector<Int>()
        FailingProducer([1, 2, 3]).bind {
            { value, _ in
                FailingProducer { observer, lifetime in
                    lifetime += scheduler.schedule {
                        if value == 2 { observer.send(error: .second) } else {
                            observer.send(value: value)
                            observer.sendCompleted()
                        }
                    }
                }.stream
            }
        }.producer.start(collector.observer)
        #expect(collector.wait())
        #expect(collector.values == [1])
        #expect(collector.terminals == ["FAILED second"])
    }

    @Test("bind: interruption of the source or of an inner producer interrupts the result")
    func bindInterruptions() {
        let sourceInterrupted = collectProducer(SourceProbe().producer([1], then: .interrupted)
            .bind { { value, _ in FailingProducer(value: value).stream } }.producer)
        #expect(sourceInterrupted == Collected(values: [1], ending: .interrupted))

        let innerInterrupted = collectProducer(FailingProducer([1, 2, 3])
            .bind { { value, _ in
                value == 2 ? SourceProbe().producer([20], then: .interrupted).stream : FailingProducer(value: value).stream
            } }.producer)
        #expect(innerInterrupted == Collected(values: [1, 20], ending: .interrupted))
    }

    @Test("bind: disposing the result interrupts it and ends the source and the inner run")
    func bindDisposal() {
        let source = SourceProbe()
        let inner = SourceProbe()
        let log = EventLog<Int, TestError>()
        let disposable = source.producer([1, 2], then: nil)
            .bind { { value, _ in inner.producer([value * 10], then: nil).stream } }
            .producer.start(log.observer)
        // The first inner run never completes, so the second value waits.
        #expect(log.values == [10])
        #expect(log.terminals.isEmpty)
        disposable.dispose()
        disposable.dispose()
        #expect(log.events.map(\.description) == ["VALUE 10", "INTERRUPTED"])
        #expect(source.ended.value == 1)
        #expect(inner.starts.value == 1)
        #expect(inner.ended.value == 1)
    }

    @Test("bind: asynchronous inner producers are run one after another, in order")
    func bindAsyncInnerOrder() {
        let scheduler = QueueScheduler(name: "bindAsyncInnerOrder")
        let collector = AsyncCollector<Int>()
        FailingProducer(Array(0..<50)).bind {
            { value, _ in
                FailingProducer { observer, lifetime in
                    lifetime += scheduler.schedule { observer.send(value: value) }
                    lifetime += scheduler.schedule { observer.send(value: value + 1000) }
                    lifetime += scheduler.schedule { observer.sendCompleted() }
                }.stream
            }
        }.producer.start(collector.observer)
        #expect(collector.wait())
        #expect(collector.values == (0..<50).flatMap { [$0, $0 + 1000] })
        #expect(collector.terminals == ["COMPLETED"])
    }

    // MARK: nesting

    @Test("bind recursing a hundred thousand levels deep runs in constant stack", .offCooperativePool)
    func deepBindRecursion() {
        let levels = nestingCount
        let made = TestCounter()
        // Each level binds one value to the next level, made only when that value arrives: one
        // run inside another at every level. No value crosses the levels, since a value sent n
        // levels down passes through n observers on its way out, as through n maps.
        @Sendable func countdown(_ n: Int) -> StreamOf<ProducerKind<TestError>, Int> {
            FailingProducer(value: n).bind {
                { n, _ in
                    made.increment()
                    return n == 0 ? FailingProducer.empty.stream : countdown(n - 1)
                }
            }
        }
        let finished = runOnSmallStack {
            let result = collectProducer(ProducerKind.concat(countdown(levels), FailingProducer(value: -1).stream).producer)
            #expect(result == Collected(values: [-1], ending: .completed))
            #expect(made.value == levels + 1)
        }
        #expect(finished, "did not finish in time")
    }

    @Test(
        "flatMap recursing a hundred thousand levels deep runs in constant stack, whatever the strategy",
        .offCooperativePool,
        arguments: [FlattenStrategy.concat, .merge, .latest, .race, .throttle, .concurrent(limit: 2)]
    )
    func deepFlatMapRecursion(strategy: FlattenStrategy) {
        let levels = nestingCount
        let made = TestCounter()
        // Each level flat-maps its one value to the next level, made only when that value
        // arrives: every level starts the next from inside its own start, the innermost value
        // travels out through every level, and each level's end ends the level around it.
        @Sendable func countdown(_ n: Int) -> SignalProducer<Int, Never> {
            SignalProducer(value: n).flatMap(strategy) { n -> SignalProducer<Int, Never> in
                made.increment()
                return n == 0 ? SignalProducer(value: -1) : countdown(n - 1)
            }
        }
        let finished = runOnSmallStack {
            let events = TestBox<[String]>([])
            countdown(levels).start { event in
                switch event {
                case let .value(value): events.value.append("\(value)")
                case .completed: events.value.append("completed")
                case .failed, .interrupted: events.value.append("\(event)")
                }
            }
            #expect(events.value == ["-1", "completed"])
            #expect(made.value == levels + 1)
        }
        #expect(finished, "did not finish in time")
    }

    @Test("concat nested a hundred thousand times, either way round, runs in constant stack", .offCooperativePool)
    func deepConcatNesting() {
        let links = nestingCount
        let probe = SourceProbe()
        let link = probe.producer([]).stream
        // Built in the box only: the chains are released on a large stack below, since Swift
        // releases nested closures recursively.
        let box = TestBox<[StreamOf<ProducerKind<TestError>, Int>]>([FailingProducer.empty.stream, FailingProducer.empty.stream])
        for _ in 0..<links {
            box.value[0] = ProducerKind.concat(box.value[0], link)   // each around the chain before it
            box.value[1] = ProducerKind.concat(link, box.value[1])   // each in front of the chain after it
        }
        let finished = runOnSmallStack {
            for index in 0..<2 {
                let chain = ProducerKind.concat(box.value[index], FailingProducer(value: index).stream)
                #expect(collectProducer(chain.producer) == Collected(values: [index], ending: .completed))
            }
            #expect(probe.starts.value == 2 * links)
        }
        #expect(finished, "did not finish in time")
        if finished {
            releaseOnLargeStack { box.value = [] }
        } else {
            // Still running: releasing the chains here would leave the running thread holding
            // the last reference to a hundred thousand nested runs, released recursively on its
            // small stack. The test has failed; the chains are kept.
            _ = Unmanaged.passRetained(box)
        }
    }

    @Test("an endless synchronous source bound inside nested runs, at any depth, is stopped by a take downstream")
    func endlessSourceDeepInside() {
        typealias K = ProducerKind<Never>
        // From 0 to 24 levels: past the nesting after which the engine postpones the runs it
        // starts, at every position in that window, so that the source also runs beside stages
        // the trampoline postponed.
        for levels in 0...24 {
            let produced = TestCounter()
            let naturals = ProducerHarness.naturals(produced: produced, safetyLimit: 100_000)
            var chain = naturals.bind { { value, _ in K.concat(K.just(value), K.empty()) } }.producer.take(first: 3)
            for _ in 0..<levels { chain = K.concat(K.empty(), chain.stream).producer }
            #expect(collectProducer(chain) == Collected(values: [0, 1, 2], ending: .completed), "\(levels) levels")
            #expect(produced.value <= 4, "\(levels) levels: the source ran ahead of its stages to \(produced.value) values")
        }
    }

    @Test("take(first:) stops a failing source before its failure: the result completes")
    func takeStopsBeforeFailure() {
        let probe = SourceProbe()
        let result = collectProducer(probe.producer([1, 2, 3], then: .failed(.first)).take(first: 2))
        #expect(result == Collected(values: [1, 2], ending: .completed))
        #expect(probe.sent.value == 2)
        #expect(probe.ended.value == 1)
        let failing = collectProducer(SourceProbe().producer([1, 2], then: .failed(.first)).take(first: 5))
        #expect(failing == Collected(values: [1, 2], ending: .failed("first")))
    }

    // MARK: concat

    @Test("concat: a failure of the first producer ends the result; the second never starts")
    func concatFirstFails() {
        let second = SourceProbe()
        let result = collectProducer(SourceProbe().producer([1], then: .failed(.first)).concat(second.producer([2])))
        #expect(result == Collected(values: [1], ending: .failed("first")))
        #expect(second.starts.value == 0)
    }

    @Test("concat: a failure of the second producer ends the result after the first's values")
    func concatSecondFails() {
        let result = collectProducer(FailingProducer([1, 2]).concat(SourceProbe().producer([3], then: .failed(.second))))
        #expect(result == Collected(values: [1, 2, 3], ending: .failed("second")))
    }

    @Test("concat: disposal while the first runs interrupts; the second never starts")
    func concatDisposalDuringFirst() {
        let first = SourceProbe()
        let second = SourceProbe()
        let log = EventLog<Int, TestError>()
        let disposable = first.producer([1], then: nil).concat(second.producer([2])).start(log.observer)
        disposable.dispose()
        #expect(log.events.map(\.description) == ["VALUE 1", "INTERRUPTED"])
        #expect(first.ended.value == 1)
        #expect(second.starts.value == 0)
    }

    @Test("concat: disposal while the second runs interrupts and ends the second run")
    func concatDisposalDuringSecond() {
        let second = SourceProbe()
        let log = EventLog<Int, TestError>()
        let disposable = FailingProducer([1]).concat(second.producer([2], then: nil)).start(log.observer)
        #expect(log.values == [1, 2])
        disposable.dispose()
        #expect(log.events.map(\.description) == ["VALUE 1", "VALUE 2", "INTERRUPTED"])
        #expect(second.ended.value == 1)
    }

    @Test("concat: the second producer starts only after the first, asynchronous one completed")
    func concatAsyncFirst() {
        let scheduler = QueueScheduler(name: "concatAsyncFirst")
        let second = SourceProbe()
        let collector = AsyncCollector<Int>()
        let first = FailingProducer { observer, lifetime in
            lifetime += scheduler.schedule {
                #expect(second.starts.value == 0)
                observer.send(value: 1)
                observer.sendCompleted()
            }
        }
        first.concat(second.producer([2, 3])).start(collector.observer)
        #expect(collector.wait())
        #expect(collector.values == [1, 2, 3])
        #expect(collector.terminals == ["COMPLETED"])
    }

    // MARK: zip

    @Test("zip: a failure of either side ends the result with that error")
    func zipFailures() {
        let firstFails = collectProducer(SourceProbe().producer([1, 2], then: .failed(.first))
            .zip(with: FailingProducer([10, 20, 30])).producer)
        #expect(firstFails.values.map(IntPair.init) == [])
        #expect(firstFails.ending == .failed("first"))

        let secondFails = collectProducer(FailingProducer([1, 2, 3])
            .zip(with: SourceProbe().producer([10, 20], then: .failed(.second))).producer)
        #expect(secondFails.values.map(IntPair.init) == [IntPair((1, 10)), IntPair((2, 20))])
        #expect(secondFails.ending == .failed("second"))
    }

    @Test("zip: an empty side completes the result at once")
    func zipEmptySide() {
        let second = SourceProbe()
        let emptyFirst = collectProducer(FailingProducer.empty.zip(with: second.producer([1, 2])).producer)
        #expect(emptyFirst.values.isEmpty)
        #expect(emptyFirst.ending == .completed)
        let emptySecond = collectProducer(FailingProducer([1, 2]).zip(with: FailingProducer.empty).producer)
        #expect(emptySecond.values.isEmpty)
        #expect(emptySecond.ending == .completed)
    }

    @Test("zip: disposal interrupts the result and ends both runs")
    func zipDisposal() {
        let first = SourceProbe()
        let second = SourceProbe()
        let log = EventLog<(Int, Int), TestError>()
        let disposable = first.producer([1, 2], then: nil).zip(with: second.producer([10], then: nil))
            .producer.start(log.observer)
        #expect(log.values.map(IntPair.init) == [IntPair((1, 10))])
        disposable.dispose()
        #expect(log.terminals.map(\.description) == ["INTERRUPTED"])
        #expect(first.ended.value == 1)
        #expect(second.ended.value == 1)
    }

    @Test("zip with an asynchronous side pairs in order and stops with the shorter side")
    func zipAsync() {
        var rng = SplitMix64(seed: 0xA5C)
        for index in 0..<30 {
            let x = rng.array(maxLength: 30)
            let y = rng.array(maxLength: 30)
            let scheduler = QueueScheduler(name: "zipAsync.\(index)")
            let asyncProbe = TestCounter()
            let asyncSide = FailingProducer { observer, lifetime in
                lifetime.observeEnded { asyncProbe.increment() }
                for value in y { lifetime += scheduler.schedule { observer.send(value: value) } }
                lifetime += scheduler.schedule { observer.sendCompleted() }
            }
            // The asynchronous side first, then second; and both asynchronous.
            let otherScheduler = QueueScheduler(name: "zipAsync.other.\(index)")
            let otherAsync = FailingProducer { observer, lifetime in
                for value in x { lifetime += otherScheduler.schedule { observer.send(value: value) } }
                lifetime += otherScheduler.schedule { observer.sendCompleted() }
            }
            let expected = Swift.zip(x, y).map(IntPair.init)
            for (name, producer) in [("sync zip async", FailingProducer(x).zip(with: asyncSide).producer),
                                     ("async zip sync", asyncSide.zip(with: FailingProducer(x)).producer
                                        .map { ($0.1, $0.0) }.producer),
                                     ("async zip async", otherAsync.zip(with: asyncSide).producer)] {
                let collector = AsyncCollector<(Int, Int)>()
                producer.start(collector.observer)
                #expect(collector.wait(), "case \(index) \(name): no terminal event")
                #expect(collector.values.map(IntPair.init) == expected, "case \(index) \(name): \(x) zip \(y)")
                #expect(collector.terminals == ["COMPLETED"], "case \(index) \(name)")
            }
            #expect(waitUntil(seconds: 10) { asyncProbe.value == 3 }, "case \(index): the asynchronous side was not ended")
        }
    }
}
