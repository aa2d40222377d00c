import Foundation

/// Robinson / SBLGNT morphology codes spelled out in words, for screen readers and tooltips.
///
/// A code is a part of speech, then hyphen-separated blocks: `N-DSF` (noun, dative singular
/// feminine), `V-2AAI-3P` (verb, second aorist active indicative, third person plural),
/// `D-NSM-K` (demonstrative pronoun … crasis). The expansion is lower case, one
/// comma-separated group per block, except for proper names of languages and dialects
/// ("Aramaic", "Hebrew", "Attic").
package enum Morphology {
    /// Expands a code such as "V-IAI-3S" into words: "verb, imperfect active indicative, third person singular".
    /// Returns nil for a code it cannot read completely (never a partial or raw-code answer).
    ///
    /// Surrounding white space (such as the carriage return of a CRLF file) is ignored.
    package static func expand(_ code: String) -> String? {
        // Codes from the corpus begin and end with a printable ASCII character: then there is nothing to trim.
        let ends = (code.utf8.first, code.utf8.last)
        let printable: ClosedRange<UInt8> = 0x21...0x7E
        let trimmed =
            ends.0.map(printable.contains) == true && ends.1.map(printable.contains) == true
            ? code : code.trimmingCharacters(in: .whitespacesAndNewlines)
        var blocks = blocks(of: trimmed)[...]
        guard let head = blocks.popFirst() else { return nil }

        var groups: [String]
        if let word = uninflected[head] {
            groups = [word]
        } else if let first = blocks.first, let word = indeclinable[head + "-" + first] {
            blocks.removeFirst()
            groups = [word]
        } else if let word = nominals[head] {
            guard let block = blocks.popFirst(), let inflection = caseNumberGender(block[...]) else { return nil }
            groups = [word, inflection]
        } else if head == "P" {
            guard let block = blocks.popFirst(), let words = personalPronoun(block, blocks: &blocks) else { return nil }
            groups = ["personal pronoun"] + words
        } else if head == "F" {
            guard let block = blocks.popFirst(), let words = reflexivePronoun(block) else { return nil }
            groups = ["reflexive pronoun"] + words
        } else if head == "S" {
            guard let block = blocks.popFirst(), let words = possessivePronoun(block) else { return nil }
            groups = ["possessive pronoun"] + words
        } else if head == "V" {
            guard let words = verb(&blocks) else { return nil }
            groups = ["verb"] + words
        } else {
            return nil
        }

        // At most one trailing suffix; verbs only take the Attic one.
        if let suffix = blocks.popFirst() {
            guard let word = suffixes[suffix], head != "V" || suffix == "ATT" else { return nil }
            groups.append(word)
        }
        guard blocks.isEmpty else { return nil }
        return groups.joined(separator: ", ")
    }

    /// The hyphen-separated blocks of a code. An ASCII code is split on its bytes (each ASCII character is one
    /// byte, and a hyphen is never part of a CR LF pair), the same blocks as splitting its characters without
    /// walking characters; any other text is split by character.
    private static func blocks(of code: String) -> [String] {
        guard code.utf8.allSatisfy({ $0 < 0x80 }) else {
            return code.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        }
        var blocks: [String] = []
        blocks.reserveCapacity(4)
        let bytes = code.utf8
        var start = bytes.startIndex, index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "-") {
                blocks.append(String(code[start..<index]))
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        blocks.append(String(code[start..<index]))
        return blocks
    }

    // MARK: - Parts of speech

    /// Parts of speech that are never inflected, so the code is the head alone (plus a suffix).
    private static let uninflected: [String: String] = [
        "ADV": "adverb", "CONJ": "conjunction", "COND": "conditional particle", "PRT": "particle",
        "PREP": "preposition", "INJ": "interjection", "ARAM": "Aramaic word", "HEB": "Hebrew word",
    ]

    /// Indeclinable nouns and numerals, whose second block is a kind rather than an inflection.
    private static let indeclinable: [String: String] = [
        "N-PRI": "indeclinable proper noun", "N-LI": "indeclinable letter",
        "N-OI": "indeclinable noun", "A-NUI": "indeclinable numeral",
    ]

    /// Parts of speech followed by one case-number-gender block.
    private static let nominals: [String: String] = [
        "N": "noun", "A": "adjective", "T": "definite article", "R": "relative pronoun",
        "C": "reciprocal pronoun", "D": "demonstrative pronoun", "K": "correlative pronoun",
        "I": "interrogative pronoun", "X": "indefinite pronoun", "Q": "correlative or interrogative pronoun",
    ]

    /// Trailing suffixes: degree, negation, question, crasis, dialect.
    private static let suffixes: [String: String] = [
        "C": "comparative", "S": "superlative", "N": "negative", "I": "interrogative",
        "K": "crasis", "ATT": "Attic form",
    ]

    // MARK: - Inflection blocks

    private static let cases: CodeLetterTable = [
        "N": "nominative", "G": "genitive", "D": "dative", "A": "accusative", "V": "vocative",
    ]
    private static let numbers: CodeLetterTable = ["S": "singular", "P": "plural"]
    private static let genders: CodeLetterTable = ["M": "masculine", "F": "feminine", "N": "neuter"]
    private static let persons: CodeLetterTable = ["1": "first person", "2": "second person", "3": "third person"]

    /// "NSM" → "nominative singular masculine"; with `genderOptional`, "NS" → "nominative singular".
    private static func caseNumberGender(_ block: Substring, genderOptional: Bool = false) -> String? {
        let letters = Array(block)
        guard letters.count == 3 || (genderOptional && letters.count == 2),
            let grammaticalCase = cases[letters[0]], let number = numbers[letters[1]]
        else { return nil }
        guard letters.count == 3 else { return grammaticalCase + " " + number }
        guard let gender = genders[letters[2]] else { return nil }
        return grammaticalCase + " " + number + " " + gender
    }

    /// "3S" → "third person singular".
    private static func personNumber(_ block: String) -> String? {
        let letters = Array(block)
        guard letters.count == 2, let person = persons[letters[0]], let number = numbers[letters[1]] else { return nil }
        return person + " " + number
    }

    /// P-1GS (first and second person: person, case, number), P-NSM (third person: case, number,
    /// gender) and P-NS- (no gender: the trailing hyphen leaves an empty block, consumed here).
    private static func personalPronoun(_ block: String, blocks: inout ArraySlice<String>) -> [String]? {
        var rest = block[...]
        var person: String?
        if let first = rest.first, let word = persons[first] {
            person = word
            rest = rest.dropFirst()
        }
        guard let inflection = caseNumberGender(rest, genderOptional: true) else { return nil }
        if rest.count == 2, blocks.first == "" { blocks.removeFirst() }
        return [person.map { $0 + " " + inflection } ?? inflection]
    }

    /// F-1ASM: person, then case, number, gender.
    private static func reflexivePronoun(_ block: String) -> [String]? {
        guard let first = block.first, let person = persons[first],
            let inflection = caseNumberGender(block.dropFirst())
        else { return nil }
        return [person + " " + inflection]
    }

    /// S-1SNSM: person and number of the possessor, then case, number, gender of the pronoun itself.
    private static func possessivePronoun(_ block: String) -> [String]? {
        guard block.count == 5, let possessor = personNumber(String(block.prefix(2))),
            let inflection = caseNumberGender(block.dropFirst(2))
        else { return nil }
        return [possessor + " possessor", inflection]
    }

    // MARK: - Verbs

    private static let tenses: CodeLetterTable = [
        "P": "present", "I": "imperfect", "F": "future", "A": "aorist", "R": "perfect", "L": "pluperfect",
    ]
    private static let voices: CodeLetterTable = [
        "A": "active", "M": "middle", "P": "passive", "E": "middle or passive",
        "D": "middle deponent", "O": "passive deponent", "N": "middle or passive deponent",
    ]
    private static let moods: CodeLetterTable = [
        "I": "indicative", "S": "subjunctive", "O": "optative", "M": "imperative",
        "N": "infinitive", "P": "participle",
    ]

    /// V-[2]TVM, then person-number for finite moods, case-number-gender for participles,
    /// nothing for infinitives.
    private static func verb(_ blocks: inout ArraySlice<String>) -> [String]? {
        guard let block = blocks.popFirst() else { return nil }
        let second = block.hasPrefix("2")
        let letters = Array(second ? block.dropFirst() : block[...])
        guard letters.count == 3, let tense = tenses[letters[0]], let voice = voices[letters[1]],
            let mood = moods[letters[2]]
        else { return nil }
        let form = (second ? "second " : "") + tense + " " + voice + " " + mood

        switch letters[2] {
        case "N":
            return [form]
        case "P":
            guard let next = blocks.popFirst(), let inflection = caseNumberGender(next[...]) else { return nil }
            return [form, inflection]
        default:
            guard let next = blocks.popFirst(), let person = personNumber(next) else { return nil }
            return [form, person]
        }
    }
}
