// Runs one workload variant a given number of times outside the benchmark harness, so that it
// can be profiled on its own (valgrind --tool=callgrind, perf):
//
//   swift run -c release workload-run W2 Streams [runs]
//
// The contender is matched against its name in the report ("Streams", "OpenCombine",
// "baseline", ...) and an optional size ("Streams, 1k observers").

import Workloads
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let workload = Workload.named(arguments[0]) else {
    print("usage: workload-run <W1...W13> <contender[, size]> [runs]")
    print("workloads: " + Workload.all.map(\.id).joined(separator: " "))
    exit(2)
}
let wanted = arguments[1]
guard let variant = workload.variants.first(where: { variant in
    let name = variant.size.map { "\(variant.contender.rawValue), \($0)" } ?? variant.contender.rawValue
    return name == wanted
}) else {
    print("no variant '\(wanted)' of \(workload.id); it has: "
          + workload.variants.map { v in v.size.map { "\(v.contender.rawValue), \($0)" } ?? v.contender.rawValue }
              .joined(separator: "; "))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let stopwatch = Stopwatch(start: {}, stop: {})
for _ in 0..<runs {
    verify(variant.run(stopwatch), variant, in: workload)
}
print("\(variant.benchmarkName(in: workload)): \(runs) run(s), checksum \(variant.expected) matched")
