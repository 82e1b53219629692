// Actions whose work is an async function: each execution runs it in a task of its own, which
// disposing the execution cancels.

extension Action where Input: Sendable {
    /// Creates an action that is always enabled, except while executing, whose work is the
    /// async function `execute`.
    ///
    /// Each execution runs `execute` in a task of its own and sends its result, or fails with
    /// its error; disposing the execution cancels the task. To await an execution, await the
    /// producer `apply` returns, as in `try await action.apply(input).lastValue()`.
    ///
    /// ```swift
    /// let save = Action<Draft, Receipt, APIError> { (draft) async throws(APIError) -> Receipt in
    ///     try await api.save(draft)
    /// }
    /// ```
    ///
    /// - Parameter execute: The work for one input.
    public convenience init(execute: @escaping @Sendable (Input) async throws(Error) -> Output) {
        self.init { (input: Input) in SignalProducer { () async throws(Error) -> Output in try await execute(input) } }
    }

    /// Creates an action enabled while `isEnabled` is true (and not executing), whose work is
    /// the async function `execute`.
    ///
    /// - Parameters:
    ///   - isEnabled: The property that enables the action.
    ///   - execute: The work for one input, run in a task of its own per execution.
    public convenience init<P: PropertyProtocol>(
        enabledIf isEnabled: P,
        execute: @escaping @Sendable (Input) async throws(Error) -> Output
    ) where P.Value == Bool {
        self.init(enabledIf: isEnabled) { (input: Input) in
            SignalProducer { () async throws(Error) -> Output in try await execute(input) }
        }
    }

    /// Creates an action enabled while `isEnabled(state.value)` is true (and not executing),
    /// whose work is the async function `execute` of the state value and the input.
    ///
    /// - Parameters:
    ///   - state: The state the action reads when it starts, and its enablement follows.
    ///   - isEnabled: Whether a state value allows the action to run.
    ///   - execute: The work for the state value and the input.
    public convenience init<P: PropertyProtocol>(
        state: P,
        enabledIf isEnabled: @escaping (P.Value) -> Bool = { _ in true },
        execute: @escaping @Sendable (P.Value, Input) async throws(Error) -> Output
    ) where P.Value: Sendable {
        self.init(state: state, enabledIf: isEnabled) { (value: P.Value, input: Input) in
            SignalProducer { () async throws(Error) -> Output in try await execute(value, input) }
        }
    }
}
