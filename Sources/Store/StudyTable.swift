import InterlinearCorpus

/// Each Greek Strong's number's BSB renderings, counted at import (table `study`, schema version 8) from the same rows
/// `CorpusStore.study` would join at every `define` (the number's words, their alignments and their verses'
/// translations): one row a number, the renderings in their order as lines of "COUNT TEXT", with the row's own
/// checksum. `define` reads one row instead of stepping through every word's verse; a number without a row (a store
/// migrated from version 7, which an import fills again) is counted from the words as before, with the same result.
///
/// Like the lexicon's rows, a row changed since the import is refused by its checksum, and its text is checked as
/// text is (no control characters) before it is shown; it guards against damage, not an adversary who computes the
/// checksum too.
enum StudyTable {
    /// Counts every New Testament number's renderings again and writes them (in the writer's transaction, after the
    /// chapters): what a whole import and an import of some chapters both run, so the table always says what the
    /// words say.
    static func record(_ database: Database) throws {
        try database.execute("DELETE FROM study")
        let rows = try database.prepare(
            """
            SELECT word.strongs_number, word.alignment, verse.translation FROM word
            JOIN verse ON verse.id = word.verse
            WHERE word.strongs_number > 0 AND word.verse >= 40000000 ORDER BY word.strongs_number
            """)
        let insert = try database.prepare("INSERT INTO study(strongs_number, renderings, checksum) VALUES (?1, ?2, ?3)")
        var number = 0
        var tally = RenderingTally()
        func flush() throws {
            guard number > 0 else { return }
            var text = encoded(tally.renderings)
            let sum = text.withUTF8 { checksum(number, $0) }
            try insert.bind([number, text, sum] as [any StatementValue])
            try insert.run()
        }
        while try rows.step() {
            if rows.int(0) != number {
                try flush()
                number = rows.int(0)
                tally = RenderingTally()
            }
            try tally.add(
                alignment: rows.bytes(1), translation: rows.bytes(2), path: database.path,
                what: "the alignment of a word of G\(number)", verse: "the translation of a verse of G\(number)")
        }
        try flush()
    }

    /// The renderings recorded for a Greek number, checked; nil when the table has no row for it.
    static func renderings(of number: Int, in statement: Statement, path: String) throws -> [WordStudy.Rendering]? {
        defer { statement.reset() }
        try statement.bind(number, at: 1)
        guard try statement.step() else { return nil }
        let text = statement.bytes(0)
        let refusal = { (why: String) in StoreError.badRow(path: path, what: "the word study of G\(number) \(why)") }
        guard checksum(number, text) == statement.int(1) else { throw refusal("has changed since it was imported") }
        var renderings: [WordStudy.Rendering] = []
        var start = 0
        for end in 0...text.count where end == text.count || text[end] == 0x0A {
            defer { start = end + 1 }
            guard end > start else { continue }
            var count = 0, index = start
            while index < end, (0x30...0x39).contains(text[index]), count < 1 << 40 {
                count = count * 10 + Int(text[index] - 0x30)
                index += 1
            }
            let rendering = UnsafeBufferPointer(rebasing: text[min(index + 1, end)..<end])
            guard count > 0, index < end, text[index] == 0x20, !rendering.isEmpty, TextCheck.isClean(rendering) else {
                throw refusal("holds a line that is no count and rendering")
            }
            renderings.append(WordStudy.Rendering(text: String(decoding: rendering, as: UTF8.self), count: count))
        }
        return renderings
    }

    /// The statement `renderings(of:in:path:)` steps.
    static let select = "SELECT renderings, checksum FROM study WHERE strongs_number = ?1"

    /// The renderings as stored: "COUNT TEXT" lines in order (a rendering is clean text: it holds no line break).
    static func encoded(_ renderings: [WordStudy.Rendering]) -> String {
        var text = ""
        for rendering in renderings {
            if !text.isEmpty { text += "\n" }
            text += "\(rendering.count) \(rendering.text)"
        }
        return text
    }

    /// A row's checksum: its number and its renderings as stored, mixed as a chapter's rows are.
    static func checksum(_ number: Int, _ text: UnsafeBufferPointer<UInt8>) -> Int {
        var digest = ChapterDigest()
        digest.addNumber(number)
        digest.addField(text)
        return digest.value
    }
}

/// A number's renderings as its words are counted: each word's English from its alignment (`CorpusStore.rendering`),
/// the words aligned to nothing left out; most frequent first, equal counts in code point order.
struct RenderingTally {
    private var counts: [String: Int] = [:]

    /// Counts one word's rendering; a field that is not clean text or an alignment that is no token of its verse is
    /// a damaged store, refused in one line worded by `what` (the alignment) or `verse` (the translation).
    mutating func add(
        alignment: UnsafeBufferPointer<UInt8>, translation: UnsafeBufferPointer<UInt8>, path: String,
        what: @autoclosure () -> String, verse: @autoclosure () -> String
    ) throws {
        try StoredChapterCheck.field(alignment, path: path, what: what())
        try StoredChapterCheck.field(translation, path: path, what: verse())
        guard let text = CorpusStore.rendering(alignment, of: translation) else {
            throw StoreError.badRow(path: path, what: "\(what()) is not a token of its verse")
        }
        if !text.isEmpty { counts[text, default: 0] += 1 }
    }

    var renderings: [WordStudy.Rendering] {
        counts.map { WordStudy.Rendering(text: $0.key, count: $0.value) }.sorted {
            guard $0.count == $1.count else { return $0.count > $1.count }
            return $0.text.unicodeScalars.lexicographicallyPrecedes($1.text.unicodeScalars)
        }
    }
}
