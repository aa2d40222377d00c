// libFuzzer harness: the corpus store's row decoding (Sources/Store: `CorpusStore.read`, `StoredChapterCheck`,
// `StoreSearch`), compiled into one module with the Store sources by scripts/fuzz (the Corpus module built beside
// it). A store file is a reader's input like a chapter file: someone can hand us one. SQLite parses the file
// format; everything after it — rows of any type, size or content — is ours, and that is what this feeds.
//
// The input is rows, one a line, fields separated by tabs (seeds: Fuzz/seeds/store-row, rows of the committed
// chapters):
//   P  application_id  user_version                 the database's marks (ours and current when absent)
//   V  id  translation                               a verse row
//   W  verse  position  surface  transliteration  lemma  strongs  morphology  gloss  alignment
//      [surface_key  lemma_key  strongs_number]      a word row
//   Q  kind  text                                    a search query (the query builder), kind lemma/word/…
//   B  id  words                                     a verse's packed words (`VerseWords`), raw bytes in which
//                                                    \t, \n and \\ stand for a tab, a line feed and a backslash
//   M  id  morphemes                                 a Hebrew verse's packed morphemes (`VerseMorphemes`), raw
//                                                    bytes escaped as B's
//   S  chapter  blob  offset  byte                   a chapter's record of its strings (`ChapterStrings`) damaged:
//                                                    byte `offset` (modulo its length) of `strings` (blob 0) or
//                                                    `ids` (blob 1) set to `byte`, or with `offset` -1 the blob
//                                                    cut by `byte` bytes
// They go into an in-memory database with the real schema (`Schema.migrations`): integer columns get an integer
// when the field is a decimal, anything else as text; a field starting with byte 0x01 is bound as a BLOB. Each
// verse's packed words, which the loader reads, are then derived from its word rows (`VerseWords.rebuild`, the
// migration from version 1), B rows replace a verse's packed words with their bytes, M rows set a verse's packed
// morphemes (an Old Testament verse has none otherwise, and is refused for that), and each chapter gets the record
// of what its rows now are (`ChapterDigest.rebuild`, the migration to version 3) and the record of its strings an
// import writes (`ChapterStrings.record`), damaged as S rows say. Then the store is checked
// (`validate`), every chapter the rows touch is loaded, and a few searches run.
//
// Whatever the rows: a chapter the loader accepts is within the limits, holds no control characters, is one a chapter
// file could hold (the chapter-file parser reads it back the same) and survives the store writer and reader; read
// without its morphemes (as what shows a chapter reads it) it is accepted too, with the same words, and a chapter
// refused that way is refused with its morphemes as well; read from its record of strings it is the chapter read by
// interning (into a builder holding another string); a
// refusal is a `StoreError` (or, for a search, a `SearchError`) whose message is one bounded line without control
// characters. Anything else — a trap, an address-sanitizer report, another error, a broken property — is a crash.

import CSQLite
import Foundation
import InterlinearCorpus

/// An in-memory database with the real schema and the store over it, as a process that opens the store once
/// and reads many chapters has them; each input's rows are rolled back after it.
private struct Fixture {
    let rows: Database
    let store: CorpusStore
    /// Where accepted chapters are written back and read again.
    let copy: Database
    let writer: StoreWriter
    let copyStore: CorpusStore

    init() {
        rows = schemaDatabase()
        store = CorpusStore(database: rows, url: storeURL)
        copy = schemaDatabase()
        do { writer = try StoreWriter(copy) } catch { fatalError("cannot prepare the writer: \(error)") }
        copyStore = CorpusStore(database: copy, url: storeURL)
    }
}

nonisolated(unsafe) private var shared: Fixture?

private let storeURL = URL(fileURLWithPath: "fuzz.sqlite")

private func schemaDatabase() -> Database {
    do {
        let database = try Database(path: ":memory:", readOnly: false, create: true)
        try StoreIndex.attachFile(":memory:", to: database)  // the search index (`StoreIndex`), in memory too
        try CorpusStore.migrate(database)
        return database
    } catch {
        fatalError("cannot create the in-memory store: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreRows(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fixture = shared ?? Fixture()
    shared = fixture
    let database = fixture.rows
    let bytes = UnsafeBufferPointer(start: data, count: size)
    do {
        try database.execute("BEGIN")
    } catch {
        fatalError("BEGIN: \(error)")
    }
    defer { try? database.execute("ROLLBACK") }

    let rows = StoreRows(bytes)
    rows.insert(into: database)

    let store = fixture.store
    // Through `migrate`, as an import opens an older store: whatever version the marks give (−1 trapped once).
    let rawVersion = (try? database.integer("PRAGMA user_version")) ?? 0
    if rawVersion != Schema.version { migrateFresh(from: rawVersion) }
    do {
        guard try CorpusStore.validate(database) == Schema.version else { return 0 }
    } catch {
        checkRefusal(error)
        return 0
    }
    let wanted = (rows.chapters + ((try? store.availableChapters()) ?? [])).prefix(4)
    for reference in Set(wanted).sorted(by: { ($0.book.number, $0.chapter) < ($1.book.number, $1.chapter) }) {
        let shown: Chapter?
        do {
            shown = try store.load(reference, into: StringTableBuilder(), morphemes: false)
        } catch {
            checkRefusal(error)
            shown = nil
        }
        do {
            let strings = StringTableBuilder()
            guard var chapter = try store.read(reference, into: strings) else {
                precondition(shown == nil, "\(reference) read only without its morphemes")
                continue
            }
            chapter.freeze(strings)
            checkAccepted(chapter, fixture)
            checkInterned(chapter, store)
            guard let shown else { fatalError("\(reference) accepted with its morphemes, refused without them") }
            checkSameWords(shown, chapter)
        } catch {
            checkRefusal(error)
        }
    }
    for query in rows.queries {
        do {
            let result = try StoreSearch(store: store).run(query)
            precondition(result.hits.count <= result.total, "more hits than the total")
            for hit in result.hits {
                for text in [
                    hit.matched, hit.context, hit.lemma ?? "", hit.strongs ?? "", hit.morphology ?? "", hit.gloss ?? "",
                ] {
                    precondition(TextCheck.firstControl(text) == nil, "a control character in a search hit: \(hit)")
                }
                if let word = hit.word {
                    precondition((0..<CorpusLimits.maxWordsPerVerse).contains(word), "word \(word)")
                }
            }
        } catch let error as SearchError {
            precondition(!error.description.contains("\n"), "a search error of two lines")
        } catch {
            checkRefusal(error)
        }
    }
    return 0
}

/// Migrates an empty in-memory database marked with `version`: it reaches the current version, or is refused in one
/// line (a version newer than this build, a store whose older tables are missing).
private func migrateFresh(from version: Int) {
    let database: Database
    do {
        database = try Database(path: ":memory:", readOnly: false, create: true)
        try StoreIndex.attachFile(":memory:", to: database)
        try database.execute(
            "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(Int32(truncatingIfNeeded: version))"
        )
    } catch {
        fatalError("in-memory database: \(error)")
    }
    do {
        try CorpusStore.migrate(database)
        let reached = try CorpusStore.validate(database)
        precondition(reached == Schema.version, "migrated to version \(reached)")
    } catch let error as StoreError {
        switch error {
        case .tooNew: break
        // A step that does not apply to the tables found (`CorpusStore.migrate`): damage, said as such.
        case .corrupt: break
        case .sqlite where error.isCorruption: break
        default: fatalError("migrating from \(version) gave an error that is not a refusal: \(error)")
        }
        precondition(!error.description.unicodeScalars.contains(where: EscapedText.needsEscape), "control character")
        precondition(error.description.unicodeScalars.count <= EscapedText.messageLimit, "long message")
    } catch {
        fatalError("migrating from \(version): unexpected error \(error)")
    }
}

/// What the loader accepted must be a chapter every other reader accepts too.
private func checkAccepted(_ chapter: Chapter, _ fixture: Fixture) {
    var last = 0
    for verse in chapter.verses {
        precondition(verse.number > last && verse.number <= 999, "verse \(verse.number) after \(last)")
        last = verse.number
        precondition(verse.words.count <= CorpusLimits.maxWordsPerVerse, "a verse over the word limit")
        precondition(
            verse.translation.count <= CorpusLimits.maxTranslationTokensPerVerse, "a verse over the token limit")
        for word in chapter.words[verse.words] {
            precondition(
                chapter.alignment(of: word).allSatisfy { Int($0) < verse.translation.count },
                "an alignment past the tokens")
            for id in [word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss] {
                let text = chapter.text(id)
                precondition(TextCheck.firstControl(text) == nil, "a control character accepted")
                precondition(text.utf8.count <= CorpusLimits.maxChapterLineBytes, "a field over the limit accepted")
            }
        }
        for token in chapter.translationTokens[verse.translation] {
            let text = chapter.text(token)
            precondition(!text.isEmpty && !text.contains(" "), "an empty token or a token holding a space")
            precondition(TextCheck.firstControl(text) == nil, "a control character accepted")
        }
    }
    // A chapter file could hold it: the chapter-file parser reads its rendering back the same.
    let rendered: String
    do {
        rendered = try ChapterFile.renderChecked(chapter, provenance: [], path: "fuzz.tsv")
    } catch {
        fatalError("the store accepted a chapter the chapter-file parser refuses: \(error)")
    }
    // The store's own writer and reader give it back unchanged.
    let copy = fixture.copy
    do {
        try copy.execute("BEGIN")
        defer { try? copy.execute("ROLLBACK") }
        try fixture.writer.write(chapter)
        guard let again = try fixture.copyStore.load(chapter.reference, into: StringTableBuilder())
        else { fatalError("a written chapter does not read back") }
        precondition(
            ChapterFile.render(again, provenance: []) == rendered, "the store's round trip changed the chapter")
    } catch {
        fatalError("writing back an accepted chapter failed: \(error)")
    }
}

/// A chapter read from its record of strings (into a new builder) is the one a builder in use interns.
private func checkInterned(_ chapter: Chapter, _ store: CorpusStore) {
    let strings = StringTableBuilder()
    _ = strings.intern("not a field of any chapter\u{1}")
    let interned: Chapter?
    do {
        interned = try store.load(chapter.reference, into: strings)
    } catch {
        fatalError("\(chapter.reference) accepted from its record, refused by interning: \(error)")
    }
    guard let interned else { fatalError("\(chapter.reference) accepted from its record, missing by interning") }
    precondition(
        ChapterFile.render(interned, provenance: []) == ChapterFile.render(chapter, provenance: []),
        "the record of strings changed the chapter")
}

/// A chapter read without its morphemes is the one read with them, morphemes aside.
private func checkSameWords(_ shown: Chapter, _ whole: Chapter) {
    precondition(shown.morphemes.isEmpty && shown.omitsMorphemes == (whole.language == .hebrew), "morphemes read")
    precondition(shown.verses.map(\.number) == whole.verses.map(\.number), "other verses without morphemes")
    precondition(shown.alignedTokens == whole.alignedTokens, "other alignments without morphemes")
    precondition(
        shown.translationTokens.map(shown.text) == whole.translationTokens.map(whole.text),
        "another translation without morphemes")
    func fields(_ chapter: Chapter) -> [String] {
        chapter.words.flatMap { word in
            [word.surface, word.transliteration, word.lemma, word.strongs, word.morphology, word.gloss].map(
                chapter.text)
        }
    }
    precondition(fields(shown) == fields(whole), "other words without morphemes")
}

/// A refusal is a store error whose message is one bounded line without control characters.
private func checkRefusal(_ error: any Error) {
    guard let error = error as? StoreError else { fatalError("unexpected error type: \(error)") }
    switch error {
    case .badRow, .corrupt, .foreign, .tooNew, .tooOld, .damagedChapter: break
    default: fatalError("a row gave an error that is not a refusal of the data: \(error)")
    }
    let message = error.description
    precondition(
        !message.unicodeScalars.contains(where: EscapedText.needsEscape), "raw control character in: \(message)")
    precondition(
        message.unicodeScalars.count <= EscapedText.messageLimit, "message of \(message.unicodeScalars.count) scalars")
    // The loader names the store's file; `validate` names the database it was given (here the in-memory one).
    precondition(
        message.contains(storeURL.path) || message.contains(":memory:"), "message without the store's path: \(message)")
}

/// The rows an input describes.
private struct StoreRows {
    typealias Field = UnsafeBufferPointer<UInt8>
    var marks: (applicationID: Field, version: Field)?
    var verses: [[Field]] = []
    var words: [[Field]] = []
    var packed: [(id: Field, bytes: [UInt8])] = []
    var morphemes: [(id: Field, bytes: [UInt8])] = []
    /// S rows: a chapter key, which blob of its record, an offset and a byte (decimals).
    var records: [[Field]] = []
    /// Q rows: a search kind (lemma, word, strongs, morph, text; anything else: guessed) and the query text.
    var searches: [(kind: Field, text: Field)] = []

    init(_ bytes: Field) {
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "\n") {
            let line = Field(rebasing: bytes[start..<end])
            start = end + 1
            var fields: [Field] = []
            var fieldStart = 0
            for i in 0...line.count where i == line.count || line[i] == UInt8(ascii: "\t") {
                fields.append(Field(rebasing: line[fieldStart..<i]))
                fieldStart = i + 1
            }
            guard let tag = fields.first, tag.count == 1 else { continue }
            switch tag[0] {
            case UInt8(ascii: "P") where fields.count >= 3: marks = (fields[1], fields[2])
            case UInt8(ascii: "V") where fields.count >= 3: verses.append(Array(fields[1...2]))
            case UInt8(ascii: "W") where fields.count >= 10: words.append(Array(fields[1...min(12, fields.count - 1)]))
            case UInt8(ascii: "B") where fields.count >= 3: packed.append((fields[1], Self.unescaped(fields[2])))
            case UInt8(ascii: "M") where fields.count >= 3: morphemes.append((fields[1], Self.unescaped(fields[2])))
            case UInt8(ascii: "Q") where fields.count >= 3: searches.append((fields[1], fields[2]))
            case UInt8(ascii: "S") where fields.count >= 5: records.append(Array(fields[1...4]))
            default: continue
            }
        }
    }

    /// The chapters the rows' keys fall in (at most four).
    var chapters: [ChapterReference] {
        var found: [ChapterReference] = []
        let blobs = packed.compactMap { integer($0.id) } + morphemes.compactMap { integer($0.id) }
        for key in (verses + words).compactMap({ integer($0[0]) }) + blobs where found.count < 4 {
            guard key >= 0, let book = Book.numbered(key / 1_000_000) else { continue }
            let reference = ChapterReference(book: book, chapter: key / 1000 % 1000)
            if !found.contains(reference) { found.append(reference) }
        }
        return found
    }

    /// Searches for what the rows hold: the first word's lemma and Strong's number, the first verse's first word.
    var queries: [SearchQuery] {
        // Q rows first: any text, of the kind its field names (or guessed), scoped to the Bible (the query builder).
        var queries: [SearchQuery] = searches.prefix(4).map { kind, text in
            SearchQuery(
                text: String(decoding: text, as: UTF8.self),
                kind: SearchQuery.Kind(rawValue: String(decoding: kind, as: UTF8.self)), limit: 20)
        }
        if let word = words.first {
            let lemma = String(decoding: word[4], as: UTF8.self), strongs = String(decoding: word[5], as: UTF8.self)
            if !lemma.trimmingCharacters(in: .whitespaces).isEmpty {
                queries.append(SearchQuery(text: lemma, kind: .lemma, limit: 20))
            }
            if Folding.strongsNumber(strongs) != nil {
                queries.append(SearchQuery(text: strongs, kind: .strongs, limit: 20))
            }
        }
        if let verse = verses.first, let token = verse[1].split(separator: UInt8(ascii: " ")).first {
            queries.append(SearchQuery(text: String(decoding: token, as: UTF8.self), kind: .text, limit: 20))
        }
        return queries
    }

    func insert(into database: Database) {
        if let marks {
            // Pragmas take no parameters: only decimals reach the SQL.
            let id = integer(marks.applicationID) ?? 0, version = integer(marks.version) ?? 0
            try? database.execute(
                "PRAGMA application_id = \(Int32(truncatingIfNeeded: id)); PRAGMA user_version = \(Int32(truncatingIfNeeded: version))"
            )
        } else {
            try? database.execute(
                "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = \(Schema.version)")
        }
        run(database, "INSERT INTO verse(id, translation) VALUES (?1, ?2)", rows: verses, integers: [0])
        run(
            database,
            """
            INSERT INTO word(verse, position, surface, transliteration, lemma, strongs, morphology, gloss, alignment,
                             surface_key, lemma_key, strongs_number)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            """, rows: words.map { $0 + Array(repeating: Field(start: nil, count: 0), count: 12 - $0.count) },
            integers: [0, 1, 11])
        do {
            try VerseWords.rebuild(database)
        } catch {
            fatalError("deriving the packed words from word rows failed: \(error)")
        }
        store(packed, database, "INSERT OR REPLACE INTO verse_words(id, words) VALUES (?1, ?2)")
        store(morphemes, database, "UPDATE verse_words SET morphemes = ?2 WHERE id = ?1")
        // Each chapter's record (counts and checksum) of the rows as they now are, as the migration to version 3
        // writes it for an older store: loads then reach the rows' own checks, not only the record's.
        do {
            try ChapterDigest.rebuild(database)
        } catch {
            fatalError("recording the chapters failed: \(error)")
        }
        recordStrings(database)
    }

    /// Writes each chapter's record of its strings as an import would from its rows, damaged as the S rows say.
    private func recordStrings(_ database: Database) {
        do {
            let rows = try database.prepare(
                """
                SELECT verse.id, verse.translation, verse_words.words, verse_words.morphemes, verse.outside,
                       chapter.language
                FROM verse LEFT JOIN verse_words ON verse_words.id = verse.id JOIN chapter ON chapter.id = verse.id / 1000
                ORDER BY verse.id
                """)
            var chapters: [Int: (language: String, rows: [ChapterStrings.Row])] = [:]
            while try rows.step() {
                let key = rows.int(0)
                chapters[key / 1000, default: (rows.text(5), [])].rows.append(
                    ChapterStrings.Row(
                        number: key % 1000, translation: Array(rows.bytes(1)), words: Array(rows.bytes(2)),
                        morphemes: rows.isNull(3) ? nil : Array(rows.bytes(3)), outside: rows.int(4) != 0))
            }
            let update = try database.prepare("UPDATE chapter SET strings = ?2, ids = ?3 WHERE id = ?1")
            for (key, chapter) in chapters {
                guard let book = Book.numbered(key / 1000), let language = SourceLanguage(rawValue: chapter.language),
                    var record = ChapterStrings.record(
                        of: chapter.rows, reference: ChapterReference(book: book, chapter: key % 1000),
                        language: language)
                else { continue }
                for edit in records where integer(edit[0]) == key {
                    guard let blob = integer(edit[1]), let offset = integer(edit[2]), let byte = integer(edit[3])
                    else { continue }
                    func damage(_ bytes: inout [UInt8]) {
                        if offset < 0 {
                            bytes.removeLast(min(bytes.count, max(byte, 0)))
                        } else if !bytes.isEmpty {
                            bytes[offset % bytes.count] = UInt8(truncatingIfNeeded: byte)
                        }
                    }
                    if blob == 0 { damage(&record.strings) } else { damage(&record.ids) }
                }
                update.reset()
                try update.bind(key, at: 1)
                try update.bind(record.strings, at: 2)
                try update.bind(record.ids, at: 3)
                try update.run()
            }
        } catch {
            fatalError("recording the chapters' strings failed: \(error)")
        }
    }

    /// Binds each row's key (NULL when it is not a decimal) and bytes (a BLOB, empty or not) to `sql` and runs it; a row
    /// SQLite refuses is left out.
    private func store(_ rows: [(id: Field, bytes: [UInt8])], _ database: Database, _ sql: String) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil) == SQLITE_OK else {
            fatalError("cannot prepare \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        for (id, bytes) in rows {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            if let value = integer(id) {
                sqlite3_bind_int64(statement, 1, Int64(value))
            } else {
                sqlite3_bind_null(statement, 1)
            }
            _ = bytes.withUnsafeBytes {
                sqlite3_bind_blob(statement, 2, $0.baseAddress, Int32(clamping: $0.count), csqlite_transient())
            }
            if bytes.isEmpty { sqlite3_bind_zeroblob(statement, 2, 0) }
            _ = sqlite3_step(statement)
        }
    }

    /// A B or M row's bytes: `\t`, `\n` and `\\` are a tab, a line feed and a backslash (a row cannot hold the first two).
    static func unescaped(_ field: Field) -> [UInt8] {
        var bytes: [UInt8] = []
        var escaped = false
        for byte in field {
            if escaped {
                bytes.append(byte == UInt8(ascii: "t") ? 0x09 : byte == UInt8(ascii: "n") ? 0x0A : byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// Inserts each row (a row SQLite refuses — a duplicate key, a text id — is left out, as it would be from a file).
    private func run(_ database: Database, _ sql: String, rows: [[Field]], integers: Set<Int>) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil) == SQLITE_OK else {
            fatalError("cannot prepare \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        for row in rows {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (index, field) in row.enumerated() {
                let parameter = Int32(index + 1)
                if field.first == 0x01 {
                    let rest = Field(rebasing: field.dropFirst())
                    sqlite3_bind_blob(
                        statement, parameter, rest.baseAddress, Int32(clamping: rest.count), csqlite_transient())
                } else if integers.contains(index), let value = integer(field) {
                    sqlite3_bind_int64(statement, parameter, Int64(value))
                } else {
                    // Explicit length: a NUL inside the field is data, not its end.
                    if let base = field.baseAddress {
                        sqlite3_bind_text(
                            statement, parameter, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                            Int32(clamping: field.count), csqlite_transient())
                    } else {
                        sqlite3_bind_text(statement, parameter, "", 0, csqlite_transient())
                    }
                }
            }
            _ = sqlite3_step(statement)
        }
    }

    /// A signed decimal of at most 18 digits.
    private func integer(_ field: Field) -> Int? {
        var digits = field[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return negative ? -value : value
    }
}
