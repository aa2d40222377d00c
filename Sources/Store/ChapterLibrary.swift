import Foundation
import InterlinearCorpus

/// Every chapter a command can open: the SQLite store first, then the committed test chapters (`Corpus/chapters`
/// in a checkout), so John 1, Matthew 1, Romans 8 and Revelation 22 open before any import.
///
/// A chapter in neither is an error that lists the nearest chapters that do exist and the command that fetches it.
public final class ChapterLibrary: ChapterSource {
    /// Where the store is, whether or not it exists yet.
    public let storeURL: URL
    /// The store; nil until `interlinear import` has built it.
    public let store: CorpusStore?
    /// The committed chapter files, found when first asked for: a chapter the store holds never needs them, and
    /// finding them (`CorpusLibrary.locate`: Foundation URLs for up to seven folders) was 0.5 M instructions of a
    /// warm `typeset "John 1"` (35 M in all).
    public private(set) lazy var committed: CorpusLibrary = findCommitted()
    private let findCommitted: () -> CorpusLibrary
    private var cachedChapters: [ChapterReference]?

    public init(storeURL: URL, store: CorpusStore?, committed: CorpusLibrary) {
        self.storeURL = storeURL
        self.store = store
        findCommitted = { committed }
    }

    /// A library whose committed files are found by `find` when first needed.
    init(storeURL: URL, store: CorpusStore?, findingCommitted find: @escaping () -> CorpusLibrary) {
        self.storeURL = storeURL
        self.store = store
        findCommitted = find
    }

    /// The library for `--corpus PATH` (a store file, or a folder holding `interlinear.sqlite` and optionally
    /// `chapters/`), else `$INTERLINEAR_DATA`, else the user's data folder. Throws when the store file exists but
    /// is damaged, foreign or too new.
    public static func open(corpus: String? = nil,
                            environment: [String: String] = StoreLocation.environment()) throws -> ChapterLibrary {
        let url = StoreLocation.storeFile(explicit: corpus, environment: environment)
        // A read never upgrades the store (`CorpusStore.init`). Anything but "no such file" (a symbolic link loop, a
        // folder without search permission) is the store's problem to report, not "no store yet".
        var info = stat()
        let found = stat(url.path, &info) == 0
        if !found, errno != ENOENT {
            throw StoreError.cannotOpen(path: url.path, reason: systemMessage(errno))
        }
        let store = found ? try CorpusStore(url: url, upgrade: false) : nil
        let folder = corpus.map { URL(fileURLWithPath: $0) }
        return ChapterLibrary(storeURL: url, store: store, findingCommitted: {
            if let folder, FileManager.default.fileExists(atPath: folder.appendingPathComponent("chapters").path) {
                return CorpusLibrary(corpusDirectory: folder)
            }
            return CorpusLibrary.locate()
        })
    }

    /// Reads a chapter from the store, else from the committed files, without freezing (`ChapterSource.read`;
    /// `load` freezes); a missing one is a `missingChapter` error.
    public func read(_ reference: ChapterReference, into strings: StringTableBuilder) throws -> Chapter {
        if let store, let chapter = try store.read(reference, into: strings) { return chapter }
        if committed.file(for: reference) != nil { return try committed.read(reference, into: strings) }
        throw missing(reference)
    }

    /// Loads a passage: the whole chapter, or only its verses in the passage's range (every one must exist).
    public func load(_ passage: Passage, into strings: StringTableBuilder) throws -> Chapter {
        let chapter = try load(passage.chapter, into: strings)
        do { return try chapter.selecting(passage) } catch let error as CorpusError {
            throw StoreError.missingChapter(error.message)
        }
    }

    /// Every chapter that opens, in canonical order.
    public func availableChapters() -> [ChapterReference] {
        if let cachedChapters { return cachedChapters }
        let stored = (try? store?.availableChapters()) ?? []
        let all = Set(stored).union(committed.availableChapters())
            .sorted { ($0.book.number, $0.chapter) < ($1.book.number, $1.chapter) }
        cachedChapters = all
        return all
    }

    /// The chapter `offset` chapters after `reference` among those that open (before it for a negative offset),
    /// across books; nil past either end.
    public func chapter(_ offset: Int, from reference: ChapterReference) -> ChapterReference? {
        let all = availableChapters()
        let here = all.firstIndex(of: reference) ?? all.firstIndex { Self.ordinal($0) > Self.ordinal(reference) } ?? all.count
        let target = all.firstIndex(of: reference) == nil && offset > 0 ? here + offset - 1 : here + offset
        return all.indices.contains(target) ? all[target] : nil
    }

    /// The `count` chapters that open nearest to `reference` in canonical order.
    public func nearest(to reference: ChapterReference, count: Int = 3) -> [ChapterReference] {
        let target = Self.ordinal(reference)
        return Array(availableChapters().sorted { abs(Self.ordinal($0) - target) < abs(Self.ordinal($1) - target) }
            .prefix(count)).sorted { Self.ordinal($0) < Self.ordinal($1) }
    }

    /// Position in the canonical order of every chapter (Matthew 1 is 1).
    static func ordinal(_ reference: ChapterReference) -> Int {
        Book.all.prefix { $0.number < reference.book.number }.reduce(0) { $0 + $1.chapterCount } + reference.chapter
    }

    /// The one-line error for a chapter that does not open, saying what exists and which command fetches it.
    public func missing(_ reference: ChapterReference) -> StoreError {
        let book = reference.book
        if reference.chapter > book.chapterCount {
            let count = book.chapterCount == 1 ? "1 chapter" : "\(book.chapterCount) chapters"
            return .missingChapter("no chapter \(reference): \(book.name) has \(count)")
        }
        let nearest = nearest(to: reference).map(\.description).joined(separator: ", ")
        let fetch: String
        if book.testament == .old {
            // Hebrew chapters are chapter files, imported one by one (or all with --testament old).
            fetch = SourceData.hasOldTestament(hebrew: SourceData.hebrewDirectory(), translation: SourceData.defaultDirectory())
                ? "run `interlinear import \"\(reference)\"` to import it"
                : "run scripts/setup, then `interlinear import \"\(reference)\"`, to import it"
        } else {
            fetch = SourceData.isComplete(SourceData.defaultDirectory())
                ? "run `interlinear import` to build the whole New Testament"
                : "run scripts/setup, then `interlinear import`, to build the whole New Testament"
        }
        let where_ = book.testament == .old ? "not among the Hebrew chapter files"
            : store == nil ? "there is no store at \(storeURL.path) yet" : "the store at \(storeURL.path) does not hold it"
        return .missingChapter("no chapter \(reference) in the corpus (\(where_)); \(fetch)"
            + (nearest.isEmpty ? "" : "; nearest chapters that open: \(nearest)"))
    }
}
