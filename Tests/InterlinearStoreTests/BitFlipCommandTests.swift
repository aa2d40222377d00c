import Foundation
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearStore

/// Issue 25's reproducer as a user meets it: single bit flips in a verse's rows (its translation text and its packed
/// words), each read by `interlinear typeset`. Before the chapter records, 18 of 25 such flips in Mark 4 changed the
/// output with exit 0; now each is one line naming the chapter, exit 65, no output, and the store stays usable.
@Suite("Bit flips through the command", .serialized) struct BitFlipCommandTests {
    /// One flip: the row's column read, one bit changed, written back.
    private func flip(_ url: URL, column: String, table: String, bit: Int) throws {
        let database = try StoreIndex.openPair(store: url.path, readOnly: false)
        defer { database.close() }
        let read = try database.prepare("SELECT \(column) FROM \(table) WHERE id = 43001001")
        #expect(try read.step())
        var bytes = Array(read.bytes(0))
        read.reset()
        let at = bit % (bytes.count * 8)
        bytes[at / 8] ^= UInt8(1 << (at % 8))
        let write = try database.prepare("UPDATE \(table) SET \(column) = ?1 WHERE id = 43001001")
        // The translation stays text (as a flip in the file leaves it), the packed words a blob.
        if table == "verse" {
            try write.bind([String(decoding: bytes, as: UTF8.self)])
        } else {
            try write.bind([bytes])
        }
        try write.run()
    }

    @Test(
        "a bit flipped in John 1:1's translation or packed words: one line naming John 1, exit 65, no output",
        arguments: [("verse", "translation"), ("verse_words", "words")])
    func bitFlips(table: String, column: String) throws {
        let original = try StoreFixture.committed.get()
        var random = SplitMix64(seed: 0x25F1)
        for _ in 0..<8 {
            let url = try StoreFixture.copy(of: original, named: "flip-\(table).sqlite")
            let bit = Int(random.next() % 100_000)
            try flip(url, column: column, table: table, bit: bit)
            let output = url.deletingLastPathComponent().appendingPathComponent("John-1.json")
            let result = try run(
                interlinearBinary,
                [
                    "typeset", "John 1", "--corpus", url.path, "--no-cache",
                    "--output", output.path,
                ])
            // A flip that replaced a byte by an invalid one is decoded to U+FFFD: still a change the record catches.
            expectOneErrorLine(
                result, status: 65, ["the corpus store \(url.path) is damaged", "John 1", "interlinear import"])
            #expect(!FileManager.default.fileExists(atPath: output.path), "bit \(bit): no partial output")
            // The rest of the store still serves.
            #expect(
                try run(interlinearBinary, ["typeset", "Romans 8", "--corpus", url.path, "--no-cache"]).status == 0)
        }
    }
}
