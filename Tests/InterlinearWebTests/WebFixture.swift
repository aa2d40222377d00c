import Foundation
import InterlinearTestSupport
import Testing

/// The stores the web tests serve, and the Python checkers that read pages and stores independently of the server.
enum WebFixture {
    static let harness = packageRoot.appendingPathComponent("Tests/InterlinearWebTests/Harness")

    /// Why the whole-Bible store cannot be built here; nil when it can (the source data of both testaments).
    static var bibleMissing: String? {
        if let missing = SharedStore.sourceMissing { return missing }
        if case .failure(let error) = SharedStore.wholeBible { return "\(error)" }
        return nil
    }

    /// Both testaments (SharedStore: built once, cached across runs).
    static func bible() throws -> URL { try SharedStore.wholeBible.get() }

    /// John 1 and Genesis 1 imported with the Strong's dictionaries (`interlinear import` reads SWORD's modules),
    /// once per test process.
    static let lexiconStore: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("interlinear-web-lexicon-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let imported = try run(interlinearBinary, ["import", "John 1", "Genesis 1", "--corpus", folder.path])
        guard imported.status == 0, imported.stdoutText.contains("lexicon entries") else {
            throw SpawnFailure("import with the lexicon failed (\(imported.status)): \(imported.stderr)")
        }
        return folder
    }

    /// Runs a checker in Harness/ and decodes the JSON it prints.
    static func python<T: Decodable>(_ script: String, _ arguments: [String], input: [UInt8]? = nil) throws -> T {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", harness.appendingPathComponent(script).path] + arguments,
            input: input.map { Data($0) })
        guard result.status == 0 else { throw SpawnFailure("\(script) failed: \(result.stderr)") }
        return try JSONDecoder().decode(T.self, from: result.stdout)
    }

    /// What `page_check.py` reads from a page.
    struct PageFacts: Decodable {
        let errors: [String]
        let verseIds: [String?]
        let h1: [String]
        /// Each source word: its text, `lang` and `dir`.
        let sources: [[String?]]
        let unlabelledSpans: Int
        let links: [String?]
        let scripts: [String?]
        let inlineScripts: Int
        let styles: Int
        let styleAttributes: Int
        let forms: [[String?]]
        let details: Int
        let duplicateIds: [String]
        let lists: [String: Int]
        let title: String
        let chapters: [[String: String]]
    }

    static func page(_ reply: HTTPReply) throws -> PageFacts { try python("page_check.py", [], input: reply.body) }

    /// A chapter as the store holds it, read by Python's sqlite3.
    struct ChapterFacts: Decodable {
        let verses: [Int]
        let words: [String]
    }

    static func chapter(_ store: URL, book: Int, chapter: Int) throws -> ChapterFacts {
        try python("store_facts.py", ["chapter", store.path, String(book), String(chapter)])
    }

    /// `body` decompressed by Python's gzip module.
    static func gunzip(_ body: [UInt8]) throws -> [UInt8] {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import gzip,sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))"],
            input: Data(body))
        guard result.status == 0 else { throw SpawnFailure("not gzip: \(result.stderr)") }
        return Array(result.stdout)
    }
}
