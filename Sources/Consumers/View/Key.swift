/// A key press as the view understands it, independent of SDL (so the view's behaviour is testable without a
/// display). The window maps SDL key codes and text input onto these; `ChapterView.handle(_:)` gives them meaning.
///
/// | key | does |
/// |---|---|
/// | ↑ ↓, mouse wheel | scroll by a line (40 pt) |
/// | Page Up, Page Down | scroll by a screen, less one line |
/// | Home, End | top, bottom of the chapter |
/// | Tab, → | focus the next element (verse number, Greek word, translation word) |
/// | Shift+Tab, ← | focus the previous element |
/// | : | go to a verse ("28") or any reference ("Rom 8:28", "Ps 23"), Enter (Esc cancels, Backspace erases) |
/// | / | search in the store's query language, Enter: the chapter's hits listed and outlined; n, N go through them |
/// | Alt+←, Alt+→ | back, forward in the chapters visited |
/// | click, Tab onto a word | the word's details in the pane (beside or below the chapter); Esc closes it |
/// | Ctrl+plus, Ctrl+minus | zoom: every tier larger or smaller (8–48 pt), relaid out to the window's width |
/// | 1–6 | show or hide a tier: source, transliteration, Strong's, morphology, gloss, translation |
/// | j, h; k, Shift+h | next; previous verse (its number focused at the top) |
/// | i, p | say the focused word's dictionary entry; a Hebrew word's parts |
/// | a, A; b, B; c | next, previous note; say the bookmarks, open the next; say the focused word's notes |
/// | t | next theme: light, dark, high contrast |
/// | o | the Greek or Hebrew words in the running text a screen reader speaks: off (default), on |
/// | e | word order: the source's (the interlinear) or the English (the reverse interlinear, `--order english`) |
/// | ?, F1 | the keys, over the chapter |
/// | [, Ctrl+Page Up | previous chapter in the corpus |
/// | ], Ctrl+Page Down | next chapter in the corpus |
/// | F12 | write a PNG of the window to the `--snapshot` file |
/// | q, Esc | quit |
package enum Key: Equatable, Sendable {
    case up, down, pageUp, pageDown, home, end
    case tab, shiftTab, left, right
    case enter, escape, backspace
    case previousChapter, nextChapter
    case back, forward, zoomIn, zoomOut, help
    case snapshot
    /// A typed character (text input): `:`, digits, `q`, `[`, `]`.
    case character(Character)
}
