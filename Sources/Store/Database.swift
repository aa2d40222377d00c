import CSQLite
import Foundation
import InterlinearCorpus

/// A connection to one SQLite database file, through SQLite's C API.
///
/// Not thread-safe: one connection per thread (SQLite is built serialized on Debian, but statements hold
/// per-connection state). Errors carry SQLite's own message plus what we were doing.
final class Database {
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens `path`. `create` makes a new file when it is missing; otherwise a missing file is an error.
    init(path: String, readOnly: Bool, create: Bool = false) throws {
        self.path = path
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        // SQLite's own open blocks on a FIFO and reads anything else it is given: only a regular file is a store.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw StoreError.cannotOpen(
                path: path, reason: "it is \(BoundedFile.fileTypeName(info.st_mode & S_IFMT)), not a regular file")
        }
        try Self.checkSideFiles(of: path)
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, flags, nil)
        handle = db
        guard status == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            handle = nil
            throw StoreError.cannotOpen(path: path, reason: message)
        }
        sqlite3_extended_result_codes(db, 1)
        // Another process may be importing chapters into the same store: wait for its transaction, briefly.
        sqlite3_busy_timeout(db, 5_000)
    }

    deinit { close() }

    /// The journal and WAL files SQLite opens beside the store (for the store's own path and, when that is a link, for
    /// the file it names, as SQLite resolves it): each must be a regular file or absent. SQLite would block for ever
    /// opening a FIFO there (a hot journal is looked for on every read) and write through a symbolic link.
    static func checkSideFiles(of path: String) throws {
        var stores = [path]
        if let resolved = realpath(path, nil) {
            stores.append(String(cString: resolved))
            free(resolved)
        }
        for store in stores {
            for suffix in ["-journal", "-wal", "-shm"] {
                var info = stat()
                let side = store + suffix
                guard lstat(side, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { continue }
                throw StoreError.cannotOpen(
                    path: path,
                    reason: "its side file \(side) is \(BoundedFile.fileTypeName(info.st_mode & S_IFMT)), not a "
                        + "regular file; remove it (only SQLite's own journal may be there)")
            }
        }
    }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            throw StoreError.sqlite(
                path: path, code: status, message: message.map { String(cString: $0) } ?? "error \(status)")
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return Statement(statement, database: self)
    }

    /// The first column of the first row, as an integer (nil when there is no row or it is NULL).
    func integer(_ sql: String) throws -> Int? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.isNull(0) ? nil : statement.int(0)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    func error(_ status: Int32) -> StoreError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(status)"
        return .sqlite(path: path, code: status, message: message)
    }
}

/// A prepared statement. Column accessors read the current row; text comes out as bytes borrowed from SQLite,
/// valid until the next step, so loading a chapter interns strings without making a `String` per field.
final class Statement {
    private let statement: OpaquePointer
    private unowned let database: Database

    init(_ statement: OpaquePointer, database: Database) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Clears bindings and rewinds, ready to bind and step again.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func bind(_ value: Int, at index: Int32) throws {
        try check(sqlite3_bind_int64(statement, index, Int64(value)))
    }

    func bind(_ value: String, at index: Int32) throws {
        // The byte count, not -1: a NUL inside the text is part of it (a C string would end there).
        try check(sqlite3_bind_text(statement, index, value, Int32(clamping: value.utf8.count), csqlite_transient()))
    }

    func bind(_ value: [UInt8], at index: Int32) throws {
        // An empty blob, not NULL: `sqlite3_bind_blob` binds NULL when handed no pointer, which an empty array may give.
        guard !value.isEmpty else { return try check(sqlite3_bind_zeroblob(statement, index, 0)) }
        try check(
            value.withUnsafeBytes {
                sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(clamping: $0.count), csqlite_transient())
            })
    }

    func bindNull(at index: Int32) throws { try check(sqlite3_bind_null(statement, index)) }

    /// Binds every value in order from parameter 1.
    func bind(_ values: [any StatementValue]) throws {
        for (offset, value) in values.enumerated() { try value.bind(to: self, at: Int32(offset + 1)) }
    }

    /// Advances to the next row; false when done.
    func step() throws -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(status)
        }
    }

    /// Steps through a statement that returns no rows.
    func run() throws {
        while try step() {}
        sqlite3_reset(statement)
    }

    /// The number of columns a row of this statement has.
    var columnCount: Int32 { sqlite3_column_count(statement) }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column's UTF-8 bytes, borrowed until the next `step` or `reset` (empty for NULL). Read as a blob: the
    /// bytes of a text column as stored (the database is UTF-8), without the copy `sqlite3_column_text` makes to
    /// add a terminating NUL, which the caller does not need (it has the count). Through the column's value: one
    /// column call instead of two (each takes the connection's checks). Its value is "unprotected", which SQLite
    /// allows outside multi-threaded use of the connection; a statement is used by one thread at a time.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let value = sqlite3_column_value(statement, column), let pointer = sqlite3_value_blob(value) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(
            start: pointer.assumingMemoryBound(to: UInt8.self), count: Int(sqlite3_value_bytes(value)))
    }

    func text(_ column: Int32) -> String { String(decoding: bytes(column), as: UTF8.self) }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw database.error(status) }
    }
}

/// A value a statement can bind.
protocol StatementValue {
    func bind(to statement: Statement, at index: Int32) throws
}

extension Int: StatementValue {
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension String: StatementValue {
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
}

extension Array: StatementValue where Element == UInt8 {
    func bind(to statement: Statement, at index: Int32) throws { try statement.bind(self, at: index) }
}
