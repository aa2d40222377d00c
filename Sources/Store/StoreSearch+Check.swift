import InterlinearCorpus

/// Search hits served from checked data. The search tables (`word`, `morpheme`, `morphology` and the full-text index)
/// are under no chapter's checksum, so every hit a search prints is checked against its verse, read by its key and
/// vouched for by its own checksum (`VerseChecksum`, or its chapter's, `ChapterDigest`, in a store migrated from
/// version 6), its words bounded and the fields used checked as text and syntax (`CheckedVerse`): a word row's
/// fields and search keys must be the checked word's, a Hebrew word's morpheme rows the ones its checked morphemes give, a verse
/// a text criterion found must match it in the checked translation (FTS5 in memory, same tokenizer, same expression),
/// and a word hit's context is made from the checked verse. A row changed in any of them is refused in one line with the
/// command that rebuilds the store. The counts per book come from the indexes as they are (checking them would read
/// every chapter for every search); the hits listed are what is checked.
extension StoreSearch {
    /// A word row as a search selects it: what is printed and the keys it was found by.
    struct WordRow {
        var verseKey: Int
        var position: Int
        var surface, lemma, strongs, morphology, gloss: String
        var surfaceKey, lemmaKey: String
        var strongsNumber: Int
    }

    /// The verses of the hits, each read by its key and vouched for by its own checksum (`CorpusStore.vouchedVerses`):
    /// a verse no hit is in is left to the commands that show it. They are read chapter by chapter in canonical
    /// order, the order the hits come in, so the first damage met is the one refused. A sorted array, not a
    /// dictionary keyed by `Int`: the first such collection instantiates generic metadata, a scan of the binary's
    /// conformance records (the `search` benchmark in Benchmarks/Thresholds).
    final class CheckedVerses {
        let store: CorpusStore
        /// The verses read, by ascending key.
        private var verses: [CheckedVerse] = []

        /// Reads the verses `keys` name (in any order, repeats allowed).
        init(store: CorpusStore, verses keys: some Sequence<Int>) throws {
            self.store = store
            let keys = keys.sorted()
            var start = keys.startIndex
            while start < keys.endIndex {
                let chapterKey = keys[start] / 1000
                var numbers: [Int] = []
                var end = start
                while end < keys.endIndex, keys[end] / 1000 == chapterKey {
                    if numbers.last != keys[end] % 1000 { numbers.append(keys[end] % 1000) }
                    end += 1
                }
                guard let book = Book.numbered(chapterKey / 1000) else {
                    throw disagreement("verse key \(keys[start])", "names no chapter the store holds")
                }
                let reference = ChapterReference(book: book, chapter: chapterKey % 1000)
                guard let (language, rows) = try store.vouchedVerses(numbers, of: reference) else {
                    throw disagreement("verse key \(keys[start])", "names no chapter the store holds")
                }
                var check = StoredChapterCheck(path: store.path, reference: reference)
                for row in rows {
                    verses.append(try CheckedVerse(row, of: reference, language: language, check: &check))
                }
                start = end
            }
        }

        /// The checked verse a verse key names; a key the store holds no verse for is damage.
        func verse(_ key: Int) throws -> CheckedVerse {
            var low = 0, high = verses.count
            while low < high {
                let middle = (low + high) / 2
                if verses[middle].key < key { low = middle + 1 } else { high = middle }
            }
            guard low < verses.count, verses[low].key == key else {
                // Every key asked for was among those read, so its book and chapter were found.
                let chapter = Book.numbered(key / 1_000_000).map {
                    "\(ChapterReference(book: $0, chapter: key / 1000 % 1000))"
                }
                throw disagreement(
                    "\(chapter ?? "verse key \(key / 1000)"):\(key % 1000)", "is not a verse of the chapter")
            }
            return verses[low]
        }

        func disagreement(_ what: String, _ why: String) -> StoreError {
            StoreError.badRow(path: store.path, what: "the search tables disagree with the chapters: \(what) \(why)")
        }
    }

    /// The hits of word rows, each checked against its checked chapter, with context from it when asked.
    func checkedWordHits(_ rows: [WordRow], textMatches: [String], context: Bool) throws -> [SearchHit] {
        let verses = try CheckedVerses(store: store, verses: rows.map(\.verseKey))
        var morphemeRows: [WordPlace: [[String]]]?
        var hits: [SearchHit] = []
        // A search's hits repeat their lemma and most forms (G3056's 50: one lemma, 12 forms); each is folded once,
        // in a short list (a dictionary's first use scans the binary's conformance records).
        // Two lists of strings, not one of pairs: an array of a new type instantiates its metadata at run time.
        var foldedTexts: [String] = [], foldedKeys: [String] = []
        func key(_ text: String) -> String {
            if let known = foldedTexts.firstIndex(where: { Self.sameBytes($0, text) }) { return foldedKeys[known] }
            let key = Folding.key(text)
            foldedTexts.append(text)
            foldedKeys.append(key)
            return key
        }
        for row in rows {
            let verse = try verses.verse(row.verseKey)
            var place: String { "\(verse.reference):\(verse.number) word \(row.position + 1)" }
            guard row.position >= 0, row.position < verse.wordCount else {
                throw verses.disagreement(place, "is past the verse's \(verse.wordCount) words")
            }
            // The row's printed fields are the checked word's bytes (compared in place, no string made of them), its
            // keys what folding them gives.
            guard
                try verse.fields(
                    at: row.position, are: row.surface, row.lemma, row.strongs, row.morphology, row.gloss),
                row.surfaceKey == key(row.surface), row.lemmaKey == key(row.lemma),
                row.strongsNumber == Folding.strongsNumber(row.strongs) ?? 0
            else {
                throw verses.disagreement(place, "(its search row was changed since the import)")
            }
            if verse.language == .hebrew {
                // The rows `StoreWriter.writeMorphemes` writes for the word, made again from the checked morphemes.
                var wanted: [[String]] = []
                for morpheme in try verse.morphemes(at: row.position) {
                    let numbers = morpheme.strongs.split(separator: "/")
                    for number in numbers.isEmpty ? [""] : numbers {
                        wanted.append([
                            Folding.key(morpheme.surface), String(number),
                            "\(Folding.strongsNumber(number, prefix: "H") ?? 0)",
                        ])
                    }
                }
                if morphemeRows == nil { morphemeRows = try self.morphemeRows(of: rows) }
                let found = morphemeRows?[WordPlace(verse: row.verseKey, position: row.position)] ?? []
                guard found == wanted else {
                    throw verses.disagreement(place, "(its morpheme search rows were changed since the import)")
                }
            }
            hits.append(
                SearchHit(
                    chapter: verse.reference, verse: verse.number, word: row.position, matched: row.surface,
                    lemma: row.lemma, strongs: row.strongs, morphology: row.morphology, gloss: row.gloss,
                    context: context ? try verse.context(of: row.position) : ""))
        }
        try checkTextMatches(rows.map(\.verseKey), textMatches, verses)
        return hits
    }

    /// A word's place: its verse key and its position in the verse (from 0).
    struct WordPlace: Hashable {
        var verse: Int
        var position: Int
    }

    /// The morpheme search rows (folded surface, Strong's, its number) of each word of `rows`, each word's in rowid
    /// order: what `SELECT … FROM morpheme WHERE verse = ? AND position = ? ORDER BY rowid` gives per word, read in
    /// one pass over the table. The table has no index by verse, so a query per word read all of it once per hit.
    func morphemeRows(of rows: [WordRow]) throws -> [WordPlace: [[String]]] {
        let places = Set(rows.map { WordPlace(verse: $0.verseKey, position: $0.position) })
        guard let first = places.map(\.verse).min(), let last = places.map(\.verse).max() else { return [:] }
        let statement = try store.database.prepare(
            "SELECT verse, position, surface_key, strongs, strongs_number FROM morpheme WHERE verse BETWEEN ?1 AND ?2 "
                + "ORDER BY rowid")
        try statement.bind([first, last])
        var found: [WordPlace: [[String]]] = [:]
        while try statement.step() {
            let place = WordPlace(verse: statement.int(0), position: statement.int(1))
            guard places.contains(place) else { continue }
            found[place, default: []].append([statement.text(2), statement.text(3), "\(statement.int(4))"])
        }
        return found
    }

    /// Text hits (verse keys) checked: each verse in its checked chapter, matching every text criterion there.
    func checkTextHits(_ keys: [Int], textMatches: [String]) throws {
        try checkTextMatches(keys, textMatches, CheckedVerses(store: store, verses: keys))
    }

    /// Every verse must match every full-text expression in its checked translation: FTS5 in memory with the store's
    /// tokenizer, holding only those verses. `keys` in any order, repeats allowed.
    private func checkTextMatches(_ keys: [Int], _ matches: [String], _ verses: CheckedVerses) throws {
        var sorted = keys.sorted()
        sorted.removeDuplicatesOfSorted()
        var translations: [(Int, String)] = []
        for key in sorted {
            let verse = try verses.verse(key)
            // Without a text criterion, each verse checked by its checksum is all: no translation to match.
            guard !matches.isEmpty else { continue }
            translations.append((key, try verse.translation()))
        }
        guard !matches.isEmpty, !translations.isEmpty else { return }
        let memory = try Database(path: ":memory:", readOnly: false, create: true)
        try memory.execute(
            "CREATE VIRTUAL TABLE checked USING fts5(translation, tokenize='unicode61 remove_diacritics 2')")
        let insert = try memory.prepare("INSERT INTO checked(rowid, translation) VALUES (?1, ?2)")
        for (key, text) in translations {
            insert.reset()
            try insert.bind([key, text] as [any StatementValue])
            try insert.run()
        }
        for match in matches {
            let select = try memory.prepare("SELECT rowid FROM checked WHERE checked MATCH ?1")
            try select.bind([match])
            var matched: [Int] = []
            while try select.step() { matched.append(select.int(0)) }
            matched.sort()
            if let key = sorted.first(where: { matched.binarySearch($0) == nil }) {
                let verse = try verses.verse(key)
                throw verses.disagreement(
                    "\(verse.reference):\(verse.number)",
                    "(the full-text index finds it for a text its translation does not hold)")
            }
        }
    }
}

extension StoreSearch {
    /// Whether two strings hold the same bytes: a folded key is made of a form's bytes, so no Unicode comparison.
    fileprivate static func sameBytes(_ first: String, _ second: String) -> Bool {
        var first = first, second = second
        return first.withUTF8 { first in second.withUTF8 { CheckedVerse.sameBytes(first, $0) } }
    }
}

extension Array where Element == Int {
    /// Removes repeats from an ascending array.
    fileprivate mutating func removeDuplicatesOfSorted() {
        var kept = 0
        for index in indices where kept == 0 || self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }

    /// The index of `value` in an ascending array, or nil.
    fileprivate func binarySearch(_ value: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }
}
