import CPeers
import InterlinearCorpus
import InterlinearShaping
import InterlinearTypesetting

/// The label strings of some layouts, copied once into the peers' memory (`peers_labels`): exactly the strings
/// our typesetter placed, each with its tier's point size.
final class PeerLabels {
    let pointer: OpaquePointer
    let count: Int
    /// Distinct strings among them: what the HarfBuzz floor shapes.
    let distinct: Int

    init(_ layouts: [(Chapter, ChapterLayout)]) throws {
        var bytes: [UInt8] = [], offsets: [Int64] = [0], points: [Float] = []
        for (chapter, layout) in layouts {
            for label in layout.labels {
                chapter.strings.withUTF8(of: label.text) { bytes.append(contentsOf: $0) }
                offsets.append(Int64(bytes.count))
                points.append(layout.options.size(of: label.tier))
            }
        }
        let made = bytes.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) {
                peers_labels_create($0.baseAddress, offsets, points, Int32(points.count))
            }
        }
        guard let made else { throw PeerRoundsError("cannot hold \(points.count) labels for the peers") }
        pointer = made
        count = Int(peers_labels_count(made))
        distinct = Int(peers_labels_distinct_count(made))
    }

    deinit { peers_labels_destroy(pointer) }
}

/// The peers, set up once: HarfBuzz on the font file our primary font is, and a Pango FT2 context on its family.
final class Peers {
    let harfbuzz: OpaquePointer
    let pango: OpaquePointer
    /// Sums of advances and widths, read after the rounds so no call is optimized away.
    private(set) var sink = 0.0

    init(font: FontDescriptor, family: String) throws {
        // Refuses to measure peers whose HarfBuzz calls would pass through the product's forwarders.
        if let failure = peers_harfbuzz_binding_failure() { throw PeerRoundsError(String(cString: failure)) }
        guard let hb = peers_harfbuzz_create(font.path, font.index) else {
            throw PeerRoundsError("cannot open the font file \(font.path) for HarfBuzz")
        }
        harfbuzz = hb
        guard let pango = peers_pango_create(family) else { throw PeerRoundsError("cannot make a Pango context") }
        self.pango = pango
    }

    deinit {
        peers_harfbuzz_destroy(harfbuzz)
        peers_pango_destroy(pango)
    }

    /// hb_shape once per distinct string.
    func floor(_ labels: PeerLabels) { sink += peers_hb_floor(harfbuzz, labels.pointer) }
    /// hb_shape once per label.
    func harfBuzzPerLabel(_ labels: PeerLabels) { sink += peers_hb_per_label(harfbuzz, labels.pointer) }
    /// One PangoLayout per label.
    func pangoPerLabel(_ labels: PeerLabels) { sink += peers_pango_per_label(pango, labels.pointer) }
    /// Distinct strings with a glyph the primary font lacks, in the last floor run.
    var notdefStrings: Int { Int(peers_hb_notdef_strings(harfbuzz)) }
}

/// A failure reported as one line.
struct PeerRoundsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
