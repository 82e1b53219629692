import Foundation
import Testing
@testable import Streams

/// `FIFOBuffer`: the one queue type of the package.
@Suite("FIFOBuffer")
struct FIFOBufferTests {
    /// An element whose release can be watched through a weak reference.
    final class Item {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test("elements come out in the order they went in, across appends made while it drains")
    func order() {
        var buffer = FIFOBuffer<Int>()
        #expect(buffer.isEmpty && buffer.popFirst() == nil)
        var taken: [Int] = []
        for round in 0..<5 {
            for value in 0..<3 { buffer.append(round * 3 + value) }
            if let first = buffer.popFirst() { taken.append(first) }
        }
        #expect(buffer.count == 10)
        while let next = buffer.popFirst() { taken.append(next) }
        #expect(taken == Array(0..<15))
        #expect(buffer.isEmpty && buffer.count == 0)
    }

    @Test("a taken element is released at once, not when the queue empties")
    func takenElementIsReleased() {
        var buffer = FIFOBuffer<Item>()
        weak var first: Item?
        do {
            let item = Item(1)
            first = item
            buffer.append(item)
            buffer.append(Item(2))
        }
        #expect(buffer.popFirst()?.number == 1)
        #expect(first == nil, "the queue still holds the element it handed out")
        #expect(buffer.count == 1)
    }

    @Test("a queue fed while it drains drops the space of taken elements once half of it is taken")
    func reclaimsTakenSpace() {
        var buffer = FIFOBuffer<Int>()
        for value in 0..<3_000 { buffer.append(value) }
        for expected in 0..<1_499 { #expect(buffer.popFirst() == expected) }
        #expect(buffer.elements.count == 3_000, "under half taken: the storage is kept as it is")
        #expect(buffer.popFirst() == 1_499)
        #expect(buffer.elements.count == 1_500 && buffer.head == 0, "half taken: the taken space is dropped")
        #expect(buffer.count == 1_500)
        var rest: [Int] = []
        while let next = buffer.popFirst() { rest.append(next) }
        #expect(rest == Array(1_500..<3_000))
    }

    @Test("a small queue keeps taken space until 1,024 elements are taken, half or not")
    func reclaimFloor() {
        var buffer = FIFOBuffer<Int>()
        for value in 0..<2_000 { buffer.append(value) }
        for expected in 0..<1_023 { #expect(buffer.popFirst() == expected) }
        #expect(buffer.elements.count == 2_000, "over half taken, but fewer than 1,024: kept")
        #expect(buffer.popFirst() == 1_023)
        #expect(buffer.elements.count == 976 && buffer.head == 0)
        #expect(buffer.popFirst() == 1_024)
    }

    @Test("an emptied queue keeps small storage for reuse and gives large storage back")
    func emptiedStorage() {
        var small = FIFOBuffer<Int>()
        for value in 0..<10 { small.append(value) }
        while small.popFirst() != nil {}
        #expect(small.head == 0 && small.elements.isEmpty)
        #expect(small.elements.capacity >= 10)

        var large = FIFOBuffer<Int>()
        for value in 0..<100 { large.append(value) }
        while large.popFirst() != nil {}
        #expect(large.head == 0 && large.elements.capacity < 100)
    }

    @Test("removeAll releases every waiting element and leaves an empty queue")
    func removeAllReleases() {
        var buffer = FIFOBuffer<Item>()
        weak var waiting: Item?
        do {
            let item = Item(7)
            waiting = item
            buffer.append(Item(6))
            buffer.append(item)
        }
        _ = buffer.popFirst()
        buffer.removeAll()
        #expect(waiting == nil)
        #expect(buffer.isEmpty && buffer.popFirst() == nil)
        buffer.append(Item(8))
        #expect(buffer.popFirst()?.number == 8)
    }
}
