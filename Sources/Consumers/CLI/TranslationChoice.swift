import ArgumentParser
import InterlinearCorpus
import InterlinearStore
import InterlinearSword

/// `--translation`: which English the translation column shows. BSB is the corpus's own (aligned to the Greek);
/// any other name is a SWORD Bible module, read through libsword when a chapter is read (`TranslatedLibrary`).
enum TranslationChoice {
    static let help =
        "The English column: BSB (the default), KJV, WEB or any installed SWORD Bible module (name or "
        + "abbreviation); the KJV's words are aligned to the Greek and Hebrew by their Strong's numbers."

    /// A name is a short line of text (checked before libsword sees it).
    static func validate(_ name: String) throws {
        guard (1...64).contains(name.utf8.count), !name.unicodeScalars.contains(where: EscapedText.needsEscape) else {
            throw ValidationError("--translation must name a translation in 1 to 64 bytes, such as BSB, KJV or WEB")
        }
    }

    static func isDefault(_ name: String) -> Bool { name.uppercased() == "BSB" }

    /// `library`, or chapters from it with `name`'s translation. An unknown name is a usage error (exit 64) listing
    /// the installed Bibles; without libsword, exit 69 naming the package; a damaged module (`ModuleDamage`), exit
    /// 65 naming the module and file.
    /// In English order (`--order english`) the module's words pair with the source words in order
    /// (`StrongsPairing.inOrder`), so each English word names the one it translates.
    static func source(_ name: String, over library: ChapterLibrary, order: WordOrder = .source) throws
        -> any ChapterSource
    {
        if isDefault(name) { return library }
        let translated = try translated(name, over: library)
        if order == .english { translated.pairing = .inOrder }
        return translated
    }

    static func translated(_ name: String, over library: ChapterLibrary) throws -> TranslatedLibrary {
        let reader = SwordReader()
        let bible: SwordBible
        do {
            bible = try SwordBible(name, reader: reader)
        } catch let error as UnknownTranslation {
            throw Failure(error.description)
        } catch let error as SwordError {
            throw Failure(.unavailable, "--translation \(name): \(error.description)")
        }
        let store = library.store
        return TranslatedLibrary(
            base: library, bible: bible,
            hebrewVerse: { key in try store?.hebrewVerse(english: key) ?? nil },
            lettered: StrongsLexicon.LetteredNumbers(reader: reader))
    }
}
