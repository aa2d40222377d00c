import Foundation
import InterlinearAccessibility
import InterlinearCorpus

/// What the details pane shows for one source word: the word in its script, its transliteration, lemma, Strong's
/// number, the parsing in words (from the accessibility layer's `Speakable`, the one place codes become words), its
/// gloss and the translation words aligned to it. Read from the chapter when asked, never stored per word.
package struct WordDetails: Equatable, Sendable, Encodable {
    /// "John 1:1".
    package var reference: String
    package var verse: Int
    /// The word's place in its verse, counting from 1 as a reader counts.
    package var position: Int
    package var surface: String
    /// BCP 47 tag of `surface` ("grc", "hbo").
    package var language: String
    package var transliteration: String
    package var lemma: String
    package var strongs: String
    package var morphology: String
    /// The morphology code in words: "noun, nominative singular masculine".
    package var parsing: String
    package var gloss: String
    /// The translation's words aligned to this word, in the verse's order.
    package var english: [String]
    /// The word's Strong's dictionary entries (one per number that has one; a Hebrew word's prefixes have none),
    /// from the store the chapter came from; empty without a store or a lexicon.
    package var definitions: [Definition] = []

    /// One Strong's entry as the pane shows it and the snapshot records it.
    package struct Definition: Equatable, Sendable, Encodable {
        /// "G3056", "H430".
        package var strongs: String
        /// The headword in its own script ("λόγος", "אלהים"), in the word's `language`.
        package var headword: String
        package var transliteration: String
        package var pronunciation: String
        /// The whole entry as Strong's printed it (`LexiconEntry.text`: diatheke's text without its markup).
        package var text: String

        /// The pane's line: the entry without its headword ("lógos (log'-os): from G3004; something said …"):
        /// the pane's text is drawn without shaping, which would put a Hebrew headword's letters left to right; the
        /// word itself is drawn shaped at the pane's top. Made once, with the entry (`LexiconEntry.textAfterOpening`
        /// finds where the entry's opening ends); not part of the snapshot, which has the parts.
        let line: String

        package init(_ entry: LexiconEntry) {
            strongs = entry.strongs
            headword = entry.headword
            transliteration = entry.transliteration
            pronunciation = entry.pronunciation
            text = entry.text
            var line = transliteration
            if !pronunciation.isEmpty { line += " (\(pronunciation))" }
            let rest = entry.textAfterOpening
            self.line = rest.isEmpty ? line : line + ": " + rest
        }

        private enum CodingKeys: String, CodingKey {
            case strongs, headword, transliteration, pronunciation, text
        }
    }

    /// The details of the word an element belongs to (the word's block or one of its labels); nil for a verse
    /// number, a translation word or an id outside the chapter.
    package init?(of id: ElementID, in chapter: Chapter) {
        guard let offset = id.kind.word, chapter.verses.indices.contains(id.cell) else { return nil }
        let verse = chapter.verses[id.cell]
        let index = verse.word(at: offset)
        guard verse.words.contains(index) else { return nil }
        let word = chapter.words[index]
        reference = "\(chapter.reference):\(verse.number)"
        self.verse = verse.number
        position = Int(offset) + 1
        surface = chapter.text(word.surface)
        language = chapter.language.tag
        transliteration = chapter.text(word.transliteration)
        lemma = chapter.text(word.lemma)
        strongs = chapter.text(word.strongs)
        morphology = chapter.text(word.morphology)
        parsing = morphology.isEmpty ? "" : Speakable.morphology(morphology, language: chapter.language)
        gloss = chapter.text(word.gloss)
        english = chapter.alignment(of: word).sorted().compactMap { token in
            let at = verse.token(at: token)
            return verse.translation.contains(at) ? chapter.text(chapter.translationTokens[at]) : nil
        }
    }

    /// The pane's rows after the word itself: a field name and its value, empty values left out.
    package var rows: [(field: String, value: String)] {
        let all = [
            ("Transliteration", transliteration), ("Lemma", lemma), ("Strong's", strongs),
            ("Parsing", parsing), ("Gloss", gloss), ("English", english.joined(separator: " ")),
        ]
        // Each entry's row named as a voice says its number ("Strong's G3056").
        return all.filter { !$0.1.isEmpty }
            + definitions.map { (Speakable.strongs($0.strongs) ?? $0.strongs, $0.line) }
    }
}
