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
        let osisID = chapter.reference.osisID
        let strings = chapter.strings
        for (verse, cell) in zip(chapter.verses, layout.cells) {
            json.beginObject()
            json.key("height"); json.number(hundredthsOf: cell.height)
            json.key("id"); json.string("\(osisID).\(verse.number)")
            json.key("labels")
            json.beginArray()
            for label in layout.labels[cell.labels] {
                write(label, strings: strings, english: english, numbers: numbers, segments: segments, into: &json)
            }
            json.endArray()
            if verse.outsideText { json.key("outside"); json.bool(true) }
            json.key("translation")
            writeTranslation(chapter.translationTokens[verse.translation], strings: chapter.strings, into: &json)
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

    /// The most bytes a label's object takes besides its text: the constant pieces (73 with the longest tier name),
    /// four numbers and the word (`putNumber`); `beginValue` reserves the comma before it.
    static let labelBound = 80 + 4 * JSONWriter.maxNumberLength + 20

    /// One label's object, `{"height":…,"text":"…","tier":"…","width":…,"word":…,"x":…,"y":…}`, from fixed pieces
    /// after one reservation: the keys in sorted order with their punctuation, the tier's name among them. The
    /// stretch from the text to the width is copied from where the same string was last written in the same tier
    /// at the same width (`LabelSegments`) — then the string's bytes are not read — else written and remembered.
    @inline(__always)
    private static func write(
        _ label: Label, strings: StringTable, english: Bool, numbers: LabelNumbers, segments: LabelSegments,
        into json: inout JSONWriter
    ) {
        let memo = segments.memo(of: label)
        let copy = memo.flatMap { $0.pointee.matches(label) ? $0.pointee : nil }
        // A copy: the segment's bytes (whose tier and width `labelBound` counts again) and the 16 a copy may run
        // past them; else the text escaped at its longest.
        let room = json.beginValue(
            reserving: labelBound + (copy.map { Int($0.length) + 16 } ?? 6 * strings.utf8Count(of: label.text)))
        json.put(#"{"height":"#)
        json.putNumber(hundredthsOf: label.height, memo: &numbers.height(label.tier).pointee)
        json.put(#","text":""#)
        if let copy {
            json.putCopy(from: copy.start, count: copy.length)
        } else {
            let start = json.count
            let checked = strings.isCheckedClean(label.text)
            strings.withUTF8(of: label.text) { writeSegment(label, text: $0, checked: checked, into: &json) }
            memo?.pointee = LabelSegment(label, start: start, end: json.count)
        }
        json.put(#","word":"#)
        // In English order the dash under an English word aligned to nothing is a source-tier label of no word.
        // (`label.word`, read here as its offset: `WordOffset` and `Tier.isBlockTier` were calls across modules.)
        let blockTier = label.tier != .verse && label.tier != .translation
        json.putNumber(english && label.marksNoWord || !blockTier ? nil : Int(label.offset))
        json.put(#","x":"#)
        json.putNumber(hundredthsOf: label.x, memo: &numbers.x.pointee)
        json.put(#","y":"#)
        json.putNumber(hundredthsOf: label.y, memo: &numbers.y(label.tier).pointee)
        json.put("}")
        json.endValue(room)
    }

    /// A label's text, tier and width: `…","tier":"…","width":…` (the text escaped, without its opening quote).
    @inline(__always)
    private static func writeSegment(
        _ label: Label, text: UnsafeBufferPointer<UInt8>, checked: Bool, into json: inout JSONWriter
    ) {
        json.putTextContent(utf8: text, checked: checked)
        switch label.tier {
        case .verse: json.put(#"","tier":"verse","width":"#)
        case .source: json.put(#"","tier":"source","width":"#)
        case .transliteration: json.put(#"","tier":"transliteration","width":"#)
        case .strongs: json.put(#"","tier":"strongs","width":"#)
        case .morphology: json.put(#"","tier":"morphology","width":"#)
        case .gloss: json.put(#"","tier":"gloss","width":"#)
        case .lemma: json.put(#"","tier":"lemma","width":"#)
        case .translation: json.put(#"","tier":"translation","width":"#)
        }
        json.putNumber(hundredthsOf: label.width)
    }

    /// Where each string's label segment (`writeSegment`) was last written in the document, by text id: a
    /// chapter's labels repeat their strings (John 1: 5,087 labels of 1,829 strings), and a segment's bytes depend
    /// only on the string, the tier and the width's bits, so a copy of them is what writing would give. Two slots a
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

        /// The slot of a label's text in its tier; nil for an id outside the table (not remembered).
        @inline(__always)
        func memo(of label: Label) -> UnsafeMutablePointer<LabelSegment>? {
            guard Int(label.text) < count else { return nil }
            return slots + 2 * Int(label.text) + (label.tier == .translation ? 1 : 0)
        }
    }

    /// One remembered segment: its bytes in the document, and the tier and width they were written for.
    struct LabelSegment {
        var start = 0
        var length: UInt32 = 0
        var widthBits: UInt32 = 0
        var tier: UInt8 = 0

        init() {}

        init(_ label: Label, start: Int, end: Int) {
            self.start = start
            // Not remembered when implausibly long (the copy takes what writing took: any length would do).
            length = UInt32(truncatingIfNeeded: end - start <= Int(UInt32.max) ? end - start : 0)
            widthBits = label.width.bitPattern
            tier = label.tier.rawValue
        }

        @inline(__always)
        func matches(_ label: Label) -> Bool {
            length != 0 && widthBits == label.width.bitPattern && tier == label.tier.rawValue
        }
    }

    /// The coordinates labels repeat, as last written (`WrittenNumber`): x for the labels of a word's column, height
    /// and y by tier (a tier's labels share their height, and their y along a line). Most of John 1's JSON stage
    /// was its 20,000 numbers (benchmark `typeset-warm`). In place, one allocation a document: slot 0 is x, 1 + a
    /// tier's raw value its height, 1 + `tiers` + the raw value its y.
    /// The caller deallocates it (`deallocate()`).
    struct LabelNumbers {
        let tiers = Tier.allCases.count
        let slots: UnsafeMutablePointer<WrittenNumber>

        init() {
            slots = .allocate(capacity: 1 + 2 * tiers)
            slots.initialize(repeating: WrittenNumber(), count: 1 + 2 * tiers)
        }

        func deallocate() { slots.deallocate() }

        var x: UnsafeMutablePointer<WrittenNumber> { slots }
        /// The slot of `tier`'s height (its raw value is below `tiers`: an enum's cases are numbered from 0).
        func height(_ tier: Tier) -> UnsafeMutablePointer<WrittenNumber> { slots + 1 + Int(tier.rawValue) }
        func y(_ tier: Tier) -> UnsafeMutablePointer<WrittenNumber> { slots + 1 + tiers + Int(tier.rawValue) }
    }

    /// A verse's translation: its tokens joined by spaces, as one string, after one reservation.
    private static func writeTranslation<Tokens: Collection<TextID>>(
        _ tokens: Tokens, strings: StringTable,
        into json: inout JSONWriter
    ) {
        var bound = 2
        for token in tokens { bound += 6 * strings.utf8Count(of: token) + 1 }
        let room = json.beginValue(reserving: bound)
        json.put("\"")
        var first = true
        for token in tokens {
            if !first { json.put(" ") }
            first = false
            let checked = strings.isCheckedClean(token)
            strings.withUTF8(of: token) { json.putTextContent(utf8: $0, checked: checked) }
        }
        json.put("\"")
        json.endValue(room)
    }
}
