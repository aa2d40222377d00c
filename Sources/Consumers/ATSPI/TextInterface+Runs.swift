import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// `org.a11y.atspi.Text` on the chapter and on each verse: the running text of `AccessibilityTree.documentText()`
/// (one paragraph per verse) with character, word, sentence, line and paragraph units and `language` attribute
/// runs (`TextRuns`), so a reader can say all by sentence, move by paragraph, and switch voices per run. The text
/// comes from the chapter, not from elements: reading it builds none. The wire only; the units are `TextRuns`'s.
extension AtspiAdapter {
    /// The running text of the chapter or a verse; nil for other nodes (elements answer with their name).
    func runs(of node: ObjectNode) -> TextRuns? {
        switch node {
        case .document: return documentText().text
        case .cell(let cell): return tree.text(ofCell: cell)
        default: return nil
        }
    }

    /// The chapter's text, made once per tree.
    func documentText() -> (text: TextRuns, cellStarts: [Int]) {
        let tree = self.tree
        if let cached = documentTextCache, cached.tree == ObjectIdentifier(tree) { return (cached.text, cached.starts) }
        let made = tree.documentText()
        documentTextCache = (ObjectIdentifier(tree), made.text, made.cellStarts)
        return made
    }

    /// The verse a document offset lies in (the verse's own node for a verse's text).
    private func cell(at offset: Int, of node: ObjectNode) -> ObjectNode {
        guard case .document = node else { return node }
        let starts = documentText().cellStarts
        guard !starts.isEmpty else { return node }
        let i = (starts.lastIndex { $0 <= offset }) ?? 0
        return .cell(VerseIndex(i))
    }

    /// A client's `[start, end)` within a text of `count` characters: the start clamped into it, a negative end
    /// meaning the end, an end before the start meaning nothing.
    static func clampedRange(_ start: Int, _ end: Int, count: Int) -> Range<Int> {
        let a = max(0, min(start, count))
        return a..<(end < 0 ? count : max(a, min(end, count)))
    }

    /// Text methods on a running text; false for members it does not answer here.
    func runsTextMethod(
        _ member: String, node: ObjectNode, text: TextRuns, reader: inout MessageReader,
        writer: inout MessageWriter
    ) -> Bool {
        let n = text.count
        func attributes(at offset: Int) -> (language: String, range: Range<Int>) {
            let run = text.run(at: offset)
            return (run?.language ?? "en", run?.range ?? 0..<n)
        }
        switch member {
        case "GetText":
            // As at-spi2-core's text objects do: the start clamped into the text, a negative end meaning the end.
            let start = Int(reader.int32()), end = Int(reader.int32())
            writer.string(text.string(Self.clampedRange(start, end, count: n)))
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = Int(reader.int32())
            let shift = member == "GetTextBeforeOffset" ? -1 : member == "GetTextAfterOffset" ? 1 : 0
            let range =
                TextRuns.Unit(boundary: reader.uint32()).map { text.unit($0, at: offset, shift: shift) }
                ?? (0..<0)
            writer.string(text.string(range)); writer.int32(Int32(clamping: range.lowerBound));
            writer.int32(Int32(clamping: range.upperBound))
        case "GetStringAtOffset":
            let offset = Int(reader.int32())
            let range = TextRuns.Unit(granularity: reader.uint32()).map { text.unit($0, at: offset) } ?? (0..<0)
            writer.string(text.string(range)); writer.int32(Int32(clamping: range.lowerBound));
            writer.int32(Int32(clamping: range.upperBound))
        case "GetCharacterAtOffset":
            let offset = Int(reader.int32())
            writer.int32(offset >= 0 && offset < n ? Int32(text.scalars[offset].value) : 0)
        case "GetAttributeValue":
            let offset = Int(reader.int32())
            writer.string(reader.string() == "language" ? attributes(at: offset).language : "")
        case "GetAttributes", "GetAttributeRun":
            let offset = Int(reader.int32())
            let run = attributes(at: offset)
            writer.stringDictionary([("language", run.language)])
            writer.int32(Int32(clamping: run.range.lowerBound)); writer.int32(Int32(clamping: run.range.upperBound))
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            writer.stringDictionary([("language", utterance(of: node).language)])
        case "GetCharacterExtents", "GetRangeExtents":
            // No glyph positions are kept for running text: a character lies within its verse.
            let offset = Int(reader.int32())
            if member == "GetRangeExtents" { _ = reader.int32() }
            let type = CoordinateType(rawValue: reader.uint32()) ?? .screen
            let verse = cell(at: offset, of: node)
            let origin = coordinateOrigin(type, of: node)
            if let rect = windowRect(of: verse) {
                let x0 = pixel((rect.x - origin.x).rounded(.down)), y0 = pixel((rect.y - origin.y).rounded(.down))
                let x1 = pixel((rect.maxX - origin.x).rounded(.up)), y1 = pixel((rect.maxY - origin.y).rounded(.up))
                writer.int32(x0); writer.int32(y0); writer.int32(x1 &- x0); writer.int32(y1 &- y0)
            } else {
                writer.int32(0); writer.int32(0); writer.int32(0); writer.int32(0)
            }
        default: return false
        }
        return true
    }
}
