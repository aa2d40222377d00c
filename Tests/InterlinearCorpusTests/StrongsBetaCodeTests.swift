import Foundation
import InterlinearCorpus
import InterlinearSword
import InterlinearTestSupport
import Testing

/// No Strong's entry shows the SWORD module's Beta Code (the ASCII transcription of Greek its `<orth
/// type="writing">` holds: "LO/GOS" for λόγος, "H(" for ἡ, "*)ABRAA/M" for Ἀβραάμ), in any part the window's
/// details, `define` and speech show: every entry of Debian's StrongsGreek and StrongsHebrew, read as `interlinear
/// import` reads them.
@Suite(.strongsModules)
struct StrongsBetaCodeTests {
    /// Whether `word` reads as Beta Code: only capital Latin letters and Beta Code's marks — breathings `(` `)`,
    /// accents `/` `\` `=`, iota subscript `|`, diaeresis `+`, capital `*` — with at least one of each kind
    /// (Beta Code's definition, TLG Beta Code Manual §1). Strong's own words have small letters or digits
    /// ("H430)", "(Chaldee)") or stand in parentheses ("(X"), so a word of capitals and marks only is the module's
    /// residue.
    static func isBetaCode(_ word: Substring) -> Bool {
        let marks = Set("()/\\=|+*")
        // Strong's own parentheses around a word of the King James list ("(X after)", "(O" of "(O that)") aside.
        var trimmed = Substring(word.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:")))
        if trimmed.first == "(" { trimmed = trimmed.dropFirst() }
        if trimmed.last == ")" { trimmed = trimmed.dropLast() }
        guard trimmed.contains(where: { marks.contains($0) }), trimmed.contains(where: { ("A"..."Z").contains($0) })
        else { return false }
        return trimmed.allSatisfy { marks.contains($0) || ("A"..."Z").contains($0) || $0 == "'" }
    }

    @Test func theDefinitionOfResidueFindsTheModulesBetaCode() {
        for word in ["H(", "TO/", "LO/GOS", "*)ABRAA/M", "XE/W", "O(", "QEO/S,"] {
            #expect(Self.isBetaCode(Substring(word)), "\(word)")
        }
        for word in ["H430)", "(Chaldee)", "(i.e.", "G3004;", "X", "A", "KJV", "(A)x", "(X", "(O", "(I)"] {
            #expect(!Self.isBetaCode(Substring(word)), "\(word)")
        }
    }

    @Test func noEntryShowsBetaCode() throws {
        let library = try SwordLibrary()
        var entries: [LexiconEntry] = []
        for source in [StrongsLexicon.greek, StrongsLexicon.hebrew] {
            entries += try StrongsLexicon.entries(source, in: library)
        }
        #expect(entries.count == 14_298)
        var shown: [String] = []
        for entry in entries {
            let fields = [
                entry.text, entry.headword, entry.transliteration, entry.pronunciation, entry.derivation,
                entry.definition, entry.kjvUsage,
            ]
            let residue = fields.flatMap { $0.split(separator: " ").filter(Self.isBetaCode) }
            if !residue.isEmpty { shown.append("\(entry.strongs): \(residue.joined(separator: " "))") }
        }
        #expect(shown.isEmpty, "\(shown.count) entries, e.g. \(shown.prefix(5))")
        // G3588 as the issue quoted it: the three forms without their Beta Code.
        let article = try #require(entries.first { $0.strongs == "G3588" })
        #expect(article.text.hasPrefix("ὁ ho ho , including the feminine ἡ hē hay , and the neuter τό tó to"))
    }
}
