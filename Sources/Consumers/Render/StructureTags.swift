import CCairo
import InterlinearCorpus
import InterlinearTypesetting

/// The structure tags of one cell's labels, opened and closed around each label as it is drawn (see
/// `ChapterPainter.structureTags`): `Lbl` for the verse number, `Ruby` > `RB` (the Greek) + `RT` (the other tiers of
/// the block, a `Span` each) per word, `Span` for the translation. Does nothing without a context.
///
/// A `Span` per tier label: each label is drawn as one ActualText span (`ChapterPainter.showSpan`), and poppler's
/// structure reader (`pdfinfo -struct-text`, MarkedContentOutputDev) ends an element's content at the first
/// marked-content end inside it, so an `RT` holding all the tiers' spans would read as its first tier only.
///
/// `begun` counts the `RB` and `Span` elements begun in the document, carried from cell to cell by the painter:
/// cairo 1.16 numbers a structure element's object when its tag begins (`add_tree_node`), so the n-th `RB` begun is
/// the n-th `RB` object, which is how `PDFLanguage` finds the element of a label (`Element`).
struct StructureTags {
    /// A structure element by its type and its place among the document's elements of that type.
    struct Element {
        var type: String
        var index: Int
    }

    let cr: OpaquePointer?
    private(set) var begun: (rb: Int, span: Int)
    /// The word whose `Ruby` is open.
    private var word: WordOffset?
    private var annotationOpen = false
    private var translationOpen = false

    init(cr: OpaquePointer?, begun: (rb: Int, span: Int)) {
        self.cr = cr
        self.begun = begun
    }

    /// Opens what `label` belongs in; returns the element that holds it alone: its `RB`, or its tier's `Span` (nil
    /// for the verse number, for a translation label, whose `Span` holds the verse's others too, and without a
    /// context).
    @discardableResult
    mutating func enter(_ label: Label) -> Element? {
        guard let cr else { return nil }
        switch label.tier {
        case .verse:
            closeWord()
            closeTranslation()
            cairo_tag_begin(cr, "Lbl", "")
            return nil
        case .translation:
            closeWord()
            if !translationOpen {
                beginSpan(cr)
                translationOpen = true
            }
            return nil
        default:
            closeTranslation()
            if word != label.word {
                closeWord()
                cairo_tag_begin(cr, "Ruby", "")
                word = label.word
            }
            if label.tier == .source {
                closeAnnotation()
                cairo_tag_begin(cr, "RB", "")
                begun.rb += 1
                return Element(type: "RB", index: begun.rb - 1)
            }
            if !annotationOpen {
                cairo_tag_begin(cr, "RT", "")
                annotationOpen = true
            }
            beginSpan(cr)
            return Element(type: "Span", index: begun.span - 1)
        }
    }

    private mutating func beginSpan(_ cr: OpaquePointer) {
        cairo_tag_begin(cr, "Span", "")
        begun.span += 1
    }

    /// Closes what only `label` was in.
    mutating func leave(_ label: Label) {
        guard let cr else { return }
        switch label.tier {
        case .verse: cairo_tag_end(cr, "Lbl")
        case .source: cairo_tag_end(cr, "RB")
        case .translation: break
        default: cairo_tag_end(cr, "Span")
        }
    }

    /// Closes everything still open.
    mutating func close() {
        closeWord()
        closeTranslation()
    }

    private mutating func closeAnnotation() {
        guard let cr, annotationOpen else { return }
        cairo_tag_end(cr, "RT")
        annotationOpen = false
    }

    private mutating func closeWord() {
        closeAnnotation()
        guard let cr, word != nil else { return }
        cairo_tag_end(cr, "Ruby")
        word = nil
    }

    private mutating func closeTranslation() {
        guard let cr, translationOpen else { return }
        cairo_tag_end(cr, "Span")
        translationOpen = false
    }
}
