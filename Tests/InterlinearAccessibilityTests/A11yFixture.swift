import InterlinearAccessibility
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTypesetting
import Testing
import InterlinearTestSupport

/// The committed chapters, laid out for accessibility tests.
enum A11yFixture {
    static let references = ["John 1", "Matthew 1", "Romans 8", "Revelation 22"]

    /// A fresh tree over a freshly typeset chapter (each test owns its tree: trees are stateful).
    static func tree(_ reference: String = "John 1", width: Float = 390, viewport: Viewport? = nil,
                     granularity: Granularity = .word, notes: Set<Int> = [], on: Bool = true) throws -> AccessibilityTree {
        let strings = StringTable()
        let ref = try #require(ChapterReference(parsing: reference))
        let chapter = try CorpusLibrary(corpusDirectory: corpusDirectory).load(ref, strings: strings)
        let layout = Typesetter(cache: ShapeCache(chain: (try sharedFontChain()), strings: strings))
            .layout(chapter, options: LayoutOptions(width: width))
        return AccessibilityTree(chapter: chapter, layout: layout,
                                 viewport: viewport ?? Viewport(width: width, height: 844),
                                 granularity: granularity, notedVerses: notes, screenReaderEnabled: on)
    }

    /// Every element of the chapter in container order (builds every container).
    static func allElements(_ tree: AccessibilityTree) -> [ElementID] {
        (0..<tree.cellCount).flatMap { cell in
            (tree.container(at: cell)?.elements ?? []).map { ElementID(cell: cell, kind: $0.kind) }
        }
    }
}
