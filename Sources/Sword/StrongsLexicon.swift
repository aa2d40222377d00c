import CSword
import InterlinearCorpus

/// Reads SWORD's two Strong's dictionaries, StrongsGreek and StrongsHebrew (Debian: sword-dict-strongs-greek and
/// sword-dict-strongs-hebrew), entry by entry through libsword: the lexicon `interlinear import` puts in the store.
public enum StrongsLexicon {
    /// A dictionary module and the Debian package that installs it.
    public struct Source: Sendable {
        public let module: String
        public let package: String
        public let language: SourceLanguage
    }

    public static let greek = Source(module: "StrongsGreek", package: "sword-dict-strongs-greek", language: .greek)
    public static let hebrew = Source(module: "StrongsHebrew", package: "sword-dict-strongs-hebrew", language: .hebrew)

    /// Every entry of `source`'s module, in key order; throws, naming the package, when it is not installed.
    ///
    /// The module is walked from its first key to its last (libsword reports the end through popError). A key that
    /// is not a number (none in Debian's modules) and a key seen before (StrongsHebrew lists 02200 twice) are left
    /// out, so each number has one entry.
    public static func entries(_ source: Source, in library: SwordLibrary) throws -> [LexiconEntry] {
        guard let module = library.handle(source.module) else {
            throw SwordError(
                "the SWORD module \(source.module) is not installed; install the Debian package \(source.package)")
        }
        var entries: [LexiconEntry] = []
        var numbers = Set<Int>()
        org_crosswire_sword_SWModule_begin(module)
        while org_crosswire_sword_SWModule_popError(module) == 0 {
            defer { org_crosswire_sword_SWModule_next(module) }
            let key = string(org_crosswire_sword_SWModule_getKeyText(module))
            guard let number = Int(key), number > 0, numbers.insert(number).inserted else { continue }
            let markup = ModuleEncoding.repaired(string(org_crosswire_sword_SWModule_getRawEntry(module)))
            entries.append(StrongsMarkup.entry(markup, language: source.language, number: number))
        }
        return entries
    }

    /// The modules' versions as their `.conf` files give them, e.g. "StrongsGreek 3.0": where the lexicon came from.
    public static func provenance(in library: SwordLibrary) -> String {
        [greek, hebrew].map { source in
            let version =
                library.handle(source.module).map {
                    string(org_crosswire_sword_SWModule_getConfigEntry($0, "Version"))
                } ?? ""
            return version.isEmpty ? source.module : "\(source.module) \(version)"
        }.joined(separator: ", ")
    }
}

extension StrongsLexicon {
    /// Whether a lettered Hebrew number ("H1254a") stands for its base's entry, by the rule the store's lookups
    /// follow (`LexiconEntry.isUnnumberedAffix`: H871a, the prefix "in", is not H871), asked of StrongsHebrew
    /// through libsword — so aligning a SWORD Bible needs no lexicon in the store. False when the module is not
    /// installed (the morpheme then stays unaligned). Each base number is read once.
    public static func resolver(in library: SwordLibrary) -> (String) -> Bool {
        let module = library.handle(hebrew.module)
        var known: [Int: Bool] = [:]
        func entry(_ number: Int) -> LexiconEntry? {
            guard let module else { return nil }
            let key = String(repeating: "0", count: max(0, 5 - String(number).count)) + String(number)
            org_crosswire_sword_SWModule_setKeyText(module, key)
            // The entry first: until it is read, getKeyText still gives the key before (a missing number snaps to
            // the nearest entry, whose key then differs).
            let markup = ModuleEncoding.repaired(string(org_crosswire_sword_SWModule_getRawEntry(module)))
            guard string(org_crosswire_sword_SWModule_getKeyText(module)) == key else { return nil }
            return StrongsMarkup.entry(markup, language: .hebrew, number: number)
        }
        return { number in
            _ = library  // the module lives as long as its library
            guard number.first == "H", number.last?.isLetter == true,
                let base = Int(number.dropFirst().prefix { $0.isNumber })
            else { return false }
            if let found = known[base] { return found }
            let found =
                entry(base).map { !LexiconEntry.isUnnumberedAffix(number, base: $0, next: entry(base + 1)) } ?? false
            known[base] = found
            return found
        }
    }
}
