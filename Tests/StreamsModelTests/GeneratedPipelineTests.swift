// Generated pipelines, run on Streams and on the reference model, compared event by event with
// their times and where they ran, along with the hook calls of `on(...)` and the subscriptions
// to every input.
//
// - `STREAMS_MODEL_SEED=<n>` replays a run (its seed is printed when it starts).
// - `STREAMS_MODEL_CASES=<n>` sets the number of cases (10,000 by default; 1,000,000 for a long
//   run), `STREAMS_MODEL_FIRST=<i>` the index of the first (with a seed, `FIRST=i CASES=1` runs
//   case `i` of that run as generated).
// - `STREAMS_MODEL_REPLAY=<code>` runs the one case a divergence report printed, shrunk.
//
// A divergence is printed (and flushed) the moment it is found, then again once shrunk, before
// the test records it: a crash elsewhere in the process cannot hide it.

import Foundation
import Synchronization
import Testing
import TestSupport

/// How many cases have run, in both halves of a run.
final class Progress: Sendable {
    let count = Atomic(0)
}

@Suite("Generated pipelines against the reference model")
struct GeneratedPipelineTests {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static var seed: UInt64 {
        if let text = environment["STREAMS_MODEL_SEED"], let seed = UInt64(text) { return seed }
        return UInt64(Date().timeIntervalSince1970 * 1_000) & 0xFFFF_FFFF_FFFF
    }

    static var caseCount: Int {
        environment["STREAMS_MODEL_CASES"].flatMap { Int($0) } ?? defaultCaseCount
    }

    static var firstCase: Int {
        environment["STREAMS_MODEL_FIRST"].flatMap { Int($0) } ?? 0
    }

    /// Case `index` of the run seeded `seed`.
    static func generated(seed: UInt64, index: Int) -> Case {
        var generator = Generator(seed: SplitMix64.caseSeed(seed, index))
        return generator.generate(index: index)
    }

    static func print(_ text: String) {
        Swift.print(text)
        fflush(nil)
    }

    /// `c` shrunk and described, or `nil` if it does not diverge.
    static func divergence(_ c: Case, origin: Report.Origin?) -> String? {
        guard c.modelObservation() != c.streamsObservation() else { return nil }
        if let origin {
            // Printed at once, in case shrinking, or anything after, does not finish.
            print("StreamsModelTests: case \(origin.index) of the run seeded \(origin.seed) diverges; replay: "
                + Report.replayCommand(c))
        }
        var shrinker = Shrinker { $0.modelObservation() != $0.streamsObservation() }
        let shrunk = shrinker.shrink(c)
        let report = Report.describe(shrunk, origin: origin, model: shrunk.modelObservation(),
                                     streams: shrunk.streamsObservation(), shrunkFrom: shrinker.attempts)
        print(report)
        return report
    }

    /// With `STREAMS_MODEL_TALLY=1`, every case runs and the divergences are only counted, by
    /// the feature their case forces: how a planted bug's catch rate is measured.
    static var tally: Bool { environment["STREAMS_MODEL_TALLY"] == "1" }

    /// The first divergence found among cases `range` of the run seeded with `seed`, shrunk (or
    /// with `tally`, the count of divergences by feature).
    static func firstDivergence(seed: UInt64, cases range: Range<Int>, ran: Progress) -> String? {
        var counts: [String: Int] = [:]
        for index in range {
            let generated = generated(seed: seed, index: index)
            if tally {
                if generated.modelObservation() != generated.streamsObservation() {
                    let feature = index % 2 == 1 ? "\(Feature.allCases[(index / 2) % Feature.allCases.count])" : "none"
                    counts[feature, default: 0] += 1
                }
                ran.count.add(1, ordering: .relaxed)
                continue
            }
            if generated.modelObservation() != generated.streamsObservation() {
                let origin = Report.Origin(seed: seed, index: index, ran: ran.count.load(ordering: .relaxed))
                return divergence(generated, origin: origin)
            }
            ran.count.add(1, ordering: .relaxed)
        }
        guard tally, !counts.isEmpty else { return nil }
        let total = counts.values.reduce(0, +)
        return "\(total) of \(range.count) cases diverge: "
            + counts.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
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
        if let text = Self.environment["STREAMS_MODEL_REPLAY"] {
            guard let replayed = Report.decode(text) else {
                Issue.record("STREAMS_MODEL_REPLAY does not hold a case")
                return
            }
            Self.print("StreamsModelTests: replaying\n\(replayed.code)")
            if let report = Self.divergence(replayed, origin: nil) { Issue.record(Comment(rawValue: report)) }
            return
        }
        let seed = Self.seed
        let count = Self.caseCount
        let first = Self.firstCase
        Self.print("StreamsModelTests: \(count) cases, seed \(seed) (replay with STREAMS_MODEL_SEED=\(seed))")
        let started = Date()
        let ran = Progress()
        // Two halves in parallel (the machine has two cores), each on a thread of its own rather
        // than in a task: a task would hold one of the cooperative pool's few threads for the
        // whole run (minutes under AddressSanitizer), and every other test that awaits anything
        // would wait for it.
        let parts = count > 1 ? 2 : 1
        let divergences = await withTaskGroup(of: String?.self) { group in
            for part in 0..<parts {
                let range = (first + count * part / parts)..<(first + count * (part + 1) / parts)
                group.addTask {
                    await Self.onThreadOfItsOwn { Self.firstDivergence(seed: seed, cases: range, ran: ran) }
                }
            }
            var found: [String] = []
            for await result in group {
                if let result {
                    if Self.tally { Self.print("StreamsModelTests: " + result) }
                    found.append(result)
                }
            }
            return found
        }
        Self.print("StreamsModelTests: \(ran.count.load(ordering: .relaxed)) cases agreed, \(divergences.count) diverged, in "
            + String(format: "%.1f", Date().timeIntervalSince(started)) + " s")
        for divergence in divergences { Issue.record(Comment(rawValue: divergence)) }
    }

    @Test("a replay command runs the very case it was printed for")
    func replayCommandsReproduceTheirCase() {
        for index in 0..<200 {
            let generated = Self.generated(seed: 42, index: index)
            let command = Report.replayCommand(generated)
            let code = command.dropFirst("STREAMS_MODEL_REPLAY=".count).prefix { $0 != " " }
            let decoded = Report.decode(String(code))
            #expect(decoded == generated)
            if let decoded { #expect(decoded.modelObservation() == generated.modelObservation()) }
        }
    }

    /// The cases of a default run.
    static let defaultCaseCount = 10_000

    /// The generator, not Streams: the new forms and the blocking calls are drawn often enough,
    /// with every kind of result.
    @Test("a default run covers the property and sequence forms and the blocking operators")
    func defaultRunsCoverEveryForm() {
        var forms: [Form: Int] = [:]
        var results: [String: Int] = [:]
        for index in 0..<Self.defaultCaseCount {
            let generated = Self.generated(seed: 7, index: index)
            forms[generated.form, default: 0] += 1
            guard let call = generated.consumers.first?.blocking, generated.isSynchronous else { continue }
            // The kind of result, by operator: `single success`, `last nil`...
            let text = generated.modelObservation().log.last?.text ?? ""
            let kind = text.split(separator: " ").last?.prefix { $0 != "(" } ?? ""
            results["\(call.rawValue) \(kind)", default: 0] += 1
        }
        let expected = Self.defaultCaseCount / 2 / Feature.allCases.count * 9 / 10
        #expect(forms[.property, default: 0] >= expected)
        #expect(forms[.sequence, default: 0] >= expected)
        #expect(results.values.reduce(0, +) >= expected)
        for call in Blocking.allCases {
            let kinds = call == .wait ? ["success", "failure"] : ["success", "failure", "nil"]
            for kind in kinds { #expect(results["\(call.rawValue) \(kind)", default: 0] > 0, "\(call) \(kind)") }
        }
    }
}
