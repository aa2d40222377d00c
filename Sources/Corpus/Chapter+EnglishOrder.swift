/// Which text leads a chapter's layout: the source's words in their order, each with its tiers and the translation
/// beside or under them (`source`, the interlinear), or the translation's words in theirs, each with the source
/// words it translates under it (`english`, the reverse interlinear, `--order english`).
public enum WordOrder: String, Sendable, CaseIterable {
    case source, english
}

/// One source word under a translation word of the reverse interlinear: its offset in the verse, and whether this
/// translation word is the first the source word is aligned to. A source word rendered by several English words
/// ("was made" for one ἐγένετο) is shown once, under the first; the later ones refer back to it
/// (`EnglishOrderMarks.repeated`).
package struct EnglishOrderLink: Sendable, Equatable {
    package var word: WordOffset
    package var isFirst: Bool

    package init(word: WordOffset, isFirst: Bool) {
        self.word = word
        self.isFirst = isFirst
    }
}

/// The two marks the reverse interlinear shows where a source word would stand, interned in the chapter's table
/// (`Chapter.markingEnglishOrder`): a dash under an English word aligned to no source word, a ditto mark under
/// an English word whose source word already stands under an earlier one.
package struct EnglishOrderMarks: Sendable, Equatable {
    package var unlinked: TextID
    package var repeated: TextID

    /// An em dash: "nothing here", in every font the layout uses.
    package static let unlinkedText = "—"
    /// The double prime, the ditto mark of English typography: "the same as before".
    package static let repeatedText = "″"
}

/// How a translation's words that carry Strong's numbers are paired with the source words holding those numbers
/// (`Chapter.replacingTranslation`).
package enum StrongsPairing: Sendable {
    /// Each source word with every translation word of the verse that carries one of its numbers: "Word", three
    /// times in John 1:1, names each of the three λόγος. What the interlinear and its accessibility tree say.
    case everyMatch
    /// Each translation word with one source word for each of its numbers, in order: the n-th time a number occurs
    /// among the translation's words it names the n-th source word holding it (the third "Word" of John 1:1, the
    /// third λόγος). Neighbouring translation words with the same number are one occurrence (the KJV tags both
    /// words of "was made" with the G1096 of one ἐγένετο); occurrences past the source's last go to its last. The
    /// reverse interlinear's pairing.
    case inOrder
}

extension Chapter {
    /// For each translation token of `verse`, in order, the source words aligned to it, in source order. Empty for
    /// a token aligned to nothing (and for every token past `Verse.maxTranslationTokens`, which no offset names).
    package func englishOrder(of verse: Verse) -> [[EnglishOrderLink]] {
        var links = [[EnglishOrderLink]](repeating: [], count: verse.translation.count)
        for (offset, word) in words[verse.words].enumerated() {
            guard let wordOffset = WordOffset(exactly: offset) else { break }
            let tokens = alignment(of: word).filter { Int($0) < links.count }
            guard let first = tokens.min() else { continue }
            for token in Set(tokens).sorted() {
                links[Int(token)].append(EnglishOrderLink(word: wordOffset, isFirst: token == first))
            }
        }
        return links
    }

    /// The chapter with the reverse interlinear's marks interned into `builder` and its table refrozen (its ids
    /// stay valid: the builder only adds).
    package func markingEnglishOrder(strings builder: StringTableBuilder) -> Chapter {
        var copy = self
        copy.englishOrderMarks = EnglishOrderMarks(
            unlinked: builder.intern(EnglishOrderMarks.unlinkedText),
            repeated: builder.intern(EnglishOrderMarks.repeatedText))
        copy.strings = builder.freeze()
        return copy
    }

    /// The source words of a verse each translation word names by Strong's number, paired in order
    /// (`StrongsPairing.inOrder`): for each word of `words` (the verse's, by position) the translation words'
    /// offsets, ascending. `keys` gives a source word's base numbers, `tags` each translation word's.
    static func pairedInOrder(keys words: [[String]], tags: [[String]]) -> [[Int]] {
        var holders: [String: [Int]] = [:]
        for (position, keys) in words.enumerated() {
            for key in keys where holders[key]?.last != position { holders[key, default: []].append(position) }
        }
        var seen: [String: Int] = [:]
        var linked = [[Int]](repeating: [], count: words.count)
        var previous: [String] = []
        for (offset, tagged) in tags.enumerated() {
            var done: Set<String> = []
            for key in tagged where done.insert(key).inserted {
                guard let holding = holders[key] else { continue }
                let occurrence: Int
                if previous.contains(key), let count = seen[key] {
                    occurrence = count - 1
                } else {
                    occurrence = seen[key, default: 0]
                    seen[key] = occurrence + 1
                }
                let position = holding[min(occurrence, holding.count - 1)]
                if linked[position].last != offset { linked[position].append(offset) }
            }
            previous = tagged
        }
        return linked
    }
}
