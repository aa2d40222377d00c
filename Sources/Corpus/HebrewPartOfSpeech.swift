/// The parts of speech of the Hebrew source data (`pos`: "noun", "verb", "suffix" …) as the short codes a word
/// block shows ("N", "V", "Sfx"), and those codes spelled out in words for speech. A word's code joins its
/// morphemes' codes with `Morpheme.separator` ("Prep-N": a preposition, then a noun).
package enum HebrewPartOfSpeech {
    /// (source name, code, spoken words), in the order of the source's frequency.
    static let table: [(name: String, code: String, words: String)] = [
        ("noun", "N", "noun"),
        ("verb", "V", "verb"),
        ("preposition", "Prep", "preposition"),
        ("conjunction", "Conj", "conjunction"),
        ("particle", "Part", "particle"),
        ("suffix", "Sfx", "pronominal suffix"),
        ("adjective", "Adj", "adjective"),
        ("pronoun", "Pron", "pronoun"),
        ("adverb", "Adv", "adverb"),
    ]

    /// The code of a source part-of-speech name ("preposition" → "Prep"); nil for a name the data never uses.
    package static func code(forSourceName name: Substring) -> String? {
        table.first { $0.name == name }?.code
    }

    /// A word's or a morpheme's code in words: "Prep-N" → "preposition, noun"; nil when any part is unknown
    /// (never a partial answer).
    package static func expand(_ code: String) -> String? {
        var words: [String] = []
        for part in code.split(separator: Character(Morpheme.separator), omittingEmptySubsequences: false) {
            guard let entry = table.first(where: { $0.code == part }) else { return nil }
            words.append(entry.words)
        }
        return words.isEmpty ? nil : words.joined(separator: ", ")
    }
}
