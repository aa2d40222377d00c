import ArgumentParser
import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearTable

/// `interlinear a11y REF`: the accessibility tree a screen reader would see, as JSON
/// (schema `Schemas/a11y-5.schema.json`).
struct A11yCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11y", _superCommandName: InterlinearCommand.name,
        abstract: "Dump the chapter's accessibility tree as JSON (interlinear.a11y/5).",
        discussion: """
            By default the dump walks the visible cells, as a screen reader would; --all walks every cell. The \
            screen reader is off unless --screen-reader on or ACCESSIBLE=1; off, no element is built.
            """)

    @OptionGroup var layout: LayoutArguments

    @Option(
        parsing: .unconditional,
        help: "Viewport size WIDTHxHEIGHT, optionally +X+Y for its screen origin (default: the layout width x 844).")
    var viewport: String?

    // Unconditional: a negative value ("--scroll -40", "--hit-test -5,10") is a value, not an option.
    @Option(parsing: .unconditional, help: "Scroll offset in points (clamped to the content; the output says when).")
    var scroll: Double = 0

    @Option(help: "Screen reader on or off (default: off, or on when ACCESSIBLE=1).")
    var screenReader: Switch?

    @Option(help: "Elements per word block (word) or per label (label).")
    var granularity: Granularity = .word

    @Flag(help: "Walk every cell instead of the visible ones.")
    var all = false

    @Option(parsing: .unconditional, help: "Hit-test a screen point X,Y: the element under it, or else the nearest.")
    var hitTest: String?

    @Option(parsing: .unconditional, help: "Node id to move focus from, e.g. John.1.3.w2.")
    var from: String?

    @Option(help: "Direction to move focus from --from: next or previous.")
    var move: AccessibilityTree.Direction?

    @Option(parsing: .unconditional, help: "Number of focus moves (1–1000000).")
    var count: Int = 1

    // Unconditional: `--note -1` is a verse number out of range, not a missing value.
    @Option(parsing: .unconditionalSingleValue, help: "A verse that has a note (shows a note marker); repeatable.")
    var note: [Int] = []

    @Flag(help: "Lay out and scroll with the screen reader off, then turn it on and dump.")
    var toggleLate = false

    @Option(help: "Write to this file instead of stdout (written atomically).")
    var output: String?

    @Option(help: ArgumentHelp(WordOrder.help))
    var order: WordOrder = .source

    func validate() throws {
        guard scroll.isFinite, abs(scroll) <= 1e9 else {
            throw ValidationError("--scroll must be a number of points, got \(scroll.plainText)")
        }
        guard (1...1_000_000).contains(count) else {
            throw ValidationError("--count must be between 1 and 1000000, got \(count)")
        }
        if let bad = note.first(where: { !(1...999).contains($0) }) {
            throw ValidationError("--note must be a verse number from 1 to 999, got \(bad)")
        }
        _ = try parseViewport(defaultWidth: 390)
        _ = try hitTest.map(parsePoint)
        switch (from, move) {
        case (nil, _?): throw ValidationError("--move needs --from NODE_ID")
        case (_?, nil): throw ValidationError("--from needs --move next or --move previous")
        default: break
        }
        if toggleLate && screenReader == .off {
            throw ValidationError(
                "--toggle-late turns the screen reader on; it cannot be combined with --screen-reader off")
        }
    }

    func run() throws {
        try reportingFailures {
            let engine = try Engine(layout, order: order)
            let (document, tree) = try prepare(engine)
            try emit(try document.encoded(walking: tree, cells: cells(of: tree)), to: output)
            engine.saveCaches()
            ProcessEnd.keep(engine, tree)
        }
    }

    /// The dump of the engine's chapter as the options ask, with its nodes held (`run` writes them as it walks):
    /// the tree laid out, scrolled (and toggled), the moves and the hit test made, then the walk, and the stats last.
    func document(from engine: Engine) throws -> A11yDocument {
        var (document, tree) = try prepare(engine)
        document.walk(tree, cells: cells(of: tree))
        document.finish(tree)
        return document
    }

    /// The cells the dump walks: all, or the visible ones.
    func cells(of tree: AccessibilityTree) -> Range<VerseIndex> {
        all ? tree.layout.cells.indices : tree.visibleCells
    }

    /// Everything before the walk: the tree, its scroll, the moves and the hit test.
    func prepare(_ engine: Engine) throws -> (A11yDocument, AccessibilityTree) {
        let options = engine.options
        let screen = try parseViewport(defaultWidth: options.width)
        let enabled = screenReader.map { $0 == .on } ?? AccessibleVariable.isOn(in: ProcessInfo.processInfo.environment)
        let point = try hitTest.map(parsePoint)
        let direction = move

        let verses = Set(engine.chapter.verses.map(\.number))
        if let missing = note.first(where: { !verses.contains($0) }) {
            throw Failure(.noInput, "--note \(missing): \(engine.chapter.reference) has no verse \(missing)")
        }
        let tree = engine.session.accessibilityTree(
            for: engine.chapter, viewport: screen, granularity: granularity, notedVerses: Set(note),
            screenReaderEnabled: enabled && !toggleLate)
        let (_, clamped) = tree.scroll(to: Float(scroll))
        if toggleLate {
            // The app runs with the reader off: scroll through the chapter (visible cells only, as drawing
            // would), then the user starts the reader. Nothing must have been built before that.
            for y in stride(from: Float(0), through: tree.table.contentHeight, by: max(screen.height / 2, 1)) {
                tree.scroll(to: y)
                _ = tree.visibleCells
            }
            tree.scroll(to: Float(scroll))
            guard tree.stats == AccessibilityTree.Stats() else {
                throw Failure(.software, "elements were built with the screen reader off")
            }
            tree.screenReaderEnabled = true
        }

        // Moves scroll focus into view and the hit test uses the final scroll, so both come before the walk.
        var moves: [A11yDocument.Move] = [], reachedEnd = false
        if let from, let direction {
            (moves, reachedEnd) = try performMoves(from: from, direction: direction, tree: tree)
        }
        var document = A11yDocument(tree: tree, requestedScrollY: scroll, scrollClamped: clamped, walkAll: all)
        document.moves = moves
        document.reachedEnd = reachedEnd
        if let point, let hit = tree.hitTest(x: point.x, y: point.y) {
            document.hit = A11yDocument.Hit(
                distance: rounded(hit.distance), inside: hit.distance == 0, nodeId: tree.nodeID(of: hit.id),
                x: rounded(point.x), y: rounded(point.y))
        }
        return (document, tree)
    }

    private func performMoves(
        from: String, direction: AccessibilityTree.Direction,
        tree: AccessibilityTree
    ) throws -> ([A11yDocument.Move], Bool) {
        guard tree.screenReaderEnabled else {
            throw Failure("--from needs the screen reader on (--screen-reader on or ACCESSIBLE=1)")
        }
        guard case .element(let start)? = tree.target(parsing: from), tree.element(start) != nil else {
            throw Failure(
                "unknown node id \(EscapedText.quoted(from)); expected an element of \(tree.chapter.reference) such as \(tree.rootNodeID).1.w1"
            )
        }
        var current = start
        var moves: [A11yDocument.Move] = []
        for _ in 0..<count {
            guard let move = tree.move(direction, from: current) else { return (moves, true) }
            moves.append(
                A11yDocument.Move(
                    announcement: move.scrolledTo == nil ? nil : tree.scrollAnnouncement(),
                    from: tree.nodeID(of: current), name: tree.utterance(of: move.to)?.name ?? "",
                    scrollY: rounded(tree.viewport.scrollY), scrolled: move.scrolledTo != nil,
                    to: tree.nodeID(of: move.to)))
            current = move.to
        }
        return (moves, false)
    }

    /// "390x844" or "390x844+0+20".
    private func parseViewport(defaultWidth: Float) throws -> Viewport {
        guard let text = viewport else {
            return Viewport(width: defaultWidth, height: Interlinear.defaultViewportHeight)
        }
        guard let parsed = ValueSyntax.viewport(text) else {
            throw ValidationError(
                "malformed --viewport \(EscapedText.quoted(text)); expected WIDTHxHEIGHT such as 390x844, optionally +X+Y"
            )
        }
        return Viewport(originX: parsed.x, originY: parsed.y, width: parsed.width, height: parsed.height)
    }

    /// "120,300".
    private func parsePoint(_ text: String) throws -> (x: Float, y: Float) {
        guard let point = ValueSyntax.point(text) else {
            throw ValidationError(
                "malformed --hit-test \(EscapedText.quoted(text)); expected screen coordinates X,Y such as 120,300")
        }
        return point
    }
}

/// `--screen-reader on|off`.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off

    init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension Granularity: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension AccessibilityTree.Direction: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}
