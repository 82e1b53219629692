import Foundation
import Testing
@testable import Streams

@Suite("Property: flatten and flatMap")
struct PropertyFlattenTests {
    @Test("flatten(.latest) follows the property the outer property currently holds")
    func flattenLatest() {
        let first = MutableProperty(1)
        let second = MutableProperty(10)
        let outer = MutableProperty(first)
        let flat = outer.flatten(.latest)
        #expect(flat.value == 1)
        first.value = 2
        #expect(flat.value == 2)
        outer.value = second
        #expect(flat.value == 10)
        first.value = 3
        #expect(flat.value == 10)
        second.value = 11
        #expect(flat.value == 11)
    }

    @Test("flatMap(.latest) follows the property made from the current value, keeping it alive")
    func flatMapLatest() {
        let selected = MutableProperty(0)
        let counts = [MutableProperty(5), MutableProperty(50)]
        let doubled = selected.flatMap(.latest) { counts[$0].map { $0 * 2 } }
        var seen: [Int] = []
        doubled.producer.startWithValues { seen.append($0) }
        counts[0].value = 6
        selected.value = 1
        counts[0].value = 7
        counts[1].value = 51
        #expect(doubled.value == 102)
        #expect(seen == [10, 12, 100, 102])
    }

    @Test("flatten(.latest) lets a replaced inner property deinitialize")
    func replacedInnerDeinitializes() {
        weak var weakFirst: MutableProperty<Int>?
        let outer: MutableProperty<MutableProperty<Int>>
        do {
            let first = MutableProperty(1)
            weakFirst = first
            outer = MutableProperty(first)
        }
        let flat = outer.flatten(.latest)
        #expect(flat.value == 1)
        #expect(weakFirst != nil)
        outer.value = MutableProperty(10)
        #expect(weakFirst == nil)
        #expect(flat.value == 10)
    }

    @Test("a flattened property does not retain its outer property; it completes when the outer and the inner are gone")
    func flattenedDoesNotRetainOuter() {
        weak var weakOuter: MutableProperty<MutableProperty<Int>>?
        var outer: MutableProperty<MutableProperty<Int>>? = MutableProperty(MutableProperty(1))
        weakOuter = outer
        let flat = outer!.flatten(.latest)
        var completed = false
        flat.signal.observeCompleted { completed = true }
        outer = nil
        #expect(weakOuter == nil)
        #expect(completed)
        #expect(flat.value == 1)
    }
}
