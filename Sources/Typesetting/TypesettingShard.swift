import Dispatch
import InterlinearCorpus
import InterlinearShaping

/// One thread's share of a many-chapter job (the whole New Testament): chapters interned into the shard's own
/// string table and typeset through its own shape cache and font chain. Shards share nothing, so typesetting them
/// in parallel needs no lock; the price is that a string common to two shards is shaped once in each.
public final class TypesettingShard: @unchecked Sendable {
    public let chapters: [Chapter]
    public let typesetter: Typesetter
    /// Labels produced by the last `layoutAll`.
    public private(set) var labelCount = 0

    /// `chapters` must all use `typesetter.cache.strings`. The shard is the unit of parallelism, so its typesetter
    /// shapes on one thread (no parallel prefetch inside a shard).
    public init(chapters: [Chapter], typesetter: Typesetter) {
        typesetter.shapingThreads = 1
        self.chapters = chapters
        self.typesetter = typesetter
    }

    /// Loads `references` into a string table of the shard's own, with its own font chain and shape cache.
    public convenience init(loading references: [ChapterReference], from library: any ChapterSource, font: String) throws {
        let strings = StringTable()
        let chapters = try references.map { try library.load($0, strings: strings) }
        self.init(chapters: chapters, typesetter: Typesetter(cache: ShapeCache(chain: try FontChain(family: font),
                                                                               strings: strings)))
    }

    /// `count` shards of contiguous chapters (books stay together, with their shared vocabulary) of about equal
    /// work, judged from `chapters` (the same chapters already loaded elsewhere), each loaded afresh on its own.
    public static func split(_ chapters: [Chapter], into count: Int, from library: any ChapterSource,
                             font: String) throws -> [TypesettingShard] {
        let count = max(count, 1)
        let weights = chapters.map { $0.words.count * 5 + $0.translationTokens.count }
        let total = weights.reduce(0, +)
        var bounds = [0]
        var running = 0
        for (index, weight) in weights.enumerated() {
            running += weight
            if bounds.count < count, running * count >= total * bounds.count { bounds.append(index + 1) }
        }
        while bounds.count <= count { bounds.append(chapters.count) }
        return try (0..<count).map { i in
            try TypesettingShard(loading: chapters[bounds[i]..<bounds[i + 1]].map(\.reference), from: library, font: font)
        }
    }

    /// Typesets every chapter, from an empty shape cache when `cold`; keeps only the label count.
    @discardableResult
    public func layoutAll(options: LayoutOptions, cold: Bool) -> Int {
        if cold { typesetter.cache.reset() }
        var total = 0
        for chapter in chapters { total += typesetter.layout(chapter, options: options).labels.count }
        labelCount = total
        return total
    }

    /// Typesets every shard, one thread per shard; returns the total number of labels.
    public static func layoutConcurrently(_ shards: [TypesettingShard], options: LayoutOptions, cold: Bool) -> Int {
        DispatchQueue.concurrentPerform(iterations: shards.count) { index in
            shards[index].layoutAll(options: options, cold: cold)
        }
        return shards.reduce(0) { $0 + $1.labelCount }
    }
}
