import Foundation
import InterlinearCorpus

/// Every chapter a command can open: the SQLite store first, then the chapter files a command was pointed at
/// (`--corpus FOLDER` holding `chapters/`, or `$INTERLINEAR_CORPUS`: test fixtures, exchange). Nothing is looked up
/// relative to the current folder or the executable.
///
/// A chapter in neither is an error that lists the nearest chapters that do exist and the command that fetches it.
package final class ChapterLibrary: ChapterSource {
    /// Where the store is, whether or not it exists yet.
    package let storePath: String
    /// The same, as a file URL.
    package var storeURL: URL { URL(fileURLWithPath: storePath) }
    /// The store; nil until `interlinear import` has built it.
    package let store: CorpusStore?
    /// The chapter files a command was pointed at (none unless it was), found when first asked for: a chapter the
    /// store holds never needs them.
    package private(set) lazy var committed: CorpusLibrary = findCommitted()
    private let findCommitted: () -> CorpusLibrary
    private var cachedChapters: [ChapterReference]?

    package init(storeURL: URL, store: CorpusStore?, committed: CorpusLibrary) {
        storePath = storeURL.path
        self.store = store
        findCommitted = { committed }
    }

    /// A library whose committed files are found by `find` when first needed.
    init(storePath: String, store: CorpusStore?, findingCommitted find: @escaping () -> CorpusLibrary) {
        self.storePath = storePath
        self.store = store
        findCommitted = find
    }

    /// The library for `--corpus PATH` (a store file, or a folder holding `interlinear.sqlite` and optionally
    /// `chapters/`), else `$INTERLINEAR_DATA`, else the user's data folder. Throws when the store file exists but
    /// is damaged, foreign or too new.
    /// `environment`: the variables to read instead of this process's (tests). The path is found by
    /// `StoreLocation.storePath`, without Foundation's `URL` (see there why).
    package static func open(
        corpus: String? = nil,
        environment: [String: String]? = nil
    ) throws -> ChapterLibrary {
        let path =
            environment.map { environment in StoreLocation.storePath(explicit: corpus) { environment[$0] } }
            ?? StoreLocation.storePath(explicit: corpus)
        // A read never upgrades the store (`CorpusStore.init`). Anything but "no such file" (a symbolic link loop, a
        // folder without search permission) is the store's problem to report, not "no store yet".
        var info = stat()
        let found = stat(path, &info) == 0
        if !found, errno != ENOENT {
            throw StoreError.cannotOpen(path: path, reason: systemMessage(errno))
        }
        let store = found ? try CorpusStore(path: path, upgrade: false) : nil
        let folder = corpus.map { URL(fileURLWithPath: $0) }
        return ChapterLibrary(
            storePath: path, store: store,
            findingCommitted: {
                if let folder, FileManager.default.fileExists(atPath: folder.appendingPathComponent("chapters").path) {
                    return CorpusLibrary(corpusDirectory: folder)
                }
                return CorpusLibrary.named() ?? CorpusLibrary(roots: [])
            })
    }

    /// Reads a chapter from the store, else from the committed files, without freezing (`ChapterSource.read`;
    /// `load` freezes); a missing one is a `missingChapter` error.
    package func read(
        _ reference: ChapterReference, into strings: StringTableBuilder, morphemes: Bool
    ) throws -> Chapter {
        if let store, let chapter = try store.read(reference, into: strings, morphemes: morphemes) { return chapter }
        if committed.file(for: reference) != nil { return try committed.read(reference, into: strings) }
        throw missing(reference)
    }

    /// Loads a passage: the whole chapter, or only its verses in the passage's range (every one must exist).
    package func load(_ passage: Passage, into strings: StringTableBuilder, morphemes: Bool = true) throws -> Chapter {
        let chapter = try load(passage.chapter, into: strings, morphemes: morphemes)
        do { return try chapter.selecting(passage) } catch let error as CorpusError {
            throw StoreError.missingChapter(MissingChapter(reference: passage.chapter, reason: .verses(error.message)))
        }
    }

    /// A passage typed in English Bibles' numbering (the BSB's and the KJV's), moved to the Hebrew text's where the two
    /// differ (`Versification`, from the BSB's own data), with one line saying which Hebrew verse opens: "Malachi
    /// 4:1" is Malachi 3:19, "Malachi 4" is Malachi 3:19–24. A whole chapter the Hebrew text also has keeps its
    /// Hebrew number (Joel 3 is the Hebrew Joel 3); New Testament passages and stores without the Old Testament are
    /// returned as they are.
    package func resolvingEnglishNumbering(_ passage: Passage) throws -> (passage: Passage, note: String?) {
        let book = passage.chapter.book
        guard book.testament == .old, let store else { return (passage, nil) }
        let base = book.number * 1_000_000 + passage.chapter.chapter * 1_000
        func place(_ key: Int) -> (chapter: Int, verse: Int) { (key / 1_000 % 1_000, key % 1_000) }
        let typed = passage.description
        if let verses = passage.verses {
            guard let first = try store.hebrewVerse(english: base + verses.lowerBound) else { return (passage, nil) }
            let start = place(first)
            let end =
                try store.hebrewVerse(english: base + verses.upperBound).map(place)
                ?? (chapter: passage.chapter.chapter, verse: verses.upperBound)
            let last = end.chapter == start.chapter && end.verse >= start.verse ? end.verse : start.verse
            let moved = Passage(
                chapter: ChapterReference(book: book, chapter: start.chapter), verses: start.verse...last)
            return (moved, "\(typed) in English Bibles is \(moved) in the Hebrew text")
        }
        guard !passage.chapter.exists, let range = try store.hebrewVerses(english: (base + 1)...(base + 999)) else {
            return (passage, nil)
        }
        let start = place(range.lowerBound), end = place(range.upperBound)
        guard start.chapter == end.chapter else { return (passage, nil) }
        let moved = Passage(
            chapter: ChapterReference(book: book, chapter: start.chapter), verses: start.verse...end.verse)
        return (moved, "\(typed) in English Bibles is \(moved) in the Hebrew text")
    }

    /// Every chapter that opens, in canonical order.
    package func availableChapters() -> [ChapterReference] {
        if let cachedChapters { return cachedChapters }
        let stored = (try? store?.availableChapters()) ?? []
        let all = Set(stored).union(committed.availableChapters())
            .sorted { ($0.book.number, $0.chapter) < ($1.book.number, $1.chapter) }
        cachedChapters = all
        return all
    }

    /// The chapter `offset` chapters after `reference` among those that open (before it for a negative offset),
    /// across books; nil past either end.
    package func chapter(_ offset: Int, from reference: ChapterReference) -> ChapterReference? {
        let all = availableChapters()
        let here =
            all.firstIndex(of: reference) ?? all.firstIndex { Self.ordinal($0) > Self.ordinal(reference) } ?? all.count
        let target = all.firstIndex(of: reference) == nil && offset > 0 ? here + offset - 1 : here + offset
        return all.indices.contains(target) ? all[target] : nil
    }

    /// The `count` chapters that open nearest to `reference` in canonical order.
    package func nearest(to reference: ChapterReference, count: Int = 3) -> [ChapterReference] {
        let target = Self.ordinal(reference)
        return Array(
            availableChapters().sorted { abs(Self.ordinal($0) - target) < abs(Self.ordinal($1) - target) }
                .prefix(count)
        ).sorted { Self.ordinal($0) < Self.ordinal($1) }
    }

    /// Position in the canonical order of every chapter (Matthew 1 is 1).
    static func ordinal(_ reference: ChapterReference) -> Int {
        Book.all.prefix { $0.number < reference.book.number }.reduce(0) { $0 + $1.chapterCount } + reference.chapter
    }

    /// The error for a chapter that does not open: where it was looked for, the nearest chapters that do, and
    /// whether the source data its import needs is there (the front end words the command that fetches it).
    package func missing(_ reference: ChapterReference) -> StoreError {
        let book = reference.book
        if reference.chapter > book.chapterCount {
            return .missingChapter(
                MissingChapter(reference: reference, reason: .beyondBook(chapterCount: book.chapterCount)))
        }
        let downloaded =
            SourceData.isComplete(SourceData.defaultDirectory())
            && SourceData.hasOldTestament(
                hebrew: SourceData.hebrewDirectory(), translation: SourceData.defaultDirectory())
        let reason: MissingChapter.Reason =
            store == nil ? .noStore(path: storePath) : .notInStore(path: storePath)
        return .missingChapter(
            MissingChapter(
                reference: reference, reason: reason, nearest: nearest(to: reference),
                sourceDataDownloaded: downloaded))
    }
}
