import Foundation
import InterlinearCorpus

/// Writes chapters into a store and its search index (`StoreIndex`): verse rows, each verse's words packed for
/// loading (`VerseWords`), and in the index the translation's full-text rows, word rows with their folded search
/// keys, and the morphology codes in words. One writer serves one transaction: the codes it remembers writing are gone again if that
/// transaction rolls back.
final class StoreWriter {
    private let database: Database
    private let deleteVerses: Statement
    private let deleteWords: Statement
    private let deletePacked: Statement
    private let insertVerse: Statement
    private let deleteText: Statement
    private let insertText: Statement
    private let insertPacked: Statement
    private let insertWord: Statement
    private let insertCode: Statement
    private let deleteMorphemes: Statement
    private let insertMorpheme: Statement
    private let insertChapter: Statement
    /// Folded keys by string id: each distinct lemma or surface is folded once per table lineage (ids keep their
    /// meaning across every table one builder freezes).
    private var foldedKeys: [TextID: String] = [:]
    /// Morphology codes this writer has put in the `morphology` table: each is expanded and inserted once, not once
    /// per word.
    private var writtenCodes = Set<String>()
    private var foldedLineage: StringTable.Lineage?

    init(_ database: Database) throws {
        self.database = database
        deleteVerses = try database.prepare("DELETE FROM verse WHERE id BETWEEN ?1 AND ?2")
        deleteWords = try database.prepare("DELETE FROM word WHERE verse BETWEEN ?1 AND ?2")
        deletePacked = try database.prepare("DELETE FROM verse_words WHERE id BETWEEN ?1 AND ?2")
        insertVerse = try database.prepare(
            "INSERT INTO verse(id, translation, outside, checksum) VALUES (?1, ?2, ?3, ?4)")
        // The full-text index is in the other file, where no trigger on `verse` can reach: written beside it.
        deleteText = try database.prepare("DELETE FROM verse_text WHERE rowid BETWEEN ?1 AND ?2")
        insertText = try database.prepare("INSERT INTO verse_text(rowid, translation) VALUES (?1, ?2)")
        insertPacked = try database.prepare("INSERT INTO verse_words(id, words, morphemes) VALUES (?1, ?2, ?3)")
        deleteMorphemes = try database.prepare("DELETE FROM morpheme WHERE verse BETWEEN ?1 AND ?2")
        insertMorpheme = try database.prepare(
            "INSERT INTO morpheme(verse, position, surface_key, strongs, strongs_number) VALUES (?1, ?2, ?3, ?4, ?5)")
        insertChapter = try database.prepare(
            """
            INSERT OR REPLACE INTO chapter(id, language, verses, words, checksum, strings, ids)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        insertWord = try database.prepare(
            """
            INSERT INTO word(verse, position, surface, transliteration, lemma, strongs, morphology, gloss, alignment,
                             surface_key, lemma_key, strongs_number, punctuation)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """)
        insertCode = try database.prepare("INSERT OR IGNORE INTO morphology(code, words) VALUES (?1, ?2)")
    }

    /// Creates the schema in an empty database, its index attached (`StoreIndex`).
    static func createSchema(_ database: Database) throws {
        try CorpusStore.migrate(database)
    }

    /// Replaces the chapter's rows (call inside a transaction). Traps on a chapter read without its morphemes
    /// (`Chapter.omitsMorphemes`): its words would be stored as their own single morphemes.
    func write(_ chapter: Chapter) throws {
        precondition(!chapter.omitsMorphemes, "\(chapter.reference) was read without its morphemes")
        if foldedLineage != chapter.strings.lineage {
            foldedKeys.removeAll()
            foldedLineage = chapter.strings.lineage
        }
        let book = chapter.reference.book.number
        let range = Schema.range(of: ChapterKey(book: book, chapter: chapter.reference.chapter))
        for statement in [deleteWords, deletePacked, deleteVerses, deleteText, deleteMorphemes] {
            try statement.bind([range.lowerBound, range.upperBound])
            try statement.run()
        }
        let hebrew = chapter.language == .hebrew
        var digest = ChapterDigest()
        var spelling = SpellingIndex()
        var rows: [ChapterStrings.Row] = []  // as stored, for the record of the chapter's strings
        rows.reserveCapacity(chapter.verses.count)
        for verse in chapter.verses {
            let key = Schema.verseKey(book: book, chapter: chapter.reference.chapter, verse: verse.number)
            let translation = chapter.translationTokens[verse.translation].map(chapter.text).joined(separator: " ")
            // The verse's words packed for the loader (`VerseWords`), from the same fields as its word rows; a Hebrew
            // verse's morphemes beside them (`VerseMorphemes`).
            var packed: [UInt8] = []
            var morphemes: [UInt8] = []
            for (position, word) in chapter.words[verse.words].enumerated() {
                let alignment = Self.alignmentText(of: word, chapter)
                VerseWords.appendWord(word, alignment: alignment, of: chapter, to: &packed)
                if hebrew {
                    VerseMorphemes.appendWord(word, of: chapter, to: &morphemes)
                    try writeMorphemes(of: word, verse: key, position: position, chapter)
                    spelling.addHebrew(
                        transliteration: chapter.text(word.transliteration),
                        parts: chapter.morphemes(of: word).map {
                            SpellingIndex.Part(
                                transliteration: chapter.text($0.transliteration), strongs: chapter.text($0.strongs),
                                morphology: chapter.text($0.morphology))
                        })
                } else {
                    spelling.addGreek(
                        transliteration: chapter.text(word.transliteration), lemma: chapter.text(word.lemma))
                }
                let strongs = chapter.text(word.strongs)
                try insertWord.bind([
                    key, position, chapter.text(word.surface), chapter.text(word.transliteration),
                    chapter.text(word.lemma), strongs, chapter.text(word.morphology), chapter.text(word.gloss),
                    alignment, folded(word.surface, chapter), folded(word.lemma, chapter),
                    Folding.strongsNumber(strongs) ?? 0, chapter.text(word.punctuation),
                ])
                try insertWord.run()
                let code = chapter.text(word.morphology)
                if writtenCodes.insert(code).inserted {
                    try insertCode.bind([code, Morphology.expand(code) ?? ""])
                    try insertCode.run()
                }
            }
            try insertPacked.bind([key, packed])
            if hebrew { try insertPacked.bind(morphemes, at: 3) } else { try insertPacked.bindNull(at: 3) }
            try insertPacked.run()
            // The checksums of what is written, byte for byte as the loader will read it: the chapter's, and the
            // verse's own (`VerseChecksum`), written with its row.
            var text = translation
            let checksum = text.withUTF8 { text in
                packed.withUnsafeBufferPointer { words in
                    morphemes.withUnsafeBufferPointer { parts in
                        digest.addVerse(
                            key: key, translation: text, words: words, morphemes: hebrew ? parts : nil,
                            outside: verse.outsideText)
                        return VerseChecksum.of(
                            key: key, translation: text, words: words, morphemes: hebrew ? parts : nil,
                            outside: verse.outsideText)
                    }
                }
            }
            try insertVerse.bind([key, translation, verse.outsideText ? 1 : 0, checksum])
            try insertVerse.run()
            rows.append(
                ChapterStrings.Row(
                    number: verse.number, translation: Array(translation.utf8), words: packed,
                    morphemes: hebrew ? morphemes : nil, outside: verse.outsideText))
            try insertText.bind([key, translation])
            try insertText.run()
        }
        try spelling.write(database)
        try insertChapter.bind([
            Schema.chapterKey(ChapterKey(book: book, chapter: chapter.reference.chapter)),
            chapter.language.tag, digest.verses, chapter.words.count, digest.value,
        ])
        // What a load of the rows interns, so a load into a new builder looks nothing up (`ChapterStrings`).
        if let record = ChapterStrings.record(of: rows, reference: chapter.reference, language: chapter.language) {
            try insertChapter.bind(record.strings, at: 6)
            try insertChapter.bind(record.ids, at: 7)
        } else {
            try insertChapter.bindNull(at: 6)
            try insertChapter.bindNull(at: 7)
        }
        try insertChapter.run()
    }

    /// A Hebrew word's search rows: one per Strong's number of each morpheme (a morpheme the source gives two
    /// numbers, "H1234/H1234a", is found by either), with the morpheme's folded form.
    private func writeMorphemes(of word: Word, verse key: Int, position: Int, _ chapter: Chapter) throws {
        for morpheme in chapter.morphemes(of: word) {
            let surface = folded(morpheme.surface, chapter)
            let numbers = chapter.text(morpheme.strongs).split(separator: "/")
            for number in numbers.isEmpty ? [""] : numbers {
                try insertMorpheme.bind([
                    key, position, surface, String(number),
                    Folding.strongsNumber(number, prefix: "H") ?? 0,
                ])
                try insertMorpheme.run()
            }
        }
    }

    /// Records the verses whose English (BSB) number differs from the Hebrew text's (call inside a transaction).
    func writeVersification(_ table: Versification) throws {
        let insert = try database.prepare("INSERT OR REPLACE INTO versification(english, hebrew) VALUES (?1, ?2)")
        for (english, hebrew) in table.differences {
            try insert.bind([english, hebrew])
            try insert.run()
        }
    }

    /// A word's alignment as stored: its token offsets in decimal, separated by spaces.
    static func alignmentText(of word: Word, _ chapter: Chapter) -> String {
        chapter.alignment(of: word).map(\.description).joined(separator: " ")
    }

    private func folded(_ id: TextID, _ chapter: Chapter) -> String {
        if let key = foldedKeys[id] { return key }
        let key = Folding.key(chapter.text(id))
        foldedKeys[id] = key
        return key
    }

    /// Records where the data came from.
    func setMeta(_ values: [String: String]) throws {
        let statement = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)")
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            try statement.bind([key, value])
            try statement.run()
        }
    }
}
