import CCairo
import InterlinearTable

/// The focus indicator drawn around the focused element: a rounded ring in the style's focus colour over a soft
/// halo, outside the element's frame so it never covers the glyphs (as platform focus rings do).
public enum FocusRing {
    /// Draws the ring around `rect` (user-space points) into `cr`; `width` is the ring's line width.
    public static func draw(into cr: OpaquePointer, rect: Rect, style: PaintStyle, width: Double = 2) {
        let outset = width + 1
        let x = Double(rect.x) - outset, y = Double(rect.y) - outset
        let w = Double(rect.width) + 2 * outset, h = Double(rect.height) + 2 * outset
        let radius = min(4 + width, min(w, h) / 2)
        cairo_save(cr)
        let c = style.focus
        roundedRectangle(cr, x: x, y: y, width: w, height: h, radius: radius)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.25 * c.alpha)
        cairo_set_line_width(cr, width * 3)
        cairo_stroke_preserve(cr)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Adds a rounded rectangle to the current path.
    static func roundedRectangle(
        _ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double,
        radius r: Double
    ) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
