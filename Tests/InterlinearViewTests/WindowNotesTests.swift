import CCairo
import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearNotes
import InterlinearRender
import InterlinearTestSupport
import InterlinearView
import Testing

/// The reader's notes in the window, without a window: the count said on opening, `a`/`A` through the chapter's
/// notes, `b`/`B` through the bookmarks (across chapters), `c`, the marks a screen reader hears, the tints drawn
/// under noted words and their contrast in every theme. Places are checked against the committed chapter files
/// read as text (`WindowReaderFixture.rows`), not against the layout under test.
@Suite struct WindowNotesTests {
    static func note(
        _ kind: NoteKind, _ book: Book, _ chapter: Int, _ verse: Int, words: ClosedRange<Int>? = nil,
        text: String = "", color: HighlightColor? = nil, id: String
    ) -> Note {
        Note(
            id: id, kind: kind, anchor: NoteAnchor(book: book.number, chapter: chapter, verse: verse, words: words),
            text: text, color: color, created: "2026-11-29T00:00:00Z", modified: "2026-11-29T00:00:00Z")
    }

    /// Three notes in John 1 (a note on 1:1's fifth word, a bookmark on verse 3, a yellow highlight on 1:14's first
    /// two words) and a bookmark on Genesis 1:1, in the order `NoteBook.notes()` gives them: the Bible's.
    static let all = [
        note(.bookmark, Book.named("Genesis")!, 1, 1, id: "g"),
        note(.note, Book.named("John")!, 1, 1, words: 5...5, text: "the Word: λόγος", id: "a"),
        note(.bookmark, Book.named("John")!, 1, 3, id: "b"),
        note(.highlight, Book.named("John")!, 1, 14, words: 1...2, color: .yellow, id: "c"),
    ]

    func view(_ reference: String = "John 1") throws -> ChapterView {
        let view = try ViewFixture.view(reference, height: 844)
        view.openNotes(NotesByChapter(Self.all))
        return view
    }

    @Test func openingAChapterSaysItsNotes() throws {
        let view = try view()
        #expect(view.message == "3 notes in John 1. a goes to the next.")
        #expect(view.openingAnnouncement == view.message)
        let genesis = try self.view("Genesis 1")
        #expect(genesis.message == "1 note in Genesis 1. a goes to the next.", "a bookmark is one of its notes")
        // Another chapter said when it opens: ] to John 1 from the chapter before it in the corpus.
        let before = try self.view("Matthew 1")
        ViewFixture.type(before, ":John 1")
        ViewFixture.press(before, .enter)
        #expect(before.chapter.reference.description == "John 1")
        #expect(before.message == "3 notes in John 1. a goes to the next.")
    }

    /// a walks the notes in the text's order, round at the end; A goes back. Each reaches the noted word (the one
    /// the chapter file has there) or the bookmarked verse's number, and says which note and what it is.
    @Test func aAndCapitalAWalkTheNotes() throws {
        let view = try view()
        let (_, words) = try WindowReaderFixture.rows("43-John/01.tsv")
        ViewFixture.type(view, "a")
        #expect(ViewFixture.focusID(view) == "John.1.1.w5")
        let focused = try #require(view.focus?.kind.word)
        #expect(words.filter { $0.verse == 1 }[Int(focused)].surface == "λόγος")
        // The note's Greek respelled for an English voice: no Greek letter reaches it.
        let said = try #require(view.message)
        #expect(said.hasPrefix("Note 1 of 3: note: the Word: ") && !containsGreek(said), "\(said)")
        ViewFixture.type(view, "a")
        #expect(ViewFixture.focusID(view) == "John.1.3.v" && view.message == "Note 2 of 3: bookmark.")
        ViewFixture.type(view, "a")
        #expect(ViewFixture.focusID(view) == "John.1.14.w1" && view.message == "Note 3 of 3: highlighted yellow.")
        ViewFixture.type(view, "a")
        #expect(ViewFixture.focusID(view) == "John.1.1.w5", "round to the first")
        ViewFixture.type(view, "A")
        #expect(ViewFixture.focusID(view) == "John.1.14.w1", "back round to the last")
        ViewFixture.type(view, "A")
        #expect(ViewFixture.focusID(view) == "John.1.3.v")
        // c says the focused element's notes; a word without notes has none.
        ViewFixture.type(view, "c")
        #expect(view.message == "bookmark.")
        ViewFixture.press(view, .tab)
        ViewFixture.type(view, "c")
        #expect(view.message == "No note here.")
        let none = try ViewFixture.view("Romans 8")
        none.openNotes(NotesByChapter(Self.all))
        ViewFixture.type(none, "a")
        #expect(none.message?.hasPrefix("No notes in Romans 8.") == true && none.focus == nil)
    }

    /// b says the bookmarks in the Bible's order; B opens the next after the focus, round to the first, in another
    /// chapter too, which then says its notes.
    @Test func bListsAndCapitalBOpensTheBookmarks() throws {
        let view = try view()
        ViewFixture.type(view, "b")
        let list = try #require(view.message)
        #expect(list.hasPrefix("2 bookmarks: ") && list.hasSuffix("Capital B opens the next."), "\(list)")
        #expect(list.range(of: "Genesis")!.lowerBound < list.range(of: "John")!.lowerBound)
        ViewFixture.type(view, "B")
        #expect(ViewFixture.focusID(view) == "John.1.3.v" && view.message == "Bookmark 2 of 2")
        let change = ViewFixture.type(view, "B")
        #expect(change.contains(.chapter) && view.chapter.reference.description == "Genesis 1")
        #expect(ViewFixture.focusID(view) == "Gen.1.1.v")
        #expect(view.message == "Bookmark 1 of 2 · 1 note in Genesis 1. a goes to the next.")
        ViewFixture.type(view, "B")
        #expect(view.chapter.reference.description == "John 1" && ViewFixture.focusID(view) == "John.1.3.v")
        #expect(view.message == "Bookmark 2 of 2 · 3 notes in John 1. a goes to the next.")
        // Alt+← goes back to where B left.
        ViewFixture.press(view, .back)
        #expect(view.chapter.reference.description == "Genesis 1")
    }

    /// What a screen reader hears of a noted element: its marks after its name, the note's text as its description
    /// (respelled); nothing for an element without notes.
    @Test func marksForAScreenReader() throws {
        let view = try view()
        let cell = try #require(view.chapter.verseIndex(number: 1))
        let word = ElementID(cell: cell, kind: .word(WordOffset(UInt16(4))))
        let mark = try #require(view.noteMark(of: word))
        #expect(mark.name == ", note")
        #expect(mark.description.hasPrefix("the Word: ") && !containsGreek(mark.description), "\(mark.description)")
        #expect(view.noteMark(of: ElementID(cell: cell, kind: .word(WordOffset(UInt16(3))))) == nil)
        let verse3 = ElementID(cell: try #require(view.chapter.verseIndex(number: 3)), kind: .verseNumber)
        #expect(view.noteMark(of: verse3)?.name == ", bookmark")
        let verse14 = try #require(view.chapter.verseIndex(number: 14))
        #expect(
            view.noteMark(of: ElementID(cell: verse14, kind: .word(WordOffset(UInt16(1)))))?.name
                == ", highlighted yellow")
        #expect(
            view.noteMark(of: ElementID(cell: verse14, kind: .word(WordOffset(UInt16(2))))) == nil,
            "the highlight is on words 1–2")
    }

    /// Everything the notes keys say goes to an English voice unspelled (espeak-ng -x, EnglishVoice).
    @Test(.enabled(if: SystemTool.find("espeak-ng") != nil, "espeak-ng is not installed (scripts/setup)"))
    func saidToAnEnglishVoice() throws {
        let view = try view()
        var lines = [try #require(view.message)]
        for key in "aaabBc" {
            ViewFixture.type(view, String(key))
            lines.append(try #require(view.message))
        }
        let voice = try EnglishVoice()
        for (line, phonemes) in zip(lines, try voice.phonemes(lines)) {
            #expect(!voice.isSpelled(phonemes), "spelled: \(line) → \(phonemes)")
        }
    }

    /// A notes file that is not one: the window opens the chapter and says why there are no notes, once.
    @Test func anUnreadableNotesFileIsSaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("view-notes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        let view = try ViewFixture.view()
        do {
            _ = try NoteBook.existing(at: file.path)
            Issue.record("a file of As opened as notes")
        } catch {
            view.openNotes(nil, problem: String(describing: error))
        }
        let said = try #require(view.message)
        #expect(said.hasPrefix("Notes not read: ") && said.contains(file.path), "\(said)")
        #expect(view.notes.isEmpty && view.chapter.reference.description == "John 1")
        #expect(Data(repeating: 0x41, count: 4096) == (try Data(contentsOf: file)), "left as it was")
    }
}

/// The highlights' tints keep the word's own colour at 4.5:1 in every theme (WCAG 2.2, 1.4.3), and the corner mark
/// is 3:1 against the page (1.4.11): computed from the sRGB definition of relative luminance, as
/// `ThemeContrastTests` does. And the tint is drawn where the word is: under its source label's centre.
@Suite struct NoteMarksContrastTests {
    /// The WCAG formula as `ThemeContrastTests` computes it.
    func contrast(_ a: Colour, _ b: Colour) -> Double { ThemeContrastTests().contrast(a, b) }

    @Test(arguments: Theme.Name.allCases) func tintsAndMarksKeepTheirContrast(name: Theme.Name) {
        let theme = Theme.named(name)
        for color in HighlightColor.allCases {
            let tint = NoteMarks.tint(color, in: name)
            let ratio = contrast(theme.paint.style(of: .source).colour, tint)
            #expect(ratio >= 4.5, "\(name) \(color): \(ratio)")
        }
        let mark = contrast(NoteMarks.mark(in: theme), theme.paint.background)
        #expect(mark >= 3, "\(name) mark: \(mark)")
    }

    /// The highlight on John 1:14's first two words is painted under their source labels and nowhere between the
    /// verse's other words.
    @Test func theTintLiesUnderTheHighlightedWords() throws {
        let view = try ViewFixture.view(height: 844)
        view.openNotes(NotesByChapter(WindowNotesTests.all))
        let cell = try #require(view.chapter.verseIndex(number: 14))
        _ = view.goToVerse(14)
        let width = Int32(view.viewport.width), height = Int32(view.viewport.height)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        cairo_fill(cr)
        NoteMarks.paintHighlights(view, into: cr, theme: .light)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        func pixel(_ x: Float, _ y: Float) -> UInt32 {
            let row = Int(y), column = Int(x)
            return data.advanced(by: row * stride + column * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                $0.pointee & 0xFF_FFFF
            }
        }
        let top = view.tree.table.origins[Int(cell)] - view.scrollY
        let sources = view.layout.labels(in: cell).filter { $0.tier == .source }
        for label in sources where top + label.y + label.height / 2 < Float(height) {
            let colour = pixel(label.x + label.width / 2, top + label.y + label.height / 2)
            let expected: UInt32 = label.offset < 2 ? 0xFFF0A0 : 0xFFFFFF
            #expect(colour == expected, "word \(label.offset + 1): \(String(colour, radix: 16))")
        }
    }
}
