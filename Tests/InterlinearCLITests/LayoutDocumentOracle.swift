import Foundation
import InterlinearCorpus
import InterlinearTypesetting

@testable import InterlinearCLI

/// The `interlinear.layout/4` document as the product built it before `JSONWriter`: record structs encoded by
/// `JSONEncoder` (`.sortedKeys`, `.withoutEscapingSlashes`). Kept here, unchanged, as the oracle the streaming
/// `LayoutDocument` must match byte for byte.
struct LayoutDocumentOracle: Encodable {
    struct LabelRecord: Encodable {
        let text: String
        let tier: String
        @EncodedNull var word: Int?
        let x, y, width, height: Double
    }

    struct CellRecord: Encodable {
        let id: String
        let verse: Int
        let y, height: Double
        let translation: String
        let labels: [LabelRecord]
        let outside: Bool?
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
                translation: chapter.translationTokens[verse.translation].map { chapter.text($0) }.joined(
                    separator: " "),
                labels: layout.labels[cell.labels].map { label in
                    LabelRecord(
                        text: chapter.text(label.text), tier: label.tier.name, word: label.word.map(Int.init),
                        x: rounded(label.x), y: rounded(label.y),
                        width: rounded(label.width), height: rounded(label.height))
                }, outside: verse.outsideText ? true : nil)
        }
    }
}

/// What the product's documents were written with before `JSONWriter`: the oracle.
enum EncoderOracle {
    static func compact<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + [0x0A]
    }

    static func pretty<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + [0x0A]
    }
}
