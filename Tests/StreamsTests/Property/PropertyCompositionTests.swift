import Foundation
import Testing
@testable import Streams

@Suite("Property: composed forms")
struct PropertyCompositionTests {
    @Test("combineLatest follows every source; the static forms take 2 to 10 and sequences")
    func combineLatest() {
        let a = MutableProperty(1)
        let b = MutableProperty("x")
        let pair = a.combineLatest(with: b)
        var seen: [String] = []
        pair.producer.startWithValues { seen.append("\($0.0)\($0.1)") }
        a.value = 2
        b.value = "y"
        #expect(seen == ["1x", "2x", "2y"])

        let three = Property.combineLatest(a, b, MutableProperty(true))
        #expect(three.value.0 == 2 && three.value.1 == "y" && three.value.2)
        let all = Property<Int>.combineLatest([a, MutableProperty(5)])
        #expect(all?.value == [2, 5])
        #expect(Property<Int>.combineLatest([MutableProperty<Int>]()) == nil)
        #expect(Property<Int>.combineLatest([MutableProperty<Int>](), emptySentinel: [0]).value == [0])
    }

    @Test("zip pairs the n-th values of its sources")
    func zip() {
        let a = MutableProperty(1)
        let b = MutableProperty(10)
        let zipped = a.zip(with: b)
        var sums: [Int] = []
        zipped.producer.startWithValues { sums.append($0.0 + $0.1) }
        a.value = 2
        #expect(sums == [11])
        b.value = 20
        #expect(sums == [11, 22])
    }

    @Test("the Boolean forms follow their sources")
    func booleans() {
        let online = MutableProperty(false)
        let signedIn = MutableProperty(true)
        let ready = online.and(signedIn)
        let either = online.or(signedIn)
        let allOf = Property.all(online, signedIn)
        let anyOf = Property.any([online, signedIn])
        #expect(!ready.value && either.value && !allOf.value && anyOf.value)
        online.value = true
        #expect(ready.value && allOf.value)
        signedIn.value = false
        #expect(!ready.value && either.value && online.negate().value == false)
        #expect(Property<Bool>.all([MutableProperty<Bool>]()).value)
        #expect(!Property<Bool>.any([MutableProperty<Bool>]()).value)
    }

    @Test("a composed property does not retain its source; when the source goes, its producer and signal complete")
    func composedDoesNotRetainSource() {
        weak var weakSource: MutableProperty<Int>?
        var source: MutableProperty<Int>? = MutableProperty(3)
        weakSource = source
        let composed = source!.map { $0 + 1 }.skipRepeats()
        var signalEvents: [Signal<Int, Never>.Event] = []
        var producerEvents: [Signal<Int, Never>.Event] = []
        composed.signal.observe { signalEvents.append($0) }
        composed.producer.start { producerEvents.append($0) }
        source?.value = 5
        #expect(composed.value == 6)
        source = nil
        #expect(weakSource == nil)
        #expect(signalEvents == [.value(6), .completed])
        #expect(producerEvents == [.value(4), .value(6), .completed])
        // The last value stays readable.
        #expect(composed.value == 6)
    }

    @Test("combineLatest and zip of two properties retain neither; they complete once both are gone")
    func combinedDoNotRetainSources() {
        weak var weakA: MutableProperty<Int>?
        weak var weakB: MutableProperty<String>?
        var a: MutableProperty<Int>? = MutableProperty(1)
        var b: MutableProperty<String>? = MutableProperty("x")
        weakA = a
        weakB = b
        let combined = a!.combineLatest(with: b!)
        let zipped = a!.zip(with: b!)
        var combinedEnded = false
        var zippedEnded = false
        combined.signal.observeCompleted { combinedEnded = true }
        zipped.signal.observeCompleted { zippedEnded = true }
        a?.value = 2
        #expect(combined.value == (2, "x"))
        a = nil
        #expect(weakA == nil)
        #expect(!combinedEnded)
        b?.value = "y"
        #expect(combined.value == (2, "y"))
        b = nil
        #expect(weakB == nil)
        #expect(combinedEnded)
        #expect(zippedEnded)
    }

    @Test("a chain of composed properties follows its source while only the last link is kept")
    func chainKeepsFollowing() {
        let source = MutableProperty(1)
        let last = source.map { $0 * 2 }.map { $0 + 1 }.skipRepeats()
        source.value = 5
        #expect(last.value == 11)
    }

    @Test("filter(initial:) holds the latest value that passes")
    func filter() {
        let source = MutableProperty(1)
        let even = source.filter(initial: 0) { $0 % 2 == 0 }
        #expect(even.value == 0)
        source.value = 4
        source.value = 5
        #expect(even.value == 4)
    }
}
