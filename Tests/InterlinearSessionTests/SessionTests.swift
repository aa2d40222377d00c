import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// The session wires the engine once: one table for every chapter it loads, frozen after each load, and one shape
/// cache for every layout.
@Suite struct SessionTests {
    let john = ChapterReference(book: Book.newTestament[3], chapter: 1)
    let romans = ChapterReference(book: Book.newTestament[5], chapter: 8)

    @Test func chaptersShareTheSessionsTableAndLaterLoadsExtendIt() throws {
        let session = try makeSession()
        let john = try session.chapter(john)
        let romans = try session.chapter(romans)
        #expect(romans.strings.extends(john.strings), "a later load extends the earlier table")
        #expect(session.strings.extends(romans.strings) && session.strings.count == romans.strings.count)
        let kai = try #require(john.strings.id(of: "καὶ"))
        #expect(romans.strings.id(of: "καὶ") == kai, "one id per string across the session's chapters")
        #expect(john.strings.count < romans.strings.count, "John 1's table did not change when Romans 8 loaded")
    }

    /// What a reader types opens the passage, or says why not: the book's chapter count from the canon (John has
    /// 21 chapters), not from the library.
    @Test func aTypedReferenceOpensItsPassageOrSaysWhyNot() throws {
        let session = try makeSession()
        let passage = try session.chapter(parsing: "Jn 1:14–18")
        #expect(passage.reference == john && passage.verses.map(\.number) == Array(14...18))
        #expect(throws: ReferenceError.noSuchChapter(book: john.book, chapter: 22)) {
            try session.chapter(parsing: "John 22")
        }
        #expect(throws: ReferenceError.unknown("Jhon 1")) { try session.chapter(parsing: "Jhon 1") }
        #expect(
            String(describing: ReferenceError.noSuchChapter(book: john.book, chapter: 22))
                == "John has 21 chapters; there is no John 22")
    }

    @Test func layoutWritesNothingIntoTheTable() throws {
        let session = try makeSession()
        let chapter = try session.chapter(john)
        let before = session.strings.count
        _ = session.layout(chapter)
        _ = session.layout(
            chapter, options: LayoutOptions(width: 1024, fontSize: 24, tiers: TierSet([.source, .gloss])))
        #expect(session.strings.count == before)
        #expect(chapter.strings.count == before)
    }

    @Test func anEarlierChapterStillLaysOutAfterALaterLoadAndReusesItsRuns() throws {
        let session = try makeSession()
        let john = try session.chapter(john)
        let first = session.layout(john)
        let shaped = session.cache.shapedCount
        let romans = try session.chapter(romans)
        #expect(session.layout(john).labels.elementsEqual(first.labels))
        #expect(session.cache.shapedCount == shaped, "John 1 again shapes nothing")
        _ = session.layout(romans)
        let romansAlone = try makeSession()
        let romansDistinct = Set(romansAlone.layout(try romansAlone.chapter(self.romans)).labels.map(\.text)).count
        #expect(session.cache.shapedCount - shaped < romansDistinct, "strings John 1 shaped are not shaped again")
    }

    @Test func theFontFamilyComesFromTheSession() throws {
        let gentium = try makeSession()
        let dejavu = try Interlinear(library: CorpusLibrary(corpusDirectory: corpusDirectory), font: "DejaVu Serif")
        #expect(dejavu.fonts.family == "DejaVu Serif")
        #expect(dejavu.fonts.primary.descriptor.family == "DejaVu Serif")
        let a = gentium.layout(try gentium.chapter(john)), b = dejavu.layout(try dejavu.chapter(john))
        #expect(a.labels.count == b.labels.count)
        #expect(a.labels.map(\.width) != b.labels.map(\.width), "another font, other advances")
    }

    @Test func internedTextIsShapedButJoinsNoChapter() throws {
        let session = try makeSession()
        let chapter = try session.chapter(john)
        let caption = session.intern("John.1.3.w2")
        #expect(session.strings[caption] == "John.1.3.w2")
        #expect(chapter.strings.id(of: "John.1.3.w2") == nil)
        #expect(session.cache.run(caption).glyphCount == 11)
        #expect(session.intern("John.1.3.w2") == caption)
    }

    @Test func theAccessibilityTreeUsesTheSessionsLayout() throws {
        let session = try makeSession(options: LayoutOptions(width: 768))
        let chapter = try session.chapter(john)
        let tree = session.accessibilityTree(for: chapter, screenReaderEnabled: true)
        #expect(tree.viewport.width == 768 && tree.viewport.height == Interlinear.defaultViewportHeight)
        #expect(tree.layout.labels.elementsEqual(session.layout(chapter).labels))
        #expect(tree.cellCount == chapter.verses.count)
        #expect(tree.firstElement() == ElementID(cell: 0, kind: .verseNumber))
    }

    /// Chapters are values other threads can read while the session that loaded them keeps loading.
    @Test func chaptersAreReadOnAnotherThreadWhileTheSessionLoadsMore() async throws {
        let session = try makeSession()
        let chapter = try session.chapter(john)
        let reader = Task.detached {
            (0..<20).allSatisfy { _ in chapter.words.allSatisfy { !chapter.text($0.surface).isEmpty } }
        }
        for reference in [romans, ChapterReference(book: Book.newTestament[0], chapter: 1)] {
            _ = try session.chapter(reference)
        }
        #expect(await reader.value)
    }
}

/// One cache policy for every cache: `--no-cache`, `$INTERLINEAR_CACHE` (a folder, or `off`), `$XDG_CACHE_HOME`
/// when absolute, else `~/.cache`.
@Suite struct CachePolicyTests {
    @Test func theFolderFollowsTheFlagAndTheEnvironment() {
        let home = ["HOME": "/home/reader"]
        #expect(CachePolicy(noCache: false, environment: home).directory == "/home/reader/.cache/interlinear")
        #expect(CachePolicy(noCache: true, environment: home) == .disabled)
        #expect(
            CachePolicy(noCache: false, environment: home.merging(["XDG_CACHE_HOME": "/var/c"]) { $1 }).directory
                == "/var/c/interlinear")
        #expect(
            CachePolicy(noCache: false, environment: home.merging(["XDG_CACHE_HOME": "relative"]) { $1 }).directory
                == "/home/reader/.cache/interlinear", "a relative XDG folder is ignored, as the spec says")
        #expect(
            CachePolicy(noCache: false, environment: home.merging(["INTERLINEAR_CACHE": "/tmp/t"]) { $1 }).directory
                == "/tmp/t")
        #expect(
            CachePolicy(noCache: false, environment: home.merging(["INTERLINEAR_CACHE": "off"]) { $1 }) == .disabled)
        #expect(CachePolicy(noCache: true, environment: ["INTERLINEAR_CACHE": "/tmp/t"]) == .disabled)
        #expect(CachePolicy(noCache: false, environment: [:]) == .disabled, "no home, no cache")
        #expect(CachePolicy(directory: "/x").file("fonts-1.cache") == "/x/fonts-1.cache")
        #expect(CachePolicy.disabled.file("fonts-1.cache") == nil && !CachePolicy.disabled.isEnabled)
    }

    @Test func aSessionWithoutAPolicyWritesNoCache() throws {
        #expect(try Interlinear(library: CorpusLibrary(corpusDirectory: corpusDirectory)).cachePolicy == .disabled)
    }
}
