import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Chapter files: the exchange and test-fixture format (`ChapterFile`), read only from folders a caller names. The
/// product's chapters come from the corpus store (`InterlinearStore.ChapterLibrary`); nothing here looks in the
/// current folder or beside the executable.
package struct CorpusLibrary: Sendable {
    /// Folders searched in order, each holding `<book slug>/<chapter>.tsv`.
    package let roots: [URL]

    package init(roots: [URL]) { self.roots = roots }

    /// The library under a corpus folder (such as a checkout's `Corpus/`): its `chapters/`.
    package init(corpusDirectory: URL) {
        self.init(roots: [corpusDirectory.appendingPathComponent("chapters")])
    }

    /// The chapter files a command was pointed at: the corpus folder `explicit` (`--corpus`), else
    /// `$INTERLINEAR_CORPUS`; nil when neither names one.
    package static func named(explicit: String? = nil) -> CorpusLibrary? {
        if let explicit, !explicit.isEmpty { return CorpusLibrary(corpusDirectory: URL(fileURLWithPath: explicit)) }
        if let env = getenv("INTERLINEAR_CORPUS").map({ String(cString: $0) }), !env.isEmpty {
            return CorpusLibrary(corpusDirectory: URL(fileURLWithPath: env))
        }
        return nil
    }

    /// The relative path of a chapter inside a root: "43-John/01.tsv".
    package static func relativePath(of reference: ChapterReference) -> String {
        let number = reference.chapter < 10 ? "0\(reference.chapter)" : "\(reference.chapter)"
        return "\(reference.book.slug)/\(number).tsv"
    }

    /// The first existing file for the chapter.
    package func file(for reference: ChapterReference) -> URL? {
        roots.lazy.map { $0.appendingPathComponent(Self.relativePath(of: reference)) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Reads a chapter file, interning into `strings` (the caller freezes; `load` does).
    package func read(_ reference: ChapterReference, into strings: StringTableBuilder) throws -> Chapter {
        guard reference.exists else {
            throw CorpusError(
                file: "", line: nil, kind: .missing,
                "\(reference.book.name) has \(reference.book.chapterCount) "
                    + "chapter\(reference.book.chapterCount == 1 ? "" : "s"); there is no \(reference)")
        }
        guard let url = file(for: reference) else {
            throw CorpusError(
                file: "", line: nil, kind: .missing,
                "\(reference) is not in the corpus (looked in " + roots.map(\.path).joined(separator: ", ") + ")",
                remedy: .importChapter(reference.description))
        }
        let chapter = try ChapterFile.readUnfrozen(url.path, strings: strings)
        guard chapter.reference == reference else {
            throw CorpusError(file: url.path, line: nil, "holds \(chapter.reference), expected \(reference)")
        }
        return chapter
    }

    /// Every chapter present in any root, in canonical order, without duplicates.
    package func availableChapters() -> [ChapterReference] {
        var found = Set<ChapterReference>()
        let fm = FileManager.default
        for root in roots {
            for book in Book.all {
                let dir = root.appendingPathComponent(book.slug)
                guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
                for name in names where name.hasSuffix(".tsv") {
                    if let n = Int(name.dropLast(4)), n > 0 { found.insert(ChapterReference(book: book, chapter: n)) }
                }
            }
        }
        return found.sorted { ($0.book.number, $0.chapter) < ($1.book.number, $1.chapter) }
    }
}
