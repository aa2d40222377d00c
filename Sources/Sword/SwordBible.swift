import CSword
import InterlinearCorpus

/// A Bible module installed for SWORD (Debian's `sword-text-kjv` is engKJV2006eb, abbreviated KJV; `sword-text-web`
/// is engWEB2015eb, WEB; a user's modules are in ~/.sword), read verse by verse through libsword in the module's
/// own versification (KJV's for both Debian modules).
public final class SwordBible {
    /// The module's name ("engKJV2006eb").
    public let name: String
    /// What the user may call it: its `Abbreviation` ("KJV"), else its name.
    public let abbreviation: String
    // The library owns the module: kept alive with it.
    private let library: SwordLibrary
    private let module: Int

    /// An installed Bible module by name or abbreviation, without regard to case. Throws `SwordError` without
    /// libsword, `UnknownTranslation` (listing the installed Bibles) for a name no Bible module has.
    public init(_ requested: String, in library: SwordLibrary) throws {
        let bibles = library.modules.filter { $0.category == "Biblical Texts" }
        func abbreviation(_ name: String) -> String {
            library.handle(name).map { string(org_crosswire_sword_SWModule_getConfigEntry($0, "Abbreviation")) } ?? ""
        }
        let folded = requested.lowercased()
        guard
            let found = bibles.first(where: {
                $0.name.lowercased() == folded || abbreviation($0.name).lowercased() == folded
            }),
            let module = library.handle(found.name)
        else {
            throw UnknownTranslation(
                requested: requested,
                installed: bibles.map { abbreviation($0.name).isEmpty ? $0.name : abbreviation($0.name) })
        }
        self.library = library
        self.module = module
        name = found.name
        let short = abbreviation(found.name)
        self.abbreviation = short.isEmpty ? found.name : short
    }

    /// Where the text comes from, for credits: "King James Version (KJV), SWORD module engKJV2006eb, Public Domain"
    /// (the module's `Description` and `DistributionLicense`).
    public var credit: String {
        let description = string(org_crosswire_sword_SWModule_getConfigEntry(module, "Description"))
        let licence = string(org_crosswire_sword_SWModule_getConfigEntry(module, "DistributionLicense"))
        return (description.isEmpty ? name : description) + " (\(abbreviation)), SWORD module \(name)"
            + (licence.isEmpty ? "" : ", " + licence)
    }

    /// One verse of the module: its number and words, with the words of a title SWORD stores with it (a psalm's).
    public struct Verse: Sendable {
        public let number: Int
        public let title: [TranslationWord]
        public let words: [TranslationWord]
    }

    /// Every verse of `chapter` of `book` as the module numbers them (empty when the module's versification has no
    /// such chapter). Verses the module leaves empty are left out.
    public func verses(of book: Book, chapter: Int) -> [Verse] {
        guard chapter > 0 else { return [] }
        org_crosswire_sword_SWModule_setKeyText(module, "\(book.osis).\(chapter).1")
        // [testament, book, chapter, verse, chapterMax, verseMax, bookName, osisRef] (flatapi.h).
        guard let children = org_crosswire_sword_SWModule_getKeyChildren(module) else { return [] }
        var fields: [String] = []
        var cursor = children
        while fields.count < 8, let field = cursor.pointee {
            fields.append(String(cString: field))
            cursor += 1
        }
        guard fields.count == 8, fields[7].hasPrefix("\(book.osis).\(chapter)."), let count = Int(fields[5]),
            (1...Verse.maxNumber).contains(count)
        else { return [] }
        var verses: [Verse] = []
        for number in 1...count {
            org_crosswire_sword_SWModule_setKeyText(module, "\(book.osis).\(chapter).\(number)")
            let words = OSISVerse.words(string(org_crosswire_sword_SWModule_getRawEntry(module)))
            guard !words.text.isEmpty || !words.title.isEmpty else { continue }
            verses.append(
                Verse(
                    number: number, title: Array(words.title.prefix(Self.maxWords)),
                    words: Array(words.text.prefix(Self.maxWords))))
        }
        return verses
    }

    /// More words than a verse may hold (`InterlinearCorpus.Verse.maxTranslationTokens`) are cut: a module is a file
    /// on disk.
    static let maxWords = InterlinearCorpus.Verse.maxTranslationTokens / 2
}

extension SwordBible.Verse {
    /// No chapter of any versification has more (Psalm 119 has 176).
    static let maxNumber = 999
}

/// `--translation` named no installed Bible: one line listing those that are (the CLI exits 64, usage).
public struct UnknownTranslation: Error, CustomStringConvertible, Sendable {
    public let requested: String
    public let installed: [String]
    public var description: String {
        "unknown translation \"\(requested)\"; the translations are BSB"
            + installed.map { ", \($0)" }.joined()
            + " (SWORD Bible modules installed in /usr/share/sword or ~/.sword)"
    }
}
