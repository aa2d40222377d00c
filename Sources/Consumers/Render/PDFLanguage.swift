import Foundation

/// Finishes cairo 1.16's tagged PDF with what it has no call for, through a PDF incremental update (ISO 32000-1
/// §7.5.6: changed objects appended with an xref section and a trailer pointing back to cairo's; cairo's bytes are
/// kept as they are):
/// - the document language, `/Lang` in the catalog;
/// - `/MarkInfo << /Marked true >>` in the catalog when cairo left it out (cairo 1.16 writes it only when the
///   structure tree has a single `Document` root, which `PDFDocumentWriter` gives it);
/// - `/Lang` on structure elements by type: the painter tags exactly the Greek words as `RB`
///   (`ChapterPainter.structureTags`), so a screen reader can switch to a Greek voice for them; and on each `Span`
///   of the lemma tier, the dictionary form in the same language, and on each `RB` of a reverse interlinear's
///   marks, the document's language, one by one (`spanLanguages`, which go before a type's language);
/// - `/ActualText` in logical order on the structure element of each right-to-left label (ISO 32000-1 §14.9.4): its
///   content-stream span carries the text reversed for poppler (`ChapterPainter.showSpan`), and a tagged-PDF reader
///   (Acrobat, and screen readers through it) takes an element's ActualText over its content;
/// - PDF/UA-1 identification: an XMP metadata stream with `pdfuaid:part` 1 and the title (ISO 14289-1 §5), and
///   `/ViewerPreferences << /DisplayDocTitle true >>` (7.1-10);
/// - every page's untagged content (running head, rule, page number) marked as artifacts (`PDFArtifacts`, 7.1-3).
enum PDFLanguage {
    /// The finished PDF, or nil when its trailer or objects are not in the form cairo 1.16 writes (a classic xref
    /// table, uncompressed catalog, pages and structure elements). An element of `spanLanguages` (the lemma tier's
    /// `Span`s, Greek or Hebrew among the English of the other tiers) or `actualTexts` is found by its index
    /// among the document's elements of its type in object-number order (see `StructureTags`), and only when the
    /// document has exactly as many as were begun (`begun`, by type): with any other count the numbering is not
    /// cairo 1.16's and those elements get no ActualText rather than another element's.
    static func tagged(
        _ pdf: Data, language: String, title: String, elementLanguages: [String: String],
        spanLanguages: [(element: StructureTags.Element, language: String)] = [],
        actualTexts: [(element: StructureTags.Element, text: String)] = [],
        begun: [String: Int] = [:]
    ) -> Data? {
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
            case let objects = objectOffsets(in: bytes, xref: previous),
            var catalog = dictionary(of: root, in: bytes, offsets: objects),
            catalog.contains("/Catalog"), !catalog.contains("/Lang"), !catalog.contains("/Metadata")
        else { return nil }
        let metadata = size
        catalog.removeLast(2)
        catalog += "   /Lang (\(language))\n"
        if !catalog.contains("/MarkInfo") { catalog += "   /MarkInfo << /Marked true >>\n" }
        if !catalog.contains("/ViewerPreferences") { catalog += "   /ViewerPreferences << /DisplayDocTitle true >>\n" }
        catalog += "   /Metadata \(metadata) 0 R\n>>"
        var changed: [(number: Int, body: Data)] = [(root, Data(catalog.utf8))]
        // The entries each structure element gains, by object number, and its dictionary.
        var entries: [Int: (dictionary: String, added: String)] = [:]
        var elementsByType: [String: [(Int, String)]] = [:]
        /// Adds `entry` to `element`'s dictionary when the element is found as `begun` says.
        func add(_ entry: String, to element: StructureTags.Element) {
            if elementsByType[element.type] == nil {
                elementsByType[element.type] = structureElements(element.type, in: bytes).sorted { $0.0 < $1.0 }
            }
            guard let elements = elementsByType[element.type], elements.count == begun[element.type],
                element.index < elements.count
            else { return }
            let (number, dictionary) = elements[element.index]
            entries[number, default: (dictionary, "")].added += entry
        }
        for (element, spanLanguage) in spanLanguages { add("   /Lang (\(spanLanguage))\n", to: element) }
        // A type's language goes to its elements that have none of their own (a reverse interlinear's marks are
        // `RB`s in the document's language among the Greek).
        for (type, elementLanguage) in elementLanguages.sorted(by: { $0.key < $1.key }) {
            for (number, element) in structureElements(type, in: bytes)
            where !element.contains("/Lang") && entries[number]?.added.contains("/Lang") != true {
                entries[number, default: (element, "")].added += "   /Lang (\(elementLanguage))\n"
            }
        }
        for (element, text) in actualTexts { add("   /ActualText \(textString(text))\n", to: element) }
        for (number, entry) in entries.sorted(by: { $0.key < $1.key }) {
            changed.append((number, Data((String(entry.dictionary.dropLast(2)) + entry.added + ">>").utf8)))
        }
        for number in pageContents(in: bytes) {
            guard let content = streamData(of: number, in: bytes, offsets: objects),
                let plain = PDFArtifacts.inflate(content)
            else { return nil }
            let marked = PDFArtifacts.deflate(PDFArtifacts.markingUntagged(plain))
            var body = Data("<< /Length \(marked.count)\n   /Filter /FlateDecode\n>>\nstream\n".utf8)
            body += marked
            body += Data("\nendstream".utf8)
            changed.append((number, body))
        }
        let xmp = Data(xmpPacket(title: title, language: language).utf8)
        changed.append(
            (
                metadata,
                Data("<< /Type /Metadata\n   /Subtype /XML\n   /Length \(xmp.count)\n>>\nstream\n".utf8)
                    + xmp + Data("\nendstream".utf8)
            ))

        var update = pdf
        if update.last != 0x0A { update.append(0x0A) }
        var offsets: [(number: Int, offset: Int)] = []
        for (number, body) in changed {
            offsets.append((number, update.count))
            update.append(Data("\(number) 0 obj\n".utf8))
            update.append(body)
            update.append(Data("\nendobj\n".utf8))
        }
        let xref = update.count
        var table = "xref\n"
        for entry in offsets.sorted(by: { $0.number < $1.number }) {
            table += "\(entry.number) 1\n" + String(format: "%010ld 00000 n \n", entry.offset)
        }
        table += """
            trailer
            << /Size \(size + 1)
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

    /// `text` as a PDF text string: UTF-16BE with its byte order mark, in hex (ISO 32000-1 §7.9.2.2).
    static func textString(_ text: String) -> String {
        var hex = "<FEFF"
        for unit in text.utf16 { hex += String(format: "%04X", unit) }
        return hex + ">"
    }

    /// The XMP packet of a PDF/UA-1 document (ISO 14289-1 §5: `pdfuaid:part`; 7.1-8: the title as `dc:title`).
    static func xmpPacket(title: String, language: String) -> String {
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
            <pdfuaid:part>1</pdfuaid:part>
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(escaped)</rdf:li></rdf:Alt></dc:title>
            <dc:language><rdf:Bag><rdf:li>\(language)</rdf:li></rdf:Bag></dc:language>
            <pdf:Producer>interlinear render</pdf:Producer>
            </rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// The content stream object of every page (`/Type /Page` dictionaries' `/Contents N 0 R`), in file order.
    private static func pageContents(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var cursor = 0
        // cairo writes "<< /Type /Page % 1" (a comment with the page number); "/Pages" does not match.
        while let hit = index(of: "<< /Type /Page ", in: bytes, from: cursor) {
            cursor = hit + 1
            guard let end = index(of: "endobj", in: bytes, from: hit),
                let key = index(of: "/Contents", in: bytes, from: hit), key < end,
                let number = integer(after: "/Contents", at: key, in: bytes)
            else { continue }
            found.append(number)
        }
        return found
    }

    /// Where each object of cairo's cross-reference table begins (ISO 32000-1 §7.5.4: subsections of a first
    /// number and a count, then 20-byte entries "offset generation n"), so a book's hundreds of page streams are
    /// found without searching the file for each; empty when the table is not where `startxref` says.
    private static func objectOffsets(in bytes: [UInt8], xref: Int) -> [Int: Int] {
        var offsets: [Int: Int] = [:]
        guard xref >= 0, xref + 5 <= bytes.count, Array(bytes[xref..<(xref + 4)]) == Array("xref".utf8) else {
            return [:]
        }
        var i = xref + 4
        func skipWhite() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 } }
        func number() -> Int? {
            var j = i
            while j < bytes.count, (0x30...0x39).contains(bytes[j]), j - i < 12 { j += 1 }
            defer { i = j }
            return j > i ? Int(String(decoding: bytes[i..<j], as: UTF8.self)) : nil
        }
        while true {
            skipWhite()
            guard let first = number() else { break }
            skipWhite()
            guard let count = number(), count >= 0, first >= 0, count <= bytes.count / 20 else { break }
            skipWhite()
            for k in 0..<count {
                guard i + 18 <= bytes.count else { return offsets }
                let entry = bytes[i..<(i + 18)]
                if entry.last == 0x6E, let offset = Int(String(decoding: entry.prefix(10), as: UTF8.self)),
                    offset >= 0, offset < bytes.count
                {
                    offsets[first + k] = offset
                }
                i += 20
            }
        }
        return offsets
    }

    /// Where object `number`'s header "N 0 obj" begins, less one (the newline before it, as `index(of:)` finds
    /// "\nN 0 obj\n"): from the cross-reference table when it points at that header, else by a search.
    private static func objectStart(_ number: Int, in bytes: [UInt8], offsets: [Int: Int]) -> Int? {
        let header = Array("\n\(number) 0 obj\n".utf8)
        if let offset = offsets[number], offset >= 1, offset - 1 + header.count <= bytes.count,
            bytes[(offset - 1)..<(offset - 1 + header.count)].elementsEqual(header)
        {
            return offset - 1
        }
        return index(of: "\n\(number) 0 obj\n", in: bytes, from: 0)
    }

    /// The (still encoded) data of stream object `number`: `/Length` direct or an indirect integer object.
    private static func streamData(of number: Int, in bytes: [UInt8], offsets: [Int: Int]) -> ArraySlice<UInt8>? {
        guard let start = objectStart(number, in: bytes, offsets: offsets),
            let lengthKey = index(of: "/Length", in: bytes, from: start),
            let keyword = index(of: "stream\n", in: bytes, from: start), lengthKey < keyword,
            var length = integer(after: "/Length", at: lengthKey, in: bytes)
        else { return nil }
        // "/Length 5 0 R": the length is object 5.
        let afterNumber = String(decoding: bytes[(lengthKey + 7)..<min(keyword, lengthKey + 40)], as: UTF8.self)
        if afterNumber.split(separator: "\n").first?.hasSuffix(" 0 R") == true {
            let objectHeader = "\n\(length) 0 obj\n"
            guard let object = objectStart(length, in: bytes, offsets: offsets),
                let value = integer(after: objectHeader, at: object, in: bytes)
            else { return nil }
            length = value
        }
        let data = keyword + "stream\n".utf8.count
        guard length >= 0, data + length <= bytes.count else { return nil }
        return bytes[data..<(data + length)]
    }

    /// The dictionary `<< … >>` of object `number` (from its definition to `endobj`), or nil if it is not one.
    private static func dictionary(of number: Int, in bytes: [UInt8], offsets: [Int: Int]) -> String? {
        guard let start = objectStart(number, in: bytes, offsets: offsets) else { return nil }
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
