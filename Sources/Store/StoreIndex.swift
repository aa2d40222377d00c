import Foundation
import InterlinearCorpus

/// The store's second file, its search index: the tables only Bible-wide questions read (words and morphemes with
/// their folded keys, morphology codes, the translation's full-text index, the lexicon, the spelling index, the
/// study and topic tables), beside the store as `NAME.search.sqlite` (`interlinear.search.sqlite`).
///
/// SQLite parses every entry of a file's schema on the first statement of a connection; the store's own file keeps
/// what a chapter's read needs (`meta`, `chapter`, `verse`, `verse_words`, `versification`), so `typeset` and `read`
/// parse a handful of tables instead of thirty. The commands that search, define or import attach the index to the
/// same connection as `search` (`CorpusStore.database`), where SQLite finds its tables by their unqualified names,
/// and a write to both files is one transaction (SQLite's super-journal).
///
/// The two are one unit: an import writes both and records the same random pairing id in each (`meta` `index` in
/// the store, the `pair` table in the index); an index that is missing, not ours, of another schema version or of
/// another import (one renamed into place by an import killed before it renamed the store) is refused in one line.
package enum StoreIndex {
    /// The schema name the index is attached as.
    static let schema = "search"

    /// The index of the store at `store`: beside it, named after it (`NAME.sqlite` → `NAME.search.sqlite`, any
    /// other name with `.search.sqlite` added). By the string alone: `NSString`'s path methods cost the `define`
    /// benchmark more than its lexicon look-up.
    static func path(of store: String) -> String {
        (store.hasSuffix(".sqlite") ? String(store.dropLast(".sqlite".count)) : store) + ".search.sqlite"
    }

    /// The files of the store at `store`, itself and its index: what a copy or a backup takes together.
    package static func files(of store: URL) -> [URL] {
        [store, URL(fileURLWithPath: path(of: store.path))]
    }

    /// Attaches the index of the store at `store` to `database` (the store's connection) and checks that it belongs
    /// to it.
    static func attach(to database: Database, store: String) throws {
        let index = path(of: store)
        var info = stat()
        guard stat(index, &info) == 0 else {
            let code = errno
            if code == ENOENT {
                throw StoreError.corrupt(path: store, detail: "its search index \(index) is missing")
            }
            throw StoreError.cannotOpen(path: index, reason: systemMessage(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.cannotOpen(
                path: index, reason: "it is \(BoundedFile.fileTypeName(info.st_mode & S_IFMT)), not a regular file")
        }
        try Database.checkSideFiles(of: index)
        do {
            // Inside: SQLite reads the file's header as it attaches it, and refuses one that is not a database.
            try attachFile(index, to: database)
            // One query when they match: the same random 64-bit id in both files is the same import's, and so of
            // the same program and version (a migration marks both in one transaction). Which mismatch it is,
            // only when they do not.
            let paired = try? database.integer(
                "SELECT 1 FROM main.meta JOIN search.pair ON meta.value = pair.id WHERE meta.key = 'index'")
            if paired == 1 { return }
            let id = try database.integer("PRAGMA search.application_id") ?? 0
            let version = Int(UInt32(truncatingIfNeeded: try database.integer("PRAGMA search.user_version") ?? 0))
            let store = Int(UInt32(truncatingIfNeeded: try database.integer("PRAGMA main.user_version") ?? 0))
            guard id == Schema.applicationID, version == store else {
                throw StoreError.corrupt(
                    path: database.path, detail: "its search index \(index) is not of its version")
            }
            throw StoreError.corrupt(
                path: database.path,
                detail: "its search index \(index) was written by another import; one was interrupted")
        } catch let error as StoreError where error.isCorruption {
            if case .corrupt = error { throw error }
            throw StoreError.corrupt(
                path: database.path, detail: "its search index \(index) is not an SQLite database, or a damaged one")
        }
    }

    /// Attaches `file` as the index, unchecked (a new one being written, or the one `attach` checks).
    static func attachFile(_ file: String, to database: Database) throws {
        let statement = try database.prepare("ATTACH ?1 AS search")
        // A relative path, made explicitly one: SQLite would take a name starting "file:" as a URI.
        try statement.bind([file.hasPrefix("/") || file == ":memory:" ? file : "./" + file])
        try statement.run()
    }

    /// Opens the store file at `store` with its index attached when it has one, unchecked: for the tests that
    /// edit rows of either file as damage or an older build would have left them.
    static func openPair(store: String, readOnly: Bool, create: Bool = false) throws -> Database {
        let database = try Database(path: store, readOnly: readOnly, create: create)
        let index = path(of: store)
        if access(index, F_OK) == 0 { try attachFile(index, to: database) }
        return database
    }

    /// Records a new pairing id in the store and its index (call inside the import's transaction).
    static func pair(_ database: Database) throws {
        let id = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        try database.execute("DELETE FROM search.pair")
        let index = try database.prepare("INSERT INTO search.pair(id) VALUES (?1)")
        try index.bind([id])
        try index.run()
        let store = try database.prepare("INSERT OR REPLACE INTO main.meta(key, value) VALUES ('index', ?1)")
        try store.bind([id])
        try store.run()
    }

    /// Marks a new index as ours, at the store's version (what `CorpusStore.migrate` does for the store).
    static func mark(_ database: Database) throws {
        try database.execute(
            "PRAGMA search.application_id = \(Schema.applicationID); PRAGMA search.user_version = \(Schema.version)")
    }
}
