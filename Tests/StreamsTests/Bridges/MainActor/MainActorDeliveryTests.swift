import Dispatch
import Foundation
import Streams
import Testing

/// A mark on the main queue. The main actor runs on the main queue, which the test runner may
/// have handed to a thread other than the main thread, so the mark, not `Thread.isMainThread`,
/// tells whether code runs where the main actor does.
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// Records what a main-actor observer saw, and how many calls were made off the main queue.
@MainActor
private final class MainActorLog {
    var events: [String] = []
    var offMain = 0

    init() { _ = mainQueueKey }

    func record(_ entry: String) {
        if DispatchQueue.getSpecific(key: mainQueueKey) != 1 && !Thread.isMainThread { offMain += 1 }
        events.append(entry)
    }
}

@Suite("Main-actor delivery")
@MainActor
struct MainActorDeliveryTests {
    @Test("observe(on: MainActor.self): events sent on another thread arrive on the main actor, in order, the terminal last")
    func observeFromAnotherThread() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = MainActorLog()
        signal.observe(on: MainActor.self) { event in
            switch event {
            case let .value(value): log.record("\(value)")
            case .completed: log.record("completed")
            case .failed, .interrupted: log.record("other")
            }
        }
        onAnotherThread {
            for value in 1...50 { input.send(value: value) }
            input.sendCompleted()
        }
        #expect(log.events.isEmpty, "the main actor was blocked, so nothing can have been delivered yet")
        await mainQueueDrained()
        #expect(log.events == (1...50).map(String.init) + ["completed"])
        #expect(log.offMain == 0)
    }

    @Test("startWithValues(on:) and start(on:): a producer sending on another thread delivers on the main actor, in order")
    func producerFromAnotherThread() async {
        let producer = SignalProducer<Int, Never> { observer, _ in
            Thread.detachNewThread {
                for value in 1...20 { observer.send(value: value) }
                observer.sendCompleted()
            }
        }
        let values = MainActorLog()
        let events = MainActorLog()
        let ended = AsyncStream<Void>.makeStream()
        producer.startWithValues(on: MainActor.self) { values.record("\($0)") }
        producer.start(on: MainActor.self) { event in
            events.record(event.isTerminating ? "end" : "value")
            if event.isTerminating { ended.continuation.yield() }
        }
        for await _ in ended.stream { break }
        await mainQueueDrained()
        #expect(values.events == (1...20).map(String.init))
        #expect(events.events == Array(repeating: "value", count: 20) + ["end"])
        #expect(values.offMain == 0 && events.offMain == 0)
    }

    @Test("a value sent on the main thread behind queued ones waits its turn")
    func mainThreadSendKeepsOrderBehindQueued() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = MainActorLog()
        signal.observeValues(on: MainActor.self) { log.record("\($0)") }
        onAnotherThread { input.send(value: 1) }
        input.send(value: 2)
        #expect(log.events.isEmpty, "2 must not overtake 1, which waits on the main queue")
        await mainQueueDrained()
        #expect(log.events == ["1", "2"])
    }

    @Test("disposing the observation drops the events still queued for the main actor")
    func disposalDropsQueued() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = MainActorLog()
        let observation = signal.observeValues(on: MainActor.self) { log.record("\($0)") }
        onAnotherThread { for value in 1...10 { input.send(value: value) } }
        observation?.dispose()
        await mainQueueDrained()
        #expect(log.events.isEmpty)
    }

    @Test("disposing a run started with startWithValues(on:) drops its queued values and interrupts it")
    func runDisposalDropsQueued() async {
        let interrupted = Atomic(false)
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer(signal).on(interrupted: { interrupted.value = true })
        let log = MainActorLog()
        let run = producer.startWithValues(on: MainActor.self) { log.record("\($0)") }
        onAnotherThread { for value in 1...10 { input.send(value: value) } }
        run.dispose()
        #expect(interrupted.value)
        await mainQueueDrained()
        #expect(log.events.isEmpty)
    }

    @Test("observe(on: UIScheduler()) before observeValues satisfies the isolation check")
    func uiSchedulerHopSatisfiesTheCheck() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        var seen: [Int] = []
        signal.observe(on: UIScheduler()).observeValues { seen.append($0) }
        onAnotherThread { for value in 1...5 { input.send(value: value) } }
        await mainQueueDrained()
        #expect(seen == [1, 2, 3, 4, 5])
    }
}
