import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCLI

/// The writer's short cuts against the long way they replace, with `JSONEncoder` (`EncoderOracle`) as the judge:
/// hundredths rounded without libm, numbers from digit pairs, a Float coordinate written from its integer hundredths,
/// and elements written from fixed pieces.
@Suite struct JSONWriterFastPathTests {
    /// `rounded(_:)` as it was: the product rounded by libm, then divided.
    static func roundedTheLongWay(_ value: Float) -> Double { (Double(value) * 100).rounded() / 100 }

    /// Every hundredth within ±3 of each power of ten up to 10⁹ (where the number of integer digits changes and
    /// where the fast paths stop), both signs, as Floats and Doubles, and each one's neighbours one ulp away.
    static let hundredthsAroundPowersOfTen: [Double] = (0...9).flatMap { exponent -> [Double] in
        let center = Int(pow(10.0, Double(exponent))) * 100
        return (center - 300...center + 300).flatMap { k -> [Double] in
            let value = Double(k) / 100
            return [value, -value]
        }
    }

    static let edgeFloats: [Float] = [
        0, -0.0, 0.004, -0.004, 0.005, -0.005, 0.0049999, -0.0049999, 0.0050001, -0.0050001, 0.01, -0.01, 0.015, 0.125,
        -0.125, 1.005, 2.675, 99.995, 999.995, 1e7, 99_999_992, 1e8, -1e8, 1.0000001e8, 1e9, 1e10, 3e38, -3e38,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, .ulpOfOne, 20.42, 370.71, 0.1, 0.7, -0.7,
    ]

    /// Floats to try: the edge cases, the hundredths around powers of ten as Floats and one Float ulp either side,
    /// and random bit patterns (any exponent).
    static func floats() -> [Float] {
        var floats = edgeFloats
        for value in hundredthsAroundPowersOfTen {
            let float = Float(value)
            floats += [float, float.nextUp, float.nextDown]
        }
        var random = SplitMix64(seed: 100)
        for _ in 0..<20_000 {
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if float.isFinite { floats.append(float) }
        }
        return floats
    }

    @Test func roundingWithoutLibmIsRoundingWithLibm() {
        var doubles: [Double] = [
            0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
            4503599627370495.5, -4503599627370495.5, 4_503_599_627_370_497, 9e15 - 1, 1e11 + 0.5,
        ]
        for k in -1000...1000 {
            let half = Double(k) + 0.5
            doubles += [half, half.nextUp, half.nextDown, Double(k), Double(k).nextUp, Double(k).nextDown]
        }
        var random = SplitMix64(seed: 5)
        for _ in 0..<20_000 { doubles.append(Double(Int64(bitPattern: random.next()) % 1_000_000_000_000) / 7) }
        let wrong = doubles.filter { JSONWriter.roundedToInteger($0) != Int($0.rounded()) }
        #expect(wrong == [])
        // `rounded(_:)` gives the same double, bit for bit (the sign of a zero included).
        let differ = Self.floats().filter { rounded($0).bitPattern != Self.roundedTheLongWay($0).bitPattern }
        #expect(differ == [])
    }

    /// A Float written from its integer hundredths is what the encoder writes of the rounded double.
    @Test func floatCoordinatesAreWrittenAsTheEncoderWritesTheirRoundedValue() throws {
        let wrong = try Self.floats().filter { value in
            var json = JSONWriter()
            json.number(hundredthsOf: value)
            return try json.finish() != EncoderOracle.compact(Self.roundedTheLongWay(value))
        }
        #expect(wrong == [])
    }

    /// Doubles that are hundredths around each power of ten, and the doubles one ulp off them (which must take the
    /// long way), as the encoder writes them.
    @Test func hundredthsAroundPowersOfTenAreWrittenAsTheEncoderWritesThem() throws {
        let values: [Double] = Self.hundredthsAroundPowersOfTen.flatMap { [$0, $0.nextUp, $0.nextDown] } + [-0.0, 0]
        let wrong = try values.filter { value in
            var json = JSONWriter()
            json.number(value)
            return try json.finish() != EncoderOracle.compact(value)
        }
        #expect(wrong == [])
    }

    /// A non-finite Float coordinate is refused like a non-finite Double.
    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func nonFiniteCoordinatesAreRefused(value: Float) {
        var json = JSONWriter()
        json.beginArray()
        json.number(hundredthsOf: value)
        json.endArray()
        do {
            _ = try json.finish()
            Issue.record("a non-finite coordinate was written as JSON")
        } catch {
            #expect(error is JSONWriter.InvalidValue)
        }
    }

    /// Elements written from pieces: strings (escapes at every place, every edge string, invalid UTF-8), integers and
    /// nulls, and Float coordinates, each element after one reservation, against the encoder's array of them.
    @Test func piecesAreTheEncodersBytes() throws {
        var texts = JSONWriterTests.edgeStrings
        for escape in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{0}", "\t"] {
            for length in 1...24 {
                for place in 0..<length {
                    texts.append(
                        String(repeating: "a", count: place) + escape
                            + String(repeating: place % 2 == 0 ? "λ" : "b", count: length - place - 1))
                }
            }
        }
        var json = JSONWriter()
        json.beginArray()
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { utf8 in
                let room = json.beginValue(reserving: 2 + 6 * utf8.count)
                json.put("\"")
                json.putTextContent(utf8: utf8)
                json.put("\"")
                json.endValue(room)
            }
        }
        json.endArray()
        #expect(try json.finish() == EncoderOracle.compact(texts))

        let invalid: [[UInt8]] = [
            [0xFF], [0x61, 0xC3], [0xE0, 0x80, 0x80], Array("ok λ".utf8) + [0xFE] + Array("\"end".utf8),
            Array("twelve bytes".utf8) + [0x80, 0x0A],
        ]
        var repaired = JSONWriter()
        repaired.beginArray()
        for bytes in invalid {
            bytes.withUnsafeBufferPointer { utf8 in
                let room = repaired.beginValue(reserving: 2 + 6 * utf8.count)
                repaired.put("\"")
                repaired.putTextContent(utf8: utf8)
                repaired.put("\"")
                repaired.endValue(room)
            }
        }
        repaired.endArray()
        #expect(try repaired.finish() == EncoderOracle.compact(invalid.map { String(decoding: $0, as: UTF8.self) }))

        let integers: [Int?] = [0, 9, 10, 99, 100, 101, 65_535, nil, -1, -100, Int.max, Int.min, nil]
        var numbers = JSONWriter()
        numbers.beginArray()
        for value in integers {
            let room = numbers.beginValue(reserving: 20)
            numbers.putNumber(value)
            numbers.endValue(room)
        }
        numbers.endArray()
        #expect(try numbers.finish() == EncoderOracle.compact(integers))

        var coordinates = JSONWriter()
        coordinates.beginArray()
        for value in Self.floats() {
            let room = coordinates.beginValue(reserving: JSONWriter.maxNumberLength)
            coordinates.putNumber(hundredthsOf: value)
            coordinates.endValue(room)
        }
        coordinates.endArray()
        #expect(try coordinates.finish() == EncoderOracle.compact(Self.floats().map(Self.roundedTheLongWay)))
    }

    /// A value from pieces after a key, and text written as checked (no second UTF-8 check): the same bytes as
    /// the writer's own calls.
    @Test func piecesAfterAKeyAndCheckedTextAreTheEncodersBytes() throws {
        let record = ["a": "λόγος \"x\"", "b": "plain ascii text longer than eight", "c": ""]
        var json = JSONWriter()
        json.beginObject()
        for key in ["a", "b", "c"] {
            switch key {
            case "a": json.key("a")
            case "b": json.key("b")
            default: json.key("c")
            }
            let bytes = Array((record[key] ?? "").utf8)
            bytes.withUnsafeBufferPointer { utf8 in
                let room = json.beginValue(reserving: 2 + 6 * utf8.count)
                json.put("\"")
                json.putTextContent(utf8: utf8, checked: true)
                json.put("\"")
                json.endValue(room)
            }
        }
        json.endObject()
        #expect(try json.finish() == EncoderOracle.compact(record))
    }
}
