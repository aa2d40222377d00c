import Foundation
import InterlinearCorpus
import InterlinearShaping

/// Lays out chapters: each source word is a block of stacked tiers; blocks flow left to right and wrap to the
/// interlinear column; the translation flows in its own column beside it or underneath. Shaping goes through the
/// cache, so re-laying out at another width or size shapes nothing.
public final class Typesetter {
    public let cache: ShapeCache
    /// Threads for cold shaping (`ShapeCache.prefetch`); 1 shapes as labels are placed. Defaults to the active
    /// processors, at most 4.
    public var shapingThreads: Int = Typesetter.defaultShapingThreads
    /// Scratch for the ids a cold layout gathers, reused by every layout.
    private var gathered: [TextID] = []
    /// What the last gather covered: skipped while the cache, table and tiers are unchanged (warm re-layout).
    private var gatheredFor: (generation: Int, strings: Int, words: Int, tiers: TierSet)?

    /// The active processor count, capped at 4.
    public static var defaultShapingThreads: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    public init(cache: ShapeCache) { self.cache = cache }

    /// Typesets every verse of `chapter` into one contiguous label array.
    public func layout(_ chapter: Chapter, options: LayoutOptions) -> ChapterLayout {
        precondition(chapter.strings === cache.strings, "the chapter and the shape cache must share a string table")
        var layout = ChapterLayout(options: options)
        layout.labels.reserveCapacity(chapter.words.count * 5 + chapter.translationTokens.count + chapter.verses.count)
        layout.cells.reserveCapacity(chapter.verses.count)
        let metrics = Metrics(options: options, lineEm: cache.chain.primary.lineSpacing,
                              spaceEm: cache.advance(of: " "))
        let empty = chapter.strings.id(of: "")
        prefetch(chapter, tiers: metrics.blockTiers, options: options, empty: empty)
        var top: Float32 = 0
        // Scratch for one block's tier widths, reused by every verse (no allocation per verse or label).
        var widths = [Float32](repeating: 0, count: Tier.blockTiers.count)
        for (index, verse) in chapter.verses.enumerated() {
            let start = layout.labels.count
            let height = layoutVerse(verse, of: chapter, metrics: metrics, empty: empty, widths: &widths, into: &layout)
            layout.cells.append(Cell(verseIndex: index, labels: start..<layout.labels.count, y: top, height: height))
            top += height
        }
        return layout
    }

    /// Shapes every string the layout needs up front, on `shapingThreads` threads, when the cache lacks many of
    /// them (a cold layout). A warm re-layout of the same chapter skips this in O(1).
    private func prefetch(_ chapter: Chapter, tiers: [Tier], options: LayoutOptions, empty: TextID?) {
        guard shapingThreads > 1,
              chapter.strings.count - cache.shapedCount >= ShapeCache.parallelMinimum else { return }
        let key = (generation: cache.generation, strings: chapter.strings.count, words: chapter.words.count,
                   tiers: options.tiers)
        if let last = gatheredFor, last == key { return }
        gathered.removeAll(keepingCapacity: true)
        for verse in chapter.verses {
            gathered.append(verse.numberText)
            for word in chapter.words[verse.words] {
                for tier in tiers {
                    let id = text(of: word, tier)
                    if id != empty { gathered.append(id) }
                }
            }
            if options.tiers.contains(.translation) { gathered.append(contentsOf: chapter.translationTokens[verse.translation]) }
        }
        cache.prefetch(gathered, threads: shapingThreads)
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
        let translationLeft: Float32, translationWidth: Float32
        let gap: Float32, rowGap: Float32, top: Float32, bottomPadding: Float32, space: Float32

        init(options: LayoutOptions, lineEm: Float, spaceEm: Float) {
            self.options = options
            lineHeight = Tier.allCases.map { lineEm * options.size(of: $0) }
            blockTiers = Tier.blockTiers.filter { options.tiers.contains($0) }
            var offsets = [Float32](repeating: 0, count: Tier.allCases.count)
            var y: Float32 = 0
            for tier in blockTiers {
                offsets[Int(tier.rawValue)] = y
                y += lineHeight[Int(tier.rawValue)]
            }
            tierOffset = offsets
            blockHeight = max(y, lineHeight[Int(Tier.verse.rawValue)])
            left = options.margin
            let content = max(options.width - 2 * options.margin, 1)
            if options.sideBySide && options.tiers.contains(.translation) {
                columnWidth = (content - options.columnGap) * options.interlinearShare
                translationLeft = left + columnWidth + options.columnGap
                translationWidth = content - columnWidth - options.columnGap
            } else {
                columnWidth = content
                translationLeft = left
                translationWidth = content
            }
            gap = options.wordGap * options.fontSize
            rowGap = 0.3 * options.fontSize
            top = 0.25 * options.fontSize
            // gbible: the row ends half a leading below its lowest label.
            bottomPadding = 0.5 * options.fontSize
            space = spaceEm * options.size(of: .translation)
        }

        func height(_ tier: Tier) -> Float32 { lineHeight[Int(tier.rawValue)] }
    }

    /// Appends one verse's labels; returns the cell height.
    private func layoutVerse(_ verse: Verse, of chapter: Chapter, metrics m: Metrics, empty: TextID?,
                             widths: inout [Float32], into layout: inout ChapterLayout) -> Float32 {
        let right = m.left + m.columnWidth
        var x = m.left
        var y = m.top
        // The verse number is the first token of the flow.
        let numberWidth = place(verse.numberText, tier: .verse, word: Label.noWord, x: x, y: y,
                                limit: m.columnWidth, metrics: m, into: &layout)
        x += numberWidth + m.gap
        for (offset, word) in chapter.words[verse.words].enumerated() {
            // Measure first: a block wraps as a whole, and only when it really does not fit.
            var blockWidth: Float32 = 0
            for (i, tier) in m.blockTiers.enumerated() {
                let id = text(of: word, tier)
                widths[i] = id == empty ? 0 : min(cache.run(id).advance * m.options.size(of: tier), m.columnWidth)
                blockWidth = max(blockWidth, widths[i])
            }
            if x > m.left && x + blockWidth > right {
                x = m.left
                y += m.blockHeight + m.rowGap
            }
            for (i, tier) in m.blockTiers.enumerated() where widths[i] > 0 {
                _ = place(text(of: word, tier), tier: tier, word: UInt16(offset), x: x,
                          y: y + m.tierOffset[Int(tier.rawValue)], limit: m.columnWidth, metrics: m, into: &layout)
            }
            x += blockWidth + m.gap
        }
        var bottom = y + m.blockHeight
        if m.options.tiers.contains(.translation), !verse.translation.isEmpty {
            let lineHeight = m.height(.translation)
            let side = m.options.sideBySide
            var tx = m.translationLeft
            var ty = side ? m.top : bottom + m.rowGap
            let tright = m.translationLeft + m.translationWidth
            for id in chapter.translationTokens[verse.translation] {
                let width = min(cache.run(id).advance * m.options.size(of: .translation), m.translationWidth)
                if tx > m.translationLeft && tx + width > tright {
                    tx = m.translationLeft
                    ty += lineHeight
                }
                tx += place(id, tier: .translation, word: Label.noWord, x: tx, y: ty, limit: m.translationWidth,
                            metrics: m, into: &layout) + m.space
            }
            bottom = max(bottom, ty + lineHeight)
        }
        return bottom + m.bottomPadding
    }

    /// Appends a label; a label wider than its column is scaled down to fit (never overflows). Returns its width.
    @inline(__always)
    private func place(_ id: TextID, tier: Tier, word: UInt16, x: Float32, y: Float32, limit: Float32,
                       metrics m: Metrics, into layout: inout ChapterLayout) -> Float32 {
        let run = cache.run(id)
        var width = run.advance * m.options.size(of: tier)
        var height = m.height(tier)
        if width > limit {
            height *= limit / width
            width = limit
        }
        layout.missingGlyphs += Int(run.missing)
        layout.labels.append(Label(x: x, y: y, width: width, height: height, text: id, word: word, tier: tier))
        return width
    }

    @inline(__always)
    private func text(of word: Word, _ tier: Tier) -> TextID {
        switch tier {
        case .source: word.surface
        case .transliteration: word.transliteration
        case .strongs: word.strongs
        case .morphology: word.morphology
        default: word.gloss
        }
    }
}
