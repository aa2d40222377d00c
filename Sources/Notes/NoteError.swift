import InterlinearCorpus

/// What went wrong with the notes file or a note, in one line naming the file or the value and what to do.
public struct NoteError: Error, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A note's value is not one a note can hold (an empty text, a control character, a verse past the end).
        case invalid
        /// The notes file (or a file to import) is damaged, or not one this program wrote: it is left as it is.
        case damaged
        /// The notes file or its folder cannot be opened or made (permissions, a link, not a regular file).
        case cannotOpen
        /// No note has that id.
        case notFound
        /// The disk is full: nothing was written.
        case full
        /// Another process held the file's lock past the wait.
        case busy
        /// Reading or writing failed otherwise (an I/O error).
        case failed
    }

    public let kind: Kind
    public let description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}

/// What a note may hold, checked where a note enters (the command line, the web reader's forms, an import).
public enum NoteLimits {
    public static let maxTextBytes = 65_536
    public static let maxLabels = 32
    public static let maxLabelBytes = 64
    /// More notes than a lifetime of study: an import or a file beyond it is refused, not read without end.
    public static let maxNotes = 1_000_000

    /// Nil when `note` may be kept; else why not.
    public static func problem(with note: Note) -> String? {
        if !isID(note.id) { return "the id \(EscapedText.quoted(note.id)) is not a lower-case UUID" }
        if let problem = problem(with: note.anchor) { return problem }
        if note.kind == .note && note.text.allSatisfy(\.isWhitespace) { return "a note needs text" }
        if note.text.utf8.count > maxTextBytes {
            return "the text is \(note.text.utf8.count) bytes; a note holds at most \(maxTextBytes)"
        }
        // Line breaks and tabs are a note's own; any other control character is refused (`TextCheck`'s rule).
        let lines = note.text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\t" }
        if let control = lines.lazy.compactMap({ TextCheck.firstControl($0) }).first {
            return "the text holds the control character \(EscapedText.escaped(String(Character(control))))"
        }
        if note.labels.count > maxLabels { return "\(note.labels.count) labels; a note has at most \(maxLabels)" }
        for label in note.labels {
            if label.isEmpty || label.utf8.count > maxLabelBytes || TextCheck.firstControl(label) != nil {
                return "the label \(EscapedText.quoted(label)) is empty, longer than \(maxLabelBytes) bytes or holds a "
                    + "control character"
            }
        }
        if (note.kind == .highlight) != (note.color != nil) { return "a highlight, and only a highlight, has a colour" }
        if !isTime(note.created) || !isTime(note.modified) {
            return "the times \(EscapedText.quoted(note.created)), \(EscapedText.quoted(note.modified)) are not UTC "
                + "ISO 8601 to the second"
        }
        return nil
    }

    /// Nil when the anchor names a verse that can exist; the corpus says whether it does.
    public static func problem(with anchor: NoteAnchor) -> String? {
        guard let book = Book.numbered(anchor.book) else { return "book \(anchor.book) is not one of the 66" }
        guard anchor.chapter >= 1, anchor.chapter <= max(book.chapterCount, book.englishChapterCount) else {
            return "\(book.name) has no chapter \(anchor.chapter)"
        }
        guard (0...176).contains(anchor.verse) else { return "no chapter has a verse \(anchor.verse)" }
        if let words = anchor.words {
            guard words.lowerBound >= 1, words.upperBound <= Verse.maxWords else {
                return "words \(words.lowerBound)–\(words.upperBound) are not positions in a verse"
            }
            guard let surfaces = anchor.surfaces, !surfaces.isEmpty,
                TextCheck.firstControl(surfaces) == nil, surfaces.utf8.count <= maxTextBytes
            else { return "a note on words keeps their surfaces" }
        } else if anchor.surfaces != nil {
            return "a note on a whole verse keeps no surfaces"
        }
        return nil
    }

    /// 8-4-4-4-12 lower-case hexadecimal digits.
    package static func isID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (48...57).contains(byte) || (97...102).contains(byte) else { return false }
            }
        }
        return true
    }

    /// "2026-11-29T00:12:27Z".
    static func isTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        return zip(bytes, pattern).allSatisfy { byte, shape in
            shape == UInt8(ascii: "d") ? (48...57).contains(byte) : byte == shape
        }
    }
}
