import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearTestSupport
import Testing

/// Stores the tests share, built once per test run into a temporary folder.
enum StoreFixture {
    /// The downloaded source data (scripts/setup), if it is there.
    static var sourceDirectory: URL? { SharedStore.sourceDirectory }

    /// Why a test that needs the source data cannot run here; nil when it can. Under CI the data must be there.
    static var sourceMissing: String? { SharedStore.sourceMissing }

    static let folder: URL = {
        // Folders of earlier runs whose process is gone are removed (a store is 24 MB).
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix("interlinear-store-tests-") {
            if let pid = Int32(name.dropFirst("interlinear-store-tests-".count)), pid != getpid(), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let url = temporary.appendingPathComponent("interlinear-store-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A store holding the four committed New Testament chapters, imported from their chapter files.
    static let committed: Result<URL, any Error> = Result {
        try committedStore(named: "committed.sqlite", testaments: [.new])
    }

    /// A store holding every committed chapter of both testaments (John 1, Matthew 1, Romans 8, Revelation 22;
    /// Genesis 1, Psalm 23, Isaiah 53), imported from their chapter files.
    static let committedBible: Result<URL, any Error> = Result {
        try committedStore(named: "committed-bible.sqlite", testaments: [.old, .new])
    }

    private static func committedStore(named name: String, testaments: Set<Testament>) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let library = CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")])
        let chapters = try library.load(
            library.availableChapters().filter { testaments.contains($0.book.testament) },
            into: StringTableBuilder())
        _ = try StoreImport.write(chapters, to: url, replace: true, source: "committed chapters")
        return url
    }

    /// The whole New Testament, imported from the source data once and cached across runs (`SharedStore`).
    static var whole: Result<URL, any Error> { SharedStore.wholeNewTestament }

    /// Whether the whole-store suites run here: when the source data is present, and always under CI, where a
    /// missing source is a failure (`wholeStore()` throws), never a skip. Elsewhere they are skipped with the
    /// reason, not counted as passed.
    static var wholeStoreRuns: Bool { sourceMissing == nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// The trait of a test that reads the whole store or the source data: skipped with its reason where
    /// `wholeStoreRuns` is false.
    static var needsSourceData: ConditionTrait { SharedStore.needsSourceData }

    /// The whole-NT store; suites that call it are enabled only where `wholeStoreRuns`, so a missing source here
    /// is CI's, and throws: a failure, never a pass.
    static func wholeStore() throws -> URL { try whole.get() }

    /// A fresh copy of a store, for tests that damage or replace it.
    static func copy(of url: URL, named name: String) throws -> URL {
        let target = folder.appendingPathComponent(UUID().uuidString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SharedStore.copyStore(url, to: target)
        return target
    }
}

/// Chapters compared field by field (strings by text, so tables may differ).
func sameChapter(_ a: Chapter, _ b: Chapter) -> Bool {
    guard a.reference == b.reference, a.language == b.language, a.verses.count == b.verses.count,
        a.words.count == b.words.count, a.translationTokens.count == b.translationTokens.count,
        a.morphemes.count == b.morphemes.count
    else { return false }
    for (x, y) in zip(a.verses, b.verses)
    where x.number != y.number || x.words != y.words || x.translation != y.translation || x.outsideText != y.outsideText
    {
        return false
    }
    for (x, y) in zip(a.translationTokens, b.translationTokens) where a.text(x) != b.text(y) { return false }
    for (x, y) in zip(a.words, b.words) {
        let fields: [KeyPath<Word, TextID>] = [
            \.surface, \.transliteration, \.lemma, \.strongs, \.morphology, \.gloss, \.punctuation, \.printed,
        ]
        for field in fields where a.text(x[keyPath: field]) != b.text(y[keyPath: field]) { return false }
        if Array(a.alignment(of: x)) != Array(b.alignment(of: y)) { return false }
        let parts: [KeyPath<Morpheme, TextID>] = [\.surface, \.transliteration, \.strongs, \.morphology, \.gloss]
        guard a.morphemes(of: x).count == b.morphemes(of: y).count else { return false }
        for (m, n) in zip(a.morphemes(of: x), b.morphemes(of: y)) {
            for part in parts where a.text(m[keyPath: part]) != b.text(n[keyPath: part]) { return false }
        }
    }
    return true
}
