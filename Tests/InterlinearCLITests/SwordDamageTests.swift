import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// Damaged SWORD modules (issue 39): a copy of Debian's modules, damaged in the test, made the SWORD library with
/// `SWORD_PATH` (and `HOME` a fresh folder, so no ~/.sword mixes in). libsword trusts its files: before, random bytes in
/// an index crashed `import` (139, 134) with nothing said, an empty or FIFO file hung it, a damaged KJV hung
/// `typeset` at gigabytes, a missing data folder left a blank tier and one bad `.conf` setting dropped a dictionary
/// silently. Now each is one error line naming the module and the file, exit 65, and what can go on does: the other
/// dictionary is imported (its entries are then defined from the store).
@Suite(
    .enabled(
        if: SystemTool.isCI
            || ["strongsgreek", "strongshebrew", "engKJV2006eb"].allSatisfy {
                FileManager.default.fileExists(atPath: "/usr/share/sword/mods.d/\($0).conf")
            },
        "Debian's sword-dict-strongs-greek, sword-dict-strongs-hebrew and sword-text-kjv are not installed (scripts/setup)"
    ))
struct SwordDamageTests {
    static let debian = "/usr/share/sword"
    static let greek = "modules/lexdict/zld/strongsgreek"
    static let hebrew = "modules/lexdict/zld/strongshebrew"
    static let kjv = "modules/texts/ztext/engKJV2006eb"

    /// A fresh copy of Debian's SWORD library, with its own empty home folder beside it.
    struct Library {
        let root: URL
        let home: URL
        var environment: [String: String] {
            var environment = testEnvironment
            environment["SWORD_PATH"] = root.path
            environment["HOME"] = home.path
            return environment
        }

        init(_ name: String) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "interlinear-sword-\(name)-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
            root = folder.appendingPathComponent("sword")
            home = folder.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            for part in ["mods.d", "modules"] {
                try FileManager.default.copyItem(
                    at: URL(fileURLWithPath: SwordDamageTests.debian).appendingPathComponent(part),
                    to: root.appendingPathComponent(part))
            }
        }

        func file(_ path: String) -> URL { root.appendingPathComponent(path) }

        /// Replaces `path` with as many random bytes as it holds.
        func randomize(_ path: String) throws {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file(path).path)[.size] as? Int)
            var generator = SystemRandomNumberGenerator()
            try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: file(path))
        }
    }

    /// `import "John 1"` into a new store in the library's folder: the result and the store.
    static func importJohn1(_ library: Library) throws -> (ProcessResult, URL) {
        let store = library.root.deletingLastPathComponent().appendingPathComponent("store.sqlite")
        // The source data where setup put it: `HOME` is the library's own folder here.
        let source = try #require(SharedStore.sourceDirectory, "\(SharedStore.sourceMissing ?? "")")
        let result = try run(
            interlinearBinary,
            [
                "import", "John 1", "--corpus", store.path, "--source", source.path, "--sblgnt-source",
                SourceData.printedGreekDirectory().path,
            ],
            environment: library.environment, directory: packageRoot)
        return (result, store)
    }

    /// The import went on: exit 65 with exactly one error line naming `module` and `file` (the progress notes and
    /// warnings aside), the chapter and `other`'s entries in the store (`define` finds `found`), `module`'s not
    /// (`define` of `lost` fails).
    static func expectImportWentOn(
        _ result: ProcessResult, store: URL, module: String, file: String, found: String, lost: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == 65, "\(result.stderr)", sourceLocation: sourceLocation)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("interlinear: error: ") }
        #expect(errors.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            errors.first.map { $0.contains(module) && $0.contains(file) } == true, "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stdoutText.hasPrefix("imported 1 chapter(s)"), sourceLocation: sourceLocation)
        let kept = try interlinear("define", found, "--corpus", store.path)
        #expect(kept.status == 0 && kept.stdoutText.hasPrefix(found), "\(kept.stderr)", sourceLocation: sourceLocation)
        let gone = try interlinear("define", lost, "--corpus", store.path)
        // 66: a query that finds no entry (README's exit table), not a damaged store (65).
        #expect(gone.status == 66, "\(gone.stderr)", sourceLocation: sourceLocation)
    }

    static var storeAvailable: Bool { SystemTool.isCI || SharedStore.sourceMissing == nil }

    /// A dictionary file damaged one way: which dictionary, which file, and how.
    enum FileDamage: String, CaseIterable, Sendable {
        /// On `bff370a`: exit 139, nothing said.
        case randomGreekIndex
        /// 134 (`std::bad_alloc`).
        case randomHebrewBlockIndex
        /// Hung.
        case emptyGreekData
        /// Hung.
        case hebrewTextAFIFO

        var greek: Bool { self == .randomGreekIndex || self == .emptyGreekData }
        var file: String {
            switch self {
            case .randomGreekIndex: "dict.idx"
            case .randomHebrewBlockIndex: "dict.zdx"
            case .emptyGreekData: "dict.dat"
            case .hebrewTextAFIFO: "dict.zdt"
            }
        }

        func apply(to library: Library) throws {
            let path = (greek ? SwordDamageTests.greek : SwordDamageTests.hebrew) + "/" + file
            switch self {
            case .randomGreekIndex, .randomHebrewBlockIndex: try library.randomize(path)
            case .emptyGreekData: try Data().write(to: library.file(path))
            case .hebrewTextAFIFO:
                try FileManager.default.removeItem(at: library.file(path))
                #expect(mkfifo(library.file(path).path, 0o600) == 0)
            }
        }
    }

    @Test(.enabled(if: storeAvailable, "\(SharedStore.sourceMissing ?? "")"), arguments: FileDamage.allCases)
    func aDamagedDictionaryFile(_ damage: FileDamage) throws {
        let library = try Library(damage.rawValue)
        try damage.apply(to: library)
        let (result, store) = try Self.importJohn1(library)
        try Self.expectImportWentOn(
            result, store: store, module: damage.greek ? "StrongsGreek" : "StrongsHebrew", file: damage.file,
            found: damage.greek ? "H430" : "G3056", lost: damage.greek ? "G3056" : "H430")
    }

    /// An unknown `CompressType` made libsword leave the module out, as if it were not installed.
    @Test(.enabled(if: storeAvailable, "\(SharedStore.sourceMissing ?? "")"))
    func aBadSettingInTheGreekConf() throws {
        let library = try Library("conf")
        let conf = library.file("mods.d/strongsgreek.conf")
        let text = try String(contentsOf: conf, encoding: .utf8)
        #expect(text.contains("CompressType=ZIP"))
        try text.replacingOccurrences(of: "CompressType=ZIP", with: "CompressType=ZAP").write(
            to: conf, atomically: true, encoding: .utf8)
        let (result, store) = try Self.importJohn1(library)
        try Self.expectImportWentOn(
            result, store: store, module: "StrongsGreek", file: "strongsgreek.conf", found: "H430", lost: "G3056")
        #expect(result.stderr.contains("CompressType=ZAP"))
    }

    /// Damage no check of the files finds: the first block of the Greek text inflates to an entry table pointing
    /// 2 GB away (rewritten with Python's zlib, the index kept consistent). libsword crashes on it — in its child
    /// process, so the import says so, naming the module and its folder, and goes on.
    @Test(
        .enabled(if: storeAvailable, "\(SharedStore.sourceMissing ?? "")"),
        .enabled(if: SystemTool.required("python3"), SystemTool.reason("python3", package: "python3")))
    func libswordCrashingInsideABlock() throws {
        let library = try Library("block")
        let script = """
            import sys, struct, zlib
            p = sys.argv[1]
            zdx = open(p + '/dict.zdx', 'rb').read(); zdt = open(p + '/dict.zdt', 'rb').read()
            out = bytearray(); idx = bytearray()
            for i in range(len(zdx) // 8):
                start, size = struct.unpack_from('<II', zdx, i * 8)
                block = bytearray(zlib.decompress(zdt[start:start + size]))
                if i == 0:
                    for e in range(struct.unpack_from('<I', block, 0)[0]):
                        struct.pack_into('<II', block, 4 + e * 8, 0x7ffffff0, 0x7ffffff0)
                c = zlib.compress(bytes(block))
                idx += struct.pack('<II', len(out), len(c)); out += c
            open(p + '/dict.zdt', 'wb').write(out); open(p + '/dict.zdx', 'wb').write(idx)
            """
        let python = try #require(SystemTool.find("python3"))
        let rewrite = try run(python, ["-c", script, library.file(Self.greek).path])
        try #require(rewrite.status == 0, "\(rewrite.stderr)")
        let (result, store) = try Self.importJohn1(library)
        try Self.expectImportWentOn(
            result, store: store, module: "StrongsGreek", file: "strongsgreek", found: "H430", lost: "G3056")
        #expect(result.stderr.contains("crashed"), "\(result.stderr)")
    }

    @Test func randomBytesInTheKingJamesBlockIndex() throws {
        let library = try Library("bzs")
        try library.randomize(Self.kjv + "/nt.bzs")
        let result = try run(
            interlinearBinary, ["typeset", "John 1", "--translation", "KJV"], environment: library.environment,
            directory: packageRoot)
        expectOneErrorLine(result, status: 65, ["engKJV2006eb", "nt.bzs"])
    }

    /// The module's `.conf` is there, its data folder is not: said, never a blank tier.
    @Test func aMissingKingJamesDataFolder() throws {
        let library = try Library("nodata")
        try FileManager.default.removeItem(at: library.file(Self.kjv))
        let result = try run(
            interlinearBinary, ["typeset", "John 1", "--translation", "KJV"], environment: library.environment,
            directory: packageRoot)
        expectOneErrorLine(result, status: 65, ["engKJV2006eb", Self.kjv])
    }

    /// The New Testament's files gone, the Old Testament's kept: a New Testament chapter has no verses to show.
    @Test func aKingJamesWithoutItsNewTestament() throws {
        let library = try Library("partial")
        for name in ["nt.bzs", "nt.bzv", "nt.bzz"] {
            try FileManager.default.removeItem(at: library.file(Self.kjv + "/" + name))
        }
        let result = try run(
            interlinearBinary, ["typeset", "John 1", "--translation", "KJV"], environment: library.environment,
            directory: packageRoot)
        expectOneErrorLine(result, status: 65, ["engKJV2006eb", "John 1"])
    }
}
