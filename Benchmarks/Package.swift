// swift-tools-version: 6.1
// The benchmarks live in a package of their own, so that the Streams library itself keeps
// zero dependencies. They run the workloads of the project's benchmark plan on Streams, on
// OpenCombine and on plain-Swift baselines, in one process run.

import PackageDescription

let package = Package(
    name: "StreamsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Streams", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        // AsyncChannel, W11's back-pressured contender; used by the Workloads target only.
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    ],
    targets: [
        // The workloads, written once per library, each returning a checksum.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "Streams", package: "Streams"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                // DispatchQueue as an OpenCombine scheduler, for W15's `receive(on:)`.
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: []
        ),
        // The package-benchmark suite: every workload on every library, measured in one run.
        .executableTarget(
            name: "StreamsBenchmarks",
            dependencies: [
                "Workloads",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/StreamsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Reads the suite's exported results and prints the side-by-side table of ratios.
        .executableTarget(
            name: "benchmark-report",
            dependencies: ["Workloads"],
            path: "Sources/BenchmarkReport"
        ),
        // Runs one workload variant on its own, for profilers.
        .executableTarget(
            name: "workload-run",
            dependencies: ["Workloads"],
            path: "Sources/WorkloadRun"
        ),
    ]
)
