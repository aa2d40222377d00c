import CCairo
import InterlinearCorpus
import InterlinearTypesetting

/// How a PDF's words come out of text extractors that rebuild lines from glyph positions (poppler's `pdftotext`,
/// and every viewer built on its `TextOutputDev`), in reading order and with Hebrew letters in logical order.
///
/// poppler makes a "word" of each run of glyphs on one baseline, then a block of words on one line only when the gap
/// between them is under 0.3 of the font size (1.0 for at most three outliers), and orders blocks by their boxes.
/// An interlinear row's words stand a column apart, far more than that, so each word became a block of its own and
/// the blocks of the stacked tiers were read in an order of poppler's making. Here each word's label of a row is
/// drawn as one text span (one cairo cluster: its glyphs and the separator's, carried as `/ActualText`) whose
/// invisible separator glyph stands at the edge of the gap towards the row's next word: poppler takes a span's box
/// from its first glyph to its last, so a row's words of one tier touch and make one line, one block across the
/// column, and the page is a stack of such blocks, read top to bottom (poppler's rule 1: above and overlapping).
/// Every tier, not only the source: with the stacks' other tiers left as small blocks, poppler's table detection
/// (four blocks aligned in a grid) gave some of them envelopes reaching above the next row of source words, which
/// was then read first (Matthew 1:20, Revelation 22:10). Nothing visible moves: the separator is the font's space
/// glyph, which has no ink.
///
/// poppler also takes every right-to-left run for text drawn in visual order and reverses it on output
/// (`reorderText` in TextOutputDev.cc), ActualText included; so a Hebrew word's span carries its text reversed
/// (scalar by scalar, marks with their letters), which poppler's reversal gives back in logical order. It is led by
/// a RIGHT-TO-LEFT MARK (bidi class R) and then the separator's space: poppler copies the neutral characters that
/// start a line in their place before reversing the rest, which would move a word-final point (the furtive patah
/// of רוּחַ) to the front, and a run's trailing neutrals go to its front, which would glue the row's last word to
/// the verse number that follows it on poppler's line (its Hebrew run ends at the first digit). Readers of the tagged
/// PDF get the word in logical order from its structure element's `/ActualText` (`PDFLanguage`), which they take over
/// this span's.
extension ChapterPainter {
    /// Where a word's label's text span should reach, cell-relative: the near edge of the next label of its tier on
    /// its row (reading order); nil for the last of its row, the verse number and the translation (but in English
    /// order, `englishReach`). Each such label is alone in its structure element (`RB`, or a `Span` of the `RT`: see
    /// `StructureTags`).
    func textReach(of index: Int, in range: Range<Int>, labels: UnsafeBufferPointer<Label>) -> Float? {
        let label = labels[index]
        if label.tier == .translation && layout.options.order == .english {
            return englishReach(of: index, in: range, labels: labels)
        }
        guard label.tier != .verse, label.tier != .translation else { return nil }
        var next = index + 1
        // The next word's label of this tier is one stack on: a few labels at most.
        while next < range.upperBound, next <= index + 2 * Tier.allCases.count {
            let other = labels[next]
            if other.tier == label.tier {
                guard abs(other.y - label.y) < 0.5 else { return nil }
                return other.x > label.x ? other.x : other.x + other.width
            }
            next += 1
        }
        return nil
    }

    /// In English order (the reverse interlinear) the English words head blocks a column apart, as the source words
    /// of the interlinear stand: each English word's span reaches to the next one on its row, after the source
    /// words under it, so poppler reads the row of English words as one line, in order. Each English word is alone
    /// in its `Span` there: the source words under it come between (`StructureTags`).
    private func englishReach(of index: Int, in range: Range<Int>, labels: UnsafeBufferPointer<Label>) -> Float? {
        let label = labels[index]
        var next = index + 1
        while next < range.upperBound {
            let other = labels[next]
            if other.tier == .translation {
                guard abs(other.y - label.y) < 0.5 else { return nil }
                return other.x > label.x ? other.x : other.x + other.width
            }
            next += 1
        }
        return nil
    }

    /// Shows a run placed in `buffer.glyphs[0..<count]` as one span with the separator glyph at the edge of its gap
    /// (`reach`: right of the run, or left of it when `reach` lies left of `left`; nil: at `pen`), the text reversed
    /// for right-to-left script (see above). Returns false, having drawn nothing, when the run's glyphs are of
    /// several fonts or its font has no space glyph; the caller then draws the run as before.
    func showSpan(
        _ cr: OpaquePointer, count: Int, text: UnsafeBufferPointer<CChar>, left: Double, pen: Double,
        reach: Double?, baseline: Double, tier: Tier, size: Double, squeezed: Bool, slant: Double
    ) -> Bool {
        let rightToLeft = Self.isRightToLeft(text)
        guard reach != nil || rightToLeft else { return false }
        let font = Int(buffer.fonts[0])
        guard (1..<count).allSatisfy({ Int(buffer.fonts[$0]) == font }) else { return false }
        let spaceGlyph = faces.glyph(for: 0x20, fontIndex: font)
        guard spaceGlyph != 0, let base = text.baseAddress else { return false }
        let leftward = reach.map { $0 < left } ?? false
        let separator: cairo_glyph_t
        if leftward, let reach {
            // First in the span, just right of the previous word's right edge (a space's width never matters here),
            // and a fiftieth of an em above the baseline: cairo starts a text position anew (`Td`) at a glyph off
            // the current one's baseline, so the word's glyphs are placed exactly as without the separator (on the
            // baseline, cairo would place them by TJ adjustments from the separator, rounded to 1/1000 em).
            for k in stride(from: count, to: 0, by: -1) { buffer.glyphs[k] = buffer.glyphs[k - 1] }
            separator = cairo_glyph_t(
                index: UInt(spaceGlyph), x: min(reach + 0.05 * size, left), y: baseline - 0.02 * size)
            buffer.glyphs[0] = separator
        } else {
            // Last, its advance (about a quarter em) ending just short of the next word.
            let x = reach.map { max(pen, $0 - 0.3 * size) } ?? pen
            buffer.glyphs[count] = cairo_glyph_t(index: UInt(spaceGlyph), x: x, y: baseline)
        }
        buffer.fonts[count] = UInt16(font)
        buffer.reserveText(text.count + 4)
        var n = 0
        func append(_ byte: UInt8) {
            buffer.text[n] = CChar(bitPattern: byte)
            n += 1
        }
        if rightToLeft {
            // RLM, then the separator's space: both come out after the word.
            append(0xE2); append(0x80); append(0x8F)  // U+200F
            append(0x20)
            // The scalars from last to first, each keeping its own bytes.
            var end = text.count
            while end > 0 {
                var start = end - 1
                while start > 0, UInt8(bitPattern: base[start]) & 0xC0 == 0x80 { start -= 1 }
                (buffer.text + n).update(from: base + start, count: end - start)
                n += end - start
                end = start
            }
        } else {
            if leftward { append(0x20) }
            (buffer.text + n).update(from: base, count: text.count)
            n += text.count
            if !leftward { append(0x20) }
        }
        showSegment(
            cr, glyphs: 0..<(count + 1), text: UnsafeBufferPointer(start: buffer.text, count: n), font: font,
            tier: tier, size: size, squeezed: squeezed, slant: slant, oneCluster: true)
        return true
    }

    /// Whether UTF-8 `text` has Hebrew (lead bytes 0xD6, 0xD7: U+0580–U+05FF), whose glyphs come in visual order.
    static func isRightToLeft(_ text: UnsafeBufferPointer<CChar>) -> Bool {
        text.contains { $0 == CChar(bitPattern: 0xD6) || $0 == CChar(bitPattern: 0xD7) }
    }

    static func isRightToLeft(_ text: String) -> Bool { text.utf8.contains { $0 == 0xD6 || $0 == 0xD7 } }
}
