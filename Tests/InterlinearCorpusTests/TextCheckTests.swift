import InterlinearCorpus
import InterlinearTestSupport
import Testing

/// `TextCheck.isClean` is the one pass every loader makes; it must agree with the two checks that word refusals.
@Suite struct TextCheckTests {
    /// What the two detailed checks say together (with `allowed` bytes not counted as controls).
    static func expected(_ bytes: [UInt8], allowing allowed: UInt8? = nil) -> Bool {
        let valid = bytes.withUnsafeBufferPointer { TextCheck.firstInvalidUTF8($0) == nil }
        let rest = bytes.filter { $0 != allowed }
        return valid && rest.withUnsafeBufferPointer { TextCheck.firstControl($0) == nil }
    }

    static func clean(_ bytes: [UInt8], allowing allowed: UInt8? = nil) -> Bool {
        bytes.withUnsafeBufferPointer { TextCheck.isClean($0, allowingTabs: allowed == 0x09) }
    }

    @Test func agreesWithTheDetailedChecksOnKnownCases() {
        let cases: [[UInt8]] = [
            [], Array("plain ASCII text, long enough for words".utf8), Array("λόγος ἦν".utf8), Array("שָׁלוֹם".utf8),
            Array("tab\tinside".utf8), [0x7F], Array("abcdefg\u{7F}".utf8), Array("abcdefgh\u{1F}".utf8),
            [0xC2, 0x85], [0xC2, 0x9F], [0xC2, 0xA0], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0x80], Array("12345678\u{0}".utf8),
            Array("a\u{85}b".utf8), Array("0123456789abcdef\u{7F}0123".utf8),
        ]
        for bytes in cases {
            #expect(Self.clean(bytes) == Self.expected(bytes), "\(bytes)")
            #expect(Self.clean(bytes, allowing: 0x09) == Self.expected(bytes, allowing: 0x09), "\(bytes) allowing tabs")
        }
        #expect(Self.clean(Array("tab\tinside".utf8), allowing: 0x09))
        #expect(!Self.clean(Array("tab\tinside".utf8)))
    }

    /// Random byte strings, weighted toward the bytes that matter (controls, DEL, lead and continuation bytes), at
    /// every alignment and length the eight-byte steps meet.
    @Test func agreesWithTheDetailedChecksOnRandomBytes() {
        var generator = SplitMix64(seed: 14)
        let interesting: [UInt8] = [
            0x00, 0x09, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC2, 0xCE,
            0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]
        var disagreements = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 24)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                let r = generator.next()
                bytes.append(
                    r % 3 == 0
                        ? interesting[Int((r >> 8) % UInt64(interesting.count))]
                        : r % 3 == 1 ? 0x61 : UInt8(truncatingIfNeeded: r >> 16))
            }
            if Self.clean(bytes) != Self.expected(bytes) { disagreements += 1 }
            if Self.clean(bytes, allowing: 0x09) != Self.expected(bytes, allowing: 0x09) { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    /// Random texts made of whole characters — only two-byte ones (Hebrew with points, Greek, Latin), only ASCII, or
    /// a mix with broken pieces (C1 controls C2 80–9F, overlong and lone bytes, three- and four-byte characters,
    /// tabs and other controls) — a third of them with a byte overwritten at random, so the eight-byte windows
    /// (`isPrintableASCII`, `isTwoByte`) and the last window, which overlaps the one before, meet every kind of
    /// byte at every offset.
    @Test func agreesWithTheDetailedChecksOnRunsOfCharacters() {
        var generator = SplitMix64(seed: 24)
        let twoByte: [[UInt8]] = [Array("שׁ".utf8), Array("ָ".utf8), Array("λ".utf8), [0xDF, 0xBF], [0xC3, 0xA9]]
        let ascii: [[UInt8]] = [[0x61], [0x20], [0x7E], [0x41]]
        let mixed: [[UInt8]] =
            twoByte + ascii + [
                [0xC2, 0xB7], [0xC2, 0x85], [0xC2, 0x9F], [0xC0, 0xAF], [0xC1, 0xBF], [0xD7], [0x90], Array("ἦ".utf8),
                Array("😀".utf8), [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x7F],
                [0x1F], [0x00], [0x09],
            ]
        var disagreements = 0
        for round in 0..<60_000 {
            let pieces = [twoByte, ascii, mixed][round % 3]
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 20) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            if round % 9 < 3, !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if Self.clean(bytes) != Self.expected(bytes) { disagreements += 1 }
            if Self.clean(bytes, allowing: 0x09) != Self.expected(bytes, allowing: 0x09) { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }
}
