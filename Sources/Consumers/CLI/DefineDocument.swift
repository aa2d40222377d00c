import Foundation
import InterlinearCorpus

/// The `interlinear.define/1` document (Schemas/define-1.schema.json), and its text form: each query with the
/// lexicon entries it found.
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
        /// A word's Strong's keys the lexicon has no entry for (Hebrew suffix numbers beyond H8674).
        let unresolved: [String]
    }

    static let schema = "interlinear.define/1"
    let answers: [Answer]

    /// The document, pretty-printed, keys sorted, ending with a line break (`JSONWriter`): each record names its
    /// keys once (below), and `SchemaDriftTests` holds them to `Schemas/define-1.schema.json`.
    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 4096 * answers.count + 64)
        json.object { json in
            json.key("queries"); json.records(answers)
            json.key("schema"); json.string(Self.schema)
        }
        return try json.finish()
    }

    /// Each entry as a short block of lines a screen reader reads in order: the number, headword, transliteration
    /// and pronunciation first, then the derivation, the meaning and the KJV's renderings, each on a line of its own.
    var text: String {
        var blocks: [String] = []
        for answer in answers {
            for entry in answer.entries {
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
                blocks.append(lines.joined(separator: "\n"))
            }
            if !answer.unresolved.isEmpty {
                blocks.append("No entry for \(answer.unresolved.joined(separator: ", ")) (\(answer.query)).")
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}

extension DefineDocument.Answer: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("entries"); json.records(entries)
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

/// A lexicon entry as the `define` document writes it: its language as a BCP 47 tag, its Strong's key with the letter.
extension LexiconEntry: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("definition"); json.string(definition)
            json.key("derivation"); json.string(derivation)
            json.key("headword"); json.string(headword)
            json.key("kjvUsage"); json.string(kjvUsage)
            json.key("language"); json.string(language.tag)
            json.key("number"); json.number(number)
            json.key("pronunciation"); json.string(pronunciation)
            json.key("strongs"); json.string(strongs)
            json.key("text"); json.string(text)
            json.key("transliteration"); json.string(transliteration)
        }
    }
}
