import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import Testing

@testable import InterlinearCLI
@testable import InterlinearTypesetting

/// `LayoutDocument` copies a label's height, text, tier and width from where the same string was last written in the
/// same tier at the same height and width (`LabelSegments`). The real layouts (`JSONDocumentTests`) repeat strings
/// as chapters do; here one string is made to come back in every way a copy could go wrong — another tier, another
/// width or height, the other slot's tier in between, a width or height that differs in its last bit — and the
/// document must still be the encoder's.
@Suite struct LayoutSegmentTests {
    @Test func aStringComingBackInAnotherTierOrWidthIsWrittenAsTheEncoderWritesIt() throws {
        let session = try makeSession()
        let chapter = try session.chapter(#require(Passage(parsing: "John 1")))
        var layout = session.layout(chapter)
        let text = layout.labels[1].text
        let width = layout.labels[1].width
        let height = layout.labels[1].height
        let tiers: [Tier] = [.gloss, .translation, .gloss, .source, .source, .translation, .strongs, .gloss]
        let widths: [Float] = [
            width, width, width.nextUp, width.nextUp, width, 0, 123.456, width,
        ]
        let heights: [Float] = [height, height.nextUp, height, 0, height, 17.5]
        // Every third label from the second on shows the string, in each of those tiers and widths in turn.
        var changed = 0
        for index in stride(from: 1, to: layout.labels.count, by: 3) {
            layout.labels[index].text = text
            layout.labels[index].tier = tiers[changed % tiers.count]
            layout.labels[index].width = widths[(changed / tiers.count + changed) % widths.count]
            layout.labels[index].height = heights[(changed / widths.count + changed) % heights.count]
            changed += 1
        }
        #expect(changed > 1000)
        let written = try LayoutDocument.encoded(chapter: chapter, layout: layout, font: "Gentium Plus")
        let oracle = try EncoderOracle.compact(
            LayoutDocumentOracle(chapter: chapter, layout: layout, font: "Gentium Plus"))
        #expect(written == oracle)
    }
}
