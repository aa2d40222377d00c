import InterlinearCorpus
import InterlinearTypesetting

/// The `interlinear.layout/2` JSON document (`Schemas/layout-2.schema.json`; 2 added `language` and `direction`),
/// written straight from the chapter and its layout: each label's text goes from the string table's bytes into the
/// output, so nothing is allocated per label.
///
/// Keys are written in sorted order, so the bytes are what `JSONEncoder` with `.sortedKeys` made of the record
/// structs this replaced (`JSONWriterTests` compares the two on real chapters).
enum LayoutDocument {
    static let schema = "interlinear.layout/2"

    /// The document, ending with a line break.
    static func encoded(chapter: Chapter, layout: ChapterLayout, font: String) throws -> [UInt8] {
        let options = layout.options
        // About 150 bytes a label, as John 1 takes.
        var json = JSONWriter(capacity: 160 * layout.labels.count + 4096)
        json.beginObject()
        json.key("cells")
        json.beginArray()
        let osisID = chapter.reference.osisID
        for (verse, cell) in zip(chapter.verses, layout.cells) {
            json.beginObject()
            json.key("height"); json.number(rounded(cell.height))
            json.key("id"); json.string("\(osisID).\(verse.number)")
            json.key("labels")
            json.beginArray()
            for label in layout.labels[cell.labels] {
                json.beginObject()
                json.key("height"); json.number(rounded(label.height))
                json.key("text"); chapter.strings.withUTF8(of: label.text) { json.text(utf8: $0) }
                json.key("tier"); json.string(label.tier.name)
                json.key("width"); json.number(rounded(label.width))
                json.key("word"); json.number(label.word.map(Int.init))
                json.key("x"); json.number(rounded(label.x))
                json.key("y"); json.number(rounded(label.y))
                json.endObject()
            }
            json.endArray()
            json.key("translation")
            json.beginString()
            var first = true
            for token in chapter.translationTokens[verse.translation] {
                if !first { json.stringContent(" ") }
                first = false
                chapter.strings.withUTF8(of: token) { json.textContent(utf8: $0) }
            }
            json.endString()
            json.key("verse"); json.number(verse.number)
            json.key("y"); json.number(rounded(cell.y))
            json.endObject()
        }
        json.endArray()
        json.key("columns")
        json.string(options.sideBySide && options.tiers.contains(.translation) ? "side-by-side" : "stacked")
        json.key("direction"); json.string(chapter.direction.rawValue)
        json.key("font"); json.string(font)
        json.key("fontSize"); json.number(Double(options.fontSize))
        json.key("height"); json.number(rounded(layout.height))
        json.key("labelCount"); json.number(layout.labels.count)
        json.key("language"); json.string(chapter.language.tag)
        json.key("missingGlyphs"); json.number(layout.missingGlyphs)
        json.key("reference"); json.string(chapter.reference.description)
        json.key("schema"); json.string(schema)
        json.key("tiers")
        json.beginArray()
        for tier in Tier.allCases where options.tiers.contains(tier) { json.string(tier.name) }
        json.endArray()
        json.key("width"); json.number(Double(options.width))
        json.endObject()
        return try json.finish()
    }
}

/// Hundredths of a point: enough for any screen, and stable in JSON.
func rounded(_ value: Float) -> Double { (Double(value) * 100).rounded() / 100 }
