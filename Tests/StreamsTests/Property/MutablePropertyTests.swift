import Foundation
import Testing
@testable import Streams
import TestSupport

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

/// Records the events of a property producer's run as strings, and detects overlapping calls.
final class PropertyRunRecorder: @unchecked Sendable {
    let events = TestBox<[String]>([])
    let detector = OverlapDetector()

    func record(_ event: Signal<Int, Never>.Event) {
        detector.enter()
        switch event {
        case let .value(value): events.value.append("\(value)")
        case .completed: events.value.append("completed")
        case .interrupted: events.value.append("interrupted")
        }
        detector.leave()
    }
}

@Suite("Property producer runs")
struct PropertyProducerRunTests {
    @Test("disposed from inside its observer: interrupted right after the current event, then nothing")
    func disposalFromInside() {
        let property = MutableProperty(0)
        let recorder = PropertyRunRecorder()
        let handle = TestBox<Disposable?>(nil)
        handle.value = property.producer.start { event in
            recorder.record(event)
            if case .value(2) = event { handle.value?.dispose() }
        }
        property.value = 1
        property.value = 2
        property.value = 3
        #expect(recorder.events.value == ["0", "1", "2", "interrupted"])
    }

    @Test("disposed from inside its observer while it receives the current value: no change follows")
    func disposalDuringCurrentValue() {
        let property = MutableProperty(7)
        let recorder = PropertyRunRecorder()
        var disposable: Disposable?
        property.producer.startWithSignal { signal, handle in
            disposable = handle
            signal.observe { event in
                recorder.record(event)
                if case .value = event { handle.dispose() }
            }
        }
        property.value = 8
        #expect(recorder.events.value == ["7", "interrupted"])
        #expect(disposable?.isDisposed == true)
    }

    @Test("the observer is released when the run ends, even while its disposable is kept")
    func observerReleasedAtEnd() {
        final class Owner {}
        let property = MutableProperty(0)
        weak var weakOwner: Owner?
        var disposable: Disposable?
        do {
            let owner = Owner()
            weakOwner = owner
            disposable = property.producer.startWithValues { _ in withExtendedLifetime(owner) {} }
        }
        #expect(weakOwner != nil, "the run keeps its observer while it runs")
        disposable?.dispose()
        #expect(weakOwner == nil, "the interrupted run still holds its observer")
        #expect(disposable != nil)
    }

    @Test("a change reaches the producer's runs, in the order they started, before the signal's observers")
    func runsBeforeSignalObservers() {
        let property = MutableProperty(0)
        var log: [String] = []
        property.signal.observeValues { log.append("signal \($0)") }
        property.producer.startWithValues { log.append("first run \($0)") }
        property.producer.startWithValues { log.append("second run \($0)") }
        property.value = 1
        #expect(log == ["first run 0", "second run 0", "first run 1", "second run 1", "signal 1"])
    }

    @Test("an observer that a run adds to the signal during a change gets the next change, not that one")
    func signalObserverAddedByRun() {
        for observedBefore in [false, true] {
            let property = MutableProperty(0)
            var log: [String] = []
            if observedBefore { property.signal.observeValues { log.append("earlier \($0)") } }
            var added = false
            property.producer.startWithValues { [unowned property] value in
                guard value == 1, !added else { return }
                added = true
                property.signal.observeValues { log.append("added \($0)") }
            }
            property.value = 1
            property.value = 2
            #expect(log == (observedBefore ? ["earlier 1", "earlier 2", "added 2"] : ["added 2"]))
        }
    }

    @Test("an observer of the signal finds a property composed from this one already updated")
    func composedPropertyUpdatedFirst() {
        let property = MutableProperty(1)
        var seen: [Int] = []
        let doubled = TestBox<Property<Int>?>(nil)
        property.signal.observeValues { _ in seen.append(doubled.value!.value) }
        doubled.value = property.map { $0 * 2 }
        property.value = 2
        property.value = 5
        #expect(seen == [4, 10])
    }

    @Test("the signal gets the changes set while it has observers, and only those observers")
    func signalObservedOnAndOff() {
        let property = MutableProperty(0)
        var first: [Int] = []
        var second: [Int] = []
        property.value = 1
        let observation = property.signal.observeValues { first.append($0) }
        property.value = 2
        observation?.dispose()
        property.value = 3
        property.signal.observeValues { second.append($0) }
        property.value = 4
        #expect(first == [2])
        #expect(second == [4])
    }

    @Test("runs that ended are dropped: subscriptions churning without a change keep the list short, a change drops them all")
    func endedRunsDropped() {
        let property = MutableProperty(0)
        var received = 0
        for _ in 0..<1_000 {
            property.producer.startWithValues { _ in received += 1 }.dispose()
        }
        #expect(received == 1_000, "each run received the current value")
        #expect(property.core.runs.count <= 16, "ended runs pile up: \(property.core.runs.count)")
        let live = (0..<3).map { _ in property.producer.startWithValues { _ in received += 1 } }
        for _ in 0..<10 { property.producer.startWithValues { _ in }.dispose() }
        property.value = 1
        #expect(property.core.runs.count == 3)
        #expect(received == 1_000 + 3 + 3)
        for run in live { run.dispose() }
        property.value = 2
        #expect(property.core.runs.isEmpty)
        #expect(received == 1_006)
    }

    @Test("a run completes when the property goes, after the changes already set")
    func completesWithProperty() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        let recorder = PropertyRunRecorder()
        property!.producer.start { recorder.record($0) }
        property!.value = 1
        property = nil
        #expect(recorder.events.value == ["0", "1", "completed"])
    }
}

@Suite("Property producer run Concurrency", .timeLimit(.minutes(5)), .offCooperativePool)
struct PropertyProducerRunConcurrencyTests {
    @Test("disposed on another thread during a delivery: dispose returns at once, interrupted follows that value, nothing after")
    func disposalDuringDelivery() {
        let property = MutableProperty(0)
        let recorder = PropertyRunRecorder()
        let inside = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let run = property.producer.start { event in
            recorder.record(event)
            if case .value(1) = event {
                inside.signal()
                proceed.wait()
            }
        }
        let setter = onNewThread { property.value = 1 }
        inside.wait()
        // The observer is blocked inside the delivery of 1: disposal must not wait for it.
        let disposed = onNewThread { run.dispose() }
        #expect(disposed.wait(timeout: .now() + 30) == .success, "dispose waited for the delivery under way")
        #expect(recorder.events.value == ["0", "1"], "interrupted was delivered during the delivery of 1")
        proceed.signal()
        setter.wait()
        property.value = 2
        #expect(recorder.events.value == ["0", "1", "interrupted"])
        #expect(recorder.detector.overlaps == 0)
        #expect(run.isDisposed)
    }

    @Test("an observer added to the signal while another thread sets the property gets every change stored after its observe returned")
    func signalObservedDuringSets() {
        for _ in 0..<20 {
            let property = MutableProperty(0)
            let received = TestBox<[Int]>([])
            let count = 2_000
            let setter = onNewThread { for value in 1...count { property.value = value } }
            property.signal.observeValues { received.value.append($0) }
            let valueAfterObserve = property.value
            setter.wait()
            let values = received.value
            // The changes stored after the observation began, in order, without a gap: from at
            // most the one after the value read once it began, to the last.
            #expect(values == (values.first.map { Array($0...count) } ?? []), "\(values.prefix(5))")
            #expect((values.first ?? count + 1) <= valueAfterObserve + 1)
        }
    }

    @Test("disposals racing the changes of two threads: each run sees a prefix of the stored values, then interrupted, never overlapping")
    func disposalRacingChanges() {
        for _ in 0..<50 {
            let property = MutableProperty(0)
            let history = TestBox<[Int]>([0])
            property.signal.observeValues { history.value.append($0) }
            let recorders = (0..<4).map { _ in PropertyRunRecorder() }
            let runs = recorders.map { recorder in property.producer.start { recorder.record($0) } }
            let setters = (0..<2).map { thread in
                onNewThread { for index in 0..<200 { property.value = thread * 1_000 + index + 1 } }
            }
            let disposers = runs.map { run in onNewThread { run.dispose() } }
            for done in setters + disposers { done.wait() }
            for recorder in recorders {
                let events = recorder.events.value
                #expect(recorder.detector.overlaps == 0)
                #expect(events.last == "interrupted" && events.filter { $0 == "interrupted" }.count == 1, "\(events)")
                let values = events.dropLast().map { Int($0)! }
                #expect(history.value.starts(with: values), "\(values) is not a prefix of \(history.value)")
            }
        }
    }
}
