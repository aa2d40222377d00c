import Foundation
import InterlinearCorpus

/// Strong's word-fragment notation in a King James list, said as the words it stands for.
///
/// Strong's condenses renderings that share a word: a parenthesis (or bracket) holds "a word or syllable sometimes
/// given in connection with the principal word to which it is annexed", and a hyphen on a fragment's edge says
/// which side it joins: G2661 "(ac-)count worthy" is "account worthy, count worthy"; G1027 "thunder(-ing)" is
/// "thunder, thundering"; H3045 "can [-not]" is "can, cannot". Read as printed, an English voice hears the fragments
/// on their own and spells some ("ac" is "A C" to espeak-ng, "wh", "ny" too). The annexed parts are optional, so a
/// term with a group on one side is the principal word alone and with each part in turn. A term with groups on both
/// sides does not say which parts go together — G1921 "(ac-, have, take)know(-ledge, well)" means acknowledge,
/// have knowledge, take knowledge, know, knowledge, know well, but G1500 "(in) vain(-ly)" means in vain and vainly
/// — so each side is said with the principal word alone ("acknow, have know, take know, know, knowledge, know
/// well"): nothing is spelled and no combination the notation does not state is made up.
extension DefinitionSpeech {
    /// `text` with each term of the notation replaced by its forms, separated by commas; text without a fragment
    /// group is returned unchanged. In a list whose renderings are separated by commas (the Greek dictionary's),
    /// the words of the term's rendering before and after it are said with each form ("count worthy").
    static func renderings(_ text: String, _ language: SourceLanguage) -> String {
        // Only a "-" next to a parenthesis, bracket, brace, comma or space can start or end a fragment.
        guard ["(-", "[-", "{-", "-)", "-]", "-}", " -", "-,"].contains(where: { text.contains($0) }) else {
            return text
        }
        let tokens = RenderingToken.split(text)
        // The Greek dictionary separates renderings with commas; SWORD's Hebrew one has lost them (spaces only).
        guard language == .greek else { return expanded(tokens[...]) }
        var said: [String] = []
        var start = 0
        for (index, token) in tokens.enumerated() where token.endsRendering || index == tokens.count - 1 {
            said.append(rendering(tokens[start...index]))
            start = index + 1
        }
        return said.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The King James list of an entry's text (`LexiconEntry.text`, or the part after its opening) said as
    /// `renderings` says it: the text after Strong's last ":--" (Greek) or ": -" (Hebrew), as
    /// `LexiconEntry.kingJamesMark` finds it for import too.
    static func renderingsInText(_ text: String, _ language: SourceLanguage) -> String {
        guard let mark = LexiconEntry.kingJamesMark(in: text, language) else { return text }
        let list = text[mark.upperBound...]
        return text[..<mark.upperBound] + list.prefix { $0 == " " } + renderings(String(list), language)
    }

    /// One rendering of a comma-separated list: its first term's forms, each with the rendering's own words before
    /// and after the term ("(ac-)count worthy," → "account worthy, count worthy,"); a later term in it, alone.
    private static func rendering(_ tokens: ArraySlice<RenderingToken>) -> String {
        guard let term = Term(tokens) else { return plain(tokens) }
        var before = plain(tokens[..<term.range.lowerBound])
        var after = expanded(tokens[term.range.upperBound...])
        var end = term.end
        if let last = after.last, RenderingToken.isRenderingEnd(last) { end = String(after.removeLast()) }
        if let last = before.last, RenderingToken.isRenderingEnd(last) { before.removeLast() }
        let forms = term.forms.map { [before, $0, after].filter { !$0.isEmpty }.joined(separator: " ") }
        return forms.joined(separator: ", ") + end
    }

    /// Tokens with every term said as its forms, one after another ("can [-not]" → "can, cannot").
    private static func expanded(_ tokens: ArraySlice<RenderingToken>) -> String {
        var said: [String] = []
        var index = tokens.startIndex
        while index < tokens.endIndex, let term = Term(tokens[index...]) {
            said.append(plain(tokens[index..<term.range.lowerBound]))
            said.append(term.forms.joined(separator: ", ") + term.end)
            index = term.range.upperBound
        }
        said.append(plain(tokens[index...]))
        return said.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func plain(_ tokens: ArraySlice<RenderingToken>) -> String {
        tokens.map(\.text).joined(separator: " ")
    }
}

/// A word or a parenthesised (bracketed) group of a King James list, braces (the Hebrew dictionary's marks for the
/// KJV's words) dropped.
enum RenderingToken {
    case word(String)
    /// The items of a group ("ac-", "have", "take"; "-have self") with Strong's "X" and "+" marks dropped, and the
    /// group as printed (with a stop or comma that follows it).
    case group([String], text: String)

    var text: String {
        switch self {
        case .word(let word): word
        case .group(_, let text): text
        }
    }

    var items: [String] {
        if case .group(let items, _) = self { items } else { [] }
    }

    /// Whether the token ends a rendering of a Greek list: a comma, semicolon or the list's full stop follows it.
    var endsRendering: Bool { text.last.map(Self.isRenderingEnd) ?? false }

    /// Whether `character` ends a rendering of a King James list (or a term in it): a comma, a semicolon or the
    /// list's full stop.
    static func isRenderingEnd(_ character: Character) -> Bool { ",;.".contains(character) }

    /// The items of a fragment group that join the word after it ("ac-", "-task-"), nil if none does.
    var prefixes: [String]? { items.contains { $0.hasSuffix("-") } ? items : nil }
    /// The items of a fragment group that join the word before it ("-ing"), nil if none does.
    var suffixes: [String]? { items.contains { $0.hasPrefix("-") && !$0.hasSuffix("-") } ? items : nil }

    /// `text` as words and groups, braces dropped: a group runs from "(" or "[" to its matching close (brackets
    /// inside it dropped); a word glued to a group ("thunder(-ing).") is split from it, and what follows a group up to the
    /// next space ("." or ",") stays with the group.
    static func split(_ text: String) -> [RenderingToken] {
        var tokens: [RenderingToken] = []
        var word = "", group = "", raw = ""
        var depth = 0
        func endWord() {
            if !word.isEmpty { tokens.append(.word(word)) }
            word = ""
        }
        for character in text where character != "{" && character != "}" {
            if depth > 0 { raw.append(character) }
            switch character {
            case "(", "[":
                if depth == 0 {
                    endWord()
                    raw = String(character)
                } else {
                    group.append(" ")
                }
                depth += 1
            case ")" where depth > 0, "]" where depth > 0:
                depth -= 1
                guard depth == 0 else {
                    group.append(" ")
                    continue
                }
                tokens.append(.group(items(group), text: raw))
                group = ""
            case " " where depth == 0: endWord()
            default:
                if depth > 0 {
                    group.append(character)
                } else if word.isEmpty, case .group(let items, let text)? = tokens.last, isRenderingEnd(character) {
                    tokens[tokens.count - 1] = .group(items, text: text + String(character))
                } else {
                    word.append(character)
                }
            }
        }
        if depth > 0 { word += raw }  // an unclosed group: words, as printed
        endWord()
        return tokens
    }

    /// A group's items: split at commas (Greek) or, without commas, at spaces (Hebrew), with "- th" closed up to
    /// "-th" and Strong's marks dropped.
    private static func items(_ group: String) -> [String] {
        // A lone "-" is the next word's hyphen ("for(- th)"); "eigh- fif-" are two prefixes.
        var words: [Substring] = []
        for word in group.split(separator: " ") where word != "X" && word != "+" {
            if words.last == "-" { words[words.count - 1] = "-" + word } else { words.append(word) }
        }
        let closed = words.joined(separator: " ")
        let parts = closed.contains(",") ? closed.split(separator: ",") : closed.split(separator: " ")
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// A principal word with its fragment group(s), and the forms they stand for.
struct Term {
    /// The tokens of the term: the word and its group before and/or after it.
    let range: Range<Int>
    let forms: [String]
    /// The comma or stop that ended the term's last token ("thunder(-ing)." → ".").
    let end: String

    /// The first word of `tokens` with a fragment group right before or after it; nil when there is none.
    init?(_ tokens: ArraySlice<RenderingToken>) {
        for index in tokens.indices {
            guard case .word(let printed) = tokens[index] else { continue }
            // A word that ends its rendering ("soever,") can take a group before it only.
            let word = printed.last.map(RenderingToken.isRenderingEnd) == true ? String(printed.dropLast()) : printed
            guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "'" }) else { continue }
            let prefixes = index > tokens.startIndex ? tokens[index - 1].prefixes : nil
            // One or more suffix groups ("paint [-ed] (-ing)"), unless the word ends its rendering; a plain group
            // may stand between the word and them (H430 "God (gods) (-dess -ly)"), said with the word alone.
            var next = index + 1
            var between = ""
            if word == printed, next + 1 < tokens.endIndex, case .group = tokens[next], tokens[next].prefixes == nil,
                tokens[next].suffixes == nil, !tokens[next].endsRendering, tokens[next + 1].suffixes != nil
            {
                between = " " + tokens[next].text
                next += 1
            }
            var suffixes: [String] = []
            while word == printed, next < tokens.endIndex, let items = tokens[next].suffixes {
                suffixes += items
                next += 1
                if tokens[next - 1].endsRendering { break }
            }
            guard prefixes != nil || !suffixes.isEmpty else { continue }
            let forms =
                (prefixes ?? []).map { Self.joined($0, word) } + [word + between]
                + suffixes.map { Self.joined(word, $0) }
            var seen = Set<String>()
            self.forms = forms.filter { seen.insert($0).inserted }
            range = (prefixes == nil ? index : index - 1)..<next
            let last = tokens[range.upperBound - 1].text.last
            end = last.flatMap { RenderingToken.isRenderingEnd($0) ? String($0) : nil } ?? ""
            return
        }
        return nil
    }

    /// A prefix item and the word ("ac-" + "count" → "account"; "have" + "know" → "have know"), or the word and a
    /// suffix item ("thunder" + "-ing" → "thundering", "be" + "-have self" → "behave self"; "know" + "well" → "know
    /// well"). A prefix is written before the word unchanged; a suffix follows English spelling and Strong's habit
    /// of restarting at a letter of the word's ending (`suffixed`).
    static func joined(_ first: String, _ second: String) -> String {
        if first.hasSuffix("-") {
            return first.trimmingCharacters(in: CharacterSet(charactersIn: "-")) + second
        }
        guard second.hasPrefix("-") else { return first + " " + second }
        let item = second.drop { $0 == "-" }
        let suffix = item.prefix { $0 != " " && $0 != "-" }
        return suffixed(first, String(suffix)) + item.dropFirst(suffix.count)
    }

    /// English's own endings, which attach whole ("paint" + "ing" → "painting", not "paing"; "command" + "ment" →
    /// "commandment", not "comment"): the ones that Strong's 98 word-and-fragment pairs the restart could apply to
    /// show attaching whole.
    private static let wholeEndings: Set<String> = [
        "ing", "ed", "eth", "est", "er", "es", "s", "ly", "ness", "ful", "en", "y", "ment", "ments", "ion", "ish",
        "ence", "able", "ant", "ation", "ily", "iness",
    ]

    /// A word with a suffix fragment: a final silent "e" dropped before a vowel ("write" + "ing" → "writing"); "y"
    /// dropped before "i" but not before "ing" ("glory" + "ious" → "glorious", "pray" + "ing" → "praying"); where
    /// Strong's wrote a respelled ending — a fragment of two or more letters, not an ending English attaches whole
    /// ("ing", "ed", "ly" …), starting with one of the second to fourth last letters of a word of five or more —
    /// the word cut at that letter ("nature" + "ral" → "natural", "minister" + "tration" → "ministration", but
    /// "wander" + "er" → "wanderer"); otherwise the two written together ("thunder" + "ing", "treasure" + "r").
    static func suffixed(_ word: String, _ suffix: String) -> String {
        guard let first = suffix.first else { return word }
        let vowels = "aeiou"
        if word.hasSuffix("e"), vowels.contains(first) { return word.dropLast() + suffix }
        if word.hasSuffix("y"), first == "i", !suffix.hasPrefix("ing") { return word.dropLast() + suffix }
        let letters = Array(word)
        if letters.count >= 5, suffix.count >= 2, !wholeEndings.contains(suffix) {
            // Not the last letter: "abhor" + "red" is "abhorred", "begin" + "ning" "beginning".
            for index in stride(from: letters.count - 2, through: letters.count - 4, by: -1)
            where letters[index] == first && !word.hasSuffix(suffix) {
                return String(letters[..<index]) + suffix
            }
        }
        return word + suffix
    }
}
