import Foundation
import Testing
@testable import Streams

@Suite("Eventing: names, observer count, limit and hooks")
struct SignalDiagnosticsTests {
    @Test("a signal derived from a named one is named by its chain, in description, logEvents and the observer-limit message")
    func namesFollowTheChain() {
        let (cart, input) = Signal<Int, Never>.pipe()
        cart.named("cart")
        let chained = cart.map { $0 * 2 }.filter { $0 > 0 }.skipRepeats().take(first: 5)
        #expect(chained.name == "cart.map.filter.skipRepeats.take")
        chained.observeValues { _ in }
        #expect(chained.description == "Signal<Int, Never>(\"cart.map.filter.skipRepeats.take\", 1 observer)")
        var identifiers: [String] = []
        cart.map { $0 + 1 }.logEvents(events: [.value]) { identifier, _, _, _, _ in identifiers.append(identifier) }
            .observeValues { _ in }
        input.send(value: 1)
        #expect(identifiers == ["cart.map"])
        let scheduled = cart.observe(on: ImmediateScheduler()).scan(0, +)
        #expect(scheduled.name == "cart.observe.scan")
    }

    @Test("unnamed signals and producers stay unnamed through operators")
    func unnamedStaysUnnamed() {
        let (signal, _) = Signal<Int, Never>.pipe()
        #expect(signal.map { $0 }.filter { _ in true }.name == nil)
        #expect(SignalProducer<Int, Never>(1...3).map { $0 }.delay(1, on: TestScheduler()).name == nil)
    }

    @Test("a producer derived from a named one is named by its chain, and so is the signal of each run")
    func producerNamesFollowTheChain() {
        let search = SignalProducer<String, Never>(["a", "b"]).named("search")
        let chained = search.map { $0.count }.filter { $0 > 0 }.delay(1, on: TestScheduler())
        #expect(chained.name == "search.map.filter.delay")
        #expect(chained.description == "SignalProducer<Int, Never>(\"search.map.filter.delay\")")
        chained.startWithSignal { signal, interrupter in
            #expect(signal.name == "search.map.filter.delay")
            interrupter.dispose()  // nothing to run: the scheduler never advances
        }
    }

    @Test("the observer-limit message names a derived signal by its chain")
    func limitMessageNamesTheChain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (cart, input) = Signal<Int, Never>.pipe()
            let total = cart.named("cart").map { $0 * 2 }
            total.maximumObservers = 1
            for _ in 0..<2 { total.observeValues { _ in } }
            withExtendedLifetime(input) {}
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("Signal \"cart.map\" has 2 observers, more than its maximumObservers of 1"))
    }

    @Test("observerCount follows observers added, disposed and released at termination")
    func observerCount() {
        let (signal, input) = Signal<Int, Never>.pipe()
        #expect(signal.observerCount == 0)
        let first = signal.observeValues { _ in }
        signal.observeValues { _ in }
        #expect(signal.observerCount == 2)
        first?.dispose()
        #expect(signal.observerCount == 1)
        input.sendCompleted()
        #expect(signal.observerCount == 0)
    }

    @Test("hooks are called with the count after each addition and removal, and with 0 at termination")
    func hooks() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var log: [String] = []
        signal.setObserverHooks(added: { log.append("+\($0)") }, removed: { log.append("-\($0)") })
        let first = signal.observeValues { _ in }
        let second = signal.observeValues { _ in }
        first?.dispose()
        first?.dispose()  // a second disposal removes nothing
        signal.observeValues { _ in }
        second?.dispose()
        input.sendCompleted()
        #expect(log == ["+1", "+2", "-1", "+2", "-1", "-0"])
    }

    @Test("a hook may observe the signal or dispose observations itself")
    func reentrantHook() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var received: [Int] = []
        var addedFromHook = false
        signal.setObserverHooks(added: { [weak signal] count in
            if count == 1 && !addedFromHook {
                addedFromHook = true
                signal?.observeValues { received.append($0 * 10) }
            }
        })
        signal.observeValues { received.append($0) }
        input.send(value: 1)
        #expect(signal.observerCount == 2)
        #expect(received.sorted() == [1, 10])
    }

    @Test("the observer limit allows up to its value")
    func limitAllowsUpTo() {
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.maximumObservers = 3
        for _ in 0..<3 { signal.observeValues { _ in } }
        #expect(signal.observerCount == 3)
        #expect(signal.maximumObservers == 3)
        signal.maximumObservers = nil
        signal.observeValues { _ in }
        #expect(signal.observerCount == 4)
        withExtendedLifetime(input) {}
    }

    @Test("going past the observer limit stops the program, naming the signal and the count")
    func limitExceeded() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.named("temperature").maximumObservers = 2
            for _ in 0..<3 { signal.observeValues { _ in } }
            withExtendedLifetime(input) {}
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("Signal \"temperature\" has 3 observers, more than its maximumObservers of 2"))
    }

    @Test("a limit below 1 is a misuse")
    func limitBelowOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (signal, _) = Signal<Int, Never>.pipe()
            signal.maximumObservers = 0
        }
        let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(output.contains("Signal.maximumObservers must be at least 1, got 0"))
    }

    @Test("a name shows in the description and becomes logEvents' identifier")
    func names() {
        let (signal, input) = Signal<Int, Never>.pipe()
        #expect(signal.name == nil)
        #expect(signal.description == "Signal<Int, Never>(0 observers)")
        signal.named("temperature")
        signal.observeValues { _ in }
        #expect(signal.description == "Signal<Int, Never>(\"temperature\", 1 observer)")
        var identifiers: [String] = []
        let logged = signal.logEvents(events: [.value]) { identifier, _, _, _, _ in identifiers.append(identifier) }
        #expect(logged.name == "temperature")
        logged.logEvents(identifier: "explicit", events: [.value]) { identifier, _, _, _, _ in
            identifiers.append(identifier)
        }.observeValues { _ in }
        input.send(value: 1)
        #expect(identifiers == ["temperature", "explicit"])
    }

    @Test("a producer's name shows in its description, becomes logEvents' identifier and names each run's signal")
    func producerNames() {
        let producer = SignalProducer<Int, Never>([1, 2])
        #expect(producer.name == nil)
        #expect(producer.description == "SignalProducer<Int, Never>")
        let named = producer.named("numbers")
        #expect(named.description == "SignalProducer<Int, Never>(\"numbers\")")
        #expect(named.map { $0 * 2 }.name == "numbers.map", "an operator names its producer after its source")
        var identifiers: [String] = []
        let logged = named.logEvents(events: [.value]) { identifier, _, _, _, _ in identifiers.append(identifier) }
        #expect(logged.name == "numbers")
        logged.start()
        #expect(identifiers == ["numbers", "numbers"])
        let runName = named.startWithSignal { signal, _ in signal.name }
        #expect(runName == "numbers")
    }
}
