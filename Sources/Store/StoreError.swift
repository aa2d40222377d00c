import CSQLite

/// What can go wrong with the store, each said in one line that names the file and what to do.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// The file could not be opened at all (missing folder, permissions).
    case cannotOpen(path: String, reason: String)
    /// The store has an older schema that a command upgrades in place, and this user cannot write it.
    case cannotUpgrade(path: String, version: Int, supported: Int)
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

    /// What a user can do about it, for a front end to word in its own terms (the command line names the command
    /// to run); the library's own words name none.
    public enum Remedy: Sendable, Equatable {
        /// Rebuild the store from the source data.
        case rebuild
        /// Try again; if it happens again, rebuild the store.
        case retryThenRebuild
        /// Delete the file, then rebuild the store.
        case deleteThenRebuild
        /// Move the file away or choose another store, then build one.
        case moveAsideThenBuild
        /// A newer interlinear, or a rebuilt store.
        case updateOrRebuild
        /// Rebuild the store (reading never changes one, so an older store is not upgraded by a read).
        case rebuildOlder
        /// Import the one chapter (its reference) again.
        case reimportChapter(String)
        /// Rebuild the store as the user who owns it.
        case rebuildAsOwner
    }

    public var description: String {
        let (problem, remedy) = parts
        return remedy.map { problem + "; " + $0.words } ?? problem
    }

    /// What is wrong, without what to do about it.
    public var problem: String { parts.problem }

    /// What to do about it, when something other than trying again later or fixing the system helps.
    public var remedy: Remedy? { parts.remedy }

    private var parts: (problem: String, remedy: Remedy?) {
        switch self {
        case .cannotOpen(let path, let reason):
            return ("cannot open the corpus store \(path): \(reason)", nil)
        case .cannotUpgrade(let path, let version, let supported):
            return (
                "cannot open the corpus store \(path): it has schema version \(version) and this user cannot write it "
                    + "to upgrade it to \(supported)", .rebuildAsOwner
            )
        case .sqlite(let path, let code, let message):
            let primary = code & 0xFF
            if primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || Self.isSchemaDamage(code, message) {
                return StoreError.corrupt(path: path, detail: message).parts
            }
            if primary == SQLITE_BUSY || primary == SQLITE_LOCKED { return StoreError.busy(path: path).parts }
            if code == 776 || code == 264 {  // SQLITE_READONLY_ROLLBACK, _RECOVERY (macros Swift does not import)
                return (
                    "the corpus store \(path) was left mid-write by an interrupted import, and this user cannot "
                        + "write it to roll that back; run any interlinear command once as a user who can write it", nil
                )
            }
            if primary == SQLITE_READONLY || primary == SQLITE_CANTOPEN || primary == SQLITE_PERM {
                return (
                    "cannot write the corpus store \(path) (\(message)); check the permissions of it and its folder",
                    nil
                )
            }
            if primary == SQLITE_FULL {
                return ("the disk holding the corpus store \(path) is full; free space and try again", nil)
            }
            // The rest ends the command with exit 74 (an I/O failure): said in our words, SQLite's in parentheses.
            if primary == SQLITE_IOERR {
                return (
                    "cannot read or write the corpus store \(path): the disk reported an input/output error "
                        + "(\(message)); check the disk and try again", nil
                )
            }
            if primary == SQLITE_NOMEM {
                return ("ran out of memory using the corpus store \(path) (\(message)); free memory and try again", nil)
            }
            return ("the corpus store \(path) could not be used (SQLite error \(code): \(message))", .retryThenRebuild)
        case .foreign(let path, let id):
            return (
                "\(path) is an SQLite database of another program (application id \(id)), not an interlinear "
                    + "corpus store", .moveAsideThenBuild
            )
        case .corrupt(let path, let detail):
            return ("the corpus store \(path) is damaged (\(detail))", .deleteThenRebuild)
        case .tooNew(let path, let version, let supported):
            return (
                "the corpus store \(path) has schema version \(version), newer than this interlinear reads "
                    + "(\(supported))", .updateOrRebuild
            )
        case .tooOld(let path, let version, let supported):
            return (
                "the corpus store \(path) has schema version \(version), older than this interlinear reads "
                    + "(\(supported))", .rebuildOlder
            )
        case .busy(let path):
            return (
                "the corpus store \(path) is locked by another process (an import?) for more than 5 s; "
                    + "wait for it to finish and try again", nil
            )
        case .badRow(let path, let what):
            return ("the corpus store \(path) is damaged: \(what)", .rebuild)
        case .damagedChapter(let path, let reference, let detail):
            return ("the corpus store \(path) is damaged: \(reference) \(detail)", .reimportChapter(reference))
        case .missingChapter(let missing):
            return (missing.description, nil)
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

extension StoreError.Remedy {
    /// The remedy in words that name no command: what a library user's front end shows unless it words its own.
    public var words: String {
        switch self {
        case .rebuild: return "rebuild it from the source data"
        case .retryThenRebuild: return "try again, and if it happens again rebuild it from the source data"
        case .deleteThenRebuild: return "delete it and rebuild it from the source data"
        case .moveAsideThenBuild: return "move it away or choose another store, then build one"
        case .updateOrRebuild: return "update interlinear or rebuild the store from the source data"
        case .rebuildOlder: return "rebuild it from the source data (reading never changes a store)"
        case .reimportChapter(let reference): return "import \(reference) again from the source data"
        case .rebuildAsOwner: return "rebuild it as its owner"
        }
    }
}
