import CSword
import InterlinearCorpus

/// A Bible module installed for SWORD (Debian's `sword-text-kjv` is engKJV2006eb, abbreviated KJV; `sword-text-web`
/// is engWEB2015eb, WEB; a user's modules are in ~/.sword), read verse by verse through the reader's child process
/// (`SwordReader`) in the module's own versification (KJV's for both Debian modules).
public final class SwordBible {
    /// The module's name ("engKJV2006eb").
    public let name: String
    /// What the user may call it: its `Abbreviation` ("KJV"), else its name.
    public let abbreviation: String
    /// Where the text comes from, for credits: "King James Version (KJV), SWORD module engKJV2006eb, Public Domain"
    /// (the module's `Description` and `DistributionLicense`).
    public let credit: String
    private let reader: SwordReader

    /// An installed Bible module by name or abbreviation, without regard to case. Throws `SwordError` without
    /// libsword, `UnknownTranslation` (listing the installed Bibles) for a name no Bible module has,
    /// `ModuleDamage` when the library cannot be opened.
    public init(_ requested: String, reader: SwordReader) throws {
        let bibles = try reader.bibles()
        let folded = requested.lowercased()
        guard
            let found = bibles.first(where: {
                $0.name.lowercased() == folded || $0.abbreviation.lowercased() == folded
            })
        else {
            throw UnknownTranslation(
                requested: requested, installed: bibles.map { $0.abbreviation.isEmpty ? $0.name : $0.abbreviation })
        }
        self.reader = reader
        name = found.name
        abbreviation = found.abbreviation.isEmpty ? found.name : found.abbreviation
        credit =
            (found.description.isEmpty ? name : found.description) + " (\(abbreviation)), SWORD module \(name)"
            + (found.licence.isEmpty ? "" : ", " + found.licence)
    }

    /// One verse of the module: its number and words, with the words of a title SWORD stores with it (a psalm's).
    public struct Verse: Sendable {
        public let number: Int
        package let title: [TranslationWord]
        package let words: [TranslationWord]
    }

    /// Every verse of each of `chapters` of `book` as the module numbers them, by chapter (a chapter the module's
    /// versification lacks is absent). Verses the module leaves empty are left out. Throws `ModuleDamage` when the
    /// module is damaged or libsword fails reading it.
    public func verses(of book: Book, chapters: [Int]) throws -> [Int: [Verse]] {
        var found: [Int: [Verse]] = [:]
        for (chapter, number, markup) in try reader.verses(name, book: book.osis, chapters: chapters.filter { $0 > 0 })
        {
            let words = OSISVerse.words(markup)
            guard !words.text.isEmpty || !words.title.isEmpty else { continue }
            found[chapter, default: []].append(
                Verse(
                    number: number, title: Array(words.title.prefix(Self.maxWords)),
                    words: Array(words.text.prefix(Self.maxWords))))
        }
        return found
    }

    /// More words than a verse may hold (`InterlinearCorpus.Verse.maxTranslationTokens`) are cut: a module is a file
    /// on disk.
    static let maxWords = InterlinearCorpus.Verse.maxTranslationTokens / 2
}

/// A Bible module read through libsword in the reader's child process.
enum LibswordBible {
    /// No chapter of any versification has more (Psalm 119 has 176).
    static let maxVerse = 999

    /// The markup of every verse of `chapter` of the book `osis` ("John"), by verse number (none when the module's
    /// versification has no such chapter).
    static func verses(of module: Int, book osis: String, chapter: Int) -> [(Int, String)] {
        guard chapter > 0 else { return [] }
        org_crosswire_sword_SWModule_setKeyText(module, "\(osis).\(chapter).1")
        // [testament, book, chapter, verse, chapterMax, verseMax, bookName, osisRef] (flatapi.h).
        guard let children = org_crosswire_sword_SWModule_getKeyChildren(module) else { return [] }
        var fields: [String] = []
        var cursor = children
        while fields.count < 8, let field = cursor.pointee {
            fields.append(String(cString: field))
            cursor += 1
        }
        guard fields.count == 8, fields[7].hasPrefix("\(osis).\(chapter)."), let count = Int(fields[5]),
            (1...maxVerse).contains(count)
        else { return [] }
        return (1...count).map { number in
            org_crosswire_sword_SWModule_setKeyText(module, "\(osis).\(chapter).\(number)")
            return (number, string(org_crosswire_sword_SWModule_getRawEntry(module)))
        }
    }
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
