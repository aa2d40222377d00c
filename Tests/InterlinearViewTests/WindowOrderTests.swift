import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import InterlinearView
import InterlinearWording
import Testing

/// The window's `e` (issue 43): the chapter laid out again in the other word order, in place. The English words
/// expected come from the committed chapter file's translation lines (the BSB, as the corpus stores it).
@Suite struct WindowOrderTests {
    /// John 1's BSB words per verse, from `Corpus/chapters/43-John/01.tsv`'s `v` lines.
    static func translation() throws -> [Int: [String]] {
        let text = try String(
            contentsOf: corpusDirectory.appendingPathComponent("chapters/43-John/01.tsv"), encoding: .utf8)
        var verses: [Int: [String]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first == "v", fields.count > 2, let verse = Int(fields[1]) {
                verses[verse] = fields[2].split(separator: " ").map(String.init)
            }
        }
        return verses
    }

    /// A verse's elements in the window's reading order (what Tab walks and the tree holds): their kinds and texts.
    static func elements(_ view: ChapterView, cell: VerseIndex) -> [(kind: Element.Kind, text: String)] {
        ReadingOrder(layout: view.layout).items(inCell: cell).map { ($0.kind, view.chapter.text($0.text)) }
    }

    @Test func eSwitchesToTheEnglishOrderAndBackKeepingTheWord() throws {
        let bsb = try Self.translation()
        let view = try ViewFixture.view()
        #expect(view.order == .source)
        view.setFocus(ElementID(cell: 0, kind: .word(4)))  // the first λόγος of John 1:1
        let change = ViewFixture.type(view, "e")
        #expect(change.isSuperset(of: [.layout, .focus, .status]))
        #expect(view.order == .english && view.layout.options.order == .english)
        #expect(view.message == "English order: the translation's words, each with the Greek under it.")
        #expect(view.spokenStatus == view.message)
        for (cell, verse) in view.chapter.verses.enumerated() {
            let elements = Self.elements(view, cell: VerseIndex(cell))
            #expect(!elements.contains { $0.kind.word != nil }, "verse \(verse.number): no Greek word of its own")
            let words = elements.filter { if case .translation = $0.kind { true } else { false } }.map(\.text)
            #expect(words == bsb[verse.number], "verse \(verse.number)")
        }
        // λόγος stands under "Word,"; the details pane still shows it.
        let focus = try #require(view.focus)
        guard case .translation(let token) = focus.kind else {
            Issue.record("focus \(focus.kind) is no English word")
            return
        }
        #expect(bsb[1]?[Int(token)] == "Word,")
        #expect(view.details?.surface == "λόγος")
        // And back: the Greek order, the same word focused.
        ViewFixture.type(view, "e")
        #expect(view.order == .source && view.layout.options.order == .source)
        #expect(view.message == "Greek order: the Greek words.")
        #expect(view.focus == ElementID(cell: 0, kind: .word(4)))
        #expect(Self.elements(view, cell: 0).contains { $0.kind == .word(4) })
    }

    /// In English order `i` acts on the source word under the focused English word: the committed corpus has no
    /// dictionary, so it says that (not that no word is focused).
    @Test func keysActOnTheWordUnderTheEnglishWord() throws {
        let view = try ViewFixture.view()
        ViewFixture.type(view, "e")
        let bsb = try Self.translation()
        let word = try #require(bsb[1]?.firstIndex(of: "Word,"))
        view.setFocus(ElementID(cell: 0, kind: .translation(try #require(TokenOffset(exactly: word)))))
        ViewFixture.type(view, "i")
        #expect(view.message == ReaderWording.noDictionary.text, "\(view.message ?? "")")
    }
}
