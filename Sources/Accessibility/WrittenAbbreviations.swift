import InterlinearCorpus

/// The abbreviations of English prose written for the eye (a commentator's "A.D. 97", "ch. 21:22", "Mt 5:3",
/// "ver. 3", "D.D.", "i.e.") worded for a listener: an English voice spells what it cannot read as a word, letter
/// by letter ("C H", "M T", "A D"). A book's abbreviation before a chapter becomes the reference as every listener
/// hears one (`Speakable.reference`: "Matthew five, verse three"), its book found by `Book.named`, the project's
/// one table of book names; "ch." and "ver." before a number become "chapter" and "verse"; a range "1-5" is said
/// "1 to 5"; the dotted abbreviations of Latin, degrees and the testaments become their words. Everything else is
/// left as printed: it is the commentator's text.
package enum WrittenAbbreviations {
    /// `text` (words separated by single spaces, as `CommentaryMarkup` makes a paragraph) with its abbreviations in
    /// words.
    package static func said(_ text: String) -> String {
        let words = text.split(separator: " ").map(Word.init)
        var said: [String] = []
        said.reserveCapacity(words.count)
        var index = 0
        while index < words.count {
            let (phrase, used) = phrase(at: index, in: words)
            said.append(phrase)
            index += used
        }
        return said.joined(separator: " ")
    }

    /// The words for the abbreviation that starts at `words[index]` (or the word as printed) and how many words it
    /// takes.
    private static func phrase(at index: Int, in words: [Word]) -> (String, Int) {
        let word = words[index]
        let next = index + 1 < words.count ? words[index + 1] : nil
        let third = index + 2 < words.count ? words[index + 2] : nil
        // "A. D.": initials printed apart are one abbreviation.
        if let next, word.core.count == 2, next.core.count == 2, word.core.last == ".", next.core.last == ".",
            word.trail.isEmpty, next.lead.isEmpty, let said = dotted[word.core + next.core]
        {
            return (word.lead + said + next.trail, 2)
        }
        if let said = dotted[word.core] ?? undotted[word.core] ?? initials(word.core) {
            return (word.lead + said + word.trail, 1)
        }
        // "1 Cor. 13:4": a numbered book's number printed before its name.
        if let next, let third, ["1", "2", "3"].contains(word.core), word.trail.isEmpty, next.lead.isEmpty,
            next.trail.isEmpty, third.lead.isEmpty, let book = book(word.core + " " + next.core),
            let reference = Reference(third.core)
        {
            return (word.lead + reference.said(in: book) + third.trail, 3)
        }
        if let next, word.trail.isEmpty, next.lead.isEmpty, let reference = Reference(next.core) {
            if let book = book(word.core), reference.verse != nil || !englishWords.contains(word.core.lowercased()) {
                return (word.lead + reference.said(in: book) + next.trail, 2)
            }
            if let name = division[word.core.lowercased()] {
                return (word.lead + reference.said(as: name) + next.trail, 2)
            }
        }
        // "v.3": the abbreviation and the number printed together.
        if let dot = word.core.firstIndex(of: "."), dot != word.core.startIndex,
            let name = division[String(word.core[...dot]).lowercased()],
            let reference = Reference(String(word.core[word.core.index(after: dot)...]))
        {
            return (word.lead + reference.said(as: name) + word.trail, 1)
        }
        if let range = Reference(word.core), range.verse == nil, let last = range.last {
            return (word.lead + "\(range.chapter) to \(last)" + (range.stop ? "." : "") + word.trail, 1)
        }
        return (word.printed, 1)
    }

    /// The book an abbreviation names ("Mt", "Rom.", "1 Cor."), not a word that only looks like one.
    private static func book(_ abbreviation: String) -> Book? {
        guard let first = abbreviation.unicodeScalars.first, first.properties.isUppercase || first.value < 0x3A,
            abbreviation.dropLast().allSatisfy({ $0.isLetter || $0 == " " || $0.isNumber }),
            abbreviation.last?.isLetter == true || abbreviation.last == "."
        else { return nil }
        return Book.named(abbreviation)
    }

    /// Abbreviations of books that are English words too ("Is", "Am", "He", "So"): a book only before a chapter
    /// and a verse ("Is 53:5"), never before a number alone ("He 12 times").
    private static let englishWords: Set<String> = [
        "is", "am", "so", "he", "ex", "act", "be", "do", "re", "la", "na", "ne", "es", "mi", "ho", "da", "ti", "ga",
        "ob", "pp", "jon", "pro", "mar", "joe", "job", "song", "mark", "acts",
    ]

    /// What a division's abbreviation before its number says.
    private static let division: [String: String] = [
        "ch.": "chapter", "chap.": "chapter", "ver.": "verse", "v.": "verse", "vs.": "verse", "vv.": "verses",
        "vers.": "verses", "ch": "chapter",
    ]

    /// Dotted abbreviations, as printed, and their words: Latin, the degrees and fellowships after an author's name,
    /// the versions of the Bible a commentator compares.
    private static let dotted: [String: String] = [
        "A.D.": "Anno Domini", "B.C.": "before Christ", "D.D.": "Doctor of Divinity", "LL.D.": "Doctor of Laws",
        "M.A.": "Master of Arts", "N.T.": "New Testament", "O.T.": "Old Testament", "i.e.": "that is", "i.e": "that is",
        "e.g.": "for example", "e.g": "for example", "viz.": "namely", "cf.": "compare", "Cf.": "compare",
        "ibid.": "in the same place",
        "Ibid.": "in the same place", "MS.": "manuscript", "MSS.": "manuscripts", "&c.": "and so on",
        "pp.": "pages", "q.d.": "as if to say", "sq.": "and following", "seq.": "and following",
        "a.m.": "in the morning", "p.m.": "in the afternoon", "Bp.": "Bishop", "Sr.": "Senior",
        "B.D.": "Bachelor of Divinity", "A.M.": "Master of Arts", "L.L.D.": "Doctor of Laws",
        "LL.B.": "Bachelor of Laws", "L.L.B.": "Bachelor of Laws", "M.D.": "Doctor of Medicine",
        "Ph.D.": "Doctor of Philosophy", "F.R.S.": "Fellow of the Royal Society",
        "F.R.G.S.": "Fellow of the Royal Geographical Society", "F.L.S.": "Fellow of the Linnean Society",
        "F.A.S.": "Fellow of the Society of Antiquaries", "A.V.": "Authorised Version", "E.V.": "English Version",
        "P.B.V.": "Prayer Book Version", "C.H.S.": "Charles Haddon Spurgeon",
    ]

    /// Abbreviations printed without points: the Septuagint's numeral, manuscripts, pages.
    private static let undotted: [String: String] = [
        "LXX": "Septuagint", "MS": "manuscript", "MSS": "manuscripts", "pp": "pages",
    ]

    /// A name's initials ("J.F.", "W.B.H.", "C.A.D.", which Spurgeon's Treasury signs its contributors' notes with)
    /// said as initials, each letter a word of its own ("J. F."), as a reader says them: run together ("JF") a
    /// voice reads them as one word it cannot say. Nil for anything else.
    private static func initials(_ core: String) -> String? {
        let letters = core.split(separator: ".", omittingEmptySubsequences: false)
        let printed = letters.last?.isEmpty == true ? letters.dropLast() : letters[...]
        guard printed.count >= 2,
            printed.allSatisfy({ $0.count == 1 && $0.first!.isASCII && $0.first!.isUppercase })
        else { return nil }
        return printed.map { $0 + "." }.joined(separator: " ")
    }

    /// A word as printed: what opens it ("("), its core, what closes it (",", ");").
    private struct Word {
        let lead: String, core: String, trail: String
        var printed: String { lead + core + trail }

        init(_ word: Substring) {
            let openers: Set<Character> = ["(", "[", "\"", "'", "“", "‘", "—"]
            let closers: Set<Character> = [",", ";", ":", ")", "]", "\"", "'", "”", "’", "!", "?"]
            let head = word.prefix { openers.contains($0) }
            let rest = word.dropFirst(head.count)
            var end = rest.endIndex
            while end > rest.startIndex, closers.contains(rest[rest.index(before: end)]) {
                end = rest.index(before: end)
            }
            lead = String(head)
            core = String(rest[..<end])
            trail = String(rest[end...])
        }
    }

    /// A chapter, or chapter and verse, as printed after a book or a division: "5", "5:3", "5:3-12", "1-5", "3.".
    private struct Reference {
        let chapter: Int
        let verse: Int?
        /// The end of a range ("-12").
        let last: Int?
        /// A full stop after it (the sentence's end).
        let stop: Bool

        init?(_ text: String) {
            var text = Substring(text)
            stop = text.last == "."
            if stop { text = text.dropLast() }
            func number(_ part: Substring) -> Int? {
                part.count <= 4 && !part.isEmpty && part.allSatisfy(\.isASCII) ? Int(part) : nil
            }
            let range = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            let start = range[0].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let chapter = number(start[0]) else { return nil }
            self.chapter = chapter
            if start.count == 2 {
                guard let verse = number(start[1]) else { return nil }
                self.verse = verse
            } else {
                verse = nil
            }
            if range.count == 2 {
                guard let last = number(range[1]) else { return nil }
                self.last = last
            } else {
                last = nil
            }
        }

        /// "Matthew five, verse three", "Psalms twenty three", "Matthew five, verses three to twelve".
        func said(in book: Book) -> String {
            let reference = ChapterReference(book: book, chapter: chapter)
            guard let verse else {
                return Speakable.reference(reference) + (last.map { " to " + Speakable.number($0) } ?? "")
                    + (stop ? "." : "")
            }
            let verses = last.map { "s " + Speakable.number(verse) + " to " + Speakable.number($0) }
            let said =
                verses.map { "\(Speakable.book(book)) \(Speakable.number(chapter)), verse" + $0 }
                ?? Speakable.reference(reference, verse: verse)
            return said + (stop ? "." : "")
        }

        /// "chapter twenty one, verse twenty two", "verse three", "verses three to five".
        func said(as division: String) -> String {
            var said = "\(division) \(Speakable.number(chapter))"
            if let verse { said += ", verse \(Speakable.number(verse))" }
            if let last { said += " to \(Speakable.number(last))" }
            return said + (stop ? "." : "")
        }
    }
}
