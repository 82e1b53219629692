import Foundation
import Testing
@testable import Streams

@Suite("MutableProperty")
struct MutablePropertyTests {
    @Test("producer sends the current value then each change; signal sends changes only")
    func producerAndSignal() {
        let property = MutableProperty(1)
        var fromProducer: [Int] = []
        var fromSignal: [Int] = []
        property.producer.startWithValues { fromProducer.append($0) }
        property.signal.observeValues { fromSignal.append($0) }
        property.value = 2
        property.modify { $0 += 10 }
        #expect(property.swap(20) == 12)
        #expect(fromProducer == [1, 2, 12, 20])
        #expect(fromSignal == [2, 12, 20])
        #expect(property.value == 20)
    }

    @Test("a set from inside an observer of the property is delivered after the current one, to every observer, in order")
    func reentrantSet() {
        let property = MutableProperty(0)
        var first: [Int] = []
        var second: [Int] = []
        // Unowned: the property keeps its observers, so a strong capture would be a cycle.
        property.signal.observeValues { [unowned property] value in
            first.append(value)
            if value == 1 {
                property.value = 2
                #expect(property.value == 2)
            }
        }
        property.signal.observeValues { second.append($0) }
        property.value = 1
        #expect(first == [1, 2])
        #expect(second == [1, 2])
    }

    @Test("deinitializing the property completes its signal and producers, and ends its lifetime")
    func deinitCompletes() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        var signalCompleted = false
        var producerEvents: [Signal<Int, Never>.Event] = []
        var lifetimeEnded = false
        property!.signal.observeCompleted { signalCompleted = true }
        property!.producer.start { producerEvents.append($0) }
        property!.lifetime.observeEnded { lifetimeEnded = true }
        weak let weakProperty = property
        property = nil
        #expect(weakProperty == nil)
        #expect(signalCompleted)
        #expect(lifetimeEnded)
        #expect(producerEvents == [.value(1), .completed])
    }

    @Test("a derived property follows its source and keeps only the latest value")
    func derived() {
        let source = MutableProperty(2)
        let doubled = source.map { $0 * 2 }
        var seen: [Int] = []
        doubled.producer.startWithValues { seen.append($0) }
        source.value = 5
        #expect(doubled.value == 10)
        #expect(seen == [4, 10])
        let constant = Property(value: 7)
        #expect(constant.value == 7)
        let following = Property(initial: 0, then: SignalProducer([1, 2, 3]))
        #expect(following.value == 3)
    }

    @Test("the property wrapper exposes the value and the property")
    func propertyWrapper() {
        final class Model {
            @MutableProperty var count = 1
        }
        let model = Model()
        var seen: [Int] = []
        model.$count.producer.startWithValues { seen.append($0) }
        model.count = 4
        #expect(seen == [1, 4])
    }
}

@Suite("MutableProperty Concurrency")
struct MutablePropertyConcurrencyTests {
    @Test("concurrent sets are each delivered once, in the order stored, never concurrently")
    func concurrentSets() {
        let property = MutableProperty(0)
        let detector = OverlapDetector()
        let delivered = TestBox<[Int]>([])
        property.signal.observeValues { value in
            detector.enter()
            delivered.value.append(value)
            detector.leave()
        }
        let perThread = 2_000
        let done = (0..<2).map { thread in
            onNewThread {
                for index in 0..<perThread { property.modify { $0 = thread * perThread + index + 1 } }
            }
        }
        for semaphore in done { semaphore.wait() }
        #expect(detector.overlaps == 0)
        #expect(delivered.value.count == 2 * perThread)
        #expect(Set(delivered.value).count == 2 * perThread)
        #expect(delivered.value.last == property.value)
    }

    @Test("increments by modify from eight threads at once all count, and every new value is delivered once, in order")
    func concurrentModify() {
        let property = MutableProperty(0)
        let delivered = TestBox<[Int]>([])
        let producerSeen = TestBox<[Int]>([])
        property.signal.observeValues { delivered.value.append($0) }
        property.producer.startWithValues { producerSeen.value.append($0) }
        let threads = 8
        let perThread = 5_000
        let done = (0..<threads).map { _ in
            onNewThread {
                for _ in 0..<perThread { property.modify { $0 += 1 } }
            }
        }
        for semaphore in done { semaphore.wait() }
        let total = threads * perThread
        #expect(property.value == total)
        #expect(delivered.value == Array(1...total), "each increment's result is sent once, in the order stored")
        #expect(producerSeen.value == Array(0...total))
    }
}
