import Testing

@testable import InterlinearCorpus

/// The reverse interlinear's pairing of a translation's tagged words with source words (`StrongsPairing.inOrder`),
/// on real verses: the KJV's tags as its OSIS text gives them (`diatheke -b KJV -o n -f OSIS`) and the SBLGNT's
/// words with their Strong's numbers, written out here from the two texts.
@Suite struct StrongsPairingTests {
    /// John 1:3. SBLGNT: πάντα(G3956) δι’(G1223) αὐτοῦ(G846) ἐγένετο(G1096) καὶ(G2532) χωρὶς(G5565) αὐτοῦ(G846)
    /// ἐγένετο(G1096) οὐδὲ(G3761) ἕν(G1520) ὃ(G3739) γέγονεν(G1096). KJV: All things(G3956) were made(G1096)
    /// by(G1223) him(G846); and(G2532) without(G5565) him(G846) was(G1096) not(G3761) any thing(G1520) made(G1096)
    /// that(G3739) was made(G1096).
    @Test func eachTaggedWordNamesTheOccurrenceItTranslates() {
        let greek = [
            "G3956", "G1223", "G846", "G1096", "G2532", "G5565", "G846", "G1096", "G3761", "G1520", "G3739", "G1096",
        ].map { [$0] }
        let kjv: [[String]] = [
            [], ["G3956"], [], ["G1096"], ["G1223"], ["G846"], ["G2532"], ["G5565"], ["G846"], ["G1096"],
            ["G3761"], [], ["G1520"], ["G1096"], ["G3739"], [], ["G1096"],
        ]
        let paired = Chapter.pairedInOrder(keys: greek, tags: kjv)
        // "things" πάντα; "made" the first ἐγένετο; "by" δι’; the two "him" the two αὐτοῦ in turn.
        #expect(paired[0] == [1])
        #expect(paired[3] == [3])
        #expect(paired[1] == [4])
        #expect(paired[2] == [5])
        #expect(paired[6] == [8])
        // The second ἐγένετο is the second word tagged G1096 ("was"), γέγονεν the third ("made"); the fourth,
        // "made." after the untagged "was", has no fourth word with the number and goes to the last, γέγονεν.
        #expect(paired[7] == [9])
        #expect(paired[11] == [13, 16])
        // Every tagged word is paired with exactly one source word; the untagged ones with none.
        let pairedTokens = paired.flatMap { $0 }.sorted()
        #expect(pairedTokens == kjv.indices.filter { !kjv[$0].isEmpty })
    }

    /// Neighbouring words sharing a number are one occurrence of it, whatever else they carry; words apart are
    /// two. Source: ברא(H1254) את(H853) את(H853). Translation: "created"(H1254) "made"(H1254) "the" "and"(H853)
    /// "with"(H853 H1254) "also"(H853).
    @Test func neighboursSharingANumberAreOneOccurrence() {
        let hebrew = [["H1254"], ["H853"], ["H853"]]
        let english: [[String]] = [["H1254"], ["H1254"], [], ["H853"], ["H853", "H1254"], ["H853"]]
        let paired = Chapter.pairedInOrder(keys: hebrew, tags: english)
        // H1254: tokens 0 and 1 are one occurrence (the first ברא); token 4 is the second, past the only ברא.
        #expect(paired[0] == [0, 1, 4])
        // H853: tokens 3, 4 and 5 are neighbours in turn, one occurrence: the first את; the second את is unnamed.
        #expect(paired[1] == [3, 4, 5])
        #expect(paired[2] == [])
    }
}
