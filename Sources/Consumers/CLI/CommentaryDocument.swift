import Foundation
import InterlinearAccessibility
import InterlinearSword
import InterlinearWording

/// The `interlinear.commentary/2` document (Schemas/commentary-2.schema.json), and its text form: each commentary's
/// comment on one verse.
struct CommentaryDocument {
    struct Comment {
        let commentary: SwordCommentary
        /// The key libsword read ("John 1:1").
        let key: String
        /// The comment's paragraphs in the commentary's own words and script; none when it has nothing on the verse.
        let paragraphs: [String]
        /// The paragraphs as said (`CommentaryWording.spoken(passages:)`): the module's known misprints corrected
        /// (`CommentaryErrata`), its English for an English voice, the Latin it quotes for a Latin one.
        let said: [SpokenLine]

        init(commentary: SwordCommentary, key: String, paragraphs: [String], lexicon: LatinLexicon?) {
            self.commentary = commentary
            self.key = key
            self.paragraphs = paragraphs
            let corrected = paragraphs.map { CommentaryErrata.corrected($0, module: commentary.name) }
            said = LatinPassages.passages(corrected, lexicon: lexicon).map { passages in
                CommentaryWording.spoken(passages: passages.map { ($0.text, $0.isLatin) })
            }
        }
    }

    static let schema = "interlinear.commentary/2"
    let reference: String
    let osisRef: String
    let comments: [Comment]

    func encoded() throws -> Data {
        var json = JSONWriter(pretty: true, capacity: 4096 + comments.reduce(0) { $0 + $1.paragraphs.count * 512 })
        json.object { json in
            json.key("comments"); json.records(comments)
            json.key("osisRef"); json.string(osisRef)
            json.key("reference"); json.string(reference)
            json.key("schema"); json.string(Self.schema)
        }
        return try json.finish()
    }

    /// Each commentary under its description, then its paragraphs, a blank line between them, as said (`said`: worded
    /// for an English voice, the Latin as printed); a commentary with nothing on the verse says so.
    var text: String {
        var blocks: [String] = []
        for comment in comments {
            // The description, not the module's name: a voice spells "MHCC" letter by letter.
            let heading = comment.commentary.description
            guard !comment.paragraphs.isEmpty else {
                blocks.append(heading + "\n" + CommentaryWording.nothing(heading, on: reference))
                continue
            }
            blocks.append(([heading] + comment.said.map(\.text)).joined(separator: "\n\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}

extension CommentaryDocument.Comment: JSONRecord {
    func write(into json: inout JSONWriter) {
        json.object { json in
            json.key("description"); json.string(commentary.description)
            json.key("key"); json.string(key)
            json.key("language"); json.string(commentary.language)
            json.key("module"); json.string(commentary.name)
            json.key("paragraphs")
            json.array { json in
                for paragraph in paragraphs { json.string(paragraph) }
            }
            json.key("spoken")
            json.array { json in
                for line in said { json.string(line.text) }
            }
            json.key("spokenRuns")
            json.array { json in
                for line in said {
                    json.array { json in
                        for span in line.spans {
                            json.object { json in
                                json.key("language"); json.string(span.language.rawValue)
                                json.key("text"); json.string(span.text)
                            }
                        }
                    }
                }
            }
        }
    }
}
