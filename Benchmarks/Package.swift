// swift-tools-version: 6.1
// The benchmarks live in their own package (as swift-nio's do), so the product and its users never resolve or
// build package-benchmark. Run from this folder: `swift package benchmark` (see README.md).
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder (`interlinear`, or whatever the clone is called).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
/// This folder, for the linker's version script (an absolute path: the linker does not run here).
let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
/// The benchmarks measure the engine's internals (the shape cache, the font chain, the work split), which are
/// `package`, not public: their Swift targets compile in the engine package's access domain, named as SwiftPM names
/// it (the identity, the folder's name, as a C99 identifier).
/// (Those targets say `packageAccess: false`, so SwiftPM gives them no package name of this package's own.)
let engineAccess: [SwiftSetting] = [
    .unsafeFlags(["-package-name", String(root.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })])
]

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
            path: "Sources/TypesettingShards", packageAccess: false, swiftSettings: engineAccess),
        // The package-benchmark suite (time and mallocs).
        .executableTarget(
            name: "InterlinearBenchmarks",
            dependencies: [
                .product(name: "Interlinear", package: root),
                "CHarfBuzzPeer", "TypesettingShards",
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/InterlinearBenchmarks", packageAccess: false, swiftSettings: engineAccess,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
        // PeerRounds: ours and the peers in one process, round by round (scripts/bench-peers runs it).
        .systemLibrary(
            name: "CPangoPeer", path: "Sources/CPangoPeer", pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev"])]),
        // The peers as a C library: the HarfBuzz floor, hb_shape per label, one PangoLayout per label.
        .target(name: "CPeers", dependencies: ["CHarfBuzzPeer", "CPangoPeer"], path: "Sources/CPeers"),
        // Callgrind phase markers and the spinning process.
        .target(name: "CMeasure", path: "Sources/CMeasure"),
        // The product's HarfBuzz forwarders are kept out of its dynamic symbols, so Pango binds to libharfbuzz itself
        // (Peers/no-harfbuzz-exports.map says why; CPeers checks it at start).
        .executableTarget(
            name: "PeerRounds",
            dependencies: [.product(name: "Interlinear", package: root), "CPeers", "CMeasure"],
            path: "Sources/PeerRounds", packageAccess: false, swiftSettings: engineAccess,
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(benchmarks)/Peers/no-harfbuzz-exports.map"])
            ]),
        // Allocation counts (malloc-interposer preloaded), which scripts/bench-peers reports beside PeerRounds.
        .executableTarget(
            name: "PeerBench",
            dependencies: [.product(name: "Interlinear", package: root), "TypesettingShards"],
            path: "Sources/PeerBench", packageAccess: false, swiftSettings: engineAccess),
    ]
)
