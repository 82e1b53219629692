import Schedulers
import Testing

@Suite("Bag")
struct BagTests {
    @Test("an empty bag has no elements")
    func empty() {
        let bag = Bag<Int>()
        #expect(bag.isEmpty)
        #expect(bag.count == 0)
        #expect(bag.startIndex == bag.endIndex)
        #expect(Array(bag) == [])
    }

    @Test("iterates in insertion order")
    func insertionOrder() {
        var bag = Bag<String>()
        bag.insert("c")
        bag.insert("a")
        bag.insert("b")
        #expect(Array(bag) == ["c", "a", "b"])
        #expect(bag.count == 3)
    }

    @Test("each insertion gets its own token, even for equal elements")
    func distinctTokens() {
        var bag = Bag<Int>()
        let first = bag.insert(7)
        let second = bag.insert(7)
        #expect(first != second)
        #expect(Set([first, second]).count == 2)
        #expect(bag.remove(using: second) == 7)
        #expect(bag.count == 1)
        #expect(bag.remove(using: first) == 7)
        #expect(bag.isEmpty)
    }

    @Test("removal by token removes exactly that element and keeps the others in order")
    func removeByToken() {
        var bag = Bag<Int>()
        let tokens = (0..<10).map { bag.insert($0) }
        #expect(bag.remove(using: tokens[0]) == 0)
        #expect(bag.remove(using: tokens[5]) == 5)
        #expect(bag.remove(using: tokens[9]) == 9)
        #expect(Array(bag) == [1, 2, 3, 4, 6, 7, 8])
        bag.insert(10)
        #expect(Array(bag) == [1, 2, 3, 4, 6, 7, 8, 10])
    }

    @Test("removing with the same token twice returns nil the second time")
    func removeTwice() {
        var bag = Bag<String>()
        let token = bag.insert("x")
        bag.insert("y")
        #expect(bag.remove(using: token) == "x")
        #expect(bag.remove(using: token) == nil)
        #expect(Array(bag) == ["y"])
    }

    @Test("removing in any order leaves the remaining elements in insertion order")
    func removeInShuffledOrder() {
        var bag = Bag<Int>()
        let tokens = (0..<200).map { bag.insert($0) }
        var remaining = Array(0..<200)
        // A fixed permutation, so the test is reproducible.
        let order = (0..<200).map { ($0 * 73) % 200 }
        for index in order {
            #expect(bag.remove(using: tokens[index]) == index)
            remaining.removeAll { $0 == index }
            #expect(Array(bag) == remaining)
        }
        #expect(bag.isEmpty)
    }

    @Test("a token from a removed element never removes a later insertion")
    func staleTokenAfterReinsert() {
        var bag = Bag<Int>()
        let stale = bag.insert(1)
        bag.remove(using: stale)
        bag.insert(2)
        #expect(bag.remove(using: stale) == nil)
        #expect(Array(bag) == [2])
    }

    @Test("behaves as a RandomAccessCollection with Int indices")
    func randomAccessCollection() {
        var bag = Bag<Int>()
        for value in [10, 20, 30, 40] { bag.insert(value) }
        #expect(bag.startIndex == 0)
        #expect(bag.endIndex == 4)
        #expect(bag[0] == 10)
        #expect(bag[3] == 40)
        #expect(bag.first == 10)
        #expect(bag.last == 40)
        #expect(bag.index(after: 1) == 2)
        #expect(bag.index(before: 2) == 1)
        #expect(bag.index(0, offsetBy: 3) == 3)
        #expect(bag.distance(from: 0, to: 4) == 4)
        #expect(Array(bag.reversed()) == [40, 30, 20, 10])
        #expect(Array(bag[1..<3]) == [20, 30])
        #expect(bag.map { $0 / 10 } == [1, 2, 3, 4])
        #expect(bag.firstIndex(of: 30) == 2)
        #expect(Array(bag.indices) == [0, 1, 2, 3])
    }

    @Test("indices and subscript follow removals")
    func indicesAfterRemoval() {
        var bag = Bag<Character>()
        let a = bag.insert("a")
        bag.insert("b")
        bag.insert("c")
        bag.remove(using: a)
        #expect(bag.count == 2)
        #expect(bag[bag.startIndex] == "b")
        #expect(bag[bag.index(before: bag.endIndex)] == "c")
    }

    @Test("the iterator yields the elements in order and then nil")
    func iterator() {
        var bag = Bag<Int>()
        bag.insert(1)
        bag.insert(2)
        var iterator = bag.makeIterator()
        #expect(iterator.next() == 1)
        #expect(iterator.next() == 2)
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)
    }

    @Test("init from a sequence keeps its order and hands out removable tokens afterwards")
    func initFromSequence() {
        var bag = Bag([3, 1, 2])
        #expect(Array(bag) == [3, 1, 2])
        let token = bag.insert(4)
        #expect(Array(bag) == [3, 1, 2, 4])
        #expect(bag.remove(using: token) == 4)
        #expect(Array(bag) == [3, 1, 2])

        let fromRange = Bag(0..<5)
        #expect(Array(fromRange) == [0, 1, 2, 3, 4])
    }

    @Test("a bag is a value: mutating a copy does not change the original")
    func valueSemantics() {
        var original = Bag<Int>()
        let token = original.insert(1)
        var copy = original
        copy.insert(2)
        copy.remove(using: token)
        #expect(Array(original) == [1])
        #expect(Array(copy) == [2])
    }
}
