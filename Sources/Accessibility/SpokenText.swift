/// Something a word's spoken line is written into: a `SpokenLine` (spans in their languages, for speech and
/// braille) or a `PlainLine` (only the printed text). `WordSpeech` writes a word once, for either.
protocol SpokenText {
    /// True until some non-empty text has been appended.
    var isEmpty: Bool { get }
    /// Appends text; `separator` goes before it unless the line is empty (`SpokenLine.append(_:_:separator:)`).
    mutating func append(_ text: String, _ language: SpokenLanguage, separator: String)
}

extension SpokenText {
    /// Appends a part of a list: ", " before it when the line already has text.
    mutating func item(_ text: String, _ language: SpokenLanguage = .english) {
        append(text, language, separator: ", ")
    }

    /// Appends text with no separator.
    mutating func append(_ text: String, _ language: SpokenLanguage) {
        append(text, language, separator: "")
    }
}

extension SpokenLine: SpokenText {}

/// A line's printed text alone: what `SpokenLine.text` would give for the same appends, written straight into one
/// String. An element's description needs only the text, and making spans (an array, a language check per part)
/// then joining them cost more than the words.
struct PlainLine: SpokenText {
    private(set) var text = ""

    init() {
        text.reserveCapacity(128)  // a word's description is ~60–120 bytes: one allocation
    }

    var isEmpty: Bool { text.isEmpty }

    mutating func append(_ text: String, _ language: SpokenLanguage, separator: String) {
        guard !text.isEmpty else { return }
        if !self.text.isEmpty, !separator.isEmpty { self.text += separator }
        self.text += text
    }
}
