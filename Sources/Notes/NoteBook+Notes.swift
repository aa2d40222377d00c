import CSQLite
import Foundation
import InterlinearCorpus

extension NoteBook {
    /// A new note's id and the time now, for a front end making one.
    public static func newID() -> String { UUID().uuidString.lowercased() }

    /// The time now as notes keep it: "2026-11-29T00:12:27Z".
    public static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// Keeps a new note. Refused when a note has its id already, or its values are not ones a note holds.
    public func add(_ note: Note) throws {
        if let problem = NoteLimits.problem(with: note) { throw NoteError(.invalid, problem) }
        try transaction {
            guard try integer("SELECT count(*) FROM notes") < NoteLimits.maxNotes else {
                throw NoteError(
                    .invalid, "the notes file \(path) holds \(NoteLimits.maxNotes) notes, the most it keeps")
            }
            guard try self.note(id: note.id) == nil else {
                throw NoteError(.invalid, "a note with the id \(note.id) is kept already")
            }
            try insert(note, replacing: false)
        }
    }

    /// Changes a note's text, labels or colour (nil: unchanged), and its modified time; returns the note as kept.
    public func update(id: String, text: String? = nil, labels: [String]? = nil, color: HighlightColor? = nil) throws
        -> Note
    {
        try transaction {
            guard var note = try self.note(id: id) else {
                throw NoteError(.notFound, "no note has the id \(EscapedText.quoted(id))")
            }
            if let text { note.text = text }
            if let labels { note.labels = labels }
            if let color { note.color = color }
            note.modified = Self.now()
            if let problem = NoteLimits.problem(with: note) { throw NoteError(.invalid, problem) }
            try insert(note, replacing: true)
            return note
        }
    }

    /// Deletes a note; returns it.
    @discardableResult
    public func delete(id: String) throws -> Note {
        try transaction {
            guard let note = try self.note(id: id) else {
                throw NoteError(.notFound, "no note has the id \(EscapedText.quoted(id))")
            }
            try query("DELETE FROM notes WHERE id = ?", [.text(id)])
            return note
        }
    }

    /// The note with this id, if there is one.
    public func note(id: String) throws -> Note? {
        var found: Note?
        try query("SELECT \(Self.columns) FROM notes WHERE id = ?", [.text(id)]) { found = try self.decode($0) }
        return found
    }

    /// The notes of one chapter, or all of them, in the order of the text: by verse, then first word (a note on the
    /// whole verse first), then when made, then id.
    public func notes(in chapter: ChapterReference? = nil) throws -> [Note] {
        var found: [Note] = []
        let order = " ORDER BY book, chapter, verse, coalesce(first_word, 0), created, id"
        if let chapter {
            try query(
                "SELECT \(Self.columns) FROM notes WHERE book = ? AND chapter = ?" + order,
                [.integer(chapter.book.number), .integer(chapter.chapter)]
            ) { found.append(try self.decode($0)) }
        } else {
            try query("SELECT \(Self.columns) FROM notes" + order) { row in
                guard found.count < NoteLimits.maxNotes else {
                    throw self.damaged("more than \(NoteLimits.maxNotes) notes")
                }
                found.append(try self.decode(row))
            }
        }
        return found
    }

    /// What an import did.
    public struct Imported: Sendable, Equatable {
        public var added = 0
        /// Notes of the same id kept here, changed later there: replaced.
        public var replaced = 0
        /// Notes of the same id that were the same, or changed later here: left as they were.
        public var kept = 0
    }

    /// Merges notes (from `NoteDocument`) in one transaction: a new id is added; a known one is replaced only by a
    /// copy modified later. Every note is checked first: one bad note refuses the whole import.
    public func importing(_ notes: [Note]) throws -> Imported {
        for note in notes {
            if let problem = NoteLimits.problem(with: note) { throw NoteError(.invalid, "note \(note.id): \(problem)") }
        }
        return try transaction {
            var imported = Imported()
            for note in notes {
                if let kept = try self.note(id: note.id) {
                    guard note.modified > kept.modified, note != kept else {
                        imported.kept += 1
                        continue
                    }
                    try insert(note, replacing: true)
                    imported.replaced += 1
                } else {
                    try insert(note, replacing: false)
                    imported.added += 1
                }
            }
            guard try integer("SELECT count(*) FROM notes") <= NoteLimits.maxNotes else {
                throw NoteError(.invalid, "the import would hold more than \(NoteLimits.maxNotes) notes")
            }
            return imported
        }
    }

    static let columns =
        "id, kind, book, chapter, verse, first_word, last_word, surfaces, text, labels, color, created, modified"

    private func insert(_ note: Note, replacing: Bool) throws {
        let anchor = note.anchor
        let values: [NoteValue] = [
            .text(note.id), .text(note.kind.rawValue), .integer(anchor.book), .integer(anchor.chapter),
            .integer(anchor.verse), anchor.words.map { .integer($0.lowerBound) } ?? .null,
            anchor.words.map { .integer($0.upperBound) } ?? .null, anchor.surfaces.map { .text($0) } ?? .null,
            .text(note.text), .text(note.labels.joined(separator: "\n")),
            note.color.map { .text($0.rawValue) } ?? .null,
            .text(note.created), .text(note.modified),
        ]
        let verb = replacing ? "INSERT OR REPLACE" : "INSERT"
        try query("\(verb) INTO notes (\(Self.columns)) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", values)
    }

    /// A row read back is untrusted like any file: checked as a note entering is, else the file is damaged.
    private func decode(_ row: OpaquePointer) throws -> Note {
        func text(_ column: Int32) -> String? {
            guard sqlite3_column_type(row, column) == SQLITE_TEXT, let bytes = sqlite3_column_text(row, column) else {
                return nil
            }
            return String(
                decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(row, column))),
                as: UTF8.self)
        }
        func integer(_ column: Int32) -> Int? {
            sqlite3_column_type(row, column) == SQLITE_INTEGER ? Int(sqlite3_column_int64(row, column)) : nil
        }
        let id = text(0) ?? ""
        guard let kind = text(1).flatMap(NoteKind.init(rawValue:)), let book = integer(2), let chapter = integer(3),
            let verse = integer(4), let body = text(8), let labels = text(9), let created = text(11),
            let modified = text(12)
        else { throw damaged("note \(id) lacks a value or has one of the wrong type") }
        var words: ClosedRange<Int>?
        if let first = integer(5), let last = integer(6) {
            guard first <= last else { throw damaged("note \(id) has its words backwards") }
            words = first...last
        }
        var color: HighlightColor?
        if let name = text(10) {
            guard let named = HighlightColor(rawValue: name) else { throw damaged("note \(id) has the colour \(name)") }
            color = named
        }
        let note = Note(
            id: id, kind: kind,
            anchor: NoteAnchor(book: book, chapter: chapter, verse: verse, words: words, surfaces: text(7)),
            text: body, labels: labels.isEmpty ? [] : labels.components(separatedBy: "\n"), color: color,
            created: created, modified: modified)
        if let problem = NoteLimits.problem(with: note) { throw damaged("note \(id): \(problem)") }
        return note
    }
}
