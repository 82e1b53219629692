// swift-tools-version: 6.0
// Fuzz targets for the parsers of user input in Streams, built with libFuzzer
// (`-sanitize=fuzzer`); a package of its own because a fuzz target has no `main` of its own
// and builds only with that flag. `Fuzz/run` builds and runs it.

import PackageDescription

let package = Package(
    name: "StreamsFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Streams", path: ".."),
    ],
    targets: [
        // The marble-diagram parser of StreamsTesting: never crashes, reads back what it draws,
        // and plays a valid diagram as a cold source with every event at its frame.
        .executableTarget(
            name: "MarbleFuzzer",
            dependencies: [.product(name: "StreamsTesting", package: "Streams")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
