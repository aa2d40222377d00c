/// What a key press or an event changed, so the window redraws only when something did and tells the screen
/// reader only what it needs to hear.
package struct ViewChange: OptionSet, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The scroll offset moved.
    package static let scrolled = ViewChange(rawValue: 1 << 0)
    /// Keyboard focus moved to another element (or went away).
    package static let focus = ViewChange(rawValue: 1 << 1)
    /// The chapter was laid out again (a new width): same chapter, new frames.
    package static let layout = ViewChange(rawValue: 1 << 2)
    /// Another chapter is shown (the window title changes too).
    package static let chapter = ViewChange(rawValue: 1 << 3)
    /// The status line or the go-to-verse prompt changed.
    package static let status = ViewChange(rawValue: 1 << 4)
    /// The viewport changed size without a new layout (only the height changed).
    package static let viewport = ViewChange(rawValue: 1 << 5)
    /// The user asked for a snapshot of the window (F12).
    package static let snapshot = ViewChange(rawValue: 1 << 6)
    /// The user asked to quit.
    package static let quit = ViewChange(rawValue: 1 << 7)

    /// Whether the window's picture changed.
    package var needsRedraw: Bool { !isDisjoint(with: [.scrolled, .focus, .layout, .chapter, .status, .viewport]) }
}
