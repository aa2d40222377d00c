import InterlinearCorpus

/// Turns stored codes, numbers and marks into words a voice reads well, under a screen reader's punctuation rules
/// too: terminal screen readers speak `-`, `*`, `~`, `/` by name ("Screen dash reader") and an English voice reads
/// "1:14" as "one colon fourteen", so none of those reach a voice from here.
package enum Speakable {
    /// "G1510" → "Strong's G1510"; "G0846" → "Strong's G846"; Hebrew numbers one per morpheme: "H871a-H7225" →
    /// "Strong's H871a, Strong's H7225". Every number keeps its letter, as a user types it to `define` or `/`
    /// (G3056 and H3056 are different words, so "Strong's 3056" alone would not say which). Nil for an empty or
    /// unreadable number.
    package static func strongs(_ code: String) -> String? {
        if code.hasPrefix("H") {
            let numbers = code.split { $0 == "-" || $0 == "/" }
            guard !numbers.isEmpty,
                numbers.allSatisfy({ $0.count > 1 && $0.hasPrefix("H") && $0.dropFirst().first?.isNumber == true })
            else { return nil }
            return numbers.map { "Strong's \($0)" }.joined(separator: ", ")
        }
        return greekStrongsASCII(code) ?? greekStrongsByCharacter(code)
    }

    /// `strongs(_:)` for a number not starting with "H", character by character, for any text.
    static func greekStrongsByCharacter(_ code: String) -> String? {
        let digits = code.drop { !$0.isNumber }.drop { $0 == "0" }
        guard let first = digits.first, first.isNumber else { return nil }
        return "Strong's G\(digits)"
    }

    /// `strongs(_:)` for an ASCII number not starting with "H", from its bytes (the only ASCII characters that
    /// are numbers are the digits, and CR LF is not a number either way); nil for any other text, which takes the
    /// character path. Walking characters cost more than the rest of a number's wording (`a11y-all-warm`).
    static func greekStrongsASCII(_ code: String) -> String?? {
        let bytes = code.utf8
        guard bytes.first != UInt8(ascii: "H"), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard var start = bytes.firstIndex(where: isDigit) else { return .some(nil) }
        while start != bytes.endIndex, bytes[start] == UInt8(ascii: "0") { start = bytes.index(after: start) }
        guard start != bytes.endIndex, isDigit(bytes[start]) else { return .some(nil) }
        return .some("Strong's G" + String(code[start...]))
    }

    /// A Robinson code (Greek) or a part-of-speech code (Hebrew, "Prep-N") in words; an unreadable code is
    /// described, not spelled out.
    package static func morphology(_ code: String, language: SourceLanguage = .greek) -> String {
        let words = language == .hebrew ? HebrewPartOfSpeech.expand(code) : Morphology.expand(code)
        return words ?? "unrecognised grammatical form"
    }

    /// A number in words, without hyphens: 14 → "fourteen", 51 → "fifty one", 105 → "one hundred and five".
    package static func number(_ n: Int) -> String {
        if n < 0 { return "minus " + number(n == Int.min ? Int.max : -n) }
        if n < 20 { return units[n] }
        if n < 100 { return tens[n / 10] + (n % 10 == 0 ? "" : " " + units[n % 10]) }
        if n < 1000 { return units[n / 100] + " hundred" + (n % 100 == 0 ? "" : " and " + number(n % 100)) }
        if n < 1_000_000 {
            let rest = n % 1000
            return number(n / 1000) + " thousand" + (rest == 0 ? "" : (rest < 100 ? " and " : " ") + number(rest))
        }
        return String(n)  // digits: a voice reads long numbers fine, and none of ours are this long
    }

    private static let units = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// A book's name as spoken: "1 John" → "First John".
    package static func book(_ book: Book) -> String {
        let ordinals = ["1 ": "First ", "2 ": "Second ", "3 ": "Third "]
        for (digit, word) in ordinals where book.name.hasPrefix(digit) { return word + book.name.dropFirst(2) }
        return book.name
    }

    /// "John one, verse fourteen"; without a verse, "John one".
    package static func reference(_ reference: ChapterReference, verse: Int? = nil) -> String {
        let chapter = "\(book(reference.book)) \(number(reference.chapter))"
        return verse.map { chapter + ", verse " + number($0) } ?? chapter
    }

    /// English text made safe for a voice and a screen reader: a hyphen between words becomes a space
    /// ("joint-heirs" → "joint heirs"), and the marks a screen reader would name (`* ~ / + @ $ \ _`) or that only
    /// mark editorial additions (`[ ]`, and the parentheses of an untranslated particle, "(et)") are dropped.
    /// Letters, digits, quotes and sentence punctuation stay.
    package static func english(_ text: String) -> String {
        englishASCII(text) ?? englishByCharacter(text)
    }

    /// `english(_:)` character by character, for any text.
    static func englishByCharacter(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "-", "_", "/": out.append(" ")
            case "*", "~", "+", "@", "$", "\\", "[", "]", "{", "}", "<", ">", "|", "^", "`", "#", "=", "(", ")":
                continue
            default: out.append(character)
            }
        }
        return collapsingSpaces(out)
    }

    /// `english(_:)` for ASCII text, from its bytes (ASCII characters are single bytes, except CR LF, which is
    /// white space either way); nil for any other text. Glosses are ASCII, and comparing `Character`s cost more
    /// than the rest of a gloss's wording (`a11y-all-warm`).
    static func englishASCII(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var space = false
        for byte in text.utf8 {
            var kept = byte
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"): kept = 0x20
            case UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "$"),
                UInt8(ascii: "\\"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "`"),
                UInt8(ascii: "#"), UInt8(ascii: "="), UInt8(ascii: "("), UInt8(ascii: ")"):
                continue
            default: break
            }
            // White space (tab, line feed, vertical tab, form feed, carriage return, space) collapses to one
            // space between words, none at the ends.
            if kept == 0x20 || (0x09...0x0D).contains(kept) {
                space = !out.isEmpty
                continue
            }
            if space {
                out.append(0x20)
                space = false
            }
            out.append(kept)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A gloss as spoken: the `*` and `~` markers of the source and the brackets of supplied words dropped
    /// ("In [the]" → "In the").
    package static func gloss(_ gloss: String) -> String { english(gloss) }

    /// A transliteration whose optional letters are in parentheses, spoken as both forms:
    /// "houtō(s)" → "houtō or houtōs". Text without parentheses is returned unchanged. Only the first optional part
    /// is said both ways; a later one is said with its letters (its parentheses dropped): every part both ways would
    /// be 2ⁿ forms, and a store or a source may hold any text (the lexicon-row fuzz harness found one that never
    /// ended). So the result is at most twice the text and four bytes.
    package static func alternatives(_ text: String) -> String {
        // Without a "(" byte there is no "(" character: nothing to do (most words), without walking characters.
        guard text.utf8.contains(UInt8(ascii: "(")) else { return text }
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return text }
        let head = text[..<open], optional = text[text.index(after: open)..<close]
        let tail = text[text.index(after: close)...].filter { $0 != "(" && $0 != ")" }
        let short = String(head) + tail, long = String(head + optional) + tail
        return short == long ? short : short + " or " + long
    }

    /// Runs of white space as one space, trimmed at both ends.
    static func collapsingSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// How much a word line says beyond the transliteration, gloss and parsing.
package enum Verbosity: String, Sendable, CaseIterable {
    /// The transliteration, gloss and parsing only.
    case brief
    /// Also the verse reference when it changes, and the dictionary form when it differs from the word.
    case normal
    /// Also Strong's number and the word's place in its verse.
    case full

    /// The next level, wrapping from full back to brief (the verbosity key).
    package var next: Verbosity {
        switch self {
        case .brief: .normal
        case .normal: .full
        case .full: .brief
        }
    }
}
