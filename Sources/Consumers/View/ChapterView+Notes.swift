import InterlinearAccessibility
import InterlinearCorpus
import InterlinearNotes
import InterlinearWording

/// The reader's notes in the window, the terminal reader's keys: a noted word or verse is marked (drawn by
/// `NoteMarks`, and its accessible name says "note", "bookmark" or "highlighted yellow"), `a` and `A` walk the
/// chapter's notes, `b` says the bookmarks and `B` opens the next one (in another chapter too), `c` says the
/// focused word's or verse's notes. Opening a chapter with notes says how many ("3 notes in John 1"). The notes
/// file is read once when the window opens and never written here.
extension ChapterView {
    /// The keys of this extension.
    static let noteCharacters: Set<Character> = ["a", "A", "b", "B", "c"]

    /// Takes the notes file as read when the window opens (nil: there is none), or the one line saying why it could
    /// not be read, and says either in the status line before anything else there.
    package func openNotes(_ file: NotesByChapter?, problem: String? = nil) {
        noteFile = file
        notes = file?.notes(in: chapter.reference).located(in: chapter) ?? []
        let said = problem.map(WindowWording.notesUnread) ?? notesOpened
        guard let said else { return }
        message = [said, message].compactMap { $0 }.joined(separator: " · ")
        openingAnnouncement = said
    }

    /// "3 notes in John 1. a goes to the next.", for a chapter with notes.
    var notesOpened: String? {
        notes.isEmpty ? nil : WindowWording.notesOpened(notes.count, in: chapter.reference)
    }

    /// The notes key's answer; nil for any other key.
    func handleNoteKey(_ key: Key) -> ViewChange? {
        switch key {
        case .character("a"): return stepNote(forward: true)
        case .character("A"): return stepNote(forward: false)
        case .character("b"):
            message = ReaderWording.bookmarks(noteFile?.bookmarks ?? []).text
            return .status
        case .character("B"): return openBookmark()
        case .character("c"):
            message = WindowWording.notesHere(attachedNotes(to: focus))
            return .status
        default: return nil
        }
    }

    /// The notes on an element: on a word those whose words hold it, on a verse number those on the whole verse.
    package func attachedNotes(to id: ElementID?) -> [Note] {
        guard let id else { return [] }
        let number = chapter.verses[id.cell].number
        switch id.kind {
        case .word(let offset), .label(let offset, _):
            return notes.filter { $0.anchor.verse == number && $0.anchor.words?.contains(Int(offset) + 1) == true }
        case .verseNumber:
            return notes.filter { $0.anchor.verse == number && $0.anchor.words == nil }
        default: return []
        }
    }

    /// What a screen reader adds to a noted element: its marks after its name (", note"), and the notes' text as
    /// its description; nil for an element without notes.
    package func noteMark(of id: ElementID) -> (name: String, description: String)? {
        let held = attachedNotes(to: id)
        guard !held.isEmpty else { return nil }
        return (
            held.map { ", " + NoteWording.mark($0) }.joined(),
            held.map { NoteWording.spokenText($0.text) }.filter { !$0.isEmpty }.joined(separator: ". ")
        )
    }

    /// The element a note is on: its first word, or the verse's number.
    func element(of anchor: NoteAnchor) -> ElementID? {
        guard let cell = chapter.verseIndex(number: anchor.verse) else { return nil }
        guard let first = anchor.words?.lowerBound else { return ElementID(cell: cell, kind: .verseNumber) }
        guard first >= 1, first <= chapter.verses[cell].words.count else { return nil }
        return ElementID(cell: cell, kind: .word(WordOffset(UInt16(first - 1))))
    }

    /// Where the focus is, as notes are ordered: its verse and word (a verse number or the translation: the verse).
    private var notePlace: NotePlace {
        guard let focus else {
            let cell = VerseIndex(visibleCells.first ?? 0)
            // Before the verse at the top: `a` goes to its first note.
            return NotePlace(chapter.reference, verse: chapter.verses[cell].number, word: nil)
        }
        let word = focus.kind.word.map { Int($0) + 1 }
        return NotePlace(chapter.reference, verse: chapter.verses[focus.cell].number, word: word)
    }

    /// `a` and `A`: the next (previous) note of the chapter from the focus, round at either end. The focus moves to
    /// its word or verse number, and the status line says which note of how many, its mark and its text.
    package func stepNote(forward: Bool) -> ViewChange {
        guard let index = notePlace.step(through: notes.map(\.anchor.place), forward: forward),
            let target = element(of: notes[index].anchor)
        else {
            message = WindowWording.noNotes(in: chapter.reference)
            return .status
        }
        let change = setFocus(target)
        message = WindowWording.note(index + 1, of: notes.count, attachedNotes(to: target))
        return change.union(.status)
    }

    /// `B`: the first bookmark after the focus in the Bible's order (the first of all after the last), in this
    /// chapter or another, which opens with its notes said.
    package func openBookmark() -> ViewChange {
        let bookmarks = noteFile?.bookmarks ?? []
        guard let index = notePlace.step(through: bookmarks.map(\.place), forward: true),
            let target = bookmarks[index].chapterReference
        else {
            message = ReaderWording.bookmarks([]).text
            return .status
        }
        let position = WindowWording.bookmark(index + 1, of: bookmarks.count)
        var change: ViewChange = .status
        if target != chapter.reference {
            guard turn(to: target) else { return .status }
            change.formUnion([.chapter, .layout, .scrolled, .focus])
        }
        if let element = element(of: bookmarks[index]) { change.formUnion(setFocus(element)) }
        message = [position, change.contains(.chapter) ? notesOpened : nil].compactMap { $0 }.joined(separator: " · ")
        return change
    }
}
