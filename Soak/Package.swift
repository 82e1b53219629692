// swift-tools-version: 6.0
// The soak: an app-like pipeline on real queue schedulers for as long as you ask, sampling
// memory and accounting for every value. A package of its own: it is run by hand, not by CI.

import PackageDescription

let package = Package(
    name: "StreamsSoak",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Streams", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "streams-soak",
            dependencies: [.product(name: "Streams", package: "Streams")],
            path: "Sources/StreamsSoak"
        ),
    ]
)
