import InterlinearCorpus

/// A Strong's entry's word study (issue 43) from the search tables: one indexed query for its words, a Greek number's
/// BSB renderings as the import counted them (`StudyTable`, one row; in a store without it, each word's alignment and
/// its verse's text joined in the same query and counted here), one lookup per entry its derivation names. Like a
/// search's counts per book, the places and renderings come from the indexes as they are, not checked against each
/// verse's checksum (that would read every chapter the word is in); every row is checked as data: a key that names no
/// chapter, a position past a verse's words, an alignment that is not a token of its verse, a field that is not clean
/// text or a study row changed since the import is a damaged store, refused in one line.
extension CorpusStore {
    /// The most entries a derivation's related words are looked up for (Strong's longest names five).
    static let maxRelated = 8

    /// The study of `entry`: its words (a Hebrew word counted once however many of its morphemes carry the number;
    /// a lettered Hebrew number counted only where it is the entry's, `LexiconEntry.isUnnumberedAffix`), their BSB
    /// renderings in the New Testament, and the entries its derivation names.
    package func study(of entry: LexiconEntry) throws -> WordStudy {
        var places: [WordOccurrence] = []
        var tally = RenderingTally()
        let greek = entry.language == .greek
        // A Greek number's renderings as the import counted them (`StudyTable`), else counted here from its words.
        var stored: [WordStudy.Rendering]?
        if greek {
            if studyStatement == nil { studyStatement = try database.prepare(StudyTable.select) }
            if let studyStatement {
                stored = try StudyTable.renderings(of: entry.number, in: studyStatement, path: path)
            }
        }
        let joined = greek && stored == nil
        let statement: Statement
        if greek {
            statement = try database.prepare(
                joined
                    ? """
                    SELECT word.verse, word.position, word.alignment, verse.translation FROM word
                    JOIN verse ON verse.id = word.verse
                    WHERE word.strongs_number = ?1 AND word.verse >= 40000000 ORDER BY word.verse, word.position
                    """
                    : """
                    SELECT verse, position FROM word
                    WHERE strongs_number = ?1 AND verse >= 40000000 ORDER BY verse, position
                    """)
            try statement.bind([entry.number])
        } else {
            // A lettered number is the entry's own homograph (H1254a) unless it is one of the Hebrew data's prefixes
            // and suffixes (H871a, "in"), which follow the last entry of a letter: then only the plain number is.
            let lettered = try lexiconEntry(strongs: entry.strongs + "a") != nil
            statement = try database.prepare(
                """
                SELECT DISTINCT verse, position FROM morpheme
                WHERE strongs_number = ?1 AND verse < 40000000\(lettered ? "" : " AND strongs = ?2")
                ORDER BY verse, position
                """)
            let values: [any StatementValue] = lettered ? [entry.number] : [entry.number, entry.strongs]
            try statement.bind(values)
        }
        while try statement.step() {
            let key = statement.int(0), position = statement.int(1)
            guard let book = Book.numbered(key / 1_000_000), key / 1000 % 1000 >= 1,
                (0..<CorpusLimits.maxWordsPerVerse).contains(position)
            else {
                throw StoreError.badRow(path: path, what: "a word row of \(entry.strongs) (verse key \(key))")
            }
            let place = WordOccurrence(
                chapter: ChapterReference(book: book, chapter: key / 1000 % 1000), verse: key % 1000,
                word: WordOffset(UInt16(position)))
            places.append(place)
            guard joined else { continue }
            try tally.add(
                alignment: statement.bytes(2), translation: statement.bytes(3), path: path,
                what: "the alignment of \(place.reference) word \(position + 1)",
                verse: "the translation of \(place.reference)")
        }
        let related = try entry.derivationNumbers.prefix(Self.maxRelated).compactMap { try lexiconEntry(strongs: $0) }
        return WordStudy(
            strongs: entry.strongs, places: places, translation: greek ? "BSB" : nil,
            renderings: stored ?? tally.renderings, related: related)
    }

    /// The English a word is aligned to: the tokens of `translation` (split at single spaces) its `alignment` names
    /// (offsets in decimal, separated by spaces), in the verse's order, each once, trimmed of what is not a letter or
    /// a digit at either end ("Word," → "Word"; letters and digits are Unicode's), joined by spaces; empty for a word aligned to nothing; nil when an
    /// offset is not a token of the verse.
    static func rendering(_ alignment: UnsafeBufferPointer<UInt8>, of translation: UnsafeBufferPointer<UInt8>)
        -> String?
    {
        // Plain loops over the bytes and scalars: `split`, `joined` and `Character` trimming instantiated generic
        // metadata at run time, a scan of the binary's conformance records, for a command this short (`define`).
        var offsets: [Int] = []
        var value = -1
        for index in 0...alignment.count {
            let byte = index < alignment.count ? alignment[index] : 0x20
            if byte == 0x20 {
                if value >= 0 { offsets.append(value) }
                value = -1
            } else {
                guard (0x30...0x39).contains(byte), value < 100_000 else { return nil }
                value = max(value, 0) * 10 + Int(byte - 0x30)
            }
        }
        guard !offsets.isEmpty else { return "" }
        offsets.sort()
        var text = ""
        var token = 0, start = 0, wanted = 0
        for index in 0...translation.count where index == translation.count || translation[index] == 0x20 {
            while wanted < offsets.count, offsets[wanted] < token { wanted += 1 }
            if wanted < offsets.count, offsets[wanted] == token {
                // ASCII ends are trimmed as bytes; a token with a non-ASCII end (“Word”) is trimmed by its scalars.
                var first = start, end = index
                while first < end, translation[first] < 0x80, !isLetterOrDigit(translation[first]) { first += 1 }
                while end > first, translation[end - 1] < 0x80, !isLetterOrDigit(translation[end - 1]) { end -= 1 }
                let bytes = UnsafeBufferPointer(rebasing: translation[first..<end])
                guard let lead = bytes.first, let tail = bytes.last, lead >= 0x80 || tail >= 0x80 else {
                    if !bytes.isEmpty {
                        if !text.isEmpty { text += " " }
                        text += String(decoding: bytes, as: UTF8.self)
                    }
                    token += 1
                    start = index + 1
                    continue
                }
                let word = String(decoding: bytes, as: UTF8.self)
                let scalars = word.unicodeScalars
                var low = scalars.startIndex, high = scalars.endIndex
                while low < high, !isLetterOrDigit(scalars[low]) { low = scalars.index(after: low) }
                while high > low, !isLetterOrDigit(scalars[scalars.index(before: high)]) {
                    high = scalars.index(before: high)
                }
                if low < high {
                    if !text.isEmpty { text += " " }
                    text += String(scalars[low..<high])
                }
            }
            token += 1
            start = index + 1
        }
        guard let last = offsets.last, last < token else { return nil }
        return text
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
