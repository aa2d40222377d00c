/// The go-to-verse prompt `:` opens: the digits typed so far.
public struct VersePrompt: Equatable, Sendable {
    /// At most three digits: no chapter has a thousand verses.
    public static let maximumDigits = 3

    public private(set) var digits = ""

    public init() {}

    /// Appends a digit; ignores anything else and digits past the maximum. Returns whether the text changed.
    public mutating func type(_ character: Character) -> Bool {
        guard character.isASCII, character.isNumber, digits.count < Self.maximumDigits else { return false }
        digits.append(character)
        return true
    }

    /// Erases the last digit. Returns whether there was one.
    public mutating func erase() -> Bool { digits.popLast() != nil }

    /// The verse number typed, or nil while nothing (or only zeros) is typed.
    public var verse: Int? { Int(digits).flatMap { $0 > 0 ? $0 : nil } }

    /// What the status line shows: "Go to verse: 12".
    public var text: String { "Go to verse: \(digits)" }
}
