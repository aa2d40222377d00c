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

    /// The document, pretty-printed, keys sorted, ending with a line break.
    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 4096 * answers.count + 64)
        json.beginObject()
        json.key("queries")
        json.beginArray()
        for answer in answers {
            json.beginObject()
            json.key("entries")
            json.beginArray()
            for entry in answer.entries { Self.write(entry, to: &json) }
            json.endArray()
            json.key("kind"); json.string(answer.kind)
            json.key("query"); json.string(answer.query)
            json.key("unresolved")
            json.beginArray()
            for key in answer.unresolved { json.string(key) }
            json.endArray()
            json.key("word")
            if let word = answer.word {
                json.beginObject()
                json.key("osisRef"); json.string(word.osisRef)
                json.key("position"); json.number(word.position)
                json.key("reference"); json.string(word.reference)
                json.key("strongs"); json.string(word.strongs)
                json.key("surface"); json.string(word.surface)
                json.endObject()
            } else {
                json.null()
            }
            json.endObject()
        }
        json.endArray()
        json.key("schema"); json.string(Self.schema)
        json.endObject()
        return try json.finish()
    }

    private static func write(_ entry: LexiconEntry, to json: inout JSONWriter) {
        json.beginObject()
        json.key("definition"); json.string(entry.definition)
        json.key("derivation"); json.string(entry.derivation)
        json.key("headword"); json.string(entry.headword)
        json.key("kjvUsage"); json.string(entry.kjvUsage)
        json.key("language"); json.string(entry.language.tag)
        json.key("number"); json.number(entry.number)
        json.key("pronunciation"); json.string(entry.pronunciation)
        json.key("strongs"); json.string(entry.strongs)
        json.key("text"); json.string(entry.text)
        json.key("transliteration"); json.string(entry.transliteration)
        json.endObject()
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
