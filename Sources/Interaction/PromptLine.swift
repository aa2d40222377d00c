/// The one prompt editor of the front ends — the terminal grid, the screen-reader line mode and the window: the line
/// typed after `:` (a verse, or a reference) or `/` (a search), with the same keys everywhere. Each front end says
/// what an edit did its own way (redraws its status line, echoes the character to the screen reader); what an edit
/// does is decided here, once.
///
/// Backspace erases the last character and does nothing on an empty line (the prompt stays open: a user who erased
/// too far is not thrown out of it; Escape closes it).
package struct PromptLine: Equatable, Sendable {
    /// What the line is for, by the key that opens it.
    package enum Kind: Character, Sendable {
        /// `:` a verse number, or a reference in the line mode and the grid.
        case verse = ":"
        /// `/` a search.
        case search = "/"
    }

    /// What an edit did.
    package enum Edit: Equatable, Sendable {
        /// The character was appended.
        case typed(Character)
        /// The last character was erased.
        case erased
        /// Nothing changed: a character the line does not take, a full line, or Backspace on an empty line.
        case unchanged
    }

    package let kind: Kind
    package private(set) var text = ""
    /// Whether only ASCII digits are taken (the window's go-to-verse prompt).
    package let digitsOnly: Bool
    /// The most characters the line takes; nil for no limit.
    package let maximumLength: Int?

    package init(_ kind: Kind, digitsOnly: Bool = false, maximumLength: Int? = nil) {
        self.kind = kind
        self.digitsOnly = digitsOnly
        self.maximumLength = maximumLength
    }

    /// Appends `character` if the line takes it (never a control character).
    package mutating func type(_ character: Character) -> Edit {
        if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .unchanged }
        if digitsOnly && !(character.isASCII && character.isNumber) { return .unchanged }
        if let maximumLength, text.count >= maximumLength { return .unchanged }
        text.append(character)
        return .typed(character)
    }

    /// Erases the last character, if there is one.
    package mutating func erase() -> Edit {
        text.popLast() == nil ? .unchanged : .erased
    }

    /// The line as a status line shows it: the key that opened it, then what was typed (`:14`, `/logos`).
    package var display: String { String(kind.rawValue) + text }
}
