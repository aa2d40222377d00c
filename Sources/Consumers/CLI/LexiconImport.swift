import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearSword

/// The lexicon step of `interlinear import`: SWORD's Strong's Greek and Hebrew dictionaries, read through libsword,
/// into the store the import has just written. Without libsword or the modules, the import still stands and a
/// one-line warning says what to install (`define` then says the store has no lexicon).
enum LexiconImport {
    /// Reads both dictionaries and replaces the store's lexicon with them; returns the count written, or nil after
    /// a warning when SWORD or a module is missing.
    @discardableResult
    static func run(into store: URL, progress: ProgressBar) -> Int? {
        do {
            let library = try SwordLibrary()
            progress.note("reading SWORD's Strong's dictionaries (libsword \(library.version))")
            let entries =
                try StrongsLexicon.entries(StrongsLexicon.greek, in: library)
                + StrongsLexicon.entries(StrongsLexicon.hebrew, in: library)
            try StoreLexicon.write(entries, source: StrongsLexicon.provenance(in: library), to: store)
            return entries.count
        } catch let error as SwordError {
            reportWarning("no lexicon imported: \(error.description)")
            return nil
        } catch {
            reportWarning("no lexicon imported: \(error)")
            return nil
        }
    }

    /// Strong's Hebrew dictionary for the Hebrew words' lemmas; nil after a warning when SWORD or the module is
    /// missing (the chapters are then imported without lemmas).
    static func hebrewLexicon() -> Lexicon? {
        do {
            return Lexicon(try StrongsLexicon.entries(StrongsLexicon.hebrew, in: SwordLibrary()))
        } catch {
            reportWarning("Hebrew words imported without lemmas: \(error)")
            return nil
        }
    }
}
