// Operators written as another package would write them: extensions of `StreamProtocol` only,
// built from the public primitives (`bind`, `Kind.just`, `Kind.empty`, `Kind.concat`), with no
// code for any concrete stream type. They must work on every kind of stream.
//
// Per-run state lives inside the closure returned by `bind`'s `makeTransform`, which runs once
// per start of a producer (once per evaluation of a sequence), so two runs never share it.

import Streams

extension StreamProtocol {
    /// `separator` between each two consecutive values: `[1, 2, 3]` gives `[1, s, 2, s, 3]`.
    ///
    /// Keeps the value type, so it returns `Self`.
    func intersperse(_ separator: Value) -> Self {
        Self(stream: bind {
            var isFirst = true
            return { value, _ in
                if isFirst {
                    isFirst = false
                    return Kind.just(value)
                }
                return Kind.concat(Kind.just(separator), Kind.just(value))
            }
        })
    }

    /// Each value paired with the one before it: `[1, 2, 3]` gives `[(1, 2), (2, 3)]`.
    ///
    /// Changes the value type, so it returns the kind-level `StreamOf<Kind, (Value, Value)>`.
    func pairwise() -> StreamOf<Kind, (Value, Value)> {
        bind {
            var previous: Value?
            return { value, _ in
                defer { previous = value }
                guard let previous else { return Kind.empty() }
                return Kind.just((previous, value))
            }
        }
    }
}
