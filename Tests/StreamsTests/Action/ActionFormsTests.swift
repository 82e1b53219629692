import Foundation
import Testing
@testable import Streams

@Suite("Action: every initialiser, its signals and its binding target")
struct ActionFormsTests {
    @Test("init(execute:) is enabled whenever it is not executing, and reports values, errors, completion and events")
    func plain() {
        let (work, workInput) = Signal<Int, TestError>.pipe()
        let action = Action<Int, Int, TestError> { input in SignalProducer(work).map { $0 * input } }
        var values: [Int] = []
        var completions = 0
        let events = EventLog<Signal<Int, TestError>.Event, Never>()
        action.values.observeValues { values.append($0) }
        action.completed.observeValues { completions += 1 }
        action.events.observe(events.observer)
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)

        let run = EventLog<Int, ActionError<TestError>>()
        action.apply(10).start(run.observer)
        #expect(action.isExecuting.value)
        #expect(!action.isEnabled.value)
        workInput.send(value: 1)
        workInput.send(value: 2)
        workInput.sendCompleted()
        #expect(run.events == [.value(10), .value(20), .completed])
        #expect(values == [10, 20])
        #expect(completions == 1)
        #expect(events.values == [.value(10), .value(20), .completed])
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)
    }

    @Test("init(enabledIf:) follows the Boolean property; each disabled apply fails with .disabled and sends on disabledErrors")
    func enabledIf() {
        let allowed = MutableProperty(false)
        let action = Action<Void, Int, Never>(enabledIf: allowed) { SignalProducer(value: 1) }
        var disabled = 0
        action.disabledErrors.observeValues { disabled += 1 }
        var enabledChanges: [Bool] = []
        action.isEnabled.producer.startWithValues { enabledChanges.append($0) }

        let refused = EventLog<Int, ActionError<Never>>()
        action.apply().start(refused.observer)
        action.apply().start()
        #expect(refused.events == [.failed(.disabled)])
        #expect(disabled == 2)

        allowed.value = true
        let accepted = EventLog<Int, ActionError<Never>>()
        action.apply().start(accepted.observer)
        #expect(accepted.events == [.value(1), .completed])
        #expect(disabled == 2)
        allowed.value = false
        // Enabled by the property, disabled while the run executed, enabled after it, disabled by
        // the property; never the same value twice in a row.
        #expect(enabledChanges == [false, true, false, true, false])
    }

    @Test("init(state:execute:) hands the work the state as it was when the run started")
    func state() {
        let multiplier = MutableProperty(2)
        let action = Action<Int, Int, Never>(state: multiplier) { factor, input in
            SignalProducer(value: factor * input)
        }
        var values: [Int] = []
        action.values.observeValues { values.append($0) }
        action.apply(5).start()
        multiplier.value = 3
        action.apply(5).start()
        #expect(values == [10, 15])

        // The Void form reads the state alone.
        let greeting = MutableProperty("hi")
        let speak = Action<Void, String, Never>(state: greeting) { (text: String) in SignalProducer(value: text) }
        let said = EventLog<String, ActionError<Never>>()
        speak.apply().start(said.observer)
        #expect(said.values == ["hi"])
    }

    @Test("init(unwrapping:) is enabled only while the state holds a value, and hands the work the unwrapped value")
    func unwrapping() {
        let user = MutableProperty<String?>(nil)
        let load = Action<Int, String, Never>(unwrapping: user) { (name: String, page: Int) in
            SignalProducer(value: "\(name)#\(page)")
        }
        #expect(!load.isEnabled.value)
        let refused = EventLog<String, ActionError<Never>>()
        load.apply(1).start(refused.observer)
        #expect(refused.events == [.failed(.disabled)])

        user.value = "ada"
        #expect(load.isEnabled.value)
        let loaded = EventLog<String, ActionError<Never>>()
        load.apply(2).start(loaded.observer)
        #expect(loaded.events == [.value("ada#2"), .completed])

        let refresh = Action<Void, String, Never>(unwrapping: user) { (name: String) in SignalProducer(value: name) }
        let refreshed = EventLog<String, ActionError<Never>>()
        refresh.apply().start(refreshed.observer)
        #expect(refreshed.values == ["ada"])
    }

    @Test("init(validated:) in its Void form runs with the valid value")
    func validatedVoid() {
        let name = ValidatingProperty<String, TestError>("") { $0.isEmpty ? .invalid(.first) : .valid }
        let save = Action<Void, String, Never>(validated: name) { (value: String) in SignalProducer(value: value.uppercased()) }
        #expect(!save.isEnabled.value)
        name.value = "ada"
        let saved = EventLog<String, ActionError<Never>>()
        save.apply().start(saved.observer)
        #expect(saved.values == ["ADA"])
    }

    @Test("a failing run fails with .producerFailed, sends the error on errors and the failure on events")
    func failure() {
        let action = Action<Void, Int, TestError> { SignalProducer(error: .second) }
        var errors: [TestError] = []
        var completions = 0
        action.errors.observeValues { errors.append($0) }
        action.completed.observeValues { completions += 1 }
        let events = EventLog<Signal<Int, TestError>.Event, Never>()
        action.events.observe(events.observer)
        let run = EventLog<Int, ActionError<TestError>>()
        action.apply().start(run.observer)
        #expect(run.events == [.failed(.producerFailed(.second))])
        #expect(errors == [.second])
        #expect(completions == 0)
        #expect(events.values == [.failed(.second)])
    }

    @Test("disposing a run interrupts the work and makes the action enabled again")
    func disposeRun() {
        let interrupted = TestCounter()
        let action = Action<Void, Int, Never> {
            SignalProducer.never.on(interrupted: { interrupted.increment() })
        }
        let run = action.apply().start()
        #expect(action.isExecuting.value)
        run.dispose()
        #expect(interrupted.value == 1)
        #expect(!action.isExecuting.value)
        #expect(action.isEnabled.value)
    }

    @Test("an action is a binding target: each value bound applies it, a disabled apply is reported, not lost silently")
    func bindingTarget() {
        let (work, workInput) = Signal<Int, Never>.pipe()
        let action = Action<Int, Int, Never> { input in SignalProducer(work).map { $0 + input } }
        var disabled = 0
        var values: [Int] = []
        action.disabledErrors.observeValues { disabled += 1 }
        action.values.observeValues { values.append($0) }
        let (inputs, inputsInput) = Signal<Int, Never>.pipe()
        action <~ inputs
        inputsInput.send(value: 100)
        #expect(action.isExecuting.value)
        inputsInput.send(value: 200)
        #expect(disabled == 1, "the second input arrived while the first run was executing")
        workInput.send(value: 1)
        workInput.sendCompleted()
        #expect(values == [101])
        inputsInput.sendCompleted()
    }

    @Test("deinitializing an action completes its signals and ends its lifetime")
    func deinitCompletes() {
        let events = EventLog<Signal<Int, Never>.Event, Never>()
        let disabled = EventLog<(), Never>()
        var ended = false
        do {
            let action = Action<Void, Int, Never> { SignalProducer(value: 1) }
            action.events.observe(events.observer)
            action.disabledErrors.observe(disabled.observer)
            action.lifetime.observeEnded { ended = true }
        }
        #expect(ended)
        #expect(events.terminals == [.completed])
        #expect(disabled.terminals.count == 1)
    }
}

extension ConcurrencySuites {
    @Suite("Action Concurrency")
    struct ActionConcurrencyTests {
        @Test("applies from many threads at once: one run at a time, every other apply fails with .disabled")
        func concurrentApplies() {
            let overlap = OverlapDetector()
            let runs = TestCounter()
            let refusals = TestCounter()
            let action = Action<Void, Int, Never> {
                SignalProducer { observer, _ in
                    overlap.enter()
                    runs.increment()
                    _ = spin(2_000)
                    overlap.leave()
                    observer.send(value: 1)
                    observer.sendCompleted()
                }
            }
            let disabledReports = TestCounter()
            action.disabledErrors.observeValues { disabledReports.increment() }
            let threads = 8
            let appliesPerThread = 200
            let done = (0..<threads).map { _ in
                onNewThread {
                    for _ in 0..<appliesPerThread {
                        action.apply().start { event in
                            if case .failed(.disabled) = event { refusals.increment() }
                        }
                    }
                }
            }
            for semaphore in done { semaphore.wait() }
            #expect(overlap.overlaps == 0, "two runs of one action never execute at once")
            #expect(runs.value + refusals.value == threads * appliesPerThread)
            #expect(runs.value >= 1)
            #expect(disabledReports.value == refusals.value)
            #expect(!action.isExecuting.value)
            #expect(action.isEnabled.value)
        }
    }
}
