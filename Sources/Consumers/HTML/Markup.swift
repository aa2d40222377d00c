import InterlinearAccessibility

/// Text escaped for HTML and XHTML (the same rules serve both: `&`, `<`, `>` and the quote in attributes).
public enum Markup {
    public static func text(_ s: String) -> String {
        // By UTF-8 bytes: the four are ASCII, and no byte of a longer UTF-8 sequence is ASCII. Walking characters
        // (grapheme clusters) instead was a large part of an export (benchmark `export-epub`).
        func special(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"")
        }
        guard s.utf8.contains(where: special) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An id made of the characters every id syntax takes (letters, digits, `-`, `_`, `.`): "John.1.14" stays.
    public static func id(_ s: String) -> String {
        String(s.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "-" })
    }
}

/// Markup made piece by piece as UTF-8 bytes, then made a `String` once: string interpolation builds a temporary
/// string for each piece it joins, which was most of an export's markup (benchmark `export-epub-cold`).
struct MarkupBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends markup as it is: the string's bytes in place (appending its `utf8` view went through the view's
    /// iterator, about 170 instructions a piece; benchmark `export-epub-cold`).
    mutating func put(_ piece: String) {
        var piece = piece
        piece.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends text escaped as `Markup.text` escapes it: the runs between the four characters copied whole, not
    /// byte by byte.
    mutating func putText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for i in utf8.indices {
                let escape: StaticString
                switch utf8[i] {
                case UInt8(ascii: "&"): escape = "&amp;"
                case UInt8(ascii: "<"): escape = "&lt;"
                case UInt8(ascii: ">"): escape = "&gt;"
                case UInt8(ascii: "\""): escape = "&quot;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// The markup; every piece was a whole `String`, so the bytes are UTF-8.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The two serialisations the exporter writes: an HTML page, and an EPUB content document (XHTML, which needs
/// `xml:lang` beside `lang` and knows `epub:type`).
public enum Serialization: Sendable {
    case html, xhtml

    /// ` lang="grc"` (and ` xml:lang="grc"` in XHTML).
    public func lang(_ tag: String) -> String {
        self == .xhtml ? " lang=\"\(tag)\" xml:lang=\"\(tag)\"" : " lang=\"\(tag)\""
    }

    /// A spoken line as spans each tagged with its language (`grc-Latn`, `en`, `hbo`, right to left for Hebrew), so
    /// a screen reader gives each to a voice of its language: the words the window and the terminal say.
    package func spans(_ line: SpokenLine) -> String {
        var out = MarkupBytes(capacity: 64 * line.spans.count)
        spans(line, into: &out)
        return out.text
    }

    /// The same spans appended to `out`.
    func spans(_ line: SpokenLine, into out: inout MarkupBytes) {
        for span in line.spans {
            out.put("<span")
            lang(span.language.rawValue, into: &out)
            if span.language == .hebrew { out.put(" dir=\"rtl\"") }
            out.put(">")
            out.putText(span.text)
            out.put("</span>")
        }
    }

    /// `lang(tag)` appended to `out`.
    func lang(_ tag: String, into out: inout MarkupBytes) {
        out.put(" lang=\"")
        out.put(tag)
        if self == .xhtml {
            out.put("\" xml:lang=\"")
            out.put(tag)
        }
        out.put("\"")
    }

    /// The document's first lines up to `<body>`: the style sheet inlined (a self-contained page: an HTML page with
    /// the themes and their switch's rules, `PageTheme`; an EPUB content document in the reading system's hands),
    /// or `head`'s lines in its place (the web reader links its style sheet and script).
    /// The inlined sheets, made once: an EPUB writes one per chapter.
    private static let pageSheet = PageStyle.css + "\n" + PageTheme.sheet(switchable: true)
    private static let bookSheet = PageStyle.css + "\n" + PageTheme.sheet(switchable: false)

    public func prologue(title: String, head: String? = nil) -> String {
        // An EPUB has no switch: its palette follows the preferences the reading system reports.
        let sheet = self == .html ? Self.pageSheet : Self.bookSheet
        let head = """
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>\(Markup.text(title))</title>
            \(head ?? "<style>\n\(sheet)\n</style>")
            </head>
            <body>

            """
        switch self {
        case .html:
            return "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">\n<head>\n" + head
        case .xhtml:
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE html>
                <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
                lang="en" xml:lang="en" dir="ltr">
                <head>

                """ + head
        }
    }
}
