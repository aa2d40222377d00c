import Dispatch
import InterlinearCorpus
import InterlinearSession
import InterlinearShaping
import InterlinearTypesetting

/// One thread's share of a many-chapter job (the whole New Testament): a session of its own — string table, shape
/// cache and font chain — holding contiguous chapters. Shards share nothing, so typesetting them in parallel needs
/// no lock; the price is that a string common to two shards is shaped once in each.
///
/// Unchecked `Sendable`: a session is not thread-safe, and a shard is used by one thread at a time
/// (`layoutConcurrently` gives each thread its own shard).
package final class TypesettingShard: @unchecked Sendable {
    package let session: Interlinear
    package let chapters: [Chapter]
    /// Labels produced by the last `layoutAll`.
    package private(set) var labelCount = 0

    /// Loads `references` into a session of the shard's own. The shard is the unit of parallelism, so it shapes on
    /// one thread (no parallel prefetch inside a shard).
    package init(loading references: [ChapterReference], from library: any ChapterSource, font: String) throws {
        session = try Interlinear(library: library, font: font)
        session.typesetter.shapingThreads = 1
        chapters = try session.chapters(references)
    }

    /// `count` shards of contiguous chapters (books stay together, with their shared vocabulary) of about equal
    /// work (`WorkSplit`, weighed from `chapters`, already loaded elsewhere), each loaded afresh in its own session.
    package static func split(
        _ chapters: [Chapter], into count: Int, from library: any ChapterSource,
        font: String
    ) throws -> [TypesettingShard] {
        let bounds = WorkSplit.bounds(
            weights: chapters.map { $0.words.count * 5 + $0.translationTokens.count },
            parts: count)
        return try zip(bounds, bounds.dropFirst()).map { start, end in
            try TypesettingShard(loading: chapters[start..<end].map(\.reference), from: library, font: font)
        }
    }

    /// Typesets every chapter, from an empty shape cache when `cold`; keeps only the label count.
    @discardableResult
    package func layoutAll(options: LayoutOptions, cold: Bool) -> Int {
        if cold { session.cache.reset() }
        var total = 0
        for chapter in chapters { total += session.layout(chapter, options: options).labels.count }
        labelCount = total
        return total
    }

    /// Typesets every shard, one thread per shard; returns the total number of labels.
    package static func layoutConcurrently(_ shards: [TypesettingShard], options: LayoutOptions, cold: Bool) -> Int {
        DispatchQueue.concurrentPerform(iterations: shards.count) { index in
            shards[index].layoutAll(options: options, cold: cold)
        }
        return shards.reduce(0) { $0 + $1.labelCount }
    }
}
