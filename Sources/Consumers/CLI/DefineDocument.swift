import Foundation
import InterlinearCorpus
import InterlinearWording

/// The `interlinear.define/2` document (Schemas/define-2.schema.json), and its text form: each query with the
/// lexicon entries it found, each with its word study (issue 43: where its words are, how the BSB renders them, the
/// entries its derivation names).
struct DefineDocument {
    /// The word a "John 1:1 w4" query named.
    struct Word {
        let osisRef: String
        let position: Int
        let reference: String
        let strongs: String
        let surface: String
    }

    struct Answer {
        let query: String
        /// "strongs", "headword" or "word".
        let kind: String
        let word: Word?
        let entries: [LexiconEntry]
        /// Each entry's study, in the order of `entries`.
        let studies: [WordStudy]
        /// A word's Strong's keys the lexicon has no entry for (Hebrew suffix numbers beyond H8674).
        let unresolved: [String]
    }

    static let schema = "interlinear.define/2"
    let answers: [Answer]
    /// The text lists every place of each entry, not the first few (`--occurrences`).
    var allPlaces = false

    /// The document, pretty-printed, keys sorted, ending with a line break (`JSONWriter`): each record names its
    /// keys once (below), and `SchemaDriftTests` holds them to `Schemas/define-2.schema.json`.
    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 4096 * answers.count + 64)
        json.object { json in
            json.key("queries"); json.records(answers)
            json.key("schema"); json.string(Self.schema)
        }
        return try json.finish()
    }

    /// Each entry as a short block of lines a screen reader reads in order: the number, headword, transliteration
    /// and pronunciation first, then the derivation, the meaning and the KJV's renderings, each on a line of its own;
    /// then its study as `StudyWording` words it: the occurrences per book, the BSB's renderings, the entries the
    /// derivation names, the places (the first few, or all).
    var text: String {
        var blocks: [String] = []
        for answer in answers {
            for (entry, study) in zip(answer.entries, answer.studies) {
                var lines: [String] = []
                if let word = answer.word {
                    lines.append("\(word.reference) word \(word.position): \(word.surface) (\(word.strongs))")
                }
                var head = entry.headword.isEmpty ? entry.strongs : "\(entry.strongs) \(entry.headword)"
                if !entry.transliteration.isEmpty { head += ", \(entry.transliteration)" }
                if !entry.pronunciation.isEmpty { head += ", pronounced \(entry.pronunciation)" }
                lines.append(head)
                if !entry.derivation.isEmpty { lines.append("Derivation: \(entry.derivation)") }
                if !entry.definition.isEmpty { lines.append("Meaning: \(entry.definition)") }
                if !entry.kjvUsage.isEmpty { lines.append("KJV: \(entry.kjvUsage)") }
                lines.append(StudyWording.occurrences(study))
                lines.append(StudyWording.renderings(study, language: entry.language))
                lines += StudyWording.related(study.related, spoken: false)
                let places = StudyWording.places(study, all: allPlaces)
                if !places.isEmpty { lines.append(places) }
                blocks.append(StudyWording.listed(lines, separator: "\n"))
            }
            if !answer.unresolved.isEmpty {
                blocks.append(
                    "No entry for \(StudyWording.listed(answer.unresolved, separator: ", ")) (\(answer.query)).")
            }
        }
        return StudyWording.listed(blocks, separator: "\n\n") + "\n"
    }
}

extension DefineDocument.Answer: JSONRecord {
    func write(into json: inout JSONWriter) {
        Record(
            entries: zip(entries, studies).map { StudiedEntry(entry: $0, study: $1) }, kind: kind, query: query,
            unresolved: unresolved, word: word
        ).write(into: &json)
    }

    /// The answer as the document writes it: its entries each with their study.
    private struct Record: JSONFields {
        let entries: [StudiedEntry]
        let kind: String
        let query: String
        let unresolved: [String]
        let word: DefineDocument.Word?
    }
}

extension DefineDocument.Word: JSONFields {}

/// A lexicon entry as the `define` document writes it — its language as a BCP 47 tag, its Strong's key with the
/// letter — with its study: every place (a reference that opens: "John 1:1" with the word's 1-based position), the
/// counts per book, the renderings with their counts, the related entries.
private struct StudiedEntry: JSONFields {
    let definition: String
    let derivation: String
    let headword: String
    let kjvUsage: String
    let language: String
    let number: Int
    let pronunciation: String
    let strongs: String
    let study: Study
    let text: String
    let transliteration: String

    init(entry: LexiconEntry, study: WordStudy) {
        definition = entry.definition
        derivation = entry.derivation
        headword = entry.headword
        kjvUsage = entry.kjvUsage
        language = entry.language.tag
        number = entry.number
        pronunciation = entry.pronunciation
        strongs = entry.strongs
        self.study = Study(study)
        text = entry.text
        transliteration = entry.transliteration
    }

    struct Study: JSONFields {
        let books: [BookCount]
        let occurrences: Int
        let places: [Place]
        let related: [Related]
        let rendered: Int
        let renderings: [Rendering]
        let translation: String?

        init(_ study: WordStudy) {
            books = study.books.map { BookCount(book: $0.book.name, count: $0.count, osis: $0.book.osis) }
            occurrences = study.places.count
            places = study.places.map {
                Place(osisRef: $0.osisRef, position: Int($0.word.rawValue) + 1, reference: $0.reference)
            }
            related = study.related.map {
                Related(
                    gloss: $0.firstSense, headword: $0.headword, strongs: $0.strongs,
                    transliteration: $0.transliteration)
            }
            rendered = study.rendered
            renderings = study.renderings.map { Rendering(count: $0.count, text: $0.text) }
            translation = study.translation
        }
    }

    struct BookCount: JSONFields {
        let book: String
        let count: Int
        let osis: String
    }

    struct Place: JSONFields {
        let osisRef: String
        let position: Int
        let reference: String
    }

    struct Related: JSONFields {
        let gloss: String
        let headword: String
        let strongs: String
        let transliteration: String
    }

    struct Rendering: JSONFields {
        let count: Int
        let text: String
    }
}
