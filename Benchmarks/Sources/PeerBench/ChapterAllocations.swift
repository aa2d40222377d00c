import Foundation
import InterlinearCorpus
import InterlinearSession
import InterlinearTypesetting

/// Heap allocations of one cold and one warm layout of a chapter, and the heap bytes a layout keeps (nil without
/// the malloc-interposer preloaded): what `scripts/bench-peers` reports beside `interlinear bench`'s timings.
struct ChapterAllocations {
    let labels: Int
    let counter: String
    let cold: Int?
    let warm: Int?
    let liveBytes: Int?

    init(_ chapter: Chapter, session: Interlinear) {
        let probe = HeapProbe()
        var warmOptions = session.options
        warmOptions.width += 37
        // A few cold and warm rounds first, as a reader's session has had: scratch arrays and worker threads exist.
        for _ in 0..<3 {
            session.cache.reset()
            _ = session.layout(chapter)
            _ = session.layout(chapter, options: warmOptions)
        }
        labels = session.layout(chapter).labels.count
        session.cache.reset()
        cold = probe.allocations { session.layout(chapter).labels.count }.count
        warm = probe.allocations { session.layout(chapter, options: warmOptions).labels.count }.count
        // The layout is still held while the probe reads its counters: what it keeps is counted as live.
        liveBytes = probe.allocations { session.layout(chapter, options: warmOptions) }.netBytes
        counter = probe.counter
    }

    /// Its part of the `interlinear.peer-bench/1` document.
    var fields: [String: Any] {
        func perLabel(_ value: Int?) -> Any { value.map { labels > 0 ? Double($0) / Double(labels) : 0 } ?? NSNull() }
        return [
            "labels": labels, "allocationCounter": counter,
            "coldAllocations": cold ?? NSNull(), "warmAllocations": warm ?? NSNull(),
            "coldAllocationsPerLabel": perLabel(cold), "allocationsPerLabel": perLabel(warm),
            "liveHeapBytesPerLabel": perLabel(liveBytes),
        ]
    }
}
