import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

/// Input bounded at the door: per-verse limits of the label format, byte limits, truncation, encodings, and what
/// the disk may hold instead of a chapter file.
@Suite struct ChapterLimitTests {
    /// A chapter of one verse with `words` words and `tokens` translation tokens (each word aligned to nothing).
    static func verse(words: Int, tokens: Int) -> [UInt8] {
        var text = ChapterFile.formatLine + "\n@\t43\t1\nv\t1\t"
        text += Array(repeating: "a", count: tokens).joined(separator: " ") + "\n"
        text.reserveCapacity(text.utf8.count + words * 24)
        for _ in 0..<words { text += "w\t1\tλ\tl\tλ\tG1\tN\tw\t\n" }
        text += "$\t1\t\(words)\n"
        return Array(text.utf8)
    }

    static func parse(_ bytes: [UInt8]) throws -> Chapter {
        try ChapterFile.parse(bytes: bytes, path: "limit.tsv", strings: StringTableBuilder())
    }

    @Test func aVerseOfMoreWordsThanTheLabelFormatIndexesIsRefusedAtItsLine() throws {
        #expect(try Self.parse(Self.verse(words: CorpusLimits.maxWordsPerVerse, tokens: 1)).words.count == 65_536)
        #expect {
            try Self.parse(Self.verse(words: 65_537, tokens: 1))
        } throws: { error in
            // Line 1 format, 2 header, 3 verse: the 65,537th word is on line 65,540.
            (error as? CorpusError)?.line == 65_540
                && String(describing: error)
                    == "limit.tsv:65540: verse 1 has more than 65,536 words, the most a verse can hold"
        }
    }

    @Test func aVerseOfMoreTranslationTokensThanTheLabelFormatIndexesIsRefused() throws {
        #expect(
            try Self.parse(Self.verse(words: 1, tokens: CorpusLimits.maxTranslationTokensPerVerse)).translationTokens
                .count == 65_536)
        #expect {
            try Self.parse(Self.verse(words: 1, tokens: 65_537))
        } throws: { error in
            String(describing: error)
                == "limit.tsv:3: verse 1 has more than 65,536 translation tokens, the most a verse can hold"
        }
    }

    @Test func anOverLongLineIsRefusedWithoutEchoingIt() throws {
        let long = String(repeating: "x", count: 2_000_000)
        let text = Array((ChapterFile.formatLine + "\n@\t43\t1\nv\t1\t" + long + "\n$\t1\t0\n").utf8)
        #expect {
            try Self.parse(text)
        } throws: { error in
            String(describing: error) == "limit.tsv:3: line is 2,000,004 bytes long; a line holds at most 1,048,576"
        }
        // A long field inside the limits is quoted cut short.
        let field = String(repeating: "G", count: 500_000)
        let word = ChapterFile.formatLine + "\n@\t43\t1\nv\t1\tx\nw\t1\tλ\tl\tλ\t\(field)\tN\tw\t0\n$\t1\t1\n"
        #expect {
            try Self.parse(Array(word.utf8))
        } throws: { error in
            let message = String(describing: error)
            return message.hasPrefix("limit.tsv:4: bad Strong's number 'GGG") && message.hasSuffix("…'")
                && message.count < 100
        }
    }

    @Test func aTenMegabyteFileIsRefusedBeforeParsing() throws {
        let text = Array(
            (ChapterFile.formatLine + "\n@\t43\t1\nv\t1\t" + String(repeating: "x", count: 10_000_000) + "\n").utf8)
        #expect {
            try Self.parse(text)
        } throws: { String(describing: $0) == "limit.tsv: is 10,000,035 bytes; a chapter file holds at most 8,388,608" }
    }

    @Test func invalidUTF8IsReportedWithItsLineAndColumn() throws {
        var bytes = Array((ChapterFile.formatLine + "\n@\t43\t1\nv\t1\tIn\n").utf8)
        bytes.insert(0xFF, at: bytes.count - 2)
        #expect {
            try Self.parse(bytes + Array("$\t1\t0\n".utf8))
        } throws: { String(describing: $0) == "limit.tsv:3: invalid UTF-8: byte 0xFF at column 6" }
        // Overlong forms and surrogates are invalid too.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            var line = Array((ChapterFile.formatLine + "\n@\t43\t1\nv\t1\t").utf8)
            line += bad + Array("\n$\t1\t0\n".utf8)
            #expect(throws: CorpusError.self) { try Self.parse(line) }
        }
    }

    @Test func olderAndNewerFormatsAreRefusedWithWhatToDo() throws {
        let body = "\n@\t43\t1\nv\t1\tIn\n$\t1\t0\n"
        #expect {
            try Self.parse(Array(("# interlinear corpus 1" + body).utf8))
        } throws: {
            String(describing: $0).contains("format 1 is no longer read")
                && ($0 as? CorpusError)?.remedy == .reimportChapterFile
        }
        #expect {
            try Self.parse(Array(("# interlinear corpus 4" + body).utf8))
        } throws: { String(describing: $0).contains("unknown chapter format '4'") }
        // Format 2 is format 3 without punctuation: still read.
        #expect(try Self.parse(Array(("# interlinear corpus 2" + body).utf8)).verses.count == 1)
        #expect {
            try Self.parse(Array(("@\t43\t1" + body).utf8))
        } throws: { String(describing: $0).hasPrefix("limit.tsv:1: not a chapter file") }
    }

    /// A file cut anywhere is refused: at a line boundary the end record is missing, inside a line the line is
    /// malformed or the end record's counts disagree.
    @Test(arguments: ["43-John/01.tsv", "40-Matt/01.tsv", "45-Rom/08.tsv", "66-Rev/22.tsv"])
    func truncatedChaptersAreRefused(file: String) throws {
        let bytes = try Array(Data(contentsOf: corpusDirectory.appendingPathComponent("chapters/" + file)))
        #expect(try Self.parse(bytes).verses.count > 0)
        // Every line boundary of Revelation 22, every 25th of the others (the parse is slow in debug builds),
        // ten cuts inside lines, and every cut inside the end record.
        let boundaries = bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        var cuts = Set(boundaries.enumerated().filter { file.hasPrefix("66") || $0.offset % 25 == 0 }.map(\.element))
        for tenth in 1..<10 { cuts.insert(bytes.count * tenth / 10) }
        cuts.formUnion(bytes.count - 8..<bytes.count - 1)  // inside the end record
        cuts.remove(bytes.count)  // (a cut of the final newline alone loses nothing and is read)
        for cut in cuts.sorted() {
            #expect(throws: CorpusError.self, "cut at byte \(cut) of \(bytes.count)") {
                _ = try Self.parse(Array(bytes[..<cut]))
            }
        }
    }
}

/// Reading chapter files from disk: only regular files within the limit.
@Suite struct BoundedFileTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("01.tsv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            try ChapterFile.read(fifo, strings: StringTableBuilder())
        } throws: { error in
            (error as? CorpusError)?.kind == .unreadable
                && String(describing: error).hasSuffix(
                    "is a FIFO (named pipe), not a regular file; a chapter file must be a regular file")
        }
    }

    @Test func aFolderAMissingFileAndAnOversizedFileAreRefused() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect {
            try ChapterFile.read(dir.path, strings: StringTableBuilder())
        } throws: { String(describing: $0).contains("is a folder, not a regular file") }
        #expect {
            try ChapterFile.read(dir.appendingPathComponent("none.tsv").path, strings: StringTableBuilder())
        } throws: { ($0 as? CorpusError)?.kind == .missing }
        let big = dir.appendingPathComponent("big.tsv").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(CorpusLimits.maxChapterFileBytes + 1)) == 0)  // sparse: no 8 MB written
        #expect {
            try ChapterFile.read(big, strings: StringTableBuilder())
        } throws: { String(describing: $0).hasSuffix("is 8,388,609 bytes; a chapter file holds at most 8,388,608") }
    }
}
