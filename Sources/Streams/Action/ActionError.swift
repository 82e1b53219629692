/// Why a run of an ``Action`` failed.
public enum ActionError<Error: Swift.Error>: Swift.Error {
    /// The action was disabled when applied, so nothing ran.
    case disabled
    /// The work the action ran failed with this error.
    case producerFailed(Error)
}

extension ActionError: Equatable where Error: Equatable {}
