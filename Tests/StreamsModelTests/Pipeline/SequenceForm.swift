// The MemoizedSequence form of a case.

extension Case {
    func sequenceObservation() -> Observation {
        Observation(log: [], subscriptions: [:])
    }

    func sequenceStreamsObservation() -> Observation {
        Observation(log: [], subscriptions: [:])
    }
}
