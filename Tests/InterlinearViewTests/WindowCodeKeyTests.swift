import Foundation
import InterlinearAccessibility
import InterlinearTestSupport
import InterlinearView
import Testing

/// The window's help lists the key to the codes (issue 43): `?` shows the keys, `?` again the chapter's
/// morphology codes with their words; ↑ ↓ and Page Up, Page Down scroll them, `?` turns back, any other key closes.
/// A screen reader hears what the page is, not the codes (it hears each word's codes in words). Expected codes come
/// from the chapter file.
@Suite struct WindowCodeKeyTests {
    static func codes(_ file: String) throws -> [String] {
        let text = try String(contentsOf: corpusDirectory.appendingPathComponent("chapters/\(file)"), encoding: .utf8)
        var codes = Set<String>()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first == "w", fields.count > 6, !fields[6].isEmpty { codes.insert(String(fields[6])) }
        }
        return codes.sorted()
    }

    @Test(arguments: [("John 1", "43-John/01.tsv"), ("Genesis 1", "01-Gen/01.tsv")])
    func helpTurnsToTheCodes(reference: String, file: String) throws {
        let view = try ViewFixture.view(reference)
        ViewFixture.type(view, "?")
        #expect(view.help == .keys)
        ViewFixture.type(view, "?")
        guard case .codes(let list, let first)? = view.help else {
            Issue.record("? again shows the codes: \(String(describing: view.help))")
            return
        }
        let expected = try Self.codes(file)
        #expect(first == 0)
        #expect(list.entries.map(\.code) == expected)
        #expect(list.entries.allSatisfy { !$0.words.isEmpty && !$0.words.contains("unrecognised") })
        let said = try #require(view.spokenStatus)
        #expect(said.contains("\(expected.count) morphology codes"), "\(said)")
        #expect(!expected.contains { said.contains($0) }, "no code is read out: \(said)")

        #expect(ViewFixture.press(view, .down) == .status)
        #expect(view.help == .codes(list, first: 1), "↓ scrolls the codes, the help stays")
        ViewFixture.press(view, .pageUp)
        #expect(view.help == .codes(list, first: 0), "no row before the first")
        for _ in 0..<(expected.count / HelpPage.codePage + 2) { ViewFixture.press(view, .pageDown) }
        #expect(view.help == .codes(list, first: expected.count - 1), "no row after the last")
        ViewFixture.type(view, "?")
        #expect(view.help == .keys)
        ViewFixture.type(view, "??")
        ViewFixture.type(view, "x")
        #expect(view.help == nil && view.scrollY == 0, "any other key closes the help and does nothing else")
    }

    @Test(.enabled(if: SystemTool.find("espeak-ng") != nil, "espeak-ng is not installed (scripts/setup)"))
    func theCodesPageIsSaidWithoutSpelling() throws {
        let view = try ViewFixture.view("John 1")
        ViewFixture.type(view, "??")
        let said = try #require(view.spokenStatus)
        let voice = try EnglishVoice()
        #expect(!voice.isSpelled(try voice.phonemes([said])[0]), "\(said)")
    }
}
