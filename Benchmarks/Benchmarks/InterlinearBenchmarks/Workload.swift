import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearStore
import InterlinearTypesetting
import TypesettingShards

/// What every benchmark works on, loaded once: the committed chapters in one session, and the label strings those
/// chapters produce (the input of the label-creation benchmarks).
final class Workload: @unchecked Sendable {
    static let shared = Workload()

    /// The committed chapter files of the checkout the benchmarks belong to (found from this file's path).
    let library = CorpusLibrary(
        corpusDirectory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus"))
    let john = ChapterReference(book: Book.newTestament[3], chapter: 1)
    let session: Interlinear
    let chapters: [Chapter]
    let johnChapter: Chapter
    let options = LayoutOptions(width: 390, fontSize: 17)
    let warmOptions = LayoutOptions(width: 427, fontSize: 17)
    /// Label strings in typeset order, repeated up to 10,000: (text, tier, point size).
    let stream: [(text: TextID, tier: Tier, size: Float32)]
    let lineHeight: Float32
    let heavyFont: HeavyFont

    var cache: ShapeCache { session.cache }

    private init() {
        do {
            session = try Interlinear(library: library, font: "Gentium Plus", options: options)
            // The committed New Testament chapters only (the first root), whether or not the whole NT was imported.
            chapters = try session.chapters(
                CorpusLibrary(roots: [library.roots[0]]).availableChapters()
                    .filter { $0.book.testament == .new })
            johnChapter = try session.chapter(john)
        } catch {
            fatalError("benchmarks need the committed corpus (Corpus/chapters) and fonts-sil-gentiumplus: \(error)")
        }
        heavyFont = HeavyFont(session.fonts.primary.descriptor)
        lineHeight = session.fonts.primary.lineSpacing
        var stream: [(text: TextID, tier: Tier, size: Float32)] = []
        let session = session, options = options
        let layouts = chapters.map { session.layout($0) }
        while stream.count < 10_000 {
            for layout in layouts {
                for label in layout.labels { stream.append((label.text, label.tier, options.size(of: label.tier))) }
            }
        }
        self.stream = stream
    }

    /// A fresh session sharing the loaded fonts (for load benchmarks: a first load interns every string).
    func freshSession() -> Interlinear { Interlinear(library: library, fonts: session.fonts, options: options) }

    /// Our labels: `count` labels appended to one contiguous array, shaping through an emptied shape cache (so each
    /// distinct string is shaped once, as when a chapter is first typeset).
    func createLabels(_ count: Int) -> ContiguousArray<Label> {
        cache.reset()
        var labels = ContiguousArray<Label>()
        labels.reserveCapacity(count)
        var x: Float32 = 0
        for item in stream[0..<count] {
            let width = cache.run(item.text).advance * item.size
            labels.append(
                Label(
                    x: x, y: 0, width: width, height: lineHeight * item.size, text: item.text, offset: 0,
                    tier: item.tier))
            x += width
        }
        return labels
    }

    /// The baseline: `count` objects, each shaping its own text when created.
    func createHeavyLabels(_ count: Int) -> [HeavyLabel] {
        var labels: [HeavyLabel] = []
        labels.reserveCapacity(count)
        for item in stream[0..<count] {
            labels.append(
                HeavyLabel(
                    text: session.strings[item.text], pointSize: item.size,
                    lineHeight: lineHeight * item.size, font: heavyFont))
        }
        return labels
    }
}

/// Every chapter of the corpus once the whole New Testament is imported (nil otherwise): one shard for one
/// thread, and two shards for two.
final class NewTestamentWorkload: @unchecked Sendable {
    static let shared = NewTestamentWorkload()

    let available: Bool
    let single: TypesettingShard?
    let pair: [TypesettingShard]
    let options = LayoutOptions(width: 390, fontSize: 17)

    private init() {
        // The store `interlinear import` builds, with the committed chapters behind it.
        guard let library = try? ChapterLibrary.open() else {
            available = false
            single = nil
            pair = []
            return
        }
        let references = library.availableChapters().filter { $0.book.testament == .new }
        guard references.count >= 260,
            let single = try? TypesettingShard(loading: references, from: library, font: "Gentium Plus"),
            let pair = try? TypesettingShard.split(single.chapters, into: 2, from: library, font: "Gentium Plus")
        else {
            available = false
            single = nil
            pair = []
            return
        }
        self.single = single
        self.pair = pair
        available = true
    }
}
