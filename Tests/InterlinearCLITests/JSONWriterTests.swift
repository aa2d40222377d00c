import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

@testable import InterlinearCLI
@testable import InterlinearStore

/// `JSONWriter` against the oracle it replaced, `JSONEncoder` (`EncoderOracle`): byte-identical output for edge-case
/// strings and numbers, for every document shape, and for the real documents of the committed chapters.
@Suite struct JSONWriterTests {
    // MARK: Strings

    /// Every ASCII character alone, and text that needs care: quotes, backslashes, slashes, C0 and C1 controls,
    /// DEL, line and paragraph separators, Greek and pointed Hebrew, combining marks, astral characters.
    static let edgeStrings: [String] =
        (0..<128).map { String(UnicodeScalar(UInt8($0))) } + [
            "", "plain", "a\"b\"", "back\\slash\\", "a/b//c", "</script>", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
            "\u{A0}", "\u{AD}", "\u{2028}\u{2029}", "Ἐν ἀρχῇ ἦν ὁ λόγος", "בְּרֵאשִׁ֖ית בָּרָ֣א", "🙂👍🏽", "e\u{301}",
            "\u{FEFF}bom", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "mixed\t\n\r\u{8}\u{C}\u{1}\u{1F} end",
            "\"\\/\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}\u{10}\u{1A}\u{1B}",
            String(repeating: "long Ἐν \u{1} ", count: 500),
        ]

    @Test func stringsAreEscapedAsTheEncoderEscapesThem() throws {
        for text in Self.edgeStrings {
            var json = JSONWriter()
            json.string(text)
            #expect(try json.finish() == EncoderOracle.compact(text), "\(text.debugDescription)")
        }
        for pretty in [false, true] {
            var json = JSONWriter(pretty: pretty)
            json.beginArray()
            for text in Self.edgeStrings { json.string(text) }
            json.endArray()
            let expected =
                pretty ? try EncoderOracle.pretty(Self.edgeStrings) : try EncoderOracle.compact(Self.edgeStrings)
            #expect(try json.finish() == expected)
        }
    }

    /// An escape at every place of strings up to 24 bytes, with multi-byte text around it: the writer scans eight
    /// bytes at a time, so every alignment is tried.
    @Test func escapesAtEveryPlaceAreFound() throws {
        for escape in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{0}", "\t"] {
            for length in 1...24 {
                for place in 0..<length {
                    let text =
                        String(repeating: "a", count: place) + escape
                        + String(repeating: "λ", count: length - place - 1)
                    var json = JSONWriter()
                    json.string(text)
                    #expect(try json.finish() == EncoderOracle.compact(text), "\(text.debugDescription)")
                }
            }
        }
    }

    /// A string written in pieces (the layout's translation, token by token) is the string written whole.
    @Test func piecesMakeTheWholeString() throws {
        let pieces = ["In", " ", "[the]", " beginning\u{1}", "", "/\"", "λόγος"]
        var json = JSONWriter()
        json.beginString()
        for piece in pieces { var piece = piece; piece.withUTF8 { json.textContent(utf8: $0) } }
        json.endString()
        #expect(try json.finish() == EncoderOracle.compact(pieces.joined()))
    }

    /// Bytes from a string table are checked: invalid UTF-8 comes out as `String(decoding:as:)` reads it.
    @Test func invalidUTF8IsWrittenAsTheStringDecodedFromIt() throws {
        let samples: [[UInt8]] = [
            [0xFF], [0xC3], [0x61, 0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xF0, 0x9F, 0x99], [0x61, 0x80, 0x62], [0xC0, 0xAF], Array("ok λ".utf8) + [0xFE] + Array("\"end".utf8),
            Array("valid Ἐν".utf8),
        ]
        for bytes in samples {
            var json = JSONWriter()
            bytes.withUnsafeBufferPointer { json.text(utf8: $0) }
            #expect(try json.finish() == EncoderOracle.compact(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
        }
    }

    // MARK: Numbers

    /// Doubles whose text is easy to get wrong: zeros, hundredths near rounding boundaries, values a Float widened,
    /// the extremes, and where `description` switches to exponents.
    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100, 390, 768, 12.5, 0.01, -0.01, 0.005, 0.015, 0.05,
        0.07, 0.57, 1.005, 1.1, 2.675, 4.35, 99.99, 0.0001, 0.00001, 0.000123, 1e-7, .leastNonzeroMagnitude,
        2.2250738585072014e-308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 1e15, 1e16, 1e17, 123_456_789_012_345_680,
        9_007_199_254_740_992, 9_007_199_254_740_994, 4503599627370496.5, 123456789.12, 999999999.99, 999999999.995,
        1e9,
        1e9 + 0.01, -1e9, 1e10 / 3, 20.420000076293945, Double(Float(20.42)), Double(Float(0.1)), Double(Float.pi),
        .pi, -.pi, 370.71, 4.25, 6.54, 31.28, 29.15, 1e21, 1e22, 1e-5 * 3, 0.30000000000000004,
    ]

    /// The same doubles through the writer and through the encoder, one at a time; returns the ones that differ.
    func mismatches(_ values: [Double]) throws -> [Double] {
        try values.filter { value in
            var json = JSONWriter()
            json.number(value)
            return try json.finish() != EncoderOracle.compact(value)
        }
    }

    @Test func doublesAreWrittenAsTheEncoderWritesThem() throws {
        #expect(try mismatches(Self.edgeDoubles) == [])
        #expect(try mismatches(Self.edgeDoubles.map { -$0 }) == [])
    }

    /// Every hundredth from -200 to 2,000 points (the coordinates the documents hold), and hundredths and rounded
    /// Floats drawn at random across the whole range the fast path takes and beyond it.
    @Test func hundredthsAndRoundedFloatsAreWrittenAsTheEncoderWritesThem() throws {
        #expect(try mismatches((-20_000...200_000).map { Double($0) / 100 }) == [])
        var random = SplitMix64(seed: 14)
        var values: [Double] = []
        for _ in 0..<20_000 {
            let k = Int64(bitPattern: random.next()) % 200_000_000_000  // up to ±2·10⁹: past the fast path's bound
            values.append(Double(k) / 100)
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if float.isFinite { values.append(rounded(float)) }
            values.append(Double(Float(Double(k % 100_000_000) / 1000)))
        }
        #expect(try mismatches(values) == [])
    }

    /// Random bit patterns: any finite double, whatever its exponent.
    @Test func randomDoublesAreWrittenAsTheEncoderWritesThem() throws {
        var random = SplitMix64(seed: 2026)
        let values = (0..<20_000).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        #expect(try mismatches(values) == [])
    }

    @Test func integersAreWrittenAsTheEncoderWritesThem() throws {
        var values = [
            0, 1, -1, 9, 10, 99, 100, -100, 65_535, Int(Int32.max), Int(Int32.min), Int.max, Int.min, Int.max - 1,
        ]
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 { values.append(Int(bitPattern: UInt(random.next())) >> Int(random.next() % 64)) }
        var json = JSONWriter()
        json.beginArray()
        for value in values { json.number(value) }
        json.endArray()
        #expect(try json.finish() == EncoderOracle.compact(values))
    }

    /// JSON has no NaN or infinity: the encoder throws, and so does the writer (at the end, nothing trapped).
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreRefused(value: Double) throws {
        #expect(throws: (any Error).self) { try EncoderOracle.compact([value]) }
        var json = JSONWriter()
        json.beginArray()
        json.number(1)
        json.number(value)
        json.endArray()
        do {
            _ = try json.finish()
            Issue.record("a non-finite number was written as JSON")
        } catch {
            #expect(error is JSONWriter.InvalidValue)
        }
    }

    // MARK: Shapes

    /// Empty and nested containers, nulls and booleans, compact and pretty.
    struct Shapes: Encodable {
        var a: [Int] = []
        var b: [String: Int] = [:]
        var c: [[Int]] = [[], [1]]
        var d: [[String: Int]] = [[:], ["k": 1]]
        @EncodedNull var e: Int? = nil
        var f = true
        var g = false
        var h: [String] = ["x"]

        func write(into json: inout JSONWriter) {
            json.beginObject()
            json.key("a"); json.beginArray(); json.endArray()
            json.key("b"); json.beginObject(); json.endObject()
            json.key("c")
            json.beginArray()
            json.beginArray(); json.endArray()
            json.beginArray(); json.number(1); json.endArray()
            json.endArray()
            json.key("d")
            json.beginArray()
            json.beginObject(); json.endObject()
            json.beginObject(); json.key("k"); json.number(1); json.endObject()
            json.endArray()
            json.key("e"); json.number(e)
            json.key("f"); json.bool(f)
            json.key("g"); json.bool(g)
            json.key("h"); json.beginArray(); json.string("x"); json.endArray()
            json.endObject()
        }
    }

    @Test(arguments: [false, true])
    func containersAreLaidOutAsTheEncoderLaysThemOut(pretty: Bool) throws {
        var json = JSONWriter(pretty: pretty)
        Shapes().write(into: &json)
        #expect(try json.finish() == (pretty ? EncoderOracle.pretty(Shapes()) : EncoderOracle.compact(Shapes())))
        for empty in [true, false] {
            var top = JSONWriter(pretty: pretty)
            if empty { top.beginObject(); top.endObject() } else { top.beginArray(); top.endArray() }
            let expected = empty ? [String: Int]() as any Encodable : [Int]() as any Encodable
            #expect(try top.finish() == (pretty ? EncoderOracle.pretty(expected) : EncoderOracle.compact(expected)))
        }
    }
}
