import Foundation
import InterlinearCorpus
import InterlinearRender
import InterlinearShaping
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@Suite("interlinear render --overlay a11y")
struct RenderOverlayTests {
    /// What `interlinear a11y --screen-reader on --all` reports, for a viewport that is exactly the image.
    struct A11yDump: Decodable {
        struct Bounds: Decodable { let x, y, width, height: Double }
        struct Node: Decodable {
            let nodeId: String
            let parentId: String?
            let role: String
            /// "verse" for a verse container (a11y-2: the whole translation is a group too).
            let roleDescription: String?
            let bounds: Bounds
        }
        let nodes: [Node]
    }

    /// A chapter, its layout, a painter and the session's captions, made in-process like the CLI makes them.
    static func painter(width: Float) throws -> (ChapterPainter, ShapeCacheCaptions) {
        let session = try makeSession(options: LayoutOptions(width: width))
        let chapter = try session.chapter(#require(ChapterReference(parsing: "John 1")))
        let layout = session.layout(chapter)
        let painter = try ChapterPainter(
            chapter: chapter, layout: layout, runs: session.cache.snapshot(of: ChapterPainter.texts(of: layout)),
            fonts: session.fonts)
        return (painter, ShapeCacheCaptions(cache: session.cache, intern: session.intern))
    }

    /// The overlay draws one frame per element of the verses shown and one per verse container, and each frame is
    /// the bounds `interlinear a11y --screen-reader on` reports for the same width and the image's viewport.
    @Test(arguments: [(Float(390), 1, 3), (Float(390), 14, 16), (Float(768), 29, 31)])
    func framesEqualTheAccessibilityTree(width: Float, from: Int, to: Int) throws {
        let (painter, captions) = try Self.painter(width: width)
        let cells = (from - 1)..<to
        var request = RenderRequest(format: .png, cells: cells, title: "John 1")
        request.overlay = true
        request.scale = 1
        let result = try ChapterRenderer(painter: painter, captions: captions).render(request)
        let slice = try #require(result.pages.first)

        let dump = try run(
            interlinearBinary,
            [
                "a11y", "John 1", "--width", "\(Int(width))", "--screen-reader", "on", "--all",
                "--viewport", "\(Int(width))x\(slice.bottom - slice.top)", "--scroll", "\(slice.top)",
            ], directory: packageRoot)
        #expect(dump.status == 0, "\(dump.stderr)")
        let nodes = try JSONDecoder().decode(A11yDump.self, from: dump.stdout).nodes
        let verseIDs = Set((from...to).map { "John.1.\($0)" })
        // The verses, their elements, and the words of each verse's whole translation (children of John.1.3.t).
        let translationIDs = Set(verseIDs.map { $0 + ".t" })
        let expected = nodes.filter {
            verseIDs.contains($0.nodeId) || verseIDs.contains($0.parentId ?? "")
                || translationIDs.contains($0.parentId ?? "")
        }
        #expect(expected.count > 3 * (to - from + 1))

        let drawn = Dictionary(uniqueKeysWithValues: result.overlayFrames.map { ($0.nodeID, $0) })
        #expect(drawn.count == result.overlayFrames.count, "one frame per node")
        #expect(drawn.count == expected.count, "\(drawn.count) frames drawn for \(expected.count) nodes")
        #expect(result.overlayFrames.filter { $0.kind == .verse }.count == to - from + 1)
        for node in expected {
            let frame = try #require(drawn[node.nodeId], "no frame drawn for \(node.nodeId)")
            // The dump rounds to hundredths of a point.
            for (a, b) in [
                (frame.bounds.x, node.bounds.x), (frame.bounds.y, node.bounds.y),
                (frame.bounds.width, node.bounds.width), (frame.bounds.height, node.bounds.height),
            ] {
                #expect(abs(Double(a) - b) <= 0.006, "\(node.nodeId): \(frame.bounds) vs \(node.bounds)")
            }
            #expect((frame.kind == .verse) == (node.roleDescription == "verse"))
        }
        // Focus order: 1, 2, 3, … continuing from the verses before, in the tree's own order.
        let orders = result.overlayFrames.compactMap(\.focusOrder)
        #expect(orders == Array(orders[0]..<(orders[0] + orders.count)))
    }

    /// The CLI's overlay PNG has each element's frame drawn where the tree puts it: the left edge, at mid-height, is
    /// the overlay's stroke colour.
    @Test func framesAreInThePicture() throws {
        let dir = try RenderFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("overlay.png")
        _ = try RenderFixture.render(["John 1", "--to", "2", "--overlay", "a11y", "--scale", "2"], to: file)
        let image = try RenderFixture.Image(contentsOf: file)
        let plainFile = dir.appendingPathComponent("plain.png")
        _ = try RenderFixture.render(["John 1", "--to", "2", "--scale", "2"], to: plainFile)
        let plain = try RenderFixture.Image(contentsOf: plainFile)
        #expect(image.width == plain.width && image.height == plain.height)

        let (painter, captions) = try Self.painter(width: 390)
        var request = RenderRequest(format: .png, cells: 0..<2, title: "John 1")
        request.overlay = true
        let frames = try ChapterRenderer(painter: painter, captions: captions).render(request).overlayFrames.filter {
            $0.kind == .element
        }
        #expect(frames.count > 40)
        let overlay = AccessibilityOverlay(painter: painter, captions: captions)
        let colours = [overlay.elementColour, overlay.translationColour, overlay.headingColour]
        for frame in frames {
            // The stroke's pixels (1.2 px wide at any sub-pixel offset) move toward the stroke colour from the plain
            // render; compare the two images across the frame's left edge, at mid-height.
            let y = Int(((Double(frame.bounds.y) + Double(frame.bounds.height) / 2) * 2).rounded(.down))
            let x = Int((Double(frame.bounds.x) * 2).rounded(.down))
            let gain =
                (x - 1...x + 2).map { px -> Int in
                    func distance(_ p: (Int, Int, Int)) -> Int {
                        colours.map { c in
                            abs(p.0 - Int(c.red * 255)) + abs(p.1 - Int(c.green * 255)) + abs(p.2 - Int(c.blue * 255))
                        }.min() ?? 0
                    }
                    return distance(plain.rgb(px, y)) - distance(image.rgb(px, y))
                }.max() ?? 0
            #expect(gain > 100, "\(frame.nodeID): no frame stroke at its left edge (x \(x), y \(y))")
        }
    }
}
