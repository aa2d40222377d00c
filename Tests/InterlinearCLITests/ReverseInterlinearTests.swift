import Foundation
import InterlinearTestSupport
import Testing

/// `typeset --order english` (issue 43), the reverse interlinear: the KJV's words in the module's order, each with
/// the Greek or Hebrew word it translates under it. The English words and their Strong's numbers come from
/// diatheke's OSIS output of the module (`TranslationTests.taggedWords`), each verse's source words and their
/// numbers from the interlinear's own layout of the chapter (the source order, the corpus's Strong's tier).
@Suite struct ReverseInterlinearTests {
    /// The numbers of a Strong's tier ("H2050b-H1886a-H776" → 776 unlettered, 2050 and 1886 lettered; "G3056").
    static func numbers(_ tier: String) -> (plain: Set<Int>, lettered: Set<Int>) {
        var plain = Set<Int>(), lettered = Set<Int>()
        for match in tier.matches(of: /[GH]0*([0-9]+)([a-z]?)/) {
            guard let number = Int(match.output.1) else { continue }
            if match.output.2.isEmpty { plain.insert(number) } else { lettered.insert(number) }
        }
        return (plain, lettered)
    }

    /// A layout's cells by verse number.
    static func cells(_ arguments: String...) throws -> [Int: [[String: Any]]] {
        let result = try run(interlinearBinary, arguments, directory: packageRoot)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "layout-4") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        var cells: [Int: [[String: Any]]] = [:]
        for cell in document["cells"] as? [[String: Any]] ?? [] {
            if let verse = cell["verse"] as? Int { cells[verse] = cell["labels"] as? [[String: Any]] ?? [] }
        }
        return cells
    }

    /// Every KJV word of the chapter, in diatheke's order, is a translation label; under it (the labels up to the
    /// next one) either the source words it translates, each with a Strong's number the module tags the word with,
    /// the ditto mark naming such a word shown under an earlier English word, or — when the word carries no number
    /// of the verse's source words — the dash, which names no word. A tagged word whose number a source word of the
    /// verse carries unlettered is never marked unaligned; no source word stands in full under two English words.
    @Test(
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        arguments: [("John 1", 51), ("Genesis 1", 31)])
    func everyKingJamesWordInOrderWithTheWordItTranslates(chapter: String, verses: Int) throws {
        let markup = try TranslationTests.diatheke(chapter, options: ["-o", "n", "-f", "OSIS"])
        #expect(markup.count == verses)
        let source = try Self.cells("typeset", chapter, "--translation", "KJV")
        let english = try Self.cells("typeset", chapter, "--translation", "KJV", "--order", "english")
        #expect(english.count == verses)
        var linked = 0, unaligned = 0, dittos = 0
        for (verse, text) in markup.sorted(by: { $0.key < $1.key }) {
            // The verse's source words: offset → the numbers of its Strong's tier.
            var strongs: [Int: (plain: Set<Int>, lettered: Set<Int>)] = [:]
            for label in source[verse] ?? [] where label["tier"] as? String == "strongs" {
                if let word = label["word"] as? Int, let tier = label["text"] as? String {
                    strongs[word] = Self.numbers(tier)
                }
            }
            let plainInVerse = strongs.values.reduce(into: Set<Int>()) { $0.formUnion($1.plain) }
            let anyInVerse = strongs.values.reduce(plainInVerse) { $0.union($1.lettered) }
            // The English blocks: each translation label with the labels under it.
            var blocks: [(text: String, under: [[String: Any]])] = []
            for label in english[verse] ?? [] {
                switch label["tier"] as? String {
                case "verse": continue
                case "translation": blocks.append((label["text"] as? String ?? "", []))
                default: if !blocks.isEmpty { blocks[blocks.count - 1].under.append(label) }
                }
            }
            let words = TranslationTests.taggedWords(text)
            #expect(blocks.map(\.text) == words.map(\.text), "\(chapter):\(verse) in the module's order")
            var shownInFull = Set<Int>()
            for (block, kjv) in zip(blocks, words) {
                let where_ = "\(chapter):\(verse) \(kjv.text)"
                let sources = block.under.filter { $0["tier"] as? String == "source" }
                let tagsInVerse = kjv.numbers.intersection(anyInVerse)
                if tagsInVerse.isEmpty {
                    #expect(
                        sources.count == 1 && sources.first?["text"] as? String == "—"
                            && sources.first?["word"] is NSNull,
                        "\(where_): unaligned, marked with the dash")
                    unaligned += 1
                    continue
                }
                if !kjv.numbers.isDisjoint(with: plainInVerse) {
                    #expect(sources.first?["text"] as? String != "—", "\(where_): aligned")
                }
                guard sources.first?["text"] as? String != "—" else { continue }
                #expect(!sources.isEmpty, "\(where_): a source word or the ditto mark under it")
                for label in sources {
                    let word = try #require(label["word"] as? Int, "\(where_): names its word")
                    let numbers = try #require(strongs[word], "\(where_): word \(word) is the verse's")
                    #expect(
                        !kjv.numbers.isDisjoint(with: numbers.plain.union(numbers.lettered)),
                        "\(where_): word \(word) (\(numbers)) carries one of \(kjv.numbers)")
                    if label["text"] as? String == "″" {
                        dittos += 1
                        #expect(shownInFull.contains(word), "\(where_): the ditto mark names a word shown before")
                    } else {
                        #expect(shownInFull.insert(word).inserted, "\(where_): word \(word) shown once")
                        linked += 1
                    }
                }
            }
            #expect(blocks.count == words.count, "\(chapter):\(verse): \(blocks.count) blocks, \(words.count) words")
        }
        print("\(chapter) (KJV, English order): \(linked) linked, \(dittos) ditto marks, \(unaligned) unaligned")
        #expect(linked > 300)
        #expect(unaligned > 100)
    }

    /// The accessibility tree in English order: each verse's elements after its number are its English words in
    /// the module's order (diatheke's), each counted "n of m" among the verse's English words and holding the
    /// source words under it (no element of its own for a Greek word); a word diatheke shows with no Strong's
    /// number is described "no Greek word", one whose number a Greek word of the verse carries "translation of" the
    /// word respelled — never in Greek script.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func theTreeReadsInEnglishOrder() throws {
        let result = try interlinear(
            "a11y", "John 1", "--translation", "KJV", "--order", "english", "--screen-reader", "on", "--all")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        var byID: [String: [String: Any]] = [:]
        for node in nodes { if let id = node["nodeId"] as? String { byID[id] = node } }
        let markup = try TranslationTests.diatheke("John 1", options: ["-o", "n", "-f", "OSIS"])
        var described = 0, unaligned = 0
        for (verse, text) in markup {
            let words = TranslationTests.taggedWords(text)
            let children = try #require(byID["John.1.\(verse)"]?["childIds"] as? [String])
            #expect(!children.contains { $0.contains(".w") }, "John 1:\(verse): no Greek word element")
            let english = (byID["John.1.\(verse).t"]?["childIds"] as? [String]) ?? []
            #expect(english.count == words.count, "John 1:\(verse)")
            for (index, (id, kjv)) in zip(english, words).enumerated() {
                let node = try #require(byID[id])
                #expect(node["name"] as? String == kjv.text, "\(id)")
                #expect(node["posInSet"] as? Int == index + 1 && node["setSize"] as? Int == words.count, "\(id)")
                let description = node["description"] as? String ?? ""
                #expect(!containsGreek(description), "\(id): \(description)")
                if kjv.numbers.isEmpty {
                    #expect(description == "no Greek word", "\(id): \(description)")
                    unaligned += 1
                } else if description.hasPrefix("translation of ") {
                    described += 1
                }
            }
        }
        // A tagged word is "no Greek word" only when no word of the verse carries its number.
        #expect(described > 300 && unaligned > 100, "\(described) described, \(unaligned) unaligned")
    }

    /// The option is checked: an order that is neither is a usage error naming both.
    @Test func anUnknownOrderIsAUsageError() throws {
        let result = try interlinear("typeset", "John 1", "--order", "greek")
        expectOneErrorLine(result, status: 64, ["greek", "english"])
    }
}
