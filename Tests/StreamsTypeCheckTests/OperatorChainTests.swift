import Streams
import Testing

// Chains of common operators written the way users write them: trailing closures, anonymous
// arguments, overloaded arithmetic. This target is compiled with
// `-warn-long-expression-type-checking` and warnings as errors (Package.swift), so a change
// that makes any of these expressions slow to type-check fails the build.

@Suite("Operator chains type-check quickly")
struct OperatorChainTests {
    @Test("six operators on a Signal")
    func signalChain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let chained = signal.map { $0 &* 3 }.filter { $0 % 2 == 0 }.scan(0) { $0 &+ $1 }.skipRepeats().map { $0 &+ 1 }.take(first: 3)
        var seen: [Int] = []
        chained.observeValues { seen.append($0) }
        for value in 1...6 { input.send(value: value) }
        // 6, 12, 18 pass the filter; running sums 6, 18, 36; plus one.
        #expect(seen == [7, 19, 37])
    }

    @Test("the chain of the report, and a compactMap chain, on a Signal")
    func signalChains() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let sums = signal.map { $0 &* 3 }.filter { $0 % 2 == 0 }.scan(0) { $0 &+ $1 }
        let pairs = signal.compactMap { $0 > 0 ? $0 : nil }.map { $0 &* 2 }.filter { $0 > 4 }.scan(0) { $0 &+ $1 }.skipRepeats().combinePrevious(0)
        var sumValues: [Int] = []
        var pairValues: [(Int, Int)] = []
        sums.observeValues { sumValues.append($0) }
        pairs.observeValues { pairValues.append($0) }
        for value in [-1, 1, 2, 3, 4] { input.send(value: value) }
        #expect(sumValues == [6, 18])
        #expect(pairValues.map { $0.0 } == [0, 6])
        #expect(pairValues.map { $0.1 } == [6, 14])
    }

    @Test("six operators on a SignalProducer")
    func producerChain() {
        let chained = SignalProducer<Int, Never>(1...6).map { $0 &* 3 }.filter { $0 % 2 == 0 }.scan(0) { $0 &+ $1 }.skipRepeats().map { $0 &+ 1 }.take(first: 2)
        var seen: [Int] = []
        chained.startWithValues { seen.append($0) }
        #expect(seen == [7, 19])
    }

    @Test("six maps on a SignalProducer, with a string in the middle")
    func producerMaps() {
        let chained = SignalProducer<Int, Never>(value: 2).map { $0 &* 3 }.map { $0 &+ 1 }.map { "\($0)" }.map { $0.count }.map { $0 &* 10 }.map { $0 &- 1 }
        var seen: [Int] = []
        chained.startWithValues { seen.append($0) }
        #expect(seen == [9])
    }

    @Test("six operators on a Property")
    func propertyChain() {
        let source = MutableProperty(2)
        let chained = source.map { $0 &* 3 }.map { $0 &+ 1 }.skipRepeats().map { "\($0)" }.map { $0.count }.combineLatest(with: source)
        #expect(chained.value == (1, 2))
        source.value = 4
        #expect(chained.value == (2, 4))
    }

    // Arithmetic on `Double` with literals, as users write it. Each closure's operators are
    // overloaded for every numeric type; these chains keep their cost low (tens of
    // milliseconds). A chain with literal arithmetic in several closures of one expression, as
    // `map { Double($0) * 1.5 }.filter { $0 > 2 }.map { $0 / 2 }`, takes Swift 6.3 seconds
    // to type-check on any type, `Array` included, and is not guarded here.

    @Test("a Double chain on a Signal")
    func signalDoubleChain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let chained = signal.map { Double($0) * 1.5 }.filter { $0 > 2 }.map { $0.rounded() }.skipRepeats().take(first: 3).map { Int($0) }
        var seen: [Int] = []
        chained.observeValues { seen.append($0) }
        for value in 1...6 { input.send(value: value) }
        // 1.5 is filtered out; 3, 4.5, 6, 7.5 and 9 round to 3, 5, 6, 8 and 9.
        #expect(seen == [3, 5, 6])
    }

    @Test("a Double chain on a SignalProducer")
    func producerDoubleChain() {
        let chained = SignalProducer<Int, Never>(1...6).map { Double($0) * 1.5 }.filter { $0 > 2 }.map { $0.rounded() }.skipRepeats().take(first: 3).map { Int($0) }
        var seen: [Int] = []
        chained.startWithValues { seen.append($0) }
        #expect(seen == [3, 5, 6])
    }

    @Test("a Double chain on a Property")
    func propertyDoubleChain() {
        let source = MutableProperty(2)
        let chained = source.map { Double($0) * 1.5 }.map { $0.rounded() }.skipRepeats().map { Int($0) }.combineLatest(with: source)
        #expect(chained.value == (3, 2))
        source.value = 5
        #expect(chained.value == (8, 5))
    }

    /// `combineLatest(with:)` on a producer takes a producer, a signal, a property, an
    /// existential property and an implicit member, as in ReactiveSwift.
    @Test("combineLatest(with:) on a producer, with every kind of argument, in Double chains")
    func producerCombineLatestArguments() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = MutableProperty(4)
        let existential: any PropertyProtocol<Int> = property
        var sums: [Double] = []
        SignalProducer<Int, Never>(value: 2).map { Double($0) * 1.5 }.combineLatest(with: signal.map { Double($0) / 2 }).map { $0 + $1 }.startWithValues { sums.append($0) }
        input.send(value: 4)
        #expect(sums == [5])

        var pairs: [Double] = []
        SignalProducer<Int, Never>(value: 2).map { Double($0) * 1.5 }.combineLatest(with: property).map { $0 + Double($1) }.startWithValues { pairs.append($0) }
        SignalProducer<Int, Never>(value: 1).combineLatest(with: existential).startWithValues { pairs.append(Double($0 &+ $1)) }
        SignalProducer<Int, Never>(value: 1).combineLatest(with: SignalProducer(value: 2)).startWithValues { pairs.append(Double($0 &+ $1)) }
        #expect(pairs == [7, 5, 3])

        var none = 0
        let empty: SignalProducer<(Int, String), Never> = SignalProducer<Int, Never>(value: 1).combineLatest(with: .empty)
        empty.startWithValues { _ in none &+= 1 }
        #expect(none == 0)
    }

    /// Static calls written on the bare generic types, as ReactiveSwift code writes them: they
    /// compile only while these types' `Sendable` conformance is unconditional (see
    /// DesignGuidelines, "Threads and Sendable").
    @Test("static combining calls on the bare types infer their generic arguments")
    func staticCallsOnBareTypes() {
        let numbers = SignalProducer<Int, Never>([1, 2])
        var merged: [Int] = []
        SignalProducer.merge(numbers, numbers).startWithValues { merged.append($0) }
        #expect(merged == [1, 2, 1, 2])

        let (signal, input) = Signal<Int, Never>.pipe()
        var pairs: [Int] = []
        Signal.combineLatest(signal, signal).observeValues { pairs.append($0.0 &+ $0.1) }
        input.send(value: 3)
        #expect(pairs == [6])

        let left = MutableProperty(1)
        let right = MutableProperty("a")
        let both = Property.combineLatest(left, right)
        let zipped = Property.zip(left, right)
        left.value = 2
        #expect(both.value == (2, "a"))
        #expect(zipped.value == (1, "a"))
    }
}
