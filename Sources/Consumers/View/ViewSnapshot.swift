import InterlinearCorpus
import Foundation
import InterlinearAccessibility
import InterlinearTable

/// What the window showed when a snapshot was taken: one JSON line on stdout per snapshot
/// (`Schemas/view-snapshot-1.schema.json`), so a test driving the window knows what the PNG should hold.
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
    }

    let schema = "interlinear.view-snapshot/1"
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

    init(window source: ViewWindow, file: String, pixelWidth: Int32, pixelHeight: Int32) {
        let view = source.view
        let viewport = view.viewport
        self.file = file
        sequence = source.snapshots
        reference = view.chapter.reference.description
        title = view.title
        let origin = source.origin
        window = Window(x: Float(origin.x), y: Float(origin.y), width: viewport.width,
                        height: viewport.height + ChapterView.statusBarHeight, scale: source.scale,
                        pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        viewportHeight = viewport.height
        scrollY = viewport.scrollY
        contentHeight = view.tree.table.contentHeight
        let cells = view.visibleCells
        if let first = cells.first, let last = cells.last {
            visibleVerses = Verses(first: view.tree.verseNumber(ofCell: VerseIndex(first)),
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
        stats = Stats(containersBuilt: s.containersBuilt, elementsBuilt: s.elementsBuilt, framesComputed: s.framesComputed)
        let line = view.statusLine
        status = Status(left: line.left, right: line.right)
    }

    enum Key: String, CodingKey {
        case schema, file, sequence, reference, title, window, viewportHeight, scrollY, contentHeight, visibleVerses
        case focus, focusFrame, framesDrawn, cellsDrawn, wakeUps, layouts, screenReader, stats, status
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
