import Foundation
import InterlinearTestSupport
import Testing

/// `--translation KJV` (issue 29) as users run it: the translation column shows the King James text SWORD's own
/// front end, diatheke, prints for each verse, and the KJV's words that carry a Strong's number name the Hebrew (or
/// Greek) words with that number in the accessibility tree. The expected text and numbers come from diatheke.
@Suite struct TranslationTests {
    static let module = "engKJV2006eb"

    /// diatheke's output for `key` of the KJV module, one entry per verse number: "John 1:3: text" lines (a verse
    /// may run over several lines in OSIS output), the module's name trailer removed.
    static func diatheke(_ key: String, options: [String], module: String = module) throws -> [Int: String] {
        try Diatheke.verses(key, options: options, module: module)
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The words of one verse of diatheke's OSIS output (`-o n -f OSIS`) with the Strong's numbers of the `<w>`
    /// element each lies in ("H0430" → 430), tags removed, split at white space.
    static func taggedWords(_ markup: String) -> [(text: String, numbers: Set<Int>)] {
        Diatheke.taggedWords(markup)
    }

    /// Each verse's translation, as the layout's cells give it, equals diatheke's plain text of that verse (white
    /// space collapsed).
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func typesetJohn1ShowsTheKingJamesText() throws {
        let result = try interlinear("typeset", "John 1", "--translation", "KJV")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try schemaViolation(result.stdout, schema: "layout-4") == nil)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let cells = try #require(document["cells"] as? [[String: Any]])
        let expected = try Self.diatheke("John 1", options: ["-f", "plain"])
        #expect(expected.count == 51)
        #expect(cells.count == 51)
        for cell in cells {
            let verse = try #require(cell["verse"] as? Int)
            let text = try #require(cell["translation"] as? String)
            #expect(text == Self.collapsed(expected[verse] ?? ""), "John 1:\(verse)")
        }
    }

    /// In the accessibility tree (one element per label) each KJV word is named as diatheke prints it, and at least
    /// 90 % of those diatheke shows inside a `<w>` with a Strong's number are "translation of" a Hebrew word of
    /// the verse whose description gives that number.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func genesis1KingJamesWordsNameTheirHebrewWords() throws {
        let result = try interlinear(
            "a11y", "Genesis 1", "--translation", "KJV", "--screen-reader", "on", "--all",
            "--granularity", "label")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        var byID: [String: [String: Any]] = [:]
        for node in nodes { if let id = node["nodeId"] as? String { byID[id] = node } }
        let markup = try Self.diatheke("Genesis 1", options: ["-o", "n", "-f", "OSIS"])
        #expect(markup.count == 31)

        var tagged = 0, aligned = 0, named = 0, total = 0
        for (verse, text) in markup {
            // The verse's Hebrew words: each word's respelled name (its description up to the first comma) and
            // the Strong's numbers the description gives, lettered ones (H871a, the prefix "in") left out.
            var words: [(name: Substring, numbers: Set<Int>)] = []
            for index in 1... {
                guard let word = byID["Gen.1.\(verse).w\(index).source"],
                    let description = word["description"] as? String
                else { break }
                let numbers = description.matches(of: /Strong's H([0-9]+)(?![0-9a-z])/).compactMap { Int($0.output.1) }
                words.append((description.prefix { $0 != "," }, Set(numbers)))
            }
            #expect(!words.isEmpty, "Genesis 1:\(verse) has word elements")
            for (offset, kjv) in Self.taggedWords(text).enumerated() {
                total += 1
                let element = byID["Gen.1.\(verse).t\(offset + 1)"]
                if element?["name"] as? String == kjv.text { named += 1 }
                guard !kjv.numbers.isEmpty else { continue }
                tagged += 1
                guard let description = element?["description"] as? String, description.hasPrefix("translation of ")
                else { continue }
                let names = description.dropFirst("translation of ".count).split(separator: " ")
                if words.contains(where: { names.contains($0.name) && !$0.numbers.isDisjoint(with: kjv.numbers) }) {
                    aligned += 1
                }
            }
        }
        print(
            "Genesis 1 (KJV): \(aligned) of \(tagged) words with a Strong's number aligned; \(named) of \(total) named as diatheke prints them"
        )
        #expect(named == total)
        #expect(tagged > 300)
        #expect(Double(aligned) >= 0.9 * Double(tagged))
    }

    /// English and Hebrew number some verses differently; the KJV's are shown at the Hebrew verse they render:
    /// KJV Malachi 4:1–6 is the Hebrew Malachi 3:19–24, KJV Joel 2:28–32 is Joel 3:1–5 (the numbering every Hebrew
    /// Bible and the BSB's own data give), and a psalm's title, which the KJV prints above verse 1, is Psalm 51's
    /// Hebrew verse 1 (the title is verses 1–2 there; KJV 51:1 is Hebrew 51:3).
    /// Over a store of both testaments (its `versification` table).
    @Test(
        .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")),
        .enabled(if: SharedStore.sourceMissing == nil, "\(SharedStore.sourceMissing ?? "")"))
    func versesMoveToTheHebrewNumbering() throws {
        let store = try SharedStore.wholeBible.get()
        for (english, hebrew, pairs) in [
            ("Malachi 4", "Malachi 3", (1...6).map { ($0, $0 + 18) }),
            ("Joel 2", "Joel 3", (28...32).map { ($0, $0 - 27) }),
            ("Psalms 51", "Psalm 51", [(1, 3), (19, 21)]),
        ] {
            let result = try interlinear("typeset", hebrew, "--translation", "KJV", "--corpus", store.path)
            #expect(result.status == 0, "\(hebrew): \(result.stderr)")
            guard result.status == 0 else { continue }
            let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            var shown: [Int: String] = [:]
            for cell in document["cells"] as? [[String: Any]] ?? [] {
                if let verse = cell["verse"] as? Int { shown[verse] = cell["translation"] as? String }
            }
            let expected = try Self.diatheke(english, options: ["-f", "plain"])
            for (from, to) in pairs {
                // diatheke prints the psalm's title again before each verse: the title's lines end the verse before.
                var text = Self.collapsed(expected[from] ?? "")
                if english.hasPrefix("Psalms"), let title = text.range(of: " To the chief Musician") {
                    text = String(text[..<title.lowerBound])
                }
                #expect(!text.isEmpty && shown[to] == text, "\(english):\(from) → \(hebrew):\(to)")
            }
            if english.hasPrefix("Psalms") {
                #expect(
                    shown[1]?.hasPrefix("To the chief Musician, A Psalm of David") == true, "Psalm 51:1 is the title")
            }
        }
    }

    /// A name no installed Bible module has: one line naming the installed ones, exit 64, for a layout command and
    /// for braille alike.
    @Test func anUnknownTranslationListsTheInstalledOnes() throws {
        for command in ["typeset", "braille"] {
            let result = try interlinear(command, "John 1", "--translation", "NoSuchBible")
            expectOneErrorLine(result, status: 64, ["NoSuchBible", "BSB"])
        }
    }

    /// An HTML export in the KJV credits the module (its `.conf` Description and licence), not the BSB, and shows
    /// the KJV's verse as diatheke prints it.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func anExportCreditsTheModule() throws {
        let result = try interlinear("export", "John 1", "--translation", "KJV", "--format", "html")
        #expect(result.status == 0, "\(result.stderr)")
        let html = result.stdoutText
        #expect(html.contains("English: King James Version (KJV), SWORD module engKJV2006eb, Public Domain."))
        #expect(!html.contains("Berean"))
        let first = try Self.diatheke("John 1", options: ["-f", "plain"])[1] ?? ""
        #expect(html.contains(Self.collapsed(first).components(separatedBy: ",")[0]))
    }

    /// The WEB's words as OSIS marks them: each `<w>` element is a word, so the 119 places where Debian's WEB has
    /// one close and the next open with nothing between (`<w>God</w><w>created</w>` in Genesis 1:1, printed
    /// "Godcreated" by diatheke's plain text) are two words in the translation column. Expected: diatheke's OSIS of
    /// each verse with a space put between such elements, then tags removed and white space collapsed.
    @Test(.enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
    func adjacentWordElementsOfTheWEBAreTwoWords() throws {
        let result = try interlinear("typeset", "Genesis 1", "--translation", "WEB")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let cells = try #require(document["cells"] as? [[String: Any]])
        let markup = try Self.diatheke("Genesis 1", options: ["-f", "OSIS"], module: "engWEB2015eb")
        #expect(markup.count == 31 && cells.count == 31)
        #expect(markup[1]?.contains("<w>God</w><w>created</w>") == true)
        for cell in cells {
            let verse = try #require(cell["verse"] as? Int)
            var text = markup[verse] ?? ""
            text = text.replacingOccurrences(of: "</w><w", with: "</w> <w")
            text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            #expect(cell["translation"] as? String == Self.collapsed(text), "Genesis 1:\(verse)")
        }
        #expect(
            (cells.first?["translation"] as? String)?.hasPrefix("In the beginning, God created the heavens") == true)
    }
}
