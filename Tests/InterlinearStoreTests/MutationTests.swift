import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Random mutations of references and of store rows: the parser and the loader never trap, and what they accept
/// is consistent. Seeded, so a failure repeats.
@Suite struct MutationTests {
    @Test func mutatedReferencesParseConsistently() throws {
        var random = SplitMix64(seed: 15)
        let seeds = [
            "John 1:14", "Jn 1:14–18", "Rom 8:28", "1 Cor 13", "Revelation 22:1", "Jude 5", "John.1.14", "1:5",
        ]
        let alphabet = Array("0123456789:.-– JohnRev1ΑΩ\u{0301}\t")
        let current = try #require(ChapterReference(parsing: "John 1"))
        for _ in 0..<20_000 {
            var text = Array(try #require(seeds.randomElement(using: &random)))
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...text.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: text.insert(try #require(alphabet.randomElement(using: &random)), at: position)
                case 1: if position < text.count { text.remove(at: position) }
                default:
                    if position < text.count { text[position] = try #require(alphabet.randomElement(using: &random)) }
                }
            }
            guard let passage = Passage(parsing: String(text), relativeTo: current) else { continue }
            // Whatever parses prints as a reference that parses back to itself.
            #expect(Passage(parsing: passage.description) == passage, "\(String(text)) → \(passage)")
            if let verses = passage.verses { #expect(verses.lowerBound >= 1) }
            #expect(passage.chapter.chapter >= 1)
        }
    }

    @Test func mutatedRowsLoadOrFailCleanly() throws {
        var random = SplitMix64(seed: 1515)
        let original = try StoreFixture.committed.get()
        let john = try #require(ChapterReference(parsing: "John 1"))
        let mutations = [
            "UPDATE word SET alignment = '%' WHERE verse = 43001%03d",
            "UPDATE word SET alignment = '999999 1' WHERE verse = 43001%03d",
            "UPDATE word SET alignment = '-3' WHERE verse = 43001%03d",
            "DELETE FROM verse WHERE id = 43001%03d",
            "UPDATE verse SET translation = '' WHERE id = 43001%03d",
            "UPDATE verse SET id = 43001000 WHERE id = 43001%03d",
            "UPDATE word SET surface = x'ff00fe' WHERE verse = 43001%03d",
            "UPDATE word SET surface = NULL WHERE verse = 43001%03d",
            "UPDATE word SET verse = 43001999 WHERE verse = 43001%03d",
            "UPDATE word SET strongs = 'G' WHERE verse = 43001%03d",
        ]
        // The packed words (`verse_words`) themselves: cut anywhere, bytes overwritten, replaced by noise, missing.
        let packedMutations = [
            "UPDATE verse_words SET words = substr(words, 1, '%') WHERE id = 43001%03d",
            "UPDATE verse_words SET words = substr(words, 1, '%') || x'ff' || substr(words, '%' + 2) WHERE id = 43001%03d",
            "UPDATE verse_words SET words = randomblob('%') WHERE id = 43001%03d",
            "UPDATE verse_words SET words = x'8080808080808001' || words WHERE id = 43001%03d",
            "UPDATE verse_words SET words = 'text, not packed words' WHERE id = 43001%03d",
            "DELETE FROM verse_words WHERE id = 43001%03d",
        ]
        for round in 0..<60 {
            let url = try StoreFixture.copy(of: original, named: "mutated-\(round).sqlite")
            let database = try StoreIndex.openPair(store: url.path, readOnly: false)
            // A scratch copy: no waiting for the disk after every statement (each was its own transaction, synced).
            try database.execute("PRAGMA synchronous = OFF")
            func mutate(_ templates: [String]) throws {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let template = try #require(templates.randomElement(using: &random))
                    let sql = template.replacingOccurrences(
                        of: "%03d", with: String(format: "%03d", Int.random(in: 1...51, using: &random))
                    )
                    .replacingOccurrences(of: "'%'", with: "'\(Int.random(in: 0...400, using: &random))'")
                    try? database.execute(sql)
                }
            }
            // Word rows damaged, then the packed words derived from them (as the migration from version 1 does), or
            // the packed words damaged directly.
            if round % 2 == 0 {
                try mutate(mutations)
                try VerseWords.rebuild(database)
            } else {
                try mutate(packedMutations)
            }
            database.close()
            do {
                let chapter = try CorpusStore(url: url).load(john, into: StringTableBuilder())
                // What loads keeps the invariants layout relies on.
                if let chapter {
                    for verse in chapter.verses {
                        #expect(verse.number > 0)
                        for word in chapter.words[verse.words] {
                            #expect(chapter.alignment(of: word).allSatisfy { Int($0) < verse.translation.count })
                        }
                    }
                }
            } catch let error as StoreError {
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
