import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearCLI

/// `--tiers` of ASCII is read on its bytes (`TierList.asciiTiers`), anything else, and every list that names no
/// tiers or an unknown one, by the full parse, which words the error. Lists are built here from the tier names
/// (in any case, with spaces and tabs around them, empty entries, now and then a name that is no tier's), so the
/// tiers each must give are known without either parser.
@Suite struct TierListBytesTests {
    @Test func builtListsGiveTheirTiers() throws {
        var random = SplitMix64(seed: 2424)
        let names = Tier.allCases.filter { $0 != .verse }
        let padding = ["", " ", "\t", "  ", " \t"]
        var accepted = 0, refused = 0
        for _ in 0..<5_000 {
            var entries: [String] = []
            var tiers: [Tier] = []
            var unknown = false
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                var name: String
                switch Int.random(in: 0..<10, using: &random) {
                case 0: name = ""
                case 1:
                    name = ["verse", "sourc", "glosses", "morph", "tränslation", "lemma\u{301}"].randomElement(
                        using: &random)!
                    unknown = true
                default:
                    let tier = names.randomElement(using: &random)!
                    tiers.append(tier)
                    name = String(
                        tier.name.map { Bool.random(using: &random) ? Character($0.uppercased()) : $0 })
                }
                entries.append(
                    padding.randomElement(using: &random)! + name + padding.randomElement(using: &random)!)
            }
            let list = entries.joined(separator: ",")
            let valid = !unknown && tiers.contains(where: { $0 != .translation })
            let parsed = try? TierList.parse(list)
            if valid {
                #expect(parsed == TierSet(tiers), "\(list.debugDescription)")
                accepted += 1
            } else {
                #expect(parsed == nil, "\(list.debugDescription)")
                refused += 1
            }
            let bytes = TierList.asciiTiers(list)
            #expect(bytes == nil || bytes == TierSet(tiers), "\(list.debugDescription)")
            if valid && list.utf8.allSatisfy({ $0 < 0x80 }) { #expect(bytes != nil, "\(list.debugDescription)") }
        }
        #expect(accepted > 1000 && refused > 1000)
    }

    @Test func theDefaultListIsReadOnItsBytes() {
        #expect(TierList.asciiTiers(LayoutSettings.defaultTiers) == TierSet.all)
        #expect(TierList.asciiTiers("Source, Gloss ,\ttranslation") == TierSet([.source, .gloss, .translation]))
        #expect(TierList.asciiTiers("translation") == nil, "no word tier: the full parse says so")
        #expect(TierList.asciiTiers("source,\u{A0}gloss") == nil, "not ASCII")
    }
}
