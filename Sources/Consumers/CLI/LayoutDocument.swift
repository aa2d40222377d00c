import Foundation
import InterlinearCorpus
import InterlinearTypesetting

/// The `interlinear.layout/4` JSON document (`Schemas/layout-4.schema.json`; 4 printed the punctuation and marked
/// the verses outside the edition's text, 3 added the `lemma` tier, 2 the
/// `language` and `direction`), written straight from the chapter and its layout: each label's text goes from the string table's bytes into the
/// output, so nothing is allocated per label.
///
/// Keys are written in sorted order, so the bytes are what `JSONEncoder` with `.sortedKeys` made of the record
/// structs this replaced (`JSONWriterTests` compares the two on real chapters).
enum LayoutDocument {
    static let schema = "interlinear.layout/4"

    /// The document, ending with a line break.
    static func encoded(chapter: Chapter, layout: ChapterLayout, font: String) throws -> Data {
        let options = layout.options
        // About 150 bytes a label, as John 1 takes.
        var json = JSONWriter(capacity: 160 * layout.labels.count + 4096)
        let numbers = LabelNumbers()
        defer { numbers.deallocate() }
        let segments = LabelSegments(strings: chapter.strings.count)
        defer { segments.deallocate() }
        let english = options.order == .english
        json.beginObject()
        json.key("cells")
        json.beginArray()
        let osisID = Array(chapter.reference.osisID.utf8)
        let strings = chapter.strings
        for (verse, cell) in zip(chapter.verses, layout.cells) {
            json.beginObject()
            json.key("height"); json.number(hundredthsOf: cell.height)
            json.key("id"); writeID(osisID, verse: verse.number, into: &json)
            json.key("labels")
            json.beginArray()
            writeLabels(
                layout.labels[cell.labels], strings: strings, english: english, numbers: numbers, segments: segments,
                into: &json)
            json.endArray()
            if verse.outsideText { json.key("outside"); json.bool(true) }
            json.key("translation")
            writeTranslation(
                chapter.translationTokens[verse.translation], strings: chapter.strings, segments: segments,
                into: &json)
            json.key("verse"); json.number(verse.number)
            json.key("y"); json.number(hundredthsOf: cell.y)
            json.endObject()
        }
        json.endArray()
        json.key("columns")
        json.string(
            options.sideBySide && options.tiers.contains(.translation) && options.order == .source
                ? "side-by-side" : "stacked")
        // In English order the blocks run left to right whatever the source's script.
        json.key("direction"); json.string(english ? ScriptDirection.leftToRight.rawValue : chapter.direction.rawValue)
        json.key("font"); json.string(font)
        json.key("fontSize"); json.number(Double(options.fontSize))
        json.key("height"); json.number(hundredthsOf: layout.height)
        json.key("labelCount"); json.number(layout.labels.count)
        json.key("language"); json.string(chapter.language.tag)
        json.key("missingGlyphs"); json.number(layout.missingGlyphs)
        json.key("reference"); json.string(chapter.reference.description)
        json.key("schema"); json.string(schema)
        json.key("tiers")
        json.beginArray()
        for tier in Tier.allCases where options.tiers.contains(tier) { json.string(tier.name) }
        json.endArray()
        json.key("width"); json.number(Double(options.width))
        json.endObject()
        return try json.finish()
    }

    /// The most bytes a label's object takes besides its text: the comma before it, the constant pieces (73 with the
    /// longest tier name), four numbers and the word (`writeDecimal`).
    static let labelBound = 1 + 80 + 4 * JSONWriter.maxNumberLength + 20

    /// The labels of one cell as the elements of the array just begun, each
    /// `{"height":…,"text":"…","tier":"…","width":…,"word":…,"x":…,"y":…}`: constant pieces (the keys in sorted
    /// order with their punctuation, the tier's name among them) and numbers written at a position kept in a
    /// register, the writer's count set once a label (a store through the writer after every piece was a fifth of
    /// the stage). The stretch from the opening brace to the word is copied from where the same string was last
    /// written in the same tier at the same height and width (`LabelSegments`) — then the string's bytes are not
    /// read — else written and remembered.
    private static func writeLabels(
        _ labels: ArraySlice<Label>, strings: StringTable, english: Bool, numbers: LabelNumbers,
        segments: LabelSegments, into json: inout JSONWriter
    ) {
        assert(!json.pretty, "labels are compact")
        guard !labels.isEmpty else { return }
        var comma = json.hasElement
        json.hasElement = true
        for label in labels {
            let memo = segments.memo(of: label)
            let copy = memo.flatMap { $0.pointee.matches(label) ? $0.pointee : nil }
            // A copy: the segment's bytes and the 16 a copy may run past them; else the text escaped at its longest.
            let bound = labelBound + (copy.map { Int($0.length) &+ 16 } ?? 6 &* strings.utf8Count(of: label.text))
            json.reserve(bound)
            let reservedEnd = json.count + bound
            var out = json.base + json.count
            if comma { out.pointee = 0x2C; out += 1 }
            comma = true
            if let copy {
                out = copySegment(from: json.base + copy.start, count: Int(copy.length), to: out)
            } else {
                json.count = out - json.base
                writeSegment(label, strings: strings, numbers: numbers, memo: memo, into: &json)
                out = json.base + json.count
            }
            // In English order the dash under an English word aligned to nothing is a source-tier label of no word.
            // (`label.word`, read here as its offset: `WordOffset` and `Tier.isBlockTier` were calls across modules.)
            let blockTier = label.tier != .verse && label.tier != .translation
            let word = english && label.marksNoWord || !blockTier ? UInt32.max : UInt32(label.offset)
            let column = numbers.column, columnKey = UInt64(word) << 32 | UInt64(label.x.bitPattern)
            if column.pointee.holds(columnKey) {
                out = column.pointee.copy(to: out)
            } else {
                let start = out - json.base
                out = word == .max ? put("null", at: out) : JSONWriter.writeDecimal(UInt(word), at: out)
                out = put(#","x":"#, at: out)
                out = number(label.x, at: out, json: &json)
                column.pointee.remember(columnKey, from: json.base + start, to: out)
            }
            let line = numbers.line(label.tier), lineKey = UInt64(label.y.bitPattern)
            if line.pointee.holds(lineKey) {
                out = line.pointee.copy(to: out)
            } else {
                let start = out - json.base
                out = put(#","y":"#, at: out)
                out = number(label.y, at: out, json: &json)
                out = put("}", at: out)
                line.pointee.remember(lineKey, from: json.base + start, to: out)
            }
            json.count = out - json.base
            assert(json.count <= reservedEnd, "a label wrote more than it reserved")
        }
    }

    /// A label's segment, `{"height":…,"text":"…","tier":"…","width":…,"word":` (the text escaped), written at the
    /// writer's count and remembered in `memo`.
    private static func writeSegment(
        _ label: Label, strings: StringTable, numbers: LabelNumbers, memo: UnsafeMutablePointer<LabelSegment>?,
        into json: inout JSONWriter
    ) {
        let start = json.count
        var out = put(#"{"height":"#, at: json.base + start)
        out = number(label.height, memo: numbers.height(label.tier), at: out, json: &json)
        out = put(#","text":""#, at: out)
        let textStart = out - json.base
        json.count = textStart
        let checked = strings.isCheckedClean(label.text)
        strings.withUTF8(of: label.text) { json.putTextContent(utf8: $0, checked: checked) }
        out = json.base + json.count
        let textEnd = out - json.base
        switch label.tier {
        case .verse: out = put(#"","tier":"verse","width":"#, at: out)
        case .source: out = put(#"","tier":"source","width":"#, at: out)
        case .transliteration: out = put(#"","tier":"transliteration","width":"#, at: out)
        case .strongs: out = put(#"","tier":"strongs","width":"#, at: out)
        case .morphology: out = put(#"","tier":"morphology","width":"#, at: out)
        case .gloss: out = put(#"","tier":"gloss","width":"#, at: out)
        case .lemma: out = put(#"","tier":"lemma","width":"#, at: out)
        case .translation: out = put(#"","tier":"translation","width":"#, at: out)
        }
        out = number(label.width, at: out, json: &json)
        out = put(#","word":"#, at: out)
        json.count = out - json.base
        memo?.pointee = LabelSegment(label, start: start, text: textStart..<textEnd, end: json.count)
    }

    /// Writes constant bytes at `out`: one copy of a length known where this is inlined.
    @inline(__always)
    private static func put(_ piece: StaticString, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(out).copyMemory(from: piece.utf8Start, byteCount: piece.utf8CodeUnitCount)
        return out + piece.utf8CodeUnitCount
    }

    /// A coordinate at `out` through its memo (`WrittenNumber`), or the writer's long way for one beyond them.
    @inline(__always)
    private static func number(
        _ value: Float, memo: UnsafeMutablePointer<WrittenNumber>, at out: UnsafeMutablePointer<UInt8>,
        json: inout JSONWriter
    ) -> UnsafeMutablePointer<UInt8> {
        if let end = memo.pointee.write(hundredthsOf: value, at: out) { return end }
        json.count = out - json.base
        json.appendNumber(rounded(value))
        return json.base + json.count
    }

    /// A coordinate at `out`, or the writer's long way for one beyond `writeNumber(hundredthsOf:at:)`'s range.
    @inline(__always)
    private static func number(
        _ value: Float, at out: UnsafeMutablePointer<UInt8>, json: inout JSONWriter
    ) -> UnsafeMutablePointer<UInt8> {
        if let end = JSONWriter.writeNumber(hundredthsOf: value, at: out) { return end }
        json.count = out - json.base
        json.appendNumber(rounded(value))
        return json.base + json.count
    }

    /// A cell's id, `"John.1.14"`: the chapter's OSIS id, a dot and the verse's number.
    private static func writeID(_ osisID: [UInt8], verse: Int, into json: inout JSONWriter) {
        json.beginString()
        osisID.withUnsafeBufferPointer { json.stringContent(utf8: $0) }
        json.byte(0x2E)
        json.appendDecimal(verse)
        json.endString()
    }

    /// Writes again `count` bytes written earlier at `from`, sixteen at a time: the last sixteen may run up to 15
    /// bytes past both ends, so the caller reserved room for that, and at least 15 bytes were written after the
    /// earlier ones (a label's word, coordinates and closing brace, then a comma or the cell's end), so the copy
    /// never reads what it writes.
    @inline(__always)
    private static func copySegment(
        from source: UnsafeMutablePointer<UInt8>, count: Int, to out: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(out)
        var i = 0
        while i < count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self), toByteOffset: i &+ 8, as: UInt64.self)
            i &+= 16
        }
        return out + count
    }

    /// Where each string's label segment (`writeSegment`) was last written in the document, by text id: a
    /// chapter's labels repeat their strings (John 1: 5,087 labels of 1,829 strings), and a segment's bytes depend
    /// only on the string, the tier and the bits of the height and width, so a copy of them is what writing would give. Two slots a
    /// string, the translation's and the blocks' (an English word is often both a gloss and a translation word).
    /// One allocation a document, zeroed (a zero length: nothing written yet). The caller deallocates it.
    struct LabelSegments {
        let count: Int
        let slots: UnsafeMutablePointer<LabelSegment>

        init(strings: Int) {
            count = strings
            slots = .allocate(capacity: 2 * max(strings, 1))
            slots.initialize(repeating: LabelSegment(), count: 2 * max(strings, 1))
        }

        func deallocate() { slots.deallocate() }

        /// Where the escaped bytes of `text` were last written in a label (in either slot), as a document offset
        /// and a count; nil when no label showed it yet.
        @inline(__always)
        func text(of text: TextID) -> (start: Int, count: Int)? {
            guard Int(text) < count else { return nil }
            let translation = slots[2 * Int(text) + 1], block = slots[2 * Int(text)]
            let segment = translation.length != 0 ? translation : block
            guard segment.length != 0 else { return nil }
            return (segment.start + Int(segment.textOffset), Int(segment.textLength))
        }

        /// The slot of a label's text in its tier; nil for an id outside the table (not remembered).
        @inline(__always)
        func memo(of label: Label) -> UnsafeMutablePointer<LabelSegment>? {
            guard Int(label.text) < count else { return nil }
            return slots + 2 * Int(label.text) + (label.tier == .translation ? 1 : 0)
        }
    }

    /// One remembered segment: its bytes in the document, and the tier, height and width they were written for.
    struct LabelSegment {
        var start = 0
        var length: UInt32 = 0
        var widthBits: UInt32 = 0
        var heightBits: UInt32 = 0
        /// The text's escaped bytes: from `textOffset` after `start`, `textLength` of them.
        var textLength: UInt32 = 0
        var textOffset: UInt8 = 0
        var tier: UInt8 = 0

        init() {}

        init(_ label: Label, start: Int, text: Range<Int>, end: Int) {
            self.start = start
            // Not remembered when implausibly long (the copy takes what writing took: any length would do).
            length = UInt32(truncatingIfNeeded: end - start <= Int(UInt32.max) ? end - start : 0)
            // At most 43: `{"height":`, a number (`maxNumberLength`) and `,"text":"`. Within the segment, so no
            // longer than it.
            textOffset = UInt8(truncatingIfNeeded: text.lowerBound &- start)
            textLength = UInt32(truncatingIfNeeded: text.upperBound &- text.lowerBound)
            widthBits = label.width.bitPattern
            heightBits = label.height.bitPattern
            tier = label.tier.rawValue
        }

        @inline(__always)
        func matches(_ label: Label) -> Bool {
            length != 0 && widthBits == label.width.bitPattern && heightBits == label.height.bitPattern
                && tier == label.tier.rawValue
        }
    }

    /// What labels repeat, as last written: the height by tier (`WrittenNumber`: a tier's labels share it), and
    /// two pieces (`WrittenPiece`) — `word,"x":x`, which the labels of a word's column share, and `,"y":y}` by tier
    /// (a tier's labels share their y along a line). Most of John 1's JSON stage was its 20,000 numbers (benchmark
    /// `typeset-warm`). In place, one allocation each a document. The caller deallocates them (`deallocate()`).
    struct LabelNumbers {
        let tiers = Tier.allCases.count
        let heights: UnsafeMutablePointer<WrittenNumber>
        /// Slot 0 is the column's piece; 1 + a tier's raw value its line's.
        let pieces: UnsafeMutablePointer<WrittenPiece>

        init() {
            heights = .allocate(capacity: tiers)
            heights.initialize(repeating: WrittenNumber(), count: tiers)
            pieces = .allocate(capacity: 1 + tiers)
            pieces.initialize(repeating: WrittenPiece(), count: 1 + tiers)
        }

        func deallocate() {
            heights.deallocate()
            pieces.deallocate()
        }

        /// The slot of `tier`'s height (its raw value is below `tiers`: an enum's cases are numbered from 0).
        func height(_ tier: Tier) -> UnsafeMutablePointer<WrittenNumber> { heights + Int(tier.rawValue) }
        var column: UnsafeMutablePointer<WrittenPiece> { pieces }
        func line(_ tier: Tier) -> UnsafeMutablePointer<WrittenPiece> { pieces + 1 + Int(tier.rawValue) }
    }

    /// A verse's translation: its tokens joined by spaces, as one string, each token after its own reservation.
    /// A token a label showed already (in source order every translation word is a label before its verse's
    /// translation) is copied from there.
    private static func writeTranslation<Tokens: Collection<TextID>>(
        _ tokens: Tokens, strings: StringTable, segments: LabelSegments,
        into json: inout JSONWriter
    ) {
        assert(!json.pretty, "compact")
        json.beginString()
        var space = false
        for token in tokens {
            // The space before the token, the token escaped at its longest and the 16 a copy may run past it.
            json.reserve(1 + 6 &* strings.utf8Count(of: token) + 16)
            if space {
                json.base[json.count] = 0x20
                json.count &+= 1
            }
            space = true
            if let written = segments.text(of: token) {
                json.count =
                    copySegment(from: json.base + written.start, count: written.count, to: json.base + json.count)
                    - json.base
            } else {
                let checked = strings.isCheckedClean(token)
                strings.withUTF8(of: token) { json.putTextContent(utf8: $0, checked: checked) }
            }
        }
        json.endString()
    }
}
