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

    /// `chapters` must all use `typesetter.cache.strings`.
    public init(chapters: [Chapter], typesetter: Typesetter) {
        self.chapters = chapters
        self.typesetter = typesetter
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
