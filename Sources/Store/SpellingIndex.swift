import InterlinearCorpus

/// The `spelling` table: which lemmas a Latin spelling names (`SpellingKey`), so "logos" finds λόγος and "elohim"
/// finds H430. A Greek word gives its form's transliteration and its lemma's, both naming its lemma; a Hebrew word
/// gives each morpheme's transliteration, naming that morpheme's Strong's numbers, and the whole word's ("bereshit"),
/// naming the numbers of its stem (not of its prefixes or suffixes, which every other word shares).
struct SpellingIndex {
    /// One row: a key and the Greek lemma key or Hebrew Strong's number it names.
    struct Row: Hashable {
        var key: String
        var lemmaKey: String
        var strongsNumber: Int
    }

    /// A Hebrew morpheme's fields that name it.
    struct Part {
        var transliteration: String
        var strongs: String
        var morphology: String
    }

    private(set) var rows = Set<Row>()
    /// Keys by transliteration, each folded once.
    private var keys: [String: String] = [:]

    /// Morpheme codes that are a prefix or a suffix: a whole word's spelling does not name them.
    private static let affixes: Set<String> = ["Prep", "Conj", "Sfx"]

    private mutating func key(_ transliteration: String) -> String {
        if let key = keys[transliteration] { return key }
        let key = SpellingKey.key(transliteration)
        keys[transliteration] = key
        return key
    }

    mutating func addGreek(transliteration: String, lemma: String) {
        let lemmaKey = Folding.key(lemma)
        guard !lemmaKey.isEmpty else { return }
        let lemmaSpelling = Transliterator.transliterate(lemma)
        // A lemma's optional letters ("houtō(s)") are spelled both ways.
        var without = "", optional = false
        for character in lemmaSpelling {
            if character == "(" {
                optional = true
            } else if character == ")" {
                optional = false
            } else if !optional {
                without.append(character)
            }
        }
        for spelling in [transliteration, lemmaSpelling, without] {
            let key = key(spelling)
            if !key.isEmpty { rows.insert(Row(key: key, lemmaKey: lemmaKey, strongsNumber: 0)) }
        }
    }

    mutating func addHebrew(transliteration: String, parts: [Part]) {
        var stems: [Int] = []
        for part in parts {
            let numbers = part.strongs.split(separator: "/").compactMap { Folding.strongsNumber($0, prefix: "H") }
            let partKey = key(part.transliteration)
            for number in numbers where number > 0 {
                if !partKey.isEmpty { rows.insert(Row(key: partKey, lemmaKey: "", strongsNumber: number)) }
                if !Self.affixes.contains(part.morphology) { stems.append(number) }
            }
        }
        let wordKey = key(transliteration)
        guard !wordKey.isEmpty else { return }
        for number in stems { rows.insert(Row(key: wordKey, lemmaKey: "", strongsNumber: number)) }
    }

    /// Inserts the rows gathered (rows already there stay: a key keeps naming a lemma another chapter gave it).
    func write(_ database: Database) throws {
        let insert = try database.prepare(
            "INSERT OR IGNORE INTO spelling(key, lemma_key, strongs_number) VALUES (?1, ?2, ?3)")
        for row in rows {
            try insert.bind([row.key, row.lemmaKey, row.strongsNumber])
            try insert.run()
        }
    }
}
