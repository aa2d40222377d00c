import Foundation
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearSession

/// A session with a cache folder takes the spoken forms an earlier process kept there (`SpokenFormsFile`): the
/// tree says exactly what a tree without any cache says, and computes nothing; a damaged file is a miss.
@Suite struct PersistedSpokenFormsTests {
    let john = ChapterReference(book: Book.newTestament[3], chapter: 1)
    let genesis = ChapterReference(book: Book.oldTestament[0], chapter: 1)

    func session(_ policy: CachePolicy) throws -> Interlinear {
        Interlinear(
            library: CorpusLibrary(corpusDirectory: corpusDirectory), fonts: try sharedFontChain(), cache: policy)
    }

    /// The tree of `reference` with the reader on, and the name and description of every element it holds.
    func speech(_ session: Interlinear, _ reference: ChapterReference) throws -> (AccessibilityTree, [String]) {
        let tree = session.accessibilityTree(for: try session.chapter(reference), screenReaderEnabled: true)
        var said: [String] = []
        for cell in tree.layout.cells.indices {
            said.append(tree.utterance(ofCell: cell).description)
            for element in tree.container(at: cell)?.elements ?? [] {
                let utterance = tree.utterance(of: ElementID(cell: cell, kind: element.kind))
                said.append((utterance?.name ?? "-") + " | " + (utterance?.description ?? "-"))
            }
        }
        return (tree, said)
    }

    func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString)").path
    }

    @Test(arguments: [0, 1])
    func aWarmTreeSaysWhatATreeWithoutCacheSaysAndComputesNothing(chapter: Int) throws {
        let reference = chapter == 0 ? john : genesis
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, expected) = try speech(try session(.disabled), reference)
        #expect(expected.count > 100)

        let cold = try session(CachePolicy(directory: folder))
        let (coldTree, coldSpeech) = try speech(cold, reference)
        #expect(coldSpeech == expected)
        #expect(coldTree.spokenForms.computed > 0)
        cold.saveCaches()
        let path = folder + "/spoken-\(reference.osisID).bin"
        #expect(FileManager.default.fileExists(atPath: path))

        let warm = try session(CachePolicy(directory: folder))
        let (warmTree, warmSpeech) = try speech(warm, reference)
        #expect(warmSpeech == expected)
        #expect(warmTree.spokenForms.computed == 0, "every form came from the file")
    }

    /// Any byte of the file changed, or the file cut short, is a miss: the forms are computed again (the same
    /// speech) and the file is written again whole.
    @Test func aDamagedFileIsComputedAgainAndRewritten() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, expected) = try speech(try session(.disabled), john)
        let cold = try session(CachePolicy(directory: folder))
        _ = try speech(cold, john)
        cold.saveCaches()
        let path = folder + "/spoken-John.1.bin"
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for damage in [0, 9, 13, 21, 29, 40, good.count / 2, good.count - 1, -1] {
            var bytes = good
            if damage < 0 { bytes.removeLast(7) } else { bytes[damage] ^= 0x20 }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let warm = try session(CachePolicy(directory: folder))
            let (tree, said) = try speech(warm, john)
            #expect(said == expected, "damage at \(damage)")
            #expect(tree.spokenForms.computed > 0, "damage at \(damage): nothing taken from a damaged file")
            warm.saveCaches()
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == good, "damage at \(damage)")
        }
    }

    @Test func theFormatReadsBackWhatItWroteAndNothingElse() throws {
        let records = [
            SpokenFormsFile.Record(kind: 0, text: "λόγος", form: "lo'gos"),
            SpokenFormsFile.Record(kind: 5, text: "G3056", form: "Strong's Greek 3056"),
            SpokenFormsFile.Record(kind: 3, text: "", form: ""),
        ]
        let file = SpokenFormsFile(key: 0x0123_4567_89AB_CDEF, records: records)
        let bytes = file.encoded()
        // magic, version, key, length, checksum; then the count and each record: 1 + 2 + text + 2 + form bytes.
        let body = 4 + records.reduce(0) { $0 + 5 + $1.text.utf8.count + $1.form.utf8.count }
        #expect(bytes.count == 32 + body)
        #expect(Array(bytes[0..<8]) == Array("ILSPOKE\0".utf8))
        #expect(SpokenFormsFile.parse(bytes, key: file.key, kinds: 6) == file)
        #expect(SpokenFormsFile.parse(bytes, key: file.key &+ 1, kinds: 6) == nil, "another program's file")
        #expect(SpokenFormsFile.parse(bytes, key: file.key, kinds: 5) == nil, "a kind this program has not")
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x01
            #expect(SpokenFormsFile.parse(flipped, key: file.key, kinds: 6) == nil, "byte \(index) flipped")
        }
        for length in 0..<bytes.count {
            #expect(SpokenFormsFile.parse(Array(bytes[0..<length]), key: file.key, kinds: 6) == nil)
        }
        #expect(SpokenFormsFile.parse(bytes + [0], key: file.key, kinds: 6) == nil)
    }

    @Test func theKeyNamesThisProgramAndTheLanguage() throws {
        let greek = try #require(SpokenFormsFile.programKey(language: "grc"))
        #expect(SpokenFormsFile.programKey(language: "grc") == greek)
        #expect(SpokenFormsFile.programKey(language: "hbo") != greek)
    }
}
