import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearNotes
import InterlinearRender
import InterlinearSession
import InterlinearTable
import InterlinearTypesetting
import InterlinearWording

/// What the window shows, without SDL: the chapter and its layout, the scroll offset, keyboard focus, the
/// go-to-verse prompt and the status line. Every key goes through `handle(_:)`, which says what changed, so the
/// window redraws only then and tells the screen reader only what it needs.
///
/// The scroll offset lives in the accessibility tree's viewport: one value for drawing and for the frames a
/// screen reader asks for. The viewport's origin stays (0, 0), the table's place in the window; a screen reader adds
/// the window's position on screen (`AccessibleHost.windowOrigin`). While the screen reader is off the tree holds no element and nothing here builds one:
/// scrolling sets one number, and keyboard focus walks the layout's labels (`ReadingOrder`) instead of the tree.
package final class ChapterView {
    /// Height of the status line at the bottom of the window, in points; the table's viewport is above it.
    package static let statusBarHeight: Float = 24
    /// One arrow key or one wheel notch.
    package static let lineStep: Float = 40
    /// Narrower windows are laid out at this width (the layout's own lower bound) and clipped.
    package static let minimumLayoutWidth: Float = 100

    /// The chapter's layout, table, viewport (scroll) and, while a screen reader runs, its elements.
    package internal(set) var tree: AccessibilityTree
    /// The keyboard focus, kept while the screen reader is off too; its id is content-derived, so it survives a
    /// re-layout and the reader starting or stopping.
    package internal(set) var focus: ElementID?
    /// The `:` (go to) or `/` (search) prompt, while it is open.
    package internal(set) var prompt: CommandPrompt?
    /// A one-off message for the status line, cleared by the next key.
    package internal(set) var message: String?
    /// The window's size in points; the table gets what the status bar and the details pane leave.
    package internal(set) var windowSize: (width: Float, height: Float)
    /// Lines the status bar wraps onto at the window's width (measured by the painter, `setStatusLines`).
    package internal(set) var statusLines = 1
    /// The word the details pane shows (the last word focused or clicked), until Esc closes the pane.
    package internal(set) var detailsWord: ElementID?
    /// The Strong's field the details pane last showed and its dictionary entries as the pane shows them
    /// (`details`): made once per word shown, so a paint does no work that grows with an entry's text.
    var shownDefinitions: (field: String, definitions: [WordDetails.Definition])?
    /// Whether the store has a lexicon, asked once: the pane below the chapter is then four lines taller, for the
    /// focused word's entry (the same for every word, so moving the focus never resizes it).
    lazy var paneHasEntries: Bool = catalog.hasLexicon
    /// The last search's hits in this chapter, until Esc or another chapter.
    package internal(set) var search: SearchTrail<WindowHit>?
    /// The help overlay's page (`?`, F1), nil when it is not shown.
    package internal(set) var help: HelpPage?
    /// Back and forward (Alt+← and Alt+→).
    package internal(set) var history = ReadingHistory()
    /// The colours (`t` cycles them).
    package var theme: Theme.Name = .light
    /// Where other chapters come from; its session lays out every chapter with one shape cache (re-layout shapes
    /// nothing).
    package let catalog: ChapterCatalog
    package internal(set) var options: LayoutOptions
    /// Layouts made since the view opened, the first included.
    package internal(set) var layoutCount = 1
    /// The reader's notes file as read when the window opened (nil: none), and this chapter's notes, their words
    /// found in it as it is now (`ChapterView+Notes.swift`).
    package internal(set) var noteFile: NotesByChapter?
    package internal(set) var notes: [Note] = []
    /// What the window says to a screen reader that starts after it opened: the notes of the first chapter.
    package var openingAnnouncement: String?
    /// Pairs the translation's words with the source words as an order pairs them (`e`, `switchOrder`): a SWORD
    /// module's pairing, which the command line sets up; nil when the translation needs nothing (the BSB).
    package var pairTranslation: ((WordOrder) -> Void)?

    /// Opens a chapter already laid out with `layout` (the first layout, made by the caller so that failures are
    /// reported before a window exists). `options.width` is the window's width in points. `chapter` comes from
    /// `catalog.session`.
    package init(
        chapter: Chapter, layout: ChapterLayout, catalog: ChapterCatalog,
        windowHeight: Float, scrollY: Float = 0, screenReaderEnabled: Bool = false
    ) {
        self.catalog = catalog
        options = layout.options
        windowSize = (layout.options.width, windowHeight)
        let viewport = Viewport(width: layout.options.width, height: max(windowHeight - Self.statusBarHeight, 1))
        tree = AccessibilityTree(
            chapter: chapter, layout: layout, viewport: viewport, granularity: .word,
            screenReaderEnabled: screenReaderEnabled)
        tree.verbosity = .normal  // the terminal reader's default; `a11y` and the exports describe at full
        tree.scroll(to: scrollY)
    }

    package var chapter: Chapter { tree.chapter }
    package var layout: ChapterLayout { tree.layout }
    package var viewport: Viewport { tree.viewport }
    package var scrollY: Float { tree.viewport.scrollY }
    /// The table rows (cells, one per verse) the window shows: the only ones drawn.
    package var visibleCells: Range<Int> { tree.table.visibleCells(in: tree.viewport) }
    /// "interlinear — John 1".
    package var title: String { "interlinear — \(chapter.reference)" }

    /// Whether a screen reader runs. Off releases every element; on builds them lazily as the reader asks.
    package var screenReaderEnabled: Bool {
        get { tree.screenReaderEnabled }
        set { tree.screenReaderEnabled = newValue }
    }

    // MARK: Keys

    /// Applies one key and says what changed.
    package func handle(_ key: Key) -> ViewChange {
        if key == .snapshot { return .snapshot }
        if prompt != nil { return handlePrompt(key) }
        if let help { return handleHelpKey(key, page: help) }
        // Text nothing is bound to (the "+" of Ctrl+plus arrives as text too) changes nothing, not even a message.
        if case .character(let c) = key, !Self.boundCharacters.contains(c) { return [] }
        if let change = handleReaderKey(key) { return change }
        var change: ViewChange = []
        if message != nil {
            message = nil
            change.insert(.status)
        }
        switch key {
        case .up: change.formUnion(scroll(by: -Self.lineStep))
        case .down: change.formUnion(scroll(by: Self.lineStep))
        case .pageUp: change.formUnion(scroll(by: -pageStep))
        case .pageDown: change.formUnion(scroll(by: pageStep))
        case .home: change.formUnion(scroll(to: 0))
        case .end: change.formUnion(scroll(to: .greatestFiniteMagnitude))
        case .tab, .right: change.formUnion(moveFocus(forward: true))
        case .shiftTab, .left: change.formUnion(moveFocus(forward: false))
        case .previousChapter, .character("["): change.formUnion(stepChapter(-1))
        case .nextChapter, .character("]"): change.formUnion(stepChapter(1))
        case .character(":"):
            prompt = CommandPrompt(.go)
            change.insert(.status)
        case .escape, .character("q"), .character("Q"): change.insert(.quit)
        default: break
        }
        return change
    }

    private func handlePrompt(_ key: Key) -> ViewChange {
        guard var typed = prompt else { return [] }
        switch key {
        case .character(let c):
            guard typed.type(c) else { return [] }
            prompt = typed
            return .status
        case .backspace:
            guard typed.erase() else { return [] }
            prompt = typed
            return .status
        case .escape:
            prompt = nil
            return .status
        case .enter:
            prompt = nil
            let text = typed.trimmed
            guard !text.isEmpty else { return .status }
            return (typed.kind == .go ? goTo(text) : find(text)).union(.status)
        default:
            return []
        }
    }

    /// A page: the viewport's height less one line, so the last line stays in view.
    package var pageStep: Float { max(viewport.height - Self.lineStep, Self.lineStep) }

    // MARK: Scrolling

    /// Scrolls to `y`, clamped to the content. O(1), no allocation, no accessibility work.
    package func scroll(to y: Float) -> ViewChange {
        let before = tree.viewport.scrollY
        tree.scroll(to: y)
        return tree.viewport.scrollY == before ? [] : .scrolled
    }

    /// Scrolls by `dy` points (positive: down the chapter).
    package func scroll(by dy: Float) -> ViewChange { scroll(to: tree.viewport.scrollY + dy) }

    // MARK: Focus

    /// Moves focus one element forwards or backwards and scrolls it into view. From no focus, or a focus that
    /// scrolled out of view, it enters at the first (last) element in view, as browsers do.
    package func moveFocus(forward: Bool) -> ViewChange {
        let order = ReadingOrder(layout: layout)
        guard let from = focus, isInView(from) else {
            return order.entry(in: tree.table, viewport: viewport, forward: forward).map(setFocus) ?? []
        }
        let target: ElementID?
        if tree.screenReaderEnabled {
            target = forward ? tree.next(after: from) : tree.previous(before: from)
        } else {
            target = forward ? order.next(after: from) : order.previous(before: from)
        }
        guard let target else {
            message = WindowWording.chapterEdge(chapter.reference, end: forward)
            return .status
        }
        return setFocus(target)
    }

    /// Focuses an element (from a key, a verse jump, or a screen reader's request) and scrolls it into view.
    /// An id that names no element of the chapter changes nothing.
    @discardableResult
    package func setFocus(_ id: ElementID) -> ViewChange {
        guard let frame = ReadingOrder(layout: layout).frame(of: id) else { return [] }
        var change: ViewChange = focus == id ? [] : .focus
        focus = id
        if let word = sourceWord(of: id), detailsWord != word {
            // The details pane follows the focused word (in English order the first under the focused English
            // word); opening it may narrow or shorten the table.
            detailsWord = word
            change.formUnion(reflow().union(.status))
        }
        let before = tree.viewport.scrollY
        if tree.screenReaderEnabled {
            tree.focus(id)
        } else if let y = tree.table.scrollOffsetRevealing(
            y: frame.y, height: frame.height, cell: Int(id.cell),
            in: viewport)
        {
            tree.scroll(to: y)
        }
        if tree.viewport.scrollY != before { change.insert(.scrolled) }
        return change
    }

    /// The focused element's frame in the window, in points (content scrolled by the viewport), for the ring.
    package var focusRing: Rect? {
        guard let focus, let frame = ReadingOrder(layout: layout).frame(of: focus) else { return nil }
        return Rect(
            x: frame.x, y: tree.table.origins[Int(focus.cell)] + frame.y - viewport.scrollY,
            width: frame.width, height: frame.height)
    }

    /// Whether any part of an element is in the viewport (computed from the labels, never from elements).
    package func isInView(_ id: ElementID) -> Bool {
        guard let frame = ReadingOrder(layout: layout).frame(of: id) else { return false }
        let top = tree.table.origins[Int(id.cell)] + frame.y
        return top + frame.height > viewport.scrollY && top < viewport.scrollY + viewport.height
    }

    // MARK: Verses and chapters

    /// Scrolls a verse to the top and focuses its number. An unknown verse says so in the status line.
    package func goToVerse(_ number: Int) -> ViewChange {
        guard let cell = tree.cellIndex(verseNumber: number) else {
            message = WindowWording.noVerse(number, in: chapter.reference, numbers: chapter.verses.map(\.number))
            return .status
        }
        var change = scroll(to: tree.table.origins[Int(cell)])
        if let first = ReadingOrder(layout: layout).first(fromCell: cell, step: 1) { change.formUnion(setFocus(first)) }
        return change
    }

    /// Shows the chapter `step` places away among the corpus's chapters, from its top. When the corpus skips the
    /// chapter next to this one, the status line names it; at either end of the corpus (or when the file cannot be
    /// read) the status line says so and nothing else changes.
    package func stepChapter(_ step: Int) -> ViewChange {
        let here = chapter.reference
        let neighbour = ChapterCatalog.neighbour(of: here, forward: step > 0)
        guard let target = catalog.chapter(step, from: here) else {
            message = WindowWording.lastChapter(here, forward: step > 0, missing: neighbour)
            return .status
        }
        guard turn(to: target) else { return .status }
        if abs(step) == 1, let neighbour, target != neighbour {
            message = [WindowWording.skipped(neighbour, showing: target), message].compactMap { $0 }
                .joined(separator: " · ")
        }
        return [.chapter, .layout, .scrolled, .focus, .status]
    }

    /// Leaves this chapter (remembered for Alt+←) for `target`, at its top; false, with the status line saying why,
    /// when it cannot be read.
    func turn(to target: ChapterReference) -> Bool {
        let next: Chapter
        do { next = try catalog.load(target) } catch {
            message = WindowWording.cannotOpen(target, error)
            return false
        }
        leave()
        show(next)
        return true
    }

    /// Replaces the chapter, at the top, with no focus, no details and no search.
    func show(_ loaded: Chapter) {
        let next = catalog.session.inLayoutOrder(loaded)
        let layout = catalog.session.layout(next, options: options)
        layoutCount += 1
        let (script, verbosity) = (tree.script, tree.verbosity)
        tree = AccessibilityTree(
            chapter: next, layout: layout,
            viewport: Viewport(width: viewport.width, height: viewport.height),
            granularity: .word, screenReaderEnabled: tree.screenReaderEnabled)
        tree.script = script
        notes = noteFile?.notes(in: next.reference).located(in: next) ?? []
        message = notesOpened
        openingAnnouncement = nil
        tree.verbosity = verbosity
        focus = nil
        let paneWasOpen = pane != nil
        detailsWord = nil
        search = nil
        if paneWasOpen { reflow() }
    }

    // MARK: Resizing

    /// The window is now `width` × `height` points. A new width lays the chapter out again (warm: the shape cache
    /// has every string) and keeps the verse at the top at the top, at the same fraction of its height; a new
    /// height only resizes the viewport.
    package func resize(width: Float, height: Float) -> ViewChange {
        guard width.isFinite, height.isFinite else { return [] }
        windowSize = (width, height)
        return reflow()
    }

    /// Fits the table to what the window leaves it: its size less the status bar and the details pane. A new width
    /// (or `force`: a new font size) lays the chapter out again (warm: the shape cache has every string) and keeps
    /// the verse at the top at the top, at the same fraction of its height; a new height only resizes the viewport.
    @discardableResult
    func reflow(force: Bool = false) -> ViewChange {
        let pane = self.pane
        let width = max(windowSize.width - (pane?.placement == .beside ? pane!.size : 0), 1)
        let viewportHeight = max(windowSize.height - statusHeight - (pane?.placement == .below ? pane!.size : 0), 1)
        let layoutWidth = max(width, Self.minimumLayoutWidth)
        var change: ViewChange = []
        if layoutWidth != options.width || force {
            let table = tree.table
            let atEnd = scrollY > 0 && scrollY >= table.maxScroll(viewportHeight: viewport.height)
            let top = table.cell(atContentY: scrollY)
            let topHeight = table.origins[top + 1] - table.origins[top]
            let fraction = topHeight > 0 ? (scrollY - table.origins[top]) / topHeight : 0
            options.width = layoutWidth
            let layout = catalog.session.layout(chapter, options: options)
            layoutCount += 1
            let (script, verbosity) = (tree.script, tree.verbosity)
            tree = AccessibilityTree(
                chapter: chapter, layout: layout,
                viewport: Viewport(width: width, height: viewportHeight),
                granularity: .word, screenReaderEnabled: tree.screenReaderEnabled)
            tree.script = script
            tree.verbosity = verbosity
            let origins = tree.table.origins
            tree.scroll(
                to: atEnd
                    ? .greatestFiniteMagnitude
                    : origins[top] + fraction * (origins[top + 1] - origins[top]))
            change = [.layout, .scrolled]
        } else if width != viewport.width || viewportHeight != viewport.height {
            let before = scrollY
            tree.viewport.width = width
            tree.viewport.height = viewportHeight
            tree.scroll(to: before)
            change = scrollY == before ? .viewport : [.viewport, .scrolled]
        }
        return change
    }

    // MARK: Status line

    /// The status line: where the reader is on the left; the prompt, a message or the main keys on the right.
    package var statusLine: (left: String, right: String) {
        let cells = visibleCells
        var left = "\(chapter.reference)"
        if let first = cells.first, let last = cells.last {
            let a = tree.verseNumber(ofCell: VerseIndex(first)), b = tree.verseNumber(ofCell: VerseIndex(last))
            left += a == b ? " · verse \(a) of \(tree.cellCount)" : " · verses \(a)–\(b) of \(tree.cellCount)"
        }
        if let prompt { return (left, prompt.text) }
        if let message { return (left, message) }
        if let search { return (left, "/\(search.query): \(search.summary) · n N next") }
        return (left, "Tab word · : go to · / search · ? help · q quit")
    }
}
