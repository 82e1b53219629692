import Streams

// An operator another package writes for Signal with the public generator initialiser, and
// turns into a producer operator with `lift`, as DesignGuidelines.md section 7 shows.

extension Signal {
    /// Forwards every n-th value; terminal events pass through.
    func everyNth(_ n: Int) -> Signal<Value, Error> {
        precondition(n >= 1, "everyNth(_:) needs n >= 1, got \(n)")
        return Signal { downstream, lifetime in
            var count = 0  // touched only by the observer below, which is called serially
            lifetime += self.observe { event in
                guard case .value = event else { return downstream.send(event) }
                count += 1
                if count == n {
                    count = 0
                    downstream.send(event)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Forwards every n-th value of each run; terminal events pass through.
    func everyNth(_ n: Int) -> SignalProducer<Value, Error> {
        lift { $0.everyNth(n) }
    }
}
