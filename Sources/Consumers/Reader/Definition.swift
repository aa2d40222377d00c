import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearWording

/// The reader's define key (`i`, issue 29), in both modes: the first press on a word says its entry briefly, the
/// next press on the same word says all of it (`DefinitionSpeech` words both).
struct DefineKey {
    /// The word whose brief entry was said last; a press on it again says the full entry.
    private var briefly: ReaderLocation?

    /// What the key says for `location`'s word, whose Strong's field is `strongs`; the full entry's headword in its
    /// own script only when the listener turned the `original` script on.
    mutating func press(
        _ location: ReaderLocation, strongs: String, navigator: (any ChapterNavigation)?, original: Bool = false
    ) -> SpokenLine {
        let found: [LexiconEntry]?
        do {
            found = try navigator?.definitions(ofStrongs: strongs)
        } catch {
            return DefinitionSpeech.definitionUnavailable(String(describing: error))
        }
        guard let entries = found else { return ReaderWording.noDictionary }
        guard !entries.isEmpty else { return ReaderWording.noEntry }
        // Each entry's study (issue 43) after the entries: the count and top renderings, then all of it. A store that
        // refuses a study row still lets the entry be said, followed by why the study is not.
        let studies: [WordStudy]
        var refusal: String?
        do { studies = try navigator?.studies(of: entries) ?? [] } catch {
            studies = []
            refusal = " " + StudyWording.unavailable(String(describing: error))
        }
        if briefly == location {
            briefly = nil
            var line = DefinitionSpeech.full(entries, original: original)
            for (entry, study) in zip(entries, studies) {
                line.append(" " + StudyWording.full(study, language: entry.language))
            }
            if let refusal { line.append(refusal) }
            return line
        }
        briefly = location
        var line = DefinitionSpeech.brief(entries)
        for study in studies { line.append(" " + StudyWording.brief(study)) }
        if let refusal { line.append(refusal) }
        line.append(ReaderWording.pressAgain)
        return line
    }
}

extension LineMode {
    /// `i`: the focused word's dictionary entry, brief then full.
    mutating func define() -> SpokenLine {
        guard let word = sourceWord else { return missingWord }
        let location = ReaderLocation(chapter: chapter.reference, verse: chapter.verses[verse].number, word: word)
        let strongs = chapter.text(narration.word(verse: verse, word: word).strongs)
        return defineKey.press(location, strongs: strongs, navigator: navigator, original: speech.original)
    }
}

extension LineMode {
    /// `p`: the focused word's parts one by one (`WordSpeech.parts`). A chapter read without its morphemes (the
    /// store's, `Chapter.omitsMorphemes`) is read again with them from the navigator, which keeps it.
    mutating func parts() -> SpokenLine {
        guard let word = sourceWord else { return missingWord }
        guard chapter.language == .hebrew else { return text.notSplit }
        guard chapter.omitsMorphemes else {
            return speech.parts(of: narration.word(verse: verse, word: word), in: chapter)
        }
        let number = chapter.verses[verse].number
        do {
            guard let navigator else { return DefinitionSpeech.partsUnavailable(nil) }
            let whole = try navigator.loadWithMorphemes(chapter.reference)
            // The same verse and word of the chapter read whole (this one may hold only a passage's verses).
            guard let line = speech.parts(ofWord: word, verse: number, in: whole) else {
                return DefinitionSpeech.partsUnavailable(nil)
            }
            return line
        } catch {
            return DefinitionSpeech.partsUnavailable(String(describing: error))
        }
    }
}

extension GridMode {
    /// `i`: the highlighted search match's dictionary entry on the status line, brief then full (the grid has no
    /// focused word; `/` with a lemma or Strong's number highlights one).
    mutating func define() -> String {
        guard let match = currentMatch, let hit = trail?.current else {
            return ReaderWording.gridNothingToDefine
        }
        return defineKey.press(hit, strongs: chapter.text(chapter.words[match].strongs), navigator: navigator).text
    }
}
