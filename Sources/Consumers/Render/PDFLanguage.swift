import Foundation

/// Sets the document language (`/Lang` in the catalog), which cairo 1.16 has no call for, with a PDF incremental
/// update: the catalog object is written again with `/Lang` added, followed by an xref section and trailer that
/// point back to cairo's (ISO 32000-1 §7.5.6). cairo's bytes are kept as they are.
enum PDFLanguage {
    /// The PDF with `/Lang (language)` in its catalog, or nil when its trailer or catalog is not in the form cairo
    /// writes (a classic xref table, an uncompressed catalog).
    static func setting(_ language: String, in pdf: Data) -> Data? {
        guard let text = String(data: pdf, encoding: .isoLatin1),
              let trailer = text.range(of: "trailer", options: .backwards),
              let startxref = text.range(of: "startxref", options: .backwards),
              let previous = Int(text[startxref.upperBound...].split(whereSeparator: \.isNewline).first ?? ""),
              let size = integer(after: "/Size", in: text[trailer.upperBound...]),
              let root = integer(after: "/Root", in: text[trailer.upperBound...]),
              let info = integer(after: "/Info", in: text[trailer.upperBound...]),
              let objectStart = text.range(of: "\n\(root) 0 obj"),
              let objectEnd = text.range(of: "endobj", range: objectStart.upperBound..<text.endIndex)
        else { return nil }
        var dictionary = text[objectStart.upperBound..<objectEnd.lowerBound]
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard dictionary.hasPrefix("<<"), dictionary.hasSuffix(">>"), dictionary.contains("/Catalog"),
              !dictionary.contains("/Lang") else { return nil }
        dictionary.removeLast(2)
        dictionary += "   /Lang (\(language))\n>>"
        var update = pdf
        if update.last != 0x0A { update.append(0x0A) }
        let offset = update.count
        update.append(Data("\(root) 0 obj\n\(dictionary)\nendobj\n".utf8))
        let xref = update.count
        let entry = String(format: "%010d 00000 n \n", offset)
        update.append(Data("""
            xref
            \(root) 1
            \(entry)trailer
            << /Size \(size)
               /Root \(root) 0 R
               /Info \(info) 0 R
               /Prev \(previous)
            >>
            startxref
            \(xref)
            %%EOF

            """.utf8))
        return update
    }

    /// The integer after `key` in `text` ("/Size 42" → 42).
    private static func integer(after key: String, in text: Substring) -> Int? {
        guard let range = text.range(of: key) else { return nil }
        return Int(text[range.upperBound...].drop(while: \.isWhitespace).prefix(while: \.isNumber))
    }
}
