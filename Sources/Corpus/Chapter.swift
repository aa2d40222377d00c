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
}

/// One verse: a table cell. Its words and translation tokens are ranges into the chapter's arrays.
public struct Verse: Sendable, Equatable {
    public var number: Int
    /// The verse number as an interned string ("14"), for its label.
    public var numberText: TextID
    public var words: Range<Int>
    public var translation: Range<Int>

    /// The most source words one verse may hold: a word's offset within its verse is stored in 16 bits (labels,
    /// accessibility elements and node ids keep it so). Parsers and importers must reject a larger verse.
    public static let maxWords = Int(UInt16.max) + 1
    /// The most translation tokens one verse may hold, for the same reason.
    public static let maxTranslationTokens = Int(UInt16.max) + 1
}

/// An interlinear chapter, held as flat arrays of interned ids: no object per word.
public struct Chapter: Sendable {
    public let reference: ChapterReference
    public let strings: StringTable
    public internal(set) var verses: [Verse] = []
    public internal(set) var words: [Word] = []
    /// Translation tokens of every verse in order, punctuation attached to the preceding word.
    public internal(set) var translationTokens: [TextID] = []
    /// Flattened word → translation-token alignment (token index within its verse).
    public internal(set) var alignedTokens: [UInt16] = []

    public init(reference: ChapterReference, strings: StringTable) {
        self.reference = reference
        self.strings = strings
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
}
