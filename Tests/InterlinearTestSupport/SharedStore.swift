import Foundation
import InterlinearCorpus
import InterlinearStore
import Testing

/// The whole New Testament as a corpus store, imported once and kept in the user's cache folder, so every suite
/// that needs it (search counts, Bible-wide search, `search` into a full disk) and every later test run reads one
/// store instead of importing the New Testament again.
///
/// The cache is keyed by what decides the store's contents: the source data's version, the source files' sizes and
/// modification times, and the text of every source file of the modules that import and write it (`Sources/Corpus`,
/// `Sources/Store`, which holds the schema and its version). A change to any of them builds a new store, so a test
/// never reads one that today's code would not write. Building is atomic (`StoreImport` renames a finished file into
/// place), so test runs in other checkouts sharing the cache folder never see half a store.
public enum SharedStore {
    /// `$INTERLINEAR_TEST_CACHE`, else `$XDG_CACHE_HOME/interlinear/test-stores`, else `$HOME/.cache/interlinear/test-stores` (`UserFolders`).
    public static let folder: URL = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["INTERLINEAR_TEST_CACHE"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return UserFolders.cache(environment: environment).appendingPathComponent("interlinear/test-stores")
    }()

    /// The downloaded source data (scripts/setup), if it is there.
    public static let sourceDirectory: URL? = {
        let directory = SourceData.defaultDirectory()
        return SourceData.isComplete(directory) && SourceData.hasPrintedGreek(printedDirectory) ? directory : nil
    }()

    /// The py-sblgnt download (scripts/setup), the SBLGNT as printed.
    public static let printedDirectory = SourceData.printedGreekDirectory()

    /// Why the whole-New-Testament store cannot be built here; nil when it can.
    public static var sourceMissing: String? {
        sourceDirectory == nil
            ? "the bible-alignments source data is not at \(SourceData.defaultDirectory().path), or the py-sblgnt "
                + "files not at \(printedDirectory.path) (scripts/setup downloads them)"
            : nil
    }

    /// Whether tests that need the source data run here: where it is present, and always under CI, where its
    /// absence is a failure, never a skip.
    public static var sourceDataRuns: Bool { sourceMissing == nil || SystemTool.isCI }

    /// The trait of a test that needs the source data: elsewhere skipped with the reason, not counted as passed.
    public static var needsSourceData: ConditionTrait {
        .enabled(
            if: sourceDataRuns, "needs the bible-alignments and py-sblgnt source data (scripts/setup downloads it)")
    }

    /// The store, built on first use in this process when the cache does not hold it yet. Read it, never write it:
    /// tests that change a store copy it first.
    public static let wholeNewTestament: Result<URL, any Error> = Result {
        guard let source = sourceDirectory else { throw CorpusError(file: "", line: nil, sourceMissing ?? "") }
        let url = folder.appendingPathComponent("new-testament-\(try key(source: source)).sqlite")
        if FileManager.default.fileExists(atPath: url.path) {
            // Marks it as recently used, so pruning keeps it.
            utimes(url.path, nil)
            return url
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let chapters = try BibleAlignmentsImporter(dataDirectory: source, printedText: printedDirectory).importChapters(
            nil, strings: StringTableBuilder())
        _ = try StoreImport.write(chapters, to: url, replace: true, source: "bible-alignments \(SourceData.version)")
        prune(keeping: url)
        return url
    }

    /// Both testaments as a corpus store (what `interlinear import` builds), imported once and cached like
    /// `wholeNewTestament`; needs the Hebrew source too.
    public static let wholeBible: Result<URL, any Error> = Result {
        guard let source = sourceDirectory else { throw CorpusError(file: "", line: nil, sourceMissing ?? "") }
        let hebrew = SourceData.hebrewDirectory()
        guard SourceData.hasOldTestament(hebrew: hebrew, translation: source) else {
            throw CorpusError(
                file: "", line: nil,
                "the bible-alignments \(SourceData.hebrewVersion) Hebrew data is not at \(hebrew.path) (scripts/setup downloads it)"
            )
        }
        let url = folder.appendingPathComponent("bible-\(try key(source: source)).sqlite")
        if FileManager.default.fileExists(atPath: url.path) {
            utimes(url.path, nil)
            return url
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let importer = HebrewImporter(hebrewData: hebrew, translationData: source)
        let chapters =
            try BibleAlignmentsImporter(dataDirectory: source, printedText: printedDirectory).importChapters(
                nil, strings: StringTableBuilder())
            + importer.importChapters(nil, strings: StringTableBuilder())
        _ = try StoreImport.write(
            chapters, to: url, replace: true, source: "bible-alignments (both testaments)",
            versification: try Versification.read(translationFile: importer.translationFile))
        prune(keeping: url)
        return url
    }

    /// Copies the store at `store` to `target`: both its files (`StoreIndex`).
    public static func copyStore(_ store: URL, to target: URL) throws {
        for (from, to) in zip(StoreIndex.files(of: store), StoreIndex.files(of: target)) {
            try FileManager.default.copyItem(at: from, to: to)
        }
    }

    /// A hash (FNV-1a, 64 bits, in hex) of the source data's identity and the importing and writing code.
    static func key(source: URL) throws -> String {
        var hash = FNV1a()
        hash.add(Array("bible-alignments \(SourceData.version)".utf8))
        hash.add(Array("py-sblgnt \(SourceData.printedGreekVersion)".utf8))
        for file in BibleAlignmentsImporter.requiredFiles.sorted() + [SourceData.oldTestamentTranslationFile] {
            let attributes = try FileManager.default.attributesOfItem(atPath: source.appendingPathComponent(file).path)
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            hash.add(Array("\(file) \(size) \(modified)".utf8))
        }
        for module in ["Sources/Corpus", "Sources/Store"] {
            let directory = packageRoot.appendingPathComponent(module)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasSuffix(".swift")
            }.sorted()
            for name in names {
                hash.add(Array("\(module)/\(name)".utf8))
                hash.add(Array(try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        return String(hash.value, radix: 16)
    }

    /// Keeps the four most recently used stores (other checkouts' code may want theirs), removes older ones.
    static func prune(keeping current: URL) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        let stores = names.filter {
            ($0.hasPrefix("new-testament-") || $0.hasPrefix("bible-")) && $0.hasSuffix(".sqlite")
                && !$0.hasSuffix(".search.sqlite")
        }
        .map { folder.appendingPathComponent($0) }
        .map { ($0, ((try? manager.attributesOfItem(atPath: $0.path))?[.modificationDate] as? Date) ?? .distantPast) }
        .sorted { $0.1 > $1.1 }
        for (url, _) in stores.dropFirst(4) where url != current {
            for file in StoreIndex.files(of: url) { try? manager.removeItem(at: file) }
        }
    }
}

/// FNV-1a, 64 bits: a cache key, not a security hash.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xFF
        value = value &* 0x0000_0100_0000_01B3
    }
}
