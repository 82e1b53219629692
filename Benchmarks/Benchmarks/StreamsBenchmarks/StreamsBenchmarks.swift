// Registers every variant of every workload with package-benchmark, so that one run measures
// Streams, OpenCombine and the baselines side by side: wall-clock time per run, and, in a
// benchmark of its own, allocations per run; every run's checksum is verified.
//
// Set STREAMS_BENCHMARK_SMOKE=1 for a smoke pass: one warm-up and two timed runs of each, enough
// to see that everything builds and every checksum matches, not to judge timings.

import Benchmark
import Foundation
import Workloads

let benchmarks: @Sendable () -> Void = {
    let smoke = ProcessInfo.processInfo.environment["STREAMS_BENCHMARK_SMOKE"] != nil

    for workload in Workload.all {
        for variant in workload.variants {
            // Time and allocations are measured by separate benchmarks: counting allocations
            // hooks the Swift runtime, which then sends every retain and release through its
            // slower overridable path and would inflate the times of whoever retains most.
            let timing = Benchmark.Configuration(
                metrics: [.throughput, .wallClock],
                timeUnits: .microseconds,
                warmupIterations: 1,
                maxDuration: .seconds(smoke ? 60 : 600),
                maxIterations: smoke ? 2 : variant.repetitions
            )
            let counting = Benchmark.Configuration(
                metrics: [.throughput, .mallocCountTotal],
                warmupIterations: 1,
                maxDuration: .seconds(smoke ? 60 : 600),
                maxIterations: smoke ? 1 : 3
            )
            for (suffix, configuration) in [("", timing), (allocationsSuffix, counting)] {
                let name = variant.benchmarkName(in: workload) + suffix
                switch variant.body {
                case let .sync(run):
                    Benchmark(name, configuration: configuration) { benchmark in
                        let stopwatch = Stopwatch(
                            start: { benchmark.startMeasurement() },
                            stop: { benchmark.stopMeasurement() }
                        )
                        for _ in benchmark.scaledIterations {
                            let checksum = run(stopwatch)
                            verify(checksum, variant, in: workload)
                            blackHole(checksum)
                        }
                    }
                case let .async(run):
                    // package-benchmark runs an async benchmark in a task of its own, started
                    // from a Dispatch thread, and waits for it; the workload's loop runs in it.
                    Benchmark(name, configuration: configuration) { benchmark async in
                        let stopwatch = Stopwatch(
                            start: { benchmark.startMeasurement() },
                            stop: { benchmark.stopMeasurement() }
                        )
                        for _ in benchmark.scaledIterations {
                            let checksum = await run(stopwatch)
                            verify(checksum, variant, in: workload)
                            blackHole(checksum)
                        }
                    }
                }
            }
        }
    }
}
