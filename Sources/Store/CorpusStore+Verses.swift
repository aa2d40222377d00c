import InterlinearCorpus

extension CorpusStore {
    /// Builds the verses `numbers` of a chapter into `chapter`, each read by its key, bounded and checked field by
    /// field as every read is, and checked by its own checksum (`VerseChecksum`); a number the chapter has no row for
    /// is left out. As in a whole chapter's read, a field the checks refuse is refused as such, and a verse whose rows
    /// do not give its checksum once all are built: one line naming it and the command that imports it again. False
    /// when one of them has no checksum (a store migrated from version 6, a row added by hand): then the chapter's
    /// checksum must vouch for them, and what was built is not to be used.
    func readCheckedVerses(
        _ numbers: [Int], of range: ClosedRange<Int>, into chapter: inout Chapter, strings: StringTableBuilder,
        check: inout StoredChapterCheck
    ) throws -> Bool {
        if verseByKey == nil {
            verseByKey = try database.prepare(
                """
                SELECT verse.translation, verse_words.words, verse_words.morphemes, verse.outside, verse.checksum
                FROM verse LEFT JOIN verse_words ON verse_words.id = verse.id WHERE verse.id = ?1
                """)
        }
        guard let statement = verseByKey else { return false }
        defer { statement.reset() }
        var verseMorphemes: [Morpheme] = []  // one verse's at a time, its room kept
        var marks = StoredMarks()
        var changed: Int?  // the first verse whose rows do not give its checksum
        // A number outside 0…999 would name a verse of another chapter; a repeat is built once.
        var previous: Int?
        for number in numbers.sorted() where (0...999).contains(number) && number != previous {
            previous = number
            statement.reset()
            let key = range.lowerBound + number
            try statement.bind([key])
            guard try statement.step() else { continue }
            let translation = statement.bytes(0)
            try check.verse(number, translation: translation)
            guard !statement.isNull(4) else { return false }
            let words = statement.bytes(1)
            let morphemes = statement.isNull(2) ? nil : statement.bytes(2)
            let outside = statement.int(3) != 0
            let computed = VerseChecksum.of(
                key: key, translation: translation, words: words, morphemes: morphemes, outside: outside)
            if changed == nil, statement.int(4) != computed { changed = number }
            try appendVerse(
                number, translation: translation, words: words, morphemes: morphemes, outside: outside,
                into: &chapter, gathering: &verseMorphemes, marks: &marks, strings: strings, check: &check)
        }
        if let changed { throw check.damaged("has changed since it was imported (verse \(changed))") }
        return true
    }

    /// Builds one verse row into `chapter` (its translation, words and morphemes as stored), checking each field as
    /// it is interned; `verseMorphemes` is scratch room kept across verses (`readWords`).
    func appendVerse(
        _ number: Int, translation: UnsafeBufferPointer<UInt8>, words: UnsafeBufferPointer<UInt8>,
        morphemes packedMorphemes: UnsafeBufferPointer<UInt8>?, outside: Bool, into chapter: inout Chapter,
        gathering verseMorphemes: inout [Morpheme], marks: inout StoredMarks, strings: StringTableBuilder,
        check: inout StoredChapterCheck
    ) throws {
        let reference = chapter.reference
        chapter.beginVerse(number, strings: strings)
        if outside { chapter.markVerseOutsideText() }
        // Text is checked as it is interned (`intern(checkedUTF8:)`: each distinct string once); the tokens
        // split at spaces, so the translation is clean exactly when every token is.
        var tokens = 0
        var clean = true
        forEachItem(translation) { token in
            tokens += 1
            guard clean, tokens <= CorpusLimits.maxTranslationTokensPerVerse else { return }
            guard let id = strings.intern(checkedUTF8: token) else {
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
            gathering: &verseMorphemes, marks: &marks, strings: strings, check: &check)
    }
}
