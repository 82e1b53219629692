import Foundation
import Testing
@testable import Streams

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
