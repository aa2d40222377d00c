/// One positioned glyph of a shaped run, in ems (16 bytes). The persisted shape cache stores glyphs in exactly this
/// layout and serves them from its mapping (`ShapeFile.glyphLayoutMatches` checks the layout before a file is used).
package struct ShapedGlyph: Sendable, Equatable {
    package var glyph: UInt16
    /// Index of the font in the chain: 0 is the primary, others are fallbacks.
    package var font: UInt16
    package var advance: Float32
    package var xOffset: Float32
    package var yOffset: Float32

    package init(glyph: UInt16, font: UInt16, advance: Float32, xOffset: Float32, yOffset: Float32) {
        self.glyph = glyph
        self.font = font
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}
