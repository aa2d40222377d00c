import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTable

/// What the window showed when a snapshot was taken: one JSON line on stdout per snapshot
/// (`Schemas/view-snapshot-4.schema.json`; 2 added the details pane, the search, zoom, the theme, the tiers, help and the
/// table's width with its labels' right edge; 3 the word's dictionary entries in the details; 4 the word order), so a
/// test driving the window knows what the PNG should hold.
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
            try c.encode(query, forKey: "query")
            try c.encode(total, forKey: "total")
            // null, not left out, before the first `n`.
            try c.encode(current, forKey: "current")
            try c.encode(hits, forKey: "hits")
        }
    }

    static let schema = "interlinear.view-snapshot/4"
    let source: ViewWindow
    let file: String
    let pixelWidth: Int32, pixelHeight: Int32

    init(window source: ViewWindow, file: String, pixelWidth: Int32, pixelHeight: Int32) {
        (self.source, self.file, self.pixelWidth, self.pixelHeight) = (source, file, pixelWidth, pixelHeight)
    }

    /// A key named where its value is written, once.
    struct Key: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringLiteral value: String) { stringValue = value }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every key is written straight from the window; absent values as explicit nulls.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        let view = source.view
        let viewport = view.viewport
        try c.encode(Self.schema, forKey: "schema")
        try c.encode(file, forKey: "file")
        try c.encode(source.snapshots, forKey: "sequence")
        try c.encode(view.chapter.reference.description, forKey: "reference")
        try c.encode(view.title, forKey: "title")
        let origin = source.origin
        let window = Window(
            x: Float(origin.x), y: Float(origin.y), width: view.windowSize.width,
            height: view.windowSize.height, scale: source.scale,
            pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        try c.encode(window, forKey: "window")
        try c.encode(viewport.height, forKey: "viewportHeight")
        try c.encode(viewport.scrollY, forKey: "scrollY")
        try c.encode(view.tree.table.contentHeight, forKey: "contentHeight")
        let cells = view.visibleCells
        var verses: Verses?
        if let first = cells.first, let last = cells.last {
            verses = Verses(
                first: view.tree.verseNumber(ofCell: VerseIndex(first)),
                last: view.tree.verseNumber(ofCell: VerseIndex(last)))
        }
        try c.encode(verses, forKey: "visibleVerses")
        try c.encode(view.focus.map(view.tree.nodeID(of:)), forKey: "focus")
        try c.encode(view.focusRing.map(Frame.init), forKey: "focusFrame")
        try c.encode(source.framesDrawn, forKey: "framesDrawn")
        try c.encode(source.cellsDrawn, forKey: "cellsDrawn")
        try c.encode(source.wakeUps, forKey: "wakeUps")
        try c.encode(view.layoutCount, forKey: "layouts")
        try c.encode(view.screenReaderEnabled, forKey: "screenReader")
        let s = view.tree.stats
        let stats = Stats(
            containersBuilt: s.containersBuilt, elementsBuilt: s.elementsBuilt, framesComputed: s.framesComputed)
        try c.encode(stats, forKey: "stats")
        let line = view.statusLine
        try c.encode(Status(left: line.left, right: line.right, lines: view.statusLines), forKey: "status")
        try c.encode(view.details, forKey: "details")
        try c.encode(view.pane.map { Pane(placement: $0.placement.rawValue, size: $0.size) }, forKey: "pane")
        let search = view.search.map { Search(query: $0.query, total: $0.total, current: $0.index, hits: $0.hits) }
        try c.encode(search, forKey: "search")
        try c.encode(view.options.fontSize, forKey: "fontSize")
        try c.encode(view.theme.rawValue, forKey: "theme")
        // The tiers shown, as `--tiers` lists them.
        try c.encode(view.tierList, forKey: "tiers")
        try c.encode(view.order.rawValue, forKey: "order")
        try c.encode(view.helpShown, forKey: "help")
        // The table's width in points, and the right edge of its rightmost label (never beyond the table's width).
        try c.encode(viewport.width, forKey: "tableWidth")
        try c.encode(view.layout.labels.reduce(0) { max($0, $1.x + $1.width) }, forKey: "labelsRight")
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
