// The blocking operators of a producer, `first()`, `last()`, `single()` and `wait()`, called by
// a consumer of a synchronous pipeline: the model says what the run does and what the call
// returns; the runner calls the operator and records its result.
//
// A blocking call on a pipeline that needs the test scheduler would never return, so a case
// calls them only if it is synchronous (`Case.isSynchronous`): otherwise its blocking consumer
// is left out, on both sides alike.

import Streams

extension Op {
    /// Whether the operator runs inside the start of its run, given synchronous inputs: it uses
    /// no scheduler and no lifetime.
    var isSynchronous: Bool {
        switch self {
        case .takeDuring, .throttleWhile: return false
        default: return !isTimeOperator && schedulers.isEmpty
        }
    }
}

extension Case {
    /// Whether every run of the pipeline ends inside its start: a producer chain of synchronous
    /// operators whose inputs all send everything, a terminal event included, when started.
    var isSynchronous: Bool {
        form == .producer && ops.allSatisfy(\.isSynchronous) && inputs.allSatisfy { input in
            switch input.kind {
            case .sequence: return true
            case .sync: return input.steps.contains { $0.events.contains(where: \.isTerminal) }
            default: return false
            }
        }
    }
}

extension Blocking {
    /// The run the call makes of `pipeline` from `start`, whose events the consumer does not
    /// see, and what the call returns, as the runner prints it.
    ///
    /// - `first()` stops the run at its first value: that value; the failure if the run failed
    ///   before one; `nil` if it ended without one.
    /// - `single()` stops the run at its second value: the value if there was exactly one and
    ///   the run then completed or was interrupted; the failure if it failed after at most one
    ///   value; `nil` if there was no value, or a second one.
    /// - `last()` lets the run end: its last value if it completed after sending one; the
    ///   failure if it failed; `nil` if it completed without a value or was interrupted.
    /// - `wait()` lets the run end: the failure if it failed, `success` otherwise.
    func model(_ pipeline: MStream, start: Moment) -> (Run, String) {
        let stream: MStream
        switch self {
        case .first: stream = FusedNode(upstream: pipeline, transform: Fused.take(first: 1))
        case .single: stream = FusedNode(upstream: pipeline, transform: Fused.take(first: 2))
        case .last, .wait: stream = pipeline
        }
        var run = stream.run(start, nil)
        let values = run.events.compactMap(\.item.value)
        var failure: String?
        var completed = false
        switch run.events.last?.item {
        case let .failed(label)?: failure = label
        case .completed?: completed = true
        default: break
        }
        let result: String
        switch self {
        case .first:
            result = values.first.map { "success(\($0))" } ?? failure.map { "failure(\($0))" } ?? "nil"
        case .single:
            if let failure {
                result = values.count <= 1 ? "failure(\(failure))" : "nil"
            } else {
                result = values.count == 1 ? "success(\(values[0]))" : "nil"
            }
        case .last:
            if let failure {
                result = "failure(\(failure))"
            } else {
                result = completed ? values.last.map { "success(\($0))" } ?? "nil" : "nil"
            }
        case .wait:
            result = failure.map { "failure(\($0))" } ?? "success"
        }
        run.events = []
        return (run, result)
    }

    /// Calls the operator on `producer` and describes its result.
    func call(_ producer: SignalProducer<MValue, TE>) -> String {
        func describe(_ result: Result<MValue, TE>?) -> String {
            switch result {
            case let .success(value)?: return "success(\(value))"
            case let .failure(error)?: return "failure(\(error.label))"
            case nil: return "nil"
            }
        }
        switch self {
        case .first: return describe(producer.first())
        case .single: return describe(producer.single())
        case .last: return describe(producer.last())
        case .wait:
            switch producer.wait() {
            case .success: return "success"
            case let .failure(error): return "failure(\(error.label))"
            }
        }
    }
}
