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

        /// Shared ink over all ink, the two pictures laid top-left on each other (`other` moved by `dx`, `dy`).
        func overlap(_ other: Ink, dx: Int = 0, dy: Int = 0) -> Double {
            var both = 0, either = 0
            for y in min(0, dy)..<max(height, other.height + dy) {
                for x in min(0, dx)..<max(width, other.width + dx) {
                    let a = y >= 0 && y < height && x >= 0 && x < width && rows[y][x]
                    let (ox, oy) = (x - dx, y - dy)
                    let b = oy >= 0 && oy < other.height && ox >= 0 && ox < other.width && other.rows[oy][ox]
                    if a && b { both += 1 }
                    if a || b { either += 1 }
                }
            }
            return either == 0 ? 0 : Double(both) / Double(either)
        }

        /// The best `overlap` with `other` moved by at most a pixel each way: a small run's strokes are a pixel or two
        /// wide, and the pane's pen stands at a fraction of a pixel where hb-view's starts at a whole one.
        func nearestOverlap(_ other: Ink) -> Double {
            (-1...1).flatMap { dy in (-1...1).map { dx in overlap(other, dx: dx, dy: dy) } }.max() ?? 0
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
        let picture = try PaintedPane(view, size: pane.size)
        defer { withExtendedLifetime(picture) {} }  // its pixels are read through `data` to the end
        let row = try #require(
            picture.shaped.first { $0.value == details.lemma }, "the Lemma row is drawn shaped: \(picture.shaped)")
        let (cr, data, stride) = (picture.cr, picture.data, picture.stride)
        let size = row.size
        let box = (
            x: Int(row.left) - 2..<min(Int(row.left + size * 6), width),
            y: Int(row.baseline - size * 1.3)..<Int(row.baseline + size * 0.6)
        )
        let drawn = Self.ink(data, stride: stride, x: box.x, y: box.y).cropped
        #expect(drawn.width > Int(size), "ink of the lemma: \(drawn.width)×\(drawn.height)")

        let expected = try Self.harfBuzzInk(details.lemma, size: size)
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
        cairo_surface_flush(picture.surface)
        let unshaped = Self.ink(data, stride: stride, x: 0..<Int(10 + size * 8), y: 50..<120).cropped
        print("Unshaped ink: \(unshaped.width)×\(unshaped.height), overlap \(unshaped.overlap(expected))")
        #expect(unshaped.overlap(expected) < 0.6)
    }

    /// A view's details pane painted as the window paints it, in the light theme, beside a 1000×700 window's table:
    /// the picture, its painter and captions, and the rows and runs drawn shaped.
    final class PaintedPane {
        let surface: OpaquePointer, cr: OpaquePointer
        let painter: ChapterPainter
        let captions: ShapeCacheCaptions
        let shaped: [PanePainter.ShapedRow]
        let data: UnsafeMutablePointer<UInt8>
        let stride: Int

        /// `left`: where the pane starts (by default where the window puts it, after the table).
        init(_ view: ChapterView, size: Float, left: Float? = nil) throws {
            let width = 1000, height = 700
            surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)))
            cr = try #require(cairo_create(surface))
            painter = try ViewWindow.painter(of: view)
            let session = view.catalog.session
            captions = ShapeCacheCaptions(cache: session.cache, intern: session.intern)
            let panePainter = PanePainter(cr: cr, theme: Theme.named(.light), size: Double(view.paneFontSize))
            let rect = Rect(
                x: left ?? view.viewport.width, y: 0, width: size, height: Float(height) - view.statusHeight)
            shaped = panePainter.paintPane(view, painter: painter, captions: captions, rect: rect)
            cairo_surface_flush(surface)
            data = try #require(cairo_image_surface_get_data(surface))
            stride = Int(cairo_image_surface_get_stride(surface))
        }

        deinit {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
    }

    /// HarfBuzz's picture of `text` (hb-view, in fontconfig's file for `family` — by default the chapter's Hebrew
    /// family, Ezra SIL — at `size`; in the direction HarfBuzz guesses from the script unless given), as ink cropped
    /// to its bounding box.
    static func harfBuzzInk(
        _ text: String, size: Double, family: String = "Ezra SIL", direction: String? = nil
    ) throws -> Ink {
        let font = try run(try #require(SystemTool.find("fc-match")), ["-f", "%{file}", family]).stdoutText
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-hb-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let hbView = try run(
            try #require(SystemTool.find("hb-view")),
            [
                "--font-file=\(font)", "--font-size=\(Int(size.rounded()))", "--margin=0", "--output-format=png",
                "--output-file=\(png.path)", "--text=\(text)",
            ] + (direction.map { ["--direction=\($0)"] } ?? []))
        #expect(hbView.status == 0, "\(hbView.stderr)")
        let oracle = try PNGImage(contentsOf: png)
        return Ink(
            rows: (0..<oracle.height).map { y in
                (0..<oracle.width).map { x in
                    let p = oracle.pixel(x, y)
                    return (Int(p >> 16 & 0xFF) + Int(p >> 8 & 0xFF) + Int(p & 0xFF)) / 3 < 128
                }
            }
        ).cropped
    }

    /// A view of `chapter` at 1000×700 with the focus on the first word numbered `strongs`, its pane showing that
    /// number's entry as diatheke gives it (`module`, Debian's), as the store would give it.
    static func paneDefining(_ strongs: String, in chapter: String, module: String) throws -> ChapterView {
        let view = try ViewFixture.view(chapter, width: 1000, height: 700)
        var presses = 0
        while view.details?.strongs.contains(strongs) != true, presses < 80 {
            ViewFixture.press(view, .tab)
            presses += 1
        }
        let details = try #require(view.details, "a word of \(strongs) in \(chapter)")
        let number = try #require(Int(strongs.dropFirst()))
        let entry = try #require(try Diatheke.lexiconEntry(module, number))
        view.shownDefinitions = (details.strongs, [WordDetails.Definition(entry)])
        #expect(view.details?.definitions.first?.strongs == strongs)
        return view
    }

    /// The ink of a run the pane drew shaped (`quoted`) in the row of `strongs`'s entry (`paneDefining`), in the
    /// run's own box: from its pen to its advance (the punctuation and words beside it are outside); with the size
    /// it was drawn at and the session's font family.
    static func quotedInk(_ quoted: String, defining strongs: String, in chapter: String, module: String) throws
        -> (ink: Ink, size: Double, family: String)
    {
        let view = try paneDefining(strongs, in: chapter, module: module)
        let picture = try PaintedPane(view, size: try #require(view.pane).size)
        return try withExtendedLifetime(picture) {
            let row = try #require(
                picture.shaped.first { $0.value == quoted }, "the quoted word is drawn shaped: \(picture.shaped)")
            let advance = Double(picture.captions.run(picture.captions.intern(row.value)).advance) * row.size
            let box = (
                x: Int(row.left.rounded(.up))..<Int((row.left + advance).rounded(.down)),
                y: Int(row.baseline - row.size * 1.3)..<Int(row.baseline + row.size * 0.6)
            )
            let ink = Self.ink(picture.data, stride: picture.stride, x: box.x, y: box.y).cropped
            return (ink, row.size, view.catalog.session.fonts.family)
        }
    }

    /// The pane's ink of a quoted run matches hb-view's picture of it: the same box within 2 pixels, and at least
    /// 0.6 of their ink shared with either moved by a pixel at most.
    static func expectDrawn(_ drawn: Ink, as expected: Ink, _ what: String) {
        print(
            "\(what) ink: pane \(drawn.width)×\(drawn.height), hb-view \(expected.width)×\(expected.height), "
                + "overlap \(drawn.overlap(expected)), within a pixel \(drawn.nearestOverlap(expected))")
        #expect(abs(drawn.width - expected.width) <= 2 && abs(drawn.height - expected.height) <= 2)
        #expect(drawn.nearestOverlap(expected) >= 0.6)
    }

    /// A dictionary entry's row quoting Hebrew draws the Hebrew as the lemma row does: H6440 (פָּנִים, "face", in
    /// Genesis 1:2's עַל־פְּנֵי) defines itself from "an unused noun (פּנה {pâneh} paw-neh'; …": the row's פּנה must be
    /// drawn shaped and match hb-view's picture of it, where cairo's own text put its letters left to right. The
    /// entry is diatheke's (Debian's StrongsHebrew), given to the pane as the store would give it.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func hebrewQuotedInADefinitionIsDrawnAsHarfBuzzShapesIt() throws {
        let (drawn, size, _) = try Self.quotedInk(
            "פּנה", defining: "H6440", in: "Genesis 1", module: "StrongsHebrew")
        Self.expectDrawn(drawn, as: try Self.harfBuzzInk("פּנה", size: size), "Quoted Hebrew")
        // The letters left to right in their logical order (as cairo's own text drew them), in the same font: the
        // same check tells them apart.
        let leftToRight = try Self.harfBuzzInk("פּנה", size: size, direction: "ltr")
        print("Left-to-right hb-view ink, within a pixel: \(drawn.nearestOverlap(leftToRight))")
        #expect(drawn.nearestOverlap(leftToRight) < 0.6)
    }

    /// A row quoting Greek draws it as the chapter draws Greek, through the shape cache in the chapter's font:
    /// G5457 (φῶς, "light", John 1:4) is "from an obsolete φάω FA/W pháō (to shine …": the row's φάω must match
    /// hb-view's picture of it in the session's font family (fontconfig's file for it), and hb-view's picture of it
    /// in the pane's own face, in which cairo's text drew it before, far less.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func greekQuotedInADefinitionIsDrawnInTheChaptersFont() throws {
        let (drawn, size, family) = try Self.quotedInk("φάω", defining: "G5457", in: "John 1", module: "StrongsGreek")
        let expected = try Self.harfBuzzInk("φάω", size: size, family: family)
        Self.expectDrawn(drawn, as: expected, "Quoted Greek (\(family))")
        let paneFace = try Self.harfBuzzInk("φάω", size: size, family: WindowPainter.barFont)
        print("In \(WindowPainter.barFont), within a pixel: \(drawn.nearestOverlap(paneFace))")
        #expect(drawn.nearestOverlap(paneFace) < drawn.nearestOverlap(expected) - 0.2)
    }

    /// No piece of a row runs past the pane's text width (its right margin stays clear): H6440's row glues "(" to
    /// the shaped פּנה, and over the pane's widths from its narrowest (240 points) to 600, every point, that pair
    /// falls at a line's end at some. Measured on the picture: no ink in the right margin (from the text's right
    /// edge to the pane's), and at some widths the pair starts a line (wrapped together, not left hanging past the
    /// edge).
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func gluedPunctuationWrapsWithItsWord() throws {
        let view = try Self.paneDefining("H6440", in: "Genesis 1", module: "StrongsHebrew")
        let height = Int(700 - view.statusHeight)
        var overruns: [Int] = [], startsALine = 0
        for size in 240..<600 {
            let x0 = 1000 - size  // the pane at the window's right edge
            let picture = try PaintedPane(view, size: Float(size), left: Float(x0))
            defer { withExtendedLifetime(picture) {} }
            let right = Double(x0 + size - 10)  // the text's right edge: the pane's 10-point margin
            let margin = Self.ink(picture.data, stride: picture.stride, x: Int(right)..<(x0 + size), y: 0..<height)
            if margin.rows.contains(where: { $0.contains(true) }) { overruns.append(size) }
            let row = try #require(picture.shaped.first { $0.value == "פּנה" })
            if row.left - Double(x0 + 10) < row.size { startsALine += 1 }  // only its "(" before it on the line
        }
        print("Pane widths with ink past the text's edge: \(overruns); with \"(פּנה\" starting a line: \(startsALine)")
        #expect(overruns.isEmpty)
        #expect(startsALine > 0)
    }
}
