import Foundation
import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

@Suite struct StringTableTests {
    @Test func internsOnceWithDenseIdsInFirstSeenOrderAfterTheLayoutStrings() {
        let builder = StringTableBuilder()
        #expect(builder.intern("") == StringTable.emptyText, "the empty string is always there")
        #expect(builder.intern(" ") == StringTable.spaceText, "and so is a space")
        #expect(builder.intern("λόγος") == 2)
        #expect(builder.intern("ἦν") == 3)
        #expect(builder.intern("λόγος") == 2)
        #expect(builder.intern(Substring("xλόγοςx").dropFirst().dropLast()) == 2, "substrings find the same id")
        let table = builder.freeze()
        #expect(table.id(of: "") == StringTable.emptyText)
        #expect(table.id(of: "θεός") == nil)
        #expect(table.count == 4)
        #expect(table[3] == "ἦν")
        #expect(table.utf8Count(of: 3) == "ἦν".utf8.count)
    }

    @Test func keepsEveryIdAcrossGrowth() {
        let builder = StringTableBuilder()
        let words = (0..<5000).map { "λόγος\($0)" }
        let ids = words.map { builder.intern($0) }
        #expect(ids == (2..<5002).map(TextID.init))
        let table = builder.freeze()
        #expect(words.allSatisfy { table.id(of: $0) == builder.intern($0) })
        #expect(table.count == 5002)
        #expect(ids.map { table[$0] } == words)
    }

    /// The hash reads words unaligned and the last bytes specially: the same bytes hash the same wherever they lie,
    /// every length from 0 to 40 is told apart from its neighbours, and similar keys do not collide outright.
    @Test func hashesBytesNotAddressesAndSpreadsSimilarKeys() {
        let text = Array("ἐν ἀρχῇ ἦν ὁ λόγος, καὶ ὁ λόγος ἦν πρὸς τὸν θεόν".utf8)
        for length in 0...40 {
            let key = Array(text[0..<length])
            let hashes = (0..<8).map { shift -> Int in
                let padded = [UInt8](repeating: 0x5A, count: shift) + key + [0xA5]
                return padded.withUnsafeBufferPointer {
                    InternedStrings.hash(UnsafeBufferPointer(rebasing: $0[shift..<(shift + length)]))
                }
            }
            #expect(Set(hashes).count == 1, "length \(length): the hash depends on where the bytes are")
        }
        let prefixes = (0...40).map { n in Array(text[0..<n]).withUnsafeBufferPointer { InternedStrings.hash($0) } }
        #expect(Set(prefixes).count == prefixes.count, "a prefix hashes like a longer key")
        let similar = (0..<20_000).map { n in
            Array("λόγος\(n)".utf8).withUnsafeBufferPointer { InternedStrings.hash($0) }
        }
        #expect(Set(similar).count == similar.count)
        // Low bits pick the slot: 20,000 keys over 32,768 slots should fill most of them, not pile up.
        #expect(Set(similar.map { $0 & 32_767 }).count > 12_000)
    }

    /// Interning with the check refuses what is not clean text, whether the string is new or was interned before
    /// without the check, and gives the same ids as plain interning.
    @Test func checkedInterningRefusesUncleanTextOnce() {
        let builder = StringTableBuilder()
        func checked(_ bytes: [UInt8]) -> TextID? { bytes.withUnsafeBufferPointer { builder.intern(checkedUTF8: $0) } }
        let logos = checked(Array("λόγος".utf8))
        #expect(logos == builder.intern("λόγος"))
        #expect(checked(Array("λόγος".utf8)) == logos, "met again: the same id")
        #expect(checked([0x61, 0x1B, 0x62]) == nil, "an escape character is refused")
        #expect(checked([0xCE]) == nil, "a cut UTF-8 sequence is refused")
        #expect(checked([0xC2, 0x85]) == nil, "a C1 control is refused")
        let before = builder.count
        let sneaked = builder.intern("bell\u{07}")  // interned without the check (a caption, say)
        #expect(builder.count == before + 1)
        #expect(checked(Array("bell\u{07}".utf8)) == nil, "a string interned unchecked is checked when met here")
        #expect(checked(Array("clean".utf8)) == builder.intern("clean"))
        #expect(sneaked == builder.intern("bell\u{07}"), "plain interning still finds it")

        // What a frozen table says was checked: only what passed the check, whichever way it was first interned.
        let never = builder.intern("never checked")
        let late = builder.intern("checked later")
        let table = builder.freeze()
        #expect(table.isCheckedClean(logos ?? 0))
        #expect(table.isCheckedClean(builder.intern("clean")))
        #expect(!table.isCheckedClean(sneaked), "refused by the check")
        #expect(!table.isCheckedClean(never))
        #expect(!table.isCheckedClean(late))
        #expect(checked(Array("checked later".utf8)) == late)
        #expect(builder.freeze().isCheckedClean(late), "checked after an unchecked interning")
        #expect(!table.isCheckedClean(late), "a table frozen before keeps what it said")
    }

    /// Keys are bytes: the corpus is NFC, so a decomposed spelling is a different string.
    @Test func comparesBytesNotCanonicalEquivalence() {
        let builder = StringTableBuilder()
        let composed = "\u{1F10}", decomposed = "\u{03B5}\u{0313}"
        #expect(composed == decomposed, "Swift calls them equal")
        #expect(builder.intern(composed) != builder.intern(decomposed))
    }

    /// A frozen table never changes: interning more afterwards makes a new, longer table of the same lineage.
    @Test func frozenTablesStayAsTheyWereAndLaterOnesExtendThem() {
        let builder = StringTableBuilder()
        let logos = builder.intern("λόγος")
        let first = builder.freeze()
        let theos = builder.intern("θεός")
        let second = builder.freeze()
        #expect(first.count == 3 && first.id(of: "θεός") == nil, "the first table did not see the later string")
        #expect(second.count == 4 && second[theos] == "θεός" && second[logos] == "λόγος")
        #expect(second.extends(first) && !first.extends(second))
        #expect(!StringTableBuilder().freeze().extends(first), "another builder's table is another lineage")
    }

    /// Chapters and worker threads read one frozen table at once while its builder keeps interning.
    @Test func frozenTablesAreReadConcurrentlyWhileTheBuilderWrites() async {
        let builder = StringTableBuilder()
        let words = (0..<2000).map { "ῥῆμα\($0)" }
        let ids = words.map { builder.intern($0) }
        let table = builder.freeze()
        let readers = Task.detached {
            (0..<8).allSatisfy { _ in zip(ids, words).allSatisfy { table[$0] == $1 } }
        }
        for n in 0..<20_000 { _ = builder.intern("new\(n)") }
        #expect(await readers.value)
        #expect(table.count == 2002)
    }

    /// Strings are copied into room the arena keeps ahead, a word at a time with the last word overlapping: every
    /// length from 0 to 70 reads back byte for byte, from the builder's table and from tables frozen between them
    /// (which keep what they saw while the builder copies on).
    @Test func everyLengthReadsBackAcrossFreezes() {
        var generator = SplitMix64(seed: 41)
        let builder = StringTableBuilder()
        var interned: [(TextID, [UInt8])] = []
        var frozen: [(StringTable, Int)] = []
        for round in 0..<600 {
            let bytes = (0..<(round % 71)).map { _ in UInt8(0x61 + generator.next() % 26) } + Array("\(round)".utf8)
            let id = bytes.withUnsafeBufferPointer { builder.intern(utf8: $0) }
            interned.append((id, bytes))
            if round % 7 == 0 { frozen.append((builder.freeze(), interned.count)) }
        }
        frozen.append((builder.freeze(), interned.count))
        for (table, seen) in frozen {
            #expect(interned.prefix(seen).allSatisfy { id, bytes in table.withUTF8(of: id) { Array($0) } == bytes })
            #expect(table.count == seen + 2)
        }
    }
}
