// W1...W10, each on Streams, on OpenCombine and, where one makes sense, on plain Swift.
// Every run returns a checksum; the expected checksum is computed by a plain loop, never typed in,
// so each library is seen to compute the same result as the reference.

import OpenCombine
import Streams

/// Hides a value from the optimizer, so a closure passed through it is called, not inlined.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// A counter an observer closure can add to without a captured `var` per closure.
final class Sum {
    var value = 0
}

extension Workload {
    /// Every workload, in plan order.
    public static let all: [Workload] = [
        mapFilterReduce, hotSend, fanOut, flatMapMerge, combineLatest,
        subscribeDispose, property, deepRepeat, pullSequence, observerChurn,
        asyncValues, busPost, ownerBound, timing, hop,
    ]

    /// The workload with the given id (`W1`...).
    public static func named(_ id: String) -> Workload? {
        all.first { $0.id == id }
    }
}

// MARK: - W1 map-filter-reduce

private let w1Count = 1_000_000

/// The reference: the sum of the even numbers among 1...n.
private func w1Reference(_ n: Int) -> Int {
    var sum = 0
    for i in 0..<n where (i &+ 1) % 2 == 0 { sum &+= i &+ 1 }
    return sum
}

@inline(never)
private func loopThroughClosures(
    _ n: Int, _ transform: (Int) -> Int, _ isIncluded: (Int) -> Bool, _ combine: (Int, Int) -> Int
) -> Int {
    var sum = 0
    for i in 0..<n {
        let value = transform(i)
        if isIncluded(value) { sum = combine(sum, value) }
    }
    return sum
}

extension Workload {
    static let mapFilterReduce: Workload = {
        let expected = w1Reference(w1Count)
        return Workload(
            id: "W1", name: "map-filter-reduce", unit: "source element",
            summary: "a cold source of 0..<1,000,000 → map → filter → reduce to the sum",
            variants: [
                Variant(contender: .streams, size: nil, events: w1Count, expected: expected, run: { _ in
                    var result = 0
                    SignalProducer<Int, Never>(0..<w1Count)
                        .map { $0 &+ 1 }
                        .filter { $0 % 2 == 0 }
                        .reduce(0, &+)
                        .startWithValues { result = $0 }
                    return result
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: w1Count, expected: expected, run: { _ in
                    var result = 0
                    let cancellable = (0..<w1Count).publisher
                        .map { $0 &+ 1 }
                        .filter { $0 % 2 == 0 }
                        .reduce(0, &+)
                        .sink { result = $0 }
                    keep(cancellable)
                    return result
                }, repetitions: 15),
                Variant(contender: .baseline, size: nil, events: w1Count, expected: expected, run: { _ in
                    var sum = 0
                    for i in 0..<opaque(w1Count) {
                        let value = i &+ 1
                        if value % 2 == 0 { sum &+= value }
                    }
                    return sum
                }, repetitions: 15),
                Variant(contender: .baselineClosures, size: nil, events: w1Count, expected: expected, run: { _ in
                    loopThroughClosures(
                        w1Count, opaque({ $0 &+ 1 }), opaque({ $0 % 2 == 0 }), opaque({ $0 &+ $1 })
                    )
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W2 hot-send

private let w2Sends = 1_000_000

extension Workload {
    static let hotSend: Workload = {
        var reference = 0
        for i in 0..<w2Sends { reference &+= i &+ 1 }
        let expected = reference
        return Workload(
            id: "W2", name: "hot-send", unit: "send",
            summary: "one hot source → map → one observer summing; 1,000,000 sends",
            variants: [
                Variant(contender: .streams, size: nil, events: w2Sends, expected: expected, run: { _ in
                    let sum = Sum()
                    let (signal, input) = Signal<Int, Never>.pipe()
                    signal.map { $0 &+ 1 }.observeValues { sum.value &+= $0 }
                    for i in 0..<w2Sends { input.send(value: i) }
                    input.sendCompleted()
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: w2Sends, expected: expected, run: { _ in
                    let sum = Sum()
                    let subject = PassthroughSubject<Int, Never>()
                    let cancellable = subject.map { $0 &+ 1 }.sink { sum.value &+= $0 }
                    for i in 0..<w2Sends { subject.send(i) }
                    subject.send(completion: .finished)
                    keep(cancellable)
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .baseline, size: nil, events: w2Sends, expected: expected, run: { _ in
                    let sum = Sum()
                    let transform: (Int) -> Int = opaque { $0 &+ 1 }
                    let observers: [(Int) -> Void] = opaque([{ sum.value &+= $0 }])
                    for i in 0..<w2Sends {
                        let value = transform(i)
                        for observer in observers { observer(value) }
                    }
                    return sum.value
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W3 fan-out

private let w3Sends = 100_000
private let w3Observers = 100

extension Workload {
    static let fanOut: Workload = {
        var reference = 0
        for i in 0..<w3Sends { reference &+= i }
        let expected = reference &* w3Observers
        let events = w3Sends * w3Observers
        return Workload(
            id: "W3", name: "fan-out", unit: "delivery (send × observer)",
            summary: "one hot source, 100 observers each summing; 100,000 sends",
            variants: [
                Variant(contender: .streams, size: nil, events: events, expected: expected, run: { _ in
                    let sums = (0..<w3Observers).map { _ in Sum() }
                    let (signal, input) = Signal<Int, Never>.pipe()
                    for sum in sums { signal.observeValues { sum.value &+= $0 } }
                    for i in 0..<w3Sends { input.send(value: i) }
                    input.sendCompleted()
                    return total(sums)
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: events, expected: expected, run: { _ in
                    let sums = (0..<w3Observers).map { _ in Sum() }
                    let subject = PassthroughSubject<Int, Never>()
                    let cancellables = sums.map { sum in subject.sink { sum.value &+= $0 } }
                    for i in 0..<w3Sends { subject.send(i) }
                    subject.send(completion: .finished)
                    keep(cancellables)
                    return total(sums)
                }, repetitions: 15),
                Variant(contender: .baseline, size: nil, events: events, expected: expected, run: { _ in
                    let sums = (0..<w3Observers).map { _ in Sum() }
                    let observers: [(Int) -> Void] = opaque(sums.map { sum in { sum.value &+= $0 } })
                    for i in 0..<w3Sends {
                        for observer in observers { observer(i) }
                    }
                    return total(sums)
                }, repetitions: 15),
            ]
        )
    }()
}

/// Each observer sums into its own counter; the checksum adds them up.
private func total(_ sums: [Sum]) -> Int { sums.reduce(0) { $0 &+ $1.value } }

// MARK: - W4 flatmap-merge

private let w4Outer = 1_000
private let w4Inner = 1_000

extension Workload {
    static let flatMapMerge: Workload = {
        var reference = 0
        for _ in 0..<w4Outer { for j in 0..<w4Inner { reference &+= j } }
        let expected = reference
        let events = w4Outer * w4Inner
        return Workload(
            id: "W4", name: "flatmap-merge", unit: "inner value",
            summary: "1,000 outer values, each flat-mapped (merge) to a cold source of 1,000 Ints; sum all",
            variants: [
                Variant(contender: .streams, size: nil, events: events, expected: expected, run: { _ in
                    let sum = Sum()
                    SignalProducer<Int, Never>(0..<w4Outer)
                        .flatMap(.merge) { _ in SignalProducer<Int, Never>(0..<w4Inner) }
                        .startWithValues { sum.value &+= $0 }
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: events, expected: expected, run: { _ in
                    let sum = Sum()
                    let cancellable = (0..<w4Outer).publisher
                        .flatMap { _ in (0..<w4Inner).publisher }
                        .sink { sum.value &+= $0 }
                    keep(cancellable)
                    return sum.value
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W5 combine-latest

private let w5Sends = 500_000

extension Workload {
    static let combineLatest: Workload = {
        // Even i goes to the first source, odd i to the second; a + b is summed once both have sent.
        var reference = 0
        var latest: (a: Int?, b: Int?) = (nil, nil)
        for i in 0..<w5Sends {
            if i % 2 == 0 { latest.a = i } else { latest.b = i }
            if let a = latest.a, let b = latest.b { reference &+= a &+ b }
        }
        let expected = reference
        return Workload(
            id: "W5", name: "combine-latest", unit: "send",
            summary: "two hot sources combined with combineLatest, one observer summing a + b; 500,000 sends",
            variants: [
                Variant(contender: .streams, size: nil, events: w5Sends, expected: expected, run: { _ in
                    let sum = Sum()
                    let (a, aInput) = Signal<Int, Never>.pipe()
                    let (b, bInput) = Signal<Int, Never>.pipe()
                    Signal.combineLatest(a, b).observeValues { sum.value &+= $0 &+ $1 }
                    for i in 0..<w5Sends {
                        if i % 2 == 0 { aInput.send(value: i) } else { bInput.send(value: i) }
                    }
                    aInput.sendCompleted()
                    bInput.sendCompleted()
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: w5Sends, expected: expected, run: { _ in
                    let sum = Sum()
                    let a = PassthroughSubject<Int, Never>()
                    let b = PassthroughSubject<Int, Never>()
                    // OpenCombine 0.14 has no combineLatest (nor merge): the same is built from its
                    // flatMap (which merges) and scan, as a user of the library would write it.
                    typealias Latest = (first: Int?, second: Int?)
                    let updates: [Publishers.Map<PassthroughSubject<Int, Never>, Latest>] = [
                        a.map { value -> Latest in (value, nil) },
                        b.map { value -> Latest in (nil, value) },
                    ]
                    let latest = updates.publisher
                        .flatMap { $0 }
                        .scan(Latest(nil, nil)) { latest, update -> Latest in
                            (update.first ?? latest.first, update.second ?? latest.second)
                        }
                    let cancellable = latest
                        .compactMap { latest -> Int? in
                            guard let first = latest.first, let second = latest.second else { return nil }
                            return first &+ second
                        }
                        .sink { sum.value &+= $0 }
                    for i in 0..<w5Sends {
                        if i % 2 == 0 { a.send(i) } else { b.send(i) }
                    }
                    a.send(completion: .finished)
                    b.send(completion: .finished)
                    keep(cancellable)
                    return sum.value
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W6 subscribe-dispose

private let w6Subscriptions = 100_000

extension Workload {
    static let subscribeDispose: Workload = {
        let expected = 2 * w6Subscriptions
        return Workload(
            id: "W6", name: "subscribe-dispose", unit: "subscription",
            summary: "100,000 times: a cold producer of one value with a map, started, then disposed",
            variants: [
                Variant(contender: .streams, size: nil, events: w6Subscriptions, expected: expected, run: { _ in
                    let sum = Sum()
                    let producer = SignalProducer<Int, Never>(value: 1).map { $0 &+ 1 }
                    for _ in 0..<w6Subscriptions {
                        producer.startWithValues { sum.value &+= $0 }.dispose()
                    }
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: w6Subscriptions, expected: expected, run: { _ in
                    let sum = Sum()
                    let publisher = Just(1).map { $0 &+ 1 }
                    for _ in 0..<w6Subscriptions {
                        publisher.sink { sum.value &+= $0 }.cancel()
                    }
                    return sum.value
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W7 property

private let w7Sets = 1_000_000

extension Workload {
    static let property: Workload = {
        // The observer sees the initial 0, then every value set.
        var reference = 0
        for i in 1...w7Sets { reference &+= i }
        let expected = reference
        return Workload(
            id: "W7", name: "property", unit: "set",
            summary: "a mutable property with one observer; 1,000,000 sets",
            variants: [
                Variant(contender: .streams, size: nil, events: w7Sets, expected: expected, run: { _ in
                    let sum = Sum()
                    let property = MutableProperty(0)
                    property.producer.startWithValues { sum.value &+= $0 }
                    for i in 1...w7Sets { property.value = i }
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .openCombine, size: nil, events: w7Sets, expected: expected, run: { _ in
                    let sum = Sum()
                    let subject = CurrentValueSubject<Int, Never>(0)
                    let cancellable = subject.sink { sum.value &+= $0 }
                    for i in 1...w7Sets { subject.value = i }
                    keep(cancellable)
                    return sum.value
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W8 deep-repeat

private let w8Repetitions = 100_000
private let w8DeepRepetitions = 1_000_000

extension Workload {
    static let deepRepeat: Workload = {
        func streams(_ count: Int) -> @Sendable (Stopwatch) -> Int {
            { _ in
                let sum = Sum()
                SignalProducer<Int, Never>(value: 1).repeat(count).startWithValues { sum.value &+= $0 }
                return sum.value
            }
        }
        return Workload(
            id: "W8", name: "deep-repeat", unit: "repetition",
            summary: "a cold producer of one value repeated 100,000 times (and once 1,000,000 times)",
            variants: [
                Variant(contender: .streams, size: nil, events: w8Repetitions, expected: w8Repetitions,
                        run: streams(w8Repetitions), repetitions: 15),
                // OpenCombine has no `repeat`; its idiom is a one-at-a-time flatMap over the count.
                Variant(contender: .openCombine, size: nil, events: w8Repetitions, expected: w8Repetitions, run: { _ in
                    let sum = Sum()
                    let cancellable = (0..<w8Repetitions).publisher
                        .flatMap(maxPublishers: .max(1)) { _ in Just(1) }
                        .sink { sum.value &+= $0 }
                    keep(cancellable)
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .streams, size: "1M repetitions", events: w8DeepRepetitions,
                        expected: w8DeepRepetitions, run: streams(w8DeepRepetitions), repetitions: 5),
            ]
        )
    }()
}

// MARK: - W9 pull-sequence

private let w9Count = 1_000_000

extension Workload {
    static let pullSequence: Workload = {
        let expected = w1Reference(w9Count)
        return Workload(
            id: "W9", name: "pull-sequence", unit: "element",
            summary: "MemoizedSequence over 0..<1,000,000 → map → filter → sum by iteration, against `lazy` and a loop calling the closures",
            variants: [
                Variant(contender: .streams, size: nil, events: w9Count, expected: expected, run: { _ in
                    var sum = 0
                    for value in MemoizedSequence(0..<w9Count).map({ $0 &+ 1 }).filter({ $0 % 2 == 0 }) {
                        sum &+= value
                    }
                    return sum
                }, repetitions: 15),
                // The sequence kept in a variable and iterated twice: the first pass computes and
                // memoizes the values, the second reads them back.
                Variant(contender: .streams, size: "shared", events: 2 * w9Count, expected: 2 &* expected, run: { _ in
                    let sequence = MemoizedSequence(0..<w9Count).map({ $0 &+ 1 }).filter({ $0 % 2 == 0 })
                    var sum = 0
                    for value in sequence { sum &+= value }
                    for value in sequence { sum &+= value }
                    return sum
                }, repetitions: 15),
                // OpenCombine has no pull-driven sequence; its sequence publisher does the same work.
                Variant(contender: .openCombine, size: nil, events: w9Count, expected: expected, run: { _ in
                    var result = 0
                    let cancellable = (0..<w9Count).publisher
                        .map { $0 &+ 1 }
                        .filter { $0 % 2 == 0 }
                        .reduce(0, &+)
                        .sink { result = $0 }
                    keep(cancellable)
                    return result
                }, repetitions: 15),
                // The loop a synchronous chain is held to: the same closures, called through
                // parameters the optimizer cannot see into (W1's).
                Variant(contender: .baselineClosures, size: nil, events: w9Count, expected: expected, run: { _ in
                    loopThroughClosures(
                        w9Count, opaque({ $0 &+ 1 }), opaque({ $0 % 2 == 0 }), opaque({ $0 &+ $1 })
                    )
                }, repetitions: 15),
                Variant(contender: .lazy, size: nil, events: w9Count, expected: expected, run: { _ in
                    var sum = 0
                    for value in (0..<opaque(w9Count)).lazy.map({ $0 &+ 1 }).filter({ $0 % 2 == 0 }) {
                        sum &+= value
                    }
                    return sum
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W10 observer-churn

private let w10Churns = 100_000
private let w10Sends = 1_000

extension Workload {
    static let observerChurn: Workload = {
        // Set-up (adding the observers) and the closing sends, which check that every observer is
        // still attached exactly once, are outside the measured part: it times add + remove only.
        func streams(observers: Int) -> @Sendable (Stopwatch) -> Int {
            { stopwatch in
                let sum = Sum()
                let (signal, input) = Signal<Int, Never>.pipe()
                var disposables = (0..<observers).map { _ in signal.observeValues { sum.value &+= $0 } }
                stopwatch.start()
                for _ in 0..<w10Churns {
                    disposables[observers / 2]?.dispose()
                    disposables[observers / 2] = signal.observeValues { sum.value &+= $0 }
                }
                stopwatch.stop()
                for _ in 0..<w10Sends { input.send(value: 1) }
                input.sendCompleted()
                return sum.value
            }
        }
        func openCombine(observers: Int) -> @Sendable (Stopwatch) -> Int {
            { stopwatch in
                let sum = Sum()
                let subject = PassthroughSubject<Int, Never>()
                var cancellables = (0..<observers).map { _ in subject.sink { sum.value &+= $0 } }
                stopwatch.start()
                for _ in 0..<w10Churns {
                    cancellables[observers / 2].cancel()
                    cancellables[observers / 2] = subject.sink { sum.value &+= $0 }
                }
                stopwatch.stop()
                for _ in 0..<w10Sends { subject.send(1) }
                subject.send(completion: .finished)
                keep(cancellables)
                return sum.value
            }
        }
        func variant(_ contender: Contender, _ observers: Int, _ size: String?, _ repetitions: Int) -> Variant {
            Variant(
                contender: contender, size: size, events: w10Churns, expected: observers * w10Sends,
                run: contender == .streams ? streams(observers: observers) : openCombine(observers: observers),
                repetitions: repetitions
            )
        }
        return Workload(
            id: "W10", name: "observer-churn", unit: "add + remove",
            summary: "a hot source with 10,000 observers; remove and re-add one 100,000 times, then 1,000 sends",
            variants: [
                variant(.streams, 10_000, nil, 15),
                variant(.openCombine, 10_000, nil, 5),
                variant(.streams, 1_000, "1k observers", 15),
                variant(.streams, 100_000, "100k observers", 5),
                variant(.openCombine, 1_000, "1k observers", 5),
            ]
        )
    }()
}
