import CCairo

/// Scratch for one label's glyphs and text clusters, allocated once per painter and grown only when a label has more
/// glyphs than any before it, so the paint loop allocates nothing per label.
struct GlyphBuffer {
    private(set) var glyphs: UnsafeMutablePointer<cairo_glyph_t>
    private(set) var capacity: Int
    /// Chain font index per glyph, parallel to `glyphs`.
    private(set) var fonts: UnsafeMutablePointer<UInt16>
    /// Text segments (UTF-8 byte ranges) of a run drawn with several fonts.
    static let segmentCapacity = 16
    let segments: UnsafeMutablePointer<(start: Int, end: Int, font: Int)>
    /// A label's UTF-8 text plus a separator, when the painter adds one.
    private(set) var text: UnsafeMutablePointer<CChar>
    private(set) var textCapacity: Int
    /// Text clusters: one per glyph at most, plus one for a separator.
    private(set) var clusters: UnsafeMutablePointer<cairo_text_cluster_t>

    init(capacity: Int = 64) {
        self.capacity = capacity
        glyphs = .allocate(capacity: capacity)
        fonts = .allocate(capacity: capacity)
        segments = .allocate(capacity: Self.segmentCapacity)
        clusters = .allocate(capacity: capacity + 1)
        textCapacity = capacity * 4
        text = .allocate(capacity: textCapacity)
    }

    /// Makes room for `count` bytes of text (contents are not kept).
    mutating func reserveText(_ count: Int) {
        guard count > textCapacity else { return }
        text.deallocate()
        textCapacity = max(count, textCapacity * 2)
        text = .allocate(capacity: textCapacity)
    }

    /// Makes room for `count` glyphs (contents are not kept).
    mutating func reserve(_ count: Int) {
        guard count > capacity else { return }
        glyphs.deallocate()
        fonts.deallocate()
        clusters.deallocate()
        capacity = max(count, capacity * 2)
        glyphs = .allocate(capacity: capacity)
        fonts = .allocate(capacity: capacity)
        clusters = .allocate(capacity: capacity + 1)
    }

    /// Frees the storage; called once by the owner's deinit.
    func release() {
        glyphs.deallocate()
        fonts.deallocate()
        segments.deallocate()
        clusters.deallocate()
        text.deallocate()
    }
}
