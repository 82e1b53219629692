// Registers every variant of every workload with package-benchmark, so that one run measures
// Streams, OpenCombine and the baselines side by side: wall-clock time and allocations per run,
// with the run's checksum verified each time.
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
            let configuration = Benchmark.Configuration(
                metrics: [.throughput, .wallClock, .mallocCountTotal],
                timeUnits: .microseconds,
                warmupIterations: 1,
                maxDuration: .seconds(smoke ? 60 : 600),
                maxIterations: smoke ? 2 : variant.repetitions
            )
            Benchmark(variant.benchmarkName(in: workload), configuration: configuration) { benchmark in
                let stopwatch = Stopwatch(
                    start: { benchmark.startMeasurement() },
                    stop: { benchmark.stopMeasurement() }
                )
                for _ in benchmark.scaledIterations {
                    let checksum = variant.run(stopwatch)
                    verify(checksum, variant, in: workload)
                    blackHole(checksum)
                }
            }
        }
    }
}
