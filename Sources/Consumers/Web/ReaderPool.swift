import InterlinearCorpus
import InterlinearStore
import Synchronization

/// One connection to the store and what reads through it: a library to load chapters, its search, its lexicon.
/// A SQLite connection here is opened without SQLite's own mutex (`Database`), so one request at a time uses a
/// reader: the pool hands each out to one request and takes it back.
final class StoreReader: @unchecked Sendable {
    let library: ChapterLibrary
    let store: CorpusStore
    let search: StoreSearch

    init(corpus: String?) throws {
        library = try ChapterLibrary.open(corpus: corpus)
        guard let store = library.store else { throw ServeError.noStore(path: library.storePath) }
        self.store = store
        search = StoreSearch(store: store)
    }
}

/// The readers the server's requests borrow: as many as run at once (about one per core, the handlers never wait on
/// anything while they hold one), each opened on first need and kept. Read-only: a store is served, never changed.
final class ReaderPool: Sendable {
    private let corpus: String?
    private let idle: Mutex<[StoreReader]>

    /// A pool over the store `corpus` names (`--corpus`, else `$INTERLINEAR_DATA`, else the user's data folder);
    /// opens one reader now, so a missing or damaged store stops the server before it listens.
    init(corpus: String?) throws {
        self.corpus = corpus
        idle = Mutex([try StoreReader(corpus: corpus)])
    }

    /// Runs `body` with a reader of its own.
    func with<T>(_ body: (StoreReader) throws -> T) throws -> T {
        let reader = try idle.withLock { $0.popLast() } ?? StoreReader(corpus: corpus)
        defer { idle.withLock { $0.append(reader) } }
        return try body(reader)
    }
}
