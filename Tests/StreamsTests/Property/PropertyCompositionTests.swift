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

    @Test("a composed property keeps its sources alive as long as it lives, and frees them with it")
    func retention() {
        weak var weakSource: MutableProperty<Int>?
        var composed: Property<Int>?
        do {
            let source = MutableProperty(3)
            weakSource = source
            composed = source.map { $0 + 1 }.skipRepeats()
        }
        #expect(weakSource != nil)
        #expect(composed?.value == 4)
        weakSource?.value = 5
        #expect(composed?.value == 6)
        composed = nil
        #expect(weakSource == nil)
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
