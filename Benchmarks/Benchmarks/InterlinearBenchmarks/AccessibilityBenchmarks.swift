import Benchmark
import InterlinearAccessibility
import InterlinearCorpus
import InterlinearSession
import InterlinearTable
import InterlinearTypesetting

/// A chapter's accessibility tree on a phone-sized viewport, and 1,000 scroll offsets spread over its height.
final class AccessibilityWorkload: @unchecked Sendable {
    let name: String
    let tree: AccessibilityTree
    let offsets: [Float]
    /// Touch points (screen coordinates) paired with the offset they are tested at.
    let touches: [(scroll: Float, x: Float, y: Float)]

    init(_ reference: ChapterReference, work: Workload) {
        name = reference.description
        let chapter = (try? work.session.chapter(reference)) ?? work.johnChapter
        tree = work.session.accessibilityTree(for: chapter)
        let viewport = tree.viewport
        let maxScroll = max(0, tree.table.contentHeight - viewport.height)
        offsets = (0..<1_000).map { Float($0) * maxScroll / 999 }
        // A fixed pseudo-random walk (LCG), so every run tests the same points.
        var seed: UInt32 = 12_345
        func next() -> Float {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(seed >> 8) / Float(1 << 24)
        }
        touches = (0..<1_000).map { _ in (next() * maxScroll, next() * viewport.width, next() * viewport.height) }
    }

    /// Scrolls through every offset and asks for the screen frame of every visible element (the reader on).
    /// Returns the number of frames computed.
    func framesWhileScrolling() -> Int {
        var frames = 0
        var sum: Float = 0
        for offset in offsets {
            tree.scroll(to: offset)
            for cell in tree.visibleCells {
                guard let container = tree.container(at: cell) else { continue }
                for element in container.elements {
                    sum += tree.screenFrame(of: element.frame, cell: cell).bounds.y
                    frames += 1
                }
            }
        }
        blackHole(sum)
        return frames
    }

    /// The same scroll with the reader off: what scrolling costs the accessibility layer then.
    func scrollWithReaderOff() {
        var cells = 0
        for offset in offsets {
            tree.scroll(to: offset)
            cells += tree.visibleCells.count
        }
        blackHole(cells)
    }

    /// The whole chapter by swipes: next to the end, then previous back to the start. Returns the moves made.
    func walk() -> Int {
        guard var id = tree.firstElement() else { return 0 }
        var moves = 0
        while let next = tree.next(after: id) { id = next; moves += 1 }
        while let previous = tree.previous(before: id) { id = previous; moves += 1 }
        return moves
    }
}

/// Accessibility: reader off costs nothing while scrolling; reader on costs per visible element, not per label.
func accessibilityBenchmarks(_ work: Workload) {
    let john = AccessibilityWorkload(work.john, work: work)
    let romans = AccessibilityWorkload(ChapterReference(book: Book.newTestament[5], chapter: 8), work: work)

    for chapter in [john, romans] {
        // The frame count, for ns per frame: run once with the reader on, then off again.
        chapter.tree.screenReaderEnabled = true
        let frames = chapter.framesWhileScrolling()
        chapter.tree.screenReaderEnabled = false
        Benchmark("A11y \(chapter.name): scroll 1,000 offsets, reader off") { benchmark in
            chapter.tree.screenReaderEnabled = false
            benchmark.startMeasurement()
            chapter.scrollWithReaderOff()
            benchmark.stopMeasurement()
        }
        Benchmark("A11y \(chapter.name): \(frames) frames of visible elements at 1,000 offsets, reader on") {
            benchmark in
            chapter.tree.screenReaderEnabled = true
            _ = chapter.framesWhileScrolling()  // containers built once; the measured pass only queries
            benchmark.startMeasurement()
            blackHole(chapter.framesWhileScrolling())
            benchmark.stopMeasurement()
        }
    }

    // One frame query, reader on, containers built: time per query directly (1,000 queries per sample).
    Benchmark(
        "A11y John 1: one frame query (reader on)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo)
    ) { benchmark in
        let tree = john.tree
        tree.screenReaderEnabled = true
        tree.scroll(to: john.offsets[500])
        let cells = tree.visibleCells
        let containers = cells.compactMap { tree.container(at: $0) }
        var sum: Float = 0
        benchmark.startMeasurement()
        var i = 0
        for _ in benchmark.scaledIterations {
            let container = containers[i % containers.count]
            let element = container.elements[i % container.elements.count]
            sum += tree.screenFrame(of: element.frame, cell: container.cell).bounds.y
            i &+= 7
        }
        benchmark.stopMeasurement()
        blackHole(sum)
    }

    Benchmark("A11y John 1: reader turned on late (first full visible tree)") { benchmark in
        let tree = john.tree
        tree.screenReaderEnabled = false
        tree.scroll(to: john.offsets[500])
        benchmark.startMeasurement()
        tree.screenReaderEnabled = true
        var frames = 0
        for cell in tree.visibleCells {
            guard let container = tree.container(at: cell) else { continue }
            for element in container.elements {
                blackHole(tree.screenFrame(of: element.frame, cell: cell))
                frames += 1
            }
        }
        benchmark.stopMeasurement()
        blackHole(frames)
    }

    Benchmark("A11y John 1: 1,000 hit tests (reader on)") { benchmark in
        let tree = john.tree
        tree.screenReaderEnabled = true
        for touch in john.touches { tree.scroll(to: touch.scroll); _ = tree.hitTest(x: touch.x, y: touch.y) }
        benchmark.startMeasurement()
        for touch in john.touches {
            tree.scroll(to: touch.scroll)
            blackHole(tree.hitTest(x: touch.x, y: touch.y))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("A11y John 1: next to the end and previous back (every element twice)") { benchmark in
        let tree = john.tree
        tree.screenReaderEnabled = true
        _ = john.walk()
        benchmark.startMeasurement()
        blackHole(john.walk())
        benchmark.stopMeasurement()
    }
}
