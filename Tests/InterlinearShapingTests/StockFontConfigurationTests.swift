import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearShaping

/// fontconfig's stock configuration without its snippets (`StockFontConfiguration`): it chooses the file `fc-match`
/// (fontconfig's own tool, the full configuration) chooses for every family the engine is used with; a chain made
/// from it is the chain a full fontconfig makes; and once a user configured fontconfig, their configuration decides.
@Suite(.serialized) struct StockFontConfigurationTests {
    /// The families the engine and its tests use, installed by scripts/setup.
    static let families = [
        "Gentium Plus", "Gentium Book Plus", "Ezra SIL", "Ezra SIL SR", "DejaVu Sans", "DejaVu Serif",
        "DejaVu Sans Mono",
    ]

    /// Whether this machine's fontconfig is the stock one (a developer's own fonts.conf makes it not); under CI the
    /// machine is scripts/setup's, so the tests run and must find it stock.
    static let stockHere = SystemTool.isCI || StockFontConfiguration() != nil
    static let notStock: Comment = "fontconfig is configured on this machine: the stock configuration is not used"

    func stock() throws -> StockFontConfiguration {
        try #require(StockFontConfiguration(), "the machine's fontconfig configuration is the stock one")
    }

    /// `fc-match`'s file and face index for a family, under `environment`.
    func fcMatch(_ family: String, environment: [String: String] = testEnvironment) throws -> String {
        let tool = try #require(SystemTool.find("fc-match"), "fc-match (Debian fontconfig)")
        let result = try run(tool, ["--format", "%{file}|%{index}", family], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutText
    }

    @Test(
        .enabled(if: SystemTool.required("fc-match"), SystemTool.reason("fc-match", package: "fontconfig")),
        .enabled(if: stockHere, notStock))
    func itChoosesWhatFcMatchChooses() throws {
        let stock = try stock()
        for family in Self.families {
            let match = try #require(stock.firstMatch(family: family), "\(family) is installed")
            #expect("\(match.path)|\(match.index)" == (try fcMatch(family)), "\(family)")
            #expect(try FontLocator.fallbackList(family: family).first == match, "\(family): the full configuration")
        }
        #expect(stock.firstMatch(family: "No Such Family") == nil, "a missing family is left to fontconfig")
    }

    /// The same fonts at the same indices, the same glyphs for every sample (fallbacks included), and the same
    /// font cache file, whether the chain came from the stock configuration or from fontconfig in full.
    @Test(.enabled(if: stockHere, notStock)) func aChainFromItIsTheChainFontconfigMakes() throws {
        _ = try stock()
        let folders = (0..<2).map { _ in
            FileManager.default.temporaryDirectory.appendingPathComponent("stock-fonts-\(UUID().uuidString)").path
        }
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        for folder in folders {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let quick = try FontChain(family: "Gentium Plus", cacheDirectory: folders[0])
        let full = try FontChain(
            family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily, cacheDirectory: folders[1],
            stock: false)
        #expect(quick.source == .stockConfiguration && !quick.hasFallbackList, "fontconfig not started in full")
        #expect(full.source == .fontconfig)
        #expect(quick.primary.descriptor == full.primary.descriptor)
        #expect(quick.hebrewFont == full.hebrewFont && quick.hebrewFont == 1, "Ezra SIL is the chain's font 1")
        let tests = FontCacheTests()
        #expect(
            tests.shaped(FontCacheTests.samples, with: quick) == tests.shaped(FontCacheTests.samples, with: full))
        #expect(quick.hasFallbackList, "a missing glyph asked fontconfig for its order")
        for index in 0..<40 { #expect(quick.descriptor(at: index) == full.descriptor(at: index), "font \(index)") }
        let files = try folders.map { try Data(contentsOf: URL(fileURLWithPath: $0 + "/" + FontCache.fileName)) }
        #expect(files[0] == files[1], "the same stamps and fonts in the font cache file")
    }

    /// A character the primary lacks goes to the first font of fontconfig's sorted list for the family that has it
    /// (`fc-match -s`, with the Hebrew family's file last when the list lacks it; coverage from `fc-list
    /// :charset=`), whichever chain index that font has: Hebrew letters to DejaVu Sans before Ezra SIL, the
    /// cantillation mark U+0591 to Ezra SIL SR where fontconfig puts it, a character no font has to none. Both with
    /// the chain from the stock configuration and the one from fontconfig in full.
    @Test(
        .enabled(if: SystemTool.required("fc-match", "fc-list"), SystemTool.reason("fc-match", package: "fontconfig")))
    func aMissingCharacterGoesWhereFontconfigsOrderSays() throws {
        let tool = try #require(SystemTool.find("fc-match"))
        let listed = try run(tool, ["-s", "Gentium Plus", "--format", "%{file}|%{index}\n"]).stdoutText
            .split(separator: "\n").map(String.init)
        let hebrew = try fcMatch(FontChain.defaultHebrewFamily)
        let order = Array(listed.dropFirst()) + (listed.contains(hebrew) ? [] : [hebrew])
        let lister = try #require(SystemTool.find("fc-list"))
        let chains = [
            try FontChain(family: "Gentium Plus"),
            try FontChain(
                family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily, cacheDirectory: nil,
                stock: false),
        ]
        for scalar: UInt32 in [0x2603, 0x222E, 0x2318, 0x05D0, 0x05B8, 0x0591, 0x6F22, 0x1F600] {
            let covering = Set(
                try run(lister, ["--format", "%{file}|%{index}\n", ":charset=\(String(scalar, radix: 16))"]).stdoutText
                    .split(separator: "\n").map(String.init))
            let expected = order.first { covering.contains($0) }
            for chain in chains {
                let found = chain.fallback(for: scalar).map { chain.font(at: $0).descriptor }
                #expect(found.map { "\($0.path)|\($0.index)" } == expected, "U+\(String(scalar, radix: 16))")
            }
        }
        #expect(order.contains { $0.contains("SILEOTSR") }, "the sample needs Ezra SIL SR in fontconfig's list")
    }

    /// A user's fonts.conf that rejects Gentium Plus Regular: fontconfig then gives another Gentium Plus file, and
    /// so does `interlinear` (the file it records in its font cache), not the stock configuration's.
    @Test(
        .enabled(if: SystemTool.required("fc-match"), SystemTool.reason("fc-match", package: "fontconfig")),
        .enabled(if: stockHere, notStock))
    func aUsersConfigurationDecides() throws {
        let stockFile = try #require(try stock().firstMatch(family: "Gentium Plus")).path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("user-fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = folder.appendingPathComponent("config/fontconfig")
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0"?>
            <fontconfig><selectfont><rejectfont><glob>\(stockFile)</glob></rejectfont></selectfont></fontconfig>
            """.utf8
        ).write(to: configuration.appendingPathComponent("fonts.conf"))
        var environment = testEnvironment
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["INTERLINEAR_CACHE"] = folder.appendingPathComponent("cache").path
        let expected = try fcMatch("Gentium Plus", environment: environment)
        #expect(!expected.hasPrefix(stockFile + "|"), "fc-match honours the user's configuration")
        let result = try run(
            interlinearBinary, ["typeset", "John 1:1", "--output", folder.appendingPathComponent("out.json").path],
            environment: environment, directory: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let cache = try FontCacheFile.parse(
            Array(try Data(contentsOf: folder.appendingPathComponent("cache/" + FontCache.fileName))))
        let chain = try #require(cache.chains.first { $0.family == "Gentium Plus" })
        #expect("\(String(decoding: chain.primary.path, as: UTF8.self))|\(chain.primary.index)" == expected)
    }
}
