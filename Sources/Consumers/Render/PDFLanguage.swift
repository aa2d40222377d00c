import Foundation

/// Finishes cairo 1.16's tagged PDF with what it has no call for, through a PDF incremental update (ISO 32000-1
/// §7.5.6: changed objects appended with an xref section and a trailer pointing back to cairo's; cairo's bytes are
/// kept as they are):
/// - the document language, `/Lang` in the catalog;
/// - `/MarkInfo << /Marked true >>` in the catalog when cairo left it out (cairo 1.16 writes it only when the
///   structure tree has a single `Document` root, which `PDFDocumentWriter` gives it);
/// - `/Lang` on structure elements by type: the painter tags exactly the Greek words as `RB`
///   (`ChapterPainter.structureTags`), so a screen reader can switch to a Greek voice for them.
enum PDFLanguage {
    /// The finished PDF, or nil when its trailer or objects are not in the form cairo 1.16 writes (a classic xref
    /// table, uncompressed catalog and structure elements).
    static func tagged(_ pdf: Data, language: String, elementLanguages: [String: String]) -> Data? {
        let bytes = [UInt8](pdf)
        guard let trailer = lastIndex(of: "trailer", in: bytes),
              let startxref = lastIndex(of: "startxref", in: bytes),
              let previous = integer(after: "startxref", at: startxref, in: bytes),
              let sizeKey = index(of: "/Size", in: bytes, from: trailer),
              let size = integer(after: "/Size", at: sizeKey, in: bytes),
              let rootKey = index(of: "/Root", in: bytes, from: trailer),
              let root = integer(after: "/Root", at: rootKey, in: bytes),
              let infoKey = index(of: "/Info", in: bytes, from: trailer),
              let info = integer(after: "/Info", at: infoKey, in: bytes),
              var catalog = dictionary(of: root, in: bytes),
              catalog.contains("/Catalog"), !catalog.contains("/Lang")
        else { return nil }
        catalog.removeLast(2)
        catalog += "   /Lang (\(language))\n"
        if !catalog.contains("/MarkInfo") { catalog += "   /MarkInfo << /Marked true >>\n" }
        catalog += ">>"
        var changed: [(number: Int, dictionary: String)] = [(root, catalog)]
        for (type, elementLanguage) in elementLanguages.sorted(by: { $0.key < $1.key }) {
            for (number, element) in structureElements(type, in: bytes) where !element.contains("/Lang") {
                changed.append((number, String(element.dropLast(2)) + "   /Lang (\(elementLanguage))\n>>"))
            }
        }

        var update = pdf
        if update.last != 0x0A { update.append(0x0A) }
        var offsets: [(number: Int, offset: Int)] = []
        for (number, dictionary) in changed {
            offsets.append((number, update.count))
            update.append(Data("\(number) 0 obj\n\(dictionary)\nendobj\n".utf8))
        }
        let xref = update.count
        var table = "xref\n"
        for entry in offsets.sorted(by: { $0.number < $1.number }) {
            table += "\(entry.number) 1\n" + String(format: "%010ld 00000 n \n", entry.offset)
        }
        table += """
            trailer
            << /Size \(size)
               /Root \(root) 0 R
               /Info \(info) 0 R
               /Prev \(previous)
            >>
            startxref
            \(xref)
            %%EOF

            """
        update.append(Data(table.utf8))
        return update
    }

    /// The dictionary `<< … >>` of object `number` (from its definition to `endobj`), or nil if it is not one.
    private static func dictionary(of number: Int, in bytes: [UInt8]) -> String? {
        guard let start = index(of: "\n\(number) 0 obj\n", in: bytes, from: 0) else { return nil }
        let body = start + "\n\(number) 0 obj\n".utf8.count
        return dictionary(at: body, in: bytes)
    }

    /// The dictionary starting at `start` up to the next `endobj`, trimmed; nil if it is not `<< … >>`.
    private static func dictionary(at start: Int, in bytes: [UInt8]) -> String? {
        guard let end = index(of: "endobj", in: bytes, from: start) else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("<<") && text.hasSuffix(">>") ? text : nil
    }

    /// Every `StructElem` object of structure type `type`: its number and dictionary.
    private static func structureElements(_ type: String, in bytes: [UInt8]) -> [(Int, String)] {
        let pattern = " 0 obj\n<< /Type /StructElem\n   /S /\(type)\n"
        var found: [(Int, String)] = []
        var cursor = 0
        while let hit = index(of: pattern, in: bytes, from: cursor) {
            cursor = hit + pattern.utf8.count
            // The object number: the digits before the pattern, at the start of their line.
            var start = hit
            while start > 0, (0x30...0x39).contains(bytes[start - 1]) { start -= 1 }
            guard start < hit, start == 0 || bytes[start - 1] == 0x0A,
                  let number = Int(String(decoding: bytes[start..<hit], as: UTF8.self)),
                  let body = dictionary(at: hit + " 0 obj\n".utf8.count, in: bytes)
            else { continue }
            found.append((number, body))
        }
        return found
    }

    /// The first index of `needle` at or after `from`.
    private static func index(of needle: String, in bytes: [UInt8], from: Int) -> Int? {
        let n = Array(needle.utf8)
        guard let first = n.first, bytes.count >= n.count else { return nil }
        var i = from
        let last = bytes.count - n.count
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < n.count && bytes[i + k] == n[k] { k += 1 }
                if k == n.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The last index of `needle`.
    private static func lastIndex(of needle: String, in bytes: [UInt8]) -> Int? {
        let n = Array(needle.utf8)
        var i = bytes.count - n.count
        while i >= 0 {
            if bytes[i] == n[0] && Array(bytes[i..<(i + n.count)]) == n { return i }
            i -= 1
        }
        return nil
    }

    /// The integer after the key at `index` ("/Size 42" → 42).
    private static func integer(after key: String, at index: Int, in bytes: [UInt8]) -> Int? {
        var i = index + key.utf8.count
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        var j = i
        while j < bytes.count, (0x30...0x39).contains(bytes[j]) { j += 1 }
        return Int(String(decoding: bytes[i..<j], as: UTF8.self))
    }
}
