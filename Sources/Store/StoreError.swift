import CSQLite

/// What can go wrong with the store, each said in one line that names the file and what to do.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// The file could not be opened at all (missing folder, permissions).
    case cannotOpen(path: String, reason: String)
    /// An SQLite error while reading or writing; corruption is reported as `corrupt` instead.
    case sqlite(path: String, code: Int32, message: String)
    /// The file is an SQLite database, but not one this program wrote.
    case foreign(path: String, applicationID: Int)
    /// The file is not a readable SQLite database.
    case corrupt(path: String, detail: String)
    /// The store was written by a newer version of interlinear.
    case tooNew(path: String, version: Int, supported: Int)
    /// The store was written by an older version, and a read command does not upgrade it.
    case tooOld(path: String, version: Int, supported: Int)
    /// Another process holds the store's lock for longer than the wait (an import writing it).
    case busy(path: String)
    /// A row breaks an invariant the importer guarantees (the file was edited or damaged).
    case badRow(path: String, what: String)
    /// A chapter's rows no longer agree with the counts and checksum its import recorded (`ChapterDigest`).
    case damagedChapter(path: String, reference: String, detail: String)
    /// The chapter (or verse) is in neither the store nor the chapter files: why, and the nearest ones.
    case missingChapter(MissingChapter)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open the corpus store \(path): \(reason)"
        case .sqlite(let path, let code, let message):
            let primary = code & 0xFF
            if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || Self.isSchemaDamage(code, message) {
                return StoreError.corrupt(path: path, detail: message).description
            }
            if primary == SQLITE_BUSY || primary == SQLITE_LOCKED { return StoreError.busy(path: path).description }
            if code == 776 || code == 264 {  // SQLITE_READONLY_ROLLBACK, _RECOVERY (macros Swift does not import)
                return "the corpus store \(path) was left mid-write by an interrupted import, and this user cannot "
                    + "write it to roll that back; run any interlinear command once as a user who can write it"
            }
            if primary == SQLITE_READONLY || primary == SQLITE_CANTOPEN || primary == SQLITE_PERM {
                return "cannot write the corpus store \(path) (\(message)); check the permissions of it and its folder"
            }
            if primary == SQLITE_FULL {
                return "the disk holding the corpus store \(path) is full; free space and try again"
            }
            // The rest ends the command with exit 74 (an I/O failure): said in our words, SQLite's in parentheses.
            if primary == SQLITE_IOERR {
                return "cannot read or write the corpus store \(path): the disk reported an input/output error "
                    + "(\(message)); check the disk and try again"
            }
            if primary == SQLITE_NOMEM {
                return "ran out of memory using the corpus store \(path) (\(message)); free memory and try again"
            }
            return "the corpus store \(path) could not be used (SQLite error \(code): \(message)); try again, and "
                + "if it happens again run `interlinear import` to rebuild it"
        case .foreign(let path, let id):
            return "\(path) is an SQLite database of another program (application id \(id)), not an interlinear "
                + "corpus store; move it away or point --corpus/INTERLINEAR_DATA elsewhere, then run `interlinear import`"
        case .corrupt(let path, let detail):
            return
                "the corpus store \(path) is damaged (\(detail)); delete it and run `interlinear import` to rebuild it"
        case .tooNew(let path, let version, let supported):
            return "the corpus store \(path) has schema version \(version), newer than this interlinear reads "
                + "(\(supported)); update interlinear or rebuild the store with `interlinear import`"
        case .tooOld(let path, let version, let supported):
            return "the corpus store \(path) has schema version \(version), older than this interlinear reads "
                + "(\(supported)); run `interlinear import` to rebuild it (reading never changes a store)"
        case .busy(let path):
            return "the corpus store \(path) is locked by another process (an import?) for more than 5 s; "
                + "wait for it to finish and try again"
        case .badRow(let path, let what):
            return "the corpus store \(path) is damaged: \(what); run `interlinear import` to rebuild it"
        case .damagedChapter(let path, let reference, let detail):
            return
                "the corpus store \(path) is damaged: \(reference) \(detail); run `interlinear import \"\(reference)\"` "
                + "to import it again"
        case .missingChapter(let missing):
            return missing.description
        }
    }

    /// Corruption, whichever way SQLite reported it.
    public var isCorruption: Bool {
        switch self {
        case .corrupt, .badRow, .damagedChapter: return true
        case .sqlite(_, let code, let message):
            return code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB || Self.isSchemaDamage(code, message)
        default: return false
        }
    }

    /// Another process held the store's lock past the wait: worth trying again.
    public var isBusy: Bool {
        switch self {
        case .busy: return true
        case .sqlite(_, let code, _): return code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED
        default: return false
        }
    }

    /// SQLite's words for a store whose schema lost a part the program created (a dropped table or index, a
    /// damaged full-text index): damage to rebuild, not an I/O failure.
    static func isSchemaDamage(_ code: Int32, _ message: String) -> Bool {
        guard code & 0xFF == SQLITE_ERROR else { return false }
        return ["no such table", "no such column", "no such index", "vtable constructor failed", "fts5:", "malformed"]
            .contains { message.contains($0) }
    }
}
