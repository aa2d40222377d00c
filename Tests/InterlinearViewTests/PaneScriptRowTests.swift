import CCairo
import Foundation
import InterlinearRender
import InterlinearTable
import InterlinearTestSupport
import Testing

@testable import InterlinearView

/// The details pane draws a Hebrew lemma as HarfBuzz shapes it — right to left, its points on their letters — not
/// with cairo's unshaped text (which put ראשׁית's letters left to right). The expected picture comes from outside the
/// code under test: `hb-view` (HarfBuzz's own renderer, Debian's libharfbuzz-bin) draws the same string in the same
/// font (fontconfig's file for the chapter's Hebrew family, Ezra SIL) at the same size, and the pane's ink must
/// match its ink; the old way of drawing (cairo's toy text) is drawn too and must not.
@Suite(
    .enabled(if: SystemTool.required("hb-view", "fc-match"), SystemTool.reason("hb-view", package: "libharfbuzz-bin")))
struct PaneScriptRowTests {
    /// Ink (darker than half way between the bar and its text) of a light-themed picture, as rows of booleans.
    struct Ink: Equatable {
        var rows: [[Bool]]
        /// The ink cropped to its bounding box.
        var cropped: Ink {
            let ys = rows.indices.filter { rows[$0].contains(true) }
            let xs = (0..<(rows.first?.count ?? 0)).filter { x in rows.contains { $0[x] } }
            guard let top = ys.first, let bottom = ys.last, let left = xs.first, let right = xs.last else {
                return Ink(rows: [])
            }
            return Ink(rows: rows[top...bottom].map { Array($0[left...right]) })
        }
        var width: Int { rows.first?.count ?? 0 }
        var height: Int { rows.count }

        /// Shared ink over all ink, the two pictures laid top-left on each other.
        func overlap(_ other: Ink) -> Double {
            var both = 0, either = 0
            for y in 0..<max(height, other.height) {
                for x in 0..<max(width, other.width) {
                    let a = y < height && x < width && rows[y][x]
                    let b = y < other.height && x < other.width && other.rows[y][x]
                    if a && b { both += 1 }
                    if a || b { either += 1 }
                }
            }
            return either == 0 ? 0 : Double(both) / Double(either)
        }
    }

    static func ink(
        _ data: UnsafeMutablePointer<UInt8>, stride: Int, x: Range<Int>, y: Range<Int>, threshold: Int = 135
    ) -> Ink {
        Ink(
            rows: y.map { row in
                x.map { column in
                    let pixel = UnsafeRawPointer(data).load(fromByteOffset: row * stride + column * 4, as: UInt32.self)
                    let luminance = (Int(pixel >> 16 & 0xFF) + Int(pixel >> 8 & 0xFF) + Int(pixel & 0xFF)) / 3
                    return luminance < threshold
                }
            })
    }

    @Test func hebrewLemmaIsDrawnAsHarfBuzzShapesIt() throws {
        // Genesis 1:1's first word, בְּרֵאשִׁית; its lemma in the chapter file is Strong's headword ראשׁית (H7225).
        let view = try ViewFixture.view("Genesis 1", width: 1000, height: 700)
        ViewFixture.press(view, .tab, .tab)  // the verse number, then the first word
        let details = try #require(view.details)
        #expect(details.lemma == "ראשׁית")
        let pane = try #require(view.pane)
        #expect(pane.placement == .beside)

        let width = 1000, height = 700
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        let painter = try ChapterPainter(chapter: view.chapter, layout: view.layout, session: view.catalog.session)
        let theme = Theme.named(.light)
        let panePainter = PanePainter(cr: cr, theme: theme, size: Double(view.paneFontSize))
        let rect = Rect(
            x: view.viewport.width, y: 0, width: pane.size, height: Float(height) - view.statusHeight)
        let shaped = panePainter.paintPane(view, painter: painter, rect: rect)
        let row = try #require(shaped.first { $0.value == details.lemma }, "the Lemma row is drawn shaped: \(shaped)")
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let size = row.size
        let box = (
            x: Int(row.left) - 2..<min(Int(row.left + size * 6), width),
            y: Int(row.baseline - size * 1.3)..<Int(row.baseline + size * 0.6)
        )
        let drawn = Self.ink(data, stride: stride, x: box.x, y: box.y).cropped
        #expect(drawn.width > Int(size), "ink of the lemma: \(drawn.width)×\(drawn.height)")

        // HarfBuzz's picture of the same string.
        let font = try run(try #require(SystemTool.find("fc-match")), ["-f", "%{file}", "Ezra SIL"]).stdoutText
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-hb-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let hbView = try run(
            try #require(SystemTool.find("hb-view")),
            [
                "--font-file=\(font)", "--font-size=\(Int(size.rounded()))", "--margin=0", "--output-format=png",
                "--output-file=\(png.path)", "--text=\(details.lemma)",
            ])
        #expect(hbView.status == 0, "\(hbView.stderr)")
        let oracle = try PNGImage(contentsOf: png)
        let expected = Ink(
            rows: (0..<oracle.height).map { y in
                (0..<oracle.width).map { x in
                    let p = oracle.pixel(x, y)
                    return (Int(p >> 16 & 0xFF) + Int(p >> 8 & 0xFF) + Int(p & 0xFF)) / 3 < 128
                }
            }
        ).cropped
        print(
            "Lemma ink: pane \(drawn.width)×\(drawn.height), hb-view \(expected.width)×\(expected.height), "
                + "overlap \(drawn.overlap(expected))")
        #expect(abs(drawn.width - expected.width) <= 2 && abs(drawn.height - expected.height) <= 2)
        #expect(drawn.overlap(expected) >= 0.6)

        // The old way, cairo's unshaped text in the pane's face, for contrast: the same check tells it apart.
        // (cairo is loaded at run time with the functions the renderer uses: rgba and a filled rectangle.)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_select_font_face(cr, WindowPainter.barFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        cairo_move_to(cr, 10, 100)
        cairo_show_text(cr, details.lemma)
        cairo_surface_flush(surface)
        let unshaped = Self.ink(data, stride: stride, x: 0..<Int(10 + size * 8), y: 50..<120).cropped
        print("Unshaped ink: \(unshaped.width)×\(unshaped.height), overlap \(unshaped.overlap(expected))")
        #expect(unshaped.overlap(expected) < 0.6)
    }
}
