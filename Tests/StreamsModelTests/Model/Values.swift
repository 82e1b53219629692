// The values and events the model (and the generated pipelines) work with.
//
// Every pipeline carries one value type, `MValue`, so that any operator can follow any other:
// operators that change the type (`collect`, `combineLatest`, `materialize`...) are followed in the
// Streams pipeline by a `map` into `MValue`, which changes nothing the model has to know about.

/// A value of a generated pipeline.
indirect enum MValue: Hashable, Codable, CustomStringConvertible, Sendable {
    case int(Int)
    /// What `collect` sends.
    case list([MValue])
    /// What `combineLatest`, `zip`, `sample(with:)` and `withLatest(from:)` send.
    case pair(MValue, MValue)
    /// What `materialize` sends.
    case event(MEvent)

    var description: String {
        switch self {
        case let .int(n): return "\(n)"
        case let .list(values): return "[" + values.map(\.description).joined(separator: ",") + "]"
        case let .pair(a, b): return "(\(a),\(b))"
        case let .event(event): return "<\(event.symbol)>"
        }
    }

    /// A small integer every value has, for the predicates and for choosing inner streams.
    var key: Int {
        switch self {
        case let .int(n): return n
        case let .list(values): return values.reduce(values.count * 10) { $0 + $1.key }
        case let .pair(a, b): return a.key + 2 * b.key
        case let .event(event):
            switch event {
            case let .value(v): return v.key + 1
            case .failed: return 7
            case .completed: return 5
            case .interrupted: return 3
            }
        }
    }

    /// `self` with `k` added to every integer in it: what the generated `map` does.
    func plus(_ k: Int) -> MValue {
        switch self {
        case let .int(n): return .int(n + k)
        case let .list(values): return .list(values.map { $0.plus(k) })
        case let .pair(a, b): return .pair(a.plus(k), b.plus(k))
        case let .event(.value(v)): return .event(.value(v.plus(k)))
        case .event: return self
        }
    }

    /// What the generated `scan` and `reduce` accumulate.
    static func fold(_ accumulated: MValue, _ value: MValue) -> MValue {
        .int(accumulated.key + value.key)
    }
}

/// An event of a generated pipeline; errors are labels (`e2`: input 2 failed; `t`: a timeout).
enum MEvent: Hashable, Codable, CustomStringConvertible, Sendable {
    case value(MValue)
    case failed(String)
    case completed
    case interrupted

    var isTerminal: Bool {
        if case .value = self { return false }
        return true
    }

    var value: MValue? {
        if case let .value(v) = self { return v }
        return nil
    }

    /// The event as in a marble diagram: the value, `#label`, `|` or `!`.
    var symbol: String {
        switch self {
        case let .value(v): return v.description
        case let .failed(label): return "#\(label)"
        case .completed: return "|"
        case .interrupted: return "!"
        }
    }

    var description: String {
        switch self {
        case let .value(v): return "VALUE \(v)"
        case let .failed(label): return "FAILED \(label)"
        case .completed: return "COMPLETED"
        case .interrupted: return "INTERRUPTED"
        }
    }
}

/// A predicate on values: `key % modulus == remainder`.
struct Pred: Hashable, Codable, CustomStringConvertible, Sendable {
    var modulus: Int
    var remainder: Int

    func callAsFunction(_ value: MValue) -> Bool {
        ((value.key % modulus) + modulus) % modulus == remainder
    }

    var description: String { "{ $0 % \(modulus) == \(remainder) }" }
}

/// `value.key` modulo `count`, always in `0..<count`.
func pick(_ value: MValue, among count: Int) -> Int {
    ((value.key % count) + count) % count
}
