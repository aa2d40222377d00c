/// A commentary's entry as stored in its SWORD module (OSIS, ThML or GBF, as its `.conf`'s `SourceType` says),
/// turned into paragraphs of plain text a voice can say: every tag removed, the text of notes left out (as diatheke
/// leaves footnotes out by default), entities decoded, runs of white space made one space, control characters
/// dropped, and a paragraph ended where the markup ends a block (a paragraph, a division, a title, a list item, a
/// table row, a line of verse). Words the markup only styles (bold, a scripture reference, a Greek word's `<w>`)
/// stay as they are: the text is the commentary's own, in its own script.
///
/// The markup comes from a file on disk: an unclosed tag is read as text, an unknown entity stays as typed, and the
/// work is one pass over the text, whatever it holds.
package enum CommentaryMarkup {
    /// The source types a `.conf` names (`SourceType`), each read by its own tags; anything else is read as OSIS.
    package enum Syntax: Sendable {
        case osis, thml, gbf

        package init(sourceType: String) {
            switch sourceType.lowercased() {
            case "gbf": self = .gbf
            case "thml": self = .thml
            default: self = .osis
            }
        }
    }

    /// The most paragraphs an entry gives; the rest of a larger one is left out (Spurgeon's longest psalm has
    /// under a thousand).
    package static let maxParagraphs = 20_000

    /// The entry's paragraphs, none empty.
    package static func paragraphs(_ markup: String, syntax: Syntax) -> [String] {
        var reader = Reader(syntax: syntax)
        MarkupWalk.walk(markup, into: &reader)
        reader.endParagraph()
        return Array(reader.paragraphs.prefix(maxParagraphs))
    }

    /// C0 and C1 control characters and the byte-order mark: never said, never shown.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFEFF
    }

    private struct Reader: MarkupReader {
        static var decodesEntities: Bool { true }
        let syntax: Syntax
        var paragraphs: [String] = []
        var current = ""
        var pendingSpace = false
        /// How many notes are open: their text is not the commentary's.
        var noteDepth = 0

        init(syntax: Syntax) { self.syntax = syntax }

        var isFull: Bool { paragraphs.count >= maxParagraphs }

        mutating func tag(_ body: Substring) {
            let closing = body.hasPrefix("/")
            let selfClosing = body.hasSuffix("/")
            let name = body.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
            if syntax == .gbf {
                // GBF's tags are two capitals, a small second letter closing: <RF>…<Rf> a note, <CM> a paragraph's
                // end, <CL> a line's, <TS>…<Ts> a title.
                switch name {
                case "RF": noteDepth += 1
                case "Rf": noteDepth = max(0, noteDepth - 1)
                case "CM", "CL", "TS", "Ts": endParagraph()
                default: break
                }
                return
            }
            switch name.lowercased() {
            case "note" where !selfClosing: noteDepth = max(0, noteDepth + (closing ? -1 : 1))
            case "p", "div", "title", "list", "item", "lg", "l", "lb", "br", "table", "row", "chapter", "milestone",
                "head", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "tr":
                endParagraph()
            case "cell", "td", "th":
                pendingSpace = !current.isEmpty
            default: break
            }
        }

        mutating func add(_ text: Substring) {
            guard noteDepth == 0, !text.isEmpty else { return }
            for character in text { add(character) }
        }

        mutating func add(_ character: Character) {
            // (Also the decoded character of an entity.)
            guard noteDepth == 0 else { return }
            if character.isWhitespace {
                pendingSpace = !current.isEmpty
                return
            }
            let scalars = character.unicodeScalars
            if let first = scalars.first, isControl(first) { return }
            // An entity's combining mark (`&#800;`) after white space would join the space as one character: a
            // mark with nothing to mark is dropped, so no paragraph ends in a space with a mark on it.
            if pendingSpace, (" " + String(character)).count == 1 { return }
            if pendingSpace { current.append(" ") }
            pendingSpace = false
            current.append(character)
        }

        mutating func endParagraph() {
            if !current.isEmpty { paragraphs.append(current) }
            current = ""
            pendingSpace = false
        }
    }
}
