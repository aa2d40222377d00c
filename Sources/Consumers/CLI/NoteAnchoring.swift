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
        var range: ClosedRange<Int>?
        if let words {
            guard let parsed = NoteAnchor.words(parsing: words) else {
                throw ValidationError("--word \(EscapedText.quoted(words)): a word's position, 4, or two in order, 4-6")
            }
            range = parsed
        }
        do {
            return try NoteAnchor(verse: number, words: range, of: chapter)
        } catch {
            throw Failure(.noInput, error.description)
        }
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
