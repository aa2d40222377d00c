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
    /// Source-word index within the verse, or `Label.noWord` for verse numbers and translation words.
    public var word: UInt16
    public var tier: Tier

    public static let noWord = UInt16.max

    /// The most source words a verse may hold for its labels to index them (`Verse.maxWords`, the limit the corpus
    /// layer checks when it reads a chapter).
    public static let maxWordsPerVerse = Verse.maxWords
    /// The most translation tokens a verse may hold (`Verse.maxTranslationTokens`).
    public static let maxTokensPerVerse = Verse.maxTranslationTokens

    public init(x: Float32, y: Float32, width: Float32, height: Float32, text: TextID, word: UInt16, tier: Tier) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.text = text
        self.word = word
        self.tier = tier
    }

    /// The word index, nil for verse and translation labels.
    public var wordIndex: Int? { word == Label.noWord ? nil : Int(word) }
    public var maxX: Float32 { x + width }
    public var maxY: Float32 { y + height }

    /// Whether two frames share any area.
    public func overlaps(_ other: Label) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// One table cell: one verse. Its labels are a contiguous range of the chapter's label array.
public struct Cell: Sendable, Equatable {
    public var verseIndex: Int
    public var labels: Range<Int>
    /// Top of the cell in chapter coordinates, and its height.
    public var y: Float32
    public var height: Float32
}

/// A typeset chapter: every label in one contiguous array, sliced per cell.
public struct ChapterLayout: Sendable {
    public let options: LayoutOptions
    public internal(set) var labels: ContiguousArray<Label> = []
    public internal(set) var cells: [Cell] = []
    /// Characters that no installed font could draw, summed over the labels.
    public internal(set) var missingGlyphs = 0

    /// The chapter's total height: the bottom of the last cell.
    public var height: Float32 { cells.last.map { $0.y + $0.height } ?? 0 }

    /// The labels of one cell.
    public func labels(in cell: Int) -> ArraySlice<Label> { labels[cells[cell].labels] }
}
