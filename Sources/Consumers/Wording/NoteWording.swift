import InterlinearAccessibility
import InterlinearNotes

/// What every front end says of the reader's notes, worded once: the terminal reader's line mode, the window and
/// the web reader's notes pages count and mark them with these words.
public enum NoteWording {
    /// "3 notes", "1 bookmark": a count as a listener hears it first.
    package static func count(_ number: Int, of kind: NoteKind? = nil) -> String {
        "\(number) \(kind?.rawValue ?? "note")\(number == 1 ? "" : "s")"
    }

    /// "3 notes in John 1": `chapter` as the front end names it (in words for a voice, as text on a page).
    package static func count(_ number: Int, of kind: NoteKind? = nil, in chapter: String) -> String {
        "\(count(number, of: kind)) in \(chapter)"
    }

    /// A chapter without notes, and how notes are made.
    package static func noNotes(in chapter: String) -> String {
        "No notes in \(chapter). Notes are added with interlinear note add, or on the web reader's notes page."
    }

    /// What marks a noted word or verse: "note", "bookmark", "highlighted yellow".
    package static func mark(_ note: Note) -> String {
        switch note.kind {
        case .note: "note"
        case .bookmark: "bookmark"
        case .highlight: "highlighted \(note.color?.rawValue ?? "")"
        }
    }

    /// A note's text for a voice that speaks English only (the window's, under Orca 43): each Greek or Hebrew word
    /// respelled (`Respelling.headword`), or left out when it cannot be (unpointed Hebrew); the rest as English.
    package static func spokenText(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).compactMap { word -> String? in
            let typed = String(word)
            switch SpokenLanguage.typed(typed) {
            case .greek: return Respelling.headword(typed, .greek)
            case .hebrew: return Respelling.headword(typed, .hebrew)
            default: return Speakable.english(typed)
            }
        }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
