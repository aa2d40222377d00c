// swift-tools-version: 6.1
// The pipeline reads top to bottom: Corpus → Shaping → Typesetting → Table → Accessibility → Consumers.
import PackageDescription

/// How the executables are linked: lld with packed relative relocations (see the `interlinear` target).
let packedRelocations: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))
]

/// How `interlinear` is linked: as `packedRelocations`, and with a dynamic symbol table that holds only what the
/// binary imports (see the `interlinear` target).
let commandLineLinking: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux]))
]

let package = Package(
    name: "interlinear",
    products: [
        .library(
            name: "Interlinear",
            targets: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting",
                "InterlinearTable", "InterlinearAccessibility", "InterlinearSession", "InterlinearStore",
                "Interlinear",
            ]),
        // The renderer (cairo: PNG, SVG, PDF) apart from the engine, so an app that draws itself does not link it.
        .library(name: "InterlinearRender", targets: ["InterlinearRender"]),
        .library(name: "InterlinearATSPI", targets: ["InterlinearATSPI"]),
        .executable(name: "interlinear", targets: ["interlinear"]),
        // `interlinear serve` runs it (it is found beside `interlinear`): the web server apart, so no other command
        // links or starts SwiftNIO.
        .executable(name: "interlinear-serve", targets: ["interlinear-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation --target Interlinear` builds the DocC catalog (docs/library.md).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `interlinear serve` (issue 40): the web reader's HTTP server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The benchmarks are a package of their own (Benchmarks/Package.swift), so nothing here depends on them.
    ],
    targets: [
        // System libraries (Debian -dev packages, found through pkg-config).
        // HarfBuzz's headers only (no pkg-config: its `-lharfbuzz` would load it at every start); CHarfBuzzLoader
        // loads it on first use.
        .systemLibrary(name: "CHarfBuzz", path: "Sources/System/CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // FreeType and fontconfig the same way (no pkg-config, whose `-lfreetype -lfontconfig` would load them, and
        // libpng, brotli and expat with them, at every start): CFreeTypeLoader and CFontconfigLoader load them on first
        // use, so a run whose fonts come from the font cache loads neither. FreeType's declarations are CFreeType's
        // own (its shim.h says why); its headers reach only the two C loaders that include them, through a `freetype2`
        // link to Debian's /usr/include/freetype2 beside each (a header search path, which SwiftPM keeps to the target).
        .systemLibrary(
            name: "CFreeType", path: "Sources/System/CFreeType", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", path: "Sources/System/CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // SQLite's static archive (its module map says why); no pkg-config, whose `-lsqlite3` would link the .so too.
        .systemLibrary(name: "CSQLite", path: "Sources/System/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // cairo (with cairo-ft, SVG and PDF; headers only, CCairoLoader loads it on first use) and zlib (its PNG
        // encoder streams strips) for the render consumer.
        .systemLibrary(name: "CCairo", path: "Sources/System/CCairo"),
        .systemLibrary(
            name: "CZlib", path: "Sources/System/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libdeflate deflates a PNG's rows in one call (zlib keeps the chunks' CRC-32).
        .systemLibrary(
            name: "CLibdeflate", path: "Sources/System/CLibdeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),

        // 1. Corpus: chapters, references, transliteration, morphology, import.
        .target(name: "InterlinearCorpus", path: "Sources/Corpus"),
        // 1b. Store (InterlinearStore): the corpus in one SQLite database, references across it, Bible-wide search.
        .target(name: "InterlinearStore", dependencies: ["InterlinearCorpus", "CSQLite"], path: "Sources/Store"),
        // The reader's own notes, bookmarks and highlights: a file of their own beside the store (issue 44).
        .target(name: "InterlinearNotes", dependencies: ["InterlinearCorpus", "CSQLite"], path: "Sources/Notes"),
        .testTarget(
            name: "InterlinearStoreTests",
            // The executable too: the tests spawn `interlinear import`, `search` and `typeset` as users run them.
            dependencies: [
                "InterlinearStore", "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting",
                "InterlinearTable", "InterlinearAccessibility", "InterlinearReader", "InterlinearSession",
                "InterlinearTestSupport", "InterlinearInteraction", "interlinear",
            ],
            // The Python oracles are run by path (python3), not built or bundled.
            path: "Tests/InterlinearStoreTests", exclude: ["Oracles"]),
        // 2. Shaping: fonts through fontconfig, HarfBuzz/FreeType, one shaping per distinct string.
        .target(
            name: "InterlinearShaping",
            dependencies: [
                "InterlinearCorpus", "CHarfBuzz", "CHarfBuzzLoader", "CFreeType", "CFreeTypeLoader", "CFontconfig",
                "CFontconfigLoader",
            ],
            path: "Sources/Shaping"),
        // 2b. Caches: the shape cache file (its format, mapping, appender and hashes) behind Shaping's `ShapeStore`
        // seam; only the session (and what tests it) links it.
        .target(
            name: "InterlinearCaches", dependencies: ["InterlinearCorpus", "InterlinearShaping"],
            path: "Sources/Caches"),
        .testTarget(
            name: "InterlinearCachesTests",
            dependencies: ["InterlinearCaches", "InterlinearCorpus", "InterlinearShaping", "InterlinearTestSupport"],
            path: "Tests/InterlinearCachesTests"),
        // 3. Typesetting: word blocks of stacked tiers, translation column, per-cell label storage.
        .target(
            name: "InterlinearTypesetting",
            dependencies: ["InterlinearCorpus", "InterlinearShaping"],
            path: "Sources/Typesetting"),
        // 4. Table: cell origins and the visible cells for a scroll offset.
        .target(
            name: "InterlinearTable", dependencies: ["InterlinearTypesetting"], path: "Sources/Table"),
        // 5. Accessibility: lazy per-cell containers, elements, queries.
        .target(
            name: "InterlinearAccessibility",
            dependencies: ["InterlinearTable", "InterlinearTypesetting", "InterlinearCorpus"],
            path: "Sources/Accessibility"),

        // Session: the engine wired once (corpus library, one frozen string table, fonts, shape cache, typesetter),
        // the entry point of every consumer, benchmark and test fixture.
        .target(
            name: "InterlinearSession",
            dependencies: [
                "InterlinearCorpus", "InterlinearStore", "InterlinearShaping", "InterlinearCaches",
                "InterlinearTypesetting", "InterlinearTable", "InterlinearAccessibility", "InterlinearInteraction",
            ],
            path: "Sources/Session"),

        // The library as app developers import it: `import Interlinear` re-exports the engine's public API (Corpus
        // to Session, and the store), with the DocC catalog (Sources/Interlinear/Interlinear.docc).
        .target(
            name: "Interlinear",
            dependencies: [
                "InterlinearCorpus", "InterlinearStore", "InterlinearShaping", "InterlinearTypesetting",
                "InterlinearTable", "InterlinearAccessibility", "InterlinearSession",
            ],
            path: "Sources/Interlinear"),

        // Interaction: what the front ends (the reader's grid and line mode, the window) share of how a user acts on
        // a chapter: the one prompt editor, the one search trail, the in-chapter search, and chapter navigation as a
        // protocol (`ChapterNavigation`; the session's `ChapterCatalog` answers it from the store), so no front end
        // imports the store. Below the session, which implements the protocol.
        .target(name: "InterlinearInteraction", dependencies: ["InterlinearCorpus"], path: "Sources/Interaction"),
        .testTarget(
            name: "InterlinearInteractionTests", dependencies: ["InterlinearInteraction", "InterlinearCorpus"],
            path: "Tests/InterlinearInteractionTests"),

        // 6. Consumers. The apps' own words (the reader's and the window's status lines, key lists and advice) in a
        // module of theirs that the engine does not import; then the terminal reader, then the command-line tool.
        .target(
            name: "InterlinearWording",
            dependencies: ["InterlinearCorpus", "InterlinearAccessibility", "InterlinearNotes"],
            path: "Sources/Consumers/Wording"),
        .target(
            name: "InterlinearReader",
            dependencies: [
                "InterlinearCorpus", "InterlinearTypesetting", "InterlinearTable",
                "InterlinearAccessibility", "CSpeechd", "CSpeechdLoader", "InterlinearInteraction",
                "InterlinearWording", "InterlinearNotes",
            ],
            path: "Sources/Consumers/Reader"),
        // Render: paints typeset cells with cairo (PNG, SVG, PDF, an SDL window), plus the accessibility overlay; from
        // shaped runs and fonts, its captions from the caller's `CaptionSource`: no session.
        .target(
            name: "InterlinearRender",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearTable",
                "InterlinearAccessibility", "CCairo", "CCairoLoader", "CFreeType", "CFreeTypeLoader", "CZlib",
                "CLibdeflate",
            ],
            path: "Sources/Consumers/Render"),

        // The HTML vocabulary (issue 40): a chapter as HTML, its escaping and its style, written by both the exporter
        // and the web reader, so there is one markup to validate.
        .target(
            name: "InterlinearHTML", dependencies: ["InterlinearCorpus", "InterlinearAccessibility"],
            path: "Sources/Consumers/HTML"),
        // Export (issue 30): chapters published as an accessible web page or EPUB 3 book; on the layers below only
        // (its caller passes the session's tiers and typesetting).
        .target(
            name: "InterlinearExport",
            dependencies: [
                "InterlinearCorpus", "InterlinearTypesetting", "InterlinearTable", "InterlinearAccessibility",
                "InterlinearHTML", "CLibdeflate", "CEspeakNG", "CEspeakNGLoader", "CLame", "CLameLoader",
            ],
            path: "Sources/Consumers/Export"),
        // `export --audio`: espeak-ng speaks, LAME encodes MP3. Headers only: the loaders open them on first use, so
        // an export without audio loads neither.
        .systemLibrary(
            name: "CEspeakNG", path: "Sources/System/CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CLame", path: "Sources/System/CLame", providers: [.apt(["libmp3lame-dev"])]),
        .testTarget(
            name: "InterlinearExportTests",
            // The executable too: the tests run `interlinear export` and `render` as users do, then the validators.
            dependencies: [
                "InterlinearExport", "InterlinearHTML", "InterlinearCorpus", "InterlinearStore", "InterlinearSword",
                "InterlinearTestSupport", "InterlinearCLI", "interlinear",
            ],
            path: "Tests/InterlinearExportTests", exclude: ["Harness"]),

        // Web (issue 40): `interlinear serve`, the web reader: chapter, search, word and error pages in the HTML
        // vocabulary, over the store, on Hummingbird 2. Only the `interlinear-serve` executable links it.
        .target(
            name: "InterlinearWeb",
            dependencies: [
                "InterlinearCorpus", "InterlinearStore", "InterlinearAccessibility", "InterlinearHTML", "CZlib",
                "InterlinearNotes", "InterlinearWording", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ],
            path: "Sources/Consumers/Web"),
        .executableTarget(
            name: "interlinear-serve", dependencies: ["InterlinearWeb"], path: "Sources/Consumers/interlinear-serve",
            linkerSettings: packedRelocations),
        .testTarget(
            name: "InterlinearWebTests",
            // Both executables: the tests start `interlinear serve` as users do and talk HTTP to it; the web module
            // in-process for its colours' contrast.
            dependencies: [
                "InterlinearTestSupport", "InterlinearCorpus", "InterlinearStore", "InterlinearWeb", "InterlinearNotes",
                "interlinear",
                "interlinear-serve",
            ],
            path: "Tests/InterlinearWebTests", exclude: ["Harness"]),

        // Speech and braille (issue 13): speech-dispatcher's C library for the reader's speech, liblouis for braille
        // (an embosser-ready BRF of an interlinear chapter, and Unicode braille for a refreshable display).
        // Headers only: CSpeechdLoader and CLouisLoader load the libraries on first use.
        .systemLibrary(name: "CSpeechd", path: "Sources/System/CSpeechd"),
        .systemLibrary(name: "CLouis", path: "Sources/System/CLouis"),
        .target(
            name: "InterlinearBraille",
            dependencies: ["InterlinearCorpus", "InterlinearAccessibility", "CLouis", "CLouisLoader"],
            path: "Sources/Consumers/Braille"),
        .testTarget(
            name: "InterlinearBrailleTests",
            // The executable too: the tests run `interlinear braille` as users do and read its BRF file back.
            dependencies: [
                "InterlinearBraille", "InterlinearCorpus", "InterlinearAccessibility", "InterlinearReader",
                "InterlinearTestSupport", "interlinear",
            ],
            path: "Tests/InterlinearBrailleTests"),
        // SWORD (issue 29): the Strong's dictionaries and other Bibles through libsword's C API (flatapi.h), read at
        // import. Headers only: CSwordLoader loads libsword (and the C++ runtime, ICU and curl it needs) on first use.
        .systemLibrary(name: "CSword", path: "Sources/System/CSword", providers: [.apt(["libsword-dev"])]),
        .target(
            name: "InterlinearSword", dependencies: ["InterlinearCorpus", "CSword", "CSwordLoader"],
            path: "Sources/Sword"),
        // The command-line tool (its commands live in a library so tests can drive them).
        .target(
            name: "InterlinearCLI",
            dependencies: [
                "InterlinearCorpus", "InterlinearStore", "InterlinearShaping", "InterlinearTypesetting",
                "InterlinearTable", "InterlinearAccessibility", "InterlinearReader", "InterlinearRender",
                "InterlinearBraille", "InterlinearView", "InterlinearATSPI", "InterlinearSession", "InterlinearExport",
                "InterlinearSword", "InterlinearInteraction", "InterlinearNotes", "InterlinearWording",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Consumers/CLI"),
        // Linked by lld with packed relative relocations (DT_RELR, glibc 2.36): the dynamic loader applies the
        // position-independent binary's relative relocations from a bitmap, fewer instructions per process start than
        // gold's RELA table (benchmark `typeset-warm`, docs/performance.md); lld also links in a second, gold in a
        // minute. Swift's toolchain ships lld. `--no-export-dynamic` undoes the Swift driver's `-export-dynamic`:
        // nothing looks the binary's own functions up by name (the libraries it opens are found by dlopen and bound
        // to their own dependencies), and the runtime's start-up `dladdr` walks every exported symbol, thousands of
        // them (Swift's runtime, Foundation, SQLite, libstdc++) with the driver's flag.
        .executableTarget(
            name: "interlinear", dependencies: ["InterlinearCLI"], path: "Sources/Consumers/interlinear",
            linkerSettings: commandLineLinking),

        // InterlinearView: `interlinear view`, the desktop window (SDL2 for the window and input), drawn by the render
        // stage and exposed to screen readers through the AT-SPI adapter.
        // SDL2's headers (libsdl2-dev) without linking it: CSDL2Loader defines the functions the window calls and
        // opens libSDL2 on first use, so commands without a window do not load it (and the ~40 libraries it needs).
        .systemLibrary(name: "CSDL2", path: "Sources/System/CSDL2"),
        .target(name: "CSDL2Loader", dependencies: ["CLazyLibrary"], path: "Sources/System/CSDL2Loader"),
        .target(
            name: "InterlinearView",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearTable",
                "InterlinearAccessibility", "InterlinearSession", "InterlinearRender", "InterlinearATSPI",
                "CCairo", "CSDL2", "CSDL2Loader", "CX11Loader", "InterlinearInteraction", "InterlinearWording",
                "InterlinearNotes",
            ],
            path: "Sources/Consumers/View"),
        .testTarget(
            name: "InterlinearViewTests",
            dependencies: [
                "InterlinearView", "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting",
                "InterlinearTable", "InterlinearAccessibility", "InterlinearATSPI", "InterlinearSession", "CCairo",
                "CSDL2",
                "InterlinearStore", "InterlinearRender", "InterlinearTestSupport", "InterlinearWording", "interlinear",
                "InterlinearNotes",
            ],
            path: "Tests/InterlinearViewTests"),

        // AT-SPI adapter (InterlinearATSPI): the chapter window's accessibility tree over D-Bus (sd-bus), for Orca.
        // Headers only: CSystemdBusLoader loads libsystemd on first use.
        .systemLibrary(name: "CSystemdBus", path: "Sources/System/CSystemdBus"),
        .target(
            name: "CATSPIShim", dependencies: ["CSystemdBus", "CSystemdBusLoader"], path: "Sources/System/CATSPIShim"),
        .target(
            name: "InterlinearATSPI",
            dependencies: [
                "InterlinearAccessibility", "InterlinearTable", "InterlinearTypesetting",
                "InterlinearCorpus", "CSystemdBus", "CSystemdBusLoader", "CATSPIShim",
            ],
            path: "Sources/Consumers/ATSPI", exclude: ["README.md"]),
        // A window-less stand-in for the view that drives the adapter from stdin (the harness's second host).
        .executableTarget(
            name: "InterlinearATSPIHost",
            dependencies: [
                "InterlinearATSPI", "InterlinearAccessibility", "InterlinearCorpus", "InterlinearShaping",
                "InterlinearTypesetting", "InterlinearTable", "InterlinearSession",
            ],
            path: "Tests/InterlinearATSPIHost"),
        .testTarget(
            name: "InterlinearATSPITests",
            dependencies: [
                "InterlinearATSPI", "InterlinearAccessibility", "InterlinearCorpus", "InterlinearShaping",
                "InterlinearTypesetting", "InterlinearTable", "InterlinearSession", "InterlinearTestSupport",
                "InterlinearATSPIHost", "interlinear",
            ],
            path: "Tests/InterlinearATSPITests", exclude: ["Harness"]),

        // Libraries loaded on first use (CLazyLibrary): each loader defines the functions its consumers call with the
        // library's own prototypes and opens the library with dlopen the first time one is called, so a process loads
        // only the libraries its command needs (the module maps above have no `link` lines for them).
        .target(name: "CLazyLibrary", path: "Sources/System/CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "CCairoLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CCairoLoader",
            exclude: ["freetype2"], cSettings: [.headerSearchPath("freetype2")]),
        .target(
            name: "CFreeTypeLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CFreeTypeLoader",
            exclude: ["freetype2"], cSettings: [.headerSearchPath("freetype2")]),
        .target(
            name: "CFontconfigLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CFontconfigLoader"),
        .target(name: "CHarfBuzzLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CHarfBuzzLoader"),
        .target(name: "CX11Loader", dependencies: ["CLazyLibrary"], path: "Sources/System/CX11Loader"),
        .target(
            name: "CSystemdBusLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CSystemdBusLoader"),
        .target(name: "CSpeechdLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CSpeechdLoader"),
        .target(name: "CLouisLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CLouisLoader"),
        .target(name: "CSwordLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CSwordLoader"),
        .target(name: "CEspeakNGLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CEspeakNGLoader"),
        .target(name: "CLameLoader", dependencies: ["CLazyLibrary"], path: "Sources/System/CLameLoader"),

        // Tests: one target per module, and what they share (paths, process spawning, schema validation, fonts).
        .target(
            name: "InterlinearTestSupport",
            // The store too: the whole-New-Testament store is built once and cached for every suite (SharedStore).
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearSession",
                "InterlinearStore",
            ],
            path: "Tests/InterlinearTestSupport"),
        .testTarget(
            // InterlinearSword: the committed Hebrew chapters' lemmas come from SWORD's Strong's Hebrew dictionary.
            name: "InterlinearCorpusTests",
            dependencies: ["InterlinearCorpus", "InterlinearSword", "InterlinearTestSupport"],
            path: "Tests/InterlinearCorpusTests"),
        .testTarget(
            name: "InterlinearShapingTests",
            dependencies: ["InterlinearCorpus", "InterlinearShaping", "InterlinearTestSupport"],
            path: "Tests/InterlinearShapingTests"),
        .testTarget(
            name: "InterlinearTypesettingTests",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearSession",
                "InterlinearTestSupport",
            ],
            path: "Tests/InterlinearTypesettingTests"),
        .testTarget(
            name: "InterlinearAccessibilityTests",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearTable",
                "InterlinearAccessibility", "InterlinearSession", "InterlinearTestSupport",
            ],
            path: "Tests/InterlinearAccessibilityTests"),
        .testTarget(
            name: "InterlinearReaderTests",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearTable",
                "InterlinearAccessibility", "InterlinearReader", "InterlinearSession", "InterlinearTestSupport",
                "InterlinearInteraction",
            ],
            path: "Tests/InterlinearReaderTests"),
        .testTarget(
            name: "InterlinearSessionTests",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearAccessibility",
                "InterlinearSession", "InterlinearTestSupport",
            ],
            path: "Tests/InterlinearSessionTests"),
        // Render: the painter in-process, and `interlinear render` as users meet it (spawned, PNG/SVG/PDF read back).
        .testTarget(
            name: "InterlinearRenderTests",
            dependencies: [
                "InterlinearCorpus", "InterlinearShaping", "InterlinearTypesetting", "InterlinearRender", "CCairo",
                "InterlinearCLI", "interlinear", "InterlinearSession", "InterlinearTestSupport",
            ],
            path: "Tests/InterlinearRenderTests"),
        // The library as app developers meet it: a package outside the checkout builds against the product and runs
        // the DocC article's code; golden files pin the committed chapters' layouts and one rendering.
        .testTarget(
            name: "InterlinearLibraryTests",
            dependencies: ["InterlinearCorpus", "InterlinearTestSupport", "interlinear"],
            path: "Tests/InterlinearLibraryTests"),
        // The command line as users meet it: spawned processes, terminals under tmux. Depends on the CLI target so
        // `swift build --build-tests` builds the `interlinear` executable the tests spawn.
        .testTarget(
            name: "InterlinearCLITests",
            dependencies: [
                "InterlinearCLI", "interlinear", "InterlinearTestSupport",
                // Screen-reader tests compute the lines they expect to hear with the reader's own line mode.
                "InterlinearCorpus", "InterlinearAccessibility", "InterlinearReader",
                // The JSON documents are compared in-process with the encoder they replaced (JSONWriterTests).
                "InterlinearSession", "InterlinearTypesetting", "InterlinearStore", "InterlinearNotes",
                // A subcommand parsed on its own is compared with the root's parse (SubcommandParseTests).
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Python oracles are run by path (python3), not built or bundled.
            path: "Tests/InterlinearCLITests", exclude: ["Oracles"]),
    ]
)

// Every Swift target of the project asks the runtime for a concrete type's metadata through the accessor the
// compiler emits, not by demangling a mangled name at first use: the runtime's demangler, and the protocol
// conformance scans a mangled generic argument needs, cost more than the call (benchmark `typeset-warm`;
// docs/performance.md, "Metadata through accessors").
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
        ]
}
