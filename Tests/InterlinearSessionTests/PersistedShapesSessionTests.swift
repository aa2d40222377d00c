import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// A session with a cache folder starts from what an earlier session saved there: the same labels, no shaping.
@Suite struct PersistedShapesSessionTests {
    let john = ChapterReference(book: Book.newTestament[3], chapter: 1)

    func session(_ policy: CachePolicy) throws -> Interlinear {
        Interlinear(
            library: CorpusLibrary(corpusDirectory: corpusDirectory), fonts: try sharedFontChain(),
            cache: policy)
    }

    @Test func aWarmSessionLaysOutTheSameLabelsWithoutShaping() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cold = try session(CachePolicy(directory: folder))
        let coldLayout = cold.layout(try cold.chapter(john))
        #expect(cold.cache.servedFromFile == 0)
        let saved = try #require(cold.saveCaches())
        #expect(saved.newEntries == cold.cache.shapedCount && saved.path.hasPrefix(folder + "/"))

        let warm = try session(CachePolicy(directory: folder))
        let warmLayout = warm.layout(try warm.chapter(john))
        #expect(warmLayout.labels.elementsEqual(coldLayout.labels))
        #expect(warmLayout.cells.elementsEqual(coldLayout.cells))
        #expect(warm.cache.shapedCount == cold.cache.shapedCount)
        #expect(warm.cache.servedFromFile == warm.cache.shapedCount, "a warm session shapes nothing")
        #expect(warm.cache.glyphs.isEmpty, "no glyph is copied out of the mapping")
        #expect(warm.saveCaches() == nil, "nothing new to save")

        // reset() is a cold measurement: it lets go of the file and shapes again.
        warm.cache.reset()
        #expect(warm.layout(try warm.chapter(john)).labels.elementsEqual(coldLayout.labels))
        #expect(warm.cache.servedFromFile == 0 && warm.cache.glyphs.count > 0)
    }

    @Test func withoutAPolicyNothingIsReadOrWritten() throws {
        let plain = try session(.disabled)
        #expect(plain.cachePolicy == .disabled && plain.cache.persistedPath == nil)
        _ = plain.layout(try plain.chapter(john))
        #expect(plain.saveCaches() == nil)
        let defaulted = Interlinear(
            library: CorpusLibrary(corpusDirectory: corpusDirectory), fonts: try sharedFontChain())
        #expect(defaulted.cachePolicy == .disabled && defaulted.cache.persistedPath == nil, "no cache unless asked")
    }
}
