// The engine behind concat, prefix, then, repeat and retry, and behind `bind` and `concat` of
// `ProducerKind`: one producer run after another, each started when the previous one ended, in
// constant stack.
//
// An operator describes itself as a *plan* (a `SequencePlan`), made afresh for each run, that is
// told how the previous stage ended (`nil` before the first) and answers with the next stage to
// start or the way the whole run ends. `concat` is the plan "this producer, then that one", `repeat(n)`
// "this producer n times", `retry(upTo:)` "this producer again after each failure, n times".
//
// A run may also have a *source*: a producer whose values are stages, started with the run and
// running beside it. Its stages wait their turn in a queue, and a plan takes the next one with
// `startFromSource`. `bind` is the plan "each stage the source sends, in order; any failure or
// interruption ends the run", its source the upstream with each value turned into a producer.
//
// Three things keep the stack flat:
//
// - Within one run, the end of a stage is submitted to the run's `Serializer`. A synchronous stage
//   runs entirely inside the call that starts it, while this thread is the serializer's drainer,
//   so its terminal event is queued and handled by the same drain loop once the start call has
//   returned: a million synchronous repetitions are a loop, not a million nested calls.
// - Across runs nested in each other (`a.then(b).then(c)...` built a hundred thousand times, or
//   `a.then(b.then(c.then(...)))`), each level is a run of its own, started from inside its
//   parent's drain. `SequencingTrampoline` counts the drains active on the current thread; past a
//   small depth, a run's drain is handed to the outermost drain on this thread, which runs it
//   after its own work instead of nesting it. The outermost drain finishes all of that work
//   before it returns, so a producer started from outside still delivers all its synchronous
//   events before `start` returns.
// - A source is not held back by the trampoline. Before handing over a value, the source lets the
//   trampoline of its thread run the drains it postponed, so a synchronous source is never more
//   than one stage ahead of its run: a `take` downstream still stops an endless one.

/// What a sequencing run does next: start a stage, or end with a termination.
@usableFromInline
enum SequenceStep<Value, Error: Swift.Error> {
    /// Start this producer; its values go downstream, its end is handed to the plan.
    case start(SignalProducer<Value, Error>)
    /// Start the next stage the source sent, as soon as there is one, and hand its end to the
    /// plan; once the source has completed and its stages have all been taken, complete the run.
    /// A run without a source completes.
    case startFromSource
    /// End the run with this termination.
    case finish(Termination<Error>)
}

/// The plan of one run of a sequencing operator: given how the previous stage ended (`nil` before
/// the first stage), what to do next.
///
/// A plan is made afresh for each run and called serially, by the run's drainer only, so it keeps
/// what it counts in stored properties of its own: ``StagesPlan`` (`concat`, `then`, `repeat`),
/// ``SourcePlan`` (`bind`) and ``RetryPlan`` (`retry`).
@usableFromInline
protocol SequencePlan {
    /// The values of the stages.
    associatedtype Value
    /// The error of the stages and of the run.
    associatedtype Failure: Swift.Error

    /// What to do once the previous stage ended as `previous`; `nil` when the run starts.
    mutating func next(after previous: Termination<Failure>?) -> SequenceStep<Value, Failure>
}

/// The plan of `bind`: each stage the source sends, in order; a failure or an interruption, of a
/// stage or of the source, ends the run.
@usableFromInline
struct SourcePlan<Value, Failure: Swift.Error>: SequencePlan {
    @inlinable init() {}

    @inlinable
    func next(after previous: Termination<Failure>?) -> SequenceStep<Value, Failure> {
        switch previous {
        case nil, .completed?: return .startFromSource
        case let termination?: return .finish(termination)
        }
    }
}

/// The plan of `concat`, `then` and `repeat`: the stages of an iterator, one after another, each
/// started when the previous one completed; the run completes after the last.
@usableFromInline
struct StagesPlan<Stages: IteratorProtocol, Value, Failure: Swift.Error>: SequencePlan
where Stages.Element == SignalProducer<Value, Failure> {
    /// The stages not started yet, advanced one at a time.
    @usableFromInline var stages: Stages
    /// Whether an interrupted stage counts as completed; otherwise it ends the run.
    @usableFromInline let interruptionCompletes: Bool

    @inlinable
    init(_ stages: Stages, interruptionCompletes: Bool) {
        self.stages = stages
        self.interruptionCompletes = interruptionCompletes
    }

    @inlinable
    mutating func next(after previous: Termination<Failure>?) -> SequenceStep<Value, Failure> {
        switch previous {
        case .interrupted? where !interruptionCompletes:
            return .finish(.interrupted)
        case nil, .completed?, .interrupted?:
            guard let next = stages.next() else { return .finish(.completed) }
            return .start(next)
        case let termination?:
            return .finish(termination)
        }
    }
}

extension SignalProducer {
    /// A producer whose runs follow the plan `makePlan` returns, made once per start.
    ///
    /// Values of every stage go downstream as they arrive, on the stage's thread. The run ends
    /// when the plan says so; disposing it interrupts the running stage and starts no other.
    @inlinable
    static func sequencing<Plan: SequencePlan>(
        plan makePlan: @escaping () -> Plan
    ) -> SignalProducer<Value, Error> where Plan.Value == Value, Plan.Failure == Error {
        SignalProducer { observer, lifetime in
            // Without a source nothing is sent, so there is never a stage to make.
            SequenceRun<Plan, Never>(
                observer: observer, lifetime: lifetime, plan: makePlan(), source: nil,
                stage: { (_: Never) -> SignalProducer<Value, Error> in }
            ).start()
        }
    }

    /// A producer whose runs follow the plan `makePlan` returns, made once per start, taking
    /// stages from `source`.
    ///
    /// - Parameters:
    ///   - source: Started with each run, right after the run's start was handed to the plan;
    ///     the producers it sends are the stages the plan takes with
    ///     ``SequenceStep/startFromSource``, in the order sent. Its failure or interruption ends the run at once; its completion
    ///     ends the run once the plan asks for a stage and none is left. The run ending
    ///     interrupts it.
    ///   - makePlan: Called once per start.
    @inlinable
    static func sequencing<Plan: SequencePlan>(
        source: SignalProducer<SignalProducer<Value, Error>, Error>,
        plan makePlan: @escaping () -> Plan
    ) -> SignalProducer<Value, Error> where Plan.Value == Value, Plan.Failure == Error {
        SignalProducer { observer, lifetime in
            SequenceRun(observer: observer, lifetime: lifetime, plan: makePlan(), source: source, stage: { $0 }).start()
        }
    }

    /// Runs the stages `source` sends one after another, each started when the previous one
    /// completed and the source sent it; the first failure or interruption, of a stage or of
    /// the source, ends the run, and it completes after the source and its last stage.
    ///
    /// - Parameter source: Started once per start, beside the stages.
    @inlinable
    static func sequencing(source: SignalProducer<SignalProducer<Value, Error>, Error>) -> SignalProducer<Value, Error> {
        sequencing(source: source) { SourcePlan() }
    }

    /// Runs `stages` one after another, each started when the previous one completed; the first
    /// failure or interruption ends the run, and it completes after the last stage.
    ///
    /// - Parameters:
    ///   - interruptionCompletes: Whether an interrupted stage counts as completed (the next one
    ///     starts, and the run completes after the last), as in ReactiveSwift's `concat`, which
    ///     flattens its producers with the concat strategy. A disposal of the run still ends it:
    ///     no stage starts once the run has ended.
    ///   - makeStages: Called once per start; the iterator is advanced lazily, one stage at a time.
    @inlinable
    static func sequencing<Stages: IteratorProtocol>(
        interruptionCompletes: Bool = false,
        stages makeStages: @escaping () -> Stages
    ) -> SignalProducer<Value, Error> where Stages.Element == SignalProducer<Value, Error> {
        sequencing(plan: { StagesPlan(makeStages(), interruptionCompletes: interruptionCompletes) })
    }
}

/// One run of a sequencing operator (``SignalProducer/sequencing(plan:)``,
/// ``SignalProducer/sequencing(source:plan:)``).
///
/// Every input (the start, the end of each stage, what the source sends) goes through a
/// ``Serializer``, so `plan` and the fields below it are touched only by its drainer. Values of
/// the stages do not: they go straight downstream, so that a synchronous stage's values are not
/// held back until it ends.
///
/// `Sent` is what the source sends, made into a stage by `stage`: a producer, or `Never` for a run
/// without a source, whose inputs then carry nothing to copy but a termination.
@usableFromInline
final class SequenceRun<Plan: SequencePlan, Sent>: TrampolineTask, InnerRunOwner, @unchecked Sendable {
    @usableFromInline typealias Value = Plan.Value
    @usableFromInline typealias Error = Plan.Failure

    @usableFromInline
    enum Input {
        /// Start the first stage.
        case start
        /// The running stage ended.
        case stageEnded(Termination<Error>)
        /// The source sent a stage.
        case sourceSent(Sent)
        /// The source ended.
        case sourceEnded(Termination<Error>)
    }

    @usableFromInline let serializer = Serializer<Input>()
    @usableFromInline let observer: Signal<Value, Error>.Observer
    @usableFromInline let lifetime: Lifetime
    /// The interrupt handle of the running stage; disposed with the run's lifetime.
    @usableFromInline let stageHandle = SerialDisposable()
    /// The producer of stages started with the run, if any.
    @usableFromInline let source: SignalProducer<Sent, Error>?
    /// Makes a stage of what the source sent.
    @usableFromInline let stage: (Sent) -> SignalProducer<Value, Error>

    /// Drainer-only: the plan, dropped when the run ends so that what it holds is released.
    @usableFromInline @exclusivity(unchecked) var plan: Plan?
    /// Drainer-only: the stages the source sent that the plan has not taken yet.
    @usableFromInline var waiting = FIFOBuffer<Sent>()
    /// Drainer-only: the plan asked for the source's next stage and none was waiting.
    @usableFromInline var awaitingSource = false
    /// Drainer-only: the source has completed (a run without a source has nothing to send).
    @usableFromInline var sourceCompleted: Bool

    /// Drains the serializer. Built in inlinable code, so that the trampoline, which calls tasks
    /// through a protocol and so runs unspecialized code, reaches the run's specialized drain
    /// loop at once instead of running every stage through unspecialized generic code.
    @usableFromInline let drainTask: (SequenceRun<Plan, Sent>) -> Void

    @inlinable
    init(
        observer: Signal<Value, Error>.Observer, lifetime: Lifetime, plan: Plan,
        source: SignalProducer<Sent, Error>?, stage: @escaping (Sent) -> SignalProducer<Value, Error>
    ) {
        self.observer = observer
        self.lifetime = lifetime
        self.plan = plan
        self.source = source
        self.stage = stage
        sourceCompleted = source == nil
        drainTask = { run in run.serializer.drain { run.handle($0) } }
    }

    @inlinable
    func start() {
        lifetime += stageHandle
        submit(.start)
        guard let source, !lifetime.hasEnded else { return }
        // The source's handle is in the lifetime before its first event, so that the run ending
        // stops even an endless synchronous source.
        _ = source.startRun { handle in
            self.lifetime += handle
            return Signal.Observer { event in
                switch event {
                case let .value(sent):
                    // The drains postponed on this thread run first: a synchronous source waits
                    // for the stages it already sent instead of running ahead of them.
                    SequencingTrampoline.runPostponed()
                    self.submit(.sourceSent(sent))
                case let .failed(error): self.submit(.sourceEnded(.failed(error)))
                case .completed: self.submit(.sourceEnded(.completed))
                case .interrupted: self.submit(.sourceEnded(.interrupted))
                }
            }
        }
    }

    @inlinable
    func submit(_ input: Input) {
        guard serializer.enqueue(input) else { return }
        SequencingTrampoline.run(self)
    }

    @usableFromInline
    func runTrampolineTask() {
        drainTask(self)
    }

    @inlinable
    func handle(_ input: Input) {
        guard plan != nil else { return }
        let previous: Termination<Error>?
        switch input {
        case .start: previous = nil
        case let .stageEnded(termination): previous = termination
        case let .sourceSent(sent): return sourceSent(sent)
        case let .sourceEnded(termination): return sourceEnded(termination)
        }
        switch plan!.next(after: previous) {
        case let .start(stage): startStage(stage)
        case .startFromSource: startFromSource()
        case let .finish(termination): finish(termination)
        }
    }

    // The source's part of the drain, kept out of the loop of runs without a source.

    @inlinable @inline(never)
    func startFromSource() {
        if let sent = waiting.popFirst() {
            startStage(stage(sent))
        } else if sourceCompleted {
            finish(.completed)
        } else {
            awaitingSource = true
        }
    }

    @inlinable @inline(never)
    func sourceSent(_ sent: Sent) {
        guard awaitingSource else { return waiting.append(sent) }
        awaitingSource = false
        startStage(stage(sent))
    }

    @inlinable @inline(never)
    func sourceEnded(_ termination: Termination<Error>) {
        guard case .completed = termination else { return finish(termination) }
        sourceCompleted = true
        if awaitingSource { finish(.completed) }
    }

    @inlinable
    func startStage(_ stage: SignalProducer<Value, Error>) {
        // Disposed meanwhile (from another thread, or by an observer): start nothing more.
        guard !lifetime.hasEnded else { return finish(.interrupted) }
        // The ended stage is disposed before the next one starts, as ReactiveSwift's `repeat`
        // and `concat` do: its upstream's `on(disposed:)` comes before the next stage's
        // `on(starting:)`, even when the stage ended from a scheduled delivery.
        stageHandle.inner = nil
        // The stage's terminal event is queued (this thread is the drainer) and handled after
        // this call returns: that is what keeps the stack flat.
        stage.startInnerRun(of: self)
    }

    // The running stage (there is one at a time, so it needs no tag).

    /// The handle is in place before the stage's first event, so that disposing this run stops
    /// even an endless synchronous stage.
    @inlinable
    func innerRunStarted(_: Void, handle: Disposable) {
        stageHandle.inner = handle
    }

    /// Values of a stage go straight downstream; its end goes to the serializer.
    @inlinable @inline(__always)
    func innerRun(_: Void, sent event: Signal<Value, Error>.Event) {
        switch event {
        case let .value(value): observer.send(value: value)
        case let .failed(error): submit(.stageEnded(.failed(error)))
        case .completed: submit(.stageEnded(.completed))
        case .interrupted: submit(.stageEnded(.interrupted))
        }
    }

    @inlinable
    func finish(_ termination: Termination<Error>) {
        plan = nil
        waiting.removeAll()
        // Terminating the output ends its lifetime, which disposes the running stage, if any,
        // and the source.
        observer.send(Signal.Event(termination))
    }
}
