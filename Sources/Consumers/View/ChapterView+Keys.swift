import InterlinearAccessibility
import InterlinearCorpus
import InterlinearWording

/// The window's own keys for what a screen reader without structural navigation or an action key (Orca 43) lacks,
/// the terminal reader's keys: `j` and `k` (and `h`, Shift+`h`, Orca 49's heading keys, which Orca 43 leaves to the
/// window) go to the next and previous verse, `i` says the focused word's dictionary entry and `p` a Hebrew word's
/// parts (in English order, the first source word's under the focused English word). Each answer is one status-line
/// message, which a screen reader hears once (`ScreenReaderChannel`); a verse move is heard through the focus on its
/// number.
extension ChapterView {
    /// The keys of this extension, beside `handleReaderKey`'s.
    static let studyCharacters: Set<Character> = ["h", "H", "j", "k", "i", "p"]

    /// The study keys; nil for any other key.
    func handleStudyKey(_ key: Key) -> ViewChange? {
        switch key {
        case .character("h"), .character("j"): return stepVerse(1)
        case .character("H"), .character("k"): return stepVerse(-1)
        case .character("i"): return defineFocusedWord()
        case .character("p"): return partsOfFocusedWord()
        default: return nil
        }
    }

    /// Goes to the next (previous) verse from the focused one, or from the verse at the top of the window: its
    /// number is focused, at the top. At either end the status line says so.
    package func stepVerse(_ step: Int) -> ViewChange {
        let here = focus.map { Int($0.cell) } ?? visibleCells.first ?? 0
        let target = here + step
        guard (0..<chapter.verses.count).contains(target) else {
            message = ReaderWording.verseEdge(last: step > 0).trimmingCharacters(in: .whitespaces)
            return .status
        }
        return goToVerse(chapter.verses[VerseIndex(target)].number)
    }

    /// `i`: the focused word's dictionary entry in brief, as the "define" action announces it.
    package func defineFocusedWord() -> ViewChange {
        guard let id = focus.flatMap { sourceWord(of: $0) }, let offset = id.kind.word else {
            message = noSourceWordMessage
            return .status
        }
        let word = chapter.words[chapter.verses[id.cell].word(at: offset)]
        do {
            if let entries = try catalog.definitions(ofStrongs: chapter.text(word.strongs)) {
                message = DefinitionSpeech.brief(entries).text
            } else {
                message = ReaderWording.noDictionary.text
            }
        } catch {
            message = DefinitionSpeech.definitionUnavailable(String(describing: error)).text
        }
        return .status
    }

    /// `p`: a Hebrew word's parts one by one, as the "parts" action announces them; the chapter is read again with
    /// its morphemes once (the catalog keeps it).
    package func partsOfFocusedWord() -> ViewChange {
        guard let id = focus.flatMap { sourceWord(of: $0) }, let offset = id.kind.word else {
            message = noSourceWordMessage
            return .status
        }
        let wording = ChapterWording(chapter: chapter)
        guard chapter.language == .hebrew else {
            message = wording.notSplit.text
            return .status
        }
        do {
            let whole = chapter.omitsMorphemes ? try catalog.loadWithMorphemes(chapter.reference) : chapter
            let line = WordSpeech.description.parts(
                ofWord: offset, verse: chapter.verses[id.cell].number, in: whole)
            message = (line ?? DefinitionSpeech.partsUnavailable(nil)).text
        } catch {
            message = DefinitionSpeech.partsUnavailable(String(describing: error)).text
        }
        return .status
    }
}
