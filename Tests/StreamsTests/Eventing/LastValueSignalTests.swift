import Foundation
import Testing
@testable import Streams
import TestSupport

@Suite("Eventing: LastValueSignal")
struct LastValueSignalTests {
    @Test("observerCount and the hooks follow observations and producer runs, added, disposed, ended once, and gone with the signal")
    func observerCountAndHooks() {
        var signal: LastValueSignal<Int>? = LastValueSignal<Int>()
        var log: [String] = []
        signal?.setObserverHooks(added: { log.append("+\($0)") }, removed: { log.append("-\($0)") })
        #expect(signal?.observerCount == 0)
        let first = signal?.observe { _ in }
        let listener = Listener()
        signal?.observe(with: listener, once: true, call: Listener.handle)
        let run = signal?.producer.startWithValues { _ in }
        #expect(signal?.observerCount == 3)
        signal?.send(value: 1)  // ends the once observation
        #expect(signal?.observerCount == 2)
        first?.dispose()
        first?.dispose()  // counted off once
        #expect(signal?.observerCount == 1)
        #expect(log == ["+1", "+2", "+3", "-2", "-1"])
        signal = nil
        #expect(log == ["+1", "+2", "+3", "-2", "-1", "-0"])
        run?.dispose()
        #expect(log.count == 6, "nothing counted off after the signal went")
    }

    @Test("a name shows in the description; the limit reads back")
    func nameAndDescription() {
        let signal = LastValueSignal<Double>()
        #expect(signal.name == nil)
        #expect(signal.description == "LastValueSignal<Double>(0 observers)")
        signal.named("temperature").maximumObservers = 5
        signal.observe { _ in }
        #expect(signal.name == "temperature")
        #expect(signal.maximumObservers == 5)
        #expect(signal.description == "LastValueSignal<Double>(\"temperature\", 1 observer)")
    }

    @Test("going past the observer limit stops the program at the observation, naming the signal and the count")
    func limitExceeded() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let signal = LastValueSignal<Int>().named("temperature")
            signal.maximumObservers = 2
            signal.observe { _ in }
            _ = signal.producer.start()
            signal.observe { _ in }
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("LastValueSignal \"temperature\" has 3 observers, more than its maximumObservers of 2"))
    }

    @Test("a limit below 1 is a misuse")
    func limitBelowOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LastValueSignal<Int>().maximumObservers = 0
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("LastValueSignal.maximumObservers must be at least 1, got 0"))
    }

    @Test("a new observer receives the last value, then every later one")
    func replaysToNewObservers() {
        let temperature = LastValueSignal<Int>()
        #expect(temperature.lastValue == nil)
        var early: [Int] = []
        temperature.observe { early.append($0) }
        temperature.send(value: 1)
        temperature.send(value: 2)
        var late: [Int] = []
        temperature.observe { late.append($0) }
        temperature.send(value: 3)
        #expect(early == [1, 2, 3])
        #expect(late == [2, 3])
        #expect(temperature.lastValue == 3)
    }

    @Test("without replay, the last value reaches one observer only when it asks")
    func replayOnDemand() {
        let result = LastValueSignal<Int>(replaysToNewObservers: false)
        result.send(value: 1)
        var first: [Int] = []
        var second: [Int] = []
        let observation = result.observe { first.append($0) }
        result.observe { second.append($0) }
        #expect(first.isEmpty)
        observation.replayLastValue()
        result.send(value: 2)
        observation.replayLastValue()
        #expect(first == [1, 2, 2])
        #expect(second == [2])
    }

    @Test("replay: overrides the default per observer")
    func replayOverride() {
        let values = LastValueSignal<Int>(replaysToNewObservers: false)
        values.send(value: 5)
        var received: [Int] = []
        values.observe(replay: true) { received.append($0) }
        let replaying = LastValueSignal<Int>()
        replaying.send(value: 6)
        replaying.observe(replay: false) { received.append($0) }
        #expect(received == [5])
    }

    @Test("replayLastValue does nothing before the first value, after disposal, or once the signal has gone")
    func replayEdges() {
        var received: [Int] = []
        var observation: LastValueObservation?
        do {
            let values = LastValueSignal<Int>()
            observation = values.observe { received.append($0) }
            observation?.replayLastValue()
            #expect(received.isEmpty)
            values.send(value: 1)
            observation?.dispose()
            observation?.replayLastValue()
            values.send(value: 2)
            #expect(received == [1])
            observation = values.observe(replay: false) { received.append($0) }
        }
        observation?.replayLastValue()
        #expect(received == [1])
    }

    @Test("a replay asked for from inside a delivery comes after it, in order with values sent there")
    func replayFromInsideDelivery() {
        let values = LastValueSignal<Int>(replaysToNewObservers: false)
        var received: [Int] = []
        var observation: LastValueObservation?
        observation = values.observe { value in
            received.append(value)
            if received.count == 1 {
                observation?.replayLastValue()
                values.send(value: 2)
            }
        }
        values.send(value: 1)
        #expect(received == [1, 1, 2])
        observation?.dispose()  // the observer holds the observation: disposing releases both
    }

    @Test("the producer replays the last value to each run; the plain signal does not")
    func producerAndSignal() {
        let values = LastValueSignal<Int>()
        values.send(value: 1)
        var fromProducer: [Int] = []
        var fromSignal: [Int] = []
        let run = values.producer.startWithValues { fromProducer.append($0) }
        values.signal.observeValues { fromSignal.append($0) }
        values.send(value: 2)
        run.dispose()
        values.send(value: 3)
        #expect(fromProducer == [1, 2])
        #expect(fromSignal == [2, 3])
    }

    @Test("observers complete when the signal goes away, and are released")
    func completesOnDeinit() {
        var events: [Signal<Int, Never>.Event] = []
        weak var weakCaptured: TestCanary?
        do {
            let values = LastValueSignal<Int>()
            let captured = TestCanary()
            weakCaptured = captured
            values.observe(Signal.Observer { event in
                _ = captured
                events.append(event)
            })
            values.send(value: 1)
        }
        #expect(events == [.value(1), .completed])
        #expect(weakCaptured == nil)
    }

    @Test("owner-bound: the last value first, then later ones, until the owner is gone")
    func ownerBound() {
        let values = LastValueSignal<Int>()
        values.send(value: 1)
        weak var weakOwner: Listener?
        var observation: LastValueObservation?
        do {
            let listener = Listener()
            weakOwner = listener
            observation = values.observe(with: listener, call: Listener.handle)
            values.send(value: 2)
            #expect(listener.received == [1, 2])
        }
        #expect(weakOwner == nil)
        values.send(value: 3)
        #expect(observation?.isDisposed == true)
        let once = Listener()
        values.observe(with: once, once: true, call: Listener.handle)
        values.send(value: 4)
        #expect(once.received == [3])
    }
}

extension ConcurrencySuites {
    @Suite("Eventing Concurrency: LastValueSignal", .timeLimit(.minutes(5)), .offCooperativePool)
    struct LastValueSignalConcurrencyTests {
        @Test("observers joining while another thread sends see the last value, then each later one, with no gap or repeat")
        func joinWhileSending() {
            let values = LastValueSignal<Int>()
            values.send(value: 0)
            let total = 20_000
            let sender = onNewThread {
                for value in 1...total {
                    values.send(value: value)
                    if value.isMultiple(of: 64) { usleep(1) }
                }
            }
            var logs: [TestBox<[Int]>] = []
            for _ in 0..<40 {
                let log = TestBox<[Int]>([])
                logs.append(log)
                values.observe { log.value.append($0) }
                usleep(100)
            }
            sender.wait()
            for log in logs {
                let received = log.value
                #expect(received.last == total)
                let contiguous = zip(received, received.dropFirst()).allSatisfy { $1 == $0 + 1 }
                #expect(contiguous, "an observer saw a gap or a repeat")
            }
        }
    }
}
