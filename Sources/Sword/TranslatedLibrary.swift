import InterlinearCorpus

/// Chapters from another library with their translation taken from a SWORD Bible (`--translation KJV`): the words,
/// morphemes and verse numbers are the corpus's, the English is the module's, read through libsword when the chapter
/// is read, each word aligned to the source words with its Strong's numbers (`Chapter.replacingTranslation`).
///
/// The module is read at the time the chapter is, not copied into the store: the module already is an indexed
/// store (SWORD's compressed verse blocks, one chapter a few milliseconds), a user adds and updates modules in
/// ~/.sword at any time and a copy would go stale, and only the chapters shown are read.
///
/// Versification: the modules are KJV-numbered, as English Bibles are; the Old Testament's verses are the Hebrew
/// text's. `hebrewVerse` gives the Hebrew verse key (BBCCCVVV) of an English one where they differ — the store's
/// `versification` table (from the BSB's data; English numbering is the KJV's), so KJV Malachi 4:1 is shown as
/// Malachi 3:19 and KJV Joel 2:28 as Joel 3:1; its failure (a damaged table) fails the read, since a verse put
/// under its English number would stand under the wrong Hebrew one. A psalm's title, which SWORD stores with the
/// English verse 1, goes before the words of the Hebrew chapter's verse 1 (the title is verse 1, or 1–2, in
/// Hebrew). New Testament chapters are numbered alike in both.
public final class TranslatedLibrary: ChapterSource {
    package let base: any ChapterSource
    public let bible: SwordBible
    private let hebrewVerse: (Int) throws -> Int?
    private let lettered: StrongsLexicon.LetteredNumbers
    /// The alignment figures of the chapters read so far.
    package private(set) var count = AlignmentCount()
    /// How the module's words pair with the source words by number: every match (the interlinear), or in order
    /// (the reverse interlinear, `StrongsPairing.inOrder`).
    package var pairing = StrongsPairing.everyMatch

    /// `lettered` says whether a lettered Hebrew number (H1254a) has its base's entry (see `Lexicon.entry`).
    package init(
        base: any ChapterSource, bible: SwordBible, hebrewVerse: @escaping (Int) throws -> Int?,
        lettered: StrongsLexicon.LetteredNumbers
    ) {
        self.base = base
        self.bible = bible
        self.hebrewVerse = hebrewVerse
        self.lettered = lettered
    }

    package func read(
        _ reference: ChapterReference, into strings: StringTableBuilder, morphemes: Bool
    ) throws -> Chapter {
        var chapter = try base.read(reference, into: strings, morphemes: morphemes)
        chapter.freeze(strings)
        let verses = try translation(of: reference)
        // A module that gives nothing for a chapter its versification has is said, never shown as a blank tier.
        guard !verses.isEmpty else {
            throw ModuleDamage(
                module: bible.name, file: nil, "gave no verses of \(reference) (its files may be partial)")
        }
        let lettered = lettered
        let (translated, count) = chapter.replacingTranslation(
            verses, strings: strings, resolves: { lettered.resolves($0) }, pairing: pairing)
        if let failure = lettered.failure { throw failure }
        self.count += count
        return translated
    }

    public func availableChapters() -> [ChapterReference] { base.availableChapters() }

    /// The module's words of each verse of `reference`, by the corpus's verse number.
    func translation(of reference: ChapterReference) throws -> [Int: [TranslationWord]] {
        var verses: [Int: [TranslationWord]] = [:]
        let book = reference.book
        guard book.testament == .old else {
            for verse in try bible.verses(of: book, chapters: [reference.chapter])[reference.chapter] ?? [] {
                verses[verse.number] = verse.title + verse.words
            }
            return verses
        }
        // The English chapters around this one may hold its verses (Malachi 4 is Hebrew Malachi 3:19–24).
        let around = try bible.verses(of: book, chapters: Array((reference.chapter - 1)...(reference.chapter + 1)))
        for chapter in (reference.chapter - 1)...(reference.chapter + 1) {
            for verse in around[chapter] ?? [] {
                let english = book.number * 1_000_000 + chapter * 1_000 + verse.number
                let hebrew = try hebrewVerse(english) ?? english
                guard hebrew / 1_000 % 1_000 == reference.chapter else { continue }
                if !verse.title.isEmpty { verses[1] = verse.title + (verses[1] ?? []) }
                verses[hebrew % 1_000, default: []].append(contentsOf: verse.words)
            }
        }
        return verses
    }
}
