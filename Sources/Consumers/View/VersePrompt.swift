import InterlinearInteraction

/// The go-to-verse prompt `:` opens: the digits typed so far, edited by the front ends' one prompt editor
/// (`PromptLine`).
public struct VersePrompt: Equatable, Sendable {
    /// At most three digits: no chapter has a thousand verses.
    public static let maximumDigits = 3

    private var line = PromptLine(.verse, digitsOnly: true, maximumLength: maximumDigits)

    public init() {}

    /// The digits typed so far.
    public var digits: String { line.text }

    /// Appends a digit; ignores anything else and digits past the maximum. Returns whether the text changed.
    public mutating func type(_ character: Character) -> Bool { line.type(character) != .unchanged }

    /// Erases the last digit. Returns whether there was one.
    public mutating func erase() -> Bool { line.erase() != .unchanged }

    /// The verse number typed, or nil while nothing (or only zeros) is typed.
    public var verse: Int? { Int(digits).flatMap { $0 > 0 ? $0 : nil } }

    /// What the status line shows: "Go to verse: 12".
    public var text: String { "Go to verse: \(digits)" }
}
