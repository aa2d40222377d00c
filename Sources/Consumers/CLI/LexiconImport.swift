import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearSword

/// The lexicon step of `interlinear import`: SWORD's Strong's Greek and Hebrew dictionaries, read by libsword in the
/// reader's child process (`SwordReader`), into the store the import has just written. Each dictionary stands on
/// its own: without libsword or a module, a one-line warning says what to install; a damaged module is one line
/// naming it and its file, the other dictionary is still imported, and the import ends with exit 65.
enum LexiconImport {
    /// What the lexicon step did: the entries written, and the damage met (each reported once, as met).
    struct Outcome {
        var count: Int?
        var damaged: Set<String> = []
    }

    /// Reads both dictionaries and replaces the store's lexicon with what could be read.
    static func run(into store: URL, progress: ProgressBar, reader: SwordReader, outcome: inout Outcome) throws {
        var entries: [LexiconEntry] = []
        var versions: [(StrongsLexicon.Source, String)] = []
        progress.note("reading SWORD's Strong's dictionaries")
        for source in [StrongsLexicon.greek, StrongsLexicon.hebrew] {
            guard
                let read = read(
                    source, reader: reader, outcome: &outcome, what: "its entries are left out of the lexicon")
            else { continue }
            entries += read.entries
            versions.append((source, read.version))
        }
        guard !entries.isEmpty else { return }
        try StoreLexicon.write(entries, source: StrongsLexicon.provenance(versions), to: store)
        outcome.count = entries.count
    }

    /// Strong's Hebrew dictionary for the Hebrew words' lemmas; nil after a warning when SWORD or the module is
    /// missing or damaged (the chapters are then imported without lemmas).
    static func hebrewLexicon(reader: SwordReader, outcome: inout Outcome) -> Lexicon? {
        read(StrongsLexicon.hebrew, reader: reader, outcome: &outcome, what: "Hebrew words imported without lemmas")
            .map { Lexicon($0.entries) }
    }

    private static func read(
        _ source: StrongsLexicon.Source, reader: SwordReader, outcome: inout Outcome, what: String
    ) -> (entries: [LexiconEntry], version: String)? {
        do {
            return try StrongsLexicon.entries(source, reader: reader)
        } catch let damage as ModuleDamage {
            if outcome.damaged.insert(damage.description).inserted { reportError("\(damage.description) (\(what))") }
        } catch let error as SwordError {
            reportWarning("\(what): \(error.description)")
        } catch {
            reportWarning("\(what): \(error)")
        }
        return nil
    }
}
