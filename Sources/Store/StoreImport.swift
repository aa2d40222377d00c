import CSQLite
import Foundation
import InterlinearCorpus

/// Builds or updates the store from imported chapters, never leaving a half-written store behind.
///
/// A whole build writes new files beside the store and its search index (`.interlinear.sqlite.<pid>.incoming`,
/// `.interlinear.search.sqlite.<pid>.incoming`: `StoreIndex`) and renames them over the old ones only when both are
/// complete, the index first: interrupted (Ctrl-C, a kill, a crash), the previous store is untouched; killed between
/// the two renames, the store still reads its chapters and its search index is refused as another import's until
/// an import runs again. The incoming files are removed on SIGINT/SIGTERM/SIGHUP, and a later import removes any
/// left by a SIGKILL. Importing a few chapters into an existing store is one transaction over both files, so it too
/// lands whole or not at all.
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
        let indexURL = URL(fileURLWithPath: StoreIndex.path(of: url.path))
        removeAbandoned(beside: url)
        removeAbandoned(beside: indexURL)
        if !replace && FileManager.default.fileExists(atPath: url.path) {
            // Refuses a foreign, damaged, newer or unpaired store, migrates an older one.
            let database = try CorpusStore(url: url).database
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
        let incomingIndex = folder.appendingPathComponent(".\(indexURL.lastPathComponent).\(getpid()).incoming")
        IncomingFile.track([incoming.path, incomingIndex.path])
        defer { IncomingFile.untrack() }
        do {
            // Made here, new (`O_EXCL | O_NOFOLLOW`), before SQLite opens them: SQLite's own create follows a link at
            // the name (a planted `.interlinear.sqlite.PID.incoming`), and an empty file is a new database to it.
            for file in [incoming, incomingIndex] {
                unlink(file.path)  // a stale one of a process that had this id
                let made = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
                guard made >= 0 else {
                    throw StoreError.cannotOpen(
                        path: url.path, reason: "cannot create \(file.path): \(String(cString: strerror(errno)))")
                }
                Foundation.close(made)
            }
            let database = try Database(path: incoming.path, readOnly: false, create: true)
            try StoreIndex.attachFile(incomingIndex.path, to: database)
            // Files nobody reads until they are renamed need no journal: a crash leaves only files to delete.
            try database.execute(
                """
                PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 8192;
                PRAGMA search.journal_mode = OFF; PRAGMA search.synchronous = OFF; PRAGMA search.page_size = 8192
                """)
            try StoreWriter.createSchema(database)
            try database.transaction {
                let writer = try StoreWriter(database)
                try writeAll(chapters, with: writer, progress: progress)
                if let versification { try writer.writeVersification(versification) }
                try TableDigest.record(database, .versification)
                try TableDigest.record(database, .spelling)
                try StudyTable.record(database)
                try writer.setMeta(["source": source, "format": "interlinear store \(Schema.version)"])
                try StoreIndex.pair(database)
            }
            // No ANALYZE: a `sqlite_stat1` is one more schema entry and a query on every open of its file (a chapter's
            // read, `define`), and the planner picks the same plans without it (the search benchmarks' results and
            // counts are unchanged; docs/performance.md).
            try database.execute(
                "INSERT INTO verse_text(verse_text) VALUES ('optimize'); VACUUM main; VACUUM search")
            database.close()
            // The index first, then the store: a store renamed beside an older index would be refused as unpaired
            // all the same, but the index's rename alone leaves the old store reading its chapters.
            for (file, place, what) in [(incomingIndex, indexURL, "search index"), (incoming, url, "store")] {
                // Flush the file before the rename puts it in place, so a power cut cannot leave a renamed stub.
                let fd = open(file.path, O_RDONLY)
                if fd >= 0 { fsync(fd); Foundation.close(fd) }
                guard rename(file.path, place.path) == 0 else {
                    throw StoreError.cannotOpen(
                        path: url.path,
                        reason: "cannot move the new \(what) into place: \(String(cString: strerror(errno)))")
                }
                // WAL files of the replaced file belong to the old one.
                for suffix in ["-wal", "-shm"] { unlink(place.path + suffix) }
            }
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

/// The incoming files of the running import (the store's and its index's), removed by a signal handler if the import
/// is interrupted. The paths are kept as C strings allocated before the handler is installed: `unlink` is
/// async-signal-safe, Swift strings are not.
enum IncomingFile {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var indexPath: UnsafeMutablePointer<CChar>?

    static func track(_ files: [String]) {
        path = files.first.map { strdup($0) }
        indexPath = files.dropFirst().first.map { strdup($0) }
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
                if let path = IncomingFile.indexPath { unlink(path) }
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
        if let indexPath { unlink(indexPath) }
    }

    static func untrack() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(signal, nil, &current)
            if !isIgnored(current) { Glibc.signal(signal, SIG_DFL) }
        }
        free(path)
        free(indexPath)
        path = nil
        indexPath = nil
    }
}
