import Testing
@testable import Streams

/// A trailing closure always means `map(_:)`, never `map(value:)` with a closure as the constant.
@Suite("map overloads")
struct MapOverloadTests {
    @Test("a trailing closure on Signal resolves to map(_:)")
    func signalTrailingClosure() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { "\($0)" }
        // The static type is a signal of strings, not of closures.
        let typed: Signal<String, Never> = mapped
        var seen: [String] = []
        typed.observeValues { seen.append($0) }
        input.send(value: 4)
        #expect(seen == ["4"])
        #expect(type(of: mapped) == Signal<String, Never>.self)
    }

    @Test("a trailing closure on SignalProducer resolves to map(_:)")
    func producerTrailingClosure() {
        let mapped = SignalProducer<Int, Never>([1, 2]).map { "\($0)" }
        #expect(type(of: mapped) == SignalProducer<String, Never>.self)
        var seen: [String] = []
        mapped.startWithValues { seen.append($0) }
        #expect(seen == ["1", "2"])
    }

    @Test("a trailing closure on Property resolves to map(_:)")
    func propertyTrailingClosure() {
        let source = MutableProperty(3)
        let mapped = source.map { "\($0)" }
        #expect(type(of: mapped) == Property<String>.self)
        #expect(mapped.value == "3")
    }

    @Test("map(value:) still maps every value to the constant")
    func constantForm() {
        var seen: [String] = []
        SignalProducer<Int, Never>([1, 2]).map(value: "x").startWithValues { seen.append($0) }
        #expect(seen == ["x", "x"])
        let (signal, input) = Signal<Int, Never>.pipe()
        var fromSignal: [Int] = []
        signal.map(value: 7).observeValues { fromSignal.append($0) }
        input.send(value: 1)
        #expect(fromSignal == [7])
        #expect(MutableProperty(1).map(value: true).value)
    }
}
