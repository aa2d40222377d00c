/// One source word of a verse, with every tier as an interned string.
public struct Word: Sendable, Equatable {
    public var surface: TextID
    public var transliteration: TextID
    public var lemma: TextID
    /// Display form, "G3056".
    public var strongs: TextID
    /// Robinson code, "N-NSM".
    public var morphology: TextID
    /// English gloss; the empty string when the source has none.
    public var gloss: TextID
    /// Indices into `Chapter.alignedTokens`, which in turn hold offsets of the verse's translation tokens.
    public var alignment: Range<Int32>
    /// The word's morphemes in `Chapter.morphemes` (prefix, stem, suffix); empty for Greek, whose words are not
    /// split. For Hebrew, the word's tiers join its morphemes' with `Morpheme.separator`.
    public var morphemes: Range<Int32> = 0..<0
    /// The marks printed around the word (`Punctuation.field`: ",", "·", "׃", "(_" …); the empty string for none.
    /// Kept apart from the surface, which search, transliteration and speech read clean.
    public var punctuation: TextID
    /// The word as printed, its marks around its surface (the surface itself when it has none): what the source
    /// tier shows (`text(_:)`), so the layout, render, export and braille print the punctuation.
    public var printed: TextID

    public init(
        surface: TextID, transliteration: TextID, lemma: TextID, strongs: TextID, morphology: TextID,
        gloss: TextID, alignment: Range<Int32>, morphemes: Range<Int32> = 0..<0,
        punctuation: TextID = StringTable.emptyText, printed: TextID? = nil
    ) {
        self.punctuation = punctuation
        self.printed = printed ?? surface
        self.surface = surface
        self.transliteration = transliteration
        self.lemma = lemma
        self.strongs = strongs
        self.morphology = morphology
        self.gloss = gloss
        self.alignment = alignment
        self.morphemes = morphemes
    }
}

/// One morpheme of a Hebrew word (a prefixed preposition, conjunction or article, a stem, a pronominal suffix), with
/// its own tiers. The source data gives one row per morpheme; the word's surface is their concatenation.
public struct Morpheme: Sendable, Equatable {
    /// Pointed text with cantillation, exactly as the source writes this part of the word.
    public var surface: TextID
    /// This morpheme's share of the word's transliteration (see `HebrewTransliterator`).
    public var transliteration: TextID
    /// "H7225"; empty when the source gives none.
    public var strongs: TextID
    /// Part-of-speech code ("Prep", "N", "V", "Sfx"; see `HebrewPartOfSpeech`).
    public var morphology: TextID
    /// English gloss; may be empty.
    public var gloss: TextID

    /// What joins morphemes in a word's transliteration, Strong's, morphology and gloss tiers: the hyphen of the
    /// Leipzig Glossing Rules (rule 2), which the source's own glosses follow (they join the English words of one
    /// morpheme with ".", rule 4).
    public static let separator = "-"

    public init(surface: TextID, transliteration: TextID, strongs: TextID, morphology: TextID, gloss: TextID) {
        self.surface = surface
        self.transliteration = transliteration
        self.strongs = strongs
        self.morphology = morphology
        self.gloss = gloss
    }
}

/// One verse: a table cell. Its words and translation tokens are ranges into the chapter's arrays.
public struct Verse: Sendable, Equatable {
    /// The verse number as printed (1-based, with gaps where the text has none).
    public var number: Int
    /// The verse number as an interned string ("14"), for its label.
    public var numberText: TextID
    public var words: Range<WordIndex>
    public var translation: Range<TokenIndex>
    /// Whether the verse stands outside the edition's text: John 7:53–8:11, which the SBLGNT prints only in its
    /// apparatus and SBLGNT.tsv holds without saying so (`PrintedGreekReport.outsideVerses`).
    public var outsideText = false

    /// What is shown and said of a verse outside the edition's text.
    public static let outsideTextNote = "not in the SBLGNT's text, which prints it only in its apparatus"

    /// The most source words one verse may hold: a word's offset within its verse is stored in 16 bits (labels,
    /// accessibility elements and node ids keep it so). Parsers and importers must reject a larger verse.
    public static let maxWords = Int(UInt16.max) + 1
    /// The most translation tokens one verse may hold, for the same reason.
    public static let maxTranslationTokens = Int(UInt16.max) + 1

    /// The chapter-wide index of the word at `offset` in this verse.
    @inlinable public func word(at offset: WordOffset) -> WordIndex { words.lowerBound + Int(offset) }

    /// The offset within this verse of a chapter word; nil when the word is not in this verse.
    @inlinable public func offset(of word: WordIndex) -> WordOffset? {
        words.contains(word) ? WordOffset(exactly: words.lowerBound.distance(to: word)) : nil
    }

    /// The chapter-wide index of the translation token at `offset` in this verse.
    @inlinable public func token(at offset: TokenOffset) -> TokenIndex { translation.lowerBound + Int(offset) }
}

/// An interlinear chapter, held as flat arrays of interned ids: no object per word.
public struct Chapter: Sendable {
    public let reference: ChapterReference
    /// The frozen table the chapter's ids refer to.
    public internal(set) var strings: StringTable
    public internal(set) var verses = ChapterArray<Verse, Verse>()
    public internal(set) var words = ChapterArray<Word, Word>()
    /// Translation tokens of every verse in order, punctuation attached to the preceding word.
    public internal(set) var translationTokens = ChapterArray<TranslationToken, TextID>()
    /// Flattened word → translation-token alignment (token offsets within the verse).
    public internal(set) var alignedTokens: [TokenOffset] = []
    /// The source text's language, and so its script direction: Greek (left to right) or Hebrew (right to left).
    public let language: SourceLanguage
    /// Every word's morphemes in order (Hebrew only; `Word.morphemes` slices it). Empty when `omitsMorphemes`.
    public internal(set) var morphemes: [Morpheme] = []
    /// Whether this Hebrew chapter was read without its morphemes (`ChapterSource.read(_:into:morphemes:)`): its
    /// words and their tiers are whole — a word's tiers already join its morphemes' — but `morphemes` and every
    /// `Word.morphemes` are empty. Layout, the reader, accessibility and search never look at morphemes, so what
    /// shows a chapter reads it so: in the store, the morphemes were a quarter of the Old Testament's load. A chapter
    /// that omits them is never written (the store's writer and `ChapterFile.render` trap on it): written, its
    /// words would lose their morphemes. Always false for Greek, whose words have none.
    public package(set) var omitsMorphemes = false
    /// The reverse interlinear's marks, once `markingEnglishOrder` interned them; nil before.
    package internal(set) var englishOrderMarks: EnglishOrderMarks?

    /// An empty chapter to build (the chapter-file parser, the importers, the corpus store): verses in ascending
    /// order, each verse's translation tokens and words appended after it (a Hebrew word's morphemes after it), its
    /// strings interned into one builder, then `freeze(_:)` with that builder. Its text cannot be read before
    /// (`strings` is empty until then). Its language is by default that of its book's testament.
    public init(reference: ChapterReference, language: SourceLanguage? = nil) {
        self.reference = reference
        strings = .unfrozen
        self.language = language ?? reference.book.language
    }

    /// Which way the source text and the rows of word blocks run.
    public var direction: ScriptDirection { language.direction }

    /// The morphemes of a word (empty for a Greek word).
    public func morphemes(of word: Word) -> ArraySlice<Morpheme> {
        morphemes[Int(word.morphemes.lowerBound)..<Int(word.morphemes.upperBound)]
    }

    /// Takes the builder's table as it is now: the one every id of the chapter was interned into.
    package mutating func freeze(_ builder: StringTableBuilder) { strings = builder.freeze() }

    /// The text of an interned id.
    public func text(_ id: TextID) -> String { strings[id] }

    /// Translation-token offsets (within the verse) aligned to a word.
    public func alignment(of word: Word) -> ArraySlice<TokenOffset> {
        alignedTokens[Int(word.alignment.lowerBound)..<Int(word.alignment.upperBound)]
    }

    /// Total number of source words.
    public var wordCount: Int { words.count }

    /// Index of the verse with this number, if present: O(1) when verse n is at index n − 1 (every chapter without
    /// a gap), else a scan. Any `Int` is safe: the guess is made only for a positive number (a node id given
    /// to `a11y --from` may carry `Int.min`, whose `- 1` would trap).
    public func verseIndex(number: Int) -> VerseIndex? {
        if number > 0 {
            let guess = VerseIndex(number - 1)
            if verses.indices.contains(guess), verses[guess].number == number { return guess }
        }
        return verses.firstIndex { $0.number == number }
    }

    /// The verse holding chapter word `word` (verses hold consecutive word ranges); O(log n). A word past the end
    /// gives the last verse.
    public func verseIndex(ofWord word: WordIndex) -> VerseIndex {
        var lo = 0, hi = verses.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if verses[VerseIndex(mid)].words.lowerBound <= word { lo = mid } else { hi = mid - 1 }
        }
        return VerseIndex(max(lo, 0))
    }

    /// Starts a verse, interning its number; its words and translation tokens are the ones appended next.
    package mutating func beginVerse(_ number: Int, strings builder: StringTableBuilder) {
        beginVerse(number, numberText: builder.intern(String(number)))
    }

    /// Starts a verse whose number is interned already.
    package mutating func beginVerse(_ number: Int, numberText: TextID) {
        verses.append(
            Verse(
                number: number, numberText: numberText, words: words.endIndex..<words.endIndex,
                translation: translationTokens.endIndex..<translationTokens.endIndex))
    }

    /// Appends a translation token to the current verse. Traps when no verse has begun.
    public mutating func appendTranslationToken(_ token: TextID) {
        appendTranslationTokenOfVerse(token)
        endTranslationOfVerse()
    }

    /// Appends a translation token of the current verse without moving the verse's end, which
    /// `endTranslationOfVerse` then does once: a whole-Bible store load appends 0.7 M tokens, and moving the end for
    /// each was about half of the append's cost. Until that call the verse does not hold the token.
    public mutating func appendTranslationTokenOfVerse(_ token: TextID) { translationTokens.append(token) }

    /// Makes the current verse's translation end at the last token appended. Traps when no verse has begun.
    public mutating func endTranslationOfVerse() {
        let last = verses.index(before: verses.endIndex)
        verses[last].translation = verses[last].translation.lowerBound..<translationTokens.endIndex
    }

    mutating func appendWord(
        surface: Substring, transliteration: Substring, lemma: Substring, strongs: Substring,
        morphology: Substring, gloss: Substring, alignment: [TokenOffset], punctuation: Punctuation = .none,
        strings builder: StringTableBuilder
    ) {
        alignedTokens.append(contentsOf: alignment)
        let surfaceID = builder.intern(surface)
        appendWord(
            Word(
                surface: surfaceID, transliteration: builder.intern(transliteration),
                lemma: builder.intern(lemma), strongs: builder.intern(strongs),
                morphology: builder.intern(morphology), gloss: builder.intern(gloss),
                alignment: Int32(alignedTokens.count - alignment.count)..<Int32(alignedTokens.count),
                punctuation: builder.intern(punctuation.field),
                printed: punctuation.isEmpty ? surfaceID : builder.intern(punctuation.printed(String(surface)))))
    }

    /// Marks the current verse as outside the edition's text (`Verse.outsideText`).
    public mutating func markVerseOutsideText() {
        verses[verses.index(before: verses.endIndex)].outsideText = true
    }

    /// Appends a word whose alignment offsets are already at the end of `alignedTokens`. Traps when no verse has
    /// begun; the caller checks that the offsets are tokens of the verse.
    public mutating func appendWord(_ word: Word) {
        appendWordOfVerse(word)
        endWordsOfVerse()
    }

    /// Appends a word of the current verse without moving the verse's end, which `endWordsOfVerse` then does once
    /// (as `appendTranslationTokenOfVerse` does for tokens). Until that call the verse does not hold the word.
    public mutating func appendWordOfVerse(_ word: Word) { words.append(word) }

    /// Makes the current verse's words end at the last word appended. Traps when no verse has begun.
    public mutating func endWordsOfVerse() {
        let last = verses.index(before: verses.endIndex)
        verses[last].words = verses[last].words.lowerBound..<words.endIndex
    }

    /// Appends one alignment offset (a translation token of the current verse) for the next word.
    public mutating func appendAlignedToken(_ offset: TokenOffset) { alignedTokens.append(offset) }

    /// Appends the morphemes of words appended before or after (Hebrew; a loader gathers a verse's), whose
    /// `Word.morphemes` must then lie within `morphemes`: cheaper than `appendMorpheme(_:)`, which rewrites the word
    /// already appended, and than one call per morpheme.
    public mutating func appendMorphemesOfNextWords(_ gathered: [Morpheme]) { morphemes.append(contentsOf: gathered) }

    /// Makes room for `words` words and `morphemes` morphemes, as many as the chapter is known to hold.
    public mutating func reserveCapacity(words: Int, morphemes: Int) {
        self.words.reserveCapacity(words)
        self.morphemes.reserveCapacity(morphemes)
    }

    /// Appends a morpheme to the last word of the last verse (Hebrew).
    public mutating func appendMorpheme(_ morpheme: Morpheme) {
        morphemes.append(morpheme)
        let last = words.index(before: words.endIndex)
        let start = words[last].morphemes.isEmpty ? Int32(morphemes.count - 1) : words[last].morphemes.lowerBound
        words[last].morphemes = start..<Int32(morphemes.count)
    }
}
