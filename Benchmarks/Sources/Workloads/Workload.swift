// The shape of a benchmark workload: what it runs, how many events one run counts, and the
// checksum every library has to reach. The suite and the report both read this one list, so a
// workload's name and event count are written once.

/// Starts and stops the timed part of a run; a workload that has set-up or verification work
/// calls it around the part it measures, the others ignore it.
public struct Stopwatch {
    /// Starts the measured part of the run.
    public let start: () -> Void
    /// Ends the measured part of the run.
    public let stop: () -> Void

    /// A stopwatch that calls the given closures.
    public init(start: @escaping () -> Void, stop: @escaping () -> Void) {
        self.start = start
        self.stop = stop
    }
}

/// Who runs a variant of a workload.
public enum Contender: String, CaseIterable, Sendable {
    /// The Streams library.
    case streams = "Streams"
    /// OpenCombine, the open-source Combine.
    case openCombine = "OpenCombine"
    /// Plain Swift, with the closures inlined by the optimizer.
    case baseline = "baseline"
    /// Plain Swift, calling the same closures through parameters the optimizer cannot inline.
    case baselineClosures = "baseline (closure parameters)"
    /// Swift's own `lazy` sequences.
    case lazy = "lazy"
    /// Foundation's `NotificationCenter`.
    case notificationCenter = "NotificationCenter"
    /// The standard library's `AsyncStream`.
    case asyncStream = "AsyncStream"
    /// swift-async-algorithms' `AsyncChannel`.
    case asyncChannel = "AsyncChannel"
}

/// One library's implementation of a workload.
public struct Variant: Sendable {
    /// Who runs it.
    public let contender: Contender
    /// A qualifier when one contender runs the workload at several sizes (for example "1k observers").
    public let size: String?
    /// Events one run counts, when they differ from the workload's.
    public let events: Int
    /// The checksum a correct run returns.
    public let expected: Int
    /// Runs the workload once and returns its checksum.
    public let body: Body
    /// Timed repetitions the suite asks for (more for fast runs, fewer for slow ones).
    public let repetitions: Int

    /// How a run is called.
    public enum Body: Sendable {
        /// On the calling thread.
        case sync(@Sendable (Stopwatch) -> Int)
        /// In a task, for the workloads of Swift concurrency.
        case async(@Sendable (Stopwatch) async -> Int)
    }

    /// A variant whose run is synchronous.
    init(contender: Contender, size: String?, events: Int, expected: Int,
         run: @escaping @Sendable (Stopwatch) -> Int, repetitions: Int) {
        self.init(contender: contender, size: size, events: events, expected: expected,
                  body: .sync(run), repetitions: repetitions)
    }

    /// A variant whose run is `async`.
    init(contender: Contender, size: String?, events: Int, expected: Int,
         runAsync: @escaping @Sendable (Stopwatch) async -> Int, repetitions: Int) {
        self.init(contender: contender, size: size, events: events, expected: expected,
                  body: .async(runAsync), repetitions: repetitions)
    }

    private init(contender: Contender, size: String?, events: Int, expected: Int, body: Body, repetitions: Int) {
        self.contender = contender
        self.size = size
        self.events = events
        self.expected = expected
        self.body = body
        self.repetitions = repetitions
    }

    /// The name the suite registers the variant under: workload, contender and size.
    public func benchmarkName(in workload: Workload) -> String {
        var name = "\(workload.id) \(workload.name) · \(contender.rawValue)"
        if let size { name += " · \(size)" }
        return name
    }
}

/// A benchmark workload with its variants.
public struct Workload: Sendable {
    /// The short id, `W1`...`W15`.
    public let id: String
    /// The workload's name in the benchmark plan.
    public let name: String
    /// What one event is, for the report ("source element", "send", ...).
    public let unit: String
    /// One line on what runs.
    public let summary: String
    /// Its implementations.
    public let variants: [Variant]
}

/// Appended to a variant's benchmark name for the benchmark that counts its allocations.
public let allocationsSuffix = " · allocations"

/// Fails loudly when a run's checksum differs from the expected one.
@inline(never)
public func verify(_ checksum: Int, _ variant: Variant, in workload: Workload) {
    precondition(
        checksum == variant.expected,
        "\(variant.benchmarkName(in: workload)): checksum \(checksum), expected \(variant.expected)"
    )
}

/// Keeps a value alive for the optimizer, so the work that produced it is not dropped.
@inline(never)
public func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
