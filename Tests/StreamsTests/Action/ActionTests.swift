import Foundation
import Testing
@testable import Streams

@Suite("Action")
struct ActionTests {
    @Test("an action runs when enabled, reports its events, and is disabled while executing")
    func enabledAndExecuting() {
        let email = MutableProperty("")
        let (work, workInput) = Signal<String, TestError>.pipe()
        let submit = Action<Void, String, TestError>(state: email, enabledIf: { $0.contains("@") }) { address, _ in
            SignalProducer(work).map { "\($0) \(address)" }
        }
        var values: [String] = []
        var disabled = 0
        submit.values.observeValues { values.append($0) }
        submit.disabledErrors.observeValues { disabled += 1 }
        #expect(!submit.isEnabled.value)
        var firstRun: [Signal<String, ActionError<TestError>>.Event] = []
        submit.apply().start { firstRun.append($0) }
        #expect(firstRun == [.failed(.disabled)])
        #expect(disabled == 1)

        email.value = "ada@example.com"
        #expect(submit.isEnabled.value)
        submit.apply().start()
        #expect(submit.isExecuting.value)
        #expect(!submit.isEnabled.value)
        var secondRun: [Signal<String, ActionError<TestError>>.Event] = []
        submit.apply().start { secondRun.append($0) }
        #expect(secondRun == [.failed(.disabled)])
        workInput.send(value: "sent to")
        workInput.sendCompleted()
        #expect(values == ["sent to ada@example.com"])
        #expect(!submit.isExecuting.value)
        #expect(submit.isEnabled.value)
    }

    @Test("a failing execution reports producerFailed and the error on errors")
    func failure() {
        let action = Action<Int, Int, TestError> { _ in SignalProducer(error: .first) }
        var errors: [TestError] = []
        action.errors.observeValues { errors.append($0) }
        var events: [Signal<Int, ActionError<TestError>>.Event] = []
        action.apply(1).start { events.append($0) }
        #expect(events == [.failed(.producerFailed(.first))])
        #expect(errors == [.first])
        #expect(action.isEnabled.value)
    }
}
