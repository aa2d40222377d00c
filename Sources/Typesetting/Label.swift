import InterlinearCorpus

/// A positioned piece of shaped text: 24 bytes, stored by value in a chapter-wide array. No object per label.
public struct Label: Sendable, Equatable {
    /// Frame relative to the cell's top-left corner, in points.
    public var x: Float32
    public var y: Float32
    public var width: Float32
    public var height: Float32
    /// The interned string; its shaped run is `ShapeCache.run(text)`.
    public var text: TextID
    /// The place in its verse of what the label shows: the source word's offset for a block tier, the translation
    /// token's offset for the translation, 0 for the verse number. The tier says which, so no value is reserved
    /// and every offset up to `maxWordsPerVerse - 1` is representable.
    public var offset: UInt16
    public var tier: Tier

    /// The most source words a verse may hold for its labels to index them (`Verse.maxWords`, the limit the corpus
    /// layer checks when it reads a chapter).
    public static let maxWordsPerVerse = Verse.maxWords

    public init(x: Float32, y: Float32, width: Float32, height: Float32, text: TextID, offset: UInt16, tier: Tier) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.text = text
        self.offset = offset
        self.tier = tier
    }

    /// The source word the label belongs to; nil for the verse number and translation words.
    @inlinable public var word: WordOffset? { tier.isBlockTier ? WordOffset(offset) : nil }
    /// The translation token the label shows; nil unless it is a translation word.
    @inlinable public var token: TokenOffset? { tier == .translation ? TokenOffset(offset) : nil }
    public var maxX: Float32 { x + width }
    public var maxY: Float32 { y + height }

    /// Whether two frames share any area.
    public func overlaps(_ other: Label) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// One table cell: one verse, at the verse's own index (`ChapterLayout.cells[verseIndex]`). Its labels are a
/// contiguous range of the chapter's label array.
public struct Cell: Sendable, Equatable {
    public var labels: Range<Int>
    /// Top of the cell in chapter coordinates, and its height.
    public var y: Float32
    public var height: Float32
}

/// A typeset chapter: every label in one contiguous array, sliced per cell; one cell per verse, indexed by verse.
public struct ChapterLayout: Sendable {
    public let options: LayoutOptions
    public internal(set) var labels: ContiguousArray<Label> = []
    public internal(set) var cells = ChapterArray<Verse, Cell>()
    /// Characters that no installed font could draw, summed over the labels.
    public internal(set) var missingGlyphs = 0

    /// The chapter's total height: the bottom of the last cell.
    public var height: Float32 { cells.last.map { $0.y + $0.height } ?? 0 }

    /// The labels of one verse's cell.
    public func labels(in verse: VerseIndex) -> ArraySlice<Label> { labels[cells[verse].labels] }
}
