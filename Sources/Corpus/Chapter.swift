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
    /// Indices into `Chapter.alignedTokens`, which in turn hold indices of the verse's translation tokens.
    public var alignment: Range<Int32>
    /// The word's morphemes in `Chapter.morphemes` (prefix, stem, suffix); empty for Greek, whose words are not
    /// split. For Hebrew, the word's tiers join its morphemes' with `Morpheme.separator`.
    public var morphemes: Range<Int32> = 0..<0
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
    public var number: Int
    /// The verse number as an interned string ("14"), for its label.
    public var numberText: TextID
    public var words: Range<Int>
    public var translation: Range<Int>
}

/// An interlinear chapter, held as flat arrays of interned ids: no object per word.
public struct Chapter: Sendable {
    public let reference: ChapterReference
    public let strings: StringTable
    /// The source text's language, and so its script direction: Greek (left to right) or Hebrew (right to left).
    public let language: SourceLanguage
    public internal(set) var verses: [Verse] = []
    public internal(set) var words: [Word] = []
    /// Translation tokens of every verse in order, punctuation attached to the preceding word.
    public internal(set) var translationTokens: [TextID] = []
    /// Flattened word → translation-token alignment (token index within its verse).
    public internal(set) var alignedTokens: [UInt16] = []
    /// Every word's morphemes in order (Hebrew only; `Word.morphemes` slices it).
    public internal(set) var morphemes: [Morpheme] = []

    /// A chapter in `language`, by default the language of its book's testament.
    public init(reference: ChapterReference, strings: StringTable, language: SourceLanguage? = nil) {
        self.reference = reference
        self.strings = strings
        self.language = language ?? reference.book.language
    }

    /// Which way the source text and the rows of word blocks run.
    public var direction: ScriptDirection { language.direction }

    /// The morphemes of a word (empty for a Greek word).
    public func morphemes(of word: Word) -> ArraySlice<Morpheme> {
        morphemes[Int(word.morphemes.lowerBound)..<Int(word.morphemes.upperBound)]
    }

    /// The text of an interned id.
    public func text(_ id: TextID) -> String { strings[id] }

    /// Translation-token indices (within the verse) aligned to a word.
    public func alignment(of word: Word) -> ArraySlice<UInt16> {
        alignedTokens[Int(word.alignment.lowerBound)..<Int(word.alignment.upperBound)]
    }

    /// Index of the verse with this number, if present.
    public func verseIndex(number: Int) -> Int? { verses.firstIndex { $0.number == number } }

    /// Total number of source words.
    public var wordCount: Int { words.count }

    mutating func beginVerse(_ number: Int) {
        verses.append(Verse(number: number, numberText: strings.intern(String(number)),
                            words: words.count..<words.count,
                            translation: translationTokens.count..<translationTokens.count))
    }

    mutating func appendTranslationToken<S: StringProtocol>(_ token: S) {
        appendTranslationToken(strings.intern(token))
    }

    mutating func appendTranslationToken(_ token: TextID) {
        translationTokens.append(token)
        verses[verses.count - 1].translation = verses[verses.count - 1].translation.lowerBound..<translationTokens.count
    }

    mutating func appendWord(surface: Substring, transliteration: Substring, lemma: Substring, strongs: Substring,
                             morphology: Substring, gloss: Substring, alignment: [UInt16]) {
        alignedTokens.append(contentsOf: alignment)
        appendWord(Word(surface: strings.intern(surface), transliteration: strings.intern(transliteration),
                        lemma: strings.intern(lemma), strongs: strings.intern(strongs),
                        morphology: strings.intern(morphology), gloss: strings.intern(gloss),
                        alignment: Int32(alignedTokens.count - alignment.count)..<Int32(alignedTokens.count)))
    }

    /// Appends a word whose alignment indices are already at the end of `alignedTokens`.
    mutating func appendWord(_ word: Word) {
        words.append(word)
        verses[verses.count - 1].words = verses[verses.count - 1].words.lowerBound..<words.count
    }

    mutating func appendAlignedToken(_ index: UInt16) { alignedTokens.append(index) }

    /// Appends a morpheme to the last word of the last verse.
    mutating func appendMorpheme(_ morpheme: Morpheme) {
        morphemes.append(morpheme)
        let last = words.count - 1
        let start = words[last].morphemes.isEmpty ? Int32(morphemes.count - 1) : words[last].morphemes.lowerBound
        words[last].morphemes = start..<Int32(morphemes.count)
    }
}
