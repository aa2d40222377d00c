import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearInteraction
import InterlinearReader
import InterlinearShaping
import InterlinearTable
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// Chapters from the committed corpus, each in a session of its own.
func readerChapter(_ reference: String) throws -> Chapter {
    try makeSession().chapter(#require(ChapterReference(parsing: reference)))
}

@Suite("Reader cell width")
struct CellWidthTests {
    @Test("ASCII and precomposed or decomposed Greek take one column per letter")
    func narrow() {
        #expect(CellWidth.of("logos") == 5)
        #expect(CellWidth.of("λόγος") == 5)
        // ἀρχῇ spelled with combining marks: ι + combining ypogegrammeni etc. still one column per base letter.
        let decomposed = "ἀρχῇ".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > 4)
        #expect(CellWidth.of(decomposed) == 4)
        #expect(CellWidth.of("e\u{301}") == 1)
    }

    @Test("combining marks alone and controls are zero; East Asian wide and emoji are two")
    func zeroAndWide() {
        #expect(CellWidth.of(Unicode.Scalar(0x0301)!) == 0)
        #expect(CellWidth.of("\u{1B}") == 0)
        #expect(CellWidth.of("\u{200B}") == 0)
        #expect(CellWidth.of("漢字") == 4)
        #expect(CellWidth.of("ｶ") == 1)  // halfwidth katakana
        #expect(CellWidth.of("Ａ") == 2)  // fullwidth Latin
        #expect(CellWidth.of("한") == 2)
        #expect(CellWidth.of("🙂") == 2)
    }

    @Test("truncation never splits a cluster or a wide character and fits the columns")
    func truncation() {
        #expect(CellWidth.truncated("beginning", to: 5) == ("begi…", 5))
        #expect(CellWidth.truncated("漢字漢字", to: 5).width <= 5)
        #expect(CellWidth.truncated("e\u{301}e\u{301}e\u{301}", to: 2).text == "e\u{301}…")
        #expect(CellWidth.truncated("word", to: 4) == ("word", 4))
        #expect(CellWidth.truncated("word", to: 0).width == 0)
    }
}

@Suite("Reader grid layout")
struct GridLayoutTests {
    @Test(
        "every row of every chapter fits the terminal width, at widths from 12 to 200",
        arguments: ["John 1", "Matthew 1", "Romans 8", "Revelation 22"])
    func fits(_ reference: String) throws {
        let metrics = GridMetrics(chapter: try readerChapter(reference))
        for columns in [12, 20, 33, 60, 80, 132, 200] {
            let layout = GridLayout(metrics: metrics, columns: columns)
            var widest = 0
            for verse in metrics.chapter.verses.indices {
                for row in 0..<layout.rows(ofVerse: verse) {
                    var end = 0
                    for span in layout.spans(ofRow: row, verse: verse) {
                        #expect(span.column >= end, "overlap in \(reference) verse \(verse) row \(row) at \(columns)")
                        #expect(CellWidth.of(span.text) == span.width)
                        end = span.column + span.width
                    }
                    widest = max(widest, end)
                }
            }
            #expect(widest <= columns)
            #expect(widest > columns / 2, "\(reference) at \(columns) columns uses only \(widest)")
        }
    }

    @Test("every word appears once, in order; cell heights are the table's")
    func completeness() throws {
        let chapter = try readerChapter("John 1")
        let layout = GridLayout(metrics: GridMetrics(chapter: chapter), columns: 40)
        var seen: [WordIndex] = []
        for verse in chapter.verses.indices {
            var row = 0
            while case .tier(let tier, let line) = layout.kind(ofRow: row, verse: verse) {
                if tier == .source { seen.append(contentsOf: layout.words(verse: verse, line: line)) }
                row += 1
            }
            #expect(layout.kind(ofRow: layout.rows(ofVerse: verse) - 1, verse: verse) == .gap)
        }
        #expect(seen == Array(chapter.words.indices))
        #expect(layout.contentRows == Int(layout.table.contentHeight))
        #expect(layout.table.cellCount == chapter.verses.count)
    }

    @Test("a narrower terminal gives more rows, never fewer")
    func narrowerIsTaller() throws {
        let metrics = GridMetrics(chapter: try readerChapter("John 1"))
        let heights = [200, 80, 40, 20].map { GridLayout(metrics: metrics, columns: $0).contentRows }
        #expect(heights == heights.sorted())
        #expect(heights.first! < heights.last!)
    }
}

@Suite("Reader grid mode state")
struct GridModeTests {
    @Test("resize keeps the top verse; jumps and G clamp to the content; NO_COLOR drops colour, keeps attributes")
    func stateAndColor() throws {
        var grid = GridMode(chapter: try readerChapter("John 1"), columns: 80, rows: 24, color: true)
        #expect(grid.topVerse == 0)
        grid.jump("14")
        #expect(grid.topVerse == 13)
        grid.resize(columns: 60, rows: 20)
        #expect(grid.topVerse == 13)
        grid.resize(columns: 20, rows: 5)
        #expect(grid.topVerse == 13)
        _ = grid.handle(.character("G"))
        #expect(grid.scrollY == grid.layout.contentRows - grid.contentRows)
        #expect(grid.handle(.character("q")) == false)

        let colored = String(
            decoding: GridMode(chapter: try readerChapter("John 1"), columns: 80, rows: 24, color: true).frame(),
            as: UTF8.self)
        var plain = GridMode(chapter: try readerChapter("John 1"), columns: 80, rows: 24, color: false)
        let uncolored = String(decoding: plain.frame(), as: UTF8.self)
        #expect(colored.contains(";36m") || colored.contains(";32m"))
        #expect(!uncolored.contains(";36m") && !uncolored.contains(";32m") && !uncolored.contains(";34m"))
        #expect(uncolored.contains("\u{1B}[0;1m"))  // bold source tier survives NO_COLOR
        _ = plain.handle(.character("j"))
        #expect(plain.scrollY == 1)
    }

    @Test(
        "every key at every tiny size: no crash, the frame stays inside the screen",
        arguments: [(1, 1), (2, 2), (5, 3), (20, 5), (7, 40)])
    func tinySizes(_ size: (columns: Int, rows: Int)) throws {
        var grid = GridMode(
            chapter: try readerChapter("Revelation 22"), columns: size.columns, rows: size.rows, color: true)
        let keys: [Key] = [
            .down, .pageDown, .character("G"), .character("?"), .character("x"), .up, .pageUp,
            .character("/"), .character("λ"), .enter, .character("n"), .character("N"),
            .character(":"), .character("9"), .character("9"), .enter, .character(":"), .escape,
            .character("g"), .left, .right, .character("b"),
        ]
        for key in keys {
            let kept = grid.handle(key)
            #expect(kept)
            let frame = String(decoding: grid.frame(), as: UTF8.self)
            // Every cursor move stays on screen.
            for match in frame.split(separator: "\u{1B}[").dropFirst() {
                guard let h = match.firstIndex(of: "H"), let semi = match.firstIndex(of: ";"), semi < h,
                    let row = Int(match[..<semi]), let column = Int(match[match.index(after: semi)..<h])
                else { continue }
                #expect(row >= 1 && row <= size.rows && column >= 1 && column <= size.columns)
            }
            #expect(grid.scrollY >= 0 && grid.scrollY <= max(grid.layout.contentRows - grid.contentRows, 0))
        }
        grid.resize(columns: size.rows, rows: size.columns)
        #expect(!grid.frame().isEmpty)
    }

    @Test("the search match is marked without colour: reverse video and a gutter mark")
    func matchMark() throws {
        var grid = GridMode(chapter: try readerChapter("John 1"), columns: 80, rows: 24, color: false)
        grid.find("λογος")
        let word = try #require(grid.currentMatch)
        // The status line is read aloud by a terminal screen reader: the word respelled (docs/speech.md: "λόγος" →
        // "lo'gos") and its gloss (John 1:1's fifth word in the chapter file: "Word"), no Greek letter.
        #expect(grid.statusText.contains("match 1 of 4: 1:1 lo'gos, Word"), "\(grid.statusText)")
        #expect(!grid.statusText.unicodeScalars.contains { (0x0370...0x03FF).contains($0.value) })
        let spans = grid.layout.spans(ofRow: 0, verse: 0, highlight: word)
        #expect(spans.contains { $0.text == "›" })
        // The word as printed: the SBLGNT's comma after it.
        #expect(spans.contains { $0.text == "λόγος," && $0.style.contains(.reverse) })
    }
}

@Suite("Reader key decoding")
struct KeyDecoderTests {
    @Test("arrows (CSI and SS3), paging keys, Enter, Backspace, Ctrl-C, UTF-8")
    func keys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)) == [.up, .down, .right, .left])
        #expect(decoder.feed(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~".utf8)) == [.pageUp, .pageDown, .home, .end])
        #expect(decoder.feed([0x0D, 0x7F, 0x03, 0x71]) == [.enter, .backspace, .interrupt, .character("q")])
        #expect(decoder.feed([0x04]) == [.endOfInput])  // Ctrl-D quits with 0; Ctrl-C (above) with 130
        #expect(decoder.feed(Array("λόγος".utf8)) == "λόγος".map { .character($0) })
        #expect(decoder.feed(Array("\u{1B}[1;5C".utf8)) == [.right])
        #expect(!decoder.hasPending)
    }

    @Test("sequences and characters split across reads are completed; a lone ESC waits for flush")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.feed([0x5B]) == [])
        #expect(decoder.feed([0x43]) == [.right])
        let lambda = Array("λ".utf8)
        #expect(decoder.feed([lambda[0]]) == [])
        #expect(decoder.feed([lambda[1]]) == [.character("λ")])
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0xFF]) == [.unknown])
    }
}

@Suite("Reader search")
struct SearchTests {
    @Test("Greek with or without accents and case, transliteration, gloss and Strong's all find 1:1's λόγος")
    func finds() throws {
        let chapter = try readerChapter("John 1")
        var search = ChapterSearch(chapter: chapter)
        let firstLogos = try #require(chapter.words.firstIndex { chapter.text($0.surface) == "λόγος" })
        for query in ["λόγος", "λογος", "ΛΟΓΟΣ", "logos", "LOGOS", "G3056", "3056", "g03056"] {
            let found = search.matches(query)
            #expect(found.first == firstLogos, "query \(query)")
            #expect(found.allSatisfy { chapter.verses.indices.contains(chapter.verseIndex(ofWord: $0)) })
        }
        #expect(search.matches("λόγος").count == 4)
        #expect(search.matches("G3056").count >= 4)
        let beginning = search.matches("beginning")
        #expect(beginning.contains { chapter.text(chapter.words[$0].surface) == "ἀρχῇ" })
        #expect(search.matches("zzzz").isEmpty)
        #expect(search.matches("  ").isEmpty)
        #expect(ChapterSearch.fold("Ἐν ἀρχῇ") == "εν αρχη")
    }
}

@Suite("Reader mode choice")
struct ReaderModeTests {
    @Test("plain text off a terminal or on TERM=dumb; screen reader on the flag or ACCESSIBLE=1")
    func choice() {
        let tty = ["TERM": "xterm-256color"]
        #expect(
            ReaderMode.choose(screenReaderFlag: false, stdinIsTerminal: true, stdoutIsTerminal: true, environment: tty)
                == .grid)
        #expect(
            ReaderMode.choose(screenReaderFlag: false, stdinIsTerminal: true, stdoutIsTerminal: false, environment: tty)
                == .plainText)
        #expect(
            ReaderMode.choose(screenReaderFlag: true, stdinIsTerminal: true, stdoutIsTerminal: false, environment: tty)
                == .plainText)
        #expect(
            ReaderMode.choose(
                screenReaderFlag: false, stdinIsTerminal: true, stdoutIsTerminal: true, environment: ["TERM": "dumb"])
                == .plainText)
        #expect(
            ReaderMode.choose(screenReaderFlag: true, stdinIsTerminal: true, stdoutIsTerminal: true, environment: tty)
                == .screenReader)
        #expect(
            ReaderMode.choose(
                screenReaderFlag: false, stdinIsTerminal: true, stdoutIsTerminal: true,
                environment: ["TERM": "xterm", "ACCESSIBLE": "1"]) == .screenReader)
        #expect(
            ReaderMode.choose(
                screenReaderFlag: false, stdinIsTerminal: true, stdoutIsTerminal: true,
                environment: ["TERM": "xterm", "ACCESSIBLE": "0"]) == .grid)
        // One parser of ACCESSIBLE for every command: "false" is off here as it is in `a11y`.
        for (value, mode) in [
            ("false", ReaderMode.grid), ("no", .grid), ("off", .grid), ("", .grid),
            ("true", .screenReader), ("YES", .screenReader), (" on ", .screenReader),
        ] {
            #expect(
                ReaderMode.choose(
                    screenReaderFlag: false, stdinIsTerminal: true, stdoutIsTerminal: true,
                    environment: ["TERM": "xterm", "ACCESSIBLE": value]) == mode, "ACCESSIBLE=\(value)")
        }
    }

    @Test("a key that quits: Ctrl-C is an interruption (exit 130), q and Ctrl-D are not")
    func quitOutcome() {
        #expect(Reader.outcome(quittingOn: .interrupt) == .interrupted)
        #expect(Reader.outcome(quittingOn: .endOfInput) == .finished)
        #expect(Reader.outcome(quittingOn: .character("q")) == .finished)
    }
}
