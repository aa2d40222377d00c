import InterlinearInteraction

/// The line typed into the status bar after `:` (go to a verse or any reference) or `/` (search), edited by the
/// front ends' one prompt editor (`PromptLine`).
package struct CommandPrompt: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// `:` — a verse of this chapter ("28") or any reference the command line takes ("Rom 8:28", "Ps 23").
        case go
        /// `/` — a search in the store's query language (`interlinear search`).
        case search
    }

    /// Long enough for any reference or query a person types; a stuck key cannot grow it without bound.
    package static let maximumLength = 120

    package let kind: Kind
    private var line: PromptLine

    package init(_ kind: Kind) {
        self.kind = kind
        line = PromptLine(kind == .go ? .verse : .search, maximumLength: Self.maximumLength)
    }

    /// What was typed so far.
    package var typed: String { line.text }

    /// Appends a printable character; ignores control characters and anything past the maximum. Returns whether
    /// the text changed.
    package mutating func type(_ character: Character) -> Bool { line.type(character) != .unchanged }

    /// Erases the last character. Returns whether there was one.
    package mutating func erase() -> Bool { line.erase() != .unchanged }

    /// The typed text without the spaces around it.
    package var trimmed: String {
        String(typed.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// What the status line shows: "Go to: Rom 8:28", "Search: λόγος".
    package var text: String { (kind == .go ? "Go to: " : "Search: ") + typed }
}
