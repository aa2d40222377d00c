import InterlinearCorpus
import InterlinearTable
import InterlinearTypesetting

/// The accessibility side of a typeset chapter, and the screen-reader switch.
///
/// Off (the default), it stores no element at all and scrolling costs nothing. On, each cell's container is built
/// the first time that cell is queried, from the layout alone, so turning the reader on at any moment makes the next
/// query build exactly what an on-from-launch run would (AccessKit's "initial tree on first request", but per cell).
/// Turning it off releases every element. Frames are stored cell-relative and converted to the screen at query time
/// with the table's prefix sums and the viewport's one scroll value (Chromium's offset container), so a scroll
/// touches nothing here.
public final class AccessibilityTree {
    public let chapter: Chapter
    public let layout: ChapterLayout
    public let table: Table
    public let granularity: Granularity
    /// Verse numbers that carry a note marker.
    public let notedVerses: Set<Int>
    /// Where the table sits on screen and how far it is scrolled. Scrolling sets `scrollY` and does nothing else.
    public var viewport: Viewport

    /// What the layer has done since the screen reader last came on.
    public struct Stats: Sendable, Equatable {
        /// Containers built (cells queried).
        public var containersBuilt = 0
        /// Elements currently held.
        public var elementsBuilt = 0
        /// Screen frames computed (each one on request; none on scroll).
        public var framesComputed = 0

        public init() {}
    }

    public private(set) var stats = Stats()
    /// The corpus-wide search behind "find other occurrences" (see `OccurrenceIndex`); nil searches this chapter.
    package var occurrenceIndex: (any OccurrenceIndex)?
    /// Whether the running text (`documentText`, `text(ofCell:)`) holds the original words (`ScriptSetting`).
    package var script = ScriptSetting()
    /// How much a word's description says (`WordSpeech`): everything (`.full`, what `a11y` and the exports give)
    /// unless the window's listener chose less (`v`).
    package var verbosity = Verbosity.full
    /// The spoken forms of the chapter's strings, each computed once (lemma transliterations, morphology in
    /// words, each verse's alignment of translation words to Greek words).
    package let spokenForms = SpokenForms()
    /// The chapter's node id, `John.1`: the start of every node id (made once, as ids are made per element).
    public let rootNodeID: String
    /// Built containers by cell; empty while the screen reader is off.
    private var containers: [CellContainer?] = []

    /// Whether a screen reader is running. Turning it off releases every element and resets the stats.
    public var screenReaderEnabled: Bool {
        didSet {
            guard screenReaderEnabled != oldValue else { return }
            containers = []
            stats = Stats()
        }
    }

    public init(
        chapter: Chapter, layout: ChapterLayout, viewport: Viewport, granularity: Granularity = .word,
        notedVerses: Set<Int> = [], screenReaderEnabled: Bool = false
    ) {
        self.chapter = chapter
        self.layout = layout
        self.rootNodeID = chapter.reference.osisID
        self.table = Table(layout: layout)
        self.viewport = viewport
        self.granularity = granularity
        self.notedVerses = notedVerses
        self.screenReaderEnabled = screenReaderEnabled
    }

    public var cellCount: Int { table.cellCount }

    /// Scrolls to `y`, clamped to the content; returns the offset used and whether it was clamped. O(1).
    @discardableResult
    public func scroll(to y: Float) -> (scrollY: Float, clamped: Bool) {
        let result = table.clamp(scrollY: y, viewportHeight: viewport.height)
        viewport.scrollY = result.scrollY
        return result
    }

    /// The cells (verses) the viewport shows; O(log n).
    public var visibleCells: Range<VerseIndex> {
        let rows = table.visibleCells(in: viewport)
        return VerseIndex(rows.lowerBound)..<VerseIndex(rows.upperBound)
    }

    /// The verse number of a cell.
    public func verseNumber(ofCell cell: VerseIndex) -> Int { chapter.verses[cell].number }

    // MARK: Containers

    /// The container of a cell, built on its first query; nil while the screen reader is off or out of range.
    package func container(at cell: VerseIndex) -> CellContainer? {
        guard screenReaderEnabled, layout.cells.indices.contains(cell) else { return nil }
        if containers.isEmpty { containers = Array(repeating: nil, count: cellCount) }
        if let built = containers[Int(cell)] { return built }
        let built = CellContainer(
            cell: cell, layout: layout, granularity: granularity,
            hasNote: notedVerses.contains(verseNumber(ofCell: cell)))
        containers[Int(cell)] = built
        stats.containersBuilt += 1
        stats.elementsBuilt += built.elementCount
        return built
    }

    /// Whether a cell's container exists yet (never builds it).
    public func isBuilt(cell: VerseIndex) -> Bool {
        containers.indices.contains(Int(cell)) && containers[Int(cell)] != nil
    }

    /// The element an id names, or nil if there is none (or the screen reader is off).
    public func element(_ id: ElementID) -> Element? {
        guard let container = container(at: id.cell), let index = container.index(of: id.kind) else { return nil }
        return container.elements[index]
    }

    /// The id of the element at an index of a cell.
    public func elementID(cell: VerseIndex, index: Int) -> ElementID? {
        container(at: cell)?.element(at: index).map { ElementID(cell: cell, kind: $0.kind) }
    }

    /// "Item 3 of 17", counted in the set the element belongs to, as assistive technologies expect: a Greek word (or
    /// any label of it) among the verse's Greek words, a translation word among the verse's translation words. Nil
    /// for elements that are not items of a set (verse number, note marker, the whole translation), or no element.
    public func position(of id: ElementID) -> (posInSet: Int, setSize: Int)? {
        guard let container = container(at: id.cell), container.index(of: id.kind) != nil else { return nil }
        switch id.kind {
        case .word(let w), .label(let w, _):
            return (Int(w) + 1, chapter.verses[id.cell].words.count)
        case .translation(let t):
            // Elements are sorted, so the last one is the last translation word.
            guard case .translation(let last)? = container.elements.last?.kind else { return nil }
            return (Int(t) + 1, Int(last) + 1)
        case .verseNumber, .note, .verseTranslation: return nil
        }
    }

    /// The element an element is a child of: the whole translation for a translation word; nil when its parent is
    /// the verse container itself.
    public func parent(of id: ElementID) -> ElementID? {
        guard case .translation = id.kind else { return nil }
        let node = ElementID(cell: id.cell, kind: .verseTranslation)
        return element(node) != nil ? node : nil
    }

    /// The children of an element, in order (the translation words of the whole translation), or of the verse
    /// container when `id` is nil: every element of the cell whose parent is the container.
    public func children(of id: ElementID?, cell: VerseIndex) -> [ElementID] {
        guard let container = container(at: cell) else { return [] }
        let all = container.elements.map { ElementID(cell: cell, kind: $0.kind) }
        return all.filter { parent(of: $0) == id }
    }

    // MARK: Frames

    /// An element's place on screen, computed now from its cell-relative frame, the cell origin and the scroll.
    public struct ScreenFrame: Sendable, Equatable {
        /// The whole frame in screen coordinates.
        public var bounds: Rect
        /// The part inside the viewport; nil when none of it is.
        public var clipped: Rect?
        /// Whether no part of it is inside the viewport.
        public var offscreen: Bool { clipped == nil }
    }

    /// The screen frame of a cell-relative rectangle of a cell.
    public func screenFrame(of frame: Rect, cell: VerseIndex) -> ScreenFrame {
        stats.framesComputed += 1
        let bounds = table.screenFrame(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height,
            cell: Int(cell), in: viewport)
        return ScreenFrame(bounds: bounds, clipped: bounds.intersection(viewport.screenRect))
    }

    /// An element's screen frame, or nil if there is no such element.
    public func screenFrame(of id: ElementID) -> ScreenFrame? {
        element(id).map { screenFrame(of: $0.frame, cell: id.cell) }
    }

    /// A whole cell's screen frame (the verse container's bounds).
    public func screenFrame(ofCell cell: VerseIndex) -> ScreenFrame {
        let row = Int(cell)
        return screenFrame(
            of: Rect(
                x: 0, y: 0, width: layout.options.width,
                height: table.origins[row + 1] - table.origins[row]), cell: cell)
    }

    /// The scroll offset that brings an element fully into view, clamped to the content, or nil if it is already
    /// fully visible. It scrolls as little as possible but shows the element's whole verse when the verse fits, so
    /// swiping through a verse scrolls once, not row by row.
    public func scrollOffsetRevealing(_ id: ElementID) -> Float? {
        guard let element = element(id) else { return nil }
        return table.scrollOffsetRevealing(
            y: element.frame.y, height: element.frame.height, cell: Int(id.cell),
            in: viewport)
    }

    /// Moves focus to an element: scrolls it into view if needed. Returns the scroll offset if it changed.
    @discardableResult
    public func focus(_ id: ElementID) -> Float? {
        guard let offset = scrollOffsetRevealing(id), offset != viewport.scrollY else { return nil }
        viewport.scrollY = offset
        return offset
    }
}
