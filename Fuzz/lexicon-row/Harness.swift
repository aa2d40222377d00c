// libFuzzer harness: the store's Strong's lexicon (`lexicon` table, Sources/Store/StoreLexicon.swift) as its readers
// meet it, compiled into one module with the Store sources by scripts/fuzz, the Corpus to Accessibility modules built
// beside it. A store file is a reader's input: its lexicon rows — of any type, size or content — reach `define`,
// the reader, the accessibility layer's "define" action, the window's details pane and braille.
//
// The input is rows, one a line, fields separated by tabs (seeds: Fuzz/seeds/lexicon-row, rows of the full store):
//   L  strongs  language  number  headword  headword_key  transliteration  pronunciation  derivation  definition
//      kjv_usage  text                          a lexicon row (missing fields are empty text)
//   Q  text                                     a lookup: a Strong's number, a word's Strong's field, a headword
// Rows go into an in-memory database with the real schema (`CorpusStore.migrate`): `number` gets an integer when the
// field is a decimal, every other field text (NUL included; invalid UTF-8 decoded to U+FFFD); a field starting with
// byte 0x01 is the rest of it as a BLOB (the reader reads a blob's bytes as it reads text: invalid UTF-8 gets in
// that way), the single byte 0x02 is NULL. A row SQLite refuses (a duplicate key, a NULL) is left out.
//
// Then entries are looked up the ways the product does: by Strong's number (each row's own, with a letter — H871a,
// an affix, goes through `LexiconEntry.isUnnumberedAffix` — and a few fixed ones), by a word's Strong's field
// ("H2050b-H776", and one made of the rows' numbers), by headword; each Q row all three ways. For every entry the
// store accepts: it is the entry of the number asked for; its fields hold no control characters; its opening
// (`textAfterOpening`) ends its text and the King James mark (`kingJamesMark`) is one; what a listener hears of it
// (`DefinitionSpeech`: brief, full, the details after "define", the spoken text) holds no control characters and
// no Greek or Hebrew letter or vowel point outside a span tagged with its language (`full(original: true)`'s
// headword: the code's promise, "nothing in Greek or Hebrew script reaches an English voice"), and neither does its
// headword respelled (`Respelling.headword`); each is at most 16 times the entry's bytes (and a constant). A refusal
// is a `StoreError` whose message is one bounded line without control characters, naming the store. Anything
// else — a trap, a hang, an address-sanitizer report, another error, a broken property — is a crash.

import Foundation
import InterlinearAccessibility
import InterlinearCorpus

/// An in-memory database with the real schema and the store over it, made once; each input's rows are rolled back.
nonisolated(unsafe) private var shared: CorpusStore?

private let storeURL = URL(fileURLWithPath: "fuzz.sqlite")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexiconRows(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let store = shared ?? makeStore()
    shared = store
    let database = store.chapters  // its index attached in memory (`makeStore`)
    do {
        try database.execute("BEGIN")
    } catch {
        fatalError("BEGIN: \(error)")
    }
    defer { try? database.execute("ROLLBACK") }

    let rows = LexiconRows(UnsafeBufferPointer(start: data, count: size))
    rows.insert(into: database)
    // As an import records it (`StoreLexicon.write`): the rows are what the store vouches for.
    do { try LexiconRowChecksum.record(database) } catch { fatalError("checksums: \(error)") }

    for number in rows.numbers {
        do {
            guard let entry = try store.lexiconEntry(strongs: number) else { continue }
            precondition(entry.strongs == LexiconEntry.key(number), "\(number) gave the entry of \(entry.strongs)")
            check(entry)
        } catch {
            checkRefusal(error)
        }
    }
    for field in rows.wordFields {
        checkLookup {
            let entries = try store.lexiconEntries(ofWordField: field)
            let keys = LexiconEntry.numbers(ofWordField: field).compactMap { LexiconEntry.key($0) }
            precondition(entries.allSatisfy { keys.contains($0.strongs) }, "\(field) gave an entry of another number")
            return entries
        }
    }
    for headword in rows.headwords {
        checkLookup { try store.lexiconEntries(headword: headword) }
    }
    return 0
}

private func makeStore() -> CorpusStore {
    do {
        let database = try Database(path: ":memory:", readOnly: false, create: true)
        try StoreIndex.attachFile(":memory:", to: database)  // the search index (`StoreIndex`), in memory too
        try CorpusStore.migrate(database)
        return CorpusStore(database: database, url: storeURL)
    } catch {
        fatalError("cannot create the in-memory store: \(error)")
    }
}

/// The entries a lookup gives, each alone and together as the front ends say them; or the store's refusal.
private func checkLookup(_ lookup: () throws -> [LexiconEntry]) {
    do {
        let entries = try lookup()
        entries.forEach(check)
        checkSpeech(entries)
    } catch {
        checkRefusal(error)
    }
}

/// An entry the store accepted, and what the front ends make of it alone.
private func check(_ entry: LexiconEntry) {
    for field in fields(of: entry) {
        precondition(TextCheck.firstControl(field) == nil, "a control character accepted in \(entry.strongs)")
    }
    let opening = entry.textAfterOpening
    precondition(opening.endIndex == entry.text.endIndex, "the text after the opening does not end the text")
    if let mark = LexiconEntry.kingJamesMark(in: entry.text, entry.language) {
        let marks = entry.language == .greek ? [":--", "--"] : [": -"]
        precondition(marks.contains(String(entry.text[mark])), "a King James mark of \(entry.text[mark])")
    }
    let bound = 16 * fieldBytes(entry) + 1024
    for original in [false, true] {
        let line = DefinitionSpeech.full([entry], original: original)
        checkSpoken(line, original: original, bound: bound)
    }
    checkSpoken(SpokenLine(DefinitionSpeech.spokenText(entry)), original: false, bound: bound)
    let respelled = Respelling.headword(entry.headword, entry.language)
    checkSpoken(SpokenLine(respelled), original: false, bound: bound)
}

/// An entry's text fields.
private func fields(of entry: LexiconEntry) -> [String] {
    [
        entry.headword, entry.transliteration, entry.pronunciation, entry.derivation, entry.definition,
        entry.kjvUsage, entry.text,
    ]
}

/// The bytes of an entry's text fields together.
private func fieldBytes(_ entry: LexiconEntry) -> Int { fields(of: entry).reduce(0) { $0 + $1.utf8.count } }

/// What the brief line and the define action's details say of `entries` together (the details say each entry's
/// pronunciation and text, the brief its transliteration and first sense: every field counts).
private func checkSpeech(_ entries: [LexiconEntry]) {
    let bound = entries.reduce(0) { $0 + 16 * fieldBytes($1) } + 1024 * (entries.count + 1)
    checkSpoken(DefinitionSpeech.brief(entries), original: false, bound: bound)
    checkSpoken(SpokenLine(DefinitionSpeech.details(entries)), original: false, bound: bound)
}

/// Spoken text holds no control character, and Greek or Hebrew script only in a span of that script's language
/// (none at all unless `original`), within `bound` bytes.
private func checkSpoken(_ line: SpokenLine, original: Bool, bound: Int) {
    let text = line.text
    precondition(TextCheck.firstControl(text) == nil, "a control character in speech: \(text.debugDescription)")
    // fatalError, not precondition: an optimized build drops a precondition's message, and this one says which.
    if text.utf8.count > bound { fatalError("speech of \(text.utf8.count) bytes, over \(bound)") }
    for span in line.spans where !(original && (span.language == .greek || span.language == .hebrew)) {
        if let scalar = span.text.unicodeScalars.first(where: isScript) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            fatalError("a Greek or Hebrew letter (U+\(code)) for an English voice: \(span.text.debugDescription)")
        }
    }
}

/// A Greek or Hebrew letter (or Hebrew vowel point): an alphabetic scalar of the blocks `SpokenLanguage.script(of:)`
/// takes for Greek (Greek and Coptic, Greek Extended) or Hebrew. The blocks' unassigned code points and signs (a
/// tonos, a cantillation mark) are no letters a voice would spell.
private func isScript(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic && (SpokenLanguage.isGreek(scalar) || SpokenLanguage.isHebrew(scalar))
}

/// A refusal is a store error whose message is one bounded line without control characters, naming the store.
private func checkRefusal(_ error: any Error) {
    guard let error = error as? StoreError, case .badRow = error else { fatalError("not a refusal: \(error)") }
    let message = error.description
    precondition(
        !message.unicodeScalars.contains(where: EscapedText.needsEscape), "raw control character in: \(message)")
    precondition(
        message.unicodeScalars.count <= EscapedText.messageLimit, "message of \(message.unicodeScalars.count) scalars")
    precondition(message.contains(storeURL.path), "message without the store's path: \(message)")
}

/// SQL's NULL, for a field that is byte 0x02.
private struct Null: StatementValue {
    func bind(to statement: Statement, at index: Int32) throws { try statement.bindNull(at: index) }
}

/// The rows an input describes, and the lookups made of them.
private struct LexiconRows {
    typealias Field = UnsafeBufferPointer<UInt8>
    var rows: [[Field]] = []
    var queries: [String] = []

    init(_ bytes: Field) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
                Field(rebasing: $0)
            }
            guard let tag = fields.first, tag.count == 1, fields.count >= 2 else { continue }
            switch tag[0] {
            case UInt8(ascii: "L"):
                let row = Array(fields[1...].prefix(11))
                rows.append(row + Array(repeating: Field(start: nil, count: 0), count: 11 - row.count))
            case UInt8(ascii: "Q"): queries.append(String(decoding: fields[1], as: UTF8.self))
            default: continue
            }
        }
    }

    private func text(_ field: Field) -> String { String(decoding: field, as: UTF8.self) }

    /// Strong's numbers to look up: each row's key as stored and with a letter (a homograph or an affix), the
    /// numbers of its language and number columns, the Q rows, and numbers every real store has.
    var numbers: [String] {
        var numbers = Array(queries.prefix(4)) + ["G3056", "H430", "H1254a", "H871a", "H2050b", "g03056"]
        for row in rows.prefix(8) {
            let key = text(row[0])
            numbers += [key, key + "a", key + "b"]
            let prefix = text(row[1]) == "grc" ? "G" : "H"
            numbers += [prefix + text(row[2]), prefix + text(row[2]) + "a"]
        }
        return numbers
    }

    /// Words' Strong's fields: a Hebrew word's prefixes and stem, the rows' numbers as one word, the Q rows.
    var wordFields: [String] {
        let keys = rows.prefix(8).map { text($0[0]) }
        return Array(queries.prefix(4)) + ["H2050b-H776", "H2050b-H1886a-H776", keys.joined(separator: "-")]
            + [keys.map { $0 + "a" }.joined(separator: "-")]
    }

    /// Headwords: each row's headword and its folded key, the Q rows.
    var headwords: [String] {
        Array(queries.prefix(4)) + rows.prefix(8).flatMap { [text($0[3]), text($0[4])] }
    }

    /// Inserts each row (a row SQLite refuses is left out, as it would be from a file).
    func insert(into database: Database) {
        let statement: Statement
        do {
            statement = try database.prepare(
                """
                INSERT INTO lexicon(strongs, language, number, headword, headword_key, transliteration, pronunciation,
                    derivation, definition, kjv_usage, text)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                """)
        } catch {
            fatalError("cannot prepare the insert: \(error)")
        }
        for row in rows {
            statement.reset()
            let values = row.enumerated().map { index, field -> any StatementValue in
                if field.count == 1, field[0] == 0x02 { return Null() }
                if field.first == 0x01 { return Array(field.dropFirst()) }
                if index == 2, let value = integer(field) { return value }
                return String(decoding: field, as: UTF8.self)
            }
            try? statement.bind(values)
            try? statement.run()
        }
    }

    /// A signed decimal of at most 18 digits.
    private func integer(_ field: Field) -> Int? {
        var digits = field[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return negative ? -value : value
    }
}
