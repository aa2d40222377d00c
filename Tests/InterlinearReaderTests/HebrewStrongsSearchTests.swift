import Foundation
import InterlinearCorpus
import InterlinearInteraction
import InterlinearReader
import InterlinearTestSupport
import Testing

/// The reader's and the window's in-chapter search (`ChapterSearch`) finds a Hebrew Strong's number on screen: `/H430`
/// in Genesis 1 finds every word the WLC source gives a morpheme numbered 430, counted from the source file itself.
struct HebrewStrongsSearchTests {
    @Test func h430FindsEveryWordOfGenesis1WithIt() throws {
        let source = SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile)
        guard FileManager.default.fileExists(atPath: source.path) else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("CI needs the source data: \(source.path)")
            } else {
                print("skipped: no \(source.path) (scripts/setup downloads it)")
            }
            return
        }
        // Word ids (BBCCCVVVWWW) of Genesis 1 with a morpheme numbered 430, from a plain split of the source rows.
        var words = Set<Substring>()
        // (The file ends its lines with CR LF, one Character: split on either.)
        let lines = try String(contentsOf: source, encoding: .utf8).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        )
        for line in lines where line.hasPrefix("01001") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 3 else { continue }
            let numbers = fields[3].split(separator: "|").map { $0.prefix { $0.isNumber } }.compactMap { Int($0) }
            if numbers.contains(430) { words.insert(fields[0].prefix(11)) }
        }
        #expect(words.count == 32, "Genesis 1 names God 32 times")
        let genesis = try CorpusLibrary(corpusDirectory: corpusDirectory)
            .load(#require(ChapterReference(parsing: "Genesis 1")), into: StringTableBuilder())
        var search = ChapterSearch(chapter: genesis)
        for query in ["H430", "h430", "430"] {
            #expect(search.matches(query).count == words.count, "\(query)")
        }
        #expect(search.matches("G430").isEmpty, "a Greek number is not a Hebrew one")
        // As people type it: "elohim" is each of those words (its morpheme ʾĕlōhîm, prefixed or not), no other.
        let numbered = Set(search.matches("H430"))
        #expect(Set(search.matches("elohim")) == numbered)
        #expect(Set(search.matches("Elohim")) == numbered)
    }
}
