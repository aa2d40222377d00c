import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearRender
import InterlinearSession
import InterlinearTable
import InterlinearWording

/// The reader's keys beyond scrolling and focus: go anywhere (`:`), search (`/`, n, N), back and forward, zoom,
/// themes, help, the details pane and clicks. Everything here changes the view's state and says what changed, as
/// `handle(_:)` does; the window draws and tells the screen reader.
extension ChapterView {
    /// The font sizes zoom moves between (WCAG 1.4.4: text up to 200 % and beyond).
    package static let fontSizes: ClosedRange<Float> = 8...48
    /// One Ctrl+plus: a fifth larger, rounded to a half point.
    package static let zoomStep: Float = 1.2
    /// Windows at least this wide show the details pane beside the chapter; narrower ones below it.
    package static let besideMinimumWidth: Float = 800

    /// The characters that are keys outside a prompt.
    static let boundCharacters = Set<Character>([
        ":", "/", "[", "]", "n", "N", "t", "o", "v", "e", "?", "q", "Q",
        "1", "2", "3", "4", "5", "6", "7",
    ]).union(studyCharacters).union(noteCharacters)
    /// The tiers the digit keys 1–7 show and hide: the default tiers in their order on the page, then the lemma
    /// (shown only when asked for).
    package static let toggledTiers: [Tier] = [
        .source, .transliteration, .strongs, .morphology, .gloss, .translation, .lemma,
    ]

    /// Where the details pane sits and how wide (beside) or tall (below) it is, in points; nil while it is closed.
    package enum PanePlacement: String, Sendable, Encodable { case beside, below }

    package var pane: (placement: PanePlacement, size: Float)? {
        guard detailsWord != nil || search != nil else { return nil }
        let besideWidth = max(240, paneFontSize * 18)
        // Beside only when the table keeps more than the pane's width; else below, at most 40 % of the window.
        if windowSize.width >= max(Self.besideMinimumWidth, besideWidth * 2.2) { return (.beside, besideWidth) }
        let lines: Float = paneHasEntries ? 13 : 9
        return (.below, min(max(windowSize.height * 0.4, 1), paneLineHeight * lines + 12))
    }

    /// The details pane's and the help overlay's text size: the translation's size, so it zooms with the chapter.
    package var paneFontSize: Float { options.size(of: .translation) }
    package var paneLineHeight: Float { paneFontSize * 1.45 }
    /// The status bar's text size, zooming with the chapter (12 at the default 17).
    package var barFontSize: Float { 12 * options.fontSize / 17 }
    /// The status bar's height: its lines and a margin (24 for one line at the default size).
    package var statusHeight: Float { Float(statusLines) * barFontSize * 1.5 + 6 }

    /// The word the details pane shows, read from the chapter, with its dictionary entries from the store.
    package var details: WordDetails? {
        guard var details = detailsWord.flatMap({ WordDetails(of: $0, in: chapter) }) else { return nil }
        details.definitions = definitions(ofStrongs: details.strongs)
        return details
    }

    /// The entries of a word's Strong's field as the pane shows them, looked up in the store and made into the
    /// pane's lines once per word shown, not once per frame.
    private func definitions(ofStrongs field: String) -> [WordDetails.Definition] {
        if let known = shownDefinitions, known.field == field { return known.definitions }
        // A damaged entry (the store refused its row) is shown as none; the define action says why.
        let definitions = ((try? catalog.definitions(ofStrongs: field)) ?? []).map(WordDetails.Definition.init)
        shownDefinitions = (field, definitions)
        return definitions
    }

    /// The painter measured the status bar at the window's width: it takes `lines` lines. Returns what changed.
    package func setStatusLines(_ lines: Int) -> ViewChange {
        let lines = max(1, min(lines, 8))
        guard lines != statusLines else { return [] }
        statusLines = lines
        return reflow()
    }

    /// Where the original script goes (`o` turns it on and off in speech; remembered with the other settings).
    package var script: ScriptSetting { tree.script }

    /// Changes the script setting. The running text a screen reader reads changes with it, so the tree is made
    /// again over the same layout (nothing is laid out or shaped again), keeping the scroll offset and the focus.
    @discardableResult
    package func setScript(_ setting: ScriptSetting) -> ViewChange {
        guard setting != tree.script else { return [] }
        let scrollY = self.scrollY
        tree = AccessibilityTree(
            chapter: chapter, layout: layout, viewport: viewport, granularity: .word,
            screenReaderEnabled: tree.screenReaderEnabled)
        tree.script = setting
        tree.verbosity = verbosity
        tree.scroll(to: scrollY)
        if tree.screenReaderEnabled, let focus { tree.focus(focus) }
        return .layout
    }

    /// How much a word's description says to a screen reader (`v` cycles brief, normal, full, the terminal
    /// reader's levels; remembered with the other settings). Only the window's descriptions follow it: `a11y` and
    /// the exports describe at full.
    package var verbosity: Verbosity { tree.verbosity }

    /// Describes the words at `level`. A description is worked out when a screen reader asks for it (once per
    /// distinct word and level, `SpokenForms`), so nothing is rebuilt; the screen reader hears of the change
    /// through `ScreenReaderChannel`.
    package func setVerbosity(_ level: Verbosity) { tree.verbosity = level }

    /// What a screen reader says of the status line after a key: the key list while the help is shown, else the
    /// message.
    package var spokenStatus: String? {
        switch help {
        case .keys: WindowWording.keyList(KeyHelp.rows)
        case .codes(let codes, _): WindowWording.codeKey(codes.entries.count, of: chapter.reference)
        case nil: message
        }
    }

    /// The keys of this extension; nil for a key `handle(_:)` deals with itself.
    func handleReaderKey(_ key: Key) -> ViewChange? {
        // A key clears the last message (as in `handle(_:)`) before it may leave its own.
        let saved = message
        var change: ViewChange = saved == nil ? [] : .status
        message = nil
        if let study = handleStudyKey(key) ?? handleNoteKey(key) { return change.union(study) }
        switch key {
        case .character("/"):
            prompt = CommandPrompt(.search)
            change.insert(.status)
        case .character("n"): change.formUnion(stepHit(forward: true))
        case .character("N"): change.formUnion(stepHit(forward: false))
        case .back: change.formUnion(travel(back: true))
        case .forward: change.formUnion(travel(back: false))
        case .zoomIn: change.formUnion(zoom(to: options.fontSize * Self.zoomStep))
        case .zoomOut: change.formUnion(zoom(to: options.fontSize / Self.zoomStep))
        case .help, .character("?"):
            help = .keys
            change.insert(.status)
        case .character("o"):
            change.formUnion(setScript(ScriptSetting(speech: !script.speech, braille: script.braille)))
            message = ChapterWording(chapter: chapter).originalSwitch(script.speech).text
            change.insert(.status)
        case .character("v"):
            setVerbosity(verbosity.next)
            message = ReaderWording.verbosity(verbosity).text
            change.insert(.status)
        case .character("e"):
            change.formUnion(switchOrder())
        case .character("t"):
            let all = Theme.Name.allCases
            theme = all[((all.firstIndex(of: theme) ?? 0) + 1) % all.count]
            message = WindowWording.theme(theme.rawValue)
            change.insert(.status)
        case .character(let c) where c.wholeNumberValue.map { (1...Self.toggledTiers.count).contains($0) } == true:
            change.formUnion(toggleTier(Self.toggledTiers[c.wholeNumberValue! - 1]))
        case .escape where detailsWord != nil || search != nil:
            // Esc closes the pane (and the search) first; another Esc quits.
            detailsWord = nil
            search = nil
            change.formUnion(reflow().union(.status))
        default:
            message = saved
            return nil
        }
        return change
    }

    // MARK: Go anywhere

    /// Goes to what was typed after `:`: a verse of this chapter ("28") or any reference the command line takes
    /// ("Rom 8:28", "Ps 23"), English Old Testament numbering moved to the Hebrew text's where they differ.
    package func goTo(_ text: String) -> ViewChange {
        guard let typed = Passage(parsing: text, relativeTo: chapter.reference) else {
            message = WindowWording.notAReference(text)
            return .status
        }
        var passage = typed
        var note: String?
        do { (passage, note) = try catalog.resolvingEnglishNumbering(typed) } catch {
            message = WindowWording.cannotOpen(typed, error)
            return .status
        }
        var change: ViewChange = []
        if passage.chapter != chapter.reference {
            guard turn(to: passage.chapter) else { return .status }
            change = [.chapter, .layout, .scrolled, .focus, .status]
        }
        if let verses = passage.verses { change.formUnion(goToVerse(verses.lowerBound)) }
        if let note { message = note }
        return change.union(.status)
    }

    /// Remembers where the reader is before going elsewhere.
    func leave() { history.leave(.init(chapter: chapter.reference, scrollY: scrollY)) }

    /// Back (or forward) in the history: that chapter, scrolled as it was.
    func travel(back: Bool) -> ViewChange {
        let here = ReadingHistory.Place(chapter: chapter.reference, scrollY: scrollY)
        guard let place = back ? history.goBack(from: here) : history.goForward(from: here) else {
            message = WindowWording.nothingToGo(back: back)
            return .status
        }
        var change: ViewChange = .status
        if place.chapter != chapter.reference {
            do { show(try catalog.load(place.chapter)) } catch {
                message = WindowWording.cannotOpen(place.chapter, error)
                return .status
            }
            change.formUnion([.chapter, .layout, .focus])
        }
        if let verse = place.verse { return change.union(goToVerse(verse)).union(.scrolled) }
        return change.union(scroll(to: place.scrollY)).union(.scrolled)
    }

    /// "Romans 8:28": the chapter and the verse at the top of the window, as the settings file remembers it.
    package var place: String {
        guard let first = visibleCells.first else { return chapter.reference.description }
        return "\(chapter.reference):\(tree.verseNumber(ofCell: VerseIndex(first)))"
    }

    /// Offers where the reader was when the window last closed: back (Alt+←) goes there, and the status line says
    /// so. Nothing when it is here already or is not a reference.
    package func remember(lastTime reference: String?) {
        guard let reference, let passage = Passage(parsing: reference), reference != place,
            passage.chapter != chapter.reference || passage.verses != nil
        else { return }
        history.leave(.init(chapter: passage.chapter, scrollY: 0, verse: passage.verses?.lowerBound))
        message = WindowWording.lastTime(reference)
    }

    // MARK: Search

    /// Runs a search typed after `/` and lists its hits in this chapter in the pane; n goes to the first.
    package func find(_ query: String) -> ViewChange {
        do {
            search = try SearchTrail(query, in: chapter, navigation: catalog)
        } catch let error as ChapterCatalog.NoStore {
            message = WindowWording.searchNeedsStore(error)
            return .status
        } catch {
            message = WindowWording.searchFailed(error)
            return .status
        }
        if let search {
            message = WindowWording.searchFound(search.hits.count, in: chapter.reference, total: search.total)
        }
        return reflow().union(.status)
    }

    /// Focuses the next (previous) hit, wrapping around.
    func stepHit(forward: Bool) -> ViewChange {
        guard var found = search else {
            message = WindowWording.noSearch
            return .status
        }
        guard let hit = found.step(forward ? 1 : -1) else {
            message = WindowWording.noHits(in: chapter.reference)
            return .status
        }
        search = found
        message = WindowWording.hit((found.index ?? 0) + 1, of: found.hits.count)
        return setFocus(hit.element).union(.status)
    }

    // MARK: Zoom

    /// Lays the chapter out at another font size (clamped to `fontSizes`, a half point), every tier scaled.
    package func zoom(to size: Float) -> ViewChange {
        let clamped = (min(max(size, Self.fontSizes.lowerBound), Self.fontSizes.upperBound) * 2).rounded() / 2
        guard clamped != options.fontSize else {
            message = WindowWording.fontSize(formatted(clamped), atLargest: size > clamped)
            return .status
        }
        options.fontSize = clamped
        message = WindowWording.fontSize(formatted(clamped))
        return reflow(force: true).union(.status)
    }

    private func formatted(_ size: Float) -> String {
        size == size.rounded() ? String(Int(size)) : String(size)
    }

    // MARK: Tiers

    /// Shows or hides a tier (at least one word tier stays) and lays the chapter out again.
    package func toggleTier(_ tier: Tier) -> ViewChange {
        var tiers = options.tiers
        let shown = tiers.contains(tier)
        if shown { tiers.remove(TierSet([tier])) } else { tiers.insert(TierSet([tier])) }
        guard Tier.blockTiers.contains(where: tiers.contains) else {
            message = WindowWording.tierStays(tier)
            return .status
        }
        options.tiers = tiers
        message = WindowWording.tier(tier, shown: !shown)
        return reflow(force: true).union(.status)
    }

    /// The tiers shown, as `--tiers` lists them ("source,gloss,translation").
    package var tierList: String { Self.toggledTiers.filter(options.tiers.contains).map(\.name).joined(separator: ",") }

    // MARK: Clicks

    /// A click at a window point (points): focuses the element under it (its word, when on a word's labels).
    /// Clicks on the status bar or the pane, or between elements, change nothing.
    package func click(x: Float, y: Float) -> ViewChange {
        guard x >= 0, y >= 0, x < viewport.width, y < viewport.height, !tree.table.origins.isEmpty else { return [] }
        let contentY = y + scrollY
        let cell = tree.table.cell(atContentY: contentY)
        let top = tree.table.origins[cell]
        let order = ReadingOrder(layout: layout)
        for item in order.items(inCell: VerseIndex(cell)) where item.kind != .verseTranslation {
            let frame = item.frame
            if x >= frame.x, x < frame.maxX, contentY >= top + frame.y, contentY < top + frame.maxY {
                return setFocus(ElementID(cell: VerseIndex(cell), kind: item.kind))
            }
        }
        return []
    }
}
