/// One word of another translation's verse (a SWORD Bible module's, `--translation KJV`): its text as printed,
/// punctuation attached, and the Strong's numbers the module tags it with ("H430", "G3056"; none for most words of
/// most modules, and for the KJV's words in italics).
package struct TranslationWord: Sendable, Equatable {
    package var text: String
    package var strongs: [String]

    package init(text: String, strongs: [String] = []) {
        self.text = text
        self.strongs = strongs
    }
}

/// How many of a chapter's translation words carry a Strong's number, and how many of those were aligned to a
/// source word with that number: the figure docs/lexicon.md gives for the KJV.
package struct AlignmentCount: Sendable, Equatable {
    package var words = 0
    package var tagged = 0
    package var aligned = 0

    package init() {}

    package static func += (lhs: inout AlignmentCount, rhs: AlignmentCount) {
        lhs.words += rhs.words
        lhs.tagged += rhs.tagged
        lhs.aligned += rhs.aligned
    }
}

extension Chapter {
    /// The chapter with another translation: each verse's tokens are `translation[verse number]` (none where the
    /// translation has no such verse), and each source word is aligned to the translation words that carry one of
    /// its Strong's numbers within the verse. A Greek word has one number; a Hebrew word has one per morpheme, and a
    /// lettered one (H1254a) counts as its base only when `resolves` says the base entry is that morpheme's (H871a,
    /// the prefix "in", is not H871 "Atharim": `LexiconEntry.isUnnumberedAffix`). A translation word whose numbers
    /// match no word stays unaligned: nothing is guessed. The words, morphemes and verse numbers are the chapter's
    /// own; new strings are interned into `builder` (freeze it before reading the result). `pairing` says which
    /// words of those with a number a source word is aligned to (`StrongsPairing`).
    package func replacingTranslation(
        _ translation: [Int: [TranslationWord]], strings builder: StringTableBuilder,
        resolves: (String) -> Bool, pairing: StrongsPairing = .everyMatch
    ) -> (chapter: Chapter, count: AlignmentCount) {
        var result = Chapter(reference: reference, language: language)
        var count = AlignmentCount()
        result.omitsMorphemes = omitsMorphemes
        var found: [TextID: [String]] = [:]
        /// The base keys ("H1254") a word's Strong's tier aligns by: a Hebrew word's tier joins its morphemes'
        /// numbers with `Morpheme.separator` (so a chapter read without its morphemes aligns alike), a Greek word's
        /// is one number. An affix, or what is not a number, gives none.
        func keys(_ id: TextID) -> [String] {
            if let known = found[id] { return known }
            let keys = LexiconEntry.numbers(ofWordField: text(id)).compactMap { number in
                LexiconEntry.key(number).flatMap { base in
                    number.last?.isLetter == true && !resolves(number) ? nil : base
                }
            }
            found[id] = keys
            return keys
        }
        for verse in verses {
            result.beginVerse(verse.number, numberText: verse.numberText)
            let words = translation[verse.number] ?? []
            // Each translation word's numbers as base keys ("H0430" → "H430").
            let tags = words.map { $0.strongs.compactMap { LexiconEntry.key($0) } }
            for word in words { result.appendTranslationToken(builder.intern(word.text)) }
            var aligned = [Bool](repeating: false, count: words.count)
            let paired =
                pairing == .inOrder
                ? Self.pairedInOrder(keys: self.words[verse.words].map { keys($0.strongs) }, tags: tags) : []
            for (position, word) in self.words[verse.words].enumerated() {
                let numbers = keys(word.strongs)
                let start = Int32(result.alignedTokens.count)
                let offsets =
                    pairing == .inOrder
                    ? paired[position] : tags.indices.filter { tags[$0].contains(where: numbers.contains) }
                for offset in offsets {
                    // A verse holds at most `Verse.maxTranslationTokens` words (the reader of the module stops there).
                    guard let token = TokenOffset(exactly: offset) else { break }
                    result.appendAlignedToken(token)
                    aligned[offset] = true
                }
                var copy = word
                copy.alignment = start..<Int32(result.alignedTokens.count)
                copy.morphemes = 0..<0
                result.appendWord(copy)
                for morpheme in morphemes(of: word) { result.appendMorpheme(morpheme) }
            }
            count.words += words.count
            count.tagged += tags.count { !$0.isEmpty }
            count.aligned += aligned.count { $0 }
        }
        return (result, count)
    }
}
