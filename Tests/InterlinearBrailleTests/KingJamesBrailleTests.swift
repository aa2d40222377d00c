import Foundation
import InterlinearAccessibility
import InterlinearBraille
import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// The King James lists of real entries, with Strong's word fragments said as words (`DefinitionSpeech.full`),
/// brailled as the reader's `--braille` lines are (`BrailleTables.unicodeBraille`, each span in its language's
/// table) and read back with liblouis's own back-translation: a braille reader gets every word the voice says, and
/// the fragments' forms ("acknow", "befall", "Goddess") survive the English table. The entries come from diatheke
/// (Debian's StrongsGreek and StrongsHebrew), so nothing here is written from the code's output.
@Suite(
    .enabled(if: SystemTool.isCI || Louis.unavailable == nil, "\(Louis.unavailable ?? "")"),
    .enabled(if: SystemTool.required("diatheke"), SystemTool.reason("diatheke", package: "diatheke")))
struct KingJamesBrailleTests {
    @Test(arguments: [
        // Each list's forms, expanded by hand from the list diatheke prints (KingJamesRenderingsTests has the rule).
        ("StrongsGreek", 1921, "acknow, have know, take know, know, knowledge, know well"),
        // The voice's English drops the parentheses and Strong's "X" (`DefinitionSpeech.english`).
        ("StrongsGreek", 1096, "arise, be assembled, be, become, befall, behave self, be brought to pass"),
        ("StrongsHebrew", 430, "angels exceeding God gods, Goddess, Godly very great"),
    ])
    func expandedListsBackTranslate(module: String, number: Int, forms: String) throws {
        let entry = try #require(try Diatheke.lexiconEntry(module, number), "\(module) \(number)")
        let line = DefinitionSpeech.full([entry])
        #expect(line.text.contains("King James renderings: "), "\(line.text)")
        #expect(line.text.lowercased().contains(forms.lowercased()), "\(line.text)")

        let tables = BrailleTables()
        let braille = tables.unicodeBraille(line)
        #expect(braille.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) }, "\(braille)")
        // UEB has one apostrophe sign, which liblouis reads back as U+2019 after a letter ("Strong’s").
        let back = try Louis.backTranslate(braille, tableList: tables.english, input: .unicode)
            .replacingOccurrences(of: "\u{2019}", with: "'")
        print("\(module) \(number): \(line.text)\n  back: \(back)")
        #expect(back == line.text)
    }
}
