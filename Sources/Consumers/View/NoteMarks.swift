import CCairo
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearNotes
import InterlinearRender

/// The reader's notes as the window draws them: a highlight tints the word's own line (the source tier), never the
/// grey tiers below it, whose colours have no room for a tint at 4.5:1 on the light page; and every noted word or
/// verse number gets a small corner mark in the theme's verse colour, so a note is seen without colour too (WCAG
/// 1.4.1), at 3:1 or more against the page (1.4.11). `NoteMarksContrastTests` computes every ratio.
package enum NoteMarks {
    /// A highlight's tint in a theme: pale on the light page, deep on the dark ones, under the word's own colour.
    package static func tint(_ color: HighlightColor, in theme: Theme.Name) -> Colour {
        switch (theme, color) {
        case (.light, .yellow): Colour(hex: 0xFFF0A0)
        case (.light, .green): Colour(hex: 0xCDEFCB)
        case (.light, .blue): Colour(hex: 0xD2E4FF)
        case (.light, .pink): Colour(hex: 0xFFD6E5)
        case (_, .yellow): Colour(hex: 0x4D3F00)
        case (_, .green): Colour(hex: 0x1D4426)
        case (_, .blue): Colour(hex: 0x1A3560)
        case (_, .pink): Colour(hex: 0x5E1E3E)
        }
    }

    /// The corner mark's colour: the theme's verse numbers' (rubric red, salmon, yellow).
    package static func mark(in theme: Theme) -> Colour { theme.paint.style(of: .verse).colour }

    /// The tints, under the text: painted after the page and before the cells.
    package static func paintHighlights(_ view: ChapterView, into cr: OpaquePointer, theme: Theme) {
        let cells = view.visibleCells
        for note in view.notes where note.kind == .highlight {
            guard let color = note.color, let words = note.anchor.words,
                let cell = view.chapter.verseIndex(number: note.anchor.verse), cells.contains(Int(cell))
            else { continue }
            let top = Double(view.tree.table.origins[Int(cell)] - view.scrollY)
            set(cr, tint(color, in: theme.name))
            for label in view.layout.labels(in: cell) where label.tier == .source {
                guard words.contains(Int(label.offset) + 1) else { continue }
                cairo_rectangle(
                    cr, Double(label.x) - 2, top + Double(label.y), Double(label.width) + 4, Double(label.height))
                cairo_fill(cr)
            }
        }
    }

    /// The corner marks, over the cells: a small triangle in the top right corner of each noted word's block, or
    /// of a noted verse's number.
    package static func paintMarks(_ view: ChapterView, into cr: OpaquePointer, theme: Theme) {
        let cells = view.visibleCells
        let order = ReadingOrder(layout: view.layout)
        set(cr, mark(in: theme))
        var marked = Set<ElementID>()
        for note in view.notes {
            guard let id = view.element(of: note.anchor), cells.contains(Int(id.cell)), marked.insert(id).inserted,
                let frame = order.frame(of: id)
            else { continue }
            let top = Double(view.tree.table.origins[Int(id.cell)] + frame.y - view.scrollY)
            let right = Double(frame.maxX), size = 6.0
            cairo_move_to(cr, right - size, top)
            cairo_line_to(cr, right + 1, top)
            cairo_line_to(cr, right + 1, top + size + 1)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
    }

    private static func set(_ cr: OpaquePointer, _ colour: Colour) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }
}
