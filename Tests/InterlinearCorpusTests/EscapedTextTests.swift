import InterlinearCorpus
import Testing

@Suite struct EscapedTextTests {
    @Test func controlCharactersBecomeEscapes() {
        #expect(EscapedText.escaped("a\u{1B}[2Jb") == "a\\e[2Jb")
        #expect(EscapedText.escaped("line\nnext\tcol\r\0") == "line\\nnext\\tcol\\r\\0")
        #expect(EscapedText.escaped("bell\u{07}del\u{7F}") == "bell\\x07del\\x7F")
        #expect(EscapedText.escaped("c1\u{85}\u{9B}") == "c1\\u{85}\\u{9B}")
        #expect(EscapedText.escaped("abc\u{202E}cba\u{2028}") == "abc\\u{202E}cba\\u{2028}")
        #expect(EscapedText.escaped("Ἐν ἀρχῇ ἦν ὁ λόγος") == "Ἐν ἀρχῇ ἦν ὁ λόγος")
    }

    @Test func longTextIsCutWithAnEllipsis() {
        let cut = EscapedText.escaped(String(repeating: "x", count: 10_000_000), limit: 200)
        #expect(cut.count == 201 && cut.hasSuffix("…"))
        // One huge grapheme cluster (a letter and a million combining marks) is cut by scalars, not characters.
        let cluster = "a" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(EscapedText.escaped(cluster, limit: 50).unicodeScalars.count == 51)
        // Escapes count toward the limit.
        #expect(
            EscapedText.escaped(String(repeating: "\u{1B}", count: 100), limit: 10) == String(
                repeating: "\\e", count: 5) + "…")
        #expect(EscapedText.quoted("short") == "'short'")
    }

    @Test func quotedBytesDecodeOnlyTheirHead() {
        let bytes = Array(repeating: UInt8(ascii: "z"), count: 5_000_000) + [0xFF]
        let quoted = bytes.withUnsafeBufferPointer { EscapedText.quoted(utf8: $0) }
        #expect(quoted.hasPrefix("'zzz") && quoted.hasSuffix("…'") && quoted.count == 43)
    }
}
