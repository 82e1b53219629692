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

@Suite("ValidatingProperty")
struct ValidatingPropertyTests {
    enum AgeError: Swift.Error, Equatable { case negative, tooOld }

    @Test("valid values are stored, coerced ones replaced, invalid ones rejected but reported")
    func decisions() {
        let age = ValidatingProperty<Int, AgeError>(0) { value in
            if value < 0 { return .invalid(.negative) }
            if value > 150 { return .coerced(150, .tooOld) }
            return .valid
        }
        age.value = 30
        #expect(age.value == 30)
        #expect(age.result.value.value == 30)
        age.value = -1
        #expect(age.value == 30)
        #expect(age.result.value.isInvalid)
        #expect(age.result.value.error == .negative)
        age.value = 200
        #expect(age.value == 150)
        #expect(age.result.value.error == .tooOld)
        #expect(age.result.value.value == 150)
    }

    @Test("a validated action is enabled only while the proposal is valid")
    func validatedAction() {
        let name = ValidatingProperty<String, AgeError>("") { $0.isEmpty ? .invalid(.negative) : .valid }
        let save = Action<Void, String, Never>(validated: name) { SignalProducer(value: $0) }
        #expect(!save.isEnabled.value)
        name.value = "Ada"
        #expect(save.isEnabled.value)
        var saved: [String] = []
        save.values.observeValues { saved.append($0) }
        save.apply().start()
        #expect(saved == ["Ada"])
    }

    @Test("a property validated against another revalidates when the other changes")
    func withOther() {
        let maximum = MutableProperty(10)
        let value = ValidatingProperty<Int, AgeError>(5, with: maximum) { value, maximum in
            value <= maximum ? .valid : .invalid(.tooOld)
        }
        value.value = 12
        #expect(value.result.value.isInvalid)
        #expect(value.value == 5)
        maximum.value = 20
        #expect(!value.result.value.isInvalid)
        #expect(value.value == 12)
    }
}
