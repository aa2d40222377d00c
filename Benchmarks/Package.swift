// swift-tools-version: 6.1
// The benchmarks live in their own package (as swift-nio's do), so the product and its users never resolve or
// build package-benchmark. Run from this folder: `swift package benchmark` (see README.md).
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder (`interlinear`, or whatever the clone is called).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "interlinear-benchmarks",
    dependencies: [
        .package(path: "../"),
        // The interposer counts mallocs.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // HarfBuzz for the label-per-object baseline (HeavyLabel), which shapes each label on its own.
        .systemLibrary(
            name: "CHarfBuzzPeer", path: "Sources/CHarfBuzzPeer", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        // Whole-New-Testament shards: one session per thread.
        .target(
            name: "TypesettingShards", dependencies: [.product(name: "Interlinear", package: root)],
            path: "Sources/TypesettingShards"),
        // The package-benchmark suite (time and mallocs).
        .executableTarget(
            name: "InterlinearBenchmarks",
            dependencies: [
                .product(name: "Interlinear", package: root),
                "CHarfBuzzPeer", "TypesettingShards",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/InterlinearBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        // What scripts/bench-peers runs beside `interlinear bench`: label strings for the peers, allocation counts
        // (malloc-interposer preloaded), the whole New Testament.
        .executableTarget(
            name: "PeerBench",
            dependencies: [.product(name: "Interlinear", package: root), "TypesettingShards"],
            path: "Sources/PeerBench"),
    ]
)
