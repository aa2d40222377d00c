import InterlinearCorpus

/// Search hits served from checked data. The search tables (`word`, `morpheme`, `morphology` and the full-text index)
/// are under no chapter's checksum, so every hit a search prints is checked against its verse as the loader reads
/// and checks it (`CorpusStore.read(_:into:morphemes:only:)`: bounds, field syntax and the verse's own checksum,
/// `VerseChecksum`, or its chapter's, `ChapterDigest`, in a store migrated from version 6): a word row's fields and
/// search keys must be the checked word's, a Hebrew word's morpheme rows the ones its checked morphemes give, a verse
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

    /// The chapters of the hits, read (and so checked) once each with only the verses of the hits, each checked by its
    /// own checksum (`CorpusStore.read(_:into:morphemes:only:)`): a verse no hit is in is left to the commands that
    /// show it. All are read into one string table, frozen once they are all read: the hits' chapters share most of
    /// their strings, and a table per chapter cost its allocation and every shared string interned and checked again.
    /// They are read in canonical order, the order the hits come in, so the first damage met is the one refused.
    /// Sorted arrays, not dictionaries or sets keyed by `Int`: the first such collection instantiates generic
    /// metadata, a scan of the binary's conformance records (the `search` benchmark in Benchmarks/Thresholds).
    final class CheckedChapters {
        let store: CorpusStore
        /// The chapter keys the hits name, ascending, each with its chapter.
        private var chapters: [(key: Int, chapter: Chapter)] = []

        /// Reads the chapters of `verses` (verse keys, in any order).
        init(store: CorpusStore, verses: some Sequence<Int>) throws {
            self.store = store
            let keys = verses.sorted()
            let strings = StringTableBuilder()
            var start = keys.startIndex
            while start < keys.endIndex {
                let chapterKey = keys[start] / 1000
                var numbers: [Int] = []
                var end = start
                while end < keys.endIndex, keys[end] / 1000 == chapterKey {
                    if numbers.last != keys[end] % 1000 { numbers.append(keys[end] % 1000) }
                    end += 1
                }
                guard let book = Book.numbered(chapterKey / 1000),
                    let chapter = try store.read(
                        ChapterReference(book: book, chapter: chapterKey % 1000), into: strings, only: numbers)
                else { throw disagreement("verse key \(keys[start])", "names no chapter the store holds") }
                chapters.append((chapterKey, chapter))
                start = end
            }
            for index in chapters.indices { chapters[index].chapter.freeze(strings) }
        }

        /// The checked chapter and verse a verse key names; a key the chapter does not hold is damage.
        func verse(_ key: Int) throws -> (chapter: Chapter, verse: Verse) {
            let chapterKey = key / 1000
            var low = 0, high = chapters.count
            while low < high {
                let middle = (low + high) / 2
                if chapters[middle].key < chapterKey { low = middle + 1 } else { high = middle }
            }
            // Every key asked for was among those read.
            guard low < chapters.count, chapters[low].key == chapterKey else {
                throw disagreement("verse key \(key)", "names no chapter the store holds")
            }
            let chapter = chapters[low].chapter
            guard let index = chapter.verseIndex(number: key % 1000) else {
                throw disagreement("\(chapter.reference):\(key % 1000)", "is not a verse of the chapter")
            }
            return (chapter, chapter.verses[index])
        }

        func disagreement(_ what: String, _ why: String) -> StoreError {
            StoreError.badRow(path: store.path, what: "the search tables disagree with the chapters: \(what) \(why)")
        }
    }

    /// The hits of word rows, each checked against its checked chapter, with context from it when asked.
    func checkedWordHits(_ rows: [WordRow], textMatches: [String], context: Bool) throws -> [SearchHit] {
        let chapters = try CheckedChapters(store: store, verses: rows.map(\.verseKey))
        var morphemeRows: [WordPlace: [[String]]]?
        var hits: [SearchHit] = []
        // A search's hits repeat their lemma and most forms (G3056's 50: one lemma, 12 forms); each is folded once,
        // remembered by its id in the chapters' one string table, in a short list (a dictionary's first use scans
        // the binary's conformance records).
        var folded: [(id: TextID, key: String)] = []
        func key(_ id: TextID, in chapter: Chapter) -> String {
            if let known = folded.first(where: { $0.id == id }) { return known.key }
            let key = Folding.key(chapter.text(id))
            folded.append((id, key))
            return key
        }
        for row in rows {
            let (chapter, verse) = try chapters.verse(row.verseKey)
            var place: String { "\(chapter.reference):\(verse.number) word \(row.position + 1)" }
            guard row.position >= 0, row.position < verse.words.count else {
                throw chapters.disagreement(place, "is past the verse's \(verse.words.count) words")
            }
            let word = chapter.words[verse.word(at: WordOffset(UInt16(row.position)))]
            // The row's printed fields are the checked word's bytes (compared in place, no string made of them), its
            // keys what folding the checked word gives.
            guard chapter.holds(row.surface, at: word.surface), chapter.holds(row.lemma, at: word.lemma),
                chapter.holds(row.strongs, at: word.strongs), chapter.holds(row.morphology, at: word.morphology),
                chapter.holds(row.gloss, at: word.gloss), row.surfaceKey == key(word.surface, in: chapter),
                row.lemmaKey == key(word.lemma, in: chapter),
                row.strongsNumber == Folding.strongsNumber(row.strongs) ?? 0
            else {
                throw chapters.disagreement(place, "(its search row was changed since the import)")
            }
            if chapter.language == .hebrew {
                // The rows `StoreWriter.writeMorphemes` writes for the word, made again from the checked morphemes.
                var wanted: [[String]] = []
                for morpheme in chapter.morphemes(of: word) {
                    let numbers = chapter.text(morpheme.strongs).split(separator: "/")
                    for number in numbers.isEmpty ? [""] : numbers {
                        wanted.append([
                            Folding.key(chapter.text(morpheme.surface)), String(number),
                            "\(Folding.strongsNumber(number, prefix: "H") ?? 0)",
                        ])
                    }
                }
                if morphemeRows == nil { morphemeRows = try self.morphemeRows(of: rows) }
                let found = morphemeRows?[WordPlace(verse: row.verseKey, position: row.position)] ?? []
                guard found == wanted else {
                    throw chapters.disagreement(place, "(its morpheme search rows were changed since the import)")
                }
            }
            hits.append(
                SearchHit(
                    chapter: chapter.reference, verse: verse.number, word: row.position, matched: row.surface,
                    lemma: row.lemma, strongs: row.strongs, morphology: row.morphology, gloss: row.gloss,
                    context: context ? Self.context(of: row.position, in: verse, chapter) : ""))
        }
        try checkTextMatches(rows.map(\.verseKey), textMatches, chapters)
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
        try checkTextMatches(keys, textMatches, CheckedChapters(store: store, verses: keys))
    }

    /// Every verse must match every full-text expression in its checked translation: FTS5 in memory with the store's
    /// tokenizer, holding only those verses. `keys` in any order, repeats allowed.
    private func checkTextMatches(_ keys: [Int], _ matches: [String], _ chapters: CheckedChapters) throws {
        var sorted = keys.sorted()
        sorted.removeDuplicatesOfSorted()
        var translations: [(Int, String)] = []
        for key in sorted {
            let (chapter, verse) = try chapters.verse(key)
            // Without a text criterion, each verse checked with its chapter is all: no translation to match.
            guard !matches.isEmpty else { continue }
            translations.append(
                (key, chapter.translationTokens[verse.translation].map(chapter.text).joined(separator: " ")))
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
                let (chapter, verse) = try chapters.verse(key)
                throw chapters.disagreement(
                    "\(chapter.reference):\(verse.number)",
                    "(the full-text index finds it for a text its translation does not hold)")
            }
        }
    }

    /// Four words either side of a word, the word in brackets, from the checked chapter. Its bytes are gathered
    /// from the string table and made a string once: a string per word appended to a growing one cost more than
    /// the rest of a hit's check.
    static func context(of position: Int, in verse: Verse, _ chapter: Chapter) -> String {
        let words = chapter.words[verse.words]
        let lower = max(position - 4, 0), upper = min(position + 5, words.count)
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]  // "…"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            (lower..<upper).reduce(16) { $0 + chapter.strings.utf8Count(of: words[words.startIndex + $1].surface) + 1 })
        if lower > 0 {
            bytes.append(contentsOf: ellipsis)
            bytes.append(UInt8(ascii: " "))
        }
        for offset in lower..<upper {
            if offset > lower { bytes.append(UInt8(ascii: " ")) }
            if offset == position { bytes.append(UInt8(ascii: "[")) }
            chapter.strings.withUTF8(of: words[words.startIndex + offset].surface) { bytes.append(contentsOf: $0) }
            if offset == position { bytes.append(UInt8(ascii: "]")) }
        }
        if upper < words.count {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: ellipsis)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Chapter {
    /// Whether `text` is the string `id` stands for, byte for byte.
    fileprivate func holds(_ text: String, at id: TextID) -> Bool {
        var text = text
        return text.withUTF8 { text in strings.withUTF8(of: id) { text.elementsEqual($0) } }
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
