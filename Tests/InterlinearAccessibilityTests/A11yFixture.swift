import InterlinearAccessibility
import InterlinearCorpus
import InterlinearShaping
import InterlinearTable
import InterlinearTestSupport
import InterlinearTypesetting
import Testing

/// The committed chapters, laid out for accessibility tests.
enum A11yFixture {
    static let references = ["John 1", "Matthew 1", "Romans 8", "Revelation 22"]

    /// A fresh tree over a freshly typeset chapter (each test owns its tree: trees are stateful).
    static func tree(
        _ reference: String = "John 1", width: Float = 390, viewport: Viewport? = nil,
        granularity: Granularity = .word, notes: Set<Int> = [], on: Bool = true
    ) throws -> AccessibilityTree {
        let session = try makeSession(options: LayoutOptions(width: width))
        let chapter = try session.chapter(#require(ChapterReference(parsing: reference)))
        return session.accessibilityTree(
            for: chapter, viewport: viewport, granularity: granularity,
            notedVerses: notes, screenReaderEnabled: on)
    }

    /// Every element of the chapter in container order (builds every container).
    static func allElements(_ tree: AccessibilityTree) -> [ElementID] {
        tree.layout.cells.indices.flatMap { cell in
            (tree.container(at: cell)?.elements ?? []).map { ElementID(cell: cell, kind: $0.kind) }
        }
    }
}
