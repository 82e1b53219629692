import Testing
@testable import Streams

// take(until:) and skip(until:) with a trigger stream, on signals and producers.

/// The ways a trigger can fire: a value or its completion.
enum TriggerFiring: String, CaseIterable, Sendable {
    case value
    case completion

    func fire(_ trigger: Signal<(), Never>.Observer) {
        switch self {
        case .value: trigger.send(value: ())
        case .completion: trigger.sendCompleted()
        }
    }
}

@Suite("Operators: take(until:) with a trigger")
struct TakeUntilTriggerTests {
    @Test("a signal's take(until:) forwards until the trigger fires, then completes and stops observing both",
          arguments: TriggerFiring.allCases)
    func signalTrigger(firing: TriggerFiring) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.take(until: trigger).observe(log.observer)
        input.send(value: 1)
        input.send(value: 2)
        firing.fire(triggerInput)
        #expect(signal.core.observerCount == 0)
        #expect(trigger.core.observerCount == 0)
        input.send(value: 3)
        input.send(error: .first)
        triggerInput.sendCompleted()
        #expect(log.events == values([1, 2], then: .completed))
    }

    @Test("a signal's take(until:) ignores the trigger's interruption and goes on", arguments: terminalEvents)
    func signalTriggerInterrupted(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.take(until: trigger).observe(log.observer)
        input.send(value: 1)
        triggerInput.sendInterrupted()
        input.send(value: 2)
        input.send(terminal)
        #expect(log.events == values([1, 2], then: terminal))
    }

    @Test("a signal's take(until:) passes the source's terminal event and stops observing the trigger",
          arguments: terminalEvents)
    func signalSourceTerminal(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.take(until: trigger).observe(log.observer)
        input.send(value: 1)
        input.send(terminal)
        #expect(trigger.core.observerCount == 0)
        triggerInput.send(value: ())
        #expect(log.events == values([1], then: terminal))
    }

    @Test("a trigger that has already terminated is ignored: take(until:) forwards everything")
    func signalTerminatedTrigger() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        triggerInput.sendCompleted()
        let log = EventLog<Int, TestError>()
        signal.take(until: trigger).observe(log.observer)
        input.send(value: 1)
        input.sendCompleted()
        #expect(log.events == values([1], then: .completed))
    }

    @Test("a producer's take(until:) starts the trigger first: a trigger firing at once means the source never starts",
          arguments: TriggerFiring.allCases)
    func producerImmediateTrigger(firing: TriggerFiring) {
        var order: [String] = []
        let trigger = SignalProducer<(), Never> { observer, _ in
            order.append("trigger")
            firing.fire(observer)
        }
        let source = SignalProducer<Int, TestError> { observer, _ in
            order.append("source")
            observer.send(value: 1)
        }
        let log = EventLog<Int, TestError>()
        source.take(until: trigger).start(log.observer)
        #expect(log.events == [.completed])
        #expect(order == ["trigger"])

        let quiet = SignalProducer<(), Never> { _, _ in order.append("quiet trigger") }
        // Neither the quiet trigger nor the source ever ends: the run lasts until disposed.
        let run = source.take(until: quiet).start()
        #expect(order == ["trigger", "quiet trigger", "source"])
        run.dispose()
        #expect(run.isDisposed)
    }

    @Test("a producer's take(until:) forwards until the trigger fires, then completes and ends both runs",
          arguments: TriggerFiring.allCases)
    func producerTrigger(firing: TriggerFiring) {
        let source = ManualSource<Int, TestError>()
        let trigger = ManualSource<(), Never>()
        let log = EventLog<Int, TestError>()
        let run = source.producer.take(until: trigger.producer).start(log.observer)
        #expect(trigger.starts == 1 && source.starts == 1)
        source.input.send(value: 1)
        firing.fire(trigger.input)
        #expect(source.lifetime.hasEnded)
        #expect(trigger.lifetime.hasEnded)
        #expect(run.isDisposed)
        source.send(values([2], then: .failed(.first)))
        #expect(log.events == values([1], then: .completed))
    }

    @Test("a producer's take(until:) ignores the trigger's interruption", arguments: terminalEvents)
    func producerTriggerInterrupted(terminal: Signal<Int, TestError>.Event) {
        let source = ManualSource<Int, TestError>()
        let interrupting = SignalProducer<(), Never> { observer, _ in observer.sendInterrupted() }
        let log = EventLog<Int, TestError>()
        source.producer.take(until: interrupting).start(log.observer)
        source.send(values([1, 2], then: terminal))
        #expect(log.events == values([1, 2], then: terminal))
    }

    @Test("a producer's take(until:) passes the source's terminal event and ends the trigger's run",
          arguments: terminalEvents)
    func producerSourceTerminal(terminal: Signal<Int, TestError>.Event) {
        let trigger = ManualSource<(), Never>()
        expectOutputs(of: values([1, 2], then: terminal),
                      signal: { $0.take(until: Signal<(), Never>.never) },
                      producer: { $0.take(until: trigger.producer) },
                      equal: values([1, 2], then: terminal))
        #expect(trigger.starts == 2)
        #expect(trigger.lifetimes.allSatisfy { $0.hasEnded })
    }

    @Test("the trigger firing stops a producer's source: a synchronous sequence and a looping start handler")
    func producerTriggerStopsSource() {
        let trigger = ManualSource<(), Never>()
        let read = TestCounter()
        let sequence = SignalProducer<Int, TestError>((0..<1_000_000).lazy.map { value -> Int in
            read.increment()
            return value
        })
        let fromSequence = EventLog<Int, TestError>()
        sequence.take(until: trigger.producer).start { event in
            fromSequence.append(event)
            if event.value == 2 { trigger.input.send(value: ()) }
        }
        #expect(fromSequence.events == values([0, 1, 2], then: .completed))
        #expect(read.value <= 4)

        let produced = TestCounter()
        let looping = SignalProducer<Int, TestError> { observer, lifetime in
            for value in 0..<1_000_000 {
                if lifetime.hasEnded { return }
                produced.increment()
                observer.send(value: value)
            }
            observer.sendCompleted()
        }
        let fromHandler = EventLog<Int, TestError>()
        looping.take(until: trigger.producer).start { event in
            fromHandler.append(event)
            if event.value == 2 { trigger.input.sendCompleted() }
        }
        #expect(fromHandler.events == values([0, 1, 2], then: .completed))
        #expect(produced.value == 3)
    }

    @Test("disposing a producer's take(until:) run interrupts it and ends both runs")
    func producerDisposal() {
        let source = ManualSource<Int, TestError>()
        let trigger = ManualSource<(), Never>()
        let log = EventLog<Int, TestError>()
        let run = source.producer.take(until: trigger.producer).start(log.observer)
        source.input.send(value: 1)
        run.dispose()
        #expect(source.lifetime.hasEnded)
        #expect(trigger.lifetime.hasEnded)
        trigger.input.send(value: ())
        #expect(log.events == values([1], then: .interrupted))

        let (events, produced) = disposedFromObserver(afterValues: 2) { $0.take(until: SignalProducer<(), Never>.never) }
        #expect(events == values([0, 1], then: .interrupted))
        #expect(produced <= 3)
    }

    @Test("take(until:) accepts anything that gives a producer, such as a signal")
    func producerConvertibleTrigger() {
        let source = ManualSource<Int, TestError>()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        source.producer.take(until: trigger).start(log.observer)
        source.input.send(value: 1)
        triggerInput.send(value: ())
        #expect(source.lifetime.hasEnded)
        #expect(trigger.core.observerCount == 0)
        #expect(log.events == values([1], then: .completed))
    }
}

@Suite("Operators: skip(until:) with a trigger")
struct SkipUntilTriggerTests {
    @Test("a signal's skip(until:) drops values until the trigger fires, then forwards everything",
          arguments: TriggerFiring.allCases)
    func signalTrigger(firing: TriggerFiring) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.skip(until: trigger).observe(log.observer)
        #expect(signal.core.observerCount == 0)
        input.send(value: 1)
        firing.fire(triggerInput)
        #expect(trigger.core.observerCount == 0)
        #expect(signal.core.observerCount == 1)
        input.send(value: 2)
        input.send(value: 3)
        triggerInput.send(value: ())
        input.sendCompleted()
        #expect(log.events == values([2, 3], then: .completed))
    }

    @Test("a signal's skip(until:) forwards the source's terminal event after the trigger", arguments: terminalEvents)
    func signalTerminalAfterTrigger(terminal: Signal<Int, TestError>.Event) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.skip(until: trigger).observe(log.observer)
        triggerInput.send(value: ())
        input.send(value: 1)
        input.send(terminal)
        #expect(log.events == values([1], then: terminal))
    }

    @Test("a signal's skip(until:) is interrupted when the trigger is interrupted before firing: nothing can feed it")
    func signalTriggerInterrupted() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.skip(until: trigger).observe(log.observer)
        input.send(value: 1)
        triggerInput.sendInterrupted()
        #expect(log.events == [.interrupted])
        input.send(value: 2)
        input.sendCompleted()
        #expect(log.events == [.interrupted])
        #expect(trigger.core.observerCount == 0)
        #expect(signal.core.observerCount == 0)
    }

    @Test("a producer's skip(until:) with a trigger interrupted at once is interrupted without starting the source")
    func producerTriggerInterrupted() {
        let source = ManualSource<Int, TestError>()
        let interrupting = SignalProducer<(), Never> { observer, _ in observer.sendInterrupted() }
        let log = EventLog<Int, TestError>()
        source.producer.skip(until: interrupting).start(log.observer)
        #expect(log.events == [.interrupted])
        #expect(source.starts == 0)
    }

    @Test("a signal's skip(until:) does not see a terminal event sent before the trigger; firing then interrupts")
    func signalTerminalBeforeTrigger() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        signal.skip(until: trigger).observe(log.observer)
        input.send(value: 1)
        input.sendCompleted()
        #expect(log.events.isEmpty)
        triggerInput.send(value: ())
        #expect(log.events == [.interrupted])
    }

    @Test("a producer's skip(until:) starts the trigger first: a trigger firing at once lets everything through",
          arguments: TriggerFiring.allCases)
    func producerImmediateTrigger(firing: TriggerFiring) {
        var order: [String] = []
        let trigger = SignalProducer<(), Never> { observer, _ in
            order.append("trigger")
            firing.fire(observer)
        }
        let source = SignalProducer<Int, TestError> { observer, _ in
            order.append("source")
            observer.send(value: 1)
            observer.send(value: 2)
            observer.sendCompleted()
        }
        let log = EventLog<Int, TestError>()
        source.skip(until: trigger).start(log.observer)
        #expect(order == ["trigger", "source"])
        #expect(log.events == values([1, 2], then: .completed))
        let fromSequence = EventLog<Int, TestError>()
        SignalProducer<Int, TestError>([3, 4]).skip(until: trigger).start(fromSequence.observer)
        #expect(fromSequence.events == values([3, 4], then: .completed))
    }

    @Test("a producer's skip(until:) drops the values before the trigger fires; its end ends both runs",
          arguments: terminalEvents)
    func producerTrigger(terminal: Signal<Int, TestError>.Event) {
        let source = ManualSource<Int, TestError>()
        let trigger = ManualSource<(), Never>()
        let log = EventLog<Int, TestError>()
        source.producer.skip(until: trigger.producer).start(log.observer)
        source.input.send(value: 1)
        trigger.input.send(value: ())
        source.send(values([2, 3], then: terminal))
        #expect(log.events == values([2, 3], then: terminal))
        #expect(source.lifetime.hasEnded)
        #expect(trigger.lifetime.hasEnded)
    }

    @Test("a producer's skip(until:) with a trigger that never fires drops everything, the terminal event too")
    func producerTriggerNeverFires() {
        let log = EventLog<Int, TestError>()
        let run = SignalProducer<Int, TestError>([1, 2]).skip(until: SignalProducer<(), Never>.never).start(log.observer)
        #expect(log.events.isEmpty)
        run.dispose()
        #expect(log.events == [.interrupted])
    }

    @Test("disposing a producer's skip(until:) run interrupts it and ends both runs")
    func producerDisposal() {
        let source = ManualSource<Int, TestError>()
        let trigger = ManualSource<(), Never>()
        let log = EventLog<Int, TestError>()
        let run = source.producer.skip(until: trigger.producer).start(log.observer)
        trigger.input.send(value: ())
        source.input.send(value: 1)
        run.dispose()
        #expect(source.lifetime.hasEnded)
        #expect(trigger.lifetime.hasEnded)
        #expect(log.events == values([1], then: .interrupted))
    }

    @Test("skip(until:) accepts anything that gives a producer, such as a signal")
    func producerConvertibleTrigger() {
        let source = ManualSource<Int, TestError>()
        let (trigger, triggerInput) = Signal<(), Never>.pipe()
        let log = EventLog<Int, TestError>()
        source.producer.skip(until: trigger).start(log.observer)
        source.input.send(value: 1)
        triggerInput.send(value: ())
        source.send(values([2], then: .completed))
        #expect(log.events == values([2], then: .completed))
    }
}
