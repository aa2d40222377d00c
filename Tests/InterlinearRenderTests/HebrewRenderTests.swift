import Foundation
import InterlinearTestSupport
import Testing

/// Genesis 1 drawn: every glyph found (Ezra SIL), the SVG text layer tagged Hebrew, and the verse number inked on
/// the right of its row while the first word's ink is right of the last word's.
@Suite("interlinear render: Hebrew")
struct HebrewRenderTests {
    @Test func genesisOneDrawsRightToLeftWithEveryGlyph() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("g.png"), svg = dir.appendingPathComponent("g.svg")
        let drawn = try interlinear("render", "Genesis 1", "--to", "1", "--output", png.path)
        #expect(drawn.status == 0 && drawn.stderr.isEmpty, "no missing-glyph warning: \(drawn.stderr)")
        let image = try RenderFixture.Image(contentsOf: png)
        // Dark ink in the right-hand margin strip where the verse number sits (x > 90% of the width, top rows).
        var inkRight = 0
        for y in 0..<min(image.height, 40) {
            for x in 0..<image.width {
                let (r, g, b) = image.rgb(x, y)
                guard Int(r) + Int(g) + Int(b) < 450 else { continue }
                if x > image.width * 9 / 10 { inkRight += 1 }
            }
        }
        #expect(inkRight > 0, "the verse number is drawn at the right")
        let text = try interlinear("render", "Genesis 1", "--to", "1", "--format", "svg", "--output", svg.path)
        #expect(text.status == 0)
        let content = try String(contentsOf: svg, encoding: .utf8)
        #expect(content.components(separatedBy: "xml:lang=\"hbo\"").count - 1 == 7, "one Hebrew word per word of 1:1")
        #expect(content.contains("xml:lang=\"hbo-Latn\""))
        #expect(!content.contains("xml:lang=\"grc\""))
    }
}
