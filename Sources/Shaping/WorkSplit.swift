/// The one even split of work across threads: contiguous parts of about equal weight, so the threads finish
/// together. The shape cache's parallel prefetch splits strings by UTF-8 length with it, and the benchmarks split
/// the New Testament's chapters into shards with it.
package enum WorkSplit {
    /// Bounds of `parts` contiguous parts of `weights`: part `i` is `bounds[i]..<bounds[i + 1]`. Always
    /// `max(parts, 1) + 1` bounds, from 0 to `weights.count`; with fewer items than parts, the last parts are empty.
    package static func bounds(weights: [Int], parts: Int) -> [Int] {
        let parts = max(parts, 1)
        let total = weights.reduce(0, +)
        var bounds = [0]
        bounds.reserveCapacity(parts + 1)
        var running = 0
        for (index, weight) in weights.enumerated() {
            running += weight
            if bounds.count < parts, running * parts >= total * bounds.count { bounds.append(index + 1) }
        }
        while bounds.count <= parts { bounds.append(weights.count) }
        return bounds
    }
}
