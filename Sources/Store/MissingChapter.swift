import InterlinearCorpus

/// A chapter (or verse) the library cannot open, and why, as values: a front end words the advice its users can
/// follow (the command line names the command that imports it); the library's own message names none.
public struct MissingChapter: Sendable, Equatable, CustomStringConvertible {
    /// Why the chapter cannot be opened.
    public enum Reason: Sendable, Equatable {
        /// The book has fewer chapters than the reference asks for.
        case beyondBook(chapterCount: Int)
        /// There is no store at `path` yet.
        case noStore(path: String)
        /// The store at `path` does not hold the chapter.
        case notInStore(path: String)
        /// The chapter opens, but not the verses asked for (the message names them).
        case verses(String)
    }

    public let reference: ChapterReference
    public let reason: Reason
    /// The chapters that do open nearest to it in canonical order (none for `beyondBook` and `verses`).
    public let nearest: [ChapterReference]
    /// Whether the source data an import of it needs is downloaded (the importer could fetch it now).
    public let sourceDataDownloaded: Bool

    /// Made by the library (`ChapterLibrary`); apps read it.
    package init(
        reference: ChapterReference, reason: Reason, nearest: [ChapterReference] = [],
        sourceDataDownloaded: Bool = false
    ) {
        self.reference = reference
        self.reason = reason
        self.nearest = nearest
        self.sourceDataDownloaded = sourceDataDownloaded
    }

    /// Whether importing would make it open (it is in the Bible, only not imported yet).
    public var importable: Bool {
        switch reason {
        case .noStore, .notInStore: true
        case .beyondBook, .verses: false
        }
    }

    /// What is missing and where it was looked for, without advice.
    public var description: String { description(advice: nil) }

    /// The message with `advice` (what to run) after where it was looked for, before the nearest chapters.
    public func description(advice: String?) -> String {
        let book = reference.book
        switch reason {
        case .beyondBook(let count):
            return "no chapter \(reference): \(book.name) has \(count == 1 ? "1 chapter" : "\(count) chapters")"
        case .verses(let message):
            return message
        case .noStore(let path), .notInStore(let path):
            let place =
                reason == .noStore(path: path)
                ? "there is no corpus store at \(path) yet"
                : "the store at \(path) does not hold it"
            let list = nearest.map(\.description).joined(separator: ", ")
            return "no chapter \(reference) in the corpus (\(place))" + (advice.map { "; " + $0 } ?? "")
                + (list.isEmpty ? "" : "; nearest chapters that open: \(list)")
        }
    }
}
