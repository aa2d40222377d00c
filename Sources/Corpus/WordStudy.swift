/// A Strong's entry's story in the Bible (issue 43): where its words are, how an English translation aligned to the
/// source renders them, and the entries its derivation names. The store gathers it (`CorpusStore.study`); `define`,
/// the reader and the web reader say or show it.
package struct WordStudy: Sendable, Equatable {
    /// One English rendering and how many of the entry's words it renders.
    package struct Rendering: Sendable, Equatable {
        package let text: String
        package let count: Int

        package init(text: String, count: Int) {
            self.text = text
            self.count = count
        }
    }

    /// The entry studied ("G3056").
    package let strongs: String
    /// Every word with the entry's number, in canonical order (verses numbered as the store numbers them: the Hebrew
    /// text's in the Old Testament).
    package let places: [WordOccurrence]
    /// The translation whose alignment gives `renderings` ("BSB"); nil where the store has no alignment of the
    /// entry's text (the Hebrew Old Testament's words are aligned to no English).
    package let translation: String?
    /// Each distinct rendering, most frequent first (equal counts in code point order).
    package let renderings: [Rendering]
    /// The entries the derivation names ("from G3004"), in its order, those without an entry left out.
    package let related: [LexiconEntry]

    package init(
        strongs: String, places: [WordOccurrence], translation: String?, renderings: [Rendering],
        related: [LexiconEntry]
    ) {
        self.strongs = strongs
        self.places = places
        self.translation = translation
        self.renderings = renderings
        self.related = related
    }

    /// How many of the words some English renders.
    package var rendered: Int { renderings.reduce(0) { $0 + $1.count } }

    /// The words per book, in canonical order, books without one left out.
    package var books: [(book: Book, count: Int)] {
        var counts: [(book: Book, count: Int)] = []
        for place in places {
            if counts.last?.book.number == place.chapter.book.number {
                counts[counts.count - 1].count += 1
            } else {
                counts.append((place.chapter.book, 1))
            }
        }
        return counts
    }
}

/// A word somewhere in the corpus: its chapter, verse number (as printed) and offset in the verse.
package struct WordOccurrence: Hashable, Sendable {
    package let chapter: ChapterReference
    package let verse: Int
    package let word: WordOffset

    package init(chapter: ChapterReference, verse: Int, word: WordOffset) {
        self.chapter = chapter
        self.verse = verse
        self.word = word
    }

    /// "John 1:1", as a reference is typed.
    package var reference: String { "\(chapter):\(verse)" }
    /// "John.1.1".
    package var osisRef: String { "\(chapter.osisID).\(verse)" }
}

extension LexiconEntry {
    /// The Strong's numbers the derivation names ("from G1 (as a negative particle) and G5087" → G1, G5087), as
    /// entry keys, in order, each once, the entry's own left out.
    package var derivationNumbers: [String] {
        // A scan of the bytes: `split` and `reversed` instantiated generic metadata at run time in `define`.
        var numbers: [String] = []
        let bytes = Array(derivation.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte >= 0x80
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x47 || byte == 0x48, index == 0 || !isLetterOrDigit(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index + 1, number = 0
            while end < bytes.count, end - index <= 6, (0x30...0x39).contains(bytes[end]) {
                number = number * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            // A word such as "Hebrew" is no number; "G3004", "H0433" and "H871a" are.
            let key = (byte == 0x47 ? "G" : "H") + String(number)
            if end > index + 1, number > 0, key != strongs, !numbers.contains(key) { numbers.append(key) }
            index = end
        }
        return numbers
    }

    /// The meaning up to its first ";" or ":" (Strong's separates senses with semicolons), else the King James
    /// list's: the short gloss a related word is shown with.
    package var firstSense: String {
        let definition = definition.isEmpty ? kjvUsage : definition
        return String(definition.prefix { $0 != ";" && $0 != ":" })
    }
}
