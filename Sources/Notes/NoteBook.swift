import CSQLite
import Foundation
import InterlinearCorpus

/// The reader's notes file: one SQLite database of its own beside the corpus store (`notes.sqlite`), never touched by
/// an import. User data the program cannot rebuild, so it is written as such: WAL with `synchronous=FULL` (a committed
/// note survives a crash or a power cut), each change one `BEGIN IMMEDIATE` transaction (the reader, the window and
/// the web reader may write at once; SQLite's lock orders them), opened only as a regular file and never through a
/// link (`SQLITE_OPEN_NOFOLLOW`, its side files checked too). A file that is damaged or not ours is refused with one
/// line and left exactly as it is for recovery: nothing here ever deletes or rewrites a file it did not just make.
///
/// Not thread-safe: one `NoteBook` per thread (each is its own connection).
public final class NoteBook {
    public let path: String
    private var db: OpaquePointer?

    /// "NOTE": the application id that tells our notes file from any other SQLite database.
    static let applicationID: Int32 = 0x4E4F_5445
    static let version = 1

    /// The notes file for `explicit` (a path given by the user), else `$INTERLINEAR_NOTES`, else `notes.sqlite` in the
    /// folder that holds the corpus store (`StoreLocation`'s folder, passed in as `dataFolder`).
    public static func path(explicit: String?, dataFolder: String, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let variable = environment["INTERLINEAR_NOTES"], !variable.isEmpty { return variable }
        return dataFolder + "/notes.sqlite"
    }

    /// The notes file of the store at `store`: `explicit`, else `$INTERLINEAR_NOTES` of this process, else
    /// `notes.sqlite` in the store's folder. What every front end opens.
    public static func path(explicit: String?, besideStore store: String) -> String {
        path(
            explicit: explicit, dataFolder: (store as NSString).deletingLastPathComponent,
            environment: ProcessInfo.processInfo.environment)
    }

    /// The notes file at `path` when something is there (a link or another file too, which `init` then refuses);
    /// nil when nothing is: a front end that only reads the notes makes no file.
    public static func existing(at path: String) throws -> NoteBook? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return try NoteBook(path: path)
    }

    /// Opens the notes file at `path`, making it (and its folder) when it does not exist.
    public init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, let problem = AtomicFile.makeFolders(folder) {
            throw NoteError(.cannotOpen, "cannot make the notes file \(path): \(problem)")
        }
        try Self.checkFiles(path)
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        db = handle
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            db = nil
            throw NoteError(.cannotOpen, "cannot open the notes file \(path): \(message)")
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 10_000)
        try prepareFile()
    }

    deinit { sqlite3_close_v2(db) }

    /// The file and SQLite's side files must each be a regular file or absent: SQLite would write through a link
    /// and block on a FIFO.
    static func checkFiles(_ path: String) throws {
        for (file, what) in [
            (path, "the notes file"), (path + "-wal", "its WAL file"), (path + "-shm", "its shared-memory file"),
            (path + "-journal", "its journal"),
        ] {
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            guard type != S_IFREG else { continue }
            throw NoteError(
                .cannotOpen,
                "\(what) \(file) is \(BoundedFile.fileTypeName(type)), not a regular file; notes are written only to a "
                    + "file of their own, never through a link: move it away")
        }
    }

    /// WAL and full syncs, then the file's identity: ours and readable, or new (made here, inside one transaction so
    /// two processes making it at once make it once), else refused and left alone.
    private func prepareFile() throws {
        try execute("PRAGMA trusted_schema = OFF")
        let identity = try integer("PRAGMA application_id")
        if identity != 0 && identity != Int(Self.applicationID) {
            throw NoteError(
                .damaged,
                "\(path) is not a notes file of interlinear (application id \(identity)); it is left as it is: move "
                    + "it away or give another notes file")
        }
        // Another program's database is refused before anything is written to it (WAL mode is written in its header).
        if identity == 0, try integer("SELECT count(*) FROM sqlite_schema") > 0 {
            throw NoteError(
                .damaged,
                "\(path) is an SQLite database of another program, not a notes file; it is left as it is: move it "
                    + "away or give another notes file")
        }
        guard try text("PRAGMA journal_mode = WAL") == "wal" else {
            throw NoteError(.failed, "cannot keep the notes file \(path) in WAL mode; nothing was written")
        }
        try execute("PRAGMA synchronous = FULL")
        if identity == 0 {
            try transaction {
                guard try integer("PRAGMA application_id") == 0 else { return }
                guard try integer("SELECT count(*) FROM sqlite_schema") == 0 else {
                    throw NoteError(
                        .damaged,
                        "\(path) is an SQLite database of another program, not a notes file; it is left as it is: "
                            + "move it away or give another notes file")
                }
                try execute(
                    """
                    CREATE TABLE notes (
                        id TEXT PRIMARY KEY NOT NULL, kind TEXT NOT NULL, book INTEGER NOT NULL,
                        chapter INTEGER NOT NULL, verse INTEGER NOT NULL, first_word INTEGER, last_word INTEGER,
                        surfaces TEXT, text TEXT NOT NULL, labels TEXT NOT NULL, color TEXT, created TEXT NOT NULL,
                        modified TEXT NOT NULL) WITHOUT ROWID;
                    CREATE INDEX notes_by_place ON notes (book, chapter, verse);
                    PRAGMA application_id = \(Self.applicationID);
                    PRAGMA user_version = \(Self.version);
                    """)
            }
            return
        }
        let version = try integer("PRAGMA user_version")
        guard version == Self.version else {
            throw NoteError(
                .damaged,
                "the notes file \(path) has version \(version); this interlinear reads version \(Self.version) (a newer "
                    + "interlinear wrote it?): it is left as it is")
        }
        let check = try text("PRAGMA quick_check")
        guard check == "ok" else {
            throw damaged(check)
        }
    }

    func damaged(_ detail: String) -> NoteError {
        NoteError(
            .damaged,
            "the notes file \(path) is damaged (\(EscapedText.escaped(detail, limit: 200))); it is left as it is for "
                + "recovery: copy it somewhere safe and give another notes file")
    }

    // MARK: SQLite

    func error(_ status: Int32) -> NoteError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
        // A full disk reaches SQLite's WAL and shared-memory writes as an I/O error: the system's errno tells.
        let full = status & 0xFF == SQLITE_FULL || (status & 0xFF == SQLITE_IOERR && sqlite3_system_errno(db) == ENOSPC)
        if full {
            return NoteError(
                .full, "the disk holding the notes file \(path) is full; nothing was written: free space and try again")
        }
        switch status & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return NoteError(.busy, "the notes file \(path) is held by another process for more than 10 s; try again")
        case SQLITE_CORRUPT, SQLITE_NOTADB: return damaged(message)
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
            return NoteError(
                .cannotOpen,
                "cannot write the notes file \(path) (\(message)); check the permissions of it and its folder")
        default:
            return NoteError(.failed, "cannot read or write the notes file \(path) (\(message)); nothing was written")
        }
    }

    func execute(_ sql: String) throws {
        let status = sqlite3_exec(db, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// A statement, stepped by `body` for each row, finalised after.
    func query(_ sql: String, _ values: [NoteValue] = [], _ body: (OpaquePointer) throws -> Void = { _ in }) throws {
        var statement: OpaquePointer?
        var status = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            let column = Int32(index + 1)
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, column, Int64(number))
            case .text(let text): status = sqlite3_bind_text(statement, column, text, -1, transientDestructor)
            case .null: status = sqlite3_bind_null(statement, column)
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
        while true {
            status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            try body(statement)
        }
    }

    func integer(_ sql: String) throws -> Int {
        var found = 0
        try query(sql) { row in found = Int(sqlite3_column_int64(row, 0)) }
        return found
    }

    func text(_ sql: String) throws -> String {
        var found = ""
        try query(sql) { row in if let text = sqlite3_column_text(row, 0) { found = String(cString: text) } }
        return found
    }

    /// `body` in one `BEGIN IMMEDIATE` transaction: committed whole, or rolled back whole.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }
}

/// A value bound to a statement.
enum NoteValue {
    case integer(Int)
    case text(String)
    case null
}

/// SQLite copies bound text before the call returns.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
