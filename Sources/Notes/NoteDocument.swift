import Foundation
import InterlinearCorpus

/// The notes as a document: `interlinear.notes/1` JSON (Schemas/notes-1.schema.json), which `note import` reads back
/// to the same notes, and Markdown to read or print. Keys sorted, every key written (null where a note has no
/// value), notes in the order of the text: the same notes always make the same bytes.
public enum NoteDocument {
    public static let schema = "interlinear.notes/1"
    /// An import larger than this is refused before it is parsed.
    public static let maxBytes = 64 << 20

    /// The JSON document, ending with a line break.
    public static func json(_ notes: [Note]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Document(notes: notes.map(Entry.init), schema: schema))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The notes of a document, each checked as a note entering is (`NoteLimits`); `file` names it in messages.
    public static func notes(from data: Data, file: String) throws -> [Note] {
        guard data.count <= maxBytes else {
            throw NoteError(.invalid, "\(file) is \(data.count) bytes; a notes document holds at most \(maxBytes)")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw NoteError(.invalid, "\(file) is not an \(schema) document: \(Self.reason(error))")
        }
        guard document.schema == schema else {
            throw NoteError(.invalid, "\(file) is \(EscapedText.quoted(document.schema)), not \(schema)")
        }
        guard document.notes.count <= NoteLimits.maxNotes else {
            throw NoteError(.invalid, "\(file) holds more than \(NoteLimits.maxNotes) notes")
        }
        let notes = try document.notes.map { try $0.note() }
        for note in notes {
            if let problem = NoteLimits.problem(with: note) {
                throw NoteError(.invalid, "\(file): note \(note.id): \(problem)")
            }
        }
        return notes
    }

    /// Markdown: a heading per chapter, a line per note with its place, kind, labels and text.
    public static func markdown(_ notes: [Note]) -> String {
        var text = "# Notes\n"
        var chapter: String?
        for note in notes {
            let anchor = note.anchor
            let heading =
                anchor.chapterReference.map(String.init(describing:)) ?? "book \(anchor.book) \(anchor.chapter)"
            if heading != chapter {
                text += "\n## \(heading)\n\n"
                chapter = heading
            }
            var line = "- **\(anchor.description)**"
            if let surfaces = anchor.surfaces { line += " (\(surfaces))" }
            if note.kind != .note { line += ", \(note.kind.rawValue)" + (note.color.map { " (\($0.rawValue))" } ?? "") }
            if !note.labels.isEmpty { line += ", labels: " + note.labels.joined(separator: ", ") }
            if !note.text.isEmpty { line += ": " + note.text.replacingOccurrences(of: "\n", with: "\n  ") }
            text += line + "\n"
        }
        return text
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)) lacks \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty
            ? "the document"
            : context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    struct Document: Codable {
        var notes: [Entry]
        var schema: String
    }

    /// A note as the document spells it: flat, every key present.
    struct Entry: Codable {
        var book: Int
        var chapter: Int
        var color: String?
        var created: String
        var firstWord: Int?
        var id: String
        var kind: String
        var labels: [String]
        var lastWord: Int?
        var modified: String
        var surfaces: String?
        var text: String
        var verse: Int

        init(_ note: Note) {
            (book, chapter, verse) = (note.anchor.book, note.anchor.chapter, note.anchor.verse)
            (firstWord, lastWord, surfaces) = (
                note.anchor.words?.lowerBound, note.anchor.words?.upperBound, note.anchor.surfaces
            )
            (id, kind, text, labels, color) = (
                note.id, note.kind.rawValue, note.text, note.labels, note.color?.rawValue
            )
            (created, modified) = (note.created, note.modified)
        }

        func note() throws -> Note {
            guard let kind = NoteKind(rawValue: kind) else {
                throw NoteError(.invalid, "note \(id): unknown kind \(EscapedText.quoted(kind))")
            }
            var color: HighlightColor?
            if let name = self.color {
                guard let named = HighlightColor(rawValue: name) else {
                    throw NoteError(.invalid, "note \(id): unknown colour \(EscapedText.quoted(name))")
                }
                color = named
            }
            var words: ClosedRange<Int>?
            switch (firstWord, lastWord) {
            case (nil, nil): break
            case (let first?, let last?) where first <= last: words = first...last
            default:
                throw NoteError(.invalid, "note \(id): firstWord and lastWord must both be there, in order, or neither")
            }
            return Note(
                id: id, kind: kind,
                anchor: NoteAnchor(book: book, chapter: chapter, verse: verse, words: words, surfaces: surfaces),
                text: text, labels: labels, color: color, created: created, modified: modified)
        }

        // Every key written, null where there is no value (a synthesized encoder would leave them out).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(book, forKey: .book)
            try container.encode(chapter, forKey: .chapter)
            try container.encode(color, forKey: .color)
            try container.encode(created, forKey: .created)
            try container.encode(firstWord, forKey: .firstWord)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(labels, forKey: .labels)
            try container.encode(lastWord, forKey: .lastWord)
            try container.encode(modified, forKey: .modified)
            try container.encode(surfaces, forKey: .surfaces)
            try container.encode(text, forKey: .text)
            try container.encode(verse, forKey: .verse)
        }
    }
}
