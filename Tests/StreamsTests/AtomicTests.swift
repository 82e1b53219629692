import Dispatch
import Testing
import Streams

@Suite("Atomic")
struct AtomicTests {
    @Test("value reads what was set")
    func getSet() {
        let atomic = Atomic(1)
        #expect(atomic.value == 1)
        atomic.value = 5
        #expect(atomic.value == 5)
        atomic.value += 2
        #expect(atomic.value == 7)
    }

    @Test("modify mutates in place and returns the closure's result")
    func modify() {
        let atomic = Atomic([1, 2])
        let countBefore = atomic.modify { array -> Int in
            defer { array.append(3) }
            return array.count
        }
        #expect(countBefore == 2)
        #expect(atomic.value == [1, 2, 3])
    }

    @Test("modify and withValue rethrow the closure's error")
    func rethrowsErrors() {
        let atomic = Atomic(0)
        #expect(throws: TestError.first) {
            try atomic.modify { _ in throw TestError.first }
        }
        #expect(throws: TestError.second) {
            try atomic.withValue { _ in throw TestError.second }
        }
        #expect(atomic.value == 0)
    }

    @Test("withValue reads without changing the value")
    func withValue() {
        let atomic = Atomic("abc")
        let count = atomic.withValue { $0.count }
        #expect(count == 3)
        #expect(atomic.value == "abc")
    }

    @Test("swap stores the new value and returns the old one")
    func swap() {
        let atomic = Atomic(10)
        let old = atomic.swap(20)
        #expect(old == 10)
        #expect(atomic.value == 20)
        #expect(atomic.swap(30) == 20)
    }
}

extension ConcurrencySuites {
    @Suite("Atomic concurrency")
    struct AtomicConcurrencyTests {
        @Test("increments with modify from many threads add up")
        func concurrentModify() {
            let atomic = Atomic(0)
            let threads = 8
            let perThread = 10_000
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<perThread { atomic.modify { $0 += 1 } }
            }
            #expect(atomic.value == threads * perThread)
        }

        @Test("swaps from many threads hand every value out exactly once")
        func concurrentSwap() {
            let atomic = Atomic(-1)
            let threads = 8
            let perThread = 2_000
            let collected = Atomic<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var olds: [Int] = []
                for index in 0..<perThread { olds.append(atomic.swap(thread * perThread + index)) }
                collected.modify { $0.append(contentsOf: olds) }
            }
            let all = (collected.value + [atomic.value]).sorted()
            #expect(all == Array(-1..<(threads * perThread)))
        }

        @Test("a read-modify-write through modify is not torn by concurrent setters")
        func modifyVersusSet() {
            let atomic = Atomic((0, 0))
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for index in 0..<5_000 {
                    if worker == 0 {
                        atomic.value = (index, index)
                    } else {
                        atomic.modify { $0 = ($0.0 + 1, $0.1 + 1) }
                    }
                }
            }
            let pair = atomic.value
            #expect(pair.0 == pair.1)
        }
    }
}
