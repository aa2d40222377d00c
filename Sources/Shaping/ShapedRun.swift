/// A shaped string: a slice of the shape cache's glyphs plus its total advance in ems.
package struct ShapedRun: Sendable, Equatable {
    /// Where its glyphs begin, in the cache's glyph index space: below `ShapeCache.persistedGlyphCount` they are in
    /// the persisted cache file's mapping, from there on in the arena of glyphs shaped in this process. Read them
    /// with `ShapeCache.withGlyphs(of:_:)`.
    package var glyphStart: UInt32
    package var glyphCount: UInt32
    package var advance: Float32
    /// Characters no installed font could draw.
    package var missing: UInt16
    /// How it was shaped (direction, script, language): with `ShapeCache`'s id, the run's key.
    package var style: ShapingStyle = .latin

    @inlinable
    package init(
        glyphStart: UInt32, glyphCount: UInt32, advance: Float32, missing: UInt16, style: ShapingStyle = .latin
    ) {
        self.glyphStart = glyphStart
        self.glyphCount = glyphCount
        self.advance = advance
        self.missing = missing
        self.style = style
    }
}
