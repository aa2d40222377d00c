import CCairo
import InterlinearRender
import InterlinearTable

/// Paints one frame of the window: the visible verses through the render stage's `ChapterPainter` (the same
/// drawing as `interlinear render`), the keyboard focus ring, and the status line (or the go-to-verse prompt).
struct WindowPainter {
    /// Status line colours: a light bar with dark text, the prompt in the focus colour.
    static let bar = Colour(hex: 0xECE8E1)
    static let barRule = Colour(hex: 0xC8C2B8)
    static let barText = Colour(hex: 0x222222)
    /// A UI face for the status line (fonts-dejavu-core); the chapter itself is drawn from the shape cache.
    static let barFont = "DejaVu Sans"
    static let barFontSize = 12.0

    /// Paints `view` into `cr` scaled by `scale` pixels per point; returns the number of cells drawn.
    static func paint(_ view: ChapterView, with painter: ChapterPainter, into cr: OpaquePointer, scale: Double,
                      windowWidth: Double, windowHeight: Double) -> Int {
        cairo_identity_matrix(cr)
        cairo_scale(cr, scale, scale)
        let viewport = view.viewport
        let tableHeight = Double(viewport.height)
        painter.paintBackground(into: cr, x: 0, y: 0, width: windowWidth, height: windowHeight)

        // The table: only the cells in view, clipped above the status line.
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, windowWidth, tableHeight)
        cairo_clip(cr)
        let cells = view.visibleCells
        painter.paint(into: cr, cells: cells, scrollY: Double(viewport.scrollY))
        if let ring = view.focusRing { FocusRing.draw(into: cr, rect: ring, style: painter.style) }
        cairo_restore(cr)

        // The status line.
        let top = tableHeight
        let height = Double(ChapterView.statusBarHeight)
        set(cr, bar)
        cairo_rectangle(cr, 0, top, windowWidth, height)
        cairo_fill(cr)
        set(cr, barRule)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, 0, top + 0.5)
        cairo_line_to(cr, windowWidth, top + 0.5)
        cairo_stroke(cr)
        cairo_select_font_face(cr, barFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, barFontSize)
        let baseline = top + height / 2 + barFontSize * 0.35
        // Where the reader is on the left; the prompt, a message or the key hint on the right. When both do not
        // fit, a prompt or a message wins (it answers the last key), else where the reader is.
        let (left, right) = view.statusLine
        let leftWidth = width(cr, left), rightWidth = width(cr, right)
        let both = 8 + leftWidth + 16 + rightWidth + 8 <= windowWidth
        let answer = view.prompt != nil || view.message != nil
        if both || !answer {
            set(cr, barText)
            cairo_move_to(cr, 8, baseline)
            cairo_show_text(cr, left)
        }
        if both || answer {
            set(cr, view.prompt != nil ? painter.style.focus : barText)
            cairo_move_to(cr, both ? windowWidth - 8 - rightWidth : 8, baseline)
            cairo_show_text(cr, right)
        }
        return cells.count
    }

    private static func width(_ cr: OpaquePointer, _ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    private static func set(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }
}
