import InterlinearCorpus

/// Matches morphology queries to codes: a code ("V-AAI-3S"), a glob of codes ("V-AAI-*"), or words from the codes'
/// spelled-out form ("aorist active indicative"), which match every code whose expansion (`Morphology.expand`)
/// holds all of those words.
enum MorphologyMatch {
    /// Upper-case letters, digits and hyphens (and glob characters), with a letter first: "V-AAI-3S", "N-*".
    static func isCode(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        let allowed = text.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-*?".unicodeScalars.contains($0)
        }
        return allowed && (text.contains("-") || text.contains("*") || Morphology.expand(text) != nil)
    }

    /// Whether every word of `text` is a word the expansions use ("aorist active indicative", "genitive plural").
    static func isDescription(_ text: String) -> Bool {
        let query = words(text)
        return !query.isEmpty && query.allSatisfy(vocabulary.contains)
    }

    /// The words of an expansion or a query, lower-cased, without punctuation.
    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.map(String.init))
    }

    /// Every word any expansion uses, from the codes the SBLGNT uses and their parts.
    static let vocabulary: Set<String> = [
        "adverb", "conjunction", "conditional", "particle", "preposition", "interjection", "aramaic", "hebrew", "word",
        "indeclinable", "proper", "noun", "letter", "numeral", "adjective", "definite", "article", "relative",
        "pronoun", "reciprocal", "demonstrative", "correlative", "interrogative", "indefinite", "or", "comparative",
        "superlative", "negative", "contracted", "form", "crasis", "attic", "nominative", "genitive", "dative",
        "accusative", "vocative", "singular", "plural", "masculine", "feminine", "neuter", "first", "second", "third",
        "person", "personal", "reflexive", "possessive", "possessor", "verb", "present", "imperfect", "future",
        "aorist", "perfect", "pluperfect", "active", "middle", "passive", "deponent", "indicative", "subjunctive",
        "optative", "imperative", "infinitive", "participle",
    ]

    /// Whether an expansion holds every word of the query.
    static func matches(expansion: String, query: Set<String>) -> Bool {
        query.isSubset(of: words(expansion))
    }
}
