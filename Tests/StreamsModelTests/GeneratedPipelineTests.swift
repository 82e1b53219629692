// Generated pipelines, run on Streams and on the reference model, compared event by event with
// their times, along with the hook calls of `on(...)` and the subscriptions to every input.
//
// - `STREAMS_MODEL_SEED=<n>` replays a run (the seed of a run is printed when it starts; a
//   divergence prints the seed of its case, which replays it as the first case of a run).
// - `STREAMS_MODEL_CASES=<n>` sets the number of cases (10,000 by default; 1,000,000 for a long
//   run).

import Foundation
import Testing
import TestSupport

@Suite("Generated pipelines against the reference model")
struct GeneratedPipelineTests {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static var seed: UInt64 {
        if let text = environment["STREAMS_MODEL_SEED"], let seed = UInt64(text) { return seed }
        return UInt64(Date().timeIntervalSince1970 * 1_000) & 0xFFFF_FFFF_FFFF
    }

    static var caseCount: Int {
        environment["STREAMS_MODEL_CASES"].flatMap { Int($0) } ?? 10_000
    }

    /// The first divergence found among cases `range` of the run seeded with `seed`, shrunk.
    static func firstDivergence(seed: UInt64, cases range: Range<Int>) -> String? {
        for index in range {
            let caseSeed = SplitMix64.caseSeed(seed, index)
            var generator = Generator(seed: caseSeed)
            let generated = generator.generate()
            guard generated.modelObservation() != generated.streamsObservation() else { continue }
            var shrinker = Shrinker { $0.modelObservation() != $0.streamsObservation() }
            let shrunk = shrinker.shrink(generated)
            return Report.describe(shrunk, seed: caseSeed, model: shrunk.modelObservation(),
                                   streams: shrunk.streamsObservation(), shrunkFrom: shrinker.attempts)
        }
        return nil
    }

    /// Runs `work` on a new thread and returns its result, without holding a thread of the
    /// cooperative pool meanwhile.
    static func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    @Test("generated pipelines behave as the model says")
    func generatedPipelinesMatchTheModel() async {
        let seed = Self.seed
        let count = Self.caseCount
        print("StreamsModelTests: \(count) cases, seed \(seed) (replay with STREAMS_MODEL_SEED=\(seed))")
        let started = Date()
        // Two halves in parallel (the machine has two cores), each on a thread of its own rather
        // than in a task: a task would hold one of the cooperative pool's few threads for the
        // whole run (minutes under AddressSanitizer), and every other test that awaits anything
        // would wait for it.
        let half = count / 2
        async let first = Self.onThreadOfItsOwn { Self.firstDivergence(seed: seed, cases: 0..<half) }
        async let second = Self.onThreadOfItsOwn { Self.firstDivergence(seed: seed, cases: half..<count) }
        let divergences = [await first, await second].compactMap { $0 }
        print("StreamsModelTests: \(count) cases in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        for divergence in divergences { Issue.record(Comment(rawValue: divergence)) }
    }
}
