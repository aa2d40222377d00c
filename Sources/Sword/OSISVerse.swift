import Foundation
import InterlinearCorpus

/// One verse of a SWORD Bible module as stored (OSIS, as in Debian's KJV and WEB: `In the <w savlm="strong:H7225">
/// beginning</w> <w savlm="strong:H0430">God</w> …`, or ThML/GBF `<w lemma="strong:H0430">`), read into plain words:
/// every tag removed, the text inside `<note>` left out (footnotes, as diatheke leaves them out by default), the
/// five XML entities decoded, words split at white space with punctuation kept on the word before it, and each
/// word given the Strong's numbers of the `<w>` elements it is made of. A `<w>` element is a word (OSIS), so one that
/// opens right after another closed, with no text between, starts a new word: WEB's Genesis 1:1 stores
/// `<w>God</w><w>created</w>` (119 such places in Debian's WEB, none a word split in two), which diatheke prints as
/// "Godcreated". The text inside `<title>` (a psalm's
/// title, which SWORD stores with verse 1) is kept apart. The markup comes from a file on disk: an unclosed tag or
/// an unknown entity is read as text, never trusted.
enum OSISVerse {
    struct Words {
        var title: [TranslationWord] = []
        var text: [TranslationWord] = []
    }

    static func words(_ markup: String) -> Words {
        var reader = Reader()
        MarkupWalk.walk(markup, into: &reader)
        reader.endWord()
        return reader.words
    }

    private struct Reader: MarkupReader {
        var words = Words()
        var inTitle = false
        /// How many `<note>` elements are open: their text is not the verse's.
        var noteDepth = 0
        /// The numbers of the open `<w>` element.
        var strongs: [String] = []
        var word = ""
        var wordStrongs: [String] = []
        /// A `</w>` came last, with no verse text after it.
        var afterWordElement = false

        mutating func tag(_ body: Substring) {
            let selfClosing = body.hasSuffix("/")
            let closing = body.hasPrefix("/")
            let name = body.drop { $0 == "/" }.prefix { $0.isLetter }
            switch name {
            case "note" where !selfClosing: noteDepth = max(0, noteDepth + (closing ? -1 : 1))
            case "title" where !selfClosing:
                endWord()
                inTitle = !closing
            case "w" where !selfClosing:
                if !closing && afterWordElement { endWord() }
                afterWordElement = closing
                strongs = closing ? [] : Self.numbers(in: body)
            default: break
            }
        }

        /// The Strong's numbers of a `<w>` tag's `savlm` or `lemma` attribute: "strong:H0430 strong:H0853" → H0430,
        /// H0853.
        static func numbers(in tag: Substring) -> [String] {
            var found: [String] = []
            for attribute in ["savlm=\"", "lemma=\""] {
                guard let start = tag.range(of: attribute) else { continue }
                let value = tag[start.upperBound...].prefix { $0 != "\"" }
                for item in value.split(separator: " ") where item.hasPrefix("strong:") {
                    found.append(String(item.dropFirst("strong:".count)))
                }
            }
            return found
        }

        mutating func add(_ text: Substring) {
            guard noteDepth == 0, !text.isEmpty else { return }
            afterWordElement = false
            for character in Self.decoded(text) {
                if character.isWhitespace {
                    endWord()
                } else {
                    word.append(character)
                    for number in strongs where !wordStrongs.contains(number) { wordStrongs.append(number) }
                }
            }
        }

        mutating func endWord() {
            guard !word.isEmpty else { return }
            let finished = TranslationWord(text: word, strongs: wordStrongs)
            if inTitle { words.title.append(finished) } else { words.text.append(finished) }
            word = ""
            wordStrongs = []
        }

        /// `&amp;` last, so "&amp;lt;" stays "&lt;".
        static let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")]

        static func decoded(_ text: Substring) -> String {
            guard text.contains("&") else { return String(text) }
            var result = String(text)
            for (entity, character) in entities { result = result.replacingOccurrences(of: entity, with: character) }
            return result
        }
    }
}
