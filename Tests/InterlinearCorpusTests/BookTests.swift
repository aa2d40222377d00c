import Testing
@testable import InterlinearCorpus
import InterlinearTestSupport

@Suite struct ReferenceTests {
    @Test(arguments: ["John 1", "Jn 1", "John.1", "JOHN 1", "jn.1", " john  1 "])
    func parsesJohnOne(_ text: String) throws {
        let ref = try #require(ChapterReference(parsing: text))
        #expect(ref.book.number == 43)
        #expect(ref.chapter == 1)
        #expect(ref.description == "John 1")
    }

    @Test func numberedBooks() {
        #expect(ChapterReference(parsing: "1 Cor 13")?.book.name == "1 Corinthians")
        #expect(ChapterReference(parsing: "Rev 22")?.book.number == 66)
        #expect(ChapterReference(parsing: "Romans 8")?.osisID == "Rom.8")
    }

    @Test(arguments: ["Hezekiah 1", "John", "John 0", "John x", "", "John -1"])
    func rejects(_ text: String) {
        #expect(ChapterReference(parsing: text) == nil)
    }
}
