import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus
@testable import InterlinearStore

/// Each chapter's strings recorded at import (`ChapterStrings`, schema 9): a chapter read from them into a new builder
/// is the chapter read by interning, with the same ids in the same table; a record that does not agree with the
/// rows — a code naming another string, a string changed, repeated or cut short — is refused in one line, as a
/// changed row is; a chapter without a record is read by interning.
@Suite("Chapter strings", .serialized) struct ChapterStringsTests {
    static let chapters = ["John 1", "Matthew 1", "Romans 8", "Revelation 22", "Genesis 1", "Psalm 23", "Isaiah 53"]
        .compactMap { ChapterReference(parsing: $0) }

    /// A copy of the committed Bible store with `sql` applied.
    private func store(_ name: String, _ sql: String = "SELECT 1") throws -> URL {
        let url = try StoreFixture.copy(of: try StoreFixture.committedBible.get(), named: "strings-\(name).sqlite")
        try sqlite(url, sql)
        return url
    }

    /// The chapter and its table, read into a new builder.
    private func read(_ reference: ChapterReference, from url: URL) throws -> (Chapter, StringTable) {
        let strings = StringTableBuilder()
        let chapter = try #require(try CorpusStore(url: url, upgrade: false).load(reference, into: strings))
        return (chapter, strings.freeze())
    }

    @Test("read from its record, a chapter is the chapter read by interning, ids and table alike")
    func recordGivesTheInternedChapter() throws {
        let recorded = try store("recorded")
        let interned = try store("interned", "UPDATE chapter SET strings = NULL, ids = NULL")
        let database = try Database(path: recorded.path, readOnly: true)
        #expect(try database.integer("SELECT count(*) FROM chapter WHERE strings IS NULL OR ids IS NULL") == 0)
        #expect(try database.integer("SELECT count(*) FROM chapter") == Self.chapters.count)
        for reference in Self.chapters {
            let (a, tableA) = try read(reference, from: recorded)
            let (b, tableB) = try read(reference, from: interned)
            #expect(sameChapter(a, b), "\(reference)")
            // The same ids, not only the same texts: the tables are equal string by string.
            #expect(tableA.count == tableB.count, "\(reference)")
            for id in 0..<TextID(min(tableA.count, tableB.count)) where tableA[id] != tableB[id] {
                Issue.record("\(reference): id \(id) is \(tableA[id]) read from the record, \(tableB[id]) interned")
                break
            }
            #expect(
                a.words.map(\.surface) == b.words.map(\.surface) && a.words.map(\.printed) == b.words.map(\.printed))
            #expect(a.translationTokens == b.translationTokens && a.morphemes.map(\.gloss) == b.morphemes.map(\.gloss))
        }
    }

    @Test("a builder that holds strings already interns, giving the same chapter")
    func aBuilderInUseInterns() throws {
        let url = try store("in-use")
        let store = try CorpusStore(url: url, upgrade: false)
        let strings = StringTableBuilder()
        let first = try #require(try store.load(Self.chapters[0], into: strings))
        for reference in Self.chapters.dropFirst() {
            let shared = try #require(try store.load(reference, into: strings))
            let (alone, _) = try read(reference, from: url)
            #expect(sameChapter(shared, alone), "\(reference)")
        }
        #expect(sameChapter(first, try read(Self.chapters[0], from: url).0))
    }

    /// The record's blobs of John 1, edited by `edit`, written back.
    private func damaged(_ name: String, _ edit: (inout [UInt8], inout [UInt8]) -> Void) throws -> URL {
        let url = try store(name)
        let database = try Database(path: url.path, readOnly: false)
        let select = try database.prepare("SELECT strings, ids FROM chapter WHERE id = 43001")
        try #require(try select.step())
        var strings = Array(select.bytes(0)), ids = Array(select.bytes(1))
        select.reset()
        edit(&strings, &ids)
        let update = try database.prepare("UPDATE chapter SET strings = ?1, ids = ?2 WHERE id = 43001")
        try update.bind(strings, at: 1)
        try update.bind(ids, at: 2)
        try update.run()
        database.close()
        return url
    }

    /// Where John 1's strings' bytes start in `strings`, and each one's count.
    private func layout(_ strings: [UInt8]) -> (start: Int, lengths: [Int]) {
        var count = 0
        for index in (0..<4).reversed() { count = count << 8 | Int(strings[index]) }
        let lengths = (0..<count).map { (index: Int) -> Int in
            let low = Int(strings[4 + 2 * index]), high = Int(strings[5 + 2 * index])
            return high << 8 | low
        }
        return (4 + 2 * count, lengths)
    }

    @Test(
        "a record that disagrees with the rows is refused in one line, with the command that rebuilds the chapter",
        arguments: [
            "a code naming an earlier string", "a repeat made a first sight", "a string changed", "a string repeated",
            "a control character", "strings cut short", "codes cut short", "a code too many", "a huge count",
        ])
    func damagedRecordIsRefused(_ damage: String) throws {
        let url = try damaged(damage.replacingOccurrences(of: " ", with: "-")) { strings, ids in
            let (start, lengths) = layout(strings)
            switch damage {
            case "a code naming an earlier string":
                // The last code that names a string met before (k > 1): now the one before it.
                let index = ids.lastIndex { $0 > 2 && $0 < 0x80 }!
                ids[index] -= 1
            case "a repeat made a first sight": ids[ids.lastIndex { $0 > 2 && $0 < 0x80 }!] = 0
            case "a string changed":
                // The last byte of the longest ASCII string, another ASCII letter: clean text still.
                let offsets = lengths.indices.map { start + lengths[..<$0].reduce(0, +) }
                let longest = lengths.indices.filter { strings[offsets[$0]] < 0x80 }.max { lengths[$0] < lengths[$1] }!
                let last = offsets[longest] + lengths[longest] - 1
                strings[last] = strings[last] == 0x71 ? 0x72 : 0x71
            case "a string repeated":
                // The second string of a count some earlier one has, made a copy of it.
                let offsets = lengths.indices.map { start + lengths[..<$0].reduce(0, +) }
                let later = lengths.indices.dropFirst().first { i in lengths[..<i].contains(lengths[i]) }!
                let earlier = lengths[..<later].firstIndex(of: lengths[later])!
                strings.replaceSubrange(
                    offsets[later]..<offsets[later] + lengths[later],
                    with: strings[offsets[earlier]..<offsets[earlier] + lengths[earlier]])
            case "a control character": strings[start] = 0x07
            case "strings cut short": strings.removeLast()
            case "codes cut short": ids.removeLast()
            case "a code too many": ids.append(1)
            default: (strings[0], strings[1], strings[2], strings[3]) = (0xFF, 0xFF, 0xFF, 0x7F)
            }
        }
        let john = try #require(ChapterReference(parsing: "John 1"))
        #expect {
            try CorpusStore(url: url, upgrade: false).load(john, into: StringTableBuilder())
        } throws: {
            String(describing: $0).contains("John 1 has changed since it was imported")
        }
        let result = try run(interlinearBinary, ["typeset", "John 1", "--corpus", url.path])
        expectOneErrorLine(
            result, status: 65,
            [
                "is damaged", "John 1 has changed since it was imported",
                "run `interlinear import \"John 1\"`",
            ])
        // The other chapters' records are theirs: Romans 8 still reads.
        #expect(try run(interlinearBinary, ["typeset", "Romans 8", "--corpus", url.path]).status == 0)
    }

    @Test("a damaged row under an intact record is refused as it is without one")
    func damagedRowIsWordedAsBefore() throws {
        // A Strong's number made invalid, the chapter's checksum made to match: the field check refuses it.
        let sql = """
            UPDATE word SET strongs = 'G30!56' WHERE verse = 43001001 AND strongs = 'G3056';
            """
        var results: [ProcessResult] = []
        var paths: [String] = []
        for recorded in [true, false] {
            let url = try store(
                "row-\(recorded)", recorded ? sql : sql + "UPDATE chapter SET strings = NULL, ids = NULL;")
            let database = try StoreIndex.openPair(store: url.path, readOnly: false)
            try VerseWords.rebuild(database)
            // Keep the record (rebuild clears the chapter table): a checksum over the changed rows, same strings.
            let record = try database.prepare("SELECT id, strings, ids FROM chapter")
            var kept: [(Int, [UInt8]?, [UInt8]?)] = []
            while try record.step() {
                kept.append(
                    (
                        record.int(0), record.isNull(1) ? nil : Array(record.bytes(1)),
                        record.isNull(2) ? nil : Array(record.bytes(2))
                    ))
            }
            record.reset()
            try ChapterDigest.rebuild(database)
            let update = try database.prepare("UPDATE chapter SET strings = ?2, ids = ?3 WHERE id = ?1")
            for (id, strings, ids) in kept {
                update.reset()
                try update.bind(id, at: 1)
                if let strings { try update.bind(strings, at: 2) } else { try update.bindNull(at: 2) }
                if let ids { try update.bind(ids, at: 3) } else { try update.bindNull(at: 3) }
                try update.run()
            }
            #expect(
                try database.integer("SELECT count(*) FROM chapter WHERE id = 43001 AND strings IS NOT NULL")
                    == (recorded ? 1 : 0))
            database.close()
            results.append(try run(interlinearBinary, ["typeset", "John 1", "--corpus", url.path]))
            paths.append(url.path)
        }
        // Refused by the field check, worded as the chapter read by interning words it.
        expectOneErrorLine(results[1], status: results[1].status, ["John 1:1", "bad Strong's number", "G30!56"])
        #expect(results[1].status != 0)
        // The same words but for the store's path.
        let said = zip(results, paths).map { $0.stderr.replacingOccurrences(of: $1, with: "STORE") }
        #expect(results[0].status == results[1].status && said[0] == said[1], "\(said)")
    }
}
