import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTestSupport
import InterlinearTypesetting
import InterlinearView
import Testing

/// Chapter views over the committed corpus, without a window.
enum ViewFixture {
    static let library = CorpusLibrary(corpusDirectory: corpusDirectory)

    /// A fresh view (each test owns its view: views are stateful).
    /// `chapters` lists the corpus's chapters (default: what the committed corpus has).
    static func view(
        _ reference: String = "John 1", width: Float = 390, height: Float = 600, scrollY: Float = 0,
        screenReader: Bool = false, chapters: [String]? = nil
    ) throws -> ChapterView {
        let session = try makeSession(options: LayoutOptions(width: width))
        let ref = try #require(ChapterReference(parsing: reference))
        let listed = try chapters?.map { try #require(ChapterReference(parsing: $0)) }
        let catalog = listed.map { ChapterCatalog(session: session, chapters: $0) } ?? ChapterCatalog(session: session)
        let chapter = try catalog.load(ref)
        return ChapterView(
            chapter: chapter, layout: session.layout(chapter), catalog: catalog,
            windowHeight: height, scrollY: scrollY, screenReaderEnabled: screenReader)
    }

    /// Presses keys in order; returns the union of what they changed.
    @discardableResult
    static func press(_ view: ChapterView, _ keys: Key...) -> ViewChange {
        keys.reduce(into: ViewChange()) { $0.formUnion(view.handle($1)) }
    }

    /// Types text as character keys.
    @discardableResult
    static func type(_ view: ChapterView, _ text: String) -> ViewChange {
        text.reduce(into: ViewChange()) { $0.formUnion(view.handle(.character($1))) }
    }

    /// The focused element's node id ("John.1.3.w2"), or nil.
    static func focusID(_ view: ChapterView) -> String? { view.focus.map(view.tree.nodeID(of:)) }

    /// Every element of the chapter in container order, as the accessibility layer builds it (builds every cell).
    static func allElements(_ tree: AccessibilityTree) -> [ElementID] {
        tree.layout.cells.indices.flatMap { cell in
            (tree.container(at: cell)?.elements ?? []).map { ElementID(cell: cell, kind: $0.kind) }
        }
    }

    /// The verse at the top of the viewport.
    static func topVerse(_ view: ChapterView) -> Int? {
        view.visibleCells.first.map { view.tree.verseNumber(ofCell: VerseIndex($0)) }
    }
}
