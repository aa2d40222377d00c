import InterlinearAccessibility
import InterlinearCaches
import InterlinearCorpus
import InterlinearShaping
import InterlinearStore
import InterlinearTable
import InterlinearTypesetting

/// The engine, wired once: the corpus library, one string table, the font chain and the shape cache with its
/// typesetter. Every command, benchmark and test fixture starts from one.
///
/// Chapters it loads intern into its one table, which is frozen after each load: a chapter holds a read-only,
/// `Sendable` view of it, and layout never writes it (the few strings layout needs — the empty string, a space,
/// the verse numbers — are interned while loading). Every layout goes through the one shape cache, so a string
/// shaped for one chapter, width or size is never shaped again.
///
/// Not thread-safe (it owns the shape cache): one session per thread. What it hands out — chapters, layouts — are
/// values any thread may read.
public final class Interlinear {
    /// A phone's screen height in points: the viewport height when none is given.
    public static let defaultViewportHeight: Float = 844

    /// Where chapters come from: the chapter files, or the store's library.
    package let library: any ChapterSource
    package let fonts: FontChain
    /// The options `layout(_:)` and `accessibilityTree(for:)` use when given none.
    public var options: LayoutOptions
    /// The session's typesetter, over its shape cache.
    package let typesetter: Typesetter
    /// The table as of the last load; it extends the table of every chapter the session loaded.
    public private(set) var strings: StringTable
    private let builder = StringTableBuilder()

    /// Whether and where the session keeps caches across processes (`CachePolicy`); off unless given.
    public let cachePolicy: CachePolicy

    /// The shape cache every layout of the session shares.
    package var cache: ShapeCache { typesetter.cache }

    /// A session over the corpus store the command-line tool uses, with the font family `family` (found through
    /// fontconfig): `$INTERLINEAR_DATA`, else `$XDG_DATA_HOME/interlinear`, else `~/.local/share/interlinear`.
    /// Throws `FontError`, naming the Debian package, when the family is not installed, and `StoreError` when the
    /// store is missing, damaged or too new; a chapter it lacks is a `StoreError.missingChapter` when loaded.
    /// `cache` says whether the session may read and write its cache files (the fonts fontconfig chose, the shapes
    /// it made); by default it neither reads nor writes any.
    public convenience init(
        font family: String = "Gentium Plus", options: LayoutOptions = LayoutOptions(),
        cache: CachePolicy = .disabled
    ) throws {
        try self.init(library: ChapterLibrary.open(), font: family, options: options, cache: cache)
    }

    /// A session over `library` (the store's `ChapterLibrary`, or `CorpusLibrary(corpusDirectory:)` for chapter
    /// files: test fixtures, exchange) with the font family `family`; see `init(font:options:cache:)`.
    package convenience init(
        library: any ChapterSource, font family: String = "Gentium Plus",
        options: LayoutOptions = LayoutOptions(), cache: CachePolicy = .disabled
    ) throws {
        try self.init(
            library: library, fonts: FontChain(family: family, cacheDirectory: cache.directory),
            options: options, cache: cache)
    }

    /// A session over `library` with fonts already loaded (font chains are thread-safe: sessions may share one).
    package init(
        library: any ChapterSource, fonts: FontChain,
        options: LayoutOptions = LayoutOptions(), cache cachePolicy: CachePolicy = .disabled
    ) {
        self.library = library
        self.fonts = fonts
        self.options = options
        self.cachePolicy = cachePolicy
        strings = builder.freeze()
        let cache = ShapeCache(chain: fonts, strings: strings)
        if let folder = cachePolicy.directory { cache.persist(in: folder) }
        typesetter = Typesetter(cache: cache)
    }

    /// Saves what the session computed that its cache policy keeps: the shape cache file, when this session shaped
    /// strings it lacked, and the spoken forms of its last accessibility tree, when it computed some. Never fails (a cache that cannot be written is skipped); returns what was written.
    @discardableResult
    package func saveCaches() -> PersistedSave? {
        spokenForms?.save()
        return cache.savePersisted()
    }

    /// The spoken forms of the last accessibility tree made while caching is on, with the file they go to.
    private var spokenForms: PersistedSpokenForms?

    /// Loads a chapter from the library.
    public func chapter(_ reference: ChapterReference) throws -> Chapter {
        try chapters([reference])[0]
    }

    /// Loads a passage: the chapter cut down to its verses (every one must exist), or the whole chapter.
    public func chapter(_ passage: Passage) throws -> Chapter {
        try chapter(passage.chapter).selecting(passage)
    }

    /// Loads a passage with a Hebrew chapter's source tier showing only `hebrewMarks` (STEPBible's switches: all
    /// marks, vowel points without cantillation, or consonants only). A Greek chapter is unaffected.
    package func chapter(_ passage: Passage, hebrewMarks: HebrewMarks) throws -> Chapter {
        defer { refreeze() }
        return try library.load([passage.chapter], into: builder, morphemes: false)[0]
            .showing(hebrewMarks, strings: builder).selecting(passage)
    }

    /// Loads chapters from the library, freezing the table once after the last. A session's chapters are for
    /// showing: a Hebrew chapter comes without its words' morphemes (`Chapter.omitsMorphemes`) unless `morphemes`
    /// asks for them — every tier of a word is there either way.
    public func chapters(_ references: [ChapterReference], morphemes: Bool = false) throws -> [Chapter] {
        defer { refreeze() }
        return try library.load(references, into: builder, morphemes: morphemes)
    }

    /// Loads what a reader typed ("John 1", "Jn 1:14-18", "Ps 23", "Malachi 4"): the passage in the corpus's
    /// numbering, an English Old Testament chapter or verse moved to the Hebrew text's where the two differ ("Malachi
    /// 4" is Malachi 3:19–24) when the library is the store's. Throws `ReferenceError` when the text names no
    /// passage, and the library's error (`StoreError.missingChapter`) when the corpus lacks it.
    public func chapter(parsing text: String) throws -> Chapter {
        try chapter(try passage(parsing: text).passage)
    }

    /// The passage a reader typed, in the corpus's numbering, and where it moved from English numbering, the line
    /// that says so ("Malachi 4:1 in English Bibles is Malachi 3:19 in the Hebrew text"); see `chapter(parsing:)`.
    public func passage(parsing text: String) throws -> (passage: Passage, note: String?) {
        let typed = try Passage.parse(text)
        guard let numbering = library as? ChapterLibrary else { return (typed, nil) }
        return try numbering.resolvingEnglishNumbering(typed)
    }

    /// Reads a chapter from chapter-file text (`Corpus/README.md`); `path` names it in errors.
    public func chapter(fileText text: String, path: String) throws -> Chapter {
        defer { refreeze() }
        return try ChapterFile.parse(text, path: path, strings: builder)
    }

    /// The chapter as the session lays it out: in English order (`options.order`) with the reverse interlinear's
    /// marks in its table (`Chapter.markingEnglishOrder`), interned once; in source order as it is. Every front end
    /// that loads a chapter for a layout asks here, so none decides the order apart from the session.
    package func inLayoutOrder(_ chapter: Chapter) -> Chapter {
        guard options.order == .english, chapter.englishOrderMarks == nil else { return chapter }
        defer { refreeze() }
        return chapter.markingEnglishOrder(strings: builder)
    }

    /// Interns text drawn beside a chapter's own (a caption, a badge), so the shape cache can shape it. It goes
    /// into the session's table (`strings`), not into any chapter's.
    public func intern(_ text: String) -> TextID {
        let id = builder.intern(text)
        if id >= TextID(strings.count) { refreeze() }
        return id
    }

    /// Typesets a chapter this session loaded (with `options`, or the session's). A chapter from elsewhere has ids
    /// that mean nothing to this session's cache (checked in debug builds).
    public func layout(_ chapter: Chapter, options: LayoutOptions? = nil) -> ChapterLayout {
        typesetter.layout(chapter, options: options ?? self.options)
    }

    /// Typesets a chapter this session loaded and wraps it in an accessibility tree. The viewport defaults to the
    /// layout's width by `defaultViewportHeight`; the screen reader is off unless `screenReaderEnabled`.
    public func accessibilityTree(
        for chapter: Chapter, options: LayoutOptions? = nil, viewport: Viewport? = nil,
        granularity: Granularity = .word, notedVerses: Set<Int> = [],
        screenReaderEnabled: Bool = false
    ) -> AccessibilityTree {
        let layout = layout(chapter, options: options)
        let tree = AccessibilityTree(
            chapter: chapter, layout: layout,
            viewport: viewport ?? Viewport(width: layout.options.width, height: Self.defaultViewportHeight),
            granularity: granularity, notedVerses: notedVerses, screenReaderEnabled: screenReaderEnabled)
        if let directory = cachePolicy.directory {
            // The tree before it keeps what it computed; this one starts from what an earlier process kept.
            spokenForms?.save()
            spokenForms = PersistedSpokenForms(tree.spokenForms, of: chapter, folder: directory)
        }
        return tree
    }

    /// Takes the builder's table as it is now, and hands it to the shape cache.
    private func refreeze() {
        strings = builder.freeze()
        cache.extend(to: strings)
    }
}
