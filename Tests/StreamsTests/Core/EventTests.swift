import Testing
@testable import Streams

private typealias IntEvent = Signal<Int, TestError>.Event

/// One event of each kind, so that properties can be checked over all of them.
private let allKinds: [IntEvent] = [.value(7), .failed(.first), .completed, .interrupted]

private func requireSendable<T: Sendable>(_: T.Type) {}

@Suite("Event")
struct EventTests {
    @Test("isTerminating is false only for values")
    func isTerminating() {
        let terminating = allKinds.map(\.isTerminating)
        #expect(terminating == [false, true, true, true])
    }

    @Test("isCompleted is true only for completed")
    func isCompleted() {
        let completed = allKinds.map(\.isCompleted)
        #expect(completed == [false, false, true, false])
    }

    @Test("value carries the value of a value event, and nothing else")
    func value() {
        for payload in [-3, 0, 42] {
            #expect(IntEvent.value(payload).value == payload)
        }
        #expect(IntEvent.failed(.first).value == nil)
        #expect(IntEvent.completed.value == nil)
        #expect(IntEvent.interrupted.value == nil)
    }

    @Test("error carries the error of a failed event, and nothing else")
    func error() {
        #expect(IntEvent.failed(.first).error == .first)
        #expect(IntEvent.failed(.second).error == .second)
        #expect(IntEvent.value(1).error == nil)
        #expect(IntEvent.completed.error == nil)
        #expect(IntEvent.interrupted.error == nil)
    }

    @Test("map transforms values and keeps terminal events")
    func map() {
        var calls = 0
        let mapped = allKinds.map { event in
            event.map { value -> String in
                calls += 1
                return "<\(value * 2)>"
            }
        }
        #expect(mapped == [.value("<14>"), .failed(.first), .completed, .interrupted])
        // The transform runs for the value event only.
        #expect(calls == 1)
    }

    @Test("mapError transforms errors and keeps other events")
    func mapError() {
        struct Wrapped: Swift.Error, Equatable { let inner: TestError }
        var calls = 0
        let mapped = allKinds.map { event in
            event.mapError { error -> Wrapped in
                calls += 1
                return Wrapped(inner: error)
            }
        }
        #expect(mapped == [.value(7), .failed(Wrapped(inner: .first)), .completed, .interrupted])
        #expect(calls == 1)
    }

    @Test("== compares kind and payload")
    func equality() {
        for (i, lhs) in allKinds.enumerated() {
            for (j, rhs) in allKinds.enumerated() {
                #expect((lhs == rhs) == (i == j), "\(lhs) vs \(rhs)")
            }
        }
        #expect(IntEvent.value(1) != IntEvent.value(2))
        #expect(IntEvent.value(2) == IntEvent.value(2))
        #expect(IntEvent.failed(.first) != IntEvent.failed(.second))
    }

    @Test("description reads VALUE, FAILED, COMPLETED, INTERRUPTED as in ReactiveSwift")
    func description() {
        #expect(IntEvent.value(42).description == "VALUE 42")
        #expect(IntEvent.failed(.second).description == "FAILED \(TestError.second)")
        #expect(IntEvent.completed.description == "COMPLETED")
        #expect(IntEvent.interrupted.description == "INTERRUPTED")
        #expect(String(describing: Signal<String, Never>.Event.value("x")) == "VALUE x")
    }

    @Test("a Termination round-trips through Event and through an Observer")
    func terminationRoundTrip() {
        let terminations: [Termination<TestError>] = [.failed(.second), .completed, .interrupted]
        let expected: [IntEvent] = [.failed(.second), .completed, .interrupted]
        #expect(terminations.map(IntEvent.init) == expected)
        // Every one of them is terminating, and converts back to the same termination.
        for (termination, event) in zip(terminations, terminations.map(IntEvent.init)) {
            #expect(event.isTerminating)
            let back: Termination<TestError>? = switch event {
            case let .failed(error): .failed(error)
            case .completed: .completed
            case .interrupted: .interrupted
            case .value: nil
            }
            #expect(back == termination)
        }

        // The operator-facing entry points of an observer map to the same events.
        var received: [IntEvent] = []
        let observer = Signal<Int, TestError>.Observer { received.append($0) }
        let base: Streams.Observer<Int, TestError> = observer
        base.receive(5)
        for termination in terminations { base.terminate(termination) }
        #expect(received == [.value(5)] + expected)
    }

    @Test("event of EventProtocol is the event itself")
    func eventProtocol() {
        func unwrap<E: EventProtocol>(_ e: E) -> Signal<E.Value, E.Error>.Event { e.event }
        for event in allKinds {
            #expect(unwrap(event) == event)
        }
    }

    @Test("Event and Termination are Sendable when their payloads are")
    func sendable() {
        requireSendable(Signal<Int, TestError>.Event.self)
        requireSendable(Termination<TestError>.self)
        let sent: @Sendable () -> IntEvent = { [event = IntEvent.value(3)] in event }
        #expect(sent() == .value(3))
    }
}
