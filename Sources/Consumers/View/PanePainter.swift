import CCairo
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearRender
import InterlinearTable

/// Paints what the window shows around the chapter: the details pane (a search's hits, the chosen word's details),
/// the outlines around search hits, and the help overlay. Text in the window's UI face wraps at the pane's width;
/// the word, its lemma (any row in Greek or Hebrew script alone) and the Greek and Hebrew a dictionary entry's row
/// quotes are drawn through the shape cache (`ChapterPainter.drawCaption`), so Hebrew runs right to left with its points
/// placed and Greek uses the chapter's font.
struct PanePainter {
    let cr: OpaquePointer
    let theme: Theme
    let size: Double
    /// The window's UI face through the project's font chain; nil (a test, or no DejaVu Sans installed) draws with
    /// cairo's toy font API, which asks fontconfig.
    var font: PlainTextFont? = nil
    /// Pixels per unit of `cr` (HiDPI), for the font's small-size rule.
    var scale: Double = 1

    var lineHeight: Double { size * 1.45 }

    /// Splits `text` into lines no wider than `width` at spaces (a word longer than a line gets its own line); the
    /// first `limit` lines only, the rest of the text not measured.
    func wrap(_ text: String, width: Double, limit: Int = .max) -> [String] {
        guard limit > 0 else { return [] }
        select(size)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && Self.width(cr, candidate) > width {
                lines.append(line)
                if lines.count == limit { return lines }
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func width(_ cr: OpaquePointer, _ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    func select(_ size: Double) {
        if let font {
            font.select(into: cr, size: size, pixelsPerUnit: scale)
        } else {
            cairo_select_font_face(cr, WindowPainter.barFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, size)
        }
    }

    /// Draws wrapped text from `y` (top of its first line); returns the y below it. Stops at `bottom`: only the
    /// lines that fit are wrapped, so a long dictionary entry costs a paint what the pane shows of it.
    @discardableResult
    func text(_ text: String, x: Double, y: Double, width: Double, bottom: Double, colour: Colour? = nil) -> Double {
        var y = y
        // At least the lines that fit (the `where` below decides which exactly); all of them at a size of no height.
        let room = (bottom - y) / lineHeight
        let fit = lineHeight > 0 && room.isFinite ? Int(min(max(room + 1, 0), 10_000)) : .max
        set(colour ?? theme.barText)
        for line in wrap(text, width: width, limit: fit) where y + lineHeight <= bottom {
            cairo_move_to(cr, x, y + size * 1.05)
            cairo_show_text(cr, line)
            y += lineHeight
        }
        return y
    }

    func set(_ c: Colour) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }

    /// The pane: a search's summary and hits, then the word's details; returns the rows drawn shaped.
    @discardableResult
    func paintPane(_ view: ChapterView, painter: ChapterPainter, captions: any CaptionSource, rect: Rect) -> [ShapedRow]
    {
        var shaped: [ShapedRow] = []
        let x0 = Double(rect.x), y0 = Double(rect.y), w = Double(rect.width), h = Double(rect.height)
        set(theme.bar)
        cairo_rectangle(cr, x0, y0, w, h)
        cairo_fill(cr)
        set(theme.barRule)
        cairo_set_line_width(cr, 1)
        if rect.x > 0 {
            cairo_move_to(cr, x0 + 0.5, y0)
            cairo_line_to(cr, x0 + 0.5, y0 + h)
        } else {
            cairo_move_to(cr, x0, y0 + 0.5)
            cairo_line_to(cr, x0 + w, y0 + 0.5)
        }
        cairo_stroke(cr)
        cairo_save(cr)
        cairo_rectangle(cr, x0, y0, w, h)
        cairo_clip(cr)
        let left = x0 + 10, width = max(w - 20, 1), bottom = y0 + h - 4
        var y = y0 + 6
        if let search = view.search {
            y = text("/\(search.query): \(search.summary)", x: left, y: y, width: width, bottom: bottom)
            // The hits as places, wrapped together so the word's details keep their room: "1 w5 · ▸1 w8 · 14 w3".
            let places = search.hits.enumerated().map { n, hit in
                (n == search.index ? "▸" : "") + "\(hit.verse)" + (hit.word.map { " w\($0)" } ?? "")
            }
            if !places.isEmpty {
                y = text("Verses: " + places.joined(separator: " · "), x: left, y: y, width: width, bottom: bottom)
            }
            y += lineHeight / 3
        }
        if let details = view.details {
            // The word in its script at the source tier's size, through the shape cache.
            let wordSize = Double(view.options.size(of: .source))
            if y + wordSize * 1.4 <= bottom {
                painter.drawCaption(
                    captions.intern(details.surface), from: captions, tier: .source, into: cr, left: left, top: y,
                    size: wordSize, exactSize: true, style: theme.paint.style(of: .source))
                y += wordSize * 1.4
            }
            y = text("\(details.reference), word \(details.position)", x: left, y: y, width: width, bottom: bottom)
            for row in details.rows where y + lineHeight <= bottom {
                if Self.isSourceScript(row.value) {
                    shaped.append(scriptRow(row.field, row.value, painter: painter, captions: captions, x: left, y: y))
                    y += lineHeight
                } else if Self.quotesScript(row.value) {
                    y = quotingScript(
                        "\(row.field): \(row.value)", painter: painter, captions: captions, x: left, y: y, width: width,
                        bottom: bottom,
                        shaped: &shaped)
                } else {
                    y = text("\(row.field): \(row.value)", x: left, y: y, width: width, bottom: bottom)
                }
            }
        }
        cairo_restore(cr)
        return shaped
    }

    /// Where a row's value was drawn through the shape cache: its text, the pen's start and baseline, its size.
    struct ShapedRow: Equatable {
        let value: String
        let left: Double, baseline: Double, size: Double
    }

    /// Whether a row's value is in Greek or Hebrew script alone (a lemma): drawn shaped, as the chapter's words are.
    /// cairo's own text drawing does not shape: it put a Hebrew lemma's letters left to right with its points
    /// beside them.
    static func isSourceScript(_ value: String) -> Bool {
        SpokenLanguage.typed(value) != .english
            && !value.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
    }

    /// "Lemma: " in the pane's face, then the value's shaped run (right to left for Hebrew) in the source tier's
    /// font at the pane's size, on the same baseline, in the pane's text colour.
    private func scriptRow(
        _ field: String, _ value: String, painter: ChapterPainter, captions: any CaptionSource, x: Double, y: Double
    )
        -> ShapedRow
    {
        let label = field + ": "
        select(size)
        set(theme.barText)
        let baseline = y + size * 1.05
        cairo_move_to(cr, x, baseline)
        cairo_show_text(cr, label)
        return shapedRun(
            captions.intern(value), value, painter: painter, captions: captions, left: x + Self.width(cr, label),
            baseline: baseline)
    }

    /// A run drawn through the shape cache in the source tier's font at the pane's size, its baseline at `baseline`,
    /// in the pane's text colour (Hebrew right to left, its points on their letters).
    private func shapedRun(
        _ id: TextID, _ value: String, painter: ChapterPainter, captions: any CaptionSource, left: Double,
        baseline: Double
    )
        -> ShapedRow
    {
        painter.drawCaption(
            id, from: captions, tier: .source, into: cr, left: left,
            top: baseline - painter.baseline(top: 0, size: size), size: size,
            exactSize: true, style: TierStyle(colour: theme.barText))
        return ShapedRow(value: value, left: left, baseline: baseline, size: size)
    }

    /// A piece of a row that quotes source script: a word, the punctuation around a quoted word, or a run of
    /// quoted words (Hebrew words in a row are one run: shaped right to left together).
    private struct Piece {
        var text: String
        /// Greek or Hebrew script, drawn through the shape cache.
        var shaped: Bool
        var hebrew: Bool
        /// Written against the piece before it, without a space ("(" before "פּנה").
        var glued: Bool
    }

    /// Where a word of a row quotes source script: from its first Greek or Hebrew letter to its last, and whether
    /// it is Hebrew; nil for a word in neither. A word with Greek letters among letters of another script is not
    /// Greek: StrongsHebrew writes ώ for ś inside its Latin transliterations ("beώôr").
    static func quotedScript(in word: Substring) -> (range: Range<String.Index>, hebrew: Bool)? {
        let scalars = word.unicodeScalars
        if let first = scalars.firstIndex(where: SpokenLanguage.isHebrew),
            let last = scalars.lastIndex(where: SpokenLanguage.isHebrew)
        {
            return (first..<scalars.index(after: last), true)
        }
        guard let first = scalars.firstIndex(where: SpokenLanguage.isGreek),
            !scalars.contains(where: { $0.properties.isAlphabetic && !SpokenLanguage.isGreek($0) })
        else { return nil }
        // Through the marks on its last letter (a decomposed accent is not in the Greek blocks).
        var end = scalars.index(after: scalars.lastIndex(where: SpokenLanguage.isGreek) ?? first)
        while end < scalars.endIndex, scalars[end].properties.generalCategory == .nonspacingMark {
            end = scalars.index(after: end)
        }
        return (first..<end, false)
    }

    /// Whether a row's value quotes Greek or Hebrew among other words (drawn by `quotingScript`).
    static func quotesScript(_ value: String) -> Bool {
        value.split(separator: " ").contains { quotedScript(in: $0) != nil }
    }

    /// A row whose value quotes Greek or Hebrew (H6440 "of an unused noun (פּנה {pâneh} paw-neh'; …", G5457 "from
    /// an obsolete φάω FA/W pháō …"), wrapped at `width` as `text` wraps: each quoted word (a run of Hebrew words)
    /// drawn shaped as the lemma row is (`shapedRun`: Greek in the chapter's font, Hebrew right to left), the rest in
    /// the pane's face. Punctuation at a quoted word's edges ("(", ";") stays in the pane's face on its side: shaped
    /// right to left it would be mirrored onto the other. A word and the pieces glued to it wrap together, so no
    /// piece runs past `width` unless the word alone is wider than a line. Returns the y below it; each shaped run
    /// is added to `shaped`. Stops at `bottom`.
    private func quotingScript(
        _ text: String, painter: ChapterPainter, captions: any CaptionSource, x: Double, y: Double, width: Double,
        bottom: Double,
        shaped: inout [ShapedRow]
    ) -> Double {
        var pieces: [Piece] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard let (range, hebrew) = Self.quotedScript(in: word) else {
                pieces.append(Piece(text: String(word), shaped: false, hebrew: false, glued: false))
                continue
            }
            let scalars = word.unicodeScalars  // the range is of scalars: a Character's marks may straddle it
            let head = String(scalars[..<range.lowerBound]), tail = String(scalars[range.upperBound...])
            let core = String(scalars[range])
            if head.isEmpty, hebrew, pieces.last?.hebrew == true {
                pieces[pieces.count - 1].text += " " + core  // the next word of a Hebrew run ("בּית און")
            } else {
                if !head.isEmpty { pieces.append(Piece(text: head, shaped: false, hebrew: false, glued: false)) }
                pieces.append(Piece(text: core, shaped: true, hebrew: hebrew, glued: !head.isEmpty))
            }
            if !tail.isEmpty { pieces.append(Piece(text: tail, shaped: false, hebrew: false, glued: true)) }
        }
        // Measured when reached (a quoted word interned then), so the pieces below `bottom` cost nothing.
        var ids = [TextID?](repeating: nil, count: pieces.count)
        var measured = [Double?](repeating: nil, count: pieces.count)
        func advance(_ n: Int) -> Double {
            if let known = measured[n] { return known }
            let piece = pieces[n]
            if piece.shaped { ids[n] = captions.intern(piece.text) }
            select(size)  // drawing a shaped run leaves its own font on the context
            let width = ids[n].map { Double(captions.run($0).advance) * size } ?? Self.width(cr, piece.text)
            measured[n] = width
            return width
        }
        select(size)
        let space = Self.width(cr, " ")
        var y = y, pen = x, lineStarted = false
        for (n, piece) in pieces.enumerated() {
            if lineStarted, !piece.glued {
                // The piece with the pieces glued after it: they go on one line.
                var group = advance(n), next = n + 1
                while next < pieces.count, pieces[next].glued {
                    group += advance(next)
                    next += 1
                }
                if pen + space + group > x + width {
                    y += lineHeight
                    pen = x
                    lineStarted = false
                }
            }
            guard y + lineHeight <= bottom else { return y }
            if lineStarted, !piece.glued { pen += space }
            let baseline = y + size * 1.05
            let drawnWidth = advance(n)
            if let id = ids[n] {
                shaped.append(
                    shapedRun(id, piece.text, painter: painter, captions: captions, left: pen, baseline: baseline))
            } else {
                select(size)
                set(theme.barText)
                cairo_move_to(cr, pen, baseline)
                cairo_show_text(cr, piece.text)
            }
            pen += drawnWidth
            lineStarted = true
        }
        return lineStarted ? y + lineHeight : y
    }

    /// An outline around each search hit in view (outside the word, never under its text).
    func paintHits(_ view: ChapterView) {
        guard let search = view.search, search.chapter == view.chapter.reference else { return }
        let order = ReadingOrder(layout: view.layout)
        let cells = view.visibleCells
        set(theme.hit)
        cairo_set_line_width(cr, 2)
        for hit in search.hits where cells.contains(Int(hit.element.cell)) {
            guard let frame = order.frame(of: hit.element) else { continue }
            let top = view.tree.table.origins[Int(hit.element.cell)] + frame.y - view.scrollY
            cairo_rectangle(cr, Double(frame.x) - 3, Double(top) - 3, Double(frame.width) + 6, Double(frame.height) + 6)
            cairo_stroke(cr)
        }
    }

    /// The help's page, in a box over the chapter: the keys, or the key to the chapter's codes from its first row
    /// shown, as many rows as fit.
    func paintHelp(_ page: HelpPage, chapter: String, width: Double, height: Double) {
        let margin = 12.0
        set(theme.bar)
        cairo_rectangle(cr, margin, margin, max(width - 2 * margin, 1), max(height - 2 * margin, 1))
        cairo_fill(cr)
        cairo_rectangle(cr, margin, margin, max(width - 2 * margin, 1), max(height - 2 * margin, 1))
        set(theme.barRule)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        var y = margin + 8
        let bottom = height - margin, left = margin + 10, lineWidth = max(width - 2 * margin - 20, 1)
        switch page {
        case .keys:
            for (keys, does) in KeyHelp.rows where y + lineHeight <= bottom {
                y = text("\(keys) — \(does)", x: left, y: y, width: lineWidth, bottom: bottom)
            }
        case .codes(let codes, let first):
            let entries = codes.entries
            y = text(
                "Key to the codes of \(chapter) (\(entries.count))", x: left, y: y, width: lineWidth, bottom: bottom)
            y = text(codes.strongsNote, x: left, y: y, width: lineWidth, bottom: bottom)
            // The last line says where the list stands, so the rows stop one line above the box's bottom.
            let rowsBottom = bottom - lineHeight
            var shown = first
            for entry in entries[min(first, entries.count)...] where y + lineHeight <= rowsBottom {
                y = text("\(entry.code) — \(entry.words)", x: left, y: y, width: lineWidth, bottom: rowsBottom)
                shown += 1
            }
            let range = entries.isEmpty ? "none" : "\(first + 1)–\(shown) of \(entries.count)"
            text("Codes \(range): ↑ ↓ scroll · ? the keys", x: left, y: y, width: lineWidth, bottom: bottom)
        }
    }
}
