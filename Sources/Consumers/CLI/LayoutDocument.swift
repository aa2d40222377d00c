import Foundation
import InterlinearCorpus
import InterlinearTypesetting

/// The `interlinear.layout/2` JSON document (`Schemas/layout-2.schema.json`; 2 added `language` and `direction`).
struct LayoutDocument: Encodable {
    static let schema = "interlinear.layout/2"

    struct LabelRecord: Encodable {
        let text: String
        let tier: String
        /// null for verse and translation labels.
        @EncodedNull var word: Int?
        let x, y, width, height: Double
    }

    struct CellRecord: Encodable {
        let id: String
        let verse: Int
        let y, height: Double
        let translation: String
        let labels: [LabelRecord]
    }

    let schema = LayoutDocument.schema
    let reference: String
    let language: String
    let direction: String
    let width: Double
    let fontSize: Double
    let font: String
    let tiers: [String]
    let columns: String
    let height: Double
    let missingGlyphs: Int
    let labelCount: Int
    let cells: [CellRecord]

    init(chapter: Chapter, layout: ChapterLayout, font: String) {
        let options = layout.options
        reference = chapter.reference.description
        language = chapter.language.tag
        direction = chapter.direction.rawValue
        width = Double(options.width)
        fontSize = Double(options.fontSize)
        self.font = font
        tiers = Tier.allCases.filter { options.tiers.contains($0) }.map(\.name)
        columns = options.sideBySide && options.tiers.contains(.translation) ? "side-by-side" : "stacked"
        height = rounded(layout.height)
        missingGlyphs = layout.missingGlyphs
        labelCount = layout.labels.count
        cells = zip(chapter.verses, layout.cells).map { verse, cell in
            CellRecord(
                id: "\(chapter.reference.osisID).\(verse.number)", verse: verse.number,
                y: rounded(cell.y), height: rounded(cell.height),
                translation: chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(separator: " "),
                labels: layout.labels[cell.labels].map { label in
                    LabelRecord(text: chapter.text(label.text), tier: label.tier.name, word: label.word.map(Int.init),
                                x: rounded(label.x), y: rounded(label.y),
                                width: rounded(label.width), height: rounded(label.height))
                })
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}

/// Hundredths of a point: enough for any screen, and stable in JSON.
func rounded(_ value: Float) -> Double { (Double(value) * 100).rounded() / 100 }
