import InterlinearAccessibility
import InterlinearCorpus

/// What a listener hears of a SWORD commentary, worded once for every front end: the text for an English voice, the
/// Latin the commentator quotes for a Latin voice, and the lines that say a commentary has nothing on a verse.
public enum CommentaryWording {
    /// A paragraph as said, from its passages in order (`LatinPassages`: its English and the Latin it quotes): each
    /// English passage worded for an English voice (`spoken`), each Latin one as printed, in a span for a Latin
    /// voice (`SpokenLanguage.latin`); a space between passages. The line's `text` is what the text output prints.
    package static func spoken(passages: [(text: String, isLatin: Bool)]) -> SpokenLine {
        var line = SpokenLine()
        for passage in passages {
            if passage.isLatin {
                line.append(passage.text, .latin, separator: " ")
            } else {
                line.append(spoken(passage.text), .english, separator: " ")
            }
        }
        return line
    }

    /// A commentary's paragraph as an English voice should hear it: its abbreviations in words
    /// (`WrittenAbbreviations`: "A.D.", "ch. 21:22", "Mt 5:3", which a voice spells), each word in Greek or Hebrew
    /// script respelled (`Respelling.headword`: Scofield quotes "ἐκκλησία", Spurgeon a Hebrew word now and then), an
    /// unpointed Hebrew word, which no voice can be given, left out; every other word as printed.
    package static func spoken(_ printed: String) -> String {
        let paragraph = WrittenAbbreviations.said(printed)
        guard paragraph.unicodeScalars.contains(where: { $0.value >= 0x0370 }) else { return paragraph }
        var said: [String] = []
        for word in paragraph.split(separator: " ") {
            guard let language = scriptLanguage(of: word) else {
                said.append(String(word))
                continue
            }
            // The script's letters with their marks; the punctuation around them stays as printed.
            let inScript = { (character: Character) in
                character.unicodeScalars.contains { SpokenLanguage.isGreek($0) || SpokenLanguage.isHebrew($0) }
            }
            guard let first = word.firstIndex(where: inScript), let last = word.lastIndex(where: inScript) else {
                continue
            }
            let respelled = Respelling.headword(String(word[first...last]), language)
            let around = String(word[..<first]) + respelled + String(word[word.index(after: last)...])
            if !respelled.isEmpty || around.contains(where: { $0.isLetter || $0.isNumber }) {
                said.append(around)
            }
        }
        return said.joined(separator: " ")
    }

    private static func scriptLanguage(of word: Substring) -> SourceLanguage? {
        for scalar in word.unicodeScalars {
            if SpokenLanguage.isGreek(scalar) { return .greek }
            if SpokenLanguage.isHebrew(scalar) { return .hebrew }
        }
        return nil
    }

    /// "Matthew Henry's Concise Commentary on the Whole Bible has nothing on John 1:2.": said, never a blank.
    package static func nothing(_ commentary: String, on verse: String) -> String {
        "\(commentary) has nothing on \(verse)."
    }
}
