import Foundation
import InterlinearTestSupport
import Testing

@Suite("interlinear render: PNG")
struct RenderPNGTests {
    /// The PNG is the layout width times the scale wide, and the content height times the scale tall, and then the
    /// key to the codes under it.
    @Test(arguments: [("390", "2"), ("768", "1.5"), ("320", "1")])
    func sizeFollowsWidthAndScale(width: String, scale: String) throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = try RenderFixture.render(
            ["John 1", "--format", "png", "--width", width, "--scale", scale],
            to: dir.appendingPathComponent("j.png"))
        let size = try RenderFixture.pngSize(png)
        let w = try #require(Double(width)), s = try #require(Double(scale))
        let layout = try RenderFixture.layout(width: width)
        #expect(size.width == Int((w * s).rounded(.up)))
        // The layout JSON rounds to hundredths of a point.
        #expect(Double(size.height) >= layout.height * s - 1 - 0.01 * s, "\(size.height) vs \(layout.height) x \(s)")
    }

    /// Under the verses, the key to the codes (issue 43, as the PDF's last pages): below the content height the
    /// image has a line of text (a run of rows with ink, between rows of paper) for each morphology code of John 1 in
    /// SBLGNT.tsv (the source data, not the program), and more (its heading, what a word block shows).
    @Test(SharedStore.needsSourceData)
    func theKeyFollowsTheVerses() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("j.png")
        _ = try RenderFixture.render(["John 1", "--width", "390", "--scale", "1"], to: file)
        let image = try RenderFixture.Image(contentsOf: file)
        let layout = try RenderFixture.layout(width: "390")
        let codes = Set(
            try SourceColumns.rows(of: try #require(SourceColumns.sblgnt), columns: ["id", "morph"]).filter {
                $0[0].hasPrefix("n43001")
            }.map { $0[1] })
        var lines = 0, inked = false
        for y in Int(layout.height.rounded(.up))..<image.height {
            let ink = (0..<image.width).contains { x in
                let (r, g, b) = image.rgb(x, y)
                return min(r, g, b) < 200
            }
            if ink && !inked { lines += 1 }
            inked = ink
        }
        #expect(codes.count > 50)
        #expect(lines > codes.count + 1, "\(lines) lines of text under the verses, \(codes.count) codes")
    }

    /// Inside every label's frame there is ink; between the word blocks of a row there is none. Checked for several
    /// verses at a phone width (translation below) and a tablet width (translation beside).
    @Test(arguments: [("390", 1, 5), ("390", 14, 16), ("768", 1, 5), ("768", 29, 31)])
    func inkInLabelsAndNoneBetweenBlocks(width: String, from: Int, to: Int) throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scale = 2.0
        let file = dir.appendingPathComponent("j.png")
        _ = try RenderFixture.render(
            ["John 1", "--width", width, "--scale", "2", "--from", "\(from)", "--to", "\(to)"],
            to: file)
        let image = try RenderFixture.Image(contentsOf: file)
        let layout = try RenderFixture.layout(width: width)
        let cells = layout.cells.filter { (from...to).contains($0.verse) }
        try #require(cells.count == to - from + 1)
        let top = cells[0].y
        var labels = 0, gaps = 0
        for cell in cells {
            let y0 = cell.y - top
            for label in cell.labels {
                labels += 1
                let ink = image.inkPixels(
                    x: label.x, y: y0 + label.y, width: label.width, height: label.height, scale: scale)
                #expect(ink > 0, "no ink in \(cell.id) \(label.tier) '\(label.text)'")
            }
            // Word blocks (and the verse number, the first token of the flow) by row: the union of their labels.
            var blocks: [Int: (x: Double, y: Double, maxX: Double, maxY: Double)] = [:]
            for label in cell.labels where label.tier != "translation" {
                let key = label.word ?? -1
                let b = blocks[key] ?? (label.x, label.y, label.x + label.width, label.y + label.height)
                blocks[key] = (
                    min(b.x, label.x), min(b.y, label.y), max(b.maxX, label.x + label.width),
                    max(b.maxY, label.y + label.height)
                )
            }
            let ordered = blocks.sorted { $0.key < $1.key }.map(\.value)
            for (a, b) in zip(ordered, ordered.dropFirst()) where abs(a.y - b.y) < 0.5 * (a.maxY - a.y) {
                // Same row: the gap between them, less 1 pt each side for antialiasing at the block edges.
                gaps += 1
                let ink = image.inkPixels(
                    x: a.maxX, y: y0 + min(a.y, b.y), width: b.x - a.maxX,
                    height: max(a.maxY, b.maxY) - min(a.y, b.y), scale: scale, inset: 1)
                #expect(ink == 0, "ink between blocks in \(cell.id) at x \(a.maxX)...\(b.x)")
            }
        }
        #expect(labels > 100 && gaps > 20, "\(labels) labels, \(gaps) gaps")
    }
}
