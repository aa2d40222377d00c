import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// What the window showed when a snapshot was taken: one JSON line on stdout per snapshot
/// (`Schemas/view-snapshot-3.schema.json`; 2 added the details pane, the search, zoom, the theme, the tiers, help and the
/// table's width with its labels' right edge; 3 the word's dictionary entries in the details), so a test driving the
/// window knows what the PNG should hold.
struct ViewSnapshot: Encodable {
    struct Frame: Encodable {
        var x: Float, y: Float, width: Float, height: Float
        init(_ rect: Rect) { (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height) }
    }
    struct Window: Encodable {
        /// Content origin on screen and size, in points.
        var x: Float, y: Float, width: Float, height: Float
        /// Pixels per point, and the PNG's size in pixels.
        var scale: Double
        var pixelWidth: Int32, pixelHeight: Int32
    }
    struct Verses: Encodable {
        var first: Int, last: Int
    }
    struct Stats: Encodable {
        var containersBuilt: Int, elementsBuilt: Int, framesComputed: Int
    }
    struct Status: Encodable {
        var left: String, right: String
        var lines: Int
    }
    struct Pane: Encodable {
        var placement: String
        var size: Float
    }
    struct Search: Encodable {
        var query: String, total: Int, current: Int?
        var hits: [WindowHit]
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(query, forKey: .query)
            try c.encode(total, forKey: .total)
            try c.encode(current, forKey: .current)
            try c.encode(hits, forKey: .hits)
        }
        enum Key: String, CodingKey { case query, total, current, hits }
    }

    let schema = "interlinear.view-snapshot/3"
    var file: String
    var sequence: Int
    var reference: String
    var title: String
    var window: Window
    var viewportHeight: Float
    var scrollY: Float
    var contentHeight: Float
    var visibleVerses: Verses?
    var focus: String?
    var focusFrame: Frame?
    var framesDrawn: Int
    var cellsDrawn: Int
    var wakeUps: Int
    var layouts: Int
    var screenReader: Bool
    var stats: Stats
    var status: Status
    var details: WordDetails?
    var pane: Pane?
    var search: Search?
    var fontSize: Float
    var theme: String
    /// The tiers shown, as `--tiers` lists them.
    var tiers: String
    var help: Bool
    /// The table's width in points, and the right edge of its rightmost label (never beyond the table's width).
    var tableWidth: Float
    var labelsRight: Float

    init(window source: ViewWindow, file: String, pixelWidth: Int32, pixelHeight: Int32) {
        let view = source.view
        let viewport = view.viewport
        self.file = file
        sequence = source.snapshots
        reference = view.chapter.reference.description
        title = view.title
        let origin = source.origin
        window = Window(
            x: Float(origin.x), y: Float(origin.y), width: view.windowSize.width,
            height: view.windowSize.height, scale: source.scale,
            pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        viewportHeight = viewport.height
        scrollY = viewport.scrollY
        contentHeight = view.tree.table.contentHeight
        let cells = view.visibleCells
        if let first = cells.first, let last = cells.last {
            visibleVerses = Verses(
                first: view.tree.verseNumber(ofCell: VerseIndex(first)),
                last: view.tree.verseNumber(ofCell: VerseIndex(last)))
        }
        focus = view.focus.map(view.tree.nodeID(of:))
        focusFrame = view.focusRing.map(Frame.init)
        framesDrawn = source.framesDrawn
        cellsDrawn = source.cellsDrawn
        wakeUps = source.wakeUps
        layouts = view.layoutCount
        screenReader = view.screenReaderEnabled
        let s = view.tree.stats
        stats = Stats(
            containersBuilt: s.containersBuilt, elementsBuilt: s.elementsBuilt, framesComputed: s.framesComputed)
        let line = view.statusLine
        status = Status(left: line.left, right: line.right, lines: view.statusLines)
        details = view.details
        pane = view.pane.map { Pane(placement: $0.placement.rawValue, size: $0.size) }
        search = view.search.map { Search(query: $0.query, total: $0.total, current: $0.index, hits: $0.hits) }
        fontSize = view.options.fontSize
        theme = view.theme.rawValue
        tiers = view.tierList
        help = view.helpShown
        tableWidth = viewport.width
        labelsRight = view.layout.labels.reduce(0) { max($0, $1.x + $1.width) }
    }

    enum Key: String, CodingKey {
        case schema, file, sequence, reference, title, window, viewportHeight, scrollY, contentHeight, visibleVerses
        case focus, focusFrame, framesDrawn, cellsDrawn, wakeUps, layouts, screenReader, stats, status
        case details, pane, search, fontSize, theme, tiers, help, tableWidth, labelsRight
    }

    /// Every key is written; absent values as explicit nulls.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(file, forKey: .file)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(reference, forKey: .reference)
        try c.encode(title, forKey: .title)
        try c.encode(window, forKey: .window)
        try c.encode(viewportHeight, forKey: .viewportHeight)
        try c.encode(scrollY, forKey: .scrollY)
        try c.encode(contentHeight, forKey: .contentHeight)
        try c.encode(visibleVerses, forKey: .visibleVerses)
        try c.encode(focus, forKey: .focus)
        try c.encode(focusFrame, forKey: .focusFrame)
        try c.encode(framesDrawn, forKey: .framesDrawn)
        try c.encode(cellsDrawn, forKey: .cellsDrawn)
        try c.encode(wakeUps, forKey: .wakeUps)
        try c.encode(layouts, forKey: .layouts)
        try c.encode(screenReader, forKey: .screenReader)
        try c.encode(stats, forKey: .stats)
        try c.encode(status, forKey: .status)
        try c.encode(details, forKey: .details)
        try c.encode(pane, forKey: .pane)
        try c.encode(search, forKey: .search)
        try c.encode(fontSize, forKey: .fontSize)
        try c.encode(theme, forKey: .theme)
        try c.encode(tiers, forKey: .tiers)
        try c.encode(help, forKey: .help)
        try c.encode(tableWidth, forKey: .tableWidth)
        try c.encode(labelsRight, forKey: .labelsRight)
    }

    /// One line of JSON with sorted keys, newline-terminated.
    func jsonLine() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
