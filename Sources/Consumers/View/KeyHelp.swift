/// The keys the help overlay (`?`, F1) lists: the same table as `Key`'s documentation and docs/window.md.
package enum KeyHelp {
    package static let rows: [(keys: String, does: String)] = [
        ("↑ ↓, wheel", "scroll a line"),
        ("Page Up, Page Down, Home, End", "scroll a screen, to the top, to the end"),
        ("Tab, Shift+Tab, → ←", "next, previous verse number or word"),
        ("click or Tab onto a word", "its details in the pane; Esc closes it"),
        (":", "go to a verse (28) or a reference (Rom 8:28, Ps 23), Enter"),
        ("/", "search (λόγος, G3056, V-AAI-3S, \"in the beginning\"), Enter; n, N next, previous hit"),
        ("Alt+← Alt+→", "back, forward"),
        ("[ ], Ctrl+Page Up/Down", "previous, next chapter"),
        ("Ctrl+plus, Ctrl+minus", "larger, smaller text"),
        ("1 2 3 4 5 6", "show or hide: source, transliteration, Strong's, morphology, gloss, translation"),
        ("j k, h Shift+h", "next, previous verse"),
        ("i, p", "the focused word's dictionary entry, a Hebrew word's parts"),
        ("a A, b B, c", "next, previous note; the bookmarks, open the next; the focused word's notes"),
        ("t", "theme: light, dark, high contrast"),
        ("o", "Greek or Hebrew words in speech on, off (braille keeps them)"),
        ("v", "how much a word's description says: brief, normal, full"),
        ("e", "word order: the Greek or Hebrew first, or the English first with the words it translates under it"),
        ("F12", "snapshot (with --snapshot)"),
        ("q, Esc", "quit (Esc first closes the pane)"),
        ("?, F1 again", "the key to this chapter's codes (N-DSF: noun, dative singular feminine); ↑ ↓ scroll it"),
        ("any other key", "closes this help"),
    ]
}
