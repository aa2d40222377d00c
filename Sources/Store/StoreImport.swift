import CSQLite
import Foundation
import InterlinearCorpus

/// Builds or updates the store from imported chapters, never leaving a half-written store behind.
///
/// A whole build writes a new file beside the store (`.interlinear.sqlite.<pid>.incoming`) and renames it over
/// the old one only when it is complete: interrupted (Ctrl-C, a kill, a crash), the previous store is untouched.
/// The incoming file is removed on SIGINT/SIGTERM/SIGHUP, and a later import removes any left by a SIGKILL.
/// Importing a few chapters into an existing store is one transaction, so it too lands whole or not at all.
package enum StoreImport {
    /// Progress of an import: `done` of `total` chapters written, and the book being written.
    package struct Progress: Sendable {
        package let done: Int
        package let total: Int
        package let book: String
    }

    /// What an import wrote.
    package struct Summary: Sendable {
        package let chapters: Int
        package let words: Int
        package let store: URL
    }

    /// Writes `chapters` (of either testament) into the store at `url`: a new store (replacing any old one) when
    /// `replace` is true or no store exists yet, else the chapters are replaced inside the existing store in one
    /// transaction. `versification`, when given, is recorded with them (an Old Testament import reads it).
    package static func write(
        _ chapters: [Chapter], to url: URL, replace: Bool, source: String,
        versification: Versification? = nil,
        progress: (Progress) -> Void = { _ in }
    ) throws -> Summary {
        let folder = url.deletingLastPathComponent()
        // The writer's own folder maker: never a folder through a link that leads nowhere.
        if let problem = AtomicFile.makeFolders(folder.path) {
            throw StoreError.cannotOpen(path: url.path, reason: problem)
        }
        removeAbandoned(beside: url)
        if !replace && FileManager.default.fileExists(atPath: url.path) {
            _ = try CorpusStore(url: url)  // refuses a foreign, damaged or newer file, migrates an older one
            let database = try Database(path: url.path, readOnly: false)
            try database.transaction {
                let writer = try StoreWriter(database)
                try writeAll(chapters, with: writer, progress: progress)
                // A table this import writes is recorded anew; one it leaves alone keeps its digest (one a store
                // imported before digests lacks is recorded as it is).
                if let versification {
                    try writer.writeVersification(versification)
                    try TableDigest.record(database, .versification)
                } else {
                    try TableDigest.recordIfMissing(database, .versification)
                }
                try TableDigest.recordIfMissing(database, .lexicon)
                try TableDigest.record(database, .spelling)
                try StudyTable.record(database)
                try writer.setMeta(["source": source])
            }
            return Summary(chapters: chapters.count, words: chapters.reduce(0) { $0 + $1.wordCount }, store: url)
        }

        let incoming = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).incoming")
        IncomingFile.track(incoming.path)
        defer { IncomingFile.untrack() }
        do {
            // Made here, new (`O_EXCL | O_NOFOLLOW`), before SQLite opens it: SQLite's own create follows a link at
            // the name (a planted `.interlinear.sqlite.PID.incoming`), and an empty file is a new database to it.
            unlink(incoming.path)  // a stale one of a process that had this id
            let made = open(incoming.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard made >= 0 else {
                throw StoreError.cannotOpen(
                    path: url.path, reason: "cannot create \(incoming.path): \(String(cString: strerror(errno)))")
            }
            Foundation.close(made)
            let database = try Database(path: incoming.path, readOnly: false, create: true)
            // A file nobody reads until it is renamed needs no journal: a crash leaves only a file to delete.
            try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 8192")
            try StoreWriter.createSchema(database)
            try database.transaction {
                let writer = try StoreWriter(database)
                try writeAll(chapters, with: writer, progress: progress)
                if let versification { try writer.writeVersification(versification) }
                try TableDigest.record(database, .versification)
                try TableDigest.record(database, .spelling)
                try StudyTable.record(database)
                try writer.setMeta(["source": source, "format": "interlinear store \(Schema.version)"])
            }
            try database.execute("INSERT INTO verse_text(verse_text) VALUES ('optimize'); ANALYZE; VACUUM")
            database.close()
            // Flush the file before the rename makes it the store, so a power cut cannot leave a renamed stub.
            let fd = open(incoming.path, O_RDONLY)
            if fd >= 0 { fsync(fd); Foundation.close(fd) }
            guard rename(incoming.path, url.path) == 0 else {
                throw StoreError.cannotOpen(
                    path: url.path, reason: "cannot move the new store into place: \(String(cString: strerror(errno)))")
            }
            // WAL files of the replaced store belong to the old file.
            for suffix in ["-wal", "-shm"] { unlink(url.path + suffix) }
        } catch {
            IncomingFile.remove()
            throw error
        }
        return Summary(chapters: chapters.count, words: chapters.reduce(0) { $0 + $1.wordCount }, store: url)
    }

    private static func writeAll(_ chapters: [Chapter], with writer: StoreWriter, progress: (Progress) -> Void) throws {
        for (index, chapter) in chapters.enumerated() {
            try writer.write(chapter)
            progress(Progress(done: index + 1, total: chapters.count, book: chapter.reference.book.name))
        }
    }

    /// Removes incoming files left by imports that were killed outright (their process is gone).
    static func removeAbandoned(beside url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".incoming") {
            let pidText = name.dropFirst(prefix.count).dropLast(".incoming".count)
            guard let pid = Int32(pidText), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder.appendingPathComponent(name).path) }
        }
    }
}

/// The incoming file of the running import, removed by a signal handler if the import is interrupted.
/// The path is kept as a C string allocated before the handler is installed: `unlink` is async-signal-safe,
/// Swift strings are not.
enum IncomingFile {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

    static func track(_ file: String) {
        path = strdup(file)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // An ignored signal stays ignored (nohup); a blocked one is unblocked, since a parent's mask is
            // inherited and would otherwise hold the signal until the import had finished.
            var old = sigaction()
            sigaction(signal, nil, &old)
            if isIgnored(old) { continue }
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if let path = IncomingFile.path { unlink(path) }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigaction(signal, &action, nil)
        }
    }

    /// Whether a disposition is SIG_IGN (C function pointers compare by address).
    private static func isIgnored(_ action: sigaction) -> Bool {
        let handler = action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
        return handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    static func remove() {
        if let path { unlink(path) }
    }

    static func untrack() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(signal, nil, &current)
            if !isIgnored(current) { Glibc.signal(signal, SIG_DFL) }
        }
        free(path)
        path = nil
    }
}
