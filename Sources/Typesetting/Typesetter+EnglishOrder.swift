import InterlinearCorpus
import InterlinearShaping

extension Label {
    /// The offset of the reverse interlinear's dash, a source-tier label standing for no source word (under an
    /// English word aligned to nothing): `word` names no word of the verse. In English order a source word at this
    /// offset (the 65,536th of a verse) is shown as unaligned, so the offset stays free.
    package static let noWord = UInt16.max

    /// Whether the label is the reverse interlinear's dash (`noWord`) rather than a source word's tier.
    package var marksNoWord: Bool { tier == .source && offset == Self.noWord }
}

extension Typesetter {
    /// Appends one verse's labels in English order (`WordOrder.english`), the reverse interlinear; returns the cell
    /// height. Left to right whatever the source's script (the English leads): the verse number, then one block
    /// per translation word, the word on top (a translation-tier label with its token's offset) and under it the
    /// source words aligned to it side by side, each a column of the chosen block tiers (labels with the word's
    /// offset, as the interlinear's). A source word aligned to several English words stands under the first; under
    /// a later one whose source words all stood before, the ditto mark (a source-tier label with the first word's
    /// offset); under a word aligned to nothing, the dash (`Label.noWord`). Source words aligned to no English word
    /// are not shown: the English has no place for them. The translation has no column of its own: it is the
    /// blocks' top row, shown whatever `--tiers` says of it.
    func layoutVerseInEnglishOrder(
        _ verse: Verse, of chapter: Chapter, metrics m: Metrics, into layout: inout ChapterLayout
    ) -> Float32 {
        var y = m.top
        _ = place(
            verse.numberText, tier: .verse, offset: 0, x: m.columnLeft, y: y, limit: m.numberWidth, metrics: m,
            into: &layout)
        var flow = Flow(start: m.columnLeft + m.gutter, end: m.columnLeft + m.columnWidth, gap: m.gap)
        let head = m.height(.translation)
        let links = chapter.englishOrder(of: verse)
        let sourceY = m.tierOffset[Int(Tier.source.rawValue)]
        var columns: [Float32] = []
        for (offset, token) in chapter.translationTokens[verse.translation].enumerated() {
            guard let tokenOffset = UInt16(exactly: offset) else { break }
            let shown = links[offset].filter { $0.isFirst && $0.word.rawValue != Label.noWord }
            // The mark standing for the source word when none is shown here: the ditto mark or the dash.
            var mark: (text: TextID, offset: UInt16)?
            if shown.isEmpty, let marks = chapter.englishOrderMarks {
                let earlier = links[offset].first { $0.word.rawValue != Label.noWord }
                mark = earlier.map { (marks.repeated, $0.word.rawValue) } ?? (marks.unlinked, Label.noWord)
            }
            columns.removeAll(keepingCapacity: true)
            for link in shown {
                let word = chapter.words[verse.word(at: link.word)]
                var width: Float32 = 0
                for tier in m.blockTiers {
                    guard let id = word.text(tier), id != StringTable.emptyText else { continue }
                    width = max(width, cache.run(id).advance * m.options.size(of: tier))
                }
                columns.append(width)
            }
            var under = columns.reduce(0, +) + m.gap * Float32(max(columns.count - 1, 0))
            if let mark { under = cache.run(mark.text).advance * m.options.size(of: .source) }
            let block = flow.place(max(cache.run(token).advance * m.options.size(of: .translation), under))
            if block.beginsLine && flow.line > 0 { y += head + m.blockHeight + m.rowGap }
            _ = place(
                token, tier: .translation, offset: tokenOffset, x: block.x, y: y, limit: block.length, metrics: m,
                into: &layout)
            let blockEnd = block.x + block.length
            if let mark {
                _ = place(
                    mark.text, tier: .source, offset: mark.offset, x: block.x, y: y + head + sourceY,
                    limit: block.length, metrics: m, into: &layout)
            }
            var x = block.x
            for (link, width) in zip(shown, columns) {
                let word = chapter.words[verse.word(at: link.word)]
                // A column past a block clamped to its line is squeezed into what is left: never past the edge.
                let limit = max(blockEnd - x, 1)
                for tier in m.blockTiers {
                    guard let id = word.text(tier), id != StringTable.emptyText else { continue }
                    _ = place(
                        id, tier: tier, offset: link.word.rawValue, x: x,
                        y: y + head + m.tierOffset[Int(tier.rawValue)],
                        limit: limit, metrics: m, into: &layout)
                }
                x += width + m.gap
            }
        }
        return y + head + m.blockHeight + m.bottomPadding
    }
}
