import Foundation
import InterlinearCorpus
import InterlinearWording

/// The `interlinear.define/2` document (Schemas/define-2.schema.json), and its text form: each query with the
/// lexicon entries it found, each with its word study (issue 43: where its words are, how the BSB renders them, the
/// entries its derivation names).
struct DefineDocument {
    /// The word a "John 1:1 w4" query named.
    struct Word {
        let reference: String
        let osisRef: String
        let position: Int
        let surface: String
        let strongs: String
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
        json.object { json in
            json.key("entries"); json.records(zip(entries, studies).map { StudiedEntry(entry: $0, study: $1) })
            json.key("kind"); json.string(kind)
            json.key("query"); json.string(query)
            json.key("unresolved")
            json.array { json in
                for key in unresolved { json.string(key) }
            }
            json.key("word"); json.record(word)
        }
    }
}

extension DefineDocument.Word: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("osisRef"); json.string(osisRef)
            json.key("position"); json.number(position)
            json.key("reference"); json.string(reference)
            json.key("strongs"); json.string(strongs)
            json.key("surface"); json.string(surface)
        }
    }
}

/// A lexicon entry as the `define` document writes it — its language as a BCP 47 tag, its Strong's key with the
/// letter — with its study.
struct StudiedEntry: JSONRecord {
    let entry: LexiconEntry
    let study: WordStudy

    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("definition"); json.string(entry.definition)
            json.key("derivation"); json.string(entry.derivation)
            json.key("headword"); json.string(entry.headword)
            json.key("kjvUsage"); json.string(entry.kjvUsage)
            json.key("language"); json.string(entry.language.tag)
            json.key("number"); json.number(entry.number)
            json.key("pronunciation"); json.string(entry.pronunciation)
            json.key("strongs"); json.string(entry.strongs)
            json.key("study"); json.record(StudyRecord(study: study))
            json.key("text"); json.string(entry.text)
            json.key("transliteration"); json.string(entry.transliteration)
        }
    }
}

/// A word study in the `define` document: every place (a reference that opens: "John 1:1" with the word's 1-based
/// position), the counts per book, the renderings with their counts, the related entries.
struct StudyRecord: JSONRecord {
    let study: WordStudy

    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("books")
            json.array { json in
                for (book, count) in study.books {
                    json.object { json in
                        json.key("book"); json.string(book.name)
                        json.key("count"); json.number(count)
                        json.key("osis"); json.string(book.osis)
                    }
                }
            }
            json.key("occurrences"); json.number(study.places.count)
            json.key("places")
            json.array { json in
                for place in study.places {
                    json.object { json in
                        json.key("osisRef"); json.string(place.osisRef)
                        json.key("position"); json.number(Int(place.word.rawValue) + 1)
                        json.key("reference"); json.string(place.reference)
                    }
                }
            }
            json.key("related")
            json.array { json in
                for entry in study.related {
                    json.object { json in
                        json.key("gloss"); json.string(entry.firstSense)
                        json.key("headword"); json.string(entry.headword)
                        json.key("strongs"); json.string(entry.strongs)
                        json.key("transliteration"); json.string(entry.transliteration)
                    }
                }
            }
            json.key("rendered"); json.number(study.rendered)
            json.key("renderings")
            json.array { json in
                for rendering in study.renderings {
                    json.object { json in
                        json.key("count"); json.number(rendering.count)
                        json.key("text"); json.string(rendering.text)
                    }
                }
            }
            json.key("translation"); json.string(study.translation)
        }
    }
}
