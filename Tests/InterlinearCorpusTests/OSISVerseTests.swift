import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearSword

/// A SWORD module's verse markup read into words (`OSISVerse`), as OSIS defines them: a `<w>` element is a word,
/// white space separates words, `<note>` text is not the verse's. The markup is read from files on disk, so every
/// cut and every changed byte of a real verse must still give words, never a trap.
@Suite struct OSISVerseTests {
    /// Debian's KJV (with Strong's numbers, `diatheke -o n -f OSIS`) and WEB (`-f OSIS`), Genesis 1:1 as diatheke
    /// prints them.
    static let kjv =
        #"In the <w lemma="strong:H7225">beginning</w> <w lemma="strong:H0430">God</w> <w lemma="strong:H1254">created</w> the <w lemma="strong:H8064">heaven</w> <w lemma="strong:H0853">and</w> the <w lemma="strong:H0776">earth</w>.<milestone type="line"/>"#
    static let web =
        #"<w>In</w> <w>the</w> <w>beginning</w>, <w>God</w><w>created</w> <w>the</w> <w>heavens</w> <w>and</w> <w>the</w> <w>earth</w>.<milestone type="line"/>"#

    @Test func wordsAndTheirStrongsNumbers() {
        let words = OSISVerse.words(Self.kjv).text
        #expect(
            words.map(\.text) == ["In", "the", "beginning", "God", "created", "the", "heaven", "and", "the", "earth."])
        #expect(
            words.map(\.strongs) == [[], [], ["H7225"], ["H0430"], ["H1254"], [], ["H8064"], ["H0853"], [], ["H0776"]])
        // Two numbers in one attribute, and an entity.
        let two = OSISVerse.words(#"<w savlm="strong:H0853 strong:H01254">created</w> &amp; more"#).text
        #expect(two.map(\.text) == ["created", "&", "more"])
        #expect(two.first?.strongs == ["H0853", "H01254"])
    }

    /// Two `<w>` elements with nothing between them are two words; text right after a `</w>` (punctuation, "'s")
    /// still belongs to its word, and a note between two elements is no text of the verse.
    @Test func touchingWordElementsAreTwoWords() {
        #expect(
            OSISVerse.words(Self.web).text.map(\.text) == [
                "In", "the", "beginning,", "God", "created", "the", "heavens", "and", "the", "earth.",
            ])
        #expect(OSISVerse.words("<w>God</w>'s <w>word</w>").text.map(\.text) == ["God's", "word"])
        #expect(OSISVerse.words("<w>God</w><note>a note</note><w>created</w>").text.map(\.text) == ["God", "created"])
        // Text between two elements decides by its white space alone: none here, so one word.
        #expect(OSISVerse.words("<w>God</w><transChange>x</transChange><w>y</w>").text.map(\.text) == ["Godxy"])
    }

    /// Every prefix of both verses, and each with every byte replaced by one of the markup's own characters, reads
    /// without a trap into words that are not empty and hold no white space.
    @Test func everyCutAndChangedByteReads() {
        for verse in [Self.kjv, Self.web] {
            for variant in cutsAndReplacements(of: Array(verse.utf8), with: Array("<>/&\" ".utf8)) {
                let words = OSISVerse.words(String(decoding: variant, as: UTF8.self))
                for word in words.text + words.title {
                    #expect(!word.text.isEmpty && !word.text.contains(where: \.isWhitespace), "\(word.text)")
                }
            }
        }
    }
}
