import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTestSupport
import Synchronization
import Testing

@testable import InterlinearTypesetting

/// John 1 loaded in a session of its own (the session's typesetter shares its string table).
struct JohnOne {
    let session: Interlinear
    let chapter: Chapter
    var typesetter: Typesetter { session.typesetter }

    init() throws {
        session = try makeSession()
        chapter = try session.chapter(#require(ChapterReference(parsing: "John 1")))
    }
}

@Suite struct TypesetterTests {
    @Test(arguments: [320, 390, 768, 1024] as [Float])
    func johnOneFitsAndNeverOverlaps(width: Float) throws {
        let john = try JohnOne()
        let layout = john.typesetter.layout(john.chapter, options: LayoutOptions(width: width))
        #expect(layout.cells.count == 51)
        #expect(layout.labels.count >= 4000)
        #expect(layout.missingGlyphs == 0)
        for (index, cell) in zip(layout.cells.indices, layout.cells) {
            let labels = Array(layout.labels(in: index))
            for label in labels {
                #expect(label.x >= 0 && label.maxX <= width, "verse \(index + 1): \(label) outside width \(width)")
                #expect(label.y >= 0 && label.maxY <= cell.height, "verse \(index + 1): \(label) below the cell")
            }
            for i in labels.indices {
                for j in labels.indices where j > i {
                    #expect(!labels[i].overlaps(labels[j]), "verse \(index + 1): \(labels[i]) overlaps \(labels[j])")
                }
            }
        }
    }

    @Test func sourceTierReadsAsTheCorpus() throws {
        let john = try JohnOne()
        let layout = john.typesetter.layout(john.chapter, options: LayoutOptions(width: 390))
        for (index, verse) in zip(john.chapter.verses.indices, john.chapter.verses) {
            let source = layout.labels(in: index).filter { $0.tier == .source }
            // The source tier shows each word as printed, its punctuation with it.
            #expect(source.map(\.text) == john.chapter.words[verse.words].map(\.printed))
            #expect(source.map { $0.word.map(Int.init) } == Array(0..<verse.words.count))
            let translation = layout.labels(in: index).filter { $0.tier == .translation }
            #expect(
                translation.map { $0.token.map(Int.init) } == Array(0..<verse.translation.count),
                "translation labels carry their token offset")
            let first = try #require(layout.labels(in: index).first)
            #expect(first.tier == .verse && first.text == verse.numberText, "the verse number comes first")
        }
    }

    @Test func cellsStackAndTheChapterKnowsItsHeight() throws {
        let john = try JohnOne()
        let layout = john.typesetter.layout(john.chapter, options: LayoutOptions(width: 390))
        var y: Float = 0
        for cell in layout.cells {
            #expect(cell.y == y)
            y += cell.height
        }
        #expect(layout.height == y)
        #expect(layout.cells.map(\.labels.lowerBound).dropFirst() == layout.cells.map(\.labels.upperBound).dropLast())
    }

    /// A block moves to the next row only when it would cross the column's right edge (gbible broke early).
    @Test(arguments: [320, 390, 768] as [Float])
    func wrapsOnlyWhenNeeded(width: Float) throws {
        let john = try JohnOne()
        let options = LayoutOptions(width: width)
        let layout = john.typesetter.layout(john.chapter, options: options)
        let metrics = Typesetter.Metrics(
            options: options, lineEm: (try sharedFontChain()).primary.lineSpacing, spaceEm: 0,
            widestNumberEm: 0)
        let right = metrics.left + metrics.columnWidth
        for index in layout.cells.indices {
            // Blocks as (x, y of the source row, width), in order.
            var blocks: [(x: Float, y: Float, right: Float)] = []
            for label in layout.labels(in: index) where label.tier != .translation {
                if let last = blocks.last, last.x == label.x, label.tier != .verse {
                    blocks[blocks.count - 1].right = max(last.right, label.maxX)
                } else {
                    blocks.append((label.x, label.y, label.maxX))
                }
            }
            for (a, b) in zip(blocks, blocks.dropFirst()) where b.y > a.y {
                let width = b.right - b.x
                #expect(a.right + metrics.gap + width > right, "verse \(index + 1): a block broke early")
            }
        }
    }

    @Test func translationSitsBesideWhenWideAndBelowWhenNarrow() throws {
        let john = try JohnOne()
        let wide = john.typesetter.layout(john.chapter, options: LayoutOptions(width: 1024))
        let narrow = john.typesetter.layout(john.chapter, options: LayoutOptions(width: 390))
        let wideSource = wide.labels(in: 0).filter { $0.tier == .source }
        let wideTranslation = wide.labels(in: 0).filter { $0.tier == .translation }
        #expect(wideTranslation.allSatisfy { t in wideSource.allSatisfy { $0.maxX <= t.x } })
        let narrowBottom = narrow.labels(in: 0).filter { $0.tier == .gloss }.map(\.maxY).max() ?? 0
        #expect(narrow.labels(in: 0).filter { $0.tier == .translation }.allSatisfy { $0.y >= narrowBottom })
        let tokens = john.chapter.verses[0].translation.count
        #expect(wideTranslation.count == tokens)
    }

    @Test func tiersSwitchAndCollapse() throws {
        let john = try JohnOne()
        let options = LayoutOptions(width: 390, tiers: TierSet([.source, .gloss]))
        let layout = john.typesetter.layout(john.chapter, options: options)
        let tiers = Set(layout.labels.map(\.tier))
        #expect(tiers == [.verse, .source, .gloss])
        // Hidden tiers collapse: the gloss sits right under the source.
        let first = layout.labels(in: 0).filter { $0.word == 0 }
        let source = try #require(first.first { $0.tier == .source })
        let gloss = try #require(first.first { $0.tier == .gloss })
        #expect(abs(gloss.y - source.maxY) < 0.01)
    }

    @Test func reLayoutShapesNothingNew() throws {
        let john = try JohnOne()
        let a = john.typesetter.layout(john.chapter, options: LayoutOptions(width: 390))
        let shaped = john.typesetter.cache.shapedCount
        let b = john.typesetter.layout(john.chapter, options: LayoutOptions(width: 1024, fontSize: 24))
        #expect(john.typesetter.cache.shapedCount == shaped)
        #expect(shaped < a.labels.count / 2, "far fewer distinct strings than labels")
        #expect(b.labels.count == a.labels.count)
    }

    @Test func labelsAreSmallValues() {
        #expect(MemoryLayout<Label>.stride <= 32)
        #expect(_isPOD(Label.self))
    }

    @Test func oversizedLabelsShrinkToTheColumn() throws {
        let session = try makeSession()
        let text =
            "v\t1\tx\nw\t1\tλόγος\tlogos\tλόγος\tG3056\tN-NSM\t"
            + String(repeating: "a very long gloss indeed ", count: 6) + "\t0\n"
        let chapter = try session.chapter(
            fileText: ChapterFile.formatLine + "\n@\t43\t1\n" + text + "$\t1\t1\n", path: "t")
        let layout = session.layout(chapter, options: LayoutOptions(width: 200))
        #expect(layout.labels.allSatisfy { $0.x >= 0 && $0.maxX <= 200 })
    }
}

/// The parallel cold path (`Typesetter.shapingThreads` > 1) changes when strings are shaped, never the layout.
@Suite struct TypesetterPrefetchTests {
    @Test(arguments: [390, 1024] as [Float])
    func layoutWithPrefetchEqualsLayoutWithout(width: Float) throws {
        let serial = try JohnOne(), parallel = try JohnOne()
        serial.typesetter.shapingThreads = 1
        parallel.typesetter.shapingThreads = 2
        let options = LayoutOptions(width: width)
        let a = serial.typesetter.layout(serial.chapter, options: options)
        let b = parallel.typesetter.layout(parallel.chapter, options: options)
        #expect(parallel.typesetter.cache.runs.count > ShapeCache.parallelMinimum, "John 1 takes the parallel path")
        #expect(a.labels.count == b.labels.count)
        #expect(a.labels.elementsEqual(b.labels))
        #expect(a.cells == b.cells)
        #expect(a.missingGlyphs == b.missingGlyphs)
        // Cold again after a reset, and warm at another width: still identical.
        parallel.typesetter.cache.reset()
        #expect(parallel.typesetter.layout(parallel.chapter, options: options).labels.elementsEqual(a.labels))
        var other = options
        other.width += 37
        let warmA = serial.typesetter.layout(serial.chapter, options: other)
        let warmB = parallel.typesetter.layout(parallel.chapter, options: other)
        #expect(warmA.labels.elementsEqual(warmB.labels))
    }

    @Test func defaultThreadsFollowTheProcessorsCappedAtFour() {
        #expect((1...4).contains(Typesetter.defaultShapingThreads))
        #expect((1...Typesetter.defaultShapingThreads).contains(Typesetter.threadsForIdleProcessors()))
    }

    /// With every processor kept busy (a spinning thread per processor, all runnable), a cold layout starts no
    /// worker: it would wait for a core.
    @Test func noWorkerBesideBusyProcessors() {
        final class Spinners: Sendable {
            let stop = Atomic<Bool>(false), started = Atomic<Int>(0)
        }
        let spinners = Spinners()
        let processors = ProcessInfo.processInfo.activeProcessorCount
        for _ in 0..<processors {
            Thread.detachNewThread {
                spinners.started.add(1, ordering: .relaxed)
                while !spinners.stop.load(ordering: .relaxed) {}
            }
        }
        while spinners.started.load(ordering: .relaxed) < processors { usleep(1000) }
        let threads = Typesetter.threadsForIdleProcessors()
        spinners.stop.store(true, ordering: .relaxed)
        #expect(threads == 1)
    }
}
