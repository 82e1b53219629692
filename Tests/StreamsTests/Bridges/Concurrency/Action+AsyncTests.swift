import Foundation
import Streams
import Testing

/// Actions whose work is an async function.
@Suite("Actions from async code")
struct AsyncActionTests {
    struct Boom: Error, Equatable {}

    @Test("an action with async work: values, errors, executing while it runs, disabled meanwhile")
    func asyncAction() async throws {
        let gate = AsyncStream.makeStream(of: Void.self)
        let action = Action<Int, Int, Boom> { (input: Int) async throws(Boom) -> Int in
            if input < 0 { throw Boom() }
            for await _ in gate.stream { break }
            return input * 2
        }
        var values: [Int] = []
        action.values.observeValues { values.append($0) }
        let running = Task { try await action.apply(21).lastValue() }
        #expect(await eventually { action.isExecuting.value })
        #expect(!action.isEnabled.value)
        let disabled = await action.apply(1).materialize().collect().firstValue()
        #expect(disabled == [.failed(.disabled)])
        gate.continuation.yield()
        #expect(try await running.value == 42)
        #expect(await eventually { !action.isExecuting.value })
        #expect(values == [42])
        do {
            _ = try await action.apply(-1).lastValue()
            Issue.record("no error")
        } catch {
            #expect(error == .producerFailed(Boom()))
        }
    }

    @Test("actions with async work follow their enabling property and their state")
    func asyncActionState() async throws {
        let enabled = MutableProperty(false)
        let gated = Action<Int, Int, Never>(enabledIf: enabled) { (input: Int) async -> Int in input + 1 }
        #expect(!gated.isEnabled.value)
        enabled.value = true
        #expect(try await gated.apply(1).lastValue() == 2)

        let base = MutableProperty(10)
        let stateful = Action<Int, Int, Never>(state: base) { (state: Int, input: Int) async -> Int in state + input }
        #expect(try await stateful.apply(5).lastValue() == 15)
    }
}
