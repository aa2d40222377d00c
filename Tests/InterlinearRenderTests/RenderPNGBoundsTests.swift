import Foundation
import InterlinearTestSupport
import Testing

/// Large PNGs are painted and encoded strip by strip (issues 39 and 41): the pixels are the ones the whole-image
/// encoder writes, and an image past the budget is refused in one line before anything is painted (on `bff370a`,
/// `render "Ps 119" --width 10000 --font-size 96` grew to 13.4 GB).
@Suite("interlinear render: PNG bounds")
struct RenderPNGBoundsTests {
    /// John 1:1–6 at scale 2 (over 2 million pixels) goes through the strip encoder, John 1:1–2 (under) through
    /// zlib's whole-image one; both start at verse 1, so every row of the short image but its last few (where
    /// verse 3 begins) is the same in the tall one, pixel for pixel, as cairo's PNG reader decodes them.
    @Test func stripEncodedPixelsAreTheWholeImageEncodersPixels() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tall = dir.appendingPathComponent("tall.png"), short = dir.appendingPathComponent("short.png")
        _ = try RenderFixture.render(["John 1", "--to", "6", "--scale", "2"], to: tall)
        _ = try RenderFixture.render(["John 1", "--to", "2", "--scale", "2"], to: short)
        let a = try RenderFixture.Image(contentsOf: tall), b = try RenderFixture.Image(contentsOf: short)
        try #require(a.width * a.height > 2_000_000 && b.width * b.height <= 2_000_000, "one image on each side")
        #expect(a.width == b.width && a.height > b.height)
        var differing = 0
        for y in 0..<(b.height - 4) {
            for x in 0..<b.width where a.rgb(x, y) != b.rgb(x, y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
        var ink = 0
        for y in stride(from: 0, to: a.height, by: 7) {
            for x in stride(from: 0, to: a.width, by: 3) where a.rgb(x, y).0 < 128 { ink += 1 }
        }
        #expect(ink > 1_000, "the tall image has text all the way down")
    }

    /// 10,000 points wide at 96 points: 20,000 × 84,395 pixels at scale 2 (1,687 megapixels), refused.
    @Test func anImagePastTheBudgetIsRefusedInOneLine() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.png")
        let result = try run(
            interlinearBinary,
            ["render", "John 1", "--width", "10000", "--font-size", "96", "--format", "png", "--output", file.path],
            directory: packageRoot)
        expectOneErrorLine(result, status: 69, ["20000x", "megapixels", "at most 400"])
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
