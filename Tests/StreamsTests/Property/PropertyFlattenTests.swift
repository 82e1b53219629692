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
}
