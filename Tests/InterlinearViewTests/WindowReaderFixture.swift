import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearStore
import InterlinearTestSupport
import InterlinearTypesetting
import InterlinearView
import Testing

/// A store of every committed chapter (both testaments), for the window's search and reference resolution; and
/// the committed chapter files read as plain text, for expected values that do not go through the code under test.
enum WindowReaderFixture {
    /// A data folder holding `interlinear.sqlite` with the committed chapters, built once per test run.
    static let storeFolder: Result<URL, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interlinear-view-store-\(getpid())")
        let url = folder.appendingPathComponent("interlinear.sqlite")
        let library = CorpusLibrary(roots: [corpusDirectory.appendingPathComponent("chapters")])
        let chapters = try library.load(library.availableChapters(), into: StringTableBuilder())
        _ = try StoreImport.write(chapters, to: url, replace: true, source: "committed chapters")
        return folder
    }

    /// A view whose session reads the store (then the committed files), as `interlinear view` does.
    static func view(_ reference: String, width: Float = 390, height: Float = 844) throws -> ChapterView {
        let folder = try storeFolder.get()
        let library = try ChapterLibrary.open(corpus: folder.path, environment: [:])
        let session = Interlinear(library: library, fonts: try sharedFontChain(), options: LayoutOptions(width: width))
        let catalog = ChapterCatalog(session: session)
        let chapter = try catalog.load(try #require(ChapterReference(parsing: reference)))
        return ChapterView(chapter: chapter, layout: session.layout(chapter), catalog: catalog, windowHeight: height)
    }

    /// One `w` row of a committed chapter file, split into its tab-separated fields.
    struct WordRow {
        var verse: Int, surface: String, transliteration: String, lemma: String, strongs: String, morphology: String
        var gloss: String, alignment: [Int]
    }

    /// The `v` and `w` rows of a committed chapter file: each verse's translation and its words, in file order.
    static func rows(_ path: String) throws -> (verses: [Int: String], words: [WordRow]) {
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(path)"), encoding: .utf8)
        var verses: [Int: String] = [:]
        var words: [WordRow] = []
        for line in text.split(separator: "\n") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if f.first == "v", f.count >= 3, let n = Int(f[1]) { verses[n] = f[2] }
            if f.first == "w", f.count >= 9, let n = Int(f[1]) {
                words.append(
                    WordRow(
                        verse: n, surface: f[2], transliteration: f[3], lemma: f[4], strongs: f[5],
                        morphology: f[6], gloss: f[7], alignment: f[8].split(separator: " ").compactMap { Int($0) }))
            }
        }
        return (verses, words)
    }
}
