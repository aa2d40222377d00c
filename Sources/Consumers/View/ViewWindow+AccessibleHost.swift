import CSDL2
import InterlinearATSPI
import InterlinearAccessibility
import InterlinearCorpus

/// The window as the AT-SPI adapter sees it. The tree's viewport is the table's place in the window (origin 0, 0;
/// one point is one pixel on X11); `windowOrigin` is where the window's content sits on screen.
extension ViewWindow: AccessibleHost {
    package var accessibilityTree: AccessibilityTree { view.tree }

    package var windowOrigin: (x: Int32, y: Int32) { origin }

    package var windowTitle: String { view.title }

    /// The status line as one phrase: where the reader is, then the prompt, a message or the key hint.
    package var statusText: String {
        let (left, right) = view.statusLine
        return left + ". " + right
    }

    package var windowSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetWindowSize(windowPointer, &width, &height)
        return (width, height)
    }

    /// A screen reader asked to focus an element: the same path as a key (ring, scroll into view, redraw).
    package func focusRequested(_ id: ElementID) {
        _ = try? apply(view.setFocus(id))
    }

    /// A screen reader's "define" action: the entries from the store the chapters come from (under `--translation`
    /// too: `numbering` is the store's library beneath the translation).
    package func lexiconEntries(ofStrongs field: String) throws -> [LexiconEntry] {
        try view.catalog.definitions(ofStrongs: field) ?? []
    }

    /// A screen reader's "parts" action: the chapter shown, which the window loads without its morphemes, read again
    /// with them by the catalog, which keeps it (the same verses, by number, whatever passage is shown).
    package func chapterWithMorphemes() throws -> Chapter? {
        let shown = view.chapter
        return shown.omitsMorphemes ? try view.catalog.loadWithMorphemes(shown.reference) : shown
    }

    /// A noted word's or verse's marks and notes, from the notes file the window read.
    package func noteMark(of id: ElementID) -> (name: String, description: String)? { view.noteMark(of: id) }

    /// A screen reader's "copy" action: the text goes to the desktop clipboard.
    package func copyRequested(_ text: String) -> Bool { SDL_SetClipboardText(text) == 0 }
}
