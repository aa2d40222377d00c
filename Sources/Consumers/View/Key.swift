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
/// | : | go to a verse: type its number, Enter (Esc cancels, Backspace erases) |
/// | [, Ctrl+Page Up | previous chapter in the corpus |
/// | ], Ctrl+Page Down | next chapter in the corpus |
/// | F12 | write a PNG of the window to the `--snapshot` file |
/// | q, Esc | quit |
public enum Key: Equatable, Sendable {
    case up, down, pageUp, pageDown, home, end
    case tab, shiftTab, left, right
    case enter, escape, backspace
    case previousChapter, nextChapter
    case snapshot
    /// A typed character (text input): `:`, digits, `q`, `[`, `]`.
    case character(Character)
}
