import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTypesetting
import InterlinearWording

/// `e`: the chapter again in the other word order, the interlinear (the Greek or Hebrew first) or the reverse
/// interlinear (`--order english`: the English first, each English word with the source words it translates under
/// it). As the terminal reader's `e`: the chapters turned to afterwards are laid out in it too, and the focus stays
/// on the same word.
extension ChapterView {
    /// The order the chapter is laid out in.
    package var order: WordOrder { options.order }

    /// Lays the chapter out in the other order and says so in the status line. The chapter is read again (a SWORD
    /// module's words pair with the source words as the new order pairs them: `pairTranslation`); the verse at the
    /// top stays at the top, and a focused word stays focused: a source word becomes the English word it stands
    /// under, an English word the first source word under it. The search's hits name the other order's elements,
    /// so the search ends.
    package func switchOrder() -> ViewChange {
        let order: WordOrder = options.order == .english ? .source : .english
        let top = tree.table.cell(atContentY: scrollY)
        pairTranslation?(order)
        let loaded: Chapter
        do { loaded = try catalog.load(chapter.reference) } catch {
            pairTranslation?(options.order)
            message = WindowWording.cannotOpen(chapter.reference, error)
            return .status
        }
        let previous = chapter
        options.order = order
        catalog.session.options.order = order
        let paneWasOpen = pane != nil
        let next = catalog.session.inLayoutOrder(loaded)
        // Which English word a source word stands under is the English order's pairing: read from that chapter.
        let focused = focus.map { reordered($0, to: order, in: order == .english ? next : previous) }
        let layout = catalog.session.layout(next, options: options)
        layoutCount += 1
        let (script, verbosity) = (tree.script, tree.verbosity)
        tree = AccessibilityTree(
            chapter: next, layout: layout, viewport: viewport, granularity: .word,
            screenReaderEnabled: tree.screenReaderEnabled)
        tree.script = script
        tree.verbosity = verbosity
        tree.scroll(to: tree.table.origins[min(top, tree.table.cellCount - 1)])
        notes = noteFile?.notes(in: next.reference).located(in: next) ?? []
        search = nil
        var change: ViewChange = [.layout, .scrolled, .status]
        if paneWasOpen { change.formUnion(reflow()) }
        focus = nil
        if let focused {
            change.insert(.focus)
            change.formUnion(setFocus(focused))
        }
        message = ChapterWording(chapter: next).orderSwitch(english: order == .english).text
        return change
    }

    /// The element of `order` that stands for `id` of the other order: a source word's English word (the one it
    /// stands under), an English word's first source word; a verse number or a whole translation is itself.
    /// `chapter` is the one laid out in English order (its pairing says what stands under what).
    func reordered(_ id: ElementID, to order: WordOrder, in chapter: Chapter) -> ElementID {
        let verse = chapter.verses[id.cell]
        let links = chapter.englishOrder(of: verse)
        switch id.kind {
        case .word(let word) where order == .english:
            guard let token = links.firstIndex(where: { $0.contains { $0.word == word && $0.isFirst } }) else {
                return ElementID(cell: id.cell, kind: .verseNumber)
            }
            guard let offset = TokenOffset(exactly: token) else { return id }
            return ElementID(cell: id.cell, kind: .translation(offset))
        case .translation(let token) where order == .source:
            guard Int(token) < links.count, let first = links[Int(token)].first else { return id }
            return ElementID(cell: id.cell, kind: .word(first.word))
        default:
            return id
        }
    }

    /// The source word a key or the details pane acts on for the element `id`: the word itself, or in English order
    /// the first source word under an English word; nil for anything else and under the dash.
    func sourceWord(of id: ElementID) -> ElementID? {
        if id.kind.word != nil { return id }
        guard options.order == .english, case .translation = id.kind else { return nil }
        let word = reordered(id, to: .source, in: chapter)
        return word.kind.word != nil ? word : nil
    }

    /// What a key acting on a source word says when the focus has none: no word focused, or in English order no
    /// source word under the focused English word.
    var noSourceWordMessage: String {
        if options.order == .english, let focus, case .translation = focus.kind {
            return ChapterWording(chapter: chapter).noSourceWord.text
        }
        return ReaderWording.noWordFocused.text
    }
}
