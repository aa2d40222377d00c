import ArgumentParser
import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearStore
import InterlinearTypesetting

/// Options every command that lays out a chapter shares. Every value is checked in `validate()`, before the
/// command runs, so a bad one is a usage error (exit 64) with one line saying what is expected.
struct LayoutArguments: ParsableArguments {
    @Argument(
        help:
            "A chapter or verses: \"John 1\", \"John 1:14\", \"Jn 1:14-18\", \"Genesis 1\", \"Ps 23\", \"1 Sam 3\" (case-insensitive)."
    )
    var reference: String

    @OptionGroup var settings: LayoutSettings

    var width: Double { settings.width }
    var fontSize: Double {
        get { settings.fontSize }
        set { settings.fontSize = newValue }
    }
    var tiers: String {
        get { settings.tiers }
        set { settings.tiers = newValue }
    }
    var font: String { settings.font }
    var corpus: String? { settings.corpus }
    var hebrewMarks: HebrewMarks { settings.hebrewMarks }
    var noCache: Bool { settings.noCache }
    var translation: String { settings.translation }

    func validate() throws { try request.validate() }

    /// The layout options the validated values give.
    func layoutOptions() throws -> LayoutOptions { try settings.layoutOptions() }

    func chapterReference() throws -> ChapterReference { try request.chapterReference() }

    /// Whether and where the session keeps its caches (`--no-cache`, `$INTERLINEAR_CACHE`, `$XDG_CACHE_HOME`).
    var cachePolicy: CachePolicy { settings.cachePolicy }

    /// The values, without the wrappers.
    var request: LayoutRequest { LayoutRequest(reference: reference, settings: settings.values) }
}

extension LayoutArguments {
    /// Arguments holding `request`'s values (set through the wrappers, as a parse sets them: an initializer's
    /// assignments would make new wrappers with those values as defaults, which ArgumentParser refuses to read).
    static func holding(_ request: LayoutRequest) -> LayoutArguments {
        var arguments = LayoutArguments()
        arguments.reference = request.reference
        arguments.settings = .holding(request.settings)
        return arguments
    }
}

/// The layout options without a reference: commands that take several references (`export`) share them too.
struct LayoutSettings: ParsableArguments {
    // Unconditional: "--width -1" is a value to refuse with a range, not a missing value followed by an option.
    @Option(parsing: .unconditional, help: "Layout width in points (100–10000).")
    var width: Double = Self.defaultWidth

    @Option(parsing: .unconditional, help: "Source-tier font size in points (6–96).")
    var fontSize: Double = Self.defaultFontSize

    @Option(
        help:
            "Comma-separated tiers: source, transliteration, strongs, morphology, gloss, lemma, translation (default: all but lemma)."
    )
    var tiers: String = Self.defaultTiers

    @Option(help: "Font family, found through fontconfig.")
    var font: String = Self.defaultFont

    @Option(help: ArgumentHelp(corpusHelp))
    var corpus: String?

    @Option(
        help:
            "Marks on Hebrew words: all (points and cantillation), points (no cantillation) or none (consonants only).")
    var hebrewMarks: HebrewMarks = .all

    @Flag(help: ArgumentHelp(noCacheHelp))
    var noCache = false

    @Option(help: ArgumentHelp(TranslationChoice.help))
    var translation: String = LayoutSettings.defaultTranslation

    /// The defaults, also filled in by `ArgumentShortcut`.
    static let defaultWidth = 390.0, defaultFontSize = 17.0, defaultFont = "Gentium Plus"
    static let defaultTiers = "source,transliteration,strongs,morphology,gloss,translation"
    static let defaultTranslation = "BSB"
    static let widthRange = 100.0...10_000.0
    static let fontSizeRange = 6.0...96.0

    /// The checks are `LayoutValues.validate()`'s.
    func validate() throws { try values.validate() }

    static let maximumFontNameBytes = 255

    /// The layout options the validated values give.
    func layoutOptions() throws -> LayoutOptions { try values.layoutOptions() }

    /// Whether and where the session keeps its caches (`--no-cache`, `$INTERLINEAR_CACHE`, `$XDG_CACHE_HOME`).
    var cachePolicy: CachePolicy { values.cachePolicy }

    /// The values, without the wrappers.
    var values: LayoutValues {
        LayoutValues(
            width: width, fontSize: fontSize, tiers: tiers, font: font, corpus: corpus, hebrewMarks: hebrewMarks,
            noCache: noCache, translation: translation)
    }
}

extension LayoutSettings {
    /// Settings holding `values` (set through the wrappers: `LayoutArguments.holding` says why).
    static func holding(_ values: LayoutValues) -> LayoutSettings {
        var settings = LayoutSettings()
        settings.width = values.width
        settings.fontSize = values.fontSize
        settings.tiers = values.tiers
        settings.font = values.font
        settings.corpus = values.corpus
        settings.hebrewMarks = values.hebrewMarks
        settings.noCache = values.noCache
        settings.translation = values.translation
        return settings
    }
}

/// The `--no-cache` help, shared by every command that has the flag.
let noCacheHelp =
    "Neither read nor write the cache files in $XDG_CACHE_HOME/interlinear (or ~/.cache/interlinear, "
    + "or $INTERLINEAR_CACHE): the font fontconfig chose, shaped text."

/// The `--tiers` list: names from `Tier`, at least one of them a word tier (the translation alone has no words to
/// stack it against).
enum TierList {
    static func parse(_ list: String) throws -> TierSet {
        if let tiers = asciiTiers(list) { return tiers }
        let names = Tier.blockTiers + [.translation]
        var tiers: [Tier] = []
        for name in list.split(separator: ",").map(ValueSyntax.trimmingSpaces) where !name.isEmpty {
            guard let tier = Tier(name: name), tier != .verse else {
                throw ValidationError(
                    "unknown tier \(EscapedText.quoted(name)); tiers are "
                        + names.map(\.name).joined(separator: ", "))
            }
            tiers.append(tier)
        }
        guard tiers.contains(where: { Tier.blockTiers.contains($0) }) else {
            throw ValidationError(
                "--tiers needs at least one word tier ("
                    + Tier.blockTiers.map(\.name).joined(separator: ", ")
                    + "); got \(EscapedText.quoted(list))")
        }
        return TierSet(tiers)
    }

    /// The tiers of an ASCII list that names only known tiers, at least one of them a word tier, read on its bytes
    /// as `parse` reads it (split at commas, spaces and tabs trimmed, empty names skipped, names in any case); nil
    /// for anything else, which `parse` then reads and words the error for. Every command that lays out checks its
    /// `--tiers` (the default list too) twice, and the `String` steps were a visible part of a warm `typeset`
    /// (benchmark `typeset-warm`).
    static func asciiTiers(_ list: String) -> TierSet? {
        var list = list
        return list.withUTF8 { bytes -> TierSet? in
            var tiers = TierSet()
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x2C {
                var first = start, last = end
                start = end + 1
                while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
                while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
                guard first < last else { continue }
                guard let tier = tier(named: UnsafeBufferPointer(rebasing: bytes[first..<last])) else { return nil }
                tiers = TierSet(rawValue: tiers.rawValue | 1 << tier.rawValue)
            }
            guard Tier.blockTiers.contains(where: { tiers.contains($0) }) else { return nil }
            return tiers
        }
    }

    /// The tier other than the verse's that ASCII `name` names in any case; nil for anything else.
    private static func tier(named name: UnsafeBufferPointer<UInt8>) -> Tier? {
        Tier.allCases.first { tier in
            var spelling = tier.name
            return tier != .verse
                && spelling.withUTF8 { spelling in
                    spelling.count == name.count
                        && zip(spelling, name).allSatisfy { $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }
                }
        }
    }
}

extension Double {
    /// "5", "-1", "12.5", "nan" for messages.
    var plainText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

/// The chapter (or passage) a command names, loaded in a session made from the shared options (--font,
/// --font-size, --tiers, --width, --corpus): every command reads them here, the same way. A thin call into
/// `Interlinear`.
struct Engine {
    let session: Interlinear
    /// The store (and committed chapters) the session loads from.
    let library: ChapterLibrary
    /// What the reference named, in the corpus's numbering (an English Old Testament verse number moved to the
    /// Hebrew text's, `ChapterLibrary.resolvingEnglishNumbering`).
    let passage: Passage
    let chapter: Chapter
    /// Where the passage was moved from English to Hebrew numbering, the line that says so; nil otherwise.
    let numberingNote: String?

    /// Loads the passage the arguments name (the whole chapter with `wholeChapter`, for a reader or a window that
    /// shows the chapter and opens at the verse).
    init(_ arguments: LayoutArguments, wholeChapter: Bool = false, order: WordOrder = .source) throws {
        var request = arguments.request
        request.settings.order = order
        try self.init(request, wholeChapter: wholeChapter)
    }

    /// The same, from plain values (`TypesetRun`), with the passage the reference names when it was parsed already.
    init(_ arguments: LayoutRequest, wholeChapter: Bool = false, passage named: Passage? = nil) throws {
        let options = try arguments.layoutOptions()
        (library, passage, numberingNote) = try Self.locate(arguments, passage: named)
        session = try Interlinear(
            library: try TranslationChoice.source(arguments.translation, over: library, order: options.order),
            font: arguments.font, options: options,
            cache: arguments.cachePolicy)
        let chapter = try session.chapter(
            wholeChapter ? Passage(chapter: passage.chapter) : passage,
            hebrewMarks: arguments.hebrewMarks)
        self.chapter = session.inLayoutOrder(chapter)
    }

    /// The store and the passage the arguments name, in the corpus's numbering (a note on stderr when it moved);
    /// throws when the store lacks the chapter.
    static func locate(
        _ arguments: LayoutRequest, passage named: Passage? = nil
    ) throws -> (ChapterLibrary, Passage, String?) {
        let library = try ChapterLibrary.open(corpus: arguments.corpus)
        let (passage, numberingNote) = try library.resolvingEnglishNumbering(
            try named ?? parseReference(arguments.reference))
        guard passage.chapter.exists else { throw library.missing(passage.chapter) }
        if let numberingNote { try? ByteSink(descriptor: STDERR_FILENO).write(Array("note: \(numberingNote)\n".utf8)) }
        return (library, passage, numberingNote)
    }

    /// The session's typesetter.
    var typesetter: Typesetter { session.typesetter }
    /// The options the arguments asked for.
    var options: LayoutOptions { session.options }

    /// The chapter typeset with the options the arguments asked for.
    func layout() -> ChapterLayout { session.layout(chapter) }

    /// Saves the shape cache for the next run (unless `--no-cache`): after the command's output, since a cache
    /// never fails a command. With `INTERLINEAR_SHAPE_STATS` set (to anything), one line on stderr counts what this
    /// process shaped, served from the cache file and wrote to it (scripts/bench-bible and the tests read it).
    func saveCaches() {
        let saved = session.saveCaches()
        guard let flag = getenv("INTERLINEAR_SHAPE_STATS"), flag.pointee != 0 else { return }
        let cache = session.cache
        let line =
            "interlinear: shape cache: shaped \(cache.shapedCount - cache.servedFromFile) strings, served "
            + "\(cache.servedFromFile) from the file, wrote \(saved?.bytes ?? 0) bytes\n"
        try? ByteSink(descriptor: STDERR_FILENO).write(Array(line.utf8))
    }
}

/// The whole chapter the arguments name, loaded for a front end that shows its text without shaping it (`read`'s
/// grid and plain text): no session and no fonts, so fontconfig never starts (benchmark `read`) and `--font` is
/// not looked up. Chapters load as a session loads them (`Interlinear.chapter`).
struct UnshapedChapter {
    let library: ChapterLibrary
    /// The chapters' source: the store, or its chapters with `--translation`'s text.
    let source: any ChapterSource
    let passage: Passage
    let chapter: Chapter
    private let strings = StringTableBuilder()

    init(_ arguments: LayoutArguments) throws {
        (library, passage, _) = try Engine.locate(arguments.request)
        source = try TranslationChoice.source(arguments.translation, over: library)
        chapter = try source.load([passage.chapter], into: strings, morphemes: false)[0].showing(
            arguments.hebrewMarks, strings: strings)
    }

    /// Another chapter, for the reader's navigation.
    func load(_ reference: ChapterReference) throws -> Chapter {
        try source.load([reference], into: strings, morphemes: false)[0]
    }
}

/// Parses a reference given on the command line (a chapter, or verses of one), or fails (exit 64) with one line
/// saying what is expected. The chapter must exist in its book; whether the corpus holds it is the library's to say.
func parseReference(_ text: String) throws -> Passage {
    do {
        return try Passage.parse(text)
    } catch {
        throw ValidationError(error.description)
    }
}

extension HebrewMarks: ExpressibleByArgument {}

extension WordOrder: ExpressibleByArgument {
    static let help =
        "Which text leads: source (the Greek or Hebrew in its order, the default) or english (the translation in its "
        + "order, each word with the source words it translates under it; a dash under a word that translates none, "
        + "a ditto mark under a word whose source word stands under an earlier one)."
}

/// The `--corpus` help, shared by every command that reads the corpus.
let corpusHelp =
    "The corpus store: an interlinear.sqlite file or the folder holding it (default: $INTERLINEAR_DATA, "
    + "else $XDG_DATA_HOME/interlinear, else ~/.local/share/interlinear)."
