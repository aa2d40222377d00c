import InterlinearCorpus

/// One verse row as stored — its translation, packed words (`VerseWords`) and, for Hebrew, packed morphemes
/// (`VerseMorphemes`) — copied out of the statement, vouched for by its own checksum or its chapter's
/// (`CorpusStore.vouchedVerses`), and not yet built or checked field by field: a search checks the fields it uses
/// as it uses them (`CheckedVerse`).
struct StoredVerse {
    /// The verse's number in its chapter.
    let number: Int
    let translation: [UInt8]
    let words: [UInt8]
    /// Nil for a Greek verse.
    let morphemes: [UInt8]?
}

extension CorpusStore {
    /// The rows of the verses `numbers` of a chapter, each read by its key and vouched for by its own checksum
    /// (`VerseChecksum`), in ascending order; a number the chapter has no row for is left out, a repeat given once.
    /// Each row's translation is bounded as every read bounds it (`StoredChapterCheck.verse`). A verse whose row does
    /// not give its checksum is refused in one line naming it and the command that imports it again. When one has no
    /// checksum (a store migrated from version 6, a row added by hand) the whole chapter is read and checked by its
    /// own checksum instead (`read(_:into:morphemes:)`), which refuses the chapter if any row changed. Nil when the
    /// store does not hold the chapter.
    ///
    /// Why not built into a `Chapter`: a search prints a few fields of a few words of each verse it shows, and
    /// building every word (each field interned and checked as text) was most of what a search cost (the `search`
    /// benchmark in `Benchmarks/Thresholds`). The checksum covers every byte; what is printed is checked as text
    /// where it is used.
    func vouchedVerses(
        _ numbers: [Int], of reference: ChapterReference
    ) throws -> (language: SourceLanguage, verses: [StoredVerse])? {
        let key = ChapterKey(book: reference.book.number, chapter: reference.chapter)
        let range = Schema.range(of: key)
        if chapterRecord == nil {
            chapterRecord = try database.prepare("SELECT language FROM chapter WHERE id = ?1")
        }
        if verseByKey == nil {
            verseByKey = try database.prepare(
                """
                SELECT verse.translation, verse_words.words, verse_words.morphemes, verse.outside, verse.checksum
                FROM verse LEFT JOIN verse_words ON verse_words.id = verse.id WHERE verse.id = ?1
                """)
        }
        guard let record = chapterRecord, let statement = verseByKey else { return nil }
        defer { record.reset(); statement.reset() }
        var check = StoredChapterCheck(path: path, reference: reference)
        try record.bind(Schema.chapterKey(key), at: 1)
        // A chapter without its record: the whole read refuses it if it has rows (nil if it has none).
        guard try record.step() else {
            _ = try read(reference, into: StringTableBuilder())
            return nil
        }
        guard let language = SourceLanguage(rawValue: record.text(0)) else {
            throw check.damaged("records an unknown language")
        }
        var verses: [StoredVerse] = []
        verses.reserveCapacity(numbers.count)
        var changed: Int?  // the first verse whose row does not give its checksum
        var unsummed = false
        // A number outside 0…999 would name a verse of another chapter; a repeat is read once.
        var previous: Int?
        for number in numbers.sorted() where (0...999).contains(number) && number != previous {
            previous = number
            statement.reset()
            let key = range.lowerBound + number
            try statement.bind(key, at: 1)
            guard try statement.step() else { continue }
            let translation = statement.bytes(0)
            try check.verse(number, translation: translation)
            let words = statement.bytes(1)
            let morphemes = statement.isNull(2) ? nil : statement.bytes(2)
            if statement.isNull(4) {
                unsummed = true
            } else if changed == nil,
                statement.int(4)
                    != VerseChecksum.of(
                        key: key, translation: translation, words: words, morphemes: morphemes,
                        outside: statement.int(3) != 0)
            {
                changed = number
            }
            verses.append(
                StoredVerse(
                    number: number, translation: Array(translation), words: Array(words),
                    morphemes: morphemes.map(Array.init)))
        }
        if let changed { throw check.damaged("has changed since it was imported (verse \(changed))") }
        if unsummed { _ = try read(reference, into: StringTableBuilder()) }
        return (language, verses)
    }

    /// Builds one verse row into `chapter` (its translation, words and morphemes as stored), checking each field as
    /// it is interned (`ids`); `verseMorphemes` is scratch room kept across verses (`readWords`).
    static func appendVerse(
        _ number: Int, translation: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt8>,
        morphemes packedMorphemes: UnsafeBufferPointer<UInt8>?, outside: Bool, into chapter: inout Chapter,
        gathering verseMorphemes: inout [Morpheme], marks: inout StoredMarks, ids: inout FieldIDs,
        check: inout StoredChapterCheck
    ) throws {
        let reference = chapter.reference
        var numberText = String(number)
        chapter.beginVerse(number, numberText: numberText.withUTF8 { ids.unchecked($0) })
        if outside { chapter.markVerseOutsideText() }
        // Text is checked as it is interned (`intern(checkedUTF8:)`: each distinct string once); the tokens
        // split at spaces, so the translation is clean exactly when every token is.
        var tokens = 0
        var clean = true
        forEachItem(translation) { token in
            tokens += 1
            guard clean, tokens <= CorpusLimits.maxTranslationTokensPerVerse else { return }
            guard let id = ids.checked(token) else {
                clean = false
                return
            }
            chapter.appendTranslationTokenOfVerse(id)
        }
        chapter.endTranslationOfVerse()
        if !clean { try check.refuse(translation, "the translation of \(reference):\(number)") }
        try check.translationTokens(tokens, verse: number)
        try readWords(
            words, morphemes: packedMorphemes, verse: number, tokens: tokens, into: &chapter,
            gathering: &verseMorphemes, marks: &marks, ids: &ids, check: &check)
    }
}
