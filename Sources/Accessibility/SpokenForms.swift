import InterlinearCorpus

/// The spoken forms of one chapter's strings, each computed the first time it is asked for and kept: a lemma's
/// transliteration (`Transliterator`, the costliest), a morphology code in words, a gloss and a transliteration as
/// spoken, a Strong's number in words; and, for the verse last asked about, which Greek words each translation word
/// translates. A chapter repeats these strings (John 1 has 826 words but 283 lemmas), so a screen reader walking
/// it, or a dump of its whole tree, computes each once instead of once per element (that was ≈ 43 K instructions
/// per element).
///
/// Keyed by interned id, in arrays the size of the chapter's string table: a lookup is an index. The values are
/// exactly what the functions they stand in for return, so speech is the same with or without them. One per
/// `AccessibilityTree` (and so per chapter); not thread-safe, like the tree.
public final class SpokenForms {
    /// What a table holds.
    enum Kind: Int, CaseIterable {
        /// `Speakable.alternatives(Transliterator.transliterate(lemma))`.
        case lemma
        /// `Speakable.morphology(code, language:)`.
        case morphology
        /// `Speakable.gloss(gloss)`.
        case gloss
        /// `Speakable.alternatives(transliteration)`.
        case transliteration
        /// `Speakable.strongs(number)`, with "" for nil.
        case strongs
    }

    private var tables: [[String?]] = Array(repeating: [], count: Kind.allCases.count)
    /// The verse whose translation words' descriptions `translationDescriptions` holds.
    private var alignedCell: VerseIndex?
    private var translationDescriptions: [String] = []

    public init() {}

    /// The value of `kind` for `id`: kept, or computed now by `compute` and kept.
    func value(_ kind: Kind, _ id: TextID, tableSize: Int, _ compute: () -> String) -> String {
        let index = Int(id)
        let k = kind.rawValue
        if index < tables[k].count, let known = tables[k][index] { return known }
        let value = compute()
        if index >= tables[k].count {
            tables[k].append(contentsOf: repeatElement(nil, count: max(tableSize, index + 1) - tables[k].count))
        }
        tables[k][index] = value
        return value
    }

    /// The description of translation word `token` of `cell`'s verse: "translation of" the transliterations of
    /// the verse's words aligned to it, in word order, or "translation" when none is. The whole verse is worked out
    /// on its first word, from one pass over its words' alignments (not one pass per translation word).
    func translationDescription(cell: VerseIndex, token: TokenOffset, in chapter: Chapter) -> String {
        if alignedCell != cell {
            let verse = chapter.verses[cell]
            var sources = Array(repeating: [String](), count: verse.translation.count)
            for word in chapter.words[verse.words] {
                var last: TokenOffset?
                for t in chapter.alignment(of: word).sorted() where t != last && Int(t) < sources.count {
                    sources[Int(t)].append(chapter.text(word.transliteration))
                    last = t
                }
            }
            translationDescriptions = sources.map { $0.isEmpty ? "translation" : "translation of " + $0.joined(separator: " ") }
            alignedCell = cell
        }
        guard Int(token) < translationDescriptions.count else { return "translation" }
        return translationDescriptions[Int(token)]
    }
}
