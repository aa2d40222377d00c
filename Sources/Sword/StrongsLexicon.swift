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

    /// Every entry of `source`'s module, in key order, read in this process (the tests' way; the program reads
    /// through `SwordReader`); throws, naming the package, when it is not installed.
    package static func entries(_ source: Source, in library: SwordLibrary) throws -> [LexiconEntry] {
        guard let module = library.handle(source.module) else { throw notInstalled(source) }
        var raw: [(key: String, markup: String)] = []
        org_crosswire_sword_SWModule_begin(module)
        while org_crosswire_sword_SWModule_popError(module) == 0 {
            defer { org_crosswire_sword_SWModule_next(module) }
            raw.append(
                (
                    string(org_crosswire_sword_SWModule_getKeyText(module)),
                    string(org_crosswire_sword_SWModule_getRawEntry(module))
                ))
        }
        return try entries(source, raw)
    }

    /// Every entry of `source`'s module and its version, read by libsword in the reader's child process. Throws
    /// `SwordError` when libsword or the module is missing, `ModuleDamage` when the module is damaged, libsword
    /// fails on it, or it gives no entries.
    package static func entries(_ source: Source, reader: SwordReader) throws -> (
        entries: [LexiconEntry], version: String
    ) {
        let (version, raw) = try reader.lexicon(source.module)
        return (try entries(source, raw), version)
    }

    private static func notInstalled(_ source: Source) -> SwordError {
        SwordError("the SWORD module \(source.module) is not installed; install the Debian package \(source.package)")
    }

    /// The entries of a module's keys and markup. A key that is not a number (none in Debian's modules) and a key
    /// seen before (StrongsHebrew lists 02200 twice) are left out, so each number has one entry; a module that gives
    /// no entry, more keys that are not numbers than are, or more empty entries than not, is damaged (its settings
    /// made libsword read it as something else, or its text does not inflate).
    static func entries(_ source: Source, _ raw: [(key: String, markup: String)]) throws -> [LexiconEntry] {
        var entries: [LexiconEntry] = []
        var numbers = Set<Int>()
        var strange = 0, empty = 0
        for (key, markup) in raw {
            guard let number = Int(key), number > 0 else {
                strange += 1
                continue
            }
            guard numbers.insert(number).inserted else { continue }
            if markup.isEmpty { empty += 1 }
            entries.append(
                StrongsMarkup.entry(ModuleEncoding.repaired(markup), language: source.language, number: number))
        }
        guard !entries.isEmpty, strange <= entries.count else {
            throw ModuleDamage(
                module: source.module, file: nil,
                "gave \(entries.count) numbered entries of \(raw.count) (keys that are not Strong's numbers: \(strange))"
            )
        }
        // libsword gives an empty text for an entry whose block does not inflate.
        guard empty * 2 <= entries.count else {
            throw ModuleDamage(
                module: source.module, file: nil,
                "gave \(empty) of its \(entries.count) entries without text (its compressed text does not inflate)")
        }
        return entries
    }

    /// The modules' versions as their `.conf` files give them, e.g. "StrongsGreek 3.0": where the lexicon came from.
    public static func provenance(_ versions: [(Source, String)]) -> String {
        versions.map { source, version in version.isEmpty ? source.module : "\(source.module) \(version)" }
            .joined(separator: ", ")
    }
}

extension StrongsLexicon {
    /// Whether a lettered Hebrew number ("H1254a") stands for its base's entry, by the rule the store's lookups
    /// follow (`LexiconEntry.isUnnumberedAffix`: H871a, the prefix "in", is not H871), asked of StrongsHebrew
    /// through the reader — so aligning a SWORD Bible needs no lexicon in the store. False when the module is not
    /// installed (the morpheme then stays unaligned); a damaged module is kept in `failure` for the caller to report.
    /// Each base number is read once.
    public final class LetteredNumbers {
        private let reader: SwordReader
        private var known: [Int: Bool] = [:]
        private var missing = false
        /// The first `ModuleDamage` met: the alignment went on without the module.
        public private(set) var failure: (any Error)?

        public init(reader: SwordReader) { self.reader = reader }

        public func resolves(_ number: String) -> Bool {
            guard number.first == "H", number.last?.isLetter == true,
                let base = Int(number.dropFirst().prefix { $0.isNumber })
            else { return false }
            if let found = known[base] { return found }
            let found =
                entry(base).map { !LexiconEntry.isUnnumberedAffix(number, base: $0, next: entry(base + 1)) } ?? false
            known[base] = found
            return found
        }

        private func entry(_ number: Int) -> LexiconEntry? {
            guard !missing, failure == nil, (1...99_999).contains(number) else { return nil }
            let key = String(repeating: "0", count: max(0, 5 - String(number).count)) + String(number)
            do {
                let found = try reader.entry(hebrew.module, key: key)
                // A missing number snaps to the nearest entry, whose key then differs.
                guard found.key == key else { return nil }
                return StrongsMarkup.entry(ModuleEncoding.repaired(found.markup), language: .hebrew, number: number)
            } catch is SwordError {
                missing = true
            } catch {
                failure = error
            }
            return nil
        }
    }
}
