import Foundation
import InterlinearTestSupport
import Testing

/// Large PNGs are painted and encoded strip by strip (issues 39 and 41): the pixels are the ones the whole-image
/// encoder writes, and an image past the budget is refused in one line before anything is painted (on `bff370a`,
/// `render "Ps 119" --width 10000 --font-size 96` grew to 13.4 GB).
@Suite("interlinear render: PNG bounds")
struct RenderPNGBoundsTests {
    /// John 1:1–6 at scale 2 (over 2 million pixels) goes through the strip encoder, John 1:1–2 (under) through
    /// zlib's whole-image one; both start at verse 1, so every row of the short image's verses but their last few
    /// (where verse 3 begins; the key to the codes follows) is the same in the tall one, pixel for pixel, as cairo's
    /// PNG reader decodes them. At 391 points and scale 1.5 (John 1:1–9) a row is 587 pixels: an odd width, whose
    /// last pixel the strip encoder differences alone.
    @Test(arguments: [("390", "2", "6"), ("391", "1.5", "9")])
    func stripEncodedPixelsAreTheWholeImageEncodersPixels(width: String, scale: String, tallTo: String) throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tall = dir.appendingPathComponent("tall.png"), short = dir.appendingPathComponent("short.png")
        _ = try RenderFixture.render(["John 1", "--to", tallTo, "--width", width, "--scale", scale], to: tall)
        _ = try RenderFixture.render(["John 1", "--to", "2", "--width", width, "--scale", scale], to: short)
        let a = try RenderFixture.Image(contentsOf: tall), b = try RenderFixture.Image(contentsOf: short)
        try #require(a.width * a.height > 2_000_000 && b.width * b.height <= 2_000_000, "one image on each side")
        #expect(a.width == b.width && a.height > b.height)
        #expect(width == "390" || a.width % 2 == 1, "an odd width: \(a.width)")
        let layout = try RenderFixture.layout(width: width)
        let verse3 = try #require(layout.cells.first { $0.verse == 3 })
        let rows = Int(((verse3.y - layout.cells[0].y) * Double(scale)!).rounded(.down))
        try #require(rows > 100 && rows < b.height)
        var differing = 0
        for y in 0..<(rows - 4) {
            for x in 0..<b.width where a.rgb(x, y) != b.rgb(x, y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
        var ink = 0
        for y in stride(from: 0, to: a.height, by: 7) {
            for x in stride(from: 0, to: a.width, by: 3) where a.rgb(x, y).0 < 128 { ink += 1 }
        }
        #expect(ink > 1_000, "the tall image has text all the way down")
    }

    /// The strip encoder's stream checked by a decoder of its own: Python's `zlib` inflates the IDAT data (checking
    /// the Adler-32, which the encoder works out from the pixels as it makes the symbols, never from filtered
    /// bytes), every chunk's CRC is `zlib.crc32`'s, and the filtered rows are as many and as long as the header
    /// says. Rows the same as the one above (made into symbols without reading their pixels) are filter "Up" and
    /// zeros, over a quarter of these rows; each band starts with filter None.
    @Test func stripEncodedStreamChecksOutWithZlib() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tall.png")
        _ = try RenderFixture.render(["John 1", "--to", "6", "--scale", "2"], to: file)
        let script = """
            import struct, sys, zlib
            d = open(sys.argv[1], 'rb').read()
            assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            p, idat = 8, []
            while p < len(d):
                n, = struct.unpack('>I', d[p:p + 4]); t = d[p + 4:p + 8]; body = d[p + 8:p + 8 + n]
                assert zlib.crc32(t + body) == struct.unpack('>I', d[p + 8 + n:p + 12 + n])[0], t
                if t == b'IHDR': w, h = struct.unpack('>II', body[:8])
                if t == b'IDAT': idat.append(body)
                p += 12 + n
            raw = zlib.decompress(b''.join(idat))
            rb = 1 + 3 * w
            assert len(raw) == rb * h, (len(raw), rb * h)
            rows = [raw[y * rb:(y + 1) * rb] for y in range(h)]
            assert rows[0][0] == 0 and all(r[0] in (0, 2) for r in rows)  # None starts each band
            print(w * h, sum(1 for r in rows if r[0] == 2 and not any(r[1:])), h)
            """
        let result = try run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let fields = result.stdoutText.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(fields.count == 3, "\(result.stdoutText)")
        #expect(fields[0] > 2_000_000, "the image goes through the strip encoder")
        #expect(fields[1] > fields[2] / 4, "\(fields[1]) of \(fields[2]) rows are the row above again")
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
