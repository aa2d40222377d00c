import InterlinearAccessibility
import InterlinearTable

/// `org.a11y.atspi.Text` on every element, so Orca can read and review the words (Orca reads text, not just
/// names, for anything that is not a plain label). An element's text is its name: the Greek word, the English
/// word, "Verse 3". Offsets count Unicode scalars, as AT-SPI does; a word is one word, line and sentence. Character
/// extents are coarse: the element's width shared evenly among its characters (glyph positions are not kept per
/// label, and a reader only needs a point inside each character).
extension AtspiAdapter {
    /// AT-SPI text boundaries (`AtspiTextBoundaryType`) and granularities share "char = 0"; everything larger is
    /// the whole element here.
    private static let characterUnit: UInt32 = 0

    func text(of node: ObjectNode) -> [Unicode.Scalar] {
        guard case .element = node else { return [] }
        return Array(utterance(of: node).name.unicodeScalars)
    }

    private func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }

    /// The unit of text at, before or after an offset: one character, or the whole element.
    private func unit(_ text: [Unicode.Scalar], offset: Int, unit: UInt32, shift: Int) -> (String, Int, Int) {
        let n = text.count
        if unit == Self.characterUnit {
            let i = offset + shift
            guard i >= 0, i < n else { return ("", max(0, min(i, n)), max(0, min(i, n))) }
            return (string(text[i...i]), i, i + 1)
        }
        switch shift {
        case 0: return (string(text[...]), 0, n)
        case ..<0: return ("", 0, 0)
        default: return ("", n, n)
        }
    }

    private func characterRect(_ node: ObjectNode, from start: Int, to end: Int, _ type: CoordinateType)
        -> (Int32, Int32, Int32, Int32)
    {
        let n = text(of: node).count
        guard n > 0, let rect = windowRect(of: node) else { return (0, 0, 0, 0) }
        let a = max(0, min(start, n)), b = max(a, min(end, n))
        let share = rect.width / Float(n)
        let origin = coordinateOrigin(type, of: node)
        let x0 = (rect.x + share * Float(a) - origin.x).rounded(.down)
        let x1 = (rect.x + share * Float(b) - origin.x).rounded(.up)
        let y0 = (rect.y - origin.y).rounded(.down), y1 = (rect.maxY - origin.y).rounded(.up)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, abs(x1) < 1e9, abs(y1) < 1e9, abs(x0) < 1e9,
            abs(y0) < 1e9
        else { return (0, 0, 0, 0) }
        return (Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }

    func textMethod(
        _ member: String, node: ObjectNode, reader: inout MessageReader,
        writer: inout MessageWriter
    ) -> Bool {
        if let runs = runs(of: node), runsTextMethod(member, node: node, text: runs, reader: &reader, writer: &writer) {
            return true
        }
        let text = self.text(of: node)
        let n = text.count
        let language = utterance(of: node).language
        switch member {
        case "GetText":
            let start = Int(reader.int32()), end = Int(reader.int32())
            writer.string(string(text[Self.clampedRange(start, end, count: n)]))
        case "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = Int(reader.int32()), kind = reader.uint32()
            let shift = member == "GetTextBeforeOffset" ? -1 : member == "GetTextAfterOffset" ? 1 : 0
            let (s, a, b) = unit(text, offset: offset, unit: kind, shift: shift)
            writer.string(s); writer.int32(Int32(clamping: a)); writer.int32(Int32(clamping: b))
        case "GetCharacterAtOffset":
            let offset = Int(reader.int32())
            writer.int32(offset >= 0 && offset < n ? Int32(text[offset].value) : 0)
        case "GetAttributeValue":
            _ = reader.int32()
            writer.string(reader.string() == "language" ? language : "")
        case "GetAttributes", "GetAttributeRun":
            _ = reader.int32()
            writer.stringDictionary([("language", language)])
            writer.int32(0); writer.int32(Int32(clamping: n))
        case "GetDefaultAttributes", "GetDefaultAttributeSet": writer.stringDictionary([("language", language)])
        case "GetCharacterExtents":
            let offset = Int(reader.int32())
            let e = characterRect(
                node, from: offset, to: offset + 1, CoordinateType(rawValue: reader.uint32()) ?? .screen)
            writer.int32(e.0); writer.int32(e.1); writer.int32(e.2); writer.int32(e.3)
        case "GetRangeExtents":
            let start = Int(reader.int32()), end = Int(reader.int32())
            let e = characterRect(node, from: start, to: end, CoordinateType(rawValue: reader.uint32()) ?? .screen)
            writer.int32(e.0); writer.int32(e.1); writer.int32(e.2); writer.int32(e.3)
        case "GetOffsetAtPoint":
            let x = reader.int32(), y = reader.int32()
            let type = CoordinateType(rawValue: reader.uint32()) ?? .screen
            let origin = coordinateOrigin(type, of: node)
            let px = Float(x) + origin.x, py = Float(y) + origin.y
            if let rect = windowRect(of: node), n > 0, rect.contains(x: px, y: py), rect.width > 0 {
                writer.int32(Int32(max(0, min(n - 1, Int((px - rect.x) / rect.width * Float(n))))))
            } else {
                writer.int32(-1)
            }
        case "GetNSelections": writer.int32(0)
        case "GetSelection": writer.int32(0); writer.int32(0)
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo",
            "ScrollSubstringToPoint":
            writer.bool(false)  // read-only text without a caret
        case "GetBoundedRanges":
            writer.open("a", "(iisv)")
            writer.close()
        default: return false
        }
        return true
    }

    func textProperty(_ property: String, node: ObjectNode, writer: inout MessageWriter) -> Bool {
        switch property {
        case "CharacterCount": writer.int32(Int32(clamping: runs(of: node)?.count ?? text(of: node).count))
        case "CaretOffset": writer.int32(0)
        default: return false
        }
        return true
    }
}
