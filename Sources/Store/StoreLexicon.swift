import Foundation
import InterlinearCorpus

/// The Strong's lexicon in the store (table `lexicon`, schema step 3): written by `interlinear import` from SWORD's
/// dictionaries, read by `interlinear define`, the reader and the accessibility layer's "define".
package enum StoreLexicon {
    /// Replaces the store's lexicon with `entries` in one transaction (the store at `url` must exist; it is
    /// migrated first when an older build wrote it), recording `source` (the modules and versions) in `meta`.
    ///
    /// Every entry is first checked as a reader checks it (`CorpusStore.lexiconFault`): an entry no reader would
    /// take (a control character, a field past `CorpusStore.maxLexiconFieldBytes` — a damaged module) is refused
    /// with an `UnfitEntry` naming it, and the store is left as it was, its lexicon included.
    package static func write(_ entries: [LexiconEntry], source: String, to url: URL) throws {
        for entry in entries {
            for (name, field) in zip(CorpusStore.textColumns, entry.textFields) {
                var field = field
                if let fault = field.withUTF8(CorpusStore.lexiconFault) {
                    throw UnfitEntry(strongs: entry.strongs, field: name, fault: fault)
                }
            }
        }
        // Refuses a foreign, damaged, newer or unpaired store, migrates an older one; its index attached.
        let database = try CorpusStore(url: url).database
        try database.transaction {
            try database.execute("DELETE FROM lexicon")
            let insert = try database.prepare(
                """
                INSERT OR REPLACE INTO lexicon(strongs, language, number, headword, headword_key, transliteration,
                    pronunciation, derivation, definition, kjv_usage, text)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                """)
            for entry in entries {
                try insert.bind(
                    [
                        entry.strongs, entry.language.tag, entry.number, entry.headword,
                        Folding.key(entry.headword), entry.transliteration, entry.pronunciation,
                        entry.derivation, entry.definition, entry.kjvUsage, entry.text,
                    ] as [any StatementValue])
                try insert.run()
            }
            let meta = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('lexicon', ?1)")
            try meta.bind([source])
            try meta.run()
            try LexiconRowChecksum.record(database)
        }
    }

    /// An entry `write` refuses: which, which field, and why.
    package struct UnfitEntry: Error, Sendable, CustomStringConvertible {
        package var strongs: String
        package var field: String
        package var fault: LexiconFault

        package var description: String {
            "the dictionary entry \(strongs) has a \(field) that \(fault); its module is damaged: reinstall it"
        }
    }
}

/// Why a lexicon field is neither stored nor read.
package enum LexiconFault: Equatable, Sendable, CustomStringConvertible {
    /// More bytes than `CorpusStore.maxLexiconFieldBytes`.
    case tooLong(bytes: Int)
    /// Not valid UTF-8, or holding a control character (`TextCheck.isClean`).
    case notClean

    package var description: String {
        switch self {
        case .tooLong(let bytes):
            "is \(bytes) bytes long; a lexicon field holds at most \(CorpusStore.maxLexiconFieldBytes)"
        case .notClean: "is not text without control characters"
        }
    }
}

extension LexiconEntry {
    /// The text fields in the order of `CorpusStore.textColumns`.
    fileprivate var textFields: [String] {
        [headword, transliteration, pronunciation, derivation, definition, kjvUsage, text]
    }
}

extension CorpusStore {
    private static let lexiconColumns = LexiconRowChecksum.select

    /// The entry of a Strong's number as the corpus writes it or a user types it ("G3056", "H1254a" → H1254), or
    /// nil — also for the Hebrew data's numbers of prefixes and suffixes (`LexiconEntry.isUnnumberedAffix`).
    package func lexiconEntry(strongs: String) throws -> LexiconEntry? {
        guard let key = LexiconEntry.key(strongs),
            let entry = try lexiconRows(Self.lexiconColumns + " WHERE strongs = ?1", key, byKey: true).first
        else { return nil }
        if entry.language == .hebrew, strongs.last?.isLetter == true {
            let next = try lexiconRows(
                Self.lexiconColumns + " WHERE language = 'hbo' AND number > ?1 ORDER BY number LIMIT 1",
                entry.number
            ).first
            if LexiconEntry.isUnnumberedAffix(strongs, base: entry, next: next) { return nil }
        }
        return entry
    }

    /// The entries of a word's Strong's field ("G3056"; a Hebrew word's "H2050b-H776" gives one per morpheme that
    /// has an entry), in the field's order; a number without an entry is left out. A damaged row is refused (a
    /// front end says so, rather than that the word has no entry).
    package func lexiconEntries(ofWordField field: String) throws -> [LexiconEntry] {
        try LexiconEntry.numbers(ofWordField: field).compactMap { try lexiconEntry(strongs: $0) }
    }

    /// The entries whose headword is `headword` folded as lemmas are (λόγος, λογος: G3056), in key order.
    package func lexiconEntries(headword: String) throws -> [LexiconEntry] {
        try lexiconRows(
            Self.lexiconColumns + " WHERE headword_key = ?1 ORDER BY language, number",
            Folding.key(headword))
    }

    /// Whether the store's lexicon holds an entry (none before an import with SWORD's dictionaries installed): one
    /// row looked at. An empty one the import recorded rows of was emptied since: damage, refused, not "none yet".
    package func hasLexicon() throws -> Bool {
        if try database.integer("SELECT EXISTS (SELECT 1 FROM lexicon)") == 1 { return true }
        try verifyOnce(.lexicon, rowsOnly: true)
        return false
    }

    /// The most bytes a lexicon field may hold: over three times Strong's longest entry (G1096's text, 1,233 bytes).
    /// Bounds what every reader of an entry does with it (`LexiconEntry.textAfterOpening` is quadratic at worst).
    static let maxLexiconFieldBytes = 4096

    /// Why a lexicon field's `bytes` are neither stored nor read, or nil when they are fit.
    static func lexiconFault(_ bytes: UnsafeBufferPointer<UInt8>) -> LexiconFault? {
        if bytes.count > maxLexiconFieldBytes { return .tooLong(bytes: bytes.count) }
        return TextCheck.isClean(bytes) ? nil : .notClean
    }

    /// The text columns of `lexiconColumns` (2…8), named for a refusal.
    static let textColumns = [
        "headword", "transliteration", "pronunciation", "derivation", "definition", "King James list", "text",
    ]

    /// The rows of `sql` (the lexicon's columns, one parameter), each checked as data: a language or number a
    /// lexicon row cannot have, a key that is not its language and number (H5 filed as G3056), or a text field that
    /// is not UTF-8 without control characters within `maxLexiconFieldBytes` is a damaged store, refused in one line.
    ///
    /// `byKey` (the lookup by key, `sql` its statement) is prepared once per opened store and kept (`lexiconByKey`):
    /// `define` looks up an entry and the entries its derivation names with it.
    private func lexiconRows(_ sql: String, _ parameter: any StatementValue, byKey: Bool = false) throws
        -> [LexiconEntry]
    {
        let statement = try byKey ? lexiconByKey ?? database.prepare(sql) : database.prepare(sql)
        if byKey { lexiconByKey = statement }
        defer { statement.reset() }
        try statement.bind([parameter])
        var entries: [LexiconEntry] = []
        var unchecked = false
        while try statement.step() {
            let row = { "a lexicon row for \(EscapedText.quoted("\(parameter)"))" }  // worded only for a refusal
            let refusal = { (why: String) in StoreError.badRow(path: self.url.path, what: "\(row()) \(why)") }
            guard let language = SourceLanguage(rawValue: statement.text(0)), statement.int(1) > 0 else {
                throw refusal("has no valid language or number")
            }
            for (column, name) in zip(Int32(2)...8, Self.textColumns) {
                let bytes = statement.bytes(column)
                switch Self.lexiconFault(bytes) {
                case nil: continue
                case .tooLong(let count)?: throw refusal("has a \(name) that \(LexiconFault.tooLong(bytes: count))")
                case .notClean?:
                    // Which check failed, worded by the loader's one refusal of text ("… holds the control character …").
                    try StoredChapterCheck.refuse(bytes, path: url.path, what: "\(row()) has a \(name) that")
                }
            }
            let entry = LexiconEntry(
                language: language, number: statement.int(1), headword: statement.text(2),
                transliteration: statement.text(3), pronunciation: statement.text(4), derivation: statement.text(5),
                definition: statement.text(6), kjvUsage: statement.text(7), text: statement.text(8))
            guard statement.text(9) == entry.strongs else { throw refusal("is filed under another number") }
            switch LexiconRowChecksum.matches(statement) {
            case true?: break
            case false?:
                throw StoreError.badRow(
                    path: url.path,
                    what: "\(TableDigest.Table.lexicon.what) has changed since it was imported (\(row()))")
            case nil: unchecked = true
            }
            entries.append(entry)
        }
        // Each row is fit to show and the row the import wrote; none added or deleted is the recorded count's to say.
        try verifyOnce(.lexicon, rowsOnly: !unchecked)
        return entries
    }
}
