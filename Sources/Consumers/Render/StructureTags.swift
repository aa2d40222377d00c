import InterlinearCorpus
import CCairo
import InterlinearTypesetting

/// The structure tags of one cell's labels, opened and closed around each label as it is drawn (see
/// `ChapterPainter.structureTags`): `Lbl` for the verse number, `Ruby` > `RB` (the Greek) + `RT` (the other tiers of
/// the block, a `Span` each) per word, `Span` for the translation. Does nothing without a context.
///
/// A `Span` per tier label: each label is drawn as one ActualText span (`ChapterPainter.showSpan`), and poppler's
/// structure reader (`pdfinfo -struct-text`, MarkedContentOutputDev) ends an element's content at the first
/// marked-content end inside it, so an `RT` holding all the tiers' spans would read as its first tier only.
struct StructureTags {
    let cr: OpaquePointer?
    /// The word whose `Ruby` is open.
    private var word: WordOffset?
    private var annotationOpen = false
    private var translationOpen = false

    init(cr: OpaquePointer?) { self.cr = cr }

    /// Opens what `label` belongs in.
    mutating func enter(_ label: Label) {
        guard let cr else { return }
        switch label.tier {
        case .verse:
            closeWord()
            closeTranslation()
            cairo_tag_begin(cr, "Lbl", "")
        case .translation:
            closeWord()
            if !translationOpen {
                cairo_tag_begin(cr, "Span", "")
                translationOpen = true
            }
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
            } else {
                if !annotationOpen {
                    cairo_tag_begin(cr, "RT", "")
                    annotationOpen = true
                }
                cairo_tag_begin(cr, "Span", "")
            }
        }
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
