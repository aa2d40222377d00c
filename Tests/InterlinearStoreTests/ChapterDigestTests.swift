import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// The checksum a store records for each chapter (`ChapterDigest`) is a stored value: computing it faster must give
/// the same number for every row, or every store written before would be refused as damaged.
@Suite struct ChapterDigestTests {
    /// The checksum as its definition reads, a byte at a time: per field its length, then each whole little-endian
    /// word of its bytes, then the 0–7 bytes left as one little-endian number (0 when none are left); an absent
    /// morpheme blob is the word of all ones.
    static func definition(_ verses: [(key: Int, fields: [[UInt8]?])]) -> Int {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mix(_ value: UInt64) {
            state = (state ^ value) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
        }
        for verse in verses {
            mix(UInt64(truncatingIfNeeded: verse.key))
            for field in verse.fields {
                guard let field else {
                    mix(UInt64.max)
                    continue
                }
                mix(UInt64(field.count))
                if field.isEmpty { continue }
                var value: UInt64 = 0, shift: UInt64 = 0
                for byte in field {
                    value |= UInt64(byte) << shift
                    shift += 8
                    if shift == 64 {
                        mix(value)
                        value = 0
                        shift = 0
                    }
                }
                mix(value)
            }
        }
        return Int(Int64(bitPattern: state))
    }

    /// Random verses with fields of every length from 0 to 80 bytes (every tail, every count of four-word turns).
    @Test func agreesWithItsDefinitionOnEveryFieldLength() {
        var generator = SplitMix64(seed: 33)
        for round in 0..<400 {
            var verses: [(key: Int, fields: [[UInt8]?])] = []
            for verse in 0..<(1 + round % 4) {
                let fields: [[UInt8]?] = (0..<3).map { field in
                    if field == 2, generator.next() % 3 == 0 { return nil }
                    let count = Int(generator.next() % 81)
                    return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                }
                verses.append((key: 1_001_000 + verse + 1, fields: fields))
            }
            var digest = ChapterDigest()
            for verse in verses {
                func buffer<R>(_ bytes: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
                    guard let bytes else { return body(nil) }
                    return bytes.withUnsafeBufferPointer { body($0) }
                }
                buffer(verse.fields[0]) { translation in
                    buffer(verse.fields[1]) { words in
                        buffer(verse.fields[2]) { morphemes in
                            digest.addVerse(
                                key: verse.key, translation: translation!, words: words!, morphemes: morphemes)
                        }
                    }
                }
            }
            #expect(digest.value == Self.definition(verses), "round \(round)")
            #expect(digest.verses == verses.count)
        }
    }
}
