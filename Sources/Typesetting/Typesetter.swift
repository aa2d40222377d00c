import Foundation
import InterlinearCorpus
import InterlinearShaping

/// Lays out chapters: each source word is a block of stacked tiers; blocks flow in the source's direction and wrap
/// (`Flow`) within the interlinear column, past the verse-number gutter; the translation flows left to right in its
/// own column beside it, or underneath, clear of the same gutter. A right-to-left chapter (Hebrew) mirrors the
/// page: the verse number and the interlinear column on the right, blocks flowing leftwards, each block's tiers
/// aligned to its right edge (each tier keeps its own direction: HarfBuzz shapes the Hebrew right to left, the
/// transliteration, Strong's and gloss left to right), and the translation column on the left. Shaping goes through the cache, so re-laying out at another width
/// or size shapes nothing. A session (`Interlinear`) makes it with its shape cache, so the chapters it lays out and
/// the cache always share one string table.
package final class Typesetter {
    package let cache: ShapeCache
    /// Threads for cold shaping (`ShapeCache.prefetch`); 1 shapes as labels are placed. Nil (the default): this
    /// thread and one more per processor idle when a cold layout starts, at most `defaultShapingThreads`
    /// (`threadsForIdleProcessors`). A worker beside busy cores made most cold layouts slower, up to 21×, waiting for the
    /// core (docs/performance.md, "Shaping threads").
    package var shapingThreads: Int?
    /// The ids the last layout gathered for `prefetch`.
    private var gathered: [TextID] = []
    /// What the last gather covered: skipped while the cache, table and tiers are unchanged (warm re-layout).
    private var gatheredFor: (generation: Int, strings: Int, words: Int, tiers: TierSet)?

    /// The active processor count, capped at 4.
    package static var defaultShapingThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// 1 + the processors idle now, at most `defaultShapingThreads`: the processors less the threads the kernel
    /// has runnable at this moment, this one among them (the fourth field of `/proc/loadavg`, "runnable/total").
    /// 1 when that cannot be read.
    package static func threadsForIdleProcessors() -> Int {
        let fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 1 }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &bytes, bytes.count)
        // "0.52 0.58 0.59 3/215 12345": the digits before the slash.
        guard count > 0, let slash = bytes[..<count].firstIndex(of: UInt8(ascii: "/")) else { return 1 }
        var runnable = 0, scale = 1, index = slash - 1
        while index >= 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), scale <= 1_000_000 {
            runnable += Int(bytes[index] - UInt8(ascii: "0")) * scale
            scale *= 10
            index -= 1
        }
        guard scale > 1 else { return 1 }
        let processors = defaultShapingThreads
        return min(processors, 1 + max(0, processors - max(runnable, 1)))
    }

    package init(cache: ShapeCache) { self.cache = cache }

    /// Typesets every verse of `chapter` into one contiguous label array, one cell per verse. `chapter` must come
    /// from the session that owns this typesetter (its table is one the cache's table extends; checked in debug
    /// builds): `Interlinear.layout` guarantees it.
    package func layout(_ chapter: Chapter, options: LayoutOptions) -> ChapterLayout {
        assert(cache.strings.extends(chapter.strings), "the chapter was loaded by another session")
        var layout = ChapterLayout(options: options)
        layout.labels.reserveCapacity(chapter.words.count * 5 + chapter.translationTokens.count + chapter.verses.count)
        layout.cells.reserveCapacity(chapter.verses.count)
        // First, so that the verse numbers measured next are among the strings looked up together.
        prefetch(chapter, tiers: Metrics.blockTiers(options), options: options)
        var widestNumber: Float32 = 0
        for verse in chapter.verses { widestNumber = max(widestNumber, cache.run(verse.numberText).advance) }
        // Hebrew is drawn in its own font (Ezra SIL), whose marks reach further below the line: the source tier
        // takes that font's line spacing.
        let chain = cache.chain
        let sourceLineEm =
            chapter.language == .hebrew
            ? chain.hebrewFont.map { chain.font(at: $0).lineSpacing } ?? chain.primary.lineSpacing
            : chain.primary.lineSpacing
        let metrics = Metrics(
            options: options, lineEm: chain.primary.lineSpacing,
            spaceEm: cache.run(StringTable.spaceText).advance, widestNumberEm: widestNumber,
            direction: options.order == .english ? .leftToRight : chapter.direction, sourceLineEm: sourceLineEm)
        var top: Float32 = 0
        // Scratch for one block's tier widths and runs, reused by every verse (no allocation per verse or label).
        var block = BlockScratch(tiers: Tier.blockTiers.count)
        for verse in chapter.verses {
            let start = layout.labels.count
            let height =
                options.order == .english
                ? layoutVerseInEnglishOrder(verse, of: chapter, metrics: metrics, into: &layout)
                : layoutVerse(verse, of: chapter, metrics: metrics, block: &block, into: &layout)
            layout.cells.append(Cell(labels: start..<layout.labels.count, y: top, height: height))
            top += height
        }
        return layout
    }

    /// Shapes every string the layout needs up front, on `shapingThreads` threads, when the cache lacks many of
    /// them (a cold layout). A warm re-layout of the same chapter skips this in O(1).
    private func prefetch(_ chapter: Chapter, tiers: [Tier], options: LayoutOptions) {
        guard shapingThreads ?? 2 > 1,
            chapter.strings.count - cache.shapedCount >= ShapeCache.parallelMinimum
        else { return }
        let key = (
            generation: cache.generation, strings: chapter.strings.count, words: chapter.words.count,
            tiers: options.tiers
        )
        if let last = gatheredFor, last == key { return }
        let translation = options.tiers.contains(.translation)
        // The most ids gathered: then they are written in place, without a capacity check per id (an append each
        // was most of this gather in a warm layout, benchmark `typeset-warm`).
        var bound = 0
        for verse in chapter.verses {
            bound += 1 + verse.words.count * tiers.count + (translation ? verse.translation.count : 0)
        }
        gathered = [TextID](unsafeUninitializedCapacity: bound) { buffer, count in
            var n = 0
            for verse in chapter.verses {
                buffer[n] = verse.numberText
                n += 1
                for word in chapter.words[verse.words] {
                    for tier in tiers {
                        if let id = word.text(tier), id != StringTable.emptyText {
                            buffer[n] = id
                            n += 1
                        }
                    }
                }
                if translation {
                    for id in chapter.translationTokens[verse.translation] {
                        buffer[n] = id
                        n += 1
                    }
                }
            }
            count = n
        }
        cache.prefetch(gathered, threads: shapingThreads ?? Self.threadsForIdleProcessors())
        gatheredFor = key
    }

    /// Everything about the options that is the same for every verse, computed once per layout.
    struct Metrics {
        let options: LayoutOptions
        let lineHeight: [Float32]  // by tier raw value
        let blockTiers: [Tier]
        let tierOffset: [Float32]  // by tier raw value, within a block
        let blockHeight: Float32
        let left: Float32, columnWidth: Float32
        /// Which way word blocks flow.
        let direction: ScriptDirection
        /// The interlinear column's left edge: `left`, or right of the translation column in a right-to-left
        /// chapter laid out side by side.
        let columnLeft: Float32
        /// The verse-number gutter: the chapter's widest verse number and a word gap (at most half the column).
        /// Word blocks, and the translation when it sits underneath, begin right of it on every line.
        let gutter: Float32
        /// The widest a verse number may be drawn (narrower than the gutter only when the gutter was capped).
        let numberWidth: Float32
        let translationLeft: Float32, translationWidth: Float32
        let gap: Float32, rowGap: Float32, top: Float32, bottomPadding: Float32, space: Float32

        init(
            options: LayoutOptions, lineEm: Float, spaceEm: Float, widestNumberEm: Float,
            direction: ScriptDirection = .leftToRight, sourceLineEm: Float? = nil
        ) {
            self.direction = direction
            self.options = options
            // The lemma is in the source's script too (a Hebrew headword needs the Hebrew font's line).
            lineHeight = Tier.allCases.map {
                ($0 == .source || $0 == .lemma ? sourceLineEm ?? lineEm : lineEm) * options.size(of: $0)
            }
            blockTiers = Self.blockTiers(options)
            var offsets = [Float32](repeating: 0, count: Tier.allCases.count)
            var y: Float32 = 0
            for tier in blockTiers {
                offsets[Int(tier.rawValue)] = y
                y += lineHeight[Int(tier.rawValue)]
            }
            tierOffset = offsets
            blockHeight = max(y, lineHeight[Int(Tier.verse.rawValue)])
            left = options.margin
            gap = options.wordGap * options.fontSize
            let content = max(options.width - 2 * options.margin, 1)
            // In English order the translation leads the blocks: it has no column of its own.
            let sideBySide = options.sideBySide && options.tiers.contains(.translation) && options.order == .source
            columnWidth = sideBySide ? (content - options.columnGap) * options.interlinearShare : content
            gutter = min(widestNumberEm * options.size(of: .verse) + gap, columnWidth / 2)
            numberWidth = max(gutter - gap, gutter / 2)
            let rightToLeft = direction == .rightToLeft
            columnLeft = rightToLeft && sideBySide ? left + content - columnWidth : left
            if sideBySide {
                translationLeft = rightToLeft ? left : left + columnWidth + options.columnGap
                translationWidth = content - columnWidth - options.columnGap
            } else {
                // Underneath: clear of the gutter, which is on the right in a right-to-left chapter.
                translationLeft = rightToLeft ? left : left + gutter
                translationWidth = content - gutter
            }
            rowGap = 0.3 * options.fontSize
            top = 0.25 * options.fontSize
            // gbible: the row ends half a leading below its lowest label.
            bottomPadding = 0.5 * options.fontSize
            space = spaceEm * options.size(of: .translation)
        }

        func height(_ tier: Tier) -> Float32 { lineHeight[Int(tier.rawValue)] }

        /// The block tiers `options` shows, top to bottom.
        static func blockTiers(_ options: LayoutOptions) -> [Tier] {
            Tier.blockTiers.filter { options.tiers.contains($0) }
        }
    }

    /// One word block's tiers as measured: each tier's width on the line and its run, looked up once and placed
    /// from here (a run lookup is a call into the shape cache; a warm layout is mostly lookups and appends).
    struct BlockScratch {
        var widths: [Float32]
        var runs: [ShapedRun]

        init(tiers: Int) {
            widths = [Float32](repeating: 0, count: tiers)
            runs = [ShapedRun](
                repeating: ShapedRun(glyphStart: 0, glyphCount: 0, advance: 0, missing: 0), count: tiers)
        }
    }

    /// Appends one verse's labels; returns the cell height.
    private func layoutVerse(
        _ verse: Verse, of chapter: Chapter, metrics m: Metrics, block scratch: inout BlockScratch,
        into layout: inout ChapterLayout
    ) -> Float32 {
        var y = m.top
        let rightToLeft = m.direction == .rightToLeft
        let columnRight = m.columnLeft + m.columnWidth
        // The verse number starts the line: at the left edge, or right-aligned at the right edge.
        let numberRun = cache.run(verse.numberText)
        let numberX =
            rightToLeft
            ? columnRight - min(numberRun.advance * m.options.size(of: .verse), m.numberWidth)
            : m.columnLeft
        _ = place(
            verse.numberText, run: numberRun, tier: .verse, offset: 0, x: numberX, y: y, limit: m.numberWidth,
            metrics: m, into: &layout)
        var flow =
            rightToLeft
            ? Flow(start: m.columnLeft, end: columnRight - m.gutter, gap: m.gap, direction: .rightToLeft)
            : Flow(start: m.columnLeft + m.gutter, end: columnRight, gap: m.gap)
        for (offset, word) in chapter.words[verse.words].enumerated() {
            // Measure first: a block wraps as a whole, and only when it really does not fit.
            var blockWidth: Float32 = 0
            for (i, tier) in m.blockTiers.enumerated() {
                guard let id = word.text(tier), id != StringTable.emptyText else {
                    scratch.widths[i] = 0
                    continue
                }
                let run = cache.run(id)
                scratch.runs[i] = run
                scratch.widths[i] = min(run.advance * m.options.size(of: tier), flow.lineLength)
                blockWidth = max(blockWidth, scratch.widths[i])
            }
            let block = flow.place(blockWidth)
            if block.beginsLine && flow.line > 0 { y += m.blockHeight + m.rowGap }
            // The corpus layer keeps a verse within `Verse.maxWords`, so the offset fits its 16 bits.
            let wordOffset = UInt16(truncatingIfNeeded: offset)
            for (i, tier) in m.blockTiers.enumerated() where scratch.widths[i] > 0 {
                guard let id = word.text(tier) else { continue }
                // Tiers align to the block's starting edge: the left, or the right in a right-to-left row.
                let x = rightToLeft ? block.x + block.length - scratch.widths[i] : block.x
                _ = place(
                    id, run: scratch.runs[i], tier: tier, offset: wordOffset, x: x,
                    y: y + m.tierOffset[Int(tier.rawValue)], limit: flow.lineLength, metrics: m, into: &layout)
            }
        }
        var bottom = y + m.blockHeight
        if m.options.tiers.contains(.translation), !verse.translation.isEmpty {
            let lineHeight = m.height(.translation)
            var ty = m.options.sideBySide ? m.top : bottom + m.rowGap
            var flow = Flow(start: m.translationLeft, end: m.translationLeft + m.translationWidth, gap: m.space)
            for (offset, id) in chapter.translationTokens[verse.translation].enumerated() {
                let run = cache.run(id)
                let token = flow.place(run.advance * m.options.size(of: .translation))
                if token.beginsLine && flow.line > 0 { ty += lineHeight }
                _ = place(
                    id, run: run, tier: .translation, offset: UInt16(truncatingIfNeeded: offset), x: token.x, y: ty,
                    limit: flow.lineLength, metrics: m, into: &layout)
            }
            bottom = max(bottom, ty + lineHeight)
        }
        return bottom + m.bottomPadding
    }

    /// Appends a label; a label wider than its line is scaled down to fit (never overflows). Returns its width.
    @inline(__always)
    func place(
        _ id: TextID, tier: Tier, offset: UInt16, x: Float32, y: Float32, limit: Float32,
        metrics m: Metrics, into layout: inout ChapterLayout
    ) -> Float32 {
        place(id, run: cache.run(id), tier: tier, offset: offset, x: x, y: y, limit: limit, metrics: m, into: &layout)
    }

    /// `place(_:tier:…)` with the string's run already looked up (`cache.run(id)`).
    @inline(__always)
    func place(
        _ id: TextID, run: ShapedRun, tier: Tier, offset: UInt16, x: Float32, y: Float32, limit: Float32,
        metrics m: Metrics, into layout: inout ChapterLayout
    ) -> Float32 {
        var width = run.advance * m.options.size(of: tier)
        var height = m.height(tier)
        if width > limit {
            height *= limit / width
            width = limit
        }
        layout.missingGlyphs += Int(run.missing)
        layout.labels.append(Label(x: x, y: y, width: width, height: height, text: id, offset: offset, tier: tier))
        return width
    }
}
