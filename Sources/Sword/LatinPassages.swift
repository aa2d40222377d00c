/// The Latin a commentator quotes in English prose (Spurgeon's Treasury of David quotes the Vulgate and the Fathers:
/// "totus orbis vulneratus et captus est"), found so that a Latin voice says it: an English voice spells "est" as
/// E S T. The rule, over `LatinLexicon`'s two word lists:
/// - a run is words WORDS recognises as Latin, one after another, within one quotation or sentence (a word with an
///   opening quotation mark or bracket starts a new run; one ending a sentence, a quotation or a bracket ends it);
/// - a run is Latin when it has two words or more, one of them at least written in small letters and not English
///   (the word lists), and no fewer such words than English ones: "et" and "est" are in both lists and are Latin
///   beside "captus"; a Latin word alone in English prose ("exordium", "selah") stays English, which says it as a
///   word; a capitalised name is neither; and English prose, whose words are English, holds no run, nor does "is
///   no respecter" (one word not English, two English).
///
/// Words are what `CommentaryMarkup` gives: separated by single spaces, punctuation attached.
package enum LatinPassages {
    /// A paragraph cut into runs of words in one language, in order, each run's words joined by single spaces.
    package struct Passage: Sendable, Equatable {
        package let text: String
        package let isLatin: Bool
    }

    /// How far from a word that is not English a Latin run is looked for (its neighbours are asked of WORDS too).
    static let reach = 4

    /// Each paragraph cut into English and Latin passages; without a lexicon, each paragraph one English passage.
    package static func passages(_ paragraphs: [String], lexicon: LatinLexicon?) -> [[Passage]] {
        guard let lexicon else { return paragraphs.map { [Passage(text: $0, isLatin: false)] } }
        let words = paragraphs.map { $0.split(separator: " ").map(Word.init) }
        let english = lexicon.english(among: Set(words.joined().lazy.map(\.key).filter { !$0.isEmpty }))
        // WORDS is asked about the words that are not English and their neighbours only: one child for them all.
        var asked: Set<String> = []
        for paragraph in words {
            for (index, word) in paragraph.enumerated()
            where word.isSmall && !word.key.isEmpty && !english.contains(word.key) {
                for near in max(0, index - reach)...min(paragraph.count - 1, index + reach)
                where !paragraph[near].key.isEmpty {
                    asked.insert(paragraph[near].key)
                }
            }
        }
        let latin = lexicon.latin(asked)
        return words.map { paragraph in
            guard !paragraph.isEmpty else { return [] }
            let marks = latinMarks(paragraph, latin: latin, english: english)
            var passages: [Passage] = []
            var start = 0
            for index in 1...paragraph.count where index == paragraph.count || marks[index] != marks[start] {
                let text = paragraph[start..<index].map(\.printed).joined(separator: " ")
                passages.append(Passage(text: text, isLatin: marks[start]))
                start = index
            }
            return passages
        }
    }

    /// Whether each word of a paragraph is in a Latin run.
    static func latinMarks(_ words: [Word], latin: Set<String>, english: Set<String>) -> [Bool] {
        var marks = [Bool](repeating: false, count: words.count)
        var start: Int?
        var latinWords = 0, englishWords = 0
        func close(_ end: Int) {
            if let first = start, end - first >= 2, latinWords >= 1, latinWords >= englishWords {
                for index in first..<end { marks[index] = true }
            }
            start = nil
            latinWords = 0
            englishWords = 0
        }
        for (index, word) in words.enumerated() {
            guard latin.contains(word.key) else {
                close(index)
                continue
            }
            if word.opens { close(index) }
            if start == nil { start = index }
            if english.contains(word.key) {
                englishWords += 1
            } else if word.isSmall {
                latinWords += 1
            }
            if word.closes { close(index + 1) }
        }
        close(words.count)
        return marks
    }

    /// A word as printed and the letters WORDS is asked about.
    struct Word {
        let printed: Substring
        /// Its letters in small ASCII letters (æ and œ as ae and oe), or empty when it holds anything else between
        /// its first and last letter ("i.e.", "Jehovah's") or an apostrophe before them ("'tis").
        let key: String
        /// Whether its first letter is small.
        let isSmall: Bool
        /// Whether it begins with an opening quotation mark or bracket.
        let opens: Bool
        /// Whether it ends a sentence, a quotation or a bracket.
        let closes: Bool

        init(_ printed: Substring) {
            self.printed = printed
            let first = printed.firstIndex(where: \.isLetter)
            let last = printed.lastIndex(where: \.isLetter)
            guard let first, let last else {
                key = ""
                isSmall = false
                opens = false
                closes = false
                return
            }
            let letters = printed[first...last]
            var key = ""
            let elided = printed[..<first].contains { $0 == "'" || $0 == "\u{2019}" }
            for character in letters.lowercased() {
                switch character {
                case "a"..."z": key.append(character)
                case "æ": key += "ae"
                case "œ": key += "oe"
                default:
                    key = ""
                    break
                }
                if key.isEmpty { break }
            }
            self.key = elided ? "" : key
            isSmall = letters.first?.isLowercase == true
            opens = printed[..<first].contains { "\"“‘([".contains($0) }
            closes = printed[printed.index(after: last)...].contains { ".!?\"”)]".contains($0) }
        }
    }
}
