import CCairo
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// One frame the overlay drew: what the accessibility layer reports for a node, unchanged.
public struct OverlayFrame: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A verse container (the cell's group node).
        case verse
        /// An element a screen reader focuses.
        case element
    }

    public var nodeID: String
    public var kind: Kind
    /// The node's screen bounds, as `AccessibilityTree.screenFrame` gives them (and `interlinear a11y` prints).
    public var bounds: Rect
    /// Position in swipe (focus) order over the whole chapter, from 1; nil for verse containers.
    public var focusOrder: Int?
}

/// An accessibility inspector over painted cells (like Accessibility Inspector or Chromium's overlay): each
/// element's frame with its node id, the verse containers, and the focus order as numbered badges. Every frame is
/// the accessibility layer's own screen frame, queried with the screen reader on, never recomputed here, so the
/// picture shows exactly what a screen reader is told.
public final class AccessibilityOverlay {
    public let tree: AccessibilityTree
    let painter: ChapterPainter
    /// Interns and shapes the captions (node ids, focus order badges).
    let captions: any CaptionSource
    /// Caption size in points, and colours.
    public var captionSize: Double = 5
    public var verseColour = Colour(hex: 0x1A73E8)
    public var elementColour = Colour(hex: 0xD81B60)
    public var headingColour = Colour(hex: 0xE67E00)
    public var translationColour = Colour(hex: 0x2E7D32)

    /// An overlay for `painter`'s chapter and layout, with a tree of its own (screen reader on); `captions` interns
    /// and shapes its captions (on the caller's thread).
    package init(painter: ChapterPainter, captions: any CaptionSource, granularity: Granularity = .word) {
        self.painter = painter
        self.captions = captions
        tree = AccessibilityTree(
            chapter: painter.chapter, layout: painter.layout,
            viewport: Viewport(width: painter.layout.options.width, height: 1),
            granularity: granularity, screenReaderEnabled: true)
    }

    /// Draws the overlay of `cells` as seen through `viewport` (the same origin and scroll the cells were painted
    /// with: cell `i` at `originY + origins[i] - scrollY`), in the current user space. With `rows`, a cell is only
    /// shown in the chapter-y range `rows` (a page): elements starting outside it are skipped and the verse frame is
    /// clipped to it. Returns the frames drawn, in focus order.
    @discardableResult
    public func draw(
        into cr: OpaquePointer, cells: Range<Int>, viewport: Viewport,
        rows: Range<Float>? = nil
    ) -> [OverlayFrame] {
        tree.viewport = viewport
        let cells = cells.clamped(to: 0..<tree.cellCount)
        // Table rows are the tree's cells, one per verse.
        let verses = VerseIndex(cells.lowerBound)..<VerseIndex(cells.upperBound)
        guard let firstCell = verses.first else { return [] }
        var order = 0
        for cell in tree.layout.cells.startIndex..<firstCell { order += tree.container(at: cell)?.elementCount ?? 0 }
        var frames: [OverlayFrame] = []
        cairo_save(cr)
        if let rows {
            let top = Double(viewport.originY) + Double(rows.lowerBound - viewport.scrollY)
            cairo_rectangle(
                cr, Double(viewport.originX) - 2, top, Double(tree.layout.options.width) + 4,
                Double(rows.upperBound - rows.lowerBound))
            cairo_clip(cr)
        }
        // Walk in focus order (the tree's own `next`), from the first element of the first cell shown.
        var id = tree.container(at: firstCell)?.element(at: 0).map { ElementID(cell: firstCell, kind: $0.kind) }
        var cell = firstCell - 1
        while let current = id, verses.contains(current.cell) {
            if current.cell != cell {
                cell = current.cell
                let bounds = tree.screenFrame(ofCell: cell).bounds
                drawVerse(cr, bounds: bounds, nodeID: tree.nodeID(ofCell: cell))
                frames.append(OverlayFrame(nodeID: tree.nodeID(ofCell: cell), kind: .verse, bounds: bounds))
            }
            order += 1
            if let element = tree.element(current),
                rows.map({ $0.contains(tree.table.origins[Int(cell)] + element.frame.y) }) ?? true,
                let frame = tree.screenFrame(of: current)
            {
                let nodeID = tree.nodeID(of: current)
                drawElement(
                    cr, bounds: frame.bounds, role: element.role,
                    caption: String(nodeID.dropFirst(tree.nodeID(ofCell: cell).count + 1)),
                    order: order)
                frames.append(OverlayFrame(nodeID: nodeID, kind: .element, bounds: frame.bounds, focusOrder: order))
            }
            id = tree.next(after: current)
        }
        cairo_restore(cr)
        return frames
    }

    private func drawVerse(_ cr: OpaquePointer, bounds: Rect, nodeID: String) {
        stroke(cr, bounds, colour: verseColour, width: 0.8, dashed: true)
        caption(cr, nodeID, x: Double(bounds.maxX) - 2, y: Double(bounds.y) + 1, colour: verseColour, alignRight: true)
    }

    private func drawElement(_ cr: OpaquePointer, bounds: Rect, role: Role, caption text: String, order: Int) {
        let colour =
            role == .heading || role == .button
            ? headingColour
            : role == .word ? elementColour : translationColour
        stroke(cr, bounds, colour: colour, width: 0.6, dashed: false)
        // The focus order: a filled badge on the frame's top-left corner.
        let label = captions.intern(String(order))
        let size = captionSize
        let width = Double(captions.run(label).advance) * size
        let x = Double(bounds.x), y = Double(bounds.y)
        FocusRing.roundedRectangle(
            cr, x: x - 1, y: y - size * 0.6, width: width + 2, height: size * 1.2,
            radius: size * 0.5)
        painter.set(cr, colour)
        cairo_fill(cr)
        painter.drawCaption(
            label, from: captions, tier: .translation, into: cr, left: x, top: y - size * 0.6, size: size,
            exactSize: true, style: TierStyle(colour: Colour(hex: 0xFFFFFF)))
        // The node id (relative to its verse, whose full id labels the verse frame) at the bottom-right corner.
        self.caption(
            cr, text, x: Double(bounds.maxX), y: Double(bounds.maxY) - size * 0.9, colour: colour,
            alignRight: true)
    }

    private func stroke(_ cr: OpaquePointer, _ rect: Rect, colour: Colour, width: Double, dashed: Bool) {
        painter.set(cr, colour)
        cairo_set_line_width(cr, width)
        if dashed {
            var dashes: [Double] = [3, 2]
            cairo_set_dash(cr, &dashes, 2, 0)
        }
        cairo_rectangle(
            cr, Double(rect.x) + width / 2, Double(rect.y) + width / 2,
            Double(rect.width) - width, Double(rect.height) - width)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// A caption on a translucent white tag, its top at `y`, starting (or, `alignRight`, ending) at `x`.
    private func caption(_ cr: OpaquePointer, _ text: String, x: Double, y: Double, colour: Colour, alignRight: Bool) {
        let id = captions.intern(text)
        let size = captionSize
        let width = Double(captions.run(id).advance) * size
        let left = alignRight ? x - width - 1 : x
        cairo_rectangle(cr, left - 0.5, y, width + 1, size * 1.15)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.85)
        cairo_fill(cr)
        painter.drawCaption(
            id, from: captions, tier: .translation, into: cr, left: left, top: y, size: size, exactSize: true,
            style: TierStyle(colour: colour))
    }
}
