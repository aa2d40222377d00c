import Foundation
import InterlinearCorpus
import Testing

/// Columns of the downloaded package's tables, read the plain way (split on bytes, not through the importer), as
/// an independent reference for what the importer and the store give. Splitting 11 MB by `Character` (grapheme
/// clusters) took tens of seconds in a debug build; on bytes it takes a fraction of that.
public enum SourceColumns {
    /// The rows of a TSV file (header skipped), each holding the named columns in the order asked; rows with too
    /// few fields are left out. Throws when the file cannot be read or lacks a column.
    public static func rows(of file: URL, columns names: [String]) throws -> [[String]] {
        let bytes = [UInt8](try Data(contentsOf: file))
        var result: [[String]] = []
        var wanted: [Int] = []
        var fields: [Range<Int>] = []
        var start = 0, lineStart = 0, first = true
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A || bytes[i] == 0x09 {
            var end = i
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            fields.append(start..<end)
            start = i + 1
            guard i == bytes.count || bytes[i] == 0x0A else { continue }
            defer { fields.removeAll(keepingCapacity: true); lineStart = i + 1 }
            if i == lineStart { continue }  // an empty line
            let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
            if first {
                first = false
                let header = fields.map(text)
                wanted = try names.map { name in
                    guard let index = header.firstIndex(of: name) else {
                        throw CocoaError(
                            .fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file.path, "column": name])
                    }
                    return index
                }
                continue
            }
            guard wanted.allSatisfy({ $0 < fields.count }) else { continue }
            result.append(wanted.map { text(fields[$0]) })
        }
        return result
    }

    /// One morpheme of the WLC source (`SourceData.hebrewFile`): its Strong's number as the product says it ("0871a"
    /// is "H871a": the letter H, the number without its leading zeros, the letter kept; empty without one), its
    /// gloss and its part of speech, as the file gives them.
    public typealias HebrewMorpheme = (strongs: String, gloss: String, pos: String)

    /// The WLC source file `hebrewWords` reads.
    public static var hebrewFile: URL { SourceData.hebrewDirectory().appendingPathComponent(SourceData.hebrewFile) }

    /// The trait of a test that reads `hebrewWords`: skipped with the reason where the file is missing, except
    /// under CI, where its absence is a failure.
    public static var needsHebrewSource: ConditionTrait {
        .enabled(
            if: SystemTool.isCI || FileManager.default.fileExists(atPath: hebrewFile.path),
            "needs the WLC source data (scripts/setup downloads it)")
    }

    /// The morphemes of a Hebrew chapter's words from the source, grouped by word (an identifier's first 11 digits)
    /// in order: `chapter` is the identifiers' book and chapter ("01001" is Genesis 1). Throws when the source was not
    /// downloaded: tests that call it carry `needsHebrewSource`.
    public static func hebrewWords(chapter: String) throws -> [[HebrewMorpheme]] {
        let file = hebrewFile
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CorpusError(file: file.path, line: nil, "the WLC source data is missing (scripts/setup downloads it)")
        }
        var words: [[HebrewMorpheme]] = []
        var current = ""
        // In identifier order, the text's: the file lists some verses' rows in the English alignment's order.
        let chapterRows = try rows(of: file, columns: ["identifier", "strongs", "gloss", "pos"]).filter {
            $0[0].hasPrefix(chapter)
        }
        for row in chapterRows.enumerated().sorted(by: { ($0.element[0], $0.offset) < ($1.element[0], $1.offset) })
            .map(\.element)
        {
            let digits = row[1].drop { $0 == "0" }
            let morpheme = (strongs: row[1].isEmpty ? "" : "H" + digits, gloss: row[2], pos: row[3])
            if row[0].prefix(11) == current {
                words[words.count - 1].append(morpheme)
            } else {
                words.append([morpheme])
            }
            current = String(row[0].prefix(11))
        }
        return words
    }

    /// The downloaded bible-alignments 0.4.2 `sources/SBLGNT.tsv`, if scripts/setup fetched it.
    public static var sblgnt: URL? {
        SharedStore.sourceDirectory?.appendingPathComponent("sources/SBLGNT.tsv")
    }
}
