import CCairo
import Foundation
import InterlinearRender
import InterlinearTable

/// Paints one frame of the window: the visible verses through the render stage's `ChapterPainter` (the same
/// drawing as `interlinear render`), search hits, the keyboard focus ring, the details pane, the status line (or the
/// prompt) wrapped onto as many lines as it needs, and the help overlay, in the view's theme.
struct WindowPainter {
    /// A UI face for the status line (fonts-dejavu-core); the chapter itself is drawn from the shape cache.
    static let barFont = "DejaVu Sans"

    /// Paints `view` into `cr` scaled by `scale` pixels per point; returns the number of cells drawn and the lines
    /// the status bar needs at this width (the window relayouts and paints again when that differs from the view's).
    /// `font` is the UI face (`barFont` through the font chain); nil draws it with cairo's toy font API.
    static func paint(
        _ view: ChapterView, with painter: ChapterPainter, captions: any CaptionSource, font: PlainTextFont?,
        into cr: OpaquePointer,
        scale: Double, windowWidth: Double, windowHeight: Double
    ) -> (cells: Int, statusLines: Int) {
        let theme = Theme.named(view.theme)
        cairo_identity_matrix(cr)
        cairo_scale(cr, scale, scale)
        let viewport = view.viewport
        let tableHeight = Double(viewport.height), tableWidth = Double(viewport.width)
        painter.paintBackground(into: cr, x: 0, y: 0, width: windowWidth, height: windowHeight)
        let pane = PanePainter(cr: cr, theme: theme, size: Double(view.paneFontSize), font: font, scale: scale)

        // The table: only the cells in view, clipped to its area.
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, tableWidth, tableHeight)
        cairo_clip(cr)
        let cells = view.visibleCells
        NoteMarks.paintHighlights(view, into: cr, theme: theme)
        painter.paint(into: cr, cells: cells, scrollY: Double(viewport.scrollY))
        NoteMarks.paintMarks(view, into: cr, theme: theme)
        pane.paintHits(view)
        if let ring = view.focusRing { FocusRing.draw(into: cr, rect: ring, style: painter.style) }
        cairo_restore(cr)

        let barHeight = Double(view.statusHeight)
        let barTop = windowHeight - barHeight
        if let placement = view.pane {
            let rect =
                placement.placement == .beside
                ? Rect(x: Float(tableWidth), y: 0, width: placement.size, height: Float(barTop))
                : Rect(x: 0, y: Float(tableHeight), width: Float(windowWidth), height: placement.size)
            pane.paintPane(view, painter: painter, captions: captions, rect: rect)
        }
        if let help = view.help {
            PanePainter(cr: cr, theme: theme, size: Double(view.paneFontSize), font: font, scale: scale)
                .paintHelp(help, chapter: view.chapter.reference.description, width: windowWidth, height: barTop)
        }
        let status = PanePainter(cr: cr, theme: theme, size: Double(view.barFontSize), font: font, scale: scale)
        let lines = paintStatus(view, with: status, top: barTop, width: windowWidth, height: barHeight)
        return (cells.count, lines)
    }

    /// The status line: where the reader is, then the prompt, a message or the keys, wrapped at " · " and spaces
    /// onto as many lines as the width needs (never cut). Returns the number of lines.
    private static func paintStatus(
        _ view: ChapterView, with status: PanePainter, top: Double, width: Double, height: Double
    ) -> Int {
        let cr = status.cr, theme = status.theme, size = status.size
        set(cr, theme.bar)
        cairo_rectangle(cr, 0, top, width, height)
        cairo_fill(cr)
        set(cr, theme.barRule)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, 0, top + 0.5)
        cairo_line_to(cr, width, top + 0.5)
        cairo_stroke(cr)
        let (left, right) = view.statusLine
        let available = max(width - 16, 1)
        // Pieces joined by " · " while they fit; the prompt or message starts its own line in its colour.
        var lines: [(text: String, prompt: Bool)] = []
        func pack(_ pieces: [String], prompt: Bool) {
            var line = ""
            for piece in pieces {
                let candidate = line.isEmpty ? piece : line + " · " + piece
                if line.isEmpty || PanePainter.width(cr, candidate) <= available {
                    line = candidate
                } else {
                    for wrapped in status.wrap(line, width: available) { lines.append((wrapped, prompt)) }
                    line = piece
                }
            }
            for wrapped in status.wrap(line, width: available) { lines.append((wrapped, prompt)) }
        }
        status.select(size)
        let answer = view.prompt != nil || view.message != nil
        if answer {
            pack([left], prompt: false)
            pack([right], prompt: view.prompt != nil)
        } else {
            pack([left] + right.components(separatedBy: " · "), prompt: false)
        }
        status.select(size)
        for (n, line) in lines.enumerated() {
            set(cr, line.prompt ? theme.prompt : theme.barText)
            cairo_move_to(cr, 8, top + 3 + Double(n) * size * 1.5 + size * 1.1)
            cairo_show_text(cr, line.text)
        }
        return lines.count
    }

    private static func set(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }
}
