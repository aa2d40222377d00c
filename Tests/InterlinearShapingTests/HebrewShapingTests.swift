import InterlinearCorpus
import InterlinearSession
import InterlinearTestSupport
import Testing

@testable import InterlinearShaping

/// Hebrew shaped right to left, script Hebrew, language hbo, with Ezra SIL: points and cantillation become
/// positioned mark glyphs, and the cache keeps one run per string and style.
@Suite struct HebrewShapingTests {
    @Test func detectsTheStyleFromTheText() {
        func style(_ text: String) -> ShapingStyle {
            var text = text
            return text.withUTF8 { ShapingStyle.detect($0) }
        }
        #expect(style("בְּרֵאשִׁית") == .hebrew)
        #expect(style("ἀρχῇ") == .greek)
        #expect(style("λόγος") == .greek)
        #expect(style("bərēʾšît") == .latin)
        #expect(style("in-beginning") == .latin)
        #expect(ShapingStyle.hebrew.direction == .rightToLeft && ShapingStyle.hebrew.language == "hbo")
    }

    @Test func pointsAndCantillationAreShapedMarks() throws {
        let session = try makeSession()
        try #require(session.fonts.hebrewFont != nil || SystemTool.isCI, "Ezra SIL is not installed (fonts-sil-ezra)")
        let pointed = session.intern("בְּרֵאשִׁ֖ית")
        let bare = session.intern("בראשית")
        let cache = session.cache
        let full = cache.run(pointed), plain = cache.run(bare)
        #expect(full.style == .hebrew && plain.style == .hebrew)
        #expect(full.missing == 0 && plain.missing == 0)
        // Six letters bare; the points and the accent add mark glyphs.
        #expect(plain.glyphCount == 6)
        #expect(full.glyphCount > plain.glyphCount)
        let glyphs = Array(cache.glyphs(of: full))
        #expect(glyphs.allSatisfy { Int($0.font) == session.fonts.hebrewFont })
        // Marks take no advance and are moved off the origin onto their letters; the letters are not.
        let marks = glyphs.filter { $0.advance == 0 }
        #expect(marks.count == Int(full.glyphCount - plain.glyphCount))
        #expect(marks.contains { $0.xOffset != 0 || $0.yOffset != 0 })
        #expect(Array(cache.glyphs(of: plain)).allSatisfy { $0.advance > 0 && $0.xOffset == 0 && $0.yOffset == 0 })
    }

    @Test func rightToLeftComesOutInVisualOrder() throws {
        let session = try makeSession()
        let cache = session.cache
        let alef = cache.run(session.intern("א")), bet = cache.run(session.intern("ב"))
        let pair = cache.run(session.intern("אב"))
        // Alef is read first, so it is drawn rightmost: bet's glyph comes first in visual order.
        let glyphs = Array(cache.glyphs(of: pair))
        #expect(glyphs.map(\.glyph) == [cache.glyphs(of: bet).first!.glyph, cache.glyphs(of: alef).first!.glyph])
    }

    @Test func theCacheKeyIncludesTheStyle() throws {
        let session = try makeSession()
        let cache = session.cache
        let id = session.intern("אב")
        let own = cache.run(id)
        #expect(cache.run(id, style: .hebrew) == own)
        let forced = cache.run(id, style: .latin)
        #expect(forced.style == .latin && forced != own)
        // Left to right, alef's glyph comes first (in the font the Latin style starts from and falls back through).
        let alef = cache.run(session.intern("א"), style: .latin), bet = cache.run(session.intern("ב"), style: .latin)
        #expect(
            Array(cache.glyphs(of: forced)).map(\.glyph)
                == [cache.glyphs(of: alef).first!.glyph, cache.glyphs(of: bet).first!.glyph])
        #expect(cache.run(id, style: .latin) == forced, "shaped once, then looked up")
        #expect(cache.run(id) == own)
    }
}
