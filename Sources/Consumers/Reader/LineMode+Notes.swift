import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearNotes
import InterlinearWording

/// The reader's notes in the line mode: a mark on a noted word or verse as the focus reaches it (the note's text too
/// when the reader asks, `c`), `a` and `A` to walk the chapter's notes, `b` to hear the bookmarks and `B` to open
/// the next one, across chapters.
extension LineMode {
    /// The notes on the focused word, or on the focused verse as a whole when a verse is focused.
    var focusedNotes: [Note] {
        let number = chapter.verses[verse].number
        // In English order a note on a source word is marked on the English word it stands under.
        let source = notes.isEmpty ? nil : sourceWord
        return notes.filter { note in
            guard note.anchor.verse == number else { return false }
            guard word != nil else { return note.anchor.words == nil }
            guard let source else { return false }
            return note.anchor.words?.contains(Int(source) + 1) ?? false
        }
    }

    /// Adds to a focus line its notes' marks: each one's kind (and colour), and its text `withText`.
    func appendNoteMarks(to line: inout SpokenLine, withText: Bool) {
        for note in focusedNotes { ReaderWording.appendNoteMark(note, withText: withText, to: &line) }
    }

    /// `a` and `A`: the next or previous note of the chapter from the focus, round at either end; the focus moves
    /// to its word (or verse) and the line says which note of how many, where, and its text.
    mutating func stepNote(_ delta: Int) -> Output {
        let here = NotePlace(
            chapter.reference, verse: chapter.verses[verse].number, word: sourceWord.map { Int($0) + 1 })
        guard let index = here.step(through: notes.map(\.anchor.place), forward: delta > 0) else {
            return .line(ReaderWording.noNotes(in: chapter.reference))
        }
        let note = notes[index]
        guard let target = chapter.verseIndex(number: note.anchor.verse) else {
            return .line(ReaderWording.noNotes(in: chapter.reference))
        }
        verse = target
        let words = chapter.verses[target].words.count
        word = focus(sourceWord: note.anchor.words.map { WordOffset(UInt16(min($0.lowerBound, words) - 1)) })
        spokenVerse = nil
        var line = SpokenLine(ReaderWording.notePosition(index + 1, of: notes.count, in: chapter.reference))
        line.append(focusLine(readingNotes: true))
        return .line(line)
    }

    /// `B`: the first bookmark after the focus in the Bible's order (the first of all after the last). In this
    /// chapter the focus moves there; in another, the reader loop opens it and its line names the chapter.
    mutating func openBookmark() -> Output {
        let reference = chapter.reference
        let here = NotePlace(reference, verse: chapter.verses[verse].number, word: sourceWord.map { Int($0) + 1 })
        guard let index = here.step(through: bookmarks.map(\.place), forward: true) else {
            return .line(ReaderWording.bookmarks([]))
        }
        let mark = bookmarks[index]
        guard let target = mark.chapterReference else { return .line(ReaderWording.bookmarks([])) }
        let location = ReaderLocation(
            chapter: target, verse: mark.verse, word: mark.words.map { WordOffset(UInt16($0.lowerBound - 1)) })
        guard target == reference else {
            guard navigator != nil else { return .line(focusLine(prefix: ReaderWording.onlyOneOpen(reference))) }
            pending = location
            return .none
        }
        verse = chapter.verseIndex(number: mark.verse) ?? verse
        word = focus(sourceWord: location.word.flatMap { Int($0) < chapter.verses[verse].words.count ? $0 : nil })
        spokenVerse = nil
        return .line(focusLine(prefix: ReaderWording.bookmarkPosition(index + 1, of: bookmarks.count)))
    }
}
