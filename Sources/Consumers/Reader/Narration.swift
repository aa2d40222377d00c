import InterlinearCorpus

/// The sentences screen-reader mode prints, one per focus. Kept behind a protocol so the line mode does not
/// care whether they come from the accessibility elements or straight from the chapter.
public protocol Narration {
    var chapter: Chapter { get }
    /// One word: `1:1 word 3 of 17: ἦν, ēn, "was", verb, …, Strong's 2258`. `word` is the index within the verse.
    func wordLine(verse: Int, word: Int) -> String
    /// A verse as a whole: its reference, word count and translation.
    func verseLine(verse: Int) -> String
    /// The verse's source words, each with its gloss.
    func readingLine(verse: Int) -> String
    /// The verse's English translation.
    func translationLine(verse: Int) -> String
}

extension Narration {
    public var verseCount: Int { chapter.verses.count }
    public func wordCount(verse: Int) -> Int { chapter.verses[verse].words.count }
}
