/// What every reader of corpus data accepts at most, checked at the door (Corpus/README.md lists them).
///
/// The per-verse limits are the label format's (`Verse.maxWords`, `Verse.maxTranslationTokens`): a word's and a
/// translation token's place in its verse is stored in 16 bits (labels, alignment, accessibility elements), so a
/// verse holds at most 65,536 of each. The byte limits keep a damaged or hostile file from costing seconds and
/// gigabytes: the largest real chapter (Matthew 26) is 79 KB and no real line reaches 1 KB.
package enum CorpusLimits {
    /// Source words in one verse (offsets 0…65,535).
    package static let maxWordsPerVerse = Verse.maxWords
    /// Translation tokens in one verse (offsets 0…65,535).
    package static let maxTranslationTokensPerVerse = Verse.maxTranslationTokens
    /// The most morphemes one Hebrew word may be split into (the WLC's longest words have five or six).
    package static let maxMorphemesPerWord = 64
    /// Bytes in one chapter file: 8 MiB.
    package static let maxChapterFileBytes = 8 << 20
    /// Bytes in one line of a chapter file: 1 MiB.
    package static let maxChapterLineBytes = 1 << 20
    /// Bytes in one file of the importer's source data: 256 MiB (the largest, the alignments, is 16 MB).
    package static let maxSourceFileBytes = 256 << 20
    /// Bytes in one line of the importer's TSV sources: 64 KiB (the longest is under 1 KB).
    package static let maxSourceLineBytes = 64 << 10
}

extension Int {
    /// "65,535": thousands separated, for messages.
    var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return self < 0 ? "-" + out : out
    }
}
