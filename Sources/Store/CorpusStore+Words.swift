import InterlinearCorpus

extension CorpusStore {
    /// Reads one verse's packed words (and, for Hebrew unless the chapter omits them, its packed morphemes) into
    /// `chapter`. A Hebrew verse's morphemes are gathered in `pending` (emptied first, its room kept across verses)
    /// and appended to the chapter together at the end: one append per verse instead of one per morpheme into the
    /// chapter. `marks` keeps the punctuation fields the load has parsed (`StoredMarks`).
    static func readWords(
        _ packed: UnsafeBufferPointer<UInt8>, morphemes packedMorphemes: UnsafeBufferPointer<UInt8>?,
        verse number: Int, tokens: Int, into chapter: inout Chapter, gathering pending: inout [Morpheme],
        marks: inout StoredMarks, ids fieldIDs: inout FieldIDs, check: inout StoredChapterCheck
    ) throws {
        let strings = fieldIDs.strings
        let reference = chapter.reference
        let hebrew = chapter.language == .hebrew
        guard hebrew == (packedMorphemes != nil) else {
            throw check.damaged("has \(hebrew ? "no" : "") morphemes for the words of \(reference):\(number)")
        }
        let readsMorphemes = hebrew && !chapter.omitsMorphemes
        var words = VerseWords.Reader(packed)
        var morphemes = VerseMorphemes.Reader(packedMorphemes ?? UnsafeBufferPointer(start: nil, count: 0))
        pending.removeAll(keepingCapacity: true)
        let verseFirstMorpheme = chapter.morphemes.count
        var wordCount = 0
        var row = StoredChapterCheck.WordRow()
        while !words.isAtEnd {
            wordCount += 1
            try check.wordLimit(wordCount, of: number)
            guard words.next(into: &row) else { throw check.cutShort(word: wordCount, of: number) }
            try check.word(wordCount, of: number, row)
            // Each field checked as it is interned (each distinct string once). The codes' syntax is checked before
            // a field that is not clean text is refused, the order the checks had before they were remembered, so
            // every refusal is worded as it was.
            let ids = (
                fieldIDs.checked(row.surface), fieldIDs.checked(row.transliteration), fieldIDs.checked(row.lemma),
                fieldIDs.checked(row.strongs), fieldIDs.checked(row.morphology), fieldIDs.checked(row.gloss)
            )
            try check.codes(
                wordCount, of: number, row, hebrew: hebrew, strongs: ids.3, morphology: ids.4, strings: strings)
            func clean(_ id: TextID?, _ field: UnsafeBufferPointer<UInt8>) throws -> TextID {
                if let id { return id }
                try check.refuse(field, "word \(wordCount) of \(reference):\(number)")
            }
            let surface = try clean(ids.0, row.surface), transliteration = try clean(ids.1, row.transliteration)
            let lemma = try clean(ids.2, row.lemma), strongs = try clean(ids.3, row.strongs)
            let morphology = try clean(ids.4, row.morphology), gloss = try clean(ids.5, row.gloss)
            let start = Int32(chapter.alignedTokens.count)
            var bad = false
            forEachItem(row.alignment) { item in
                guard !bad, let index = FieldSyntax.decimal(item), index < tokens else {
                    bad = true
                    return
                }
                chapter.appendAlignedToken(TokenOffset(UInt16(truncatingIfNeeded: index)))  // < tokens ≤ 65,536
            }
            guard !bad else { throw check.badAlignment(verse: number) }
            // Most words have no marks: their printed form is their surface, with nothing more to intern.
            var punctuation = StringTable.emptyText
            var printed = surface
            if !row.punctuation.isEmpty {
                guard let id = fieldIDs.checked(row.punctuation),
                    let wordMarks = marks.marks(id, field: row.punctuation)
                else { throw check.damaged("has bad punctuation in word \(wordCount) of \(reference):\(number)") }
                punctuation = id
                printed = marks.printed(wordMarks, surface: row.surface, into: &fieldIDs)
            }
            var word = Word(
                surface: surface, transliteration: transliteration, lemma: lemma, strongs: strongs,
                morphology: morphology, gloss: gloss, alignment: start..<Int32(chapter.alignedTokens.count),
                punctuation: punctuation, printed: printed)
            guard readsMorphemes else {
                chapter.appendWordOfVerse(word)
                continue
            }
            // The word's morphemes are gathered with the verse's, the word takes their range (`appendMorphemesOfNextWords`).
            guard let count = morphemes.nextWord(), count <= CorpusLimits.maxMorphemesPerWord else {
                throw check.cutShort(word: wordCount, of: number)
            }
            let first = Int32(verseFirstMorpheme + pending.count)
            if count == 0 {  // the word is its one morpheme (`VerseMorphemes.appendWord`)
                pending.append(
                    Morpheme(
                        surface: surface, transliteration: transliteration,
                        strongs: strongs, morphology: morphology, gloss: gloss))
            }
            var spelled = 0
            for _ in 0..<count {
                guard let part = morphemes.next() else { throw check.cutShort(word: wordCount, of: number) }
                // A morpheme whose bytes passed the field checks before keeps the ids they were interned to.
                if let known = strings.morpheme(stored: part.stored) {
                    try check.morpheme(part, of: wordCount, verse: number, surface: row.surface, spelled: &spelled)
                    pending.append(known)
                    continue
                }
                // Refused in the order as before: bounds and syntax, then the morpheme's place in the word, then text
                // that is not clean. Interned before the syntax check, so a code is tested once per string.
                try check.morphemeFields(part, of: wordCount, verse: number)
                let ids = (
                    fieldIDs.checked(part.surface), fieldIDs.checked(part.transliteration),
                    fieldIDs.checked(part.strongs), fieldIDs.checked(part.morphology), fieldIDs.checked(part.gloss)
                )
                try check.morphemeCodes(
                    part, of: wordCount, verse: number, strongs: ids.2, morphology: ids.3, strings: strings)
                try check.morpheme(part, of: wordCount, verse: number, surface: row.surface, spelled: &spelled)
                let morpheme = Morpheme(
                    surface: try clean(ids.0, part.surface), transliteration: try clean(ids.1, part.transliteration),
                    strongs: try clean(ids.2, part.strongs), morphology: try clean(ids.3, part.morphology),
                    gloss: try clean(ids.4, part.gloss))
                strings.remember(morpheme, stored: part.stored)
                pending.append(morpheme)
            }
            guard count == 0 || spelled == row.surface.count else { throw check.unspelled(word: wordCount, of: number) }
            word.morphemes = first..<Int32(verseFirstMorpheme + pending.count)
            chapter.appendWordOfVerse(word)
        }
        chapter.endWordsOfVerse()
        guard readsMorphemes else { return }
        chapter.appendMorphemesOfNextWords(pending)
        guard morphemes.isAtEnd else {
            throw check.damaged("has morphemes past the last word of \(reference):\(number)")
        }
    }
}
