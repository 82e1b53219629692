import Foundation
import Testing
@testable import Streams

// Helpers shared by the tests of the combining operators.

/// A producer driven by the test: each start records the run's input and lifetime, and counts
/// the runs that ended (by their own terminal event or by disposal).
final class CombiningProbe<Value, Error: Swift.Error>: @unchecked Sendable {
    private(set) var inputs: [Signal<Value, Error>.Observer] = []
    private(set) var lifetimes: [Lifetime] = []
    let ended = TestCounter()

    init() {}

    var producer: SignalProducer<Value, Error> {
        SignalProducer { [self] observer, lifetime in
            inputs.append(observer)
            lifetimes.append(lifetime)
            lifetime.observeEnded { [ended] in ended.increment() }
        }
    }

    var starts: Int { inputs.count }

    /// The input of the latest run.
    var input: Signal<Value, Error>.Observer { inputs[inputs.count - 1] }

    /// Whether the latest run has ended.
    var hasEnded: Bool { lifetimes[lifetimes.count - 1].hasEnded }
}

/// Records the events of a stream as short strings, in order: `"1"`, `"(1, a)"`, `"|"` for
/// completion, `"#first"` for a failure, `"!"` for interruption.
final class Transcript: @unchecked Sendable {
    private(set) var entries: [String] = []

    init() {}

    func observer<Value, Error>(_ describe: @escaping (Value) -> String = { "\($0)" }) -> Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { [self] event in
            switch event {
            case let .value(value): entries.append(describe(value))
            case let .failed(error): entries.append("#\(error)")
            case .completed: entries.append("|")
            case .interrupted: entries.append("!")
            }
        }
    }
}

/// The pairs of a stream of tuples, described as `"(a, b)"` without quotes around strings.
func pair<A, B>(_ value: (A, B)) -> String { "(\(value.0), \(value.1))" }

/// A signal that can't fail, forwarding the values and end of a signal that can (its error is
/// dropped, the result then interrupted): marble signals fail with `MarbleError`, samplers and
/// samplees must not fail.
func neverFailing<Value, Error>(_ signal: Signal<Value, Error>) -> Signal<Value, Never> {
    Signal { observer, lifetime in
        lifetime += signal.observe { event in
            switch event {
            case let .value(value): observer.send(value: value)
            case .completed: observer.sendCompleted()
            case .failed, .interrupted: observer.sendInterrupted()
            }
        }
    }
}
