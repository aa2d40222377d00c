import ArgumentParser
import InterlinearCorpus
import InterlinearNotes
import InterlinearStore

/// How the command line turns what a user typed into a note's anchor, and a note into a line.
enum NoteAnchoring {
    /// The verse `reference` names (moved from English numbering to the text's), and the words `words` names ("4",
    /// "4-6"), checked against the chapter as the store holds it; the words' surfaces are kept with the anchor.
    static func anchor(_ reference: String, words: String?, corpus: String?) throws -> NoteAnchor {
        let library = try ChapterLibrary.open(corpus: corpus)
        let (passage, _) = try library.resolvingEnglishNumbering(try parseReference(reference))
        guard let number = passage.verses?.lowerBound, passage.verses?.count == 1 else {
            throw ValidationError(
                "\(EscapedText.quoted(reference)) is not one verse; a note is on a verse: \"John 1:1\"")
        }
        guard passage.chapter.exists else { throw library.missing(passage.chapter) }
        let chapter = try library.load(passage, into: StringTableBuilder(), morphemes: false)
        guard let verse = chapter.verseIndex(number: number).map({ chapter.verses[$0] }) else {
            throw Failure(.noInput, "\(passage.chapter) has no verse \(number)")
        }
        var anchor = NoteAnchor(book: passage.chapter.book.number, chapter: passage.chapter.chapter, verse: number)
        guard let words else { return anchor }
        let parts = words.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts.last ?? ""),
            first >= 1, first <= last
        else {
            throw ValidationError("--word \(EscapedText.quoted(words)): a word's position, 4, or two in order, 4-6")
        }
        guard last <= verse.words.count else {
            throw Failure(.noInput, "\(passage) has \(verse.words.count) words, not \(last)")
        }
        anchor.words = first...last
        anchor.surfaces = (first...last).map {
            chapter.text(chapter.words[verse.word(at: WordOffset(UInt16($0 - 1)))].surface)
        }
        .joined(separator: " ")
        return anchor
    }

    /// Where a note on words finds them in the corpus as it is now: at the positions it keeps when the words there are
    /// the ones it was made on; else where the verse holds those words (a new import moved them); else nil, and
    /// `note list` says the words changed. Whole-verse notes, and notes whose chapter the corpus lacks, stay as
    /// kept.
    static func located(_ note: Note, in chapter: Chapter?) -> NoteAnchor? {
        var anchor = note.anchor
        guard let words = anchor.words, let surfaces = anchor.surfaces, let chapter,
            let index = chapter.verseIndex(number: anchor.verse)
        else { return anchor }
        let verse = chapter.verses[index]
        let all = (0..<verse.words.count).map {
            chapter.text(chapter.words[verse.word(at: WordOffset(UInt16($0)))].surface)
        }
        let wanted = surfaces.split(separator: " ").map(String.init)
        func matches(at first: Int) -> Bool {
            first >= 1 && first - 1 + wanted.count <= all.count
                && Array(all[(first - 1)..<(first - 1 + wanted.count)]) == wanted
        }
        if matches(at: words.lowerBound) { return anchor }
        // The nearest place that holds the words.
        let found = (1...max(1, all.count)).filter(matches).min {
            abs($0 - words.lowerBound) < abs($1 - words.lowerBound)
        }
        guard let found else { return nil }
        anchor.words = found...(found + wanted.count - 1)
        return anchor
    }

    /// "John 1:1 word 4 (λόγος)".
    static func said(_ anchor: NoteAnchor) -> String {
        anchor.description + (anchor.surfaces.map { " (\($0))" } ?? "")
    }

    /// One note as `note list` prints it: its place, kind, short id, labels and text.
    static func line(_ note: Note) -> String {
        var line = said(note.anchor) + ", \(note.kind.rawValue)" + (note.color.map { " \($0.rawValue)" } ?? "")
        line += " \(note.id.prefix(8))"
        if !note.labels.isEmpty { line += " [" + note.labels.joined(separator: ", ") + "]" }
        if !note.text.isEmpty { line += ": " + EscapedText.escaped(note.text, limit: 2_000) }
        return line
    }

    /// The whole id a user's id or prefix of at least 8 characters names.
    static func id(_ given: String, in book: NoteBook) throws -> String {
        let given = given.lowercased()
        if given.count == 36 { return given }
        guard given.count >= 8 else { throw ValidationError("a note id has 36 characters; give at least its first 8") }
        let matches = try book.notes().filter { $0.id.hasPrefix(given) }
        guard matches.count == 1 else {
            throw Failure(
                matches.isEmpty ? .noInput : .usage,
                matches.isEmpty
                    ? "no note id begins \(given)" : "\(matches.count) note ids begin \(given); give more of it")
        }
        return matches[0].id
    }
}
