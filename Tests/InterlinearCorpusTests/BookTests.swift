import InterlinearTestSupport
import Testing

@testable import InterlinearCorpus

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

/// `Book.named` scans the books instead of building a table of spellings; it must answer as that table did.
@Suite struct BookNameTests {
    /// The table `named` looked up before: every spelling (name without spaces, OSIS id, abbreviations; lower case)
    /// to the first book in canonical order that has it.
    static let spellings: [String: Book] = {
        var table: [String: Book] = [:]
        for book in Book.all {
            for key in [book.name.lowercased().filter { $0 != " " }, book.osis.lowercased()] + book.abbreviations
            where table[key] == nil {
                table[key] = book
            }
        }
        return table
    }()

    @Test func everySpellingNamesTheBookTheTableNamed() {
        #expect(Self.spellings.count > 200)  // 251 today: the table is not empty
        for (spelling, book) in Self.spellings {
            #expect(Book.named(spelling) == book, "\(spelling)")
            #expect(Book.named(spelling.uppercased()) == book, "\(spelling) in upper case")
            #expect(Book.named(spelling.map { "\($0). " }.joined()) == book, "\(spelling) with dots and spaces")
        }
    }

    @Test(arguments: [
        "", " ", ".", "Joh n", "Johnx", "xJohn", "Jo", "1", "Song of Song", "Songs", "Jöhn", "ＪＯＨＮ",
        "John\u{301}", "Gen\u{0}",
    ])
    func otherTextNamesWhatTheTableNamed(_ text: String) {
        let key = String(text.lowercased().filter { $0 != " " && $0 != "." })
        #expect(Book.named(text) == Self.spellings[key])
    }

    @Test func aSharedPrefixIsNotASpelling() {
        #expect(Book.named("Joh")?.name == "John")  // an abbreviation of John, not a prefix of "Joel"
        #expect(Book.named("Johns") == nil)
        #expect(Book.named("Phil")?.name == "Philippians")
        #expect(Book.named("Philem")?.name == "Philemon")
    }
}
