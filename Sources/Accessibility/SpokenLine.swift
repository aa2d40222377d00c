import Foundation
import InterlinearCorpus

/// The language a piece of spoken text is in, as a BCP 47 tag. Speech output picks a voice by it, so Greek script
/// only ever reaches a voice that can read Greek, and a braille transcriber picks a table by it.
package enum SpokenLanguage: String, Sendable, CaseIterable {
    /// English words.
    case english = "en"
    /// Greek script (polytonic), for a Greek voice or the Greek braille table.
    case greek = "grc"
    /// Greek transliterated into Latin letters ("archē"): an English voice reads it well.
    case transliteration = "grc-Latn"
    /// Hebrew script (pointed), for a Hebrew voice.
    case hebrew = "hbo"
    /// Hebrew transliterated into Latin letters ("bərēʾšît"): an English voice reads it.
    case hebrewTransliteration = "hbo-Latn"
    /// Latin a commentator quotes ("totus orbis vulneratus et captus est"), for a Latin voice (espeak-ng's `la`):
    /// an English voice spells "est".
    case latin = "la"

    /// The speech-dispatcher language that reads it: Greek for Greek script, Hebrew ("he", the nearest voice there
    /// is) for Hebrew script, Latin for Latin, English for everything else in Latin letters.
    package var voice: String {
        switch self {
        case .greek: "grc"
        case .hebrew: "he"
        case .latin: "la"
        default: "en"
        }
    }

    /// The language of text the user typed, to say it back: Greek or Hebrew if it holds that script, else English.
    package static func typed(_ text: String) -> SpokenLanguage { script(of: text) ?? .english }

    /// Whether a scalar is Hebrew script: the Hebrew block (letters, points, cantillation) or its presentation
    /// forms.
    package static func isHebrew(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: true
        default: false
        }
    }

    /// Whether a scalar is Greek script: the Greek and Coptic block or Greek Extended (polytonic letters).
    package static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0370...0x03FF, 0x1F00...0x1FFF: true
        default: false
        }
    }

    /// The script of the first Greek or Hebrew letter in `text`, or nil; Greek letters are passed over unless
    /// `greek` (a Hebrew Strong's entry writes ώ for ś inside its Latin transliterations).
    static func script(of text: some StringProtocol, greek: Bool = true) -> SpokenLanguage? {
        for scalar in text.unicodeScalars {
            if greek, isGreek(scalar) { return .greek }
            if isHebrew(scalar) { return .hebrew }
        }
        return nil
    }

    /// The language of a chapter's source script.
    package static func source(_ language: SourceLanguage) -> SpokenLanguage { language == .hebrew ? .hebrew : .greek }

    /// The language of a chapter's transliteration.
    package static func transliteration(_ language: SourceLanguage) -> SpokenLanguage {
        language == .hebrew ? .hebrewTransliteration : .transliteration
    }
}

/// A run of text in one language.
package struct SpeechSpan: Sendable, Equatable {
    package var text: String
    package var language: SpokenLanguage

    package init(_ text: String, _ language: SpokenLanguage) {
        self.text = text
        self.language = language
    }
}

/// One line to print and to speak: spans in their languages, each with the punctuation that precedes it, so the
/// printed text and the spoken spans are the same words. Built only when a line is needed, never stored.
package struct SpokenLine: Sendable, Equatable {
    package private(set) var spans: [SpeechSpan] = []

    package init() {}

    package init(_ text: String, _ language: SpokenLanguage = .english) {
        append(text, language)
    }

    /// The whole line as printed.
    package var text: String {
        guard spans.count > 1 else { return spans.first?.text ?? "" }
        var text = ""
        text.reserveCapacity(spans.reduce(0) { $0 + $1.text.utf8.count })
        for span in spans { text += span.text }
        return text
    }

    /// No span is ever empty (`appendRaw` keeps none), so a line is empty exactly when it has no spans: no walk.
    package var isEmpty: Bool { spans.isEmpty }

    /// Appends text; `separator` goes before it unless the line is empty, in the language of the text before it.
    package mutating func append(_ text: String, _ language: SpokenLanguage = .english, separator: String = "") {
        guard !text.isEmpty else { return }
        if !isEmpty, !separator.isEmpty { appendRaw(separator, spans.last?.language ?? .english) }
        appendRaw(text, language)
    }

    /// Appends a part of a list: ", " before it when the line already has text.
    package mutating func item(_ text: String, _ language: SpokenLanguage = .english) {
        append(text, language, separator: ", ")
    }

    /// Appends another line's spans after `separator`.
    package mutating func append(_ other: SpokenLine, separator: String = "") {
        guard !other.isEmpty else { return }
        if !isEmpty, !separator.isEmpty { appendRaw(separator, spans.last?.language ?? .english) }
        for span in other.spans { appendRaw(span.text, span.language) }
    }

    /// The messages a voice is sent for the line: adjacent spans read by the same voice joined (a transliteration
    /// and the English around it go to the English voice as one message), each to its voice (`SpokenLanguage.voice`:
    /// Greek script only to `grc`, Hebrew only to `he`, the rest to English), spans with nothing to say dropped.
    package var messages: [(voice: String, text: String)] {
        var messages: [(voice: String, text: String)] = []
        for span in spans {
            if let last = messages.last, last.voice == span.language.voice {
                messages[messages.count - 1].text += span.text
            } else {
                messages.append((span.language.voice, span.text))
            }
        }
        return messages.compactMap { message in
            let text = message.text.trimmingCharacters(in: .whitespaces)
            // Punctuation alone says nothing; it only separates.
            guard
                text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
            else { return nil }
            return (message.voice, text)
        }
    }

    /// A copy with `prefix` in front.
    package func prefixed(_ prefix: String) -> SpokenLine {
        var line = SpokenLine(prefix)
        line.append(self)
        return line
    }

    /// Adds text to the last span when it has the same language, so spans stay as few as the languages need.
    private mutating func appendRaw(_ text: String, _ language: SpokenLanguage) {
        guard !text.isEmpty else { return }
        if let last = spans.last, last.language == language || Self.isNeutral(text) {
            spans[spans.count - 1].text += text
        } else {
            // A word line has up to six spans: room for them at once, not three regrowths.
            if spans.isEmpty { spans.reserveCapacity(6) }
            spans.append(SpeechSpan(text, language))
        }
    }

    /// Punctuation and spaces carry no language: they join whatever span they follow. Neutral text has no
    /// alphabetic or numeric scalar; ASCII is told from its bytes (letters and digits are the only ASCII scalars
    /// with those properties), anything else from the scalar's Unicode properties.
    static func isNeutral(_ text: String) -> Bool {
        // Most text asked about starts with an ASCII letter or digit: answered from its first byte, without scalars.
        if let first = text.utf8.first,
            (0x30...0x39).contains(first) || (0x41...0x5A).contains(first)
                || (0x61...0x7A).contains(first)
        {
            return false
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                if (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) { return false }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                return false
            }
        }
        return true
    }
}
