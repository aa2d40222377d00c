import CHarfBuzz
import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearShaping

/// The font cache: a chain from the cache file is the chain fontconfig gives (same files, same indices, the same
/// glyphs for every string, fallbacks included), it starts without fontconfig's list, and a file that is corrupt,
/// truncated, foreign or stale is ignored and written again, never trusted.
@Suite(.serialized) struct FontCacheTests {
    /// A fresh, empty cache folder for one test.
    func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("font-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    func cacheFile(in folder: String) -> String { folder + "/" + FontCache.fileName }

    /// The glyphs each string shapes to with a chain: what a layout would be made of.
    func shaped(_ texts: [String], with chain: FontChain) -> [[ShapedGlyph]] {
        let builder = StringTableBuilder()
        let ids = texts.map { builder.intern($0) }
        let cache = ShapeCache(chain: chain, strings: builder.freeze())
        return ids.map { Array(cache.glyphs(of: cache.run($0))) }
    }

    /// Greek, Latin, pointed Hebrew, and characters Gentium Plus lacks (fallback fonts, or none at all).
    static let samples = ["Ἐν ἀρχῇ ἦν ὁ λόγος", "In the beginning", "בְּרֵאשִׁ֖ית בָּרָ֣א", "☃ ∮ ⌘", "漢字", "\u{10FFFD}"]

    @Test func aChainFromTheCacheIsTheChainFontconfigGives() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fresh = try FontChain(
            family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily, cacheDirectory: folder, stock: false)
        #expect(fresh.hasFallbackList, "without a cache file, fontconfig is asked")
        #expect(FileManager.default.fileExists(atPath: cacheFile(in: folder)), "the answer is written down")
        let cached = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        #expect(!cached.hasFallbackList, "from the cache file, fontconfig's list is not made up front")
        #expect(cached.source == .fontCache)
        let plain = try FontChain(family: "Gentium Plus")
        #expect(cached.primary.descriptor == plain.primary.descriptor)
        #expect(cached.hebrewFont == plain.hebrewFont)
        if let index = plain.hebrewFont {
            #expect(cached.font(at: index).descriptor == plain.font(at: index).descriptor)
        }
        // The metrics come from the cache (no font is opened in FreeType): what FreeType gives the files.
        for index in [0] + (plain.hebrewFont.map { [$0] } ?? []) {
            let (a, b) = (cached.font(at: index), plain.font(at: index))
            #expect(
                [a.ascender, a.descender, a.lineSpacing, a.unitsPerEm]
                    == [b.ascender, b.descender, b.lineSpacing, b.unitsPerEm], "font \(index)")
        }
        #expect(shaped(Self.samples, with: cached) == shaped(Self.samples, with: plain))
        #expect(cached.hasFallbackList, "a missing glyph made the fallback list")
    }

    @Test func eachFamilyPairHasItsOwnEntry() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        _ = try FontChain(family: "DejaVu Sans", hebrewFamily: nil, cacheDirectory: folder)
        let file = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: cacheFile(in: folder)))))
        #expect(Set(file.chains.map(\.family)) == ["Gentium Plus", "DejaVu Sans"])
        let dejavu = try FontChain(family: "DejaVu Sans", hebrewFamily: nil, cacheDirectory: folder)
        #expect(!dejavu.hasFallbackList && dejavu.hebrewFont == nil)
        #expect(
            dejavu.primary.descriptor == (try FontChain(family: "DejaVu Sans", hebrewFamily: nil)).primary.descriptor)
    }

    @Test func aMissingFamilyIsStillAnErrorAndIsNotCached() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FontError.self) { try FontChain(family: "No Such Family", cacheDirectory: folder) }
        #expect(!FileManager.default.fileExists(atPath: cacheFile(in: folder)))
    }

    /// Garbage, a truncated or bit-flipped file, a foreign file, an empty one, a folder in its place: the chain is
    /// made through fontconfig as if there were no file, and a good file is written in its place (except over a
    /// folder, which is left alone).
    @Test func aBadCacheFileIsIgnoredAndRewritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        let path = cacheFile(in: folder)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let plain = try FontChain(family: "Gentium Plus")
        var flipped = good
        flipped[good.count / 2] ^= 0x20
        let bad: [Data] = [
            Data(), Data("not a cache".utf8), good.prefix(good.count - 1), good.prefix(10), flipped,
            good + Data([0]), Data(repeating: 0xFF, count: 70_000),
        ]
        for contents in bad {
            try contents.write(to: URL(fileURLWithPath: path))
            let chain = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
            #expect(chain.source != .fontCache, "a bad file is not used")
            #expect(chain.primary.descriptor == plain.primary.descriptor)
            let rewritten = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect((try? FontCacheFile.parse(Array(rewritten))) != nil, "rewritten as a good file")
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let chain = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        #expect(chain.primary.descriptor == plain.primary.descriptor)
    }

    /// A cache folder that cannot be made (a file is in its way) costs nothing but the cache.
    @Test func anUnusableCacheFolderIsNoError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blocked = folder + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocked))
        let chain = try FontChain(family: "Gentium Plus", cacheDirectory: blocked + "/sub")
        #expect(chain.primary.descriptor == (try FontChain(family: "Gentium Plus")).primary.descriptor)
    }

    /// A stamp whose path changed (here a file the test touches), or the environment: the file no longer answers.
    @Test func aChangeToWhatFontconfigReadsMakesTheFileStale() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        let path = cacheFile(in: folder)
        var file = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) != nil)
        #expect(file.stamps.count > 3, "configuration files, font folders and cache folders are stamped")

        let watched = folder + "/watched.conf"
        try Data("a".utf8).write(to: URL(fileURLWithPath: watched))
        file.stamps.append(FontCacheFile.Stamp(path: Array(watched.utf8), state: FileStamp.state(of: watched)))
        try Data(file.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) != nil)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: watched))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) == nil)

        var other = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        other.stamps.removeLast()
        other.environment += Array("EXTRA=1".utf8) + [0]
        try Data(other.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) == nil)
        #expect(FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: nil) == nil, "another pair")
    }

    /// The HarfBuzz the cache names: its version as HarfBuzz gives it, with the library file the dynamic loader
    /// chose and the loader's cache. A file whose library changed (here a stamp the test makes stale), or that names
    /// no HarfBuzz, is not used; the next chain writes it again with the library as it is.
    @Test func theCacheNamesHarfBuzzAndIsRefusedWhenItsLibraryChanged() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        let path = cacheFile(in: folder)
        let written = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let shaper = try #require(written.shaper, "a chain made without the cache records HarfBuzz")
        #expect(shaper.version == String(cString: hb_version_string()))
        let library = try #require(shaper.files.first)
        let name = String(decoding: library.path, as: UTF8.self)
        #expect(name.hasPrefix("/") && name.contains("libharfbuzz.so"), "\(name)")
        #expect(library.state == FileStamp.state(of: library.path) && library.state.exists)
        #expect(shaper.files.map { String(decoding: $0.path, as: UTF8.self) }.contains(ShaperLibrary.loaderCache))
        let cached = try #require(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily))
        #expect(cached.shaperVersion == shaper.version)

        var stale = written
        stale.shaper?.files[0].state.size += 1  // as if another libharfbuzz were installed there
        try Data(stale.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) == nil)
        let rebuilt = try FontChain(family: "Gentium Plus", cacheDirectory: folder)
        #expect(rebuilt.source != .fontCache, "the stale file was not used")
        let again = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(again.shaper == shaper, "and it was written again with the library as it is")

        var none = written
        none.shaper = nil
        try Data(none.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) == nil)
    }

    /// The fontconfig and FreeType the cache was written with, named by their library files (which a later process
    /// checks without loading either): each is the file the dynamic loader's cache gives for its soname
    /// (`ldconfig -p`), stamped as it is. A file whose library changed (here a stamp the test makes stale, as another
    /// build installed there would) is not used; the next chain asks fontconfig and writes it again with the library
    /// as it is.
    @Test(arguments: ["libfontconfig.so.1", "libfreetype.so.6"])
    func theCacheIsWrittenAgainWhenAFontLibraryChanged(soname: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try FontChain(family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily, cacheDirectory: folder)
        let path = cacheFile(in: folder)
        let written = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let listing = try run(URL(fileURLWithPath: "/sbin/ldconfig"), ["-p"]).stdoutText.split(separator: "\n")
        let installed = try #require(
            listing.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") && $0.contains("x86-64") }
                .flatMap { $0.components(separatedBy: " => ").last },
            "\(soname) is not in the loader's cache")
        let index = try #require(
            written.stamps.firstIndex { String(decoding: $0.path, as: UTF8.self).hasSuffix("/" + soname) },
            "the cache stamps \(soname): \(written.stamps.map { String(decoding: $0.path, as: UTF8.self) })")
        let stamp = written.stamps[index]
        #expect(stamp.state.exists && stamp.state == FileStamp.state(of: installed), "\(soname): \(installed)")
        #expect(written.stamps.contains { String(decoding: $0.path, as: UTF8.self) == ShaperLibrary.loaderCache })
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) != nil)

        var stale = written
        stale.stamps[index].state.size += 1  // as if another build were installed there
        try Data(stale.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(
            FontCache.lookup(path: path, family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily) == nil)
        let rebuilt = try FontChain(
            family: "Gentium Plus", hebrewFamily: FontChain.defaultHebrewFamily, cacheDirectory: folder)
        #expect(rebuilt.source != .fontCache, "the stale file was not used")
        let again = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(
            again.stamps.first { $0.path == stamp.path }?.state == FileStamp.state(of: installed),
            "and it was written again with the library as it is")
    }

    /// Processes (here threads) writing the file at once never leave a broken one: each write is a whole file
    /// renamed into place.
    @Test func concurrentWritersLeaveAWholeFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            _ = try? FontChain(family: i % 2 == 0 ? "Gentium Plus" : "DejaVu Sans", cacheDirectory: folder)
        }
        let file = try FontCacheFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: cacheFile(in: folder)))))
        #expect(!file.chains.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder) == [FontCache.fileName],
            "no temporary file left")
    }

    // MARK: The file format

    static func sample() -> FontCacheFile {
        let state = FontCacheFile.FileState(
            exists: true, device: 2049, inode: 131_073, size: 4096,
            modifiedSeconds: 1_732_300_000, modifiedNanoseconds: 123_456_789)
        let primary = FontCacheFile.FontRecord(
            path: Array("/usr/share/fonts/truetype/gentiumplus/GentiumPlus-Regular.ttf".utf8),
            index: 0, family: "Gentium Plus", file: state,
            metrics: FontCacheFile.Metrics(unitsPerEm: 2048, ascender: 2400, descender: -700, height: 3100))
        let hebrew = FontCacheFile.FontRecord(
            path: Array("/usr/share/fonts/truetype/ezra/SILEOT.ttf".utf8), index: 0,
            family: "Ezra SIL", file: state,
            metrics: FontCacheFile.Metrics(unitsPerEm: 1000, ascender: 1100, descender: -550, height: 1650))
        return FontCacheFile(
            fontconfigVersion: 21401, environment: Array("HOME=/root\0LANG\0".utf8),
            stamps: [
                FontCacheFile.Stamp(path: Array("/etc/fonts/fonts.conf".utf8), state: state),
                FontCacheFile.Stamp(path: Array("/root/.fonts".utf8), state: .absent),
            ],
            chains: [
                FontCacheFile.Chain(
                    family: "Gentium Plus", hebrewFamily: "Ezra SIL", primary: primary,
                    hebrew: hebrew, hebrewIndex: 1),
                FontCacheFile.Chain(
                    family: "DejaVu Sans", hebrewFamily: nil, primary: primary, hebrew: nil,
                    hebrewIndex: 0),
            ],
            shaper: FontCacheFile.Shaper(
                version: "6.0.0",
                files: [
                    FontCacheFile.Stamp(path: Array("/lib/x86_64-linux-gnu/libharfbuzz.so.0".utf8), state: state),
                    FontCacheFile.Stamp(path: Array("/etc/ld.so.cache".utf8), state: state),
                ]))
    }

    @Test func theFormatRoundTrips() throws {
        let file = Self.sample()
        let bytes = file.encoded()
        #expect(try FontCacheFile.parse(bytes) == file)
        #expect(try FontCacheFile.parse(bytes).encoded() == bytes)
        let empty = FontCacheFile(fontconfigVersion: 0, environment: [], stamps: [], chains: [])
        #expect(try FontCacheFile.parse(empty.encoded()) == empty)
    }

    /// Every truncation and every single-byte change of a good file is refused with a one-line reason; nothing
    /// traps.
    @Test func everyTruncationAndEveryChangedByteIsRefused() throws {
        let bytes = Self.sample().encoded()
        for length in 0..<bytes.count {
            #expect(throws: FontCacheFileError.self) { try FontCacheFile.parse(Array(bytes[0..<length])) }
        }
        for index in bytes.indices {
            var changed = bytes
            changed[index] &+= 1
            #expect(throws: FontCacheFileError.self, "byte \(index)") { try FontCacheFile.parse(changed) }
        }
        #expect(throws: FontCacheFileError.self) { try FontCacheFile.parse(bytes + [0]) }
        #expect(throws: FontCacheFileError.tooLarge(FontCacheFile.maxSize + 1)) {
            try FontCacheFile.parse([UInt8](repeating: 0, count: FontCacheFile.maxSize + 1))
        }
    }

    /// A body with a correct header but a field this code would never write (a relative path, a flag of 2, a
    /// control character in a name, bytes after the last record) is refused too: the checksum only catches
    /// accidents.
    @Test func wellSealedButMalformedBodiesAreRefused() throws {
        func sealed(_ file: FontCacheFile, _ edit: (inout [UInt8]) -> Void) -> [UInt8] {
            var body = Array(file.encoded().dropFirst(FontCacheFile.headerSize))
            edit(&body)
            return FontCacheFile.sealing(body)
        }
        var relative = Self.sample()
        relative.stamps[0].path = Array("etc/fonts".utf8)
        var control = Self.sample()
        control.chains[0].family = "Gentium\u{7}"
        var badIndex = Self.sample()
        badIndex.chains[1].hebrewIndex = 3
        var samePlace = Self.sample()
        samePlace.chains[0].hebrewIndex = 0
        var fontconfigPlace = Self.sample()
        fontconfigPlace.chains[0].hebrewIndex = 37
        for bytes in [
            sealed(relative) { _ in }, sealed(control) { _ in }, sealed(badIndex) { _ in },
            sealed(samePlace) { _ in }, sealed(fontconfigPlace) { _ in }, sealed(Self.sample()) { $0.append(0) },
        ] {
            #expect(throws: FontCacheFileError.self) { try FontCacheFile.parse(bytes) }
        }
        for error in [FontCacheFileError.truncated, .foreign, .checksum, .field("a flag"), .count("stamps", 9999)] {
            #expect(!error.description.contains("\n") && error.description.count < 120)
        }
    }

    /// The fuzzer's seeds are files and bodies this encoder writes (regenerated with `FONT_CACHE_SEEDS=write`).
    @Test func fuzzSeedsAreCurrent() throws {
        let folder = packageRoot.appendingPathComponent("Fuzz/seeds/font-cache")
        var minimal = Self.sample()
        minimal.chains = [minimal.chains[1]]
        minimal.stamps = []
        let seeds: [String: [UInt8]] = [
            "file.bin": Self.sample().encoded(),
            "minimal.bin": minimal.encoded(),
            "body.bin": Array(Self.sample().encoded().dropFirst(FontCacheFile.headerSize)),
        ]
        if ProcessInfo.processInfo.environment["FONT_CACHE_SEEDS"] == "write" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, bytes) in seeds { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        }
        for (name, bytes) in seeds {
            #expect(Array(try Data(contentsOf: folder.appendingPathComponent(name))) == bytes, "\(name)")
        }
    }

    /// Valgrind adds its own preloads to `LD_PRELOAD` (asked of valgrind itself: the value `printenv` sees under
    /// it). They define no HarfBuzz, so the fingerprint leaves them out: a run under valgrind after a native one
    /// finds the font cache current (a warm measurement is warm). Any other preload still counts, in its place.
    @Test(.enabled(if: SystemTool.required("valgrind"), SystemTool.reason("valgrind", package: "valgrind")))
    func valgrindsPreloadsLeaveTheFingerprintAsANativeRunHasIt() throws {
        func underValgrind(_ preload: String?) throws -> String {
            let process = Process()
            process.executableURL = try #require(SystemTool.find("valgrind"))
            process.arguments = ["--tool=none", "-q", "/usr/bin/printenv", "LD_PRELOAD"]
            var environment = ProcessInfo.processInfo.environment
            environment["LD_PRELOAD"] = preload
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
        func kept(_ value: String) -> String {
            let bytes = Array(value.utf8)
            return String(decoding: bytes.withUnsafeBytes { FontCache.preloadsBesidesValgrind($0) }, as: UTF8.self)
        }
        let alone = try underValgrind(nil)
        #expect(alone.contains("vgpreload_"), "valgrind preloads its own library: \(alone)")
        #expect(kept(alone) == "")
        let other = "/lib/x86_64-linux-gnu/libm.so.6"
        let both = try underValgrind(other)
        #expect(both.contains("vgpreload_") && both.contains(other), "\(both)")
        #expect(kept(both) == other)
        #expect(kept("/opt/a.so /opt/b.so") == "/opt/a.so:/opt/b.so")
        #expect(kept("/opt/vgpreload_core.so.1") == "/opt/vgpreload_core.so.1", "not a valgrind preload's name")
    }
}
