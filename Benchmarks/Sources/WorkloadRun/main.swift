// Runs one workload variant a given number of times outside the benchmark harness, so that it
// can be profiled on its own (valgrind --tool=callgrind, perf):
//
//   swift run -c release workload-run W2 Streams [runs]
//
// The contender is matched against its name in the report ("Streams", "OpenCombine",
// "baseline", ...) and an optional size ("Streams, 1k observers"; W14's variants all have one:
// "Streams, debounce", "Streams, throttle").

import Dispatch
import Workloads
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let workload = Workload.named(arguments[0]) else {
    print("usage: workload-run <W1...W15> <contender[, size]> [runs]")
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
switch variant.body {
case let .sync(run):
    let stopwatch = Stopwatch(start: {}, stop: {})
    for _ in 0..<runs {
        verify(run(stopwatch), variant, in: workload)
    }
case let .async(run):
    // An async variant (W11) runs in a task on the global executor while this thread waits, as
    // in the suite. (Not with a top-level `await`: that makes the main thread exit into
    // Dispatch's main queue, which valgrind does not survive.)
    let done = DispatchSemaphore(value: 0)
    Task.detached { [runs, variant, workload, done] in
        for _ in 0..<runs {
            verify(await run(Stopwatch(start: {}, stop: {})), variant, in: workload)
        }
        done.signal()
    }
    done.wait()
}
print("\(variant.benchmarkName(in: workload)): \(runs) run(s), checksum \(variant.expected) matched")
