import Foundation
import Testing
@testable import Streams

/// A user type with a bindable property, reached through `.reactive` as a UI toolkit's would be.
private final class Label: ReactiveExtensionsProvider {
    var text = ""
    var writes = 0
    let lifetime: Lifetime
    private let token: Lifetime.Token

    init() {
        (lifetime, token) = Lifetime.make()
    }
}

extension Reactive where Base == Label {
    /// Writes the label's text through a key path.
    fileprivate var text: BindingTarget<String> {
        BindingTarget(lifetime: base.lifetime, object: base, keyPath: \.text)
    }

    /// Counts the values it receives, through an action.
    fileprivate var writes: BindingTarget<String> {
        let base = self.base
        return BindingTarget(lifetime: base.lifetime) { [weak base] _ in base?.writes += 1 }
    }
}

@Suite("Bindings: <~")
struct BindingTests {
    @Test("a signal bound to a mutable property sets it with each value until the binding is disposed")
    func signalIntoProperty() {
        let property = MutableProperty(0)
        let (signal, input) = Signal<Int, Never>.pipe()
        let binding = property <~ signal
        #expect(binding != nil)
        input.send(value: 1)
        input.send(value: 2)
        #expect(property.value == 2)
        binding?.dispose()
        input.send(value: 3)
        #expect(property.value == 2, "a disposed binding sets nothing")
        #expect(signal.core.observerCount == 0, "disposing the binding stops observing the source")
        input.sendCompleted()
    }

    @Test("a producer bound to a property is started once and sets every value")
    func producerIntoProperty() {
        let starts = TestCounter()
        let property = MutableProperty(0)
        var seen: [Int] = []
        property.signal.observeValues { seen.append($0) }
        property <~ SignalProducer<Int, Never>([1, 2, 3]).on(starting: { starts.increment() })
        #expect(starts.value == 1)
        #expect(seen == [1, 2, 3])
        #expect(property.value == 3)
    }

    @Test("a property bound to a property takes its current value, then follows it")
    func propertyIntoProperty() {
        let source = MutableProperty("a")
        let target = MutableProperty("")
        target <~ source
        #expect(target.value == "a")
        source.value = "b"
        #expect(target.value == "b")
        // A composed property is a binding source too.
        let length = MutableProperty(0)
        length <~ source.map(\.count)
        source.value = "four"
        #expect(length.value == 4)
    }

    @Test("a source of values binds to a target of optionals")
    func intoOptionalTarget() {
        let target = MutableProperty<Int?>(nil)
        let (signal, input) = Signal<Int, Never>.pipe()
        target <~ signal
        input.send(value: 7)
        #expect(target.value == 7)
        input.sendCompleted()
    }

    @Test("a user type's target reached through .reactive receives every value")
    func reactiveTarget() {
        let label = Label()
        let (signal, input) = Signal<String, Never>.pipe()
        label.reactive.text <~ signal
        label.reactive.writes <~ signal
        input.send(value: "Hello")
        input.send(value: "World")
        #expect(label.text == "World")
        #expect(label.writes == 2)
        input.sendCompleted()
    }

    @Test("a binding ends when the target is deinitialized: the source is no longer observed")
    func endsWithTarget() {
        let (signal, input) = Signal<String, Never>.pipe()
        weak var weakLabel: Label?
        do {
            let label = Label()
            weakLabel = label
            label.reactive.text <~ signal
            input.send(value: "bound")
            #expect(label.text == "bound")
            #expect(signal.core.observerCount == 1)
        }
        #expect(weakLabel == nil, "a binding does not keep its target alive")
        #expect(signal.core.observerCount == 0, "the binding ended with the target's lifetime")
        input.send(value: "after")
        input.sendCompleted()
    }

    @Test("binding to a target whose lifetime has ended does nothing and returns nil")
    func endedTarget() {
        let lifetime: Lifetime
        do {
            let (made, token) = Lifetime.make()
            lifetime = made
            withExtendedLifetime(token) {}
        }
        #expect(lifetime.hasEnded)
        var received: [Int] = []
        let target = BindingTarget<Int>(lifetime: lifetime) { received.append($0) }
        let starts = TestCounter()
        let binding = target <~ SignalProducer<Int, Never>(value: 1).on(starting: { starts.increment() })
        #expect(binding == nil)
        #expect(starts.value == 0, "the source is not even started")
        #expect(received.isEmpty)
    }

    @Test("a binding ends when its source completes, and is then untied from the target's lifetime")
    func endsWithSource() {
        let property = MutableProperty(0)
        let (signal, input) = Signal<Int, Never>.pipe()
        property <~ signal
        input.send(value: 5)
        input.sendCompleted()
        #expect(property.value == 5)
        #expect(signal.core.observerCount == 0)
        property.value = 6
        #expect(property.value == 6, "the property is still settable once its source has ended")
    }

    @Test("a target on a scheduler receives its values there")
    func targetOnScheduler() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        var received: [Int] = []
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { received.append($0) }
        target <~ SignalProducer<Int, Never>([1, 2])
        #expect(received.isEmpty, "nothing is written before the scheduler runs")
        scheduler.run()
        #expect(received == [1, 2])
        withExtendedLifetime(token) {}
    }

    @Test("an observer bound to a source receives its values until the binding is disposed")
    func observerTarget() {
        let log = EventLog<Int, Never>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let binding = log.observer <~ signal
        input.send(value: 1)
        binding.dispose()
        input.send(value: 2)
        #expect(log.events == [.value(1)])
        input.sendCompleted()
    }
}

@Suite("Property: a composed property lives as long as it is used")
struct ComposedPropertyConsumerTests {
    @Test("an observer of a composed property's signal keeps it following its source after the object is gone")
    func signalObserverKeepsRunning() {
        let source = MutableProperty(1)
        var seen: [Int] = []
        weak var weakComposed: Property<Int>?
        do {
            let composed = source.map { $0 * 10 }
            weakComposed = composed
            composed.signal.observeValues { seen.append($0) }
        }
        #expect(weakComposed == nil)
        source.value = 2
        source.value = 3
        #expect(seen == [20, 30])
    }

    @Test("a running start of a composed property's producer keeps it following its source; disposing it lets the run go")
    func producerStartKeepsRunning() {
        let canary = TestCanary()
        weak let weakCanary = canary
        let source = MutableProperty(1)
        var seen: [Int] = []
        var subscription: Disposable?
        do {
            let captured = canary
            subscription = source.map { value -> Int in withExtendedLifetime(captured) { value + 100 } }
                .producer
                .startWithValues { seen.append($0) }
        }
        _ = consume canary
        source.value = 2
        #expect(seen == [101, 102])
        #expect(weakCanary != nil, "the run and what it captured live while the start runs")
        subscription?.dispose()
        #expect(weakCanary == nil, "with no property, producer or start left, the run is released")
        source.value = 3
        #expect(seen == [101, 102])
    }

    @Test("a composed property nobody uses any more stops following its source")
    func unusedStops() {
        let source = MutableProperty(1)
        let transforms = TestCounter()
        do {
            let composed = source.map { value -> Int in
                transforms.increment()
                return value
            }
            #expect(composed.value == 1)
        }
        let before = transforms.value
        source.value = 2
        #expect(transforms.value == before, "the transform no longer runs")
    }
}
