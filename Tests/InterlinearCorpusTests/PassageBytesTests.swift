import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

/// `Passage(parsing:)` reads ASCII text on its bytes (`Passage.parsing(ascii:relativeTo:)`) and anything else by
/// `Character`s. The two must agree on every ASCII text: here the `Character` parser, which read every reference
/// before the byte path existed, is the oracle for references as people type them and for seeded mutations of them
/// (case, whitespace of every kind, separators in every place), with and without a current chapter.
@Suite struct PassageBytesTests {
    static let seeds = [
        "John 1", "John 1:14", "Jn 1:14-18", "Rom 8:28", "1 Cor 13", "1Cor 13:4", "Revelation 22:1", "Jude 5",
        "Jude 3-5", "John.1.14", "john.1", "1:5", "14", "14-18", "Ps 119", "Song of Solomon 2:1", "Mal 4",
        "  1 John 3:16 ", "GENESIS 1", "gen 1:1-3", "Obad 1", "3 jn 2", "Phlm 1:4-6", "John 1-3", "John 1:5-3",
        "Jn.1", "Jn. 1:1", "jhn 1", "Revelation 0", "John 1000", "John 1:1234",
    ]

    private func agree(_ text: String, _ current: ChapterReference?) -> Bool {
        Passage(parsing: text, relativeTo: current) == Passage(parsingCharacters: text, relativeTo: current)
    }

    @Test func typedReferencesParseAsByCharacters() throws {
        let current = try #require(ChapterReference(parsing: "John 3"))
        for text in Self.seeds {
            #expect(agree(text, nil), "\(text)")
            #expect(agree(text, current), "\(text) in John 3")
        }
        // Both parsers find these, so the comparison compares passages, not two nils.
        #expect(Passage(parsing: "Jn 1:14-18")?.description == "John 1:14–18")
        #expect(Passage(parsing: "14-18", relativeTo: current)?.description == "John 3:14–18")
        #expect(Passage(parsing: "Jude 3-5")?.description == "Jude 1:3–5")
    }

    @Test func mutatedASCIIReferencesParseAsByCharacters() throws {
        var random = SplitMix64(seed: 24)
        let alphabet = Array("0123456789:.-- JohnRevJUDEpsalm1\t\r\n\u{0B}\u{0C},;")
        let current = try #require(ChapterReference(parsing: "Jude 1"))
        var parsed = 0
        for _ in 0..<20_000 {
            var text = Array(try #require(Self.seeds.randomElement(using: &random)))
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...text.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: text.insert(try #require(alphabet.randomElement(using: &random)), at: position)
                case 1: if position < text.count { text.remove(at: position) }
                default:
                    if position < text.count { text[position] = try #require(alphabet.randomElement(using: &random)) }
                }
            }
            let string = String(text)
            let withCurrent = Bool.random(using: &random) ? current : nil
            #expect(agree(string, withCurrent), "\(string.debugDescription)")
            if Passage(parsing: string, relativeTo: withCurrent) != nil { parsed += 1 }
        }
        #expect(parsed > 2000, "enough of the mutations are passages")
    }
}
