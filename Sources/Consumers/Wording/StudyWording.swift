import InterlinearAccessibility
import InterlinearCorpus

/// A word study's lines (issue 43), for the eye and a listener alike: `define`'s text and the reader's define key
/// say the same sentences. Counts are said as a listener counts them ("once", "twice", "330 times"; a word's place
/// from 1, "word 3"), books by their names, and nothing in Greek or Hebrew script is in a line meant for a voice
/// (`related(spoken:)`).
package enum StudyWording {
    /// How many renderings the text form lists before saying how many more there are.
    package static let renderingsListed = 12
    /// How many places the text form lists unless asked for all.
    package static let placesListed = 10

    /// "once", "twice", "330 times".
    package static func times(_ count: Int) -> String {
        count == 1 ? "once" : count == 2 ? "twice" : "\(count) times"
    }

    /// "Occurs 330 times in 24 books: Matthew 33, Mark 24, …" — "Occurs once, in Jude." for one book.
    package static func occurrences(_ study: WordStudy) -> String {
        let books = study.books
        guard let first = books.first else { return "Occurs in none of the store's chapters." }
        guard books.count > 1 else { return "Occurs \(times(study.places.count)), in \(first.book.name)." }
        let list = listed(books.map { "\($0.book.name) \($0.count)" }, separator: ", ")
        return "Occurs \(times(study.places.count)) in \(books.count) books: \(list)."
    }

    /// "Berean Standard Bible renderings: word 114 times, words 50 times, … and 78 others; 304 of the 330 words have
    /// English aligned." The translation by its name, which a voice says as words (it spells "BSB").
    /// At most `limit` renderings are named (all when nil). A Hebrew entry's words are aligned to no English in the
    /// store, and the line says so rather than nothing.
    package static func renderings(_ study: WordStudy, language: SourceLanguage, limit: Int? = renderingsListed)
        -> String
    {
        guard let translation = study.translation else {
            return "Renderings: not counted; the \(language == .hebrew ? "Hebrew" : "Greek") text is aligned to no "
                + "English translation in the store."
        }
        let name = translation == "BSB" ? "Berean Standard Bible" : translation
        guard !study.renderings.isEmpty else { return "\(name) renderings: none aligned." }
        let named = study.renderings.prefix(limit ?? study.renderings.count)
        var line = "\(name) renderings: "
        line += listed(named.map { "\($0.text) \(times($0.count))" }, separator: ", ")
        let others = study.renderings.count - named.count
        if others > 0 { line += others == 1 ? " and 1 other" : " and \(others) others" }
        line += "; \(study.rendered) of the \(study.places.count) words have English aligned."
        return line
    }

    /// "First 10 of 330 places: Matthew 5:37 word 3; …", or every place ("330 places: …") when `all`.
    package static func places(_ study: WordStudy, all: Bool) -> String {
        let count = study.places.count
        guard count > 0 else { return "" }
        let shown = all ? study.places[...] : study.places.prefix(placesListed)
        let list = listed(shown.map { "\($0.reference) word \(Int($0.word.rawValue) + 1)" }, separator: "; ")
        if shown.count == count { return count == 1 ? "1 place: \(list)." : "\(count) places: \(list)." }
        return "First \(shown.count) of \(count) places: \(list)."
    }

    /// The items one after another, `separator` between them. A loop, not `joined`: that generic call runs
    /// unspecialized, and its first use instantiated metadata at run time, a scan of the binary's conformance records
    /// (the `define` benchmark in Benchmarks/Thresholds); `define`'s text lists its lines and blocks with it too.
    package static func listed(_ items: [String], separator: String) -> String {
        var text = ""
        for index in items.indices {
            if index > 0 { text += separator }
            text += items[index]
        }
        return text
    }

    /// The reader's define key, first press: the count and the three most frequent renderings, after the brief
    /// entry ("Occurs 330 times. Berean Standard Bible renderings: word 114 times, words 50 times, message 29
    /// times."); a Hebrew entry's line says the count alone.
    package static func brief(_ study: WordStudy) -> String {
        let occurs =
            study.places.isEmpty ? "Occurs in none of the store's chapters." : "Occurs \(times(study.places.count))."
        guard study.translation != nil, !study.renderings.isEmpty else { return occurs }
        let top = study.renderings.prefix(3).map { "\($0.text) \(times($0.count))" }.joined(separator: ", ")
        return occurs + " Berean Standard Bible renderings: \(top)."
    }

    /// The reader's define key, second press: after the whole entry, the counts per book, the renderings and the
    /// related entries, as `define` words them, the related ones as a voice says them.
    package static func full(_ study: WordStudy, language: SourceLanguage) -> String {
        ([occurrences(study), renderings(study, language: language)] + related(study.related, spoken: true))
            .joined(separator: " ")
    }

    /// The study when the store refused one of its rows: why, in words a voice says.
    package static func unavailable(_ failure: String) -> String {
        "The word study could not be read: " + Speakable.english(failure) + "."
    }

    /// The entries the derivation names, one line each: "Related: G3004 λέγω, légō: to "lay" forth" for the eye
    /// (`define`'s text, which shows headwords in their script as its entries do); with `spoken`, the brief entry a
    /// voice says ("Related: Strong's G3004, lego: to lay forth."), no script in it.
    package static func related(_ entries: [LexiconEntry], spoken: Bool) -> [String] {
        entries.map { entry in
            if spoken { return "Related: " + DefinitionSpeech.brief([entry]).text }
            var line = entry.headword.isEmpty ? entry.strongs : "\(entry.strongs) \(entry.headword)"
            if !entry.transliteration.isEmpty { line += ", \(entry.transliteration)" }
            let sense = entry.firstSense.trimmingSpacesAndStops
            if !sense.isEmpty { line += ": \(sense)" }
            return "Related: " + line
        }
    }
}

extension String {
    /// The text without the spaces, commas and full stops Strong's leaves at a sense's ends.
    fileprivate var trimmingSpacesAndStops: String {
        var text = Substring(self)
        while let last = text.last, " ,.;".contains(last) { text.removeLast() }
        while let first = text.first, first == " " { text.removeFirst() }
        return String(text)
    }
}
