import InterlinearCorpus
import InterlinearTestSupport
import Testing

@testable import InterlinearShaping

/// A frozen table of `texts` and their ids.
func frozenTable(_ texts: [String]) -> (StringTable, [TextID]) {
    let builder = StringTableBuilder()
    let ids = texts.map { builder.intern($0) }
    return (builder.freeze(), ids)
}

@Suite struct ShapeCacheTests {
    @Test func shapesEachDistinctStringOnce() throws {
        let (strings, ids) = frozenTable(["λόγος", "Ἐν"])
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        let logos = ids[0], en = ids[1]
        let first = cache.run(logos)
        _ = cache.run(en)
        let again = cache.run(logos)
        #expect(cache.shapedCount == 2)
        #expect(first == again)
        #expect(first.glyphCount == 5)
        #expect(first.missing == 0)
        #expect(first.advance > 1 && first.advance < 5, "λόγος is a few ems wide, got \(first.advance)")
        cache.reset()
        _ = cache.run(logos)
        #expect(cache.shapedCount == 1)
        #expect(cache.invariantsHold())
    }

    @Test func advanceIsTheSumOfGlyphAdvances() throws {
        let (strings, ids) = frozenTable(["ἐγένετο"])
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        let run = cache.run(ids[0])
        let sum = cache.glyphs(of: run).reduce(Float(0)) { $0 + $1.advance }
        #expect(abs(sum - run.advance) < 1e-5)
        #expect(cache.glyphs(of: run).allSatisfy { $0.font == 0 && $0.glyph != 0 })
    }

    @Test func fallsBackPerGlyphToAnotherInstalledFont() throws {
        let (strings, ids) = frozenTable(["λόγος שלום"])
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        // Gentium Plus has no Hebrew; fontconfig's next choices (DejaVu Sans) do.
        let run = cache.run(ids[0])
        let glyphs = cache.glyphs(of: run)
        #expect(run.missing == 0)
        #expect(glyphs.contains { $0.font != 0 }, "Hebrew letters come from a fallback font")
        #expect(glyphs.contains { $0.font == 0 }, "Greek letters stay in Gentium Plus")
        #expect(glyphs.allSatisfy { $0.glyph != 0 })
    }

    @Test func countsCharactersNoFontHas() throws {
        let (strings, ids) = frozenTable(["a\u{0378}b\u{0378}"])
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: strings)
        // U+0378 is unassigned: no font draws it. It stays visible as .notdef and is counted.
        let run = cache.run(ids[0])
        #expect(run.missing == 2)
        #expect(run.glyphCount == 4)
    }

    /// A later table of the same lineage keeps every run: ids only get added.
    @Test func aLaterTableKeepsTheRunsAndShapesTheNewStrings() throws {
        let builder = StringTableBuilder()
        let logos = builder.intern("λόγος")
        let cache = ShapeCache(chain: (try sharedFontChain()), strings: builder.freeze())
        let first = cache.run(logos)
        let theos = builder.intern("θεός")
        cache.extend(to: builder.freeze())
        #expect(cache.run(logos) == first)
        #expect(cache.run(theos).glyphCount == 4)
        #expect(cache.shapedCount == 2)
    }

    /// The error is a typed value naming the family; the advice (which package to install) is the front end's: the
    /// library's message names no install command (the command line's is tested in RenderCommandTests).
    @Test func unknownFamilyIsATypedError() throws {
        #expect {
            try FontChain(family: "No Such Family Sans")
        } throws: { error in
            guard let font = error as? FontError else { return false }
            return font.family == "No Such Family Sans" && font.debianPackage == nil
                && !font.description.contains("apt-get")
        }
        #expect(FontError(family: "Gentium Plus").debianPackage == "fonts-sil-gentiumplus")
    }
}
