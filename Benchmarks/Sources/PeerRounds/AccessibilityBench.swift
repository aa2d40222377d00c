import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearTable

/// The chapter's accessibility tree on a phone-sized viewport (the session's width by 844 pt), scrolled through
/// 1,000 offsets spread over its height: with the reader off (what scrolling costs the layer then) and with the
/// reader on, asking for the screen frame of every visible element (containers built before, as after the first
/// pass of a reader). The same work as the package-benchmark suite's "A11y" benchmarks.
final class AccessibilityBench {
    let tree: AccessibilityTree
    let offsets: [Float]
    /// Frames one reader-on pass computes.
    private(set) var frames = 0
    private(set) var sink: Float = 0

    init(session: Interlinear, chapter: Chapter) {
        tree = session.accessibilityTree(for: chapter)
        let maxScroll = max(0, tree.table.contentHeight - tree.viewport.height)
        offsets = (0..<1_000).map { Float($0) * maxScroll / 999 }
        tree.screenReaderEnabled = true
        frames = framesWhileScrolling()
        tree.screenReaderEnabled = false
    }

    private func framesWhileScrolling() -> Int {
        var frames = 0
        for offset in offsets {
            tree.scroll(to: offset)
            for cell in tree.visibleCells {
                guard let container = tree.container(at: cell) else { continue }
                for element in container.elements {
                    sink += tree.screenFrame(of: element.frame, cell: cell).bounds.y
                    frames += 1
                }
            }
        }
        return frames
    }

    var phases: [Phase] {
        [
            Phase(
                "reader off: 1,000 scrolls", prepare: { [self] in tree.screenReaderEnabled = false },
                run: { [self] in
                    var cells = 0
                    for offset in offsets {
                        tree.scroll(to: offset)
                        cells += tree.visibleCells.count
                    }
                    sink += Float(cells)
                }),
            Phase(
                "reader on: frames at 1,000 offsets",
                prepare: { [self] in
                    tree.screenReaderEnabled = true
                    _ = framesWhileScrolling()  // every container built: the measured pass only queries
                }, run: { [self] in _ = framesWhileScrolling() }),
        ]
    }
}
